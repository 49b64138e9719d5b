//! The Xiangqi board as server-side SVG: nine files by ten ranks of
//! points, the river, the palaces' diagonals, and the pieces as discs with
//! their Chinese characters (`xiangqi::Piece::chinese_char`), Red at the
//! bottom. An unreadable FEN draws the empty board and never fails.

use std::fmt::Write as _;

use xiangqi::{Color, Position, Square};

/// Distance between two points.
const STEP: u32 = 40;
/// Margin around the outermost lines.
const MARGIN: u32 = 30;

fn point(file: u8, rank: u8) -> (u32, u32) {
    (
        MARGIN + u32::from(file) * STEP,
        MARGIN + u32::from(9 - rank) * STEP,
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The board of a Xiangqi `fen` (the position only).
pub(crate) fn svg(fen: &str) -> String {
    let position = Position::from_fen(fen).ok();
    let (width, height) = (2 * MARGIN + 8 * STEP, 2 * MARGIN + 9 * STEP);
    let mut out = String::with_capacity(8192);
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" aria-label="{fen}" class="xiangqiboard" data-fen="{fen}"><rect width="{width}" height="{height}" fill="#eed9a8"/><g stroke="#5a4020" stroke-width="1.2">"##,
        fen = escape(fen),
    );
    let line = |out: &mut String, a: (u32, u32), b: (u32, u32)| {
        let _ = write!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            a.0, a.1, b.0, b.1
        );
    };
    for rank in 0..10u8 {
        line(&mut out, point(0, rank), point(8, rank));
    }
    for file in 0..9u8 {
        if file == 0 || file == 8 {
            line(&mut out, point(file, 0), point(file, 9));
        } else {
            // The river interrupts the inner files.
            line(&mut out, point(file, 0), point(file, 4));
            line(&mut out, point(file, 5), point(file, 9));
        }
    }
    for (low, high) in [(0u8, 2u8), (7, 9)] {
        line(&mut out, point(3, low), point(5, high));
        line(&mut out, point(5, low), point(3, high));
    }
    out.push_str("</g>");
    // The river's text, 楚河 on Red's left and 汉界 on its right, as printed
    // on every board (the same in either language).
    let river_y = (point(0, 4).1 + point(0, 5).1) / 2 + 9;
    for (text, file) in [("楚 河", 2u8), ("汉 界", 6)] {
        let _ = write!(
            out,
            r##"<text x="{}" y="{river_y}" font-size="24" text-anchor="middle" fill="#7a5a30" font-family="serif" class="river">{text}</text>"##,
            point(file, 4).0
        );
    }
    for file in 0..9u8 {
        for rank in 0..10u8 {
            let Some(piece) = Square::from_coords(file, rank)
                .and_then(|sq| position.as_ref().and_then(|p| p.piece_at(sq)))
            else {
                continue;
            };
            let (x, y) = point(file, rank);
            let ink = match piece.color {
                Color::Red => "#b02020",
                Color::Black => "#202020",
            };
            let _ = write!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="17" fill="#f6e7c1" stroke="{ink}" stroke-width="2"/><text x="{x}" y="{}" font-size="20" text-anchor="middle" fill="{ink}" font-family="serif">{}</text>"##,
                y + 7,
                piece.chinese_char()
            );
        }
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::svg;

    /// The opening position draws 32 pieces, Red's general 帅 among them;
    /// a FEN that is no position draws the empty board.
    #[test]
    fn the_opening_position_draws_every_piece_and_a_bad_fen_the_empty_board() {
        let board = svg(xiangqi::STARTING_FEN);
        assert_eq!(board.matches("<circle").count(), 32);
        assert!(board.contains('帅') && board.contains('将'));
        assert!(
            board.contains("楚 河") && board.contains("汉 界"),
            "the river's text"
        );
        let empty = svg("not a fen");
        assert_eq!(empty.matches("<circle").count(), 0);
        assert!(empty.starts_with("<svg"));
    }
}
