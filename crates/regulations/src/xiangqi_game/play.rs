//! Playing the Xiangqi game: each event judged and folded into the state
//! (`step`), moves and touches, and the helpers that cite the rules.
//! The state and its accessors are in the parent module.

use super::move_text::{attempted, parse_move};
use super::*;

pub(super) fn cite(code: Code, article: &str, message: impl Into<String>) -> Citation {
    Citation::of(code, article, message)
}

impl XiangqiGame {
    pub(super) fn step(
        &self,
        st: &mut XqState,
        ev: &XqEvent,
        out: &mut Step,
    ) -> Result<(), Rejection> {
        let t = ev.at_ms;
        if t < st.last_ms {
            return reject(
                Code::TimeGoesBackwards,
                "xq 6",
                format!(
                    "event at {t} ms is earlier than the previous event at {} ms",
                    st.last_ms
                ),
            );
        }
        if let XqEventKind::AnnulRuling { reason } = &ev.kind {
            return annul_ruling(st, out, t, reason, self.live());
        }
        require_not_over(st)?;
        if let Some(article) = self.observe(st, out, t) {
            if ev.kind == XqEventKind::Flag {
                return Ok(());
            }
            out.rule(
                Code::EventAfterGameEnd,
                article,
                "the game had already ended before this event; it has no effect",
            );
            return Ok(());
        }
        match &ev.kind {
            XqEventKind::Start => {
                if st.status != Status::Scheduled {
                    return reject(Code::AlreadyStarted, "xq 6", "the game has already started");
                }
                st.status = Status::InProgress;
                let side = st.tracker.position().turn();
                let message = if self.live() {
                    st.clocks.start(t, seat(side));
                    format!("{}'s clock is started", side_name(side))
                } else {
                    format!(
                        "the game is started from its scoresheets, {} to move",
                        side_name(side)
                    )
                };
                out.rule(Code::ClockStarted, "xq 6", message);
                // Set up from a position that already ends the game (no
                // legal move, no attacking piece on either side): it ends
                // as it starts (xq 4.1.1, 4.1.3, 4.2.1).
                if st.tracker.position().outcome().is_some() {
                    self.end_after_move(st, out, t);
                }
                Ok(())
            }
            XqEventKind::Move {
                text,
                notation,
                clock_ms,
            } => self.on_move(st, out, t, text, *notation, *clock_ms),
            XqEventKind::Resign { player } => {
                require_in_progress(st)?;
                let p = *player;
                let w = p.opposite();
                finish(
                    st,
                    out,
                    t,
                    GameResult::win_for(seat(w)),
                    cite(
                        Code::Resignation,
                        "xq 4.1.9",
                        format!("{} resigns: {} wins", side_name(p), side_name(w)),
                    ),
                );
                Ok(())
            }
            XqEventKind::OfferDraw { player } => {
                require_in_progress(st)?;
                match st.offer {
                    Some(o) if o == *player => reject(
                        Code::DrawOfferAlreadyStanding,
                        "xq 4.2.2",
                        format!("{}'s draw offer already stands", side_name(o)),
                    ),
                    Some(o) => reject(
                        Code::OpponentOfferStanding,
                        "xq 4.2.2",
                        format!("{}'s draw offer stands and may be accepted", side_name(o)),
                    ),
                    None => {
                        st.offer = Some(*player);
                        out.rule(
                            Code::DrawOffered,
                            "xq 4.2.2",
                            format!("{} proposes a draw", side_name(*player)),
                        );
                        Ok(())
                    }
                }
            }
            XqEventKind::AcceptDraw { player } | XqEventKind::DeclineDraw { player } => {
                require_in_progress(st)?;
                if st.offer != Some(player.opposite()) {
                    return reject(
                        Code::NoDrawOffer,
                        "xq 4.2.2",
                        format!("{} has no draw offer to answer", side_name(*player)),
                    );
                }
                if matches!(ev.kind, XqEventKind::AcceptDraw { .. }) {
                    finish(
                        st,
                        out,
                        t,
                        GameResult::Draw,
                        cite(
                            Code::DrawAgreed,
                            "xq 4.2.2",
                            format!("{} agrees to the draw", side_name(*player)),
                        ),
                    );
                } else {
                    st.offer = None;
                    out.rule(
                        Code::DrawOfferDeclined,
                        "xq 4.2.2",
                        format!("{} declines the draw", side_name(*player)),
                    );
                }
                Ok(())
            }
            XqEventKind::Flag => {
                require_in_progress(st)?;
                if !self.live() {
                    return reject(
                        Code::FlagNotDown,
                        "xq 4.1.4",
                        "a game entered from scoresheets infers no flag from the events' times: \
                         the arbiter declares the result on the grounds of a flag fall",
                    );
                }
                if !st.clocks.time_control().is_timed() {
                    return reject(Code::UntimedGame, "xq 6", "the game has no time control");
                }
                reject(Code::FlagNotDown, "xq 4.1.4", "no flag is down")
            }
            XqEventKind::Foul { player } => {
                require_in_progress(st)?;
                self.add_fouls(st, out, t, *player, 1, Code::Foul, "xq 4.1.8", "a foul");
                Ok(())
            }
            XqEventKind::Unrecorded { player, moves } => {
                require_in_progress(st)?;
                let made = st.plies.iter().filter(|p| p.side == *player).count();
                let made = u32::try_from(made).unwrap_or(u32::MAX);
                if *moves == 0 || *moves > made {
                    return reject(
                        Code::MalformedEvent,
                        "xq 7.1",
                        format!(
                            "{moves} moves unrecorded: {} has made {made} move(s) in this game, so between 1 and {made} can be missing from the scoresheet",
                            side_name(*player)
                        ),
                    );
                }
                let per = self.profile.unrecorded_moves_per_foul.max(1);
                // The player's last `moves` moves. A stretch overlapping the
                // one reported before is that stretch again, grown: its
                // moves are counted once, and only the fouls it adds are
                // given.
                let (first, last) = (made - moves + 1, made);
                let side = player.index();
                let (first, counted) = match st.unrecorded[side] {
                    Some((before_first, before_last)) if first <= before_last => (
                        first.min(before_first),
                        (before_last - before_first + 1) / per,
                    ),
                    _ => (first, 0),
                };
                let run = last - first + 1;
                let n = (run / per).saturating_sub(counted);
                // Fouls that end the game remember the stretch before this
                // report (an annulment takes both back): set after them.
                let remember = |st: &mut XqState| st.unrecorded[side] = Some((first, last));
                if n == 0 {
                    let why = if counted > 0 {
                        format!(
                            "moves {first} to {last} unrecorded, a stretch already reported: {counted} foul(s) given for it, none more"
                        )
                    } else {
                        format!("{run} consecutive moves unrecorded: fewer than {per}, no foul")
                    };
                    out.rule(
                        Code::RecordingFoul,
                        "xq 7.1",
                        format!("{} left {why}", side_name(*player)),
                    );
                    remember(st);
                } else {
                    let why = if counted > 0 {
                        format!(
                            "moves {first} to {last} unrecorded ({per} per foul; {counted} given for them before)"
                        )
                    } else {
                        format!("{run} consecutive moves unrecorded ({per} per foul)")
                    };
                    self.add_fouls(st, out, t, *player, n, Code::RecordingFoul, "xq 7.1", &why);
                    remember(st);
                }
                Ok(())
            }
            XqEventKind::Arrive { player } => {
                if !st.attendance.arrive(seat(*player)) {
                    return reject(
                        Code::AlreadyPresent,
                        "xq 4.1.5",
                        format!("{} is already at the board", side_name(*player)),
                    );
                }
                out.rule(
                    Code::PlayerArrived,
                    "xq 4.1.5",
                    format!("{} arrived at the board", side_name(*player)),
                );
                Ok(())
            }
            XqEventKind::Touch {
                player,
                square,
                together_with,
                accidental,
            } => {
                let mut squares = vec![square.as_str()];
                squares.extend(together_with.iter().map(String::as_str));
                self.on_touch(st, out, *player, &squares, *accidental, false)
            }
            XqEventKind::Adjust {
                player,
                square,
                consent,
            } => {
                require_in_progress(st)?;
                let sq = parse_square(square)?;
                let piece = piece_at(st, sq)?;
                if *consent && *player == st.tracker.position().turn() {
                    out.rule(
                        Code::AdjustedWithNotice,
                        "xq 5.6",
                        format!(
                            "{} adjusted {} with the opponent's consent in his own time: no obligation",
                            side_name(*player),
                            describe(piece, sq)
                        ),
                    );
                    return Ok(());
                }
                let why = if *consent {
                    "in the opponent's time"
                } else {
                    "without the opponent's consent"
                };
                out.rule(
                    Code::AdjustCountsAsTouch,
                    "xq 5.6",
                    format!(
                        "{} adjusted {} {why}: it counts as touching it",
                        side_name(*player),
                        describe(piece, sq)
                    ),
                );
                self.on_touch(st, out, *player, &[square.as_str()], false, true)
            }
            XqEventKind::Refuse { who } => {
                require_in_progress(st)?;
                let (result, message) = match who {
                    XqWho::Red => (
                        GameResult::win_for(seat(Color::Black)),
                        "red refuses to follow the rules and loses: black wins",
                    ),
                    XqWho::Black => (
                        GameResult::win_for(seat(Color::Red)),
                        "black refuses to follow the rules and loses: red wins",
                    ),
                    XqWho::Both => (
                        GameResult::BothLose,
                        "both players refuse to follow the rules: both lose",
                    ),
                };
                finish(
                    st,
                    out,
                    t,
                    result,
                    cite(Code::RefusalToComply, "xq 4.1.10", message),
                );
                Ok(())
            }
            XqEventKind::DeclareLoss { player, grounds } => {
                require_in_progress(st)?;
                let p = *player;
                let w = p.opposite();
                let why = match grounds {
                    XqLossGrounds::IllegalMove => cite(
                        Code::IllegalMoveLoses,
                        "xq 4.1.6",
                        format!(
                            "the arbiter finds that {} made a move against the movement rules (found during the game, xq 5.8): {} wins",
                            side_name(p),
                            side_name(w)
                        ),
                    ),
                    // A player whose next move the arbiter let repeat the
                    // cycle has not refused to change.
                    XqLossGrounds::NotChanging if st.cycle_allowed == Some(p) => {
                        return reject(
                            Code::ResultDoesNotFitGrounds,
                            "xq 4.1.7",
                            format!(
                                "the arbiter has allowed {}'s next move to repeat its cycle: {} has not refused to change",
                                side_name(p),
                                side_name(p)
                            ),
                        );
                    }
                    XqLossGrounds::NotChanging => match st.judgement.verdict {
                        Verdict::MustChange { side, reason } if side == p => cite(
                            Code::NotChangingLoses,
                            "xq 4.1.7",
                            format!(
                                "{} violates the prohibitions ({reason}) and will not change: {} wins",
                                side_name(p),
                                side_name(w)
                            ),
                        ),
                        Verdict::ArbiterDecides {
                            doubt,
                            if_for,
                            if_against,
                            ..
                        } if if_for.must_change() == Some(p)
                            || if_against.must_change() == Some(p) =>
                        {
                            cite(
                                Code::NotChangingLoses,
                                "xq 4.1.7",
                                format!(
                                    "the arbiter, judging {doubt}, rules that {} violates the prohibitions and will not change: {} wins",
                                    side_name(p),
                                    side_name(w)
                                ),
                            )
                        }
                        v => {
                            return reject(
                                Code::ResultDoesNotFitGrounds,
                                "xq 4.1.7",
                                format!(
                                    "no cycle forbidden to {} stands in the position now ({v})",
                                    side_name(p)
                                ),
                            );
                        }
                    },
                };
                finish(st, out, t, GameResult::win_for(seat(w)), why);
                Ok(())
            }
            // Handled before the game-over check; kept here for the match.
            XqEventKind::AnnulRuling { reason } => annul_ruling(st, out, t, reason, self.live()),
            XqEventKind::AllowCycle { reason } => {
                require_in_progress(st)?;
                let side = st.tracker.position().turn();
                if st.cycle_allowed == Some(side) {
                    return reject(
                        Code::NoCycleToAllow,
                        "xq 4.1.7",
                        format!(
                            "the arbiter has already allowed {}'s next move to repeat its cycle",
                            side_name(side)
                        ),
                    );
                }
                let pending = st
                    .tracker
                    .position()
                    .legal_moves()
                    .iter()
                    .any(|&m| st.tracker.refusal(m).is_some());
                if !pending {
                    return reject(
                        Code::NoCycleToAllow,
                        "xq 4.1.7",
                        format!(
                            "no move of {} would repeat a cycle forbidden to it: there is nothing to allow",
                            side_name(side)
                        ),
                    );
                }
                st.cycle_allowed = Some(side);
                out.rule(
                    Code::CycleAllowed,
                    "xq 4.1.7",
                    format!(
                        "the arbiter rules that {}'s next move may repeat its cycle: not forbidden{}",
                        side_name(side),
                        because(reason)
                    ),
                );
                Ok(())
            }
            XqEventKind::DeclareResult {
                result,
                grounds,
                reason,
            } => {
                require_in_progress(st)?;
                if !grounds.fits(*result) {
                    return reject(
                        Code::ResultDoesNotFitGrounds,
                        grounds.article(),
                        format!("{result} does not follow from {}", grounds.article()),
                    );
                }
                // Lateness (xq 4.1.5) is a game not played: once moves are
                // made both players were there.
                if *grounds == XqGrounds::Lateness && !st.plies.is_empty() {
                    return reject(
                        Code::ResultDoesNotFitGrounds,
                        grounds.article(),
                        format!(
                            "{} move(s) have been played: the game was not lost by lateness",
                            st.plies.len()
                        ),
                    );
                }
                finish(
                    st,
                    out,
                    t,
                    *result,
                    cite(
                        Code::ArbiterDeclaredResult,
                        grounds.article(),
                        format!("the arbiter declared {result}{}", because(reason)),
                    ),
                );
                Ok(())
            }
            XqEventKind::SimplePosition => {
                require_in_progress(st)?;
                finish(
                    st,
                    out,
                    t,
                    GameResult::Draw,
                    cite(
                        Code::SimplePositionDraw,
                        "xq 4.2.1",
                        "the arbiter rules the position a simple one that neither side can win: draw",
                    ),
                );
                Ok(())
            }
        }
    }

