//! [`Tournament`] → [`Document`] → text.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use super::error::ExportError;
use super::records::{Document, Format, Line, PlayerRecord, Record, RoundCell};
use crate::model::{
    AbnormalPoints, Board, ByeKind, Colour, Date, GameResult, NationalRecord, Player, Points,
    RatingMethod, Round, Scoring, Sex, StartNumber, System, Tournament,
};
use crate::standings::{StandingsOptions, compute_standings};

/// Writes a tournament as TRF in the given format. Values that do not fit
/// their columns (see [`try_write_tournament`]) break the column layout.
pub fn write_tournament(tournament: &Tournament, format: Format) -> String {
    Document::from_tournament(tournament, format).to_string()
}

/// Like [`write_tournament`], but refuses values that do not fit their
/// columns instead of writing a file other programs would misread.
pub fn try_write_tournament(
    tournament: &Tournament,
    format: Format,
) -> Result<String, ExportError> {
    let document = Document::from_tournament(tournament, format);
    for line in &document.lines {
        match &line.record {
            Record::Player(p) => {
                let n = p.start_number;
                if n == 0 || n > 9999 {
                    return Err(ExportError::StartNumber(n));
                }
                if let Some(rating) = p.rating.filter(|&r| r > 9999) {
                    return Err(ExportError::Rating { player: n, rating });
                }
                if let Some(id) = p.fide_id.filter(|&id| id > 99_999_999_999) {
                    return Err(ExportError::FideId { player: n, id });
                }
                if let Some(points) = p.points.filter(|p| p.tenths() > 999) {
                    return Err(ExportError::Points { player: n, points });
                }
            }
            Record::Byes { round, .. } if *round > 999 => return Err(ExportError::Round(*round)),
            Record::ProhibitedPairings { last_round, .. }
            | Record::AcceleratedRounds { last_round, .. }
                if *last_round > 999 =>
            {
                return Err(ExportError::Round(*last_round));
            }
            _ => {}
        }
    }
    Ok(document.to_string())
}

/// The two result codes of a board. An adjourned game is `?` in TRF-2026;
/// TRF16 has no such code, and its pairing engines take an adjourned game
/// as a draw, so it is written `=` there.
fn result_codes(board: &Board, format: Format) -> (char, char) {
    match (board.result, board.rated) {
        (GameResult::Adjourned, _) if format == Format::Trf16 => ('=', '='),
        (GameResult::WhiteWins, true) => ('1', '0'),
        (GameResult::BlackWins, true) => ('0', '1'),
        (GameResult::Draw, true) => ('=', '='),
        (GameResult::WhiteWins, false) => ('W', 'L'),
        (GameResult::BlackWins, false) => ('L', 'W'),
        (GameResult::Draw, false) => ('D', 'D'),
        (GameResult::WhiteWinsByForfeit, _) => ('+', '-'),
        (GameResult::BlackWinsByForfeit, _) => ('-', '+'),
        (GameResult::DoubleForfeit, _) => ('-', '-'),
        (GameResult::BothLose, true) => ('0', '0'),
        (GameResult::BothLose, false) => ('L', 'L'),
        (GameResult::HalfZero, true) => ('=', '0'),
        (GameResult::HalfZero, false) => ('D', 'L'),
        (GameResult::ZeroHalf, true) => ('0', '='),
        (GameResult::ZeroHalf, false) => ('L', 'D'),
        (GameResult::NotPlayed, _) => (' ', ' '),
        (GameResult::Adjourned, _) => ('?', '?'),
    }
}

fn bye_code(kind: ByeKind) -> char {
    match kind {
        ByeKind::PairingAllocated => 'U',
        ByeKind::FullPoint => 'F',
        ByeKind::HalfPoint => 'H',
        ByeKind::ZeroPoint => 'Z',
        ByeKind::Absent => '-',
    }
}

fn format_date(date: Date) -> String {
    if date.month == 0 && date.day == 0 {
        format!("{:04}", date.year)
    } else {
        format!("{:04}/{:02}/{:02}", date.year, date.month, date.day)
    }
}

impl Document {
    /// Builds the document for a tournament in the given format: in
    /// TRF-2026 with `192` and, where the model has no rank, the rank its
    /// own tie-breaks give.
    pub fn from_tournament(t: &Tournament, format: Format) -> Document {
        Document::from_players(t, format, true)
    }

