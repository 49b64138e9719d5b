//! Results, rulings and scoring (Art. 10, 17; club plan).

use crate::code::Code;
use std::fmt;

/// A decision with a stable machine-readable code, the article it applies
/// and a plain English message. Used for rulings, rejections and terminations.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Citation {
    /// snake_case, stable (e.g. `incorrect_claim_time_penalty`): the text
    /// of a [`Code`].
    pub code: String,
    /// The article, e.g. `10.13(2)`; FIDE 2023 articles read `2023 9.6.1`,
    /// the club plan's rules `club (3)`.
    pub article: String,
    /// Plain English, lowercase, no trailing period.
    pub message: String,
}

impl Citation {
    /// Builds a citation.
    pub fn new(code: &str, article: &str, message: impl Into<String>) -> Citation {
        Citation {
            code: code.to_string(),
            article: article.to_string(),
            message: message.into(),
        }
    }

    /// Builds a citation with a typed code.
    pub(crate) fn of(code: Code, article: &str, message: impl Into<String>) -> Citation {
        Citation::new(code.code(), article, message)
    }
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (Art. {}): {}", self.code, self.article, self.message)
    }
}

/// A ruling made while applying an event.
pub type Ruling = Citation;

/// Why an event was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rejection(pub Citation);

impl Rejection {
    /// Builds a rejection.
    pub fn new(code: &str, article: &str, message: impl Into<String>) -> Rejection {
        Rejection(Citation::new(code, article, message))
    }
    /// Builds a rejection with a typed code.
    pub(crate) fn of(code: Code, article: &str, message: impl Into<String>) -> Rejection {
        Rejection(Citation::of(code, article, message))
    }
    /// The stable code.
    pub fn code(&self) -> &str {
        &self.0.code
    }
    /// The article.
    pub fn article(&self) -> &str {
        &self.0.article
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Rejection {}

/// The result of a game. With `serde` it is written in its notation
/// ([`GameResult::notation`]): `1-0`, `0-1`, `1/2-1/2`, forfeits `+-`,
/// `-+`, both forfeited `--`, both lose `0-0`; also read: `+/-`, `-/+`,
/// `-/-`, `½-½` ([`GameResult::parse`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub enum GameResult {
    /// 1-0
    #[cfg_attr(feature = "utoipa", schema(rename = "1-0"))]
    WhiteWins,
    /// 0-1
    #[cfg_attr(feature = "utoipa", schema(rename = "0-1"))]
    BlackWins,
    /// ½-½
    #[cfg_attr(feature = "utoipa", schema(rename = "1/2-1/2"))]
    Draw,
    /// +/− (Black forfeited, no game played)
    #[cfg_attr(feature = "utoipa", schema(rename = "+-"))]
    WhiteWinsByForfeit,
    /// −/+
    #[cfg_attr(feature = "utoipa", schema(rename = "-+"))]
    BlackWinsByForfeit,
    /// −/− (both forfeited)
    #[cfg_attr(feature = "utoipa", schema(rename = "--"))]
    DoubleForfeit,
    /// 0-0: both lose a game that was played (10.17 both refuse; club
    /// over-long game).
    #[cfg_attr(feature = "utoipa", schema(rename = "0-0"))]
    BothLose,
}

impl GameResult {
    /// The result's notation, the same as a tournament board's
    /// (`tournament::model::GameResult::notation`): `1-0`, `0-1`, `1/2-1/2`,
    /// `+-` and `-+` (a forfeit: the `+` side wins), `--` (both forfeit),
    /// `0-0` (both lose a played game).
    pub fn notation(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::WhiteWinsByForfeit => "+-",
            GameResult::BlackWinsByForfeit => "-+",
            GameResult::DoubleForfeit => "--",
            GameResult::BothLose => "0-0",
        }
    }

