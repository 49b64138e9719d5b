//! A game's history as the prohibitions see it ([`RepetitionTracker`]):
//! fed move by move, it finds the cycle back to each position and judges
//! it, each playing on its own.

use std::sync::OnceLock;

use super::judgement::{Cycle, CycleMove, Judgement, Refusal, Verdict};
use super::reading::{MoveKind, Reading};
use super::{CYCLE_LIMIT, natural_limit_reached};
use crate::moves::Move;
use crate::position::Position;
use crate::verdict::IllegalMove;

/// One half-move of the history. What the move is for the prohibitions is
/// worked out only when a cycle needs it (most moves never stand in one),
/// then kept.
#[derive(Clone, Debug)]
struct Ply {
    mv: Move,
    reading: OnceLock<Reading>,
    after: Position,
}

impl Ply {
    /// What the move is; `before` is the position it was played from.
    fn reading(&self, before: &Position) -> &Reading {
        self.reading.get_or_init(|| {
            before.move_reading(self.mv).unwrap_or(Reading {
                kind: MoveKind::Idle,
                doubt: None,
            })
        })
    }
}

/// A game's history as the prohibitions see it: fed move by move, it
/// judges every position reached (see the module documentation for what is
/// modelled).
#[derive(Clone, Debug)]
pub struct RepetitionTracker {
    start: Position,
    plies: Vec<Ply>,
    /// The ply from which positions stand as playings of a cycle (an
    /// arbiter's annulment starts the count again: [`Self::count_cycles_again`]).
    cycles_from: usize,
    /// The ply from which moves count toward the natural move limit, once
    /// the arbiter started its count again
    /// ([`Self::count_natural_limit_again`]); before that, the position's
    /// half-move clock counts (a set-up position brings its own).
    limit_from: Option<usize>,
}

impl RepetitionTracker {
    /// A history starting at `start` (no move yet).
    #[must_use]
    pub fn new(start: Position) -> RepetitionTracker {
        RepetitionTracker {
            start,
            plies: Vec::new(),
            cycles_from: 0,
            limit_from: None,
        }
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.after)
    }

    /// The number of half-moves played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.plies.len()
    }

    /// Plays a legal move and judges the position it reaches; an illegal
    /// move is refused and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<Judgement, IllegalMove> {
        let ply = self.ply(m)?;
        self.plies.push(ply);
        Ok(judge(&self.start, &self.plies, self.cycles_from, None))
    }

    /// Judges the position now.
    #[must_use]
    pub fn judge(&self) -> Judgement {
        judge(&self.start, &self.plies, self.cycles_from, None)
    }

    /// Judges the position a move would reach, without playing it.
    pub fn judge_move(&self, m: Move) -> Result<Judgement, IllegalMove> {
        let ply = self.ply(m)?;
        Ok(judge(
            &self.start,
            &self.plies,
            self.cycles_from,
            Some(&ply),
        ))
    }

    /// Whether a move must be refused because it would play, for the
    /// [`CYCLE_LIMIT`]-th (third) time or more, a cycle forbidden to the
    /// mover (xq 4.1.7: "must change"). `None` for a move that may be
    /// played — or that is illegal ([`Position::play`] says why).
    #[must_use]
    pub fn refusal(&self, m: Move) -> Option<Refusal> {
        let judgement = self.judge_move(m).ok()?;
        match judgement.verdict {
            Verdict::MustChange { side, reason }
                if side == self.position().turn() && judgement.repetitions() >= CYCLE_LIMIT =>
            {
                Some(Refusal {
                    side,
                    mv: m,
                    reason,
                    repetitions: judgement.repetitions(),
                })
            }
            _ => None,
        }
    }

    /// Whether the natural move limit of `limit_moves` moves without a
    /// capture is reached now (xq 4.2.4; [`crate::NATURAL_MOVE_LIMIT`] by default).
    #[must_use]
    pub fn natural_limit_reached(&self, limit_moves: u32) -> bool {
        let clock = self.position().halfmove_clock();
        let clock = self.limit_from.map_or(clock, |from| {
            clock.min(u32::try_from(self.plies.len() - from).unwrap_or(u32::MAX))
        });
        natural_limit_reached(clock, limit_moves)
    }

    /// Starts the count of repetitions again from the position now: the
    /// positions before it no longer stand as earlier playings of a cycle.
    /// The arbiter annulled a ruling on a cycle (a draw by repetition, a
    /// loss for not changing): the cycle played so far is judged, and is
    /// not judged again the next time it is played.
    pub fn count_cycles_again(&mut self) {
        self.cycles_from = self.plies.len();
    }

    /// Starts the count of the natural move limit again from the position
    /// now (the arbiter annulled a draw by the limit).
    pub fn count_natural_limit_again(&mut self) {
        self.limit_from = Some(self.plies.len());
    }

    fn ply(&self, m: Move) -> Result<Ply, IllegalMove> {
        let after = self.position().play(m)?;
        Ok(Ply {
            mv: m,
            reading: OnceLock::new(),
            after,
        })
    }
}