    /// The individual part of a file; `individual_event` adds the `192`
    /// code of the individual system and fills the rank column (a team
    /// file writes its own `192` and ranks teams).
    pub(super) fn from_players(t: &Tournament, format: Format, individual_event: bool) -> Document {
        let mut out: Vec<Record> = Vec::new();
        let mut verbatim = |tag: &str, value: &str| {
            out.push(Record::Verbatim(format!("{tag} {value}")));
        };
        verbatim("012", &t.name);
        let info = &t.info;
        for (tag, value) in [
            ("022", &info.city),
            ("032", &info.federation),
            ("042", &info.start_date),
            ("052", &info.end_date),
        ] {
            if let Some(v) = value {
                verbatim(tag, v);
            }
        }
        verbatim("062", &t.players.len().to_string());
        let rated = t
            .players
            .iter()
            .filter(|p| p.fide_rating.is_some_and(|r| r > 0))
            .count();
        verbatim("072", &rated.to_string());
        if let Some(kind) = &info.kind {
            verbatim("092", kind);
        }
        if let Some(v) = &info.chief_arbiter {
            verbatim("102", v);
        }
        for deputy in &info.deputy_arbiters {
            verbatim("112", deputy);
        }
        if let Some(v) = &info.time_control {
            verbatim("122", v);
        }
        if !info.round_dates.is_empty() {
            let mut line = format!("{:<89}", "132");
            for date in &info.round_dates {
                line.push_str(&format!("  {date:<8}"));
            }
            out.push(Record::Verbatim(line.trim_end().to_owned()));
        }
        let p = &t.pairing;
        match format {
            Format::Trf16 => {
                if t.planned_rounds > 0 {
                    out.push(Record::Rounds(t.planned_rounds));
                }
                let mut xxc = Vec::new();
                if p.use_rank {
                    xxc.push("rank".to_owned());
                }
                match p.initial_colour {
                    Some(Colour::White) => xxc.push("white1".to_owned()),
                    Some(Colour::Black) => xxc.push("black1".to_owned()),
                    None => {}
                }
                if !xxc.is_empty() {
                    out.push(Record::Configuration(xxc));
                }
                if t.scoring != Scoring::default() {
                    out.push(Record::Scoring(xxs_tokens(&t.scoring)));
                }
            }
            Format::Trf2026 => {
                if t.planned_rounds > 0 {
                    out.push(Record::Verbatim(format!("142 {}", t.planned_rounds)));
                }
                match p.initial_colour {
                    Some(Colour::White) => out.push(Record::Verbatim("152 W".into())),
                    Some(Colour::Black) => out.push(Record::Verbatim("152 B".into())),
                    None => {}
                }
                let adjourned = t
                    .rounds
                    .iter()
                    .flat_map(|r| &r.boards)
                    .any(|b| b.result == GameResult::Adjourned);
                if t.scoring != Scoring::default() || adjourned {
                    match scoring_162(&t.scoring, adjourned) {
                        Some(line) => out.push(Record::Verbatim(line)),
                        None => out.push(Record::Scoring(xxs_tokens(&t.scoring))),
                    }
                }
                let national = national_records(t);
                for method in rating_methods(t, &national) {
                    let line = if method.federation.is_empty() {
                        format!("172 {}", method.method)
                    } else {
                        format!("172 {:<3} {}", method.federation, method.method)
                    };
                    out.push(Record::Verbatim(line));
                }
                if let Some(v) = &info.pairing_controller {
                    verbatim_line(&mut out, "182", v);
                }
                if individual_event {
                    out.push(Record::Verbatim(format!("192 {}", system_code(t))));
                }
                if !t.tiebreaks.is_empty() {
                    out.push(Record::Verbatim(format!("202 {}", t.tiebreaks.join(","))));
                }
                if !info.standings_tiebreaks.is_empty() {
                    out.push(Record::Verbatim(format!(
                        "212 {}",
                        info.standings_tiebreaks.join(",")
                    )));
                }
                if let Some(v) = &info.time_control_code {
                    verbatim_line(&mut out, "222", v);
                }
                if p.use_rank {
                    out.push(Record::Configuration(vec!["rank".into()]));
                }
            }
        }
        for group in &p.forbidden_pairs {
            out.push(Record::ForbiddenPairs(group.clone()));
        }
        for f in &p.forbidden_pairs_in_rounds {
            out.push(Record::ProhibitedPairings {
                first_round: f.first_round,
                last_round: f.last_round,
                players: f.players.clone(),
            });
        }
        if let Some(name) = info.regulations.as_deref().filter(|n| is_profile_name(n)) {
            out.push(Record::Regulations(name.to_owned()));
        }
        for player in &t.players {
            if let Some(points) = player.grade_points {
                out.push(Record::Grade {
                    player: player.start_number,
                    points,
                });
            }
        }
        for (&player, points) in &p.accelerations {
            match format {
                Format::Trf16 => out.push(Record::Acceleration {
                    player,
                    points: points.iter().map(|&x| Some(x)).collect(),
                }),
                Format::Trf2026 => {
                    // One 250 record per run of equal non-zero points.
                    let mut start = 0;
                    while start < points.len() {
                        let mut end = start;
                        while end + 1 < points.len() && points[end + 1] == points[start] {
                            end += 1;
                        }
                        if points[start] != Points::ZERO {
                            out.push(Record::AcceleratedRounds {
                                match_points: None,
                                game_points: Some(points[start]),
                                first_round: start as u32 + 1,
                                last_round: end as u32 + 1,
                                first_player: player,
                                last_player: player,
                            });
                        }
                        start = end + 1;
                    }
                }
            }
        }
        // Requested byes beyond the next round go into 240 records.
        let next = t.rounds_paired() + 1;
        let mut later: BTreeMap<(u32, ByeKind), Vec<StartNumber>> = BTreeMap::new();
        for player in &t.players {
            for (&round, &kind) in &player.requested_byes {
                let kind = match kind {
                    ByeKind::FullPoint | ByeKind::HalfPoint | ByeKind::ZeroPoint => kind,
                    ByeKind::Absent => ByeKind::ZeroPoint,
                    ByeKind::PairingAllocated => continue,
                };
                if round != next {
                    later
                        .entry((round, kind))
                        .or_default()
                        .push(player.start_number);
                }
            }
        }
        for ((round, kind), players) in later {
            out.push(Record::Byes {
                kind,
                round,
                players,
            });
        }
        if format == Format::Trf2026 {
            for a in &info.abnormal_points {
                out.push(Record::AbnormalPoints(a.clone()));
            }
        }
        let cells: Vec<_> = t
            .rounds
            .iter()
            .map(|round| round_cells(t, round, format))
            .collect();
        let ranks = if individual_event {
            ranks(t)
        } else {
            HashMap::new()
        };
        let national = match format {
            Format::Trf2026 => national_records(t),
            Format::Trf16 => Vec::new(),
        };
        for player in &t.players {
            let mut record = record_from_player(t, &cells, player, next);
            if record.rank.is_none() {
                record.rank = ranks.get(&player.start_number).copied();
            }
            out.push(Record::Player(record));
            for n in national
                .iter()
                .filter(|n| n.start_number == player.start_number)
            {
                out.push(Record::NationalRating(n.clone()));
            }
        }
        Document {
            lines: out
                .into_iter()
                .map(|record| Line { number: 0, record })
                .collect(),
            line_ending: "\n".to_owned(),
        }
    }
}

