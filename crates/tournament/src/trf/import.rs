//! [`Document`] → [`Tournament`]: header interpretation and the checks that
//! both players of a game agree.

use std::collections::BTreeMap;

use super::error::{TrfError, TrfErrorKind, TrfWarning, TrfWarningKind};
use super::parse::{char_at, field, points_field, round_number, scoring_entry};
use super::records::{Document, PlayerRecord, Record, RoundCell};
use crate::model::{
    Board, Bye, ByeKind, Colour, Date, EventInfo, GameResult, PairingOptions, Participation,
    Player, Points, RatingMethod, Round, Scoring, Sex, StartNumber, System, Title, Tournament,
};

fn apply_xxs(scoring: &mut Scoring, code: &str, p: Points) {
    match code {
        "WW" => scoring.win_white = p,
        "BW" => scoring.win_black = p,
        "WD" => scoring.draw_white = p,
        "BD" => scoring.draw_black = p,
        "WL" => scoring.loss_white = p,
        "BL" => scoring.loss_black = p,
        "ZPB" => scoring.zero_point_bye = p,
        "HPB" => scoring.half_point_bye = p,
        "FPB" => scoring.full_point_bye = p,
        "PAB" => scoring.pairing_allocated_bye = p,
        "FW" => scoring.forfeit_win = p,
        "FL" => scoring.forfeit_loss = p,
        // JaVaFo: W encompasses WW, BW, FW, FPB; D encompasses WD, BD, HPB.
        "W" => {
            scoring.win_white = p;
            scoring.win_black = p;
            scoring.forfeit_win = p;
            scoring.full_point_bye = p;
        }
        "D" => {
            scoring.draw_white = p;
            scoring.draw_black = p;
            scoring.half_point_bye = p;
        }
        "L" => {
            scoring.loss_white = p;
            scoring.loss_black = p;
        }
        _ => {}
    }
}

fn bye_kind_of_cell(cell: &RoundCell) -> ByeKind {
    match cell.result.to_ascii_uppercase() {
        'U' | '+' => ByeKind::PairingAllocated,
        'F' => ByeKind::FullPoint,
        'H' | '=' => ByeKind::HalfPoint,
        '-' => ByeKind::Absent,
        _ => ByeKind::ZeroPoint,
    }
}

/// Whether the cell shows the player took part in that round's pairing.
fn cell_was_paired(cell: &RoundCell) -> bool {
    cell.real_opponent().is_some() || matches!(cell.result.to_ascii_uppercase(), 'U' | '+')
}

fn board_result(white: char, black: char) -> Option<(GameResult, bool)> {
    Some(
        match (white.to_ascii_uppercase(), black.to_ascii_uppercase()) {
            ('1', '0') => (GameResult::WhiteWins, true),
            ('0', '1') => (GameResult::BlackWins, true),
            ('=', '=') => (GameResult::Draw, true),
            ('W', 'L') => (GameResult::WhiteWins, false),
            ('L', 'W') => (GameResult::BlackWins, false),
            ('D', 'D') => (GameResult::Draw, false),
            ('+', '-') => (GameResult::WhiteWinsByForfeit, true),
            ('-', '+') => (GameResult::BlackWinsByForfeit, true),
            ('-', '-') => (GameResult::DoubleForfeit, true),
            ('0', '0') => (GameResult::BothLose, true),
            ('L', 'L') => (GameResult::BothLose, false),
            ('=', '0') => (GameResult::HalfZero, true),
            ('D', 'L') => (GameResult::HalfZero, false),
            ('0', '=') => (GameResult::ZeroHalf, true),
            ('L', 'D') => (GameResult::ZeroHalf, false),
            ('?', '?') => (GameResult::Adjourned, true),
            (' ', ' ') => (GameResult::NotPlayed, true),
            _ => return None,
        },
    )
}

fn parse_date(text: &str) -> Option<Date> {
    let parts: Vec<&str> = text.split(['/', '-', '.']).collect();
    let year: u16 = parts.first()?.parse().ok()?;
    if year == 0 {
        return None;
    }
    let month: u8 = parts.get(1).map_or(Some(0), |m| m.parse().ok())?;
    let day: u8 = parts.get(2).map_or(Some(0), |d| d.parse().ok())?;
    (month <= 12 && day <= 31).then_some(Date { year, month, day })
}

/// Header text after the tag (column 5 on), trimmed.
fn header_value(raw: &str) -> String {
    raw.chars().skip(4).collect::<String>().trim().to_owned()
}