/// Whether two positions have the same pieces on the same points and the
/// same side to move.
fn same_position(a: &Position, b: &Position) -> bool {
    a.hash() == b.hash() && a.turn() == b.turn() && a.board_array() == b.board_array()
}

/// Whether two playings of a cycle are judged alike: both forbidden to the
/// same side, or both forbidden to neither (or to both alike).
fn alike(a: Verdict, b: Verdict) -> bool {
    match (a, b) {
        (Verdict::MustChange { side: x, .. }, Verdict::MustChange { side: y, .. }) => x == y,
        (Verdict::MustChange { .. }, _) | (_, Verdict::MustChange { .. }) => false,
        _ => true,
    }
}

/// Judges the last position of `plies` (then `extra`, if given) against
/// the history before it.
///
/// Every earlier time the position stood since the last capture marks a
/// playing of the cycle: the moves from one standing to the next. The
/// latest playing is judged; the repetitions counted are the playings in a
/// row, back from the latest, judged alike — a side that was forbidden in
/// one playing and changed its conduct in the one after has changed, and
/// its count starts again.
/// Only positions from ply `from` on stand as earlier playings.
fn judge(start: &Position, plies: &[Ply], from: usize, extra: Option<&Ply>) -> Judgement {
    let none = Judgement {
        cycle: None,
        verdict: Verdict::None,
    };
    let n = plies.len() + usize::from(extra.is_some());
    let ply = |k: usize| plies.get(k).or(if k == plies.len() { extra } else { None });
    let at = |i: usize| {
        if i == 0 {
            Some(start)
        } else {
            ply(i - 1).map(|p| &p.after)
        }
    };
    let Some(now) = at(n) else {
        return none;
    };
    let cycle_moves = |from: usize, to: usize| -> Vec<CycleMove> {
        (from..to)
            .filter_map(|k| {
                let before = at(k)?;
                let p = ply(k)?;
                let reading = p.reading(before).clone();
                Some(CycleMove {
                    side: before.turn(),
                    mv: p.mv,
                    kind: reading.kind,
                    doubt: reading.doubt,
                })
            })
            .collect()
    };
    // Only positions since the last capture can be equal; only those since
    // the count last started again stand as playings.
    let window = usize::try_from(now.halfmove_clock()).map_or(n, |c| c.min(n - from.min(n)));
    let standings = (4..=window)
        .step_by(2)
        .map(|back| n - back)
        .filter(|&i| at(i).is_some_and(|p| same_position(p, now)));
    let mut latest: Option<Cycle> = None;
    let mut verdict = Verdict::None;
    let mut end = n;
    for from in standings {
        let moves = cycle_moves(from, end);
        end = from;
        let Some(cycle) = latest.as_mut() else {
            let cycle = Cycle {
                from_ply: from,
                moves,
                repetitions: 1,
            };
            verdict = cycle.verdict();
            latest = Some(cycle);
            continue;
        };
        let earlier = Cycle {
            from_ply: from,
            moves,
            repetitions: 1,
        };
        if !alike(earlier.verdict(), verdict) {
            break;
        }
        cycle.repetitions = cycle.repetitions.saturating_add(1);
    }
    match latest {
        None => none,
        Some(cycle) => Judgement {
            verdict: cycle.doubted(verdict),
            cycle: Some(cycle),
        },
    }
}