    /// The obligation of the side to move from its touches (xq 5.1–5.5):
    /// moves the prohibitions refuse are moves the piece cannot make.
    pub(super) fn obligation(&self, st: &XqState) -> Obligation<Move> {
        let refuse = self.profile.prohibition_policy == ProhibitionPolicy::Refuse;
        xq_obligation(st.tracker.position(), &st.touches, |m| {
            !refuse || st.tracker.refusal(m).is_none()
        })
    }

    /// xq 5: a touch of one or more pieces at the same moment. In the
    /// player's own time it rules the obligation at once; in the
    /// opponent's time it binds the player's next move (xq 5.6).
    fn on_touch(
        &self,
        st: &mut XqState,
        out: &mut Step,
        player: Color,
        squares: &[&str],
        accidental: bool,
        adjusted: bool,
    ) -> Result<(), Rejection> {
        require_in_progress(st)?;
        let mut pieces = Vec::with_capacity(squares.len());
        for s in squares {
            let sq = parse_square(s)?;
            if pieces.iter().any(|&(other, _)| other == sq) {
                return reject(
                    Code::MalformedEvent,
                    "xq 5",
                    format!("the point {s} is named twice among the pieces touched together"),
                );
            }
            pieces.push((sq, piece_at(st, sq)?));
        }
        let names: Vec<String> = pieces.iter().map(|(sq, p)| describe(*p, *sq)).collect();
        if accidental {
            out.rule(
                Code::AccidentalTouch,
                "xq 5.6",
                format!(
                    "{} touched {} by an obvious accident: not a touch",
                    side_name(player),
                    names.join(" and ")
                ),
            );
            return Ok(());
        }
        st.touch_group = st.touch_group.saturating_add(1);
        for (square, piece) in pieces {
            st.touches.push(XqTouched {
                player,
                square,
                piece,
                group: st.touch_group,
            });
        }
        let turn = st.tracker.position().turn();
        if player != turn {
            if !adjusted {
                out.rule(
                    Code::TouchNotOnMove,
                    "xq 5.6",
                    format!(
                        "{} touched {} in {}'s time: it counts for {}'s next move",
                        side_name(player),
                        names.join(" and "),
                        side_name(turn),
                        side_name(player)
                    ),
                );
            }
            return Ok(());
        }
        match self.obligation(st) {
            Obligation::Moves { why, .. } | Obligation::Free(why) => out.rulings.push(why),
            Obligation::None => {}
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn add_fouls(
        &self,
        st: &mut XqState,
        out: &mut Step,
        t: u64,
        player: Color,
        n: u32,
        code: Code,
        article: &str,
        why: &str,
    ) {
        let f = &mut st.fouls[player.index()];
        *f = f.saturating_add(n);
        let total = *f;
        out.rule(
            code,
            article,
            format!(
                "{} is given {n} foul(s) for {why}: {total} in this game",
                side_name(player)
            ),
        );
        if total >= self.profile.foul_limit {
            st.fouls_that_ended = Some((player, n, st.unrecorded[player.index()]));
            let w = player.opposite();
            finish(
                st,
                out,
                t,
                GameResult::win_for(seat(w)),
                cite(
                    Code::FoulsLimitLose,
                    "xq 4.1.8",
                    format!(
                        "{} has {total} fouls in one game and loses: {} wins",
                        side_name(player),
                        side_name(w)
                    ),
                ),
            );
        }
    }

    fn on_move(
        &self,
        st: &mut XqState,
        out: &mut Step,
        t: u64,
        text: &str,
        notation: Option<Notation>,
        written_ms: Option<i64>,
    ) -> Result<(), Rejection> {
        if st.status == Status::Scheduled && !self.live() {
            // From scoresheets: the first move starts the game.
            st.status = Status::InProgress;
        }
        require_in_progress(st)?;
        let before = *st.tracker.position();
        let mover = before.turn();
        let mv = match parse_move(&before, text, notation) {
            Ok(mv) => mv,
            Err((r, Some(reason)))
                if self.profile.illegal_move_policy == IllegalMovePolicy::Lose
                    && attempted(reason) =>
            {
                let w = mover.opposite();
                finish(
                    st,
                    out,
                    t,
                    GameResult::win_for(seat(w)),
                    cite(
                        Code::IllegalMoveLoses,
                        r.article(),
                        format!(
                            "{} attempted {text}, a move against the movement rules ({}): {} loses, {} wins",
                            side_name(mover),
                            r.0.message,
                            side_name(mover),
                            side_name(w)
                        ),
                    ),
                );
                return Ok(());
            }
            Err((r, _)) => return Err(r),
        };
        let allowed = st.cycle_allowed == Some(mover);
        let forbidden = st.tracker.refusal(mv).filter(|_| !allowed);
        if let (Some(r), ProhibitionPolicy::Refuse) = (forbidden, self.profile.prohibition_policy) {
            return reject(
                Code::MustChange,
                &format!("xq {}", r.article()),
                format!("{} {r}", side_name(mover)),
            );
        }
        if let Obligation::Moves { moves, why } = self.obligation(st)
            && !moves.contains(&mv)
        {
            return reject(
                Code::TouchMoveViolation,
                &why.article,
                format!("{} may not play {text}: {}", side_name(mover), why.message),
            );
        }
        let judgement = st.tracker.play(mv).map_err(|e| {
            Rejection::of(
                Code::IllegalMove,
                &format!("xq {}", e.reason.article()),
                e.to_string(),
            )
        })?;
        st.judgement = judgement;
        let clock_ms = if !self.live() {
            // The time as the scoresheet gives it, if it does.
            st.clocks.complete_move(seat(mover));
            if let Some(ms) = written_ms {
                st.clocks.set(t, seat(mover), ms);
            }
            written_ms
        } else if st.clocks.time_control().is_timed() {
            st.clocks.press(t, seat(mover));
            Some(st.clocks.remaining_at(t, seat(mover)))
        } else {
            st.clocks.press(t, seat(mover));
            None
        };
        st.plies.push(XqPly {
            side: mover,
            iccs: mv.to_iccs(),
            wxf: before.to_wxf(mv).unwrap_or_default(),
            chinese: before.to_chinese(mv).unwrap_or_default(),
            clock_ms,
        });
        st.touches.retain(|t| t.player != mover);
        if allowed {
            st.cycle_allowed = None;
        }
        if st.offer == Some(mover.opposite()) {
            st.offer = None;
            out.rule(
                Code::DrawOfferLapsed,
                "xq 4.2.2",
                format!(
                    "{} moved instead of answering: the offer is declined",
                    side_name(mover)
                ),
            );
        }
        if let (Some(r), ProhibitionPolicy::WarnThenLose { warnings }) =
            (forbidden, self.profile.prohibition_policy)
        {
            let given = &mut st.warnings[mover.index()];
            if *given < warnings {
                *given += 1;
                let n = *given;
                out.rule(
                    Code::MustChangeWarning,
                    "xq 4.1.7",
                    format!(
                        "{} repeats {} for the {} time: the arbiter warns {} to change (warning {n} of {warnings})",
                        side_name(mover),
                        r.reason,
                        r.ordinal(),
                        side_name(mover)
                    ),
                );
            } else {
                let w = mover.opposite();
                finish(
                    st,
                    out,
                    t,
                    GameResult::win_for(seat(w)),
                    cite(
                        Code::NotChangingLoses,
                        "xq 4.1.7",
                        format!(
                            "{} repeats {} for the {} time after {warnings} warning(s) and has not changed: {} wins",
                            side_name(mover),
                            r.reason,
                            r.ordinal(),
                            side_name(w)
                        ),
                    ),
                );
                return Ok(());
            }
        }
        self.end_after_move(st, out, t);
        Ok(())
    }

    /// The game ends on the board: the position (xq 4.1.1, 4.1.3, 4.2.1),
    /// then repetition (xq 4.2.3), then the natural move limit (xq 4.2.4).
    fn end_after_move(&self, st: &mut XqState, out: &mut Step, t: u64) {
        let pos = st.tracker.position();
        let to_move = pos.turn();
        if let Some(outcome) = pos.outcome() {
            let (result, why) = match outcome {
                Outcome::Win { winner, reason } => {
                    let (code, how) = match reason {
                        WinReason::Checkmate => (Code::Checkmate, "is checkmated"),
                        WinReason::Stalemate => {
                            (Code::Stalemate, "has no legal move (困毙, stalemate loses)")
                        }
                    };
                    (
                        GameResult::win_for(seat(winner)),
                        cite(
                            code,
                            &format!("xq {}", reason.article()),
                            format!("{} {how}: {} wins", side_name(to_move), side_name(winner)),
                        ),
                    )
                }
                Outcome::Draw(reason) => (
                    GameResult::Draw,
                    cite(
                        Code::DeadPosition,
                        &format!("xq {}", reason.article()),
                        "neither side has a chariot, horse, cannon or soldier: neither can win, draw",
                    ),
                ),
            };
            finish(st, out, t, result, why);
            return;
        }
        if st.judgement.draw_due() {
            let n = st.judgement.repetitions();
            finish(
                st,
                out,
                t,
                GameResult::Draw,
                cite(
                    Code::RepetitionDraw,
                    "xq 4.2.3",
                    format!(
                        "the cycle has been played {n} times and neither side must change (不变作和): draw"
                    ),
                ),
            );
            return;
        }
        let limit = self.profile.natural_move_limit;
        if st.tracker.natural_limit_reached(limit) {
            finish(
                st,
                out,
                t,
                GameResult::Draw,
                cite(
                    Code::NaturalMoveLimit,
                    "xq 4.2.4",
                    format!("{limit} moves without a capture by either side: draw"),
                ),
            );
        }
    }
}

fn parse_square(s: &str) -> Result<Square, Rejection> {
    s.trim()
        .parse::<Square>()
        .map_err(|e| Rejection::of(Code::MalformedSquare, "xq 5", e.to_string()))
}

fn piece_at(st: &XqState, sq: Square) -> Result<xiangqi::Piece, Rejection> {
    st.tracker.position().piece_at(sq).ok_or_else(|| {
        Rejection::of(
            Code::NoPieceOnSquare,
            "xq 5",
            format!("there is no piece on {sq}"),
        )
    })
}

fn describe(p: xiangqi::Piece, sq: Square) -> String {
    format!("the {p} on {sq}")
}

fn require_not_over(st: &XqState) -> Result<(), Rejection> {
    if st.status == Status::Finished {
        let t = st.termination.as_ref();
        return reject(
            Code::GameOver,
            t.map_or("xq 4", |t| t.reason.article.as_str()),
            format!(
                "the game is over ({})",
                t.map_or("finished".to_string(), |t| t.result.to_string())
            ),
        );
    }
    Ok(())
}

fn require_in_progress(st: &XqState) -> Result<(), Rejection> {
    require_not_over(st)?;
    if st.status == Status::Scheduled {
        return reject(Code::GameNotStarted, "xq 6", "the game has not started");
    }
    Ok(())
}

/// `: why`, or nothing when the arbiter gave no reason.
fn because(reason: &str) -> String {
    let reason = reason.trim();
    if reason.is_empty() {
        String::new()
    } else {
        format!(" ({reason})")
    }
}

/// The endings an arbiter may annul: the program's judgements of
/// repetition, the natural limit, an illegal move that loses and the foul
/// limit, and the arbiter's own rulings. The others are facts of the board
/// (checkmate, stalemate, no attacking piece), the players' own acts
/// (resignation, agreement) or the clock's (a flag, lateness).
fn annullable(code: Option<Code>) -> bool {
    matches!(
        code,
        Some(
            Code::RepetitionDraw
                | Code::NotChangingLoses
                | Code::NaturalMoveLimit
                | Code::IllegalMoveLoses
                | Code::FoulsLimitLose
                | Code::SimplePositionDraw
                | Code::RefusalToComply
                | Code::ArbiterDeclaredResult
        )
    )
}

/// The arbiter annuls the ruling that ended the game: the game is in
/// progress again where it stood, the side to move's clock running from
/// now (the time between the ruling and its annulment is no one's). A
/// cycle's repetitions or the natural limit's moves count again from here,
/// and the fouls that reached the foul limit are taken back, so the same
/// ruling does not fall again at the next move.
fn annul_ruling(
    st: &mut XqState,
    out: &mut Step,
    t: u64,
    reason: &str,
    live: bool,
) -> Result<(), Rejection> {
    let Some(term) = st
        .termination
        .as_ref()
        .filter(|_| st.status == Status::Finished)
    else {
        return reject(
            Code::RulingStands,
            "xq 4",
            "the game has not ended: there is no ruling to annul",
        );
    };
    if !annullable(Code::parse(&term.reason.code)) {
        return reject(
            Code::RulingStands,
            &term.reason.article,
            format!(
                "the game ended {} ({}): a fact of the board, the players' own act or the clock's, which stands",
                term.result, term.reason.message
            ),
        );
    }
    let annulled = term.reason.clone();
    st.status = Status::InProgress;
    st.termination = None;
    // What the annulled ruling counted counts again from here, or the next
    // move (or foul) would rule it again.
    let mut taken_back = None;
    match Code::parse(&annulled.code) {
        Some(Code::RepetitionDraw | Code::NotChangingLoses) => {
            st.tracker.count_cycles_again();
            st.judgement = st.tracker.judge();
        }
        Some(Code::NaturalMoveLimit) => st.tracker.count_natural_limit_again(),
        Some(Code::FoulsLimitLose) => {
            if let Some((player, n, unrecorded)) = st.fouls_that_ended.take() {
                st.unrecorded[player.index()] = unrecorded;
                let f = &mut st.fouls[player.index()];
                *f = f.saturating_sub(n);
                taken_back = Some(format!(
                    "; the {n} foul(s) that ended it are taken back, {} has {}",
                    side_name(player),
                    *f
                ));
            }
        }
        _ => {}
    }
    let side = st.tracker.position().turn();
    if live {
        st.clocks.resume(t, seat(side));
    }
    out.rule(
        Code::RulingAnnulled,
        &annulled.article,
        format!(
            "the arbiter annulled the ruling '{}'{}{}: the game goes on, {} to move",
            annulled.message,
            because(reason),
            taken_back.unwrap_or_default(),
            side_name(side)
        ),
    );
    Ok(())
}

pub(super) fn finish(st: &mut XqState, out: &mut Step, t: u64, result: GameResult, why: Citation) {
    st.clocks.stop(t);
    st.status = Status::Finished;
    st.offer = None;
    out.rulings.push(why.clone());
    st.termination = Some(Termination {
        result,
        reason: why,
        at_ms: t,
    });
}