fn error(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// Detects the pairing system from 092/192 text.
fn system_from_text(text: &str) -> Option<System> {
    let t = text.to_ascii_lowercase();
    let rr = t.contains("round robin")
        || t.contains("round-robin")
        || t.contains("round_robin")
        || t.contains("roundrobin")
        || t.contains("berger");
    if rr && t.contains("double") {
        Some(System::DoubleRoundRobin)
    } else if rr {
        Some(System::RoundRobin)
    } else if t.contains("swiss") || t.contains("dutch") {
        Some(System::Swiss)
    } else {
        None
    }
}

/// A tournament read from a TRF, and what the file held that the
/// tournament does not keep or apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    pub tournament: Tournament,
    /// One per record (or group of records) not kept as written, in file order.
    pub warnings: Vec<TrfWarning>,
}

impl Import {
    /// Withdraws the players the file shows absent — neither paired nor
    /// given a bye — from some round to the last paired one, after taking
    /// part before, and with no bye requested for the next round: TRF has
    /// no field for a withdrawal (a withdrawn player's later rounds are
    /// blank, or `0000 - -`), and pairing such a player again would bring
    /// back someone who left. Each is named by a warning on his `001` line
    /// (`document` is the file read), so the arbiter can take it back.
    pub fn withdraw_the_absent(&mut self, document: &Document) {
        let t = &mut self.tournament;
        let paired = t.rounds_paired();
        if paired == 0 {
            return;
        }
        let absent = |t: &Tournament, player: StartNumber, round: u32| {
            matches!(
                t.participation(player, round),
                Some(Participation::Bye(ByeKind::Absent))
            )
        };
        let mut found = Vec::new();
        for player in &t.players {
            if player.withdrawn_from.is_some() || player.requested_byes.contains_key(&(paired + 1))
            {
                continue;
            }
            let sn = player.start_number;
            let mut from = paired + 1;
            while from > 1 && absent(t, sn, from - 1) {
                from -= 1;
            }
            // Absent in the last round, present in an earlier one.
            if from <= paired && from > 1 {
                found.push((sn, from));
            }
        }
        for (sn, from) in found {
            if let Some(p) = t.players.iter_mut().find(|p| p.start_number == sn) {
                p.withdrawn_from = Some(from);
            }
            let line = document
                .lines
                .iter()
                .find(|l| matches!(&l.record, Record::Player(p) if p.start_number == sn))
                .map_or(0, |l| l.number);
            self.warnings.push(TrfWarning {
                line,
                kind: TrfWarningKind::WithdrawnAfterAbsence(from),
            });
        }
        self.warnings.sort_by_key(|w| w.line);
    }
}

impl Document {
    /// Interprets the document as a tournament (see [`Document::import`]
    /// for what it leaves out).
    pub fn to_tournament(&self) -> Result<Tournament, TrfError> {
        self.import().map(|i| i.tournament)
    }

    /// Interprets the document as a tournament and reports every record
    /// it does not keep or apply: an unknown tag, a `192` system this crate
    /// does not pair, a `172` method other than FIDON, `299` points (kept
    /// and written back, not applied to scores), an `X` of `162` other than
    /// a draw's, team records (see `read_team_tournament`).
    pub fn import(&self) -> Result<Import, TrfError> {
        let mut warnings = Vec::new();
        let t = self.interpret(&mut warnings)?;
        Ok(Import {
            tournament: t,
            warnings,
        })
    }

