//! Chess behind the game-kind seam (`engine`), as `xiangqi` is Xiangqi:
//! its profiles, its starting positions, a new game from a stored setup,
//! its state as the API shows it, and its PGN writer.

use regulations::{FoulKind, Game, GameResult, Profile, TimeControl};
use rules::Color;
use rules::pgn::GameResult as PgnResult;

use super::{ChessFouls, FoulCounts, Lateness, Resumption, mode_text, ms_text};
use super::{Due, GameSetup, Rejection, StateView, mode_from_text};

/// The regulations profiles a tournament may name (`regulations::Profile::by_name`).
pub const PROFILES: &[&str] = &["fide-classic", "fide-2023", "china-national", "club"];
/// The default profile.
pub const DEFAULT_PROFILE: &str = "fide-classic";

/// A chess starting position in its normal form, or every problem `rules`
/// finds (Art. 3, 4; a position that cannot arise).
pub(crate) fn normal_fen(fen: &str) -> Result<String, String> {
    rules::Position::from_fen(fen)
        .map(|p| p.to_fen())
        .map_err(|e| e.to_string())
}

/// A new chess game from a stored setup.
pub(crate) fn new_game(
    setup: &GameSetup,
    time_control: Option<TimeControl>,
) -> Result<Game, Rejection> {
    let mut profile = Profile::by_name(&setup.regulations).ok_or_else(|| Rejection {
        code: "unknown_profile".into(),
        article: None,
        message: format!("unknown regulations profile '{}'", setup.regulations),
    })?;
    setup.laws.apply(&mut profile);
    let mode = mode_from_text(&setup.mode).ok_or_else(|| Rejection {
        code: "bad_setup".into(),
        article: None,
        message: format!("unknown recording mode '{}'", setup.mode),
    })?;
    Game::new(
        profile,
        regulations::GameSetup {
            fen: setup.fen.clone(),
            time_control,
            mode,
            scheduled_start_ms: setup
                .scheduled_start_ms
                .and_then(|ms| u64::try_from(ms).ok()),
            team_game: setup.team_game,
        },
    )
    .map_err(|e| Rejection {
        code: "bad_setup".into(),
        article: None,
        message: e.to_string(),
    })
}

/// A chess game's state as the API shows it, clocks as of `at` (see
/// [`GameState::to_json`]).
pub(crate) fn view(game: &Game, arbiter: bool, at: u64, due: Option<Due>) -> StateView {
    // The moves are written by the caller straight from `plies` (see
    // `game_view::StateJson`), not copied here.
    let view = game.view_without_moves(at);
    let setup = game.setup();
    let lateness = game.session_start_ms().map(|start| {
        let limit = game.profile().lateness_limit_ms;
        Lateness {
            limit_ms: limit,
            deadline: limit.and_then(|l| ms_text(start.saturating_add(l))),
            white_present: game.is_present(Color::White),
            black_present: game.is_present(Color::Black),
        }
    });
    StateView {
        annulment: view.annulment,
        clocks: view.clocks,
        due,
        envelope: view.envelope,
        fen: view.fen,
        fouls: ChessFouls {
            white: fouls_of(game, Color::White),
            black: fouls_of(game, Color::Black),
        },
        lateness,
        mode: mode_text(setup.mode),
        pending: view.pending,
        result: game.result().map(GameResult::notation),
        resumption: game.resumption().map(|r| Resumption {
            at: ms_text(r.at_ms),
            place: r.place.clone(),
        }),
        scheduled_start: setup.scheduled_start_ms.and_then(ms_text),
        sealed_move: if arbiter {
            game.sealed_move_for_arbiter().map(str::to_owned)
        } else {
            None
        },
        start_fen: setup.fen.clone(),
        status: game.status().as_str(),
        termination: view.termination,
        to_move: match view.side_to_move {
            Color::White => "white",
            Color::Black => "black",
        },
    }
}

/// `c`'s fouls by kind.
fn fouls_of(game: &Game, c: Color) -> FoulCounts {
    FoulCounts {
        changed_move: game.fouls_of(FoulKind::ChangedMove, c),
        move_time: game.fouls_of(FoulKind::MoveTime, c),
    }
}

/// A chess game as PGN (see [`GameState::pgn`]).
pub(crate) fn pgn(source: &Game, headers: &[(&str, String)]) -> String {
    let result = match source.result() {
        Some(GameResult::WhiteWins | GameResult::WhiteWinsByForfeit) => PgnResult::WhiteWins,
        Some(GameResult::BlackWins | GameResult::BlackWinsByForfeit) => PgnResult::BlackWins,
        Some(GameResult::Draw) => PgnResult::Draw,
        _ => PgnResult::Unknown,
    };
    let mut game = rules::pgn::Game {
        result,
        ..rules::pgn::Game::default()
    };
    // The set-up position comes before `Termination`, as it always has.
    let (termination, headers): (Vec<_>, Vec<_>) =
        headers.iter().partition(|(name, _)| *name == "Termination");
    for (name, value) in headers {
        game.set_tag(name, value.clone());
    }
    if let Some(fen) = &source.setup().fen {
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", fen.clone());
    }
    for (name, value) in termination {
        game.set_tag(name, value.clone());
    }
    game.moves = source
        .plies()
        .iter()
        .map(|ply| rules::pgn::SanPly {
            clock_ms: ply.clock_ms,
            ..rules::pgn::SanPly::new(ply.san.as_str())
        })
        .collect();
    let mut out = String::new();
    rules::pgn::write_game(&game, &mut out);
    out
}