/// A tournament record (`tag value`), one line: a value that holds a line
/// break is cut there.
fn verbatim_line(out: &mut Vec<Record>, tag: &str, value: &str) {
    let value = value.lines().next().unwrap_or_default();
    out.push(Record::Verbatim(format!("{tag} {value}")));
}

/// The `192` code of the Encoded Tournament Type table (ETT26) for the
/// event: `FIDE_DUTCH_2026` (Swiss, C.04.3 in force since 2026),
/// `FIDE_DUTCH_2026_BAKU` (with C.04.5 Baku acceleration), `FIDE_ROUNDROBIN`
/// and `FIDE_DOUBLEROUNDROBIN` (Berger tables, the first cycle's last two
/// rounds exchanged, as `round_robin` pairs it).
pub fn system_code(t: &Tournament) -> &'static str {
    match (t.system, t.pairing.baku) {
        (System::Swiss, false) => "FIDE_DUTCH_2026",
        (System::Swiss, true) => "FIDE_DUTCH_2026_BAKU",
        (System::RoundRobin, _) => "FIDE_ROUNDROBIN",
        (System::DoubleRoundRobin, _) => "FIDE_DOUBLEROUNDROBIN",
    }
}

/// The National Rating Support records to write: those read, with the
/// player's current national rating, and one for every other player who
/// has a national rating (federation: the `172` one, else the event's,
/// else the player's).
fn national_records(t: &Tournament) -> Vec<NationalRecord> {
    let info = &t.info;
    let mut out: Vec<NationalRecord> = Vec::new();
    for player in &t.players {
        let kept: Vec<&NationalRecord> = info
            .national_records
            .iter()
            .filter(|n| n.start_number == player.start_number)
            .collect();
        if kept.is_empty() {
            let Some(rating) = player.national_rating else {
                continue;
            };
            let federation = info
                .rating_methods
                .first()
                .map(|m| m.federation.clone())
                .or_else(|| info.federation.clone())
                .or_else(|| player.federation.clone())
                .filter(|f| f.len() == 3 && f.chars().all(|c| c.is_ascii_uppercase()))
                .unwrap_or_else(|| "FID".to_owned());
            out.push(NationalRecord {
                federation,
                start_number: player.start_number,
                sex: ' ',
                classification: String::new(),
                name: String::new(),
                rating: Some(rating),
                origin: String::new(),
                number: String::new(),
                birth_date: String::new(),
            });
        } else {
            for (i, n) in kept.into_iter().enumerate() {
                let mut n = n.clone();
                if i == 0 {
                    n.rating = player.national_rating;
                }
                out.push(n);
            }
        }
    }
    out
}