    fn interpret(&self, warnings: &mut Vec<TrfWarning>) -> Result<Tournament, TrfError> {
        let mut t = Tournament::default();
        // Team records are kept verbatim; a defective one is still refused.
        let teams = self.has_teams();
        self.team_records()?;
        let mut info = EventInfo::default();
        let mut pairing = PairingOptions::default();
        let mut scoring = Scoring::default();
        let mut absent_next: Vec<StartNumber> = Vec::new();
        let mut records: Vec<(usize, &PlayerRecord)> = Vec::new();
        for line in &self.lines {
            let n = line.number;
            match &line.record {
                Record::Player(p) => records.push((n, p)),
                Record::Rounds(r) => t.planned_rounds = *r,
                Record::Configuration(tokens) => {
                    for token in tokens {
                        match token.as_str() {
                            "rank" => pairing.use_rank = true,
                            "white1" => pairing.initial_colour = Some(Colour::White),
                            "black1" => pairing.initial_colour = Some(Colour::Black),
                            _ => {}
                        }
                    }
                }
                Record::Scoring(tokens) => {
                    // Later entries override earlier ones; unnamed codes keep
                    // their standard value (PAB stays 1 unless given).
                    for token in tokens {
                        if let Some((code, p)) = scoring_entry(token) {
                            apply_xxs(&mut scoring, code, p);
                        }
                    }
                }
                Record::Absent(players) => absent_next.extend(players.iter().copied()),
                Record::ForbiddenPairs(players) => pairing.forbidden_pairs.push(players.clone()),
                Record::Acceleration { player, points } => {
                    pairing.accelerations.insert(
                        *player,
                        points.iter().map(|p| p.unwrap_or(Points::ZERO)).collect(),
                    );
                }
                Record::Byes { .. }
                | Record::AcceleratedRounds { .. }
                | Record::NationalRating(_)
                | Record::Grade { .. } => {}
                Record::Regulations(name) => info.regulations = Some(name.clone()),
                Record::AbnormalPoints(a) => {
                    info.abnormal_points.push(a.clone());
                    warnings.push(TrfWarning {
                        line: n,
                        kind: TrfWarningKind::AbnormalPointsNotApplied,
                    });
                }
                Record::ProhibitedPairings {
                    first_round,
                    last_round,
                    players,
                } => {
                    pairing
                        .forbidden_pairs_in_rounds
                        .push(crate::model::ForbiddenInRounds {
                            first_round: *first_round,
                            last_round: *last_round,
                            players: players.clone(),
                        });
                }
                Record::Verbatim(raw) => {
                    let context = Header {
                        t: &mut t,
                        info: &mut info,
                        pairing: &mut pairing,
                        scoring: &mut scoring,
                        warnings: &mut *warnings,
                    };
                    header(raw, n, teams, context)?;
                }
            }
        }
        t.info = info;
        t.scoring = scoring;

        // Players, sorted by start number, unique.
        records.sort_by_key(|(_, p)| p.start_number);
        for pair in records.windows(2) {
            if pair[0].1.start_number == pair[1].1.start_number {
                let (line, p) = pair[1];
                return Err(error(
                    line,
                    5,
                    TrfErrorKind::DuplicateStartNumber(p.start_number),
                ));
            }
        }
        // One person, one entry: a FIDE id held by two start numbers is
        // named at the later line (a typing slip or a player entered twice;
        // the arbiter decides which).
        let mut fide_ids: BTreeMap<u64, StartNumber> = BTreeMap::new();
        for &(line, p) in &records {
            if let Some(id) = p.fide_id.filter(|id| *id != 0) {
                if let Some(&first) = fide_ids.get(&id) {
                    warnings.push(TrfWarning {
                        line,
                        kind: TrfWarningKind::DuplicateFideId {
                            id,
                            start_number: first,
                        },
                    });
                } else {
                    fide_ids.insert(id, p.start_number);
                }
            }
        }
        let by_number: BTreeMap<StartNumber, (usize, &PlayerRecord)> = records
            .iter()
            .map(|&(line, p)| (p.start_number, (line, p)))
            .collect();
        t.players = records
            .iter()
            .map(|&(_, p)| player_from_record(p))
            .collect();
        for line in &self.lines {
            if let Record::NationalRating(record) = &line.record {
                let player = record.start_number;
                let index = t
                    .players
                    .binary_search_by_key(&player, |x| x.start_number)
                    .map_err(|_| error(line.number, 5, TrfErrorKind::UnknownPlayer(player)))?;
                if t.players[index].national_rating.is_none() {
                    t.players[index].national_rating = record.rating;
                }
                t.info.national_records.push(record.clone());
            }
            if let Record::Grade { player, points } = &line.record {
                let index = t
                    .players
                    .binary_search_by_key(player, |x| x.start_number)
                    .map_err(|_| error(line.number, 5, TrfErrorKind::UnknownPlayer(*player)))?;
                t.players[index].grade_points = Some(*points);
            }
        }

        // Acceleration by ranges (250) now that players are known.
        for line in &self.lines {
            if let Record::AcceleratedRounds {
                game_points,
                first_round,
                last_round,
                first_player,
                last_player,
                ..
            } = &line.record
            {
                if teams {
                    // Team acceleration is not applied to the individual
                    // event (nor, yet, to the team event).
                    warnings.push(TrfWarning {
                        line: line.number,
                        kind: TrfWarningKind::TeamAccelerationNotApplied,
                    });
                    continue;
                }
                let game_points = game_points.ok_or_else(|| {
                    error(line.number, 10, TrfErrorKind::OutOfRange("game points"))
                })?;
                for player in *first_player..=*last_player {
                    if !by_number.contains_key(&player) {
                        continue;
                    }
                    let list = pairing.accelerations.entry(player).or_default();
                    let needed = usize::try_from(*last_round).unwrap_or(usize::MAX);
                    if list.len() < needed {
                        list.resize(needed, Points::ZERO);
                    }
                    for round in *first_round..=*last_round {
                        list[round as usize - 1] = game_points;
                    }
                }
            }
        }
        let check_known = |players: &[StartNumber], line: usize| -> Result<(), TrfError> {
            match players.iter().find(|p| !by_number.contains_key(p)) {
                Some(&p) => Err(error(line, 5, TrfErrorKind::UnknownPlayer(p))),
                None => Ok(()),
            }
        };
        for line in &self.lines {
            match &line.record {
                Record::ForbiddenPairs(players)
                | Record::Absent(players)
                | Record::ProhibitedPairings { players, .. } => check_known(players, line.number)?,
                // In a team event, 240 records give byes to teams.
                Record::Byes { players, .. } if !teams => check_known(players, line.number)?,
                Record::Acceleration { player, .. } => {
                    check_known(std::slice::from_ref(player), line.number)?;
                }
                _ => {}
            }
        }
        // Canonical form: no trailing zero rounds, no all-zero players.
        for list in pairing.accelerations.values_mut() {
            while list.last() == Some(&Points::ZERO) {
                list.pop();
            }
        }
        pairing.accelerations.retain(|_, list| !list.is_empty());
        t.pairing = pairing;

        // Rounds.
        let paired_rounds = records
            .iter()
            .filter_map(|(_, p)| p.rounds.iter().rposition(cell_was_paired).map(|i| i + 1))
            .max()
            .unwrap_or(0);
        for &(line, p) in &records {
            if p.rounds.len() > paired_rounds + 1 {
                let column = 92 + 10 * (paired_rounds + 1);
                return Err(error(line, column, TrfErrorKind::TooManyFutureRounds));
            }
        }
        for round_index in 0..paired_rounds {
            let round_number = u32::try_from(round_index + 1).unwrap_or(u32::MAX);
            let mut round = Round::default();
            for &(line, p) in &records {
                let Some(cell) = p.rounds.get(round_index) else {
                    continue;
                };
                let column = 92 + 10 * round_index;
                if cell.is_blank() {
                    continue;
                }
                let Some(q) = cell.real_opponent() else {
                    round.byes.push(Bye {
                        player: p.start_number,
                        kind: bye_kind_of_cell(cell),
                    });
                    continue;
                };
                let &(_, other) = by_number
                    .get(&q)
                    .ok_or_else(|| error(line, column, TrfErrorKind::UnknownPlayer(q)))?;
                let inconsistent = || {
                    error(
                        line,
                        column,
                        TrfErrorKind::Inconsistent {
                            round: round_number,
                            other: q,
                        },
                    )
                };
                let theirs = other
                    .rounds
                    .get(round_index)
                    .copied()
                    .unwrap_or(RoundCell::BLANK);
                if theirs.real_opponent() != Some(p.start_number) {
                    return Err(inconsistent());
                }
                let white_is_me = match (cell.colour, theirs.colour) {
                    ('w', 'b') => true,
                    ('b', 'w') => false,
                    ('-', '-') => p.start_number < q,
                    _ => return Err(inconsistent()),
                };
                let (white_code, black_code) = if white_is_me {
                    (cell.result, theirs.result)
                } else {
                    (theirs.result, cell.result)
                };
                let unknown = [white_code, black_code]
                    .into_iter()
                    .find(|c| !super::parse::is_result_code(c.to_ascii_uppercase()));
                let (result, rated) = match unknown {
                    // An unknown symbol is an unknown result (Q166): the
                    // game counts as adjourned until its result is known.
                    Some(symbol) => {
                        if white_is_me {
                            warnings.push(TrfWarning {
                                line,
                                kind: TrfWarningKind::UnknownResult(symbol),
                            });
                        }
                        (GameResult::Adjourned, true)
                    }
                    None => board_result(white_code, black_code).ok_or_else(inconsistent)?,
                };
                if white_is_me {
                    round.boards.push(Board {
                        white: p.start_number,
                        black: q,
                        result,
                        rated,
                    });
                }
            }
            round.boards.sort_by_key(|b| b.white.min(b.black));
            t.rounds.push(round);
        }

        // Requested byes: the column after the last paired round, and 240 records.
        for (&(_, p), player) in records.iter().zip(t.players.iter_mut()) {
            if let Some(cell) = p.rounds.get(paired_rounds).filter(|c| !c.is_blank()) {
                let kind = match bye_kind_of_cell(cell) {
                    ByeKind::Absent => ByeKind::ZeroPoint,
                    other => other,
                };
                let next = u32::try_from(paired_rounds + 1).unwrap_or(u32::MAX);
                player.requested_byes.insert(next, kind);
            }
        }
        let next = u32::try_from(paired_rounds + 1).unwrap_or(u32::MAX);
        for p in absent_next {
            if let Ok(i) = t.players.binary_search_by_key(&p, |x| x.start_number) {
                t.players[i].requested_byes.insert(next, ByeKind::ZeroPoint);
            }
        }
        for line in &self.lines {
            if let Record::Byes {
                kind,
                round,
                players,
            } = &line.record
                && !teams
            {
                for p in players {
                    if let Ok(i) = t.players.binary_search_by_key(p, |x| x.start_number) {
                        t.players[i].requested_byes.insert(*round, *kind);
                    }
                }
            }
        }
        Ok(t)
    }
}

