//! The chess board as SVG, drawn on the server so it shows without
//! JavaScript. The pieces are this project's own simple drawings (no
//! third-party artwork; MIT OR Apache-2.0 like the code, see
//! `docs/web.md`). Each piece is a `<use class="piece">` carrying its FEN
//! letter and square (`data-piece`, `data-square`), so tests and scripts
//! can read the position from the page.

use std::fmt::Write as _;

use rules::{Color, Position, Role, Square};

/// One square's side in SVG units.
const SQ: u32 = 45;

/// Piece drawings in a 45 × 45 box; fill and stroke come from the `<use>`.
const SYMBOLS: &str = concat!(
    r#"<symbol id="p-P" viewBox="0 0 45 45"><circle cx="22.5" cy="14" r="6"/>"#,
    r#"<path d="M17 35 L19.5 21 H25.5 L28 35 Z"/><rect x="12" y="34" width="21" height="5" rx="1.5"/></symbol>"#,
    r#"<symbol id="p-R" viewBox="0 0 45 45"><rect x="11" y="34" width="23" height="5" rx="1.5"/>"#,
    r#"<rect x="15" y="17" width="15" height="17"/>"#,
    r#"<path d="M12 8 h5 v4 h3.5 v-4 h4 v4 h3.5 v-4 h5 v10 H12 Z"/></symbol>"#,
    r#"<symbol id="p-N" viewBox="0 0 45 45">"#,
    r#"<path d="M13 39 H33 L32 30 C32 20 29 13 22 10 L20 5 L17.5 10.5 L11 17 L9 24 L13 27 L19 23 L14.5 32 Z"/>"#,
    r#"<circle cx="17" cy="15" r="1.3" fill="currentColor"/></symbol>"#,
    r#"<symbol id="p-B" viewBox="0 0 45 45"><rect x="12" y="34" width="21" height="5" rx="1.5"/>"#,
    r#"<path d="M16 34 C13 26 17 18 22.5 12 C28 18 32 26 29 34 Z"/><circle cx="22.5" cy="8.5" r="2.8"/>"#,
    r#"<path d="M22.5 19 V27 M18.5 23 H26.5" fill="none"/></symbol>"#,
    r#"<symbol id="p-Q" viewBox="0 0 45 45"><rect x="11" y="34" width="23" height="5" rx="1.5"/>"#,
    r#"<path d="M11.5 34 L10 15 L17 27 L22.5 11 L28 27 L35 15 L33.5 34 Z"/>"#,
    r#"<circle cx="10" cy="13" r="2.4"/><circle cx="22.5" cy="9" r="2.4"/><circle cx="35" cy="13" r="2.4"/></symbol>"#,
    r#"<symbol id="p-K" viewBox="0 0 45 45"><rect x="11" y="34" width="23" height="5" rx="1.5"/>"#,
    r#"<path d="M13 34 C10 25 16 19 22.5 22 C29 19 35 25 32 34 Z"/>"#,
    r#"<path d="M22.5 5 V19 M17.5 10 H27.5" fill="none" stroke-width="3"/></symbol>"#,
);

/// The board of `fen` (the position only; an unreadable FEN draws an
/// empty board and never fails). `coordinates` adds a–h and 1–8.
pub(crate) fn svg(fen: &str, coordinates: bool) -> String {
    let position = Position::from_fen(fen).ok();
    let side = SQ * 8;
    let mut out = String::with_capacity(8192);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img" aria-label="{fen}" class="chessboard" data-fen="{fen}"><defs>{SYMBOLS}</defs>"#,
        fen = escape(fen),
    );
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (x, y) = (u32::from(file) * SQ, u32::from(7 - rank) * SQ);
            let light = (file + rank) % 2 == 1;
            let fill = if light { "#eedfc2" } else { "#b58863" };
            let _ = write!(
                out,
                r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#
            );
            if coordinates && file == 0 {
                let ink = if light { "#b58863" } else { "#eedfc2" };
                let _ = write!(
                    out,
                    r#"<text x="{}" y="{}" font-size="9" fill="{ink}" font-family="sans-serif">{}</text>"#,
                    x + 2,
                    y + 10,
                    rank + 1
                );
            }
            if coordinates && rank == 0 {
                let ink = if light { "#b58863" } else { "#eedfc2" };
                let _ = write!(
                    out,
                    r#"<text x="{}" y="{}" font-size="9" fill="{ink}" font-family="sans-serif">{}</text>"#,
                    x + SQ - 8,
                    y + SQ - 3,
                    char::from(b'a' + file)
                );
            }
            let square = Square::from_coords(file, rank);
            let piece = position
                .as_ref()
                .zip(square)
                .and_then(|(p, sq)| p.piece_at(sq));
            if let (Some(piece), Some(square)) = (piece, square) {
                let (fill, stroke) = match piece.color {
                    Color::White => ("#ffffff", "#1d1d1d"),
                    Color::Black => ("#2b2b2b", "#000000"),
                };
                let detail = match piece.color {
                    Color::White => "#1d1d1d",
                    Color::Black => "#ffffff",
                };
                let _ = write!(
                    out,
                    r##"<use class="piece" data-piece="{}" data-square="{}" href="#p-{}" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}" stroke="{stroke}" stroke-width="1.5" stroke-linejoin="round" color="{detail}"/>"##,
                    piece.char(),
                    square_name(square),
                    role_letter(piece.role),
                );
            }
        }
    }
    out.push_str("</svg>");
    out
}

fn role_letter(role: Role) -> char {
    role.char()
}

fn square_name(square: Square) -> String {
    format!(
        "{}{}",
        char::from(b'a' + square.file()),
        char::from(b'1' + square.rank())
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::svg;

    #[test]
    fn the_start_position_draws_thirty_two_pieces_on_their_squares() {
        let board = svg(rules::Position::default().to_fen().as_str(), true);
        assert_eq!(board.matches(r#"class="piece""#).count(), 32);
        assert!(board.contains(r#"data-piece="K" data-square="e1""#));
        assert!(board.contains(r#"data-piece="q" data-square="d8""#));
        let squares = board.split("</defs>").nth(1).unwrap_or_default();
        assert_eq!(squares.matches("<rect ").count(), 64);
    }

    #[test]
    fn an_unreadable_fen_draws_an_empty_board_without_failing() {
        let board = svg("<script>not a fen", false);
        assert_eq!(board.matches(r#"class="piece""#).count(), 0);
        assert!(!board.contains("<script>"));
    }
}
