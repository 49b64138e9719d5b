//! A pasted list of players read line by line (`POST …/players/paste`):
//! `Name, rating[, federation[, FIDE id[, title]]]`, each line checked as
//! `POST …/players` checks a player, every bad line named. Pure text:
//! `players::paste` registers what it reads.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::ApiError;
use crate::model::players::PlayerDetails;
use crate::model::settings::check_name;

/// One refused line of a paste (the 400 `invalid_lines` answer's
/// `problems`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct LineProblem {
    /// 1-based line number in the pasted text.
    pub line: usize,
    /// The field refused (`name`, `rating`, `federation`, `fide_id`, `title`).
    pub field: String,
    pub message: String,
}

/// The most lines one paste may hold.
const MAX_PASTED_LINES: usize = 1000;

/// Reads one pasted line (`Name, rating[, federation[, FIDE id[, title]]]`) into a name and details,
/// checked as `POST /players` checks them; `None` for a line to skip.
fn read_line(line: &str) -> Option<Result<(String, PlayerDetails), (String, String)>> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = trimmed.split(',').map(str::trim).collect();
    let is_number = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    let Some(at) = fields.iter().position(|f| is_number(f)) else {
        return Some(Err((
            "rating".into(),
            "no rating: write `Name, rating` (0 for an unrated player)".into(),
        )));
    };
    let name = fields[..at].join(", ");
    let rest = &fields[at + 1..];
    let bad = |field: &str, message: String| Some(Err((field.to_owned(), message)));
    if rest.len() > 3 {
        return bad(
            "line",
            "too many fields: Name, rating[, federation[, FIDE id[, title]]]".into(),
        );
    }
    let Ok(rating) = fields[at].parse::<u16>() else {
        return bad("rating", "must be between 0 and 3500".into());
    };
    let optional = |i: usize| rest.get(i).copied().filter(|f| !f.is_empty());
    let fide_id = match optional(1) {
        Some(text) => match text.parse::<u64>() {
            Ok(id) => Some(id),
            Err(_) => return bad("fide_id", format!("'{text}' is not a FIDE id")),
        },
        None => None,
    };
    let details = PlayerDetails {
        rating: Some(rating),
        federation: optional(0).map(str::to_owned),
        fide_id,
        title: optional(2).map(str::to_owned),
        ..PlayerDetails::default()
    };
    let checked = check_name("name", &name).and_then(|()| details.check());
    Some(match checked {
        Ok(()) => Ok((name, details)),
        Err(ApiError::BadRequest { message, at, .. }) => {
            Err((at.unwrap_or_else(|| "line".into()), message))
        }
        Err(_) => Err(("line".into(), "not a player line".into())),
    })
}

/// Reads a whole paste: every line's player, or every bad line's problem.
/// `taken` holds the FIDE ids the tournament's players have (by start
/// number): a line repeating one, or an earlier line's, is refused.
pub(crate) fn read_paste(
    text: &str,
    taken: &BTreeMap<u64, i64>,
) -> Result<Vec<(usize, String, PlayerDetails)>, Vec<LineProblem>> {
    let mut players = Vec::new();
    let mut problems = Vec::new();
    let mut pasted: BTreeMap<u64, usize> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        match read_line(line) {
            None => {}
            Some(Ok(player)) => {
                if let Some(id) = player.1.fide_id {
                    let message = if let Some(n) = taken.get(&id) {
                        Some(format!("FIDE id {id} is already start number {n}'s"))
                    } else {
                        pasted
                            .get(&id)
                            .map(|l| format!("FIDE id {id} is on line {l} too"))
                    };
                    if let Some(message) = message {
                        problems.push(LineProblem {
                            line: i + 1,
                            field: "fide_id".into(),
                            message,
                        });
                        continue;
                    }
                    pasted.insert(id, i + 1);
                }
                players.push((i + 1, player.0, player.1));
            }
            Some(Err((field, message))) => problems.push(LineProblem {
                line: i + 1,
                field,
                message,
            }),
        }
    }
    if players.is_empty() && problems.is_empty() {
        problems.push(LineProblem {
            line: 1,
            field: "text".into(),
            message: "no player: write one a line, `Name, rating`".into(),
        });
    }
    if players.len() + problems.len() > MAX_PASTED_LINES {
        problems.push(LineProblem {
            line: MAX_PASTED_LINES + 1,
            field: "text".into(),
            message: format!("at most {MAX_PASTED_LINES} players at a time"),
        });
    }
    if problems.is_empty() {
        Ok(players)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::read_paste;

    #[test]
    fn a_pasted_line_keeps_the_comma_of_a_surname_first_name() {
        let players = read_paste(
            "Carlsen, Magnus, 2830, NOR, 1503014, GM\n\n# seeded\nLi Na, 0",
            &BTreeMap::new(),
        )
        .expect("two good lines");
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].1, "Carlsen, Magnus");
        assert_eq!(players[0].2.rating, Some(2830));
        assert_eq!(players[0].2.federation.as_deref(), Some("NOR"));
        assert_eq!(players[0].2.fide_id, Some(1_503_014));
        assert_eq!(players[0].2.title.as_deref(), Some("GM"));
        assert_eq!((players[1].0, players[1].1.as_str()), (4, "Li Na"));
        assert_eq!(players[1].2.rating, Some(0));
    }

    #[test]
    fn every_bad_line_is_named_by_its_number_and_field() {
        let problems = read_paste(
            "Good, 1800\nNo Rating\nToo High, 9000\nFed, 1500, fr\n, 1400",
            &BTreeMap::new(),
        )
        .expect_err("bad lines");
        let named: Vec<(usize, &str)> = problems
            .iter()
            .map(|p| (p.line, p.field.as_str()))
            .collect();
        assert_eq!(
            named,
            [(2, "rating"), (3, "rating"), (4, "federation"), (5, "name")]
        );
    }

    #[test]
    fn an_empty_paste_is_refused() {
        assert!(read_paste("\n  \n# nothing", &BTreeMap::new()).is_err());
    }

    #[test]
    fn a_fide_id_already_entered_or_pasted_twice_is_refused_at_its_line() {
        let taken = BTreeMap::from([(1_503_014, 7)]);
        let problems = read_paste(
            "Carlsen, Magnus, 2830, NOR, 1503014\nDing, 2780, CHN, 8603677\nDing Liren, 2780, CHN, 8603677",
            &taken,
        )
        .expect_err("two second entries");
        let named: Vec<(usize, &str, &str)> = problems
            .iter()
            .map(|p| (p.line, p.field.as_str(), p.message.as_str()))
            .collect();
        assert_eq!(
            named,
            [
                (1, "fide_id", "FIDE id 1503014 is already start number 7's"),
                (3, "fide_id", "FIDE id 8603677 is on line 2 too"),
            ]
        );
    }
}