    /// Parses the notation, and the spellings scoresheets and other
    /// programs use (`½-½`, `+/-`, `-/+`, `-/-`).
    pub fn parse(s: &str) -> Option<GameResult> {
        Some(match s.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" | "=" => GameResult::Draw,
            "+-" | "+/-" | "+/−" | "+--" => GameResult::WhiteWinsByForfeit,
            "-+" | "-/+" | "−/+" | "--+" => GameResult::BlackWinsByForfeit,
            "--" | "-/-" | "−/−" | "---" => GameResult::DoubleForfeit,
            "0-0" => GameResult::BothLose,
            _ => return None,
        })
    }

    /// Points (in half-points) for White and Black under a scoring table.
    pub fn points(self, s: Scoring) -> (u32, u32) {
        match self {
            GameResult::WhiteWins | GameResult::WhiteWinsByForfeit => (s.win, s.loss),
            GameResult::BlackWins | GameResult::BlackWinsByForfeit => (s.loss, s.win),
            GameResult::Draw => (s.draw, s.draw),
            GameResult::DoubleForfeit | GameResult::BothLose => (s.loss, s.loss),
        }
    }

    /// The same result with a forfeit's notation (used when no move was played).
    pub fn as_forfeit(self) -> GameResult {
        match self {
            GameResult::WhiteWins => GameResult::WhiteWinsByForfeit,
            GameResult::BlackWins => GameResult::BlackWinsByForfeit,
            GameResult::BothLose => GameResult::DoubleForfeit,
            other => other,
        }
    }

    /// A win for `c`.
    pub fn win_for(c: rules::Color) -> GameResult {
        match c {
            rules::Color::White => GameResult::WhiteWins,
            rules::Color::Black => GameResult::BlackWins,
        }
    }
}

impl From<GameResult> for String {
    fn from(r: GameResult) -> String {
        r.notation().to_string()
    }
}

impl TryFrom<String> for GameResult {
    type Error = String;
    fn try_from(s: String) -> Result<GameResult, String> {
        GameResult::parse(&s).ok_or_else(|| {
            format!("unknown result '{s}' (expected 1-0, 0-1, 1/2-1/2, +/-, -/+, -/- or 0-0)")
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// Points for a win, a draw and a loss, in half-points (Art. 17; the club
/// plan's 2/1/0 is `{ win: 4, draw: 2, loss: 0 }`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Scoring {
    /// Half-points for a win.
    pub win: u32,
    /// Half-points for a draw.
    pub draw: u32,
    /// Half-points for a loss.
    pub loss: u32,
}

impl Scoring {
    /// 1 / ½ / 0 (Art. 17).
    pub const STANDARD: Scoring = Scoring {
        win: 2,
        draw: 1,
        loss: 0,
    };
    /// 2 / 1 / 0 (the club plan, Chinese events).
    pub const TWO_ONE_ZERO: Scoring = Scoring {
        win: 4,
        draw: 2,
        loss: 0,
    };
}

/// Writes half-points as `1`, `½`, `1½`, `0`.
pub fn format_points(half_points: u32) -> String {
    let whole = half_points / 2;
    match (whole, half_points % 2) {
        (0, 1) => "½".to_string(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

/// How a game ended: the result and the ruling that ended it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Termination {
    /// The result.
    pub result: GameResult,
    /// Why, with the article.
    pub reason: Citation,
    /// When (ms on the game's timeline; the server's is ms since 1970).
    pub at_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "utoipa")]
    #[test]
    fn the_schema_lists_every_result_in_its_notation() {
        let schema = <GameResult as utoipa::PartialSchema>::schema();
        let schema = serde_json::to_value(schema).unwrap();
        let listed: Vec<&str> = schema["enum"]
            .as_array()
            .expect("an enum")
            .iter()
            .filter_map(|v| v.as_str())
            .collect();
        let all = [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::WhiteWinsByForfeit,
            GameResult::BlackWinsByForfeit,
            GameResult::DoubleForfeit,
            GameResult::BothLose,
        ];
        assert_eq!(listed, all.map(GameResult::notation));
        for r in all {
            assert_eq!(serde_json::to_value(r).unwrap(), r.notation());
        }
    }

    #[test]
    fn results_parse_from_their_notation() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::WhiteWinsByForfeit,
            GameResult::BlackWinsByForfeit,
            GameResult::DoubleForfeit,
            GameResult::BothLose,
        ] {
            assert_eq!(GameResult::parse(r.notation()), Some(r));
        }
        assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
        assert_eq!(GameResult::parse("2-0"), None);
    }

    #[test]
    fn club_scoring_gives_two_for_a_win_and_nothing_for_an_over_long_game() {
        let s = Scoring::TWO_ONE_ZERO;
        assert_eq!(GameResult::WhiteWins.points(s), (4, 0));
        assert_eq!(GameResult::Draw.points(s), (2, 2));
        assert_eq!(GameResult::BothLose.points(s), (0, 0));
        assert_eq!(format_points(4), "2");
        assert_eq!(format_points(1), "½");
        assert_eq!(format_points(3), "1½");
    }

    #[test]
    fn a_forfeit_keeps_the_winner() {
        assert_eq!(
            GameResult::BlackWins.as_forfeit(),
            GameResult::BlackWinsByForfeit
        );
        assert_eq!(GameResult::BothLose.as_forfeit(), GameResult::DoubleForfeit);
        assert_eq!(GameResult::Draw.as_forfeit(), GameResult::Draw);
    }
}