/// `172`: as read, or FIDON (what `Player::rating` applies) for the
/// federation of the national records when the file carries some.
fn rating_methods(t: &Tournament, national: &[NationalRecord]) -> Vec<RatingMethod> {
    if !t.info.rating_methods.is_empty() {
        return t.info.rating_methods.clone();
    }
    national
        .first()
        .map(|n| RatingMethod {
            federation: n.federation.clone(),
            method: RatingMethod::APPLIED.to_owned(),
        })
        .into_iter()
        .collect()
}

/// The rank column: the place in the standings the tournament's own
/// tie-break list and edition give (ties share the place); empty when the
/// list cannot be read or the rounds do not validate.
fn ranks(t: &Tournament) -> HashMap<StartNumber, u32> {
    if t.players.iter().all(|p| p.reported_rank.is_some()) {
        return HashMap::new();
    }
    let Ok(options) = StandingsOptions::for_tournament(t) else {
        return HashMap::new();
    };
    let Ok(standings) = compute_standings(t, &options) else {
        return HashMap::new();
    };
    standings
        .rows
        .iter()
        .map(|row| (row.start_number, row.rank))
        .collect()
}

fn xxs_tokens(s: &Scoring) -> Vec<String> {
    let entries = [
        ("WW", s.win_white),
        ("BW", s.win_black),
        ("WD", s.draw_white),
        ("BD", s.draw_black),
        ("WL", s.loss_white),
        ("BL", s.loss_black),
        ("ZPB", s.zero_point_bye),
        ("HPB", s.half_point_bye),
        ("FPB", s.full_point_bye),
        ("PAB", s.pairing_allocated_bye),
        ("FW", s.forfeit_win),
        ("FL", s.forfeit_loss),
    ];
    entries
        .iter()
        .map(|(code, p)| format!("{code}={}", short_points(*p)))
        .collect()
}

/// `1`, `0.5`, `3` — the short form JaVaFo writes in `XXS`.
fn short_points(p: Points) -> String {
    if p.tenths().is_multiple_of(10) {
        (p.tenths() / 10).to_string()
    } else {
        p.to_string()
    }
}

/// The TRF-2026 `162` line, if the scoring fits its five codes (and `X`,
/// an unknown result such as an adjourned game, at a draw's points when the
/// event has one).
fn scoring_162(s: &Scoring, adjourned: bool) -> Option<String> {
    let candidate = Scoring {
        zero_point_bye: s.absent,
        forfeit_loss: s.absent,
        pairing_allocated_bye: s.pairing_allocated_bye,
        ..Scoring::new(s.win_white, s.draw_white, s.loss_white)
    };
    if candidate != *s {
        return None;
    }
    let mut line = "162 ".to_owned();
    for (code, p) in [
        ('W', s.win_white),
        ('D', s.draw_white),
        ('L', s.loss_white),
        ('A', s.absent),
        ('P', s.pairing_allocated_bye),
    ] {
        line.push_str(&format!(" {code}{p:>4}   "));
    }
    if adjourned {
        line.push_str(&format!(" X{:>4}   ", s.draw_white));
    }
    Some(line.trim_end().to_owned())
}