/// What a tournament record may change.
struct Header<'a> {
    t: &'a mut Tournament,
    info: &'a mut EventInfo,
    pairing: &'a mut PairingOptions,
    scoring: &'a mut Scoring,
    warnings: &'a mut Vec<TrfWarning>,
}

/// Interprets one verbatim line (tournament records); `teams` when the
/// file has team records (read by `read_team_tournament`, not here).
fn header(raw: &str, line: usize, teams: bool, h: Header<'_>) -> Result<(), TrfError> {
    let Header {
        t,
        info,
        pairing,
        scoring,
        warnings,
    } = h;
    let tag: String = raw.chars().take(3).collect();
    let value = header_value(raw);
    let some = |v: &str| (!v.is_empty()).then(|| v.to_owned());
    let mut warn = |kind| warnings.push(TrfWarning { line, kind });
    match tag.as_str() {
        "012" => t.name = value,
        "022" => info.city = some(&value),
        "032" => info.federation = some(&value),
        "042" => info.start_date = some(&value),
        "052" => info.end_date = some(&value),
        "092" => {
            if let Some(system) = system_from_text(&value) {
                t.system = system;
            }
            info.kind = some(&value);
        }
        "102" => info.chief_arbiter = some(&value),
        "112" => info.deputy_arbiters.extend(some(&value)),
        "122" => info.time_control = some(&value),
        "132" => {
            let chars: Vec<char> = raw.chars().collect();
            let mut dates = Vec::new();
            let mut column = 92;
            while column <= chars.len() {
                dates.push(field(&chars, column, 8).trim().to_owned());
                column += 10;
            }
            while dates.last().is_some_and(String::is_empty) {
                dates.pop();
            }
            info.round_dates = dates;
        }
        "142" => {
            let column = raw.find(|c: char| c.is_ascii_digit()).map_or(5, |i| i + 1);
            t.planned_rounds =
                round_number(&value, column).map_err(|(column, kind)| error(line, column, kind))?;
        }
        "152" => {
            pairing.initial_colour = match value.as_str() {
                "W" | "w" => Some(Colour::White),
                "B" | "b" => Some(Colour::Black),
                _ => {
                    let c = value.chars().next().unwrap_or(' ');
                    return Err(error(line, 5, TrfErrorKind::BadColour(c)));
                }
            };
        }
        "162" => {
            // Groups of 9 columns from column 6: code, then 4 columns of points.
            let chars: Vec<char> = raw.chars().collect();
            let mut column = 6;
            let mut pab = None;
            let (mut win, mut draw, mut loss, mut absent, mut unknown) =
                (None, None, None, None, None);
            while column <= chars.len() {
                let code = char_at(&chars, column);
                let p = points_field(&field(&chars, column + 1, 4), column + 1, "points")
                    .map_err(|(c, k)| error(line, c, k))?
                    .ok_or_else(|| error(line, column + 1, TrfErrorKind::BadScoring))?;
                match code {
                    'W' => win = Some(p),
                    'D' => draw = Some(p),
                    'L' => loss = Some(p),
                    'A' => absent = Some(p),
                    'P' => pab = Some(p),
                    'X' => unknown = Some(p),
                    _ => return Err(error(line, column, TrfErrorKind::BadScoring)),
                }
                column += 9;
            }
            let base = Scoring::new(
                win.unwrap_or(Points::ONE),
                draw.unwrap_or(Points::HALF),
                loss.unwrap_or(Points::ZERO),
            );
            if let Some(x) = unknown.filter(|&x| x != base.draw_white) {
                warn(TrfWarningKind::UnknownResultPoints(x));
            }
            let absent = absent.unwrap_or(Points::ZERO);
            *scoring = Scoring {
                zero_point_bye: absent,
                forfeit_loss: absent,
                absent,
                pairing_allocated_bye: pab.unwrap_or(base.win_white),
                ..base
            };
        }
        "172" => {
            // Federation in columns 5–7, method in 9–13; some programs write
            // the method alone from column 5.
            let tokens: Vec<&str> = value.split_whitespace().collect();
            let (federation, method) = match tokens.as_slice() {
                [method] => (String::new(), method.to_ascii_uppercase()),
                [federation, method] => ((*federation).to_owned(), method.to_ascii_uppercase()),
                _ => (String::new(), String::new()),
            };
            if !RatingMethod::CODES.contains(&method.as_str()) {
                return Err(error(line, 5, TrfErrorKind::BadRatingMethod(value.clone())));
            }
            if method != RatingMethod::APPLIED {
                warn(TrfWarningKind::RatingMethodNotApplied(method.clone()));
            }
            info.rating_methods
                .push(RatingMethod { federation, method });
        }
        "182" => info.pairing_controller = some(&value),
        "192" => {
            let code = value.to_ascii_uppercase();
            if code.starts_with("FIDE_TEAM") || code.contains("_TEAM_") {
                if !teams {
                    warn(TrfWarningKind::SystemNotPaired(value.clone()));
                }
            } else if let Some(system) = system_from_192(&code) {
                t.system = system;
            } else {
                warn(TrfWarningKind::SystemNotPaired(value.clone()));
            }
            pairing.baku = code.ends_with("_BAKU");
        }
        "202" => {
            t.tiebreaks = tiebreak_list(&value);
            if teams {
                for code in &t.tiebreaks {
                    if crate::team::ranking::parse_team_tiebreak(code).is_err() {
                        warn(TrfWarningKind::TeamTiebreakNotSupported(code.clone()));
                    }
                }
            }
        }
        "212" => info.standings_tiebreaks = tiebreak_list(&value),
        "222" => info.time_control_code = some(&value),
        "062" | "072" | "082" | "###" | "801" | "802" => {}
        _ if raw.trim().is_empty() => {}
        _ if teams && ["013", "300", "310", "320", "330", "352", "362"].contains(&tag.as_str()) => {
            warn(TrfWarningKind::TeamRecord(tag));
        }
        _ if tag.starts_with("BB") => {}
        _ => warn(TrfWarningKind::UnknownRecord(tag)),
    }
    Ok(())
}

