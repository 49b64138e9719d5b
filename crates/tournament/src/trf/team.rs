//! TRF-2026 team records, line by line: `310` teams (and the older `013`),
//! `300` out-of-order line-ups, `320` pairing-allocated byes, `330`
//! forfeited matches, `352` board colours, `362` match points.
//!
//! They are kept verbatim in the [`Document`] (so a file round-trips
//! untouched) and typed here on demand, each field checked, a defect
//! refused with its line and column. Column layouts follow the TRF-2026
//! text (FIDE Council 12/05/2025):
//! - `310`: team number 5–7, name 9–40, nickname 42–46, strength 48–53,
//!   match points 55–60, game points 62–67, rank 69–71, players from 74–77
//!   in steps of 5 (board order);
//! - `013`: name 5–36, players from 37–40 in steps of 5;
//! - `300`: round 5–7, team 9–11, opponent 13–15, players (or `0000` for an
//!   empty board) from 17–20 in steps of 5;
//! - `320`: match points 5–8, game points 10–13, then the team with the bye
//!   in round 1 at 15–17, round 2 at 19–21, … (`000` when none);
//! - `330`: type 5–6 (`+-`, `-+`, `--`), round 8–10, white team 12–14,
//!   black team 16–18;
//! - `352`: the colour sequence from column 5 (`WBWB`);
//! - `362`: like `162`, groups of nine columns from column 5: `TW`, `TD`,
//!   `TL` then the points (`362 TW 2.0    TD 1.0    TL 0.0`); the code
//!   letter alone in column 6 is read too.

use super::error::{TrfError, TrfErrorKind};
use super::parse::{char_at, field, points_field};
use super::records::{Document, Record};
use crate::model::{Colour, Points, StartNumber};
use crate::team::{MatchForfeit, TeamNumber};

/// A typed team record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamRecord {
    /// `310` (or `013`, then `number` is the order of the record and the
    /// other fields are empty).
    Team {
        number: TeamNumber,
        name: String,
        nickname: String,
        strength: Option<u32>,
        match_points: Option<Points>,
        game_points: Option<Points>,
        rank: Option<u32>,
        players: Vec<StartNumber>,
        legacy: bool,
    },
    /// `300`: the line-up of `team` against `opponent` in `round`, board by
    /// board (`None` for an empty board).
    OutOfOrder {
        round: u32,
        team: TeamNumber,
        opponent: TeamNumber,
        players: Vec<Option<StartNumber>>,
    },
    /// `320`: the pairing-allocated byes, round by round.
    PairingAllocatedByes {
        match_points: Points,
        game_points: Points,
        teams: Vec<Option<TeamNumber>>,
    },
    /// `330`: a forfeited match (`FirstWins` = White team wins).
    ForfeitedMatch {
        kind: MatchForfeit,
        round: u32,
        white: TeamNumber,
        black: TeamNumber,
    },
    /// `352`: the White team's colour on each board.
    Colours(Vec<Colour>),
    /// `362`: match points for a won, drawn, lost match.
    MatchPoints {
        win: Option<Points>,
        draw: Option<Points>,
        loss: Option<Points>,
    },
}

type Fault = (usize, TrfErrorKind);

fn whole<T: std::str::FromStr>(
    chars: &[char],
    column: usize,
    len: usize,
    name: &'static str,
) -> Result<Option<T>, Fault> {
    let text = field(chars, column, len);
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err((column, TrfErrorKind::NotANumber(name)));
    }
    t.parse()
        .map(Some)
        .map_err(|_| (column, TrfErrorKind::OutOfRange(name)))
}

fn required<T: std::str::FromStr + PartialEq + Default>(
    chars: &[char],
    column: usize,
    len: usize,
    name: &'static str,
) -> Result<T, Fault> {
    match whole::<T>(chars, column, len, name)? {
        Some(v) if v != T::default() => Ok(v),
        Some(_) => Err((column, TrfErrorKind::OutOfRange(name))),
        None => Err((column, TrfErrorKind::NotANumber(name))),
    }
}