/// Every listed player's cell and points in one round (one pass over the
/// round, so export stays linear in the number of players).
fn round_cells(
    t: &Tournament,
    round: &Round,
    format: Format,
) -> HashMap<StartNumber, (RoundCell, Points)> {
    // lookup only: order never reaches a result
    let mut cells = HashMap::with_capacity(round.boards.len() * 2 + round.byes.len());
    for board in &round.boards {
        let (white_code, black_code) = result_codes(board, format);
        let points = |colour| t.scoring.outcome(board.result.outcome_for(colour), colour);
        let white = RoundCell {
            opponent: Some(board.black),
            colour: 'w',
            result: white_code,
        };
        let black = RoundCell {
            opponent: Some(board.white),
            colour: 'b',
            result: black_code,
        };
        cells.insert(board.white, (white, points(Colour::White)));
        cells.insert(board.black, (black, points(Colour::Black)));
    }
    for bye in &round.byes {
        let cell = RoundCell {
            opponent: Some(0),
            colour: '-',
            result: bye_code(bye.kind),
        };
        cells
            .entry(bye.player)
            .or_insert((cell, t.scoring.bye(bye.kind)));
    }
    cells
}

fn record_from_player(
    t: &Tournament,
    cells: &[HashMap<StartNumber, (RoundCell, Points)>],
    player: &Player,
    next: u32,
) -> PlayerRecord {
    let me = player.start_number;
    let mut total = Points::ZERO;
    let mut rounds: Vec<RoundCell> = cells
        .iter()
        .map(|round| match round.get(&me) {
            Some(&(cell, points)) => {
                total += points;
                cell
            }
            None => {
                total += t.scoring.bye(ByeKind::Absent);
                RoundCell::BLANK
            }
        })
        .collect();
    if let Some(&kind) = player.requested_byes.get(&next) {
        rounds.push(RoundCell {
            opponent: Some(0),
            colour: '-',
            result: bye_code(kind),
        });
    }
    while rounds.last().is_some_and(RoundCell::is_blank) {
        rounds.pop();
    }
    PlayerRecord {
        start_number: me,
        sex: match player.sex {
            Some(Sex::Male) => 'm',
            Some(Sex::Female) => 'w',
            None => ' ',
        },
        title: player
            .title
            .map_or(String::new(), |t| t.trf_code().to_owned()),
        name: player.name.clone(),
        rating: player.fide_rating,
        federation: player.federation.clone().unwrap_or_default(),
        fide_id: player.fide_id,
        birth_date: player.birth_date.map(format_date).unwrap_or_default(),
        points: Some(player.reported_points.unwrap_or(total)),
        rank: player.reported_rank,
        rounds,
    }
}

fn opt<T: fmt::Display>(value: Option<T>) -> String {
    value.map_or(String::new(), |v| v.to_string())
}

impl fmt::Display for PlayerRecord {
    /// The `001` line, column-exact, without trailing blanks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name: String = self.name.chars().take(33).collect();
        let mut line = format!(
            "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            self.start_number,
            self.sex,
            self.title,
            name,
            opt(self.rating),
            self.federation,
            opt(self.fide_id),
            self.birth_date,
            opt(self.points),
            opt(self.rank),
        );
        for cell in &self.rounds {
            let opponent = match cell.opponent {
                None => "    ".to_owned(),
                Some(0) => "0000".to_owned(),
                Some(n) => format!("{n:>4}"),
            };
            line.push_str(&format!("  {opponent} {} {}", cell.colour, cell.result));
        }
        f.write_str(line.trim_end())
    }
}

/// Signed tenths as `-1.5`, `2.0`.
fn signed(tenths: i32) -> String {
    let sign = if tenths < 0 { "-" } else { "" };
    let t = tenths.unsigned_abs();
    format!("{sign}{}.{}", t / 10, t % 10)
}

