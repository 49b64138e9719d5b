//! The typed lines of a TRF file.

use crate::model::{AbnormalPoints, ByeKind, NationalRecord, Points, StartNumber};

/// Which edition of the format to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// TRF16 with the JaVaFo/bbpPairings extensions (`XXR`, `XXC`, `XXS`, `XXP`, `XXA`).
    Trf16,
    /// TRF-2026 (`142`, `152`, `162`, `192`, `202`, `240`, `250`, `260`).
    Trf2026,
}

/// One round column of a `001` record (columns 92–99 for round 1, +10 per round).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundCell {
    /// `None` for four blanks, `Some(0)` for `0000`, else the opponent.
    pub opponent: Option<StartNumber>,
    /// `w`, `b`, `-` or blank.
    pub colour: char,
    /// The result code as written (case kept).
    pub result: char,
}

impl RoundCell {
    /// A completely blank cell (not paired, nothing recorded).
    pub const BLANK: RoundCell = RoundCell {
        opponent: None,
        colour: ' ',
        result: ' ',
    };

    pub(super) fn is_blank(&self) -> bool {
        *self == RoundCell::BLANK
    }

    pub(super) fn real_opponent(&self) -> Option<StartNumber> {
        self.opponent.filter(|&o| o != 0)
    }
}

/// A `001` player record, field by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    pub start_number: StartNumber,
    /// Column 10 as written (`m`, `w`, blank, …).
    pub sex: char,
    /// Columns 11–13, trimmed (`g`, `wm`, `GM`, …).
    pub title: String,
    pub name: String,
    pub rating: Option<u16>,
    pub federation: String,
    pub fide_id: Option<u64>,
    /// Columns 70–79, trimmed (`1978`, `1990/01/01`).
    pub birth_date: String,
    pub points: Option<Points>,
    pub rank: Option<u32>,
    pub rounds: Vec<RoundCell>,
}

/// A typed TRF record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// `001`.
    Player(PlayerRecord),
    /// A tournament record `??2` (012–222, …) or any other line, kept verbatim.
    Verbatim(String),
    /// `XXR n`: number of rounds.
    Rounds(u32),
    /// `XXC` tokens (`rank`, `white1`, `black1`, …).
    Configuration(Vec<String>),
    /// `XXS` tokens (`WW=1`, `D=0.5`, …), validated.
    Scoring(Vec<String>),
    /// `XXZ` start numbers: absent from the round to be paired (JaVaFo).
    Absent(Vec<StartNumber>),
    /// `XXP` start numbers: no two of them may meet.
    ForbiddenPairs(Vec<StartNumber>),
    /// `XXA`: acceleration points for one player, round by round (`None` = blank).
    Acceleration {
        player: StartNumber,
        points: Vec<Option<Points>>,
    },
    /// `XXG start-number points`: the player's points in the club
    /// grade-points scheme (`laws.md`, "Grade points"). An extension of this
    /// crate in the `XX?` family pairing programs use (neither TRF16 nor
    /// TRF-2026 has a grade field); written in both formats, one line per
    /// player with grade points, after the player records' extensions.
    Grade { player: StartNumber, points: u32 },
    /// `XXL name`: the regulations profile the event is run under (its
    /// laws, scoring and tie-break defaults), as the program that wrote the
    /// file names it (`fide-classic`, `china-national`, …). An extension of this
    /// crate beside `XXG`, so that an event survives a round trip through
    /// its own export; other programs skip it.
    Regulations(String),
    /// TRF-2026 `240`: byes of one kind for one round.
    Byes {
        kind: ByeKind,
        round: u32,
        players: Vec<StartNumber>,
    },
    /// TRF-2026 `250`: fictitious points for a range of rounds and players.
    AcceleratedRounds {
        match_points: Option<Points>,
        /// `None` (blank) only with match points (a team event).
        game_points: Option<Points>,
        first_round: u32,
        last_round: u32,
        first_player: StartNumber,
        last_player: StartNumber,
    },
    /// TRF-2026 National Rating Support record: a `001`-like line introduced
    /// by a federation code, giving a player's national rating (columns
    /// 49–52) and national identity.
    NationalRating(NationalRecord),
    /// TRF-2026 `299`: abnormal assignment of points.
    AbnormalPoints(AbnormalPoints),
    /// TRF-2026 `260`: players who may not meet in a range of rounds.
    ProhibitedPairings {
        first_round: u32,
        last_round: u32,
        players: Vec<StartNumber>,
    },
}

/// A record and the line it came from (1-based; 0 for generated lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub number: usize,
    pub record: Record,
}

/// A parsed TRF file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    pub lines: Vec<Line>,
    /// The line terminator found in the file (`"\n"`, `"\r\n"` or `"\r"`).
    pub line_ending: String,
}

impl Document {
    /// Which format the file uses: TRF-2026 if it holds any record only
    /// TRF-2026 defines (142–222, 240, 250, 260, `###` comments).
    pub fn format(&self) -> Format {
        let new = self.lines.iter().any(|line| match &line.record {
            Record::Byes { .. }
            | Record::AcceleratedRounds { .. }
            | Record::ProhibitedPairings { .. }
            | Record::NationalRating(_)
            | Record::AbnormalPoints(_) => true,
            Record::Verbatim(raw) => [
                "142", "152", "162", "172", "182", "192", "202", "212", "222", "###", "300", "310",
                "320", "330", "352", "362",
            ]
            .iter()
            .any(|tag| raw.starts_with(tag)),
            _ => false,
        });
        if new { Format::Trf2026 } else { Format::Trf16 }
    }
}
