//! Replaying PGN games on the board: every main-line SAN becomes a legal move
//! played from the start position (the `FEN` tag, or the standard start).

use std::borrow::Cow;

use crate::attacks::Sliders;
use crate::{Position, Setup};

use super::Location;
use super::error::{PgnError, PgnErrorKind};
use super::reader::{Event, GameResult, Reader, TagValue};

/// A game as far as it could be replayed.
#[derive(Clone, Debug)]
pub struct ReplayedGame<'a> {
    /// 1-based number of the game in the input.
    pub number: usize,
    /// Tag pairs in file order (values still escaped; see [`TagValue::decode`]).
    pub tags: Vec<(&'a str, TagValue<'a>)>,
    /// The start position: the `FEN` tag's, or the standard one. `None` when
    /// the `FEN` tag does not describe a legal position.
    pub start: Option<Position>,
    /// The position after the last legal main-line move (the start position
    /// when there is none); `None` exactly when `start` is.
    pub position: Option<Position>,
    /// Main-line half-moves played.
    pub plies: usize,
    /// The game termination marker, if the movetext had one.
    pub result: Option<GameResult>,
    /// How often [`ReplayedGame::position`] has occurred since the last
    /// irreversible move, itself included (Art. 9.2.2 / 10.10 identity, via
    /// [`Position::same_position`]); only counted when the replayer was built
    /// with [`Replayer::counting_repetitions`], 0 otherwise.
    pub repetitions: usize,
    /// Why the game could not be read or replayed to its end.
    pub error: Option<PgnError>,
}

impl ReplayedGame<'_> {
    /// The decoded value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<Cow<'_, str>> {
        self.tags
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.decode())
    }
}

/// Replays every game of a PGN text, one [`ReplayedGame`] per game.
///
/// Only the main line is played; variations are skipped (their moves are not
/// checked). A game whose `FEN` tag is not a legal position, or one of whose
/// moves is illegal, ambiguous or malformed, ends with an error located at the
/// tag or the move; reading then resumes at the next game.
///
/// ```
/// use rules::pgn::Replayer;
/// let pgn = b"1. f3 e5 2. g4 Qh4# 0-1\n";
/// let game = Replayer::new(pgn).next().unwrap();
/// assert_eq!(game.plies, 4);
/// assert!(game.position.unwrap().is_checkmate());
/// ```
#[derive(Clone, Debug)]
pub struct Replayer<'a> {
    reader: Reader<'a>,
    startpos: Position,
    games: usize,
    count_repetitions: bool,
    history: Vec<Position>,
    sliders: Sliders,
}

impl<'a> Replayer<'a> {
    /// A replayer over a PGN text (UTF-8 or ISO 8859-1).
    pub fn new(input: &'a [u8]) -> Replayer<'a> {
        Replayer {
            reader: Reader::new(input).without_annotations(),
            startpos: Position::startpos(),
            games: 0,
            count_repetitions: false,
            history: Vec::new(),
            sliders: Sliders::get(),
        }
    }

    /// Also count how often each game's final position has occurred since
    /// the last irreversible move ([`ReplayedGame::repetitions`]).
    pub fn counting_repetitions(mut self) -> Replayer<'a> {
        self.count_repetitions = true;
        self
    }

    fn start_position(
        &self,
        tags: &[(&'a str, TagValue<'a>)],
        at: Location,
    ) -> Result<Position, PgnError> {
        let fen = tags.iter().rev().find(|(n, _)| *n == "FEN").map(|(_, v)| v);
        let set_up = tags
            .iter()
            .rev()
            .find(|(n, _)| *n == "SetUp")
            .map(|(_, v)| v);
        match fen {
            Some(fen) => {
                let text = fen.decode();
                Setup::from_fen(text.trim())
                    .map_err(crate::PositionError::Fen)
                    .and_then(Position::from_setup)
                    .map_err(|e| PgnError::new(at, PgnErrorKind::BadFen(e)))
            }
            None if set_up.is_some_and(|v| v.raw() == b"1") => {
                Err(PgnError::new(at, PgnErrorKind::SetUpWithoutFen))
            }
            None => Ok(self.startpos),
        }
    }
}

impl<'a> Iterator for Replayer<'a> {
    type Item = ReplayedGame<'a>;

    fn next(&mut self) -> Option<ReplayedGame<'a>> {
        // Skip to the start of the next game.
        loop {
            if let Ok(Event::BeginGame) = self.reader.next_event()? {
                break;
            }
        }
        self.games += 1;
        let mut game = ReplayedGame {
            number: self.games,
            tags: Vec::with_capacity(16),
            start: None,
            position: None,
            plies: 0,
            result: None,
            repetitions: 0,
            error: None,
        };
        let mut fen_at = self.reader.location();
        // Tag section.
        loop {
            match self.reader.next_event() {
                Some(Ok(Event::Tag { name, value })) => {
                    if name == "FEN" || name == "SetUp" {
                        fen_at = self.reader.location();
                    }
                    game.tags.push((name, value));
                }
                Some(Ok(Event::EndTags)) => break,
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    game.error = Some(e);
                    return Some(game);
                }
                None => return Some(game),
            }
        }
        let mut pos = match self.start_position(&game.tags, fen_at) {
            Ok(pos) => pos,
            Err(e) => {
                game.error = Some(e);
                self.reader.skip_game();
                return Some(game);
            }
        };
        game.start = Some(pos);
        self.history.clear();
        if self.count_repetitions {
            self.history.push(pos);
        }
        // Movetext.
        loop {
            let event = self.reader.next_event();
            // A move first, by a plain test (as in the reader).
            if let Some(Ok(Event::San(san))) = event {
                if self.reader.variation_depth() > 0 {
                    continue;
                }
                let parsed = match super::san::resolve(&pos, self.sliders, san) {
                    Some(m) => Ok(m),
                    None => pos.parse_san(san),
                };
                match parsed {
                    Ok(m) => {
                        pos.play_unchecked(m);
                        game.plies += 1;
                        if self.count_repetitions {
                            if pos.halfmove_clock() == 0 {
                                self.history.clear();
                            }
                            self.history.push(pos);
                        }
                    }
                    Err(error) => {
                        let location = self.reader.location();
                        game.error = Some(PgnError::new(
                            location,
                            PgnErrorKind::Move {
                                ply: game.plies + 1,
                                number: pos.fullmove_number(),
                                black: pos.turn() == crate::Color::Black,
                                error,
                            },
                        ));
                        self.reader.skip_game();
                        break;
                    }
                }
                continue;
            }
            match event {
                Some(Ok(Event::Result(result))) => game.result = Some(result),
                Some(Ok(Event::EndGame)) | None => break,
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    game.error = Some(e);
                    break;
                }
            }
        }
        if self.count_repetitions {
            let key = pos.repetition_key();
            game.repetitions = self
                .history
                .iter()
                .filter(|p| p.repetition_key() == key && p.same_position(&pos))
                .count();
        }
        game.position = Some(pos);
        Some(game)
    }
}