/// Numbers of `width` columns from `column`, one blank apart, to the end.
fn numbers(
    chars: &[char],
    column: usize,
    width: usize,
    name: &'static str,
) -> Result<Vec<(usize, Option<u32>)>, Fault> {
    let mut out = Vec::new();
    let mut c = column;
    while c <= chars.len() {
        let v = whole::<u32>(chars, c, width, name)?;
        out.push((c, v));
        c += width + 1;
    }
    Ok(out)
}

fn parse_team_line(chars: &[char], order: TeamNumber) -> Result<Option<TeamRecord>, Fault> {
    let tag: String = chars.iter().take(3).collect();
    let players = |from: usize| -> Result<Vec<StartNumber>, Fault> {
        Ok(numbers(chars, from, 4, "start number")?
            .into_iter()
            .filter_map(|(_, v)| v.filter(|&n| n != 0))
            .collect())
    };
    Ok(Some(match tag.as_str() {
        "310" => TeamRecord::Team {
            number: required(chars, 5, 3, "team number")?,
            name: field(chars, 9, 32).trim().to_owned(),
            nickname: field(chars, 42, 5).trim().to_owned(),
            strength: whole(chars, 48, 6, "strength factor")?,
            match_points: points_field(&field(chars, 55, 6), 55, "match points")?,
            game_points: points_field(&field(chars, 62, 6), 62, "game points")?,
            rank: whole(chars, 69, 3, "team rank")?,
            players: players(74)?,
            legacy: false,
        },
        "013" => TeamRecord::Team {
            number: order,
            name: field(chars, 5, 32).trim().to_owned(),
            nickname: String::new(),
            strength: None,
            match_points: None,
            game_points: None,
            rank: None,
            players: players(37)?,
            legacy: true,
        },
        "300" => TeamRecord::OutOfOrder {
            round: required(chars, 5, 3, "round number")?,
            team: required(chars, 9, 3, "team number")?,
            opponent: required(chars, 13, 3, "team number")?,
            players: numbers(chars, 17, 4, "start number")?
                .into_iter()
                .map(|(_, v)| v.filter(|&n| n != 0))
                .collect(),
        },
        "320" => TeamRecord::PairingAllocatedByes {
            match_points: points_field(&field(chars, 5, 4), 5, "match points")?
                .ok_or((5, TrfErrorKind::NotANumber("match points")))?,
            game_points: points_field(&field(chars, 10, 4), 10, "game points")?
                .ok_or((10, TrfErrorKind::NotANumber("game points")))?,
            teams: numbers(chars, 15, 3, "team number")?
                .into_iter()
                .map(|(_, v)| v.filter(|&n| n != 0))
                .collect(),
        },
        "330" => TeamRecord::ForfeitedMatch {
            kind: match field(chars, 5, 2).as_str() {
                "+-" => MatchForfeit::FirstWins,
                "-+" => MatchForfeit::SecondWins,
                "--" => MatchForfeit::Double,
                _ => return Err((5, TrfErrorKind::BadResult(char_at(chars, 5)))),
            },
            round: required(chars, 8, 3, "round number")?,
            white: required(chars, 12, 3, "team number")?,
            black: required(chars, 16, 3, "team number")?,
        },
        "352" => {
            let mut colours = Vec::new();
            for (i, c) in chars.iter().enumerate().skip(4) {
                match c.to_ascii_uppercase() {
                    'W' => colours.push(Colour::White),
                    'B' => colours.push(Colour::Black),
                    ' ' => {}
                    other => return Err((i + 1, TrfErrorKind::BadColour(other))),
                }
            }
            TeamRecord::Colours(colours)
        }
        "362" => {
            let (mut win, mut draw, mut loss) = (None, None, None);
            let mut column = 6;
            while column <= chars.len() {
                let code = char_at(chars, column).to_ascii_uppercase();
                let lead = char_at(chars, column - 1).to_ascii_uppercase();
                if !(lead == ' ' || lead == 'T') {
                    return Err((column - 1, TrfErrorKind::BadScoring));
                }
                let p = points_field(&field(chars, column + 1, 4), column + 1, "points")?
                    .ok_or((column + 1, TrfErrorKind::BadScoring))?;
                match code {
                    'W' => win = Some(p),
                    'D' => draw = Some(p),
                    'L' => loss = Some(p),
                    _ => return Err((column, TrfErrorKind::BadScoring)),
                }
                column += 9;
            }
            TeamRecord::MatchPoints { win, draw, loss }
        }
        _ => return Ok(None),
    }))
}