/// A `202`/`212` list: codes separated by commas (blanks around them dropped).
fn tiebreak_list(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The individual systems of the Encoded Tournament Type table (ETT26)
/// this crate pairs: the FIDE Dutch system of any edition (with or without
/// `_BAKU`) and Berger round robins.
fn system_from_192(code: &str) -> Option<System> {
    let code = code.strip_suffix("_BAKU").unwrap_or(code);
    match code {
        "FIDE_DUTCH" | "FIDE_DUTCH_2017" | "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => {
            Some(System::Swiss)
        }
        "FIDE_ROUNDROBIN" | "BERGER_ROUNDROBIN" | "BERGER_ROUNDROBIN_G1" => {
            Some(System::RoundRobin)
        }
        "FIDE_DOUBLEROUNDROBIN" | "BERGER_DOUBLEROUNDROBIN" | "BERGER_ROUNDROBIN_G2" => {
            Some(System::DoubleRoundRobin)
        }
        _ => None,
    }
}

fn player_from_record(p: &PlayerRecord) -> Player {
    let sex = match p.sex {
        'm' | 'M' => Some(Sex::Male),
        'w' | 'W' | 'f' | 'F' => Some(Sex::Female),
        _ => None,
    };
    Player {
        start_number: p.start_number,
        name: p.name.clone(),
        sex,
        title: Title::parse(&p.title),
        fide_id: p.fide_id,
        federation: (!p.federation.is_empty()).then(|| p.federation.clone()),
        birth_date: parse_date(&p.birth_date),
        fide_rating: p.rating,
        reported_points: p.points,
        reported_rank: p.rank,
        ..Player::default()
    }
}