/// `299`: type (5), match points (7–11), points (13–17), round (20–22,
/// `000` for every round), pairing numbers (24–27, 29–32, …).
fn write_abnormal(f: &mut fmt::Formatter<'_>, a: &AbnormalPoints) -> fmt::Result {
    let mut line = format!(
        "299 {} {:>5} {:>5}  {:03}",
        a.kind,
        a.match_points.map(signed).unwrap_or_default(),
        a.points.map(signed).unwrap_or_default(),
        a.round.unwrap_or(0)
    );
    for p in &a.participants {
        line.push_str(&format!(" {p:>4}"));
    }
    f.write_str(line.trim_end())
}

fn write_groups(line: &mut String, players: &[StartNumber]) {
    for p in players {
        line.push_str(&format!(" {p:04}"));
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Record::Player(p) => p.fmt(f),
            Record::Verbatim(raw) => f.write_str(raw.trim_end()),
            Record::NationalRating(n) => {
                let name: String = n.name.chars().take(33).collect();
                let line = format!(
                    "{:<3} {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10}",
                    n.federation,
                    n.start_number,
                    n.sex,
                    n.classification,
                    name,
                    opt(n.rating),
                    n.origin,
                    n.number,
                    n.birth_date,
                );
                f.write_str(line.trim_end())
            }
            Record::AbnormalPoints(a) => write_abnormal(f, a),
            Record::Rounds(n) => write!(f, "XXR {n}"),
            Record::Configuration(tokens) => write!(f, "XXC {}", tokens.join(" ")),
            Record::Scoring(tokens) => write!(f, "XXS {}", tokens.join(" ")),
            Record::ForbiddenPairs(players) | Record::Absent(players) => {
                let tag = if matches!(self, Record::Absent(_)) {
                    "XXZ"
                } else {
                    "XXP"
                };
                let list: Vec<String> = players.iter().map(u32::to_string).collect();
                write!(f, "{tag} {}", list.join(" "))
            }
            Record::Grade { player, points } => write!(f, "XXG {player:>4} {points}"),
            Record::Regulations(name) => write!(f, "XXL {name}"),
            Record::Acceleration { player, points } => {
                let mut line = format!("XXA {player:>4}");
                for p in points {
                    line.push_str(&format!(" {:>4}", opt(*p)));
                }
                f.write_str(line.trim_end())
            }
            Record::Byes {
                kind,
                round,
                players,
            } => {
                let mut line = format!("240 {} {round:03}", bye_code(*kind));
                write_groups(&mut line, players);
                f.write_str(&line)
            }
            Record::AcceleratedRounds {
                match_points,
                game_points,
                first_round,
                last_round,
                first_player,
                last_player,
            } => write!(
                f,
                "250 {:>4} {:>4} {first_round:03} {last_round:03} {first_player:04} {last_player:04}",
                opt(*match_points),
                opt(*game_points)
            ),
            Record::ProhibitedPairings {
                first_round,
                last_round,
                players,
            } => {
                let mut line = format!("260 {first_round:03} {last_round:03}");
                write_groups(&mut line, players);
                f.write_str(&line)
            }
        }
    }
}

impl fmt::Display for Document {
    /// The file text, one record per line, each followed by the line ending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ending = if self.line_ending.is_empty() {
            "\n"
        } else {
            &self.line_ending
        };
        for line in &self.lines {
            write!(f, "{}{ending}", line.record)?;
        }
        Ok(())
    }
}

/// Appends `comments` to a written file as `###` comment lines (TRF-2026
/// Remark 1: a line whose first three characters are `###`), one per
/// comment, each on one line: line breaks and other control characters
/// become spaces. The event log FIDE's endorsement checklist wants in the
/// file (`### Configuration @ Round 3: ...`).
pub fn append_comments(text: &mut String, comments: &[String]) {
    for comment in comments {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str("### ");
        text.extend(
            comment
                .trim()
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c }),
        );
        text.push('\n');
    }
}

/// Whether `name` can be written as an `XXL` record: one word of letters,
/// digits, `-` and `_`, at most 40 characters.
fn is_profile_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 40
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod comment_tests {
    use super::append_comments;

    #[test]
    fn a_comment_is_one_line_starting_with_three_pound_signs() {
        let mut text = "012 Open".to_owned();
        append_comments(
            &mut text,
            &["Configuration @ Round 3: rounds 9 -> 11\n### forged".to_owned()],
        );
        assert_eq!(
            text,
            "012 Open\n### Configuration @ Round 3: rounds 9 -> 11 ### forged\n"
        );
    }
}