impl Document {
    /// Whether the file describes a team event (`310` or `013` records).
    pub fn has_teams(&self) -> bool {
        self.lines.iter().any(|l| {
            matches!(&l.record, Record::Verbatim(raw) if raw.starts_with("310") || raw.starts_with("013"))
        })
    }

    /// The team records, typed, with their line numbers.
    pub fn team_records(&self) -> Result<Vec<(usize, TeamRecord)>, TrfError> {
        let mut out = Vec::new();
        let mut order = 0;
        for line in &self.lines {
            let Record::Verbatim(raw) = &line.record else {
                continue;
            };
            if raw.starts_with("013") {
                order += 1;
            }
            let chars: Vec<char> = raw.chars().collect();
            match parse_team_line(&chars, order) {
                Ok(Some(record)) => out.push((line.number, record)),
                Ok(None) => {}
                Err((column, kind)) => {
                    return Err(TrfError {
                        line: line.number,
                        column,
                        kind,
                    });
                }
            }
        }
        Ok(out)
    }
}

fn short(p: Points) -> String {
    p.to_string()
}

impl std::fmt::Display for TeamRecord {
    /// The record in its TRF-2026 columns.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut line = String::new();
        match self {
            TeamRecord::Team {
                number,
                name,
                nickname,
                strength,
                match_points,
                game_points,
                rank,
                players,
                legacy,
            } => {
                if *legacy {
                    line.push_str(&format!("013 {name:<32}"));
                    for p in players {
                        line.push_str(&format!("{p:>4} "));
                    }
                } else {
                    let opt = |v: Option<u32>, w: usize| {
                        v.map_or_else(|| " ".repeat(w), |v| format!("{v:>w$}"))
                    };
                    let pts = |v: Option<Points>| {
                        v.map_or_else(|| " ".repeat(6), |v| format!("{:>6}", short(v)))
                    };
                    line.push_str(&format!(
                        "310 {number:>3} {name:<32} {nickname:<5} {} {} {} {}  ",
                        opt(*strength, 6),
                        pts(*match_points),
                        pts(*game_points),
                        opt(*rank, 3),
                    ));
                    for p in players {
                        line.push_str(&format!("{p:>4} "));
                    }
                }
            }
            TeamRecord::OutOfOrder {
                round,
                team,
                opponent,
                players,
            } => {
                line.push_str(&format!("300 {round:03} {team:>3} {opponent:>3} "));
                for p in players {
                    line.push_str(&format!(
                        "{:>4} ",
                        p.map_or_else(|| "0000".to_string(), |p| p.to_string())
                    ));
                }
            }
            TeamRecord::PairingAllocatedByes {
                match_points,
                game_points,
                teams,
            } => {
                line.push_str(&format!(
                    "320 {:>4} {:>4} ",
                    short(*match_points),
                    short(*game_points)
                ));
                for t in teams {
                    line.push_str(&format!("{:03} ", t.unwrap_or(0)));
                }
            }
            TeamRecord::ForfeitedMatch {
                kind,
                round,
                white,
                black,
            } => {
                let code = match kind {
                    MatchForfeit::FirstWins => "+-",
                    MatchForfeit::SecondWins => "-+",
                    MatchForfeit::Double => "--",
                };
                line.push_str(&format!("330 {code} {round:03} {white:03} {black:03}"));
            }
            TeamRecord::Colours(colours) => {
                line.push_str("352 ");
                line.push_str(&crate::team::colours_text(colours));
            }
            TeamRecord::MatchPoints { win, draw, loss } => {
                line.push_str("362 ");
                for (code, p) in [('W', win), ('D', draw), ('L', loss)] {
                    if let Some(p) = p {
                        line.push_str(&format!("T{code}{:>4}   ", short(*p)));
                    }
                }
            }
        }
        f.write_str(line.trim_end())
    }
}
