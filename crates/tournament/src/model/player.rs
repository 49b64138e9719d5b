//! Players: identity, ratings, titles, status by round, and the initial
//! order of start numbers (C.04.2 A.2).

use std::collections::BTreeMap;

use super::{Points, StartNumber};

/// Player's sex as recorded by FIDE (TRF column 10: `m` / `w`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sex {
    Male,
    Female,
}

/// FIDE titles, in the order used to assign start numbers among equal ratings
/// (GM > IM > WGM > FM > WIM > CM > WFM > WCM; C.04.2, Art. A.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Title {
    Gm,
    Im,
    Wgm,
    Fm,
    Wim,
    Cm,
    Wfm,
    Wcm,
}

impl Title {
    /// The TRF code (`g`, `m`, `wg`, `f`, `wm`, `c`, `wf`, `wc`).
    pub const fn trf_code(self) -> &'static str {
        match self {
            Title::Gm => "g",
            Title::Im => "m",
            Title::Wgm => "wg",
            Title::Fm => "f",
            Title::Wim => "wm",
            Title::Cm => "c",
            Title::Wfm => "wf",
            Title::Wcm => "wc",
        }
    }

    /// Parses a TRF code (case-insensitive) or a full abbreviation (`GM`, `WIM`).
    pub fn parse(code: &str) -> Option<Title> {
        Some(match code.trim().to_ascii_lowercase().as_str() {
            "g" | "gm" => Title::Gm,
            "m" | "im" => Title::Im,
            "wg" | "wgm" => Title::Wgm,
            "f" | "fm" => Title::Fm,
            "wm" | "wim" => Title::Wim,
            "c" | "cm" => Title::Cm,
            "wf" | "wfm" => Title::Wfm,
            "wc" | "wcm" => Title::Wcm,
            _ => return None,
        })
    }

    /// The usual abbreviation (`GM`, `WIM`, …).
    pub const fn abbreviation(self) -> &'static str {
        match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Wgm => "WGM",
            Title::Fm => "FM",
            Title::Wim => "WIM",
            Title::Cm => "CM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
        }
    }
}

/// A calendar date as written in FIDE files. `month` and `day` are 0 when
/// unknown (TRF often gives only the birth year).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

/// A request a player made for a future round, or the kind of a bye recorded
/// in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ByeKind {
    /// Pairing-allocated bye (TRF `U`; also `+` against `0000`).
    PairingAllocated,
    /// Requested full-point bye (TRF `F`).
    FullPoint,
    /// Requested half-point bye (TRF `H`, or `=` against `0000`).
    HalfPoint,
    /// Requested zero-point bye (TRF `Z`).
    ZeroPoint,
    /// Absent, not paired, no points (TRF `-` or blank against `0000`).
    Absent,
}

/// What a player's entry says about a given round, before pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerStatus {
    /// Available for pairing.
    Playing,
    /// Requested a bye of this kind (half, zero or full point) for the round.
    RequestedBye(ByeKind),
    /// Withdrawn: not paired from this round on; earlier results stand.
    Withdrawn,
    /// Late entry who has not joined yet.
    NotYetEntered,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    pub start_number: StartNumber,
    /// "Surname, Given names" as FIDE writes it.
    pub name: String,
    pub sex: Option<Sex>,
    pub title: Option<Title>,
    pub fide_id: Option<u64>,
    /// Three-letter FIDE federation code.
    pub federation: Option<String>,
    pub birth_date: Option<Date>,
    pub fide_rating: Option<u16>,
    pub national_rating: Option<u16>,
    pub club: Option<String>,
    /// Points in the club grade-points scheme (`laws.md`, "Grade points"):
    /// 100 points per grade, from ungraded (0–99) up to 1st grade;
    /// [`Player::grade`] derives the grade. `None`: not in the scheme (counts
    /// as 0, ungraded). TRF carries it in the `XXG` extension record.
    pub grade_points: Option<u32>,
    /// The points column of an imported TRF (may include acceleration or be
    /// stale); computed points come from [`Tournament::score_after`](super::Tournament::score_after).
    pub reported_points: Option<Points>,
    /// The rank column of an imported TRF (used as pairing order with `XXC rank`).
    pub reported_rank: Option<u32>,
    /// Withdrawn from this round on (no further pairings; results kept).
    pub withdrawn_from: Option<u32>,
    /// Late entry joining at this round (earlier rounds absent or byes).
    pub joins_at: Option<u32>,
    /// Byes requested for future rounds (round number → kind: `HalfPoint`,
    /// `ZeroPoint` or `FullPoint`).
    pub requested_byes: BTreeMap<u32, ByeKind>,
}

impl Player {
    /// The player's grade in the club grade-points scheme, from
    /// [`Player::grade_points`] (`None` when the player has no grade points).
    pub fn grade(&self) -> Option<crate::rating::Grade> {
        self.grade_points.map(crate::rating::Grade::of)
    }

    /// The player's status for `round` (1-based).
    pub fn status(&self, round: u32) -> PlayerStatus {
        if self.withdrawn_from.is_some_and(|k| round >= k) {
            PlayerStatus::Withdrawn
        } else if self.joins_at.is_some_and(|k| round < k) {
            PlayerStatus::NotYetEntered
        } else if let Some(&kind) = self.requested_byes.get(&round) {
            PlayerStatus::RequestedBye(kind)
        } else {
            PlayerStatus::Playing
        }
    }

    /// The rating used for pairing order: FIDE, else national, else 0.
    pub fn rating(&self) -> u16 {
        self.fide_rating.or(self.national_rating).unwrap_or(0)
    }
}

/// The FIDE initial order (C.04.2 A.2): indices into `players`, rating
/// descending, then title (GM > IM > WGM > FM > WIM > CM > WFM > WCM > none),
/// then name alphabetically (case-insensitive, then exact).
pub fn fide_order(players: &[Player]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&players[a], &players[b]);
        b.rating()
            .cmp(&a.rating())
            .then_with(|| title_rank(a.title).cmp(&title_rank(b.title)))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.name.cmp(&b.name))
    });
    order
}

/// Orders players the FIDE way ([`fide_order`], C.04.2 A.2) and renumbers
/// them 1…n in that order. Boards and byes are not renumbered: call this
/// before round 1.
pub fn assign_start_numbers_fide(players: &mut [Player]) {
    let order = fide_order(players);
    let sorted: Vec<Player> = order.iter().map(|&i| players[i].clone()).collect();
    players.clone_from_slice(&sorted);
    renumber(players);
}

/// Orders players by drawing of lots with the given seed (a deterministic
/// shuffle; the same seed gives the same order) and renumbers them 1…n.
pub fn assign_start_numbers_by_lot(players: &mut [Player], seed: u64) {
    let mut rng = crate::lots::SplitMix64::new(seed);
    rng.shuffle(players);
    renumber(players);
}

fn title_rank(title: Option<Title>) -> u8 {
    title.map_or(8, |t| t as u8)
}

fn renumber(players: &mut [Player]) {
    for (number, player) in (1..).zip(players.iter_mut()) {
        player.start_number = number;
    }
}
