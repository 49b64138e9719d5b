//! The stable codes of rulings, rejections and terminations, each defined
//! once. A [`Citation`](crate::Citation) carries the text of one
//! ([`Code::code`]); the text is what the server sends and stores, so it never
//! changes.
//!
//! Each entry says whether an event can be refused with the code (`reject`),
//! whether a ruling carries it (`rule`), or both. The server's OpenAPI test
//! reads the `reject` entries of this file (the quoted text after them) to
//! check that every refusal is documented.

macro_rules! codes {
    ($(
        $(#[$doc:meta])*
        $name:ident = $kind:ident($text:literal) $($also:ident)?,
    )*) => {
        /// A ruling's, rejection's or termination's code; [`Code::code`] gives
        /// its stable snake_case text.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $($(#[$doc])* $name,)*
        }

        impl Code {
            /// Every code, in the order defined.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The stable snake_case text (e.g. `"game_annulled"`).
            #[must_use]
            pub const fn code(self) -> &'static str {
                match self {
                    $(Code::$name => $text,)*
                }
            }

            /// Whether an event can be refused with this code.
            #[must_use]
            pub const fn is_rejection(self) -> bool {
                match self {
                    $(Code::$name => codes!(@rejection $kind $($also)?),)*
                }
            }

            /// Whether a ruling (or a termination) can carry this code.
            #[must_use]
            pub const fn is_ruling(self) -> bool {
                match self {
                    $(Code::$name => codes!(@ruling $kind $($also)?),)*
                }
            }
        }
    };
    (@rejection reject) => { true };
    (@rejection reject rule) => { true };
    (@rejection rule) => { false };
    (@ruling reject) => { false };
    (@ruling reject rule) => { true };
    (@ruling rule) => { true };
}

codes! {
    // Any event.
    /// 12.2: an event earlier than the previous one.
    TimeGoesBackwards = reject("time_goes_backwards"),
    /// The game is over (the article of its termination).
    GameOver = reject("game_over"),
    /// 12.3 (and 8.1, 10.2, 10.7, 10.17): the game has not started.
    GameNotStarted = reject("game_not_started"),
    /// 13.1: the game is adjourned and must be resumed first.
    GameAdjourned = reject("game_adjourned"),
    /// A square that is not a1..h8.
    MalformedSquare = reject("malformed_square"),
    /// 11.1: a move with neither or both of `san` and `uci`.
    MalformedEvent = reject("malformed_event"),
    /// 8.1: the stored log no longer replays (a fault, never expected).
    InternalReplayFailed = reject("internal_replay_failed"),
    /// 10: the game had already ended before the event.
    EventAfterGameEnd = rule("event_after_game_end"),
    /// 12.7: a resignation or agreed draw stands although a flag is found down.
    ResultStands = reject("result_stands"),
    /// 12.7: a flag is down, but the resignation or agreed draw stands.
    ResultStandsFlagDown = rule("result_stands_flag_down"),
    // Moves and clock presses (arts. 3–6, 11.1, 12.3).
    /// 12.3: the game has already started.
    AlreadyStarted = reject("already_started"),
    /// 12.3: the clock of the side to move is started.
    ClockStarted = rule("clock_started"),
    /// 12.3: a scoresheet game started.
    GameStarted = rule("game_started"),
    /// 11.1: the move is not SAN or UCI.
    MalformedMove = reject("malformed_move"),
    /// 11.1: the SAN matches more than one legal move.
    AmbiguousMove = reject("ambiguous_move"),
    /// An illegal move, citing the rule it breaks (`rules::IllegalReason::article`).
    IllegalMove = reject("illegal_move"),
    /// 14.3: the sealed move has not been opened yet.
    EnvelopeNotOpened = reject("envelope_not_opened"),
    /// 10.13(2): after an incorrect claim the declared move must be played.
    MustPlayDeclaredMove = reject("must_play_declared_move"),
    /// 6.5: the opponent moved without pressing his clock.
    PreviousMoveNotPressed = rule("previous_move_not_pressed"),
    /// 6.5: no completed move waits for a clock press.
    NoMoveToPress = reject("no_move_to_press"),
    /// 6.5: the clock is pressed and the move counts for the time control.
    ClockPressed = rule("clock_pressed"),
    // End of the game on the board (10.1, 10.3, 10.4; FIDE 2023 9.6).
    /// 10.1 (10.15(1) for a sealed move): checkmate.
    Checkmate = rule("checkmate"),
    /// 10.3 (10.15(2) for a sealed move): stalemate.
    Stalemate = rule("stalemate"),
    /// 10.4 (10.15(2) for a sealed move): neither side can checkmate.
    DeadPosition = rule("dead_position"),
    /// FIDE 2023 9.6.1: the same position five times.
    FivefoldRepetition = rule("fivefold_repetition"),
    /// FIDE 2023 9.6.2: 75 moves each without a capture or pawn move.
    SeventyFiveMoveRule = rule("seventy_five_move_rule"),
    // Touching and adjusting (5.1(3)–(4), 6.1, 7.1–7.4).
    /// 7.1, 7.2: no piece on the square named.
    NoPieceOnSquare = reject("no_piece_on_square"),
    /// 7.1: a piece adjusted with notice.
    AdjustedWithNotice = rule("adjusted_with_notice"),
    /// 7.2: a touch by the player not to move.
    TouchNotOnMove = rule("touch_not_on_move"),
    /// 7.2 (the obligation's article): the move breaks the touch-move obligation.
    TouchMoveViolation = reject("touch_move_violation"),
    /// 7.4: the claimant has touched a piece himself.
    TouchMoveClaimTooLate = reject("touch_move_claim_too_late"),
    /// 7.2: a touch-move claim is upheld.
    TouchMoveClaimUpheld = rule("touch_move_claim_upheld"),
    /// 7.2: no move to claim against.
    NothingToClaim = reject("nothing_to_claim"),
    /// 7.2, 7.3: the touch-move claim is unfounded.
    TouchMoveClaimUnfounded = reject("touch_move_claim_unfounded"),
    /// 7.2(1), 7.2(2): the touched piece must be moved or captured.
    TouchMoveObligation = rule("touch_move_obligation"),
    /// 6.1: a piece put down on a square must be moved there.
    PlacedPieceObligation = rule("placed_piece_obligation"),
    /// 5.1(4): the king touched to castle has no legal move.
    TouchedKingCannotMove = rule("touched_king_cannot_move"),
    /// 7.3: no touched piece can be moved or captured.
    TouchedPiecesCannotMove = rule("touched_pieces_cannot_move"),
    // Draw offers and claims (10.6–10.13; china-national perpetual check).
    /// 10.7: a draw offer.
    DrawOffered = rule("draw_offered"),
    /// 10.7: the opponent moved; the offer is declined.
    DrawOfferLapsed = rule("draw_offer_lapsed"),
    /// 10.7: the player's own offer still stands.
    DrawOfferAlreadyStanding = reject("draw_offer_already_standing"),
    /// 10.6: the opponent's offer stands and may be accepted.
    OpponentOfferStanding = reject("opponent_offer_standing"),
    /// 10.9: an offer after the sealing.
    DrawOfferAfterSealing = rule("draw_offer_after_sealing"),
    /// 10.9: an offer with the player's own clock running.
    DrawOfferBeforeMove = rule("draw_offer_before_move"),
    /// 10.8: an offer while the opponent's clock runs.
    IrregularDrawOffer = rule("irregular_draw_offer"),
    /// 10.6, 10.7: no offer to accept or decline.
    NoDrawOffer = reject("no_draw_offer"),
    /// 10.6 (14.2 while adjourned): draw by agreement.
    DrawAgreed = rule("draw_agreed"),
    /// 10.7: the offer is declined.
    DrawOfferDeclined = rule("draw_offer_declined"),
    /// 10.10, 10.12: only the player to move may claim.
    ClaimNotOnMove = reject("claim_not_on_move"),
    /// 10.13: the clocks are stopped while the claim is checked.
    ClocksStoppedForClaim = rule("clocks_stopped_for_claim"),
    /// 10.10(1), 10.10(2), 10.12: a correct claim.
    DrawClaimUpheld = rule("draw_claim_upheld"),
    /// 10.13(2): an incorrect claim adds time to the claimant's used time.
    IncorrectClaimTimePenalty = rule("incorrect_claim_time_penalty"),
    /// 10.13(2): the incorrect-claim penalty oversteps the time limit.
    IncorrectClaimOverstepsTime = rule("incorrect_claim_oversteps_time"),
    /// FIDE 2023 9.5.3: an incorrect claim adds time to the opponent.
    IncorrectClaimOpponentBonus = rule("incorrect_claim_opponent_bonus"),
    /// 10.13(3): the claim is decided and cannot be withdrawn.
    ClaimCannotBeWithdrawn = rule("claim_cannot_be_withdrawn"),
    /// 10.13(2): the move stated in the claim must be played.
    DeclaredMoveMustBePlayed = rule("declared_move_must_be_played"),
    /// 10.10: the profile has no perpetual-check rule.
    PerpetualCheckNotInProfile = reject("perpetual_check_not_in_profile"),
    /// china-national: the repetition is not a series of checks.
    NotPerpetualCheck = reject("not_perpetual_check"),
    /// china-national: perpetual check declared drawn.
    PerpetualCheck = rule("perpetual_check"),
    // Conduct (15; national variations: the team captain).
    /// 15: no outside help — a captain consulted outside a team game, under
    /// a profile without the national variation, or about anything but a
    /// draw or resigning.
    OutsideHelp = reject("outside_help"),
    /// National variations: in a team event a player consulted his captain
    /// about offering, accepting or claiming a draw, or resigning.
    CaptainConsulted = rule("captain_consulted"),
    // Resignation, flags and time (10.2, 10.5, 10.14, 12.1, 12.2, 12.8).
    /// 10.2 (14.2 while adjourned): resignation.
    Resignation = rule("resignation"),
    /// 10.14: the flag fell.
    LostOnTime = rule("lost_on_time"),
    /// 10.5: a loss on time or penalty is a draw when the opponent cannot checkmate.
    DrawOpponentCannotCheckmate = rule("draw_opponent_cannot_checkmate"),
    /// 12.2: the flag is not down.
    FlagNotDown = reject("flag_not_down"),
    /// 12.2: the arbiter checked the clocks and no flag is down.
    NoFlagDown = rule("no_flag_down"),
    /// 12.2: in scoresheet mode the arbiter must say whose flag fell.
    FlagNeedsPlayer = reject("flag_needs_player"),
    /// 12.8: the server's clocks show which flag fell first.
    FlagOrderKnown = reject("flag_order_known"),
    /// 12.8: both flags down, order unknown: the next period.
    BothFlagsDownPlayContinues = rule("both_flags_down_play_continues"),
    /// 12.1, 12.2, 16: the game has no time control.
    UntimedGame = reject("untimed_game"),
    // Clocks and the arbiter (12.4–12.5, 14.6, 16, 10.17; club plan (3)).
    /// 12.4: a defective clock replaced and set.
    ClockReplaced = rule("clock_replaced"),
    /// 14.6: the game has not been resumed from an adjournment.
    NotResumed = reject("not_resumed"),
    /// 14.6: a clock error at resumption pointed out after the first move.
    ClockErrorTooLate = reject("clock_error_too_late"),
    /// 14.6: a clock error at resumption corrected.
    ClockCorrectedAtResumption = rule("clock_corrected_at_resumption"),
    /// 16: the arbiter set a clock.
    ClockAdjusted = rule("clock_adjusted"),
    /// 12.5: the clocks are not running.
    ClocksNotRunning = reject("clocks_not_running"),
    /// 12.5: the arbiter stopped the clocks.
    ClocksStopped = rule("clocks_stopped"),
    /// 12.5: the clocks are already running.
    ClocksRunning = reject("clocks_running"),
    /// 12.5: the arbiter restarted the clocks.
    ClocksRestarted = rule("clocks_restarted"),
    /// 16: a warning.
    Warning = rule("warning"),
    /// 16: time added to the opponent's clock.
    TimeAddedToOpponent = rule("time_added_to_opponent"),
    /// 16: time deducted from the offender's clock.
    TimeDeducted = rule("time_deducted"),
    /// 16 (club (3) with a foul limit): a foul.
    Foul = rule("foul"),
    /// club (3): a move took longer than allowed, a foul.
    MoveTimeCapExceeded = rule("move_time_cap_exceeded"),
    /// club (3): the foul limit is reached and the offender loses.
    FoulsLimitLose = rule("fouls_limit_lose"),
    /// club (3): the game lasted longer than the club's limit.
    OverlongGameScoresNothing = rule("overlong_game_scores_nothing"),
    /// 10.17: refusing to comply with the Laws loses.
    RefusalToComply = rule("refusal_to_comply"),
    /// 16: the arbiter declared the result.
    ArbiterDeclaredResult = rule("arbiter_declared_result"),
    // Irregularities (8.1, 8.2, 8.5, 8.6, 12.6, 14.5; FIDE 2023 7.5).
    /// 8.1, 8.2: the ply named does not exist.
    NoSuchPly = reject("no_such_ply"),
    /// 8.1, 8.2: the position before the ply is restored; later moves are void.
    PositionRestored = rule("position_restored"),
    /// 8.1, 8.2: the illegal move was not recorded; the position stands.
    IllegalMoveNotRecorded = rule("illegal_move_not_recorded"),
    /// 12.6: the arbiter sets the clocks after a restoration.
    ClocksSetByArbiter = rule("clocks_set_by_arbiter"),
    /// 12.6: reallocating in proportion to moves would leave too little time.
    ReallocationNotApplicable = reject("reallocation_not_applicable"),
    /// 12.6: time reallocated in proportion to moves played.
    ClocksReallocated = rule("clocks_reallocated"),
    /// FIDE 2023 7.5.5: the second completed illegal move loses.
    SecondIllegalMoveLoses = rule("second_illegal_move_loses"),
    /// FIDE 2023 7.5.4: a completed illegal move gives the opponent time.
    IllegalMoveTimeBonus = rule("illegal_move_time_bonus"),
    /// 8.5 (8.1, 14.5 when annulled): the game is annulled; refused afterwards.
    GameAnnulled = reject("game_annulled") rule,
    /// 8.6: too late to restart after colours reversed.
    TooLateToRestart = reject("too_late_to_restart"),
    /// 8.6: colours reversed, play continues.
    ColoursReversedPlayContinues = rule("colours_reversed_play_continues"),
    /// 8.6: colours reversed early: the game is restarted.
    ColoursReversedRestart = rule("colours_reversed_restart"),
    // Adjournment (10.16, 13, 14).
    /// 13.1: the profile does not allow adjournment.
    AdjournmentNotAllowed = reject("adjournment_not_allowed"),
    /// 13.1: the last move has not been completed by a clock press.
    MoveNotCompleted = reject("move_not_completed"),
    /// 13.1: a move is sealed.
    MoveSealed = rule("move_sealed"),
    /// 14.1: the game is not adjourned.
    NotAdjourned = reject("not_adjourned"),
    /// 14.1: the adjourned game is resumed.
    GameResumed = rule("game_resumed"),
    /// 13.2: the resumption's time is before the adjournment.
    ResumptionBeforeAdjournment = reject("resumption_before_adjournment"),
    /// 13.2: the date, time and place of resumption are set.
    ResumptionScheduled = rule("resumption_scheduled"),
    /// 14.5: the envelope is lost; play resumes from the adjourned position.
    EnvelopeLost = rule("envelope_lost"),
    /// 14.4: the sealer is absent at resumption.
    SealerAbsent = rule("sealer_absent"),
    /// 14.3: the replier is absent; his clock runs.
    ReplierAbsentClockRuns = rule("replier_absent_clock_runs"),
    /// 14.2: the sealed move is revealed.
    EnvelopeOpened = rule("envelope_opened"),
    /// 10.16(1): the sealed move is ambiguous.
    SealedMoveAmbiguous = rule("sealed_move_ambiguous"),
    /// 10.16(3): the sealed move is illegal.
    SealedMoveIllegal = rule("sealed_move_illegal"),
    /// 10.16(2): the sealed move's meaning cannot be established.
    SealedMoveUnreadable = rule("sealed_move_unreadable"),
    // Lateness (10.15, 10.17; FIDE 2023 6.7.1).
    /// The player did not arrive within the lateness limit.
    LostByLateness = rule("lost_by_lateness"),
    /// Neither player arrived within the lateness limit.
    BothAbsentBothLose = rule("both_absent_both_lose"),
    /// The player is already at the board.
    AlreadyPresent = reject("already_present"),
    /// The player arrived at the board.
    PlayerArrived = rule("player_arrived"),
    /// 16: a result stated on grounds it cannot follow from (a lateness
    /// forfeit that is not a forfeit, a flag fall that is one).
    ResultDoesNotFitGrounds = reject("result_does_not_fit_grounds"),
    // Xiangqi (`xq` articles of the Chinese competition rules).
    /// xq 4.1.7: the move would play a cycle forbidden to the mover (perpetual
    /// check or chase) the third time: the mover must change.
    MustChange = reject("must_change"),
    /// xq 4.2.3: a cycle allowed to both sides (or forbidden to both alike)
    /// played the third time: a draw (不变作和).
    RepetitionDraw = rule("repetition_draw"),
    /// xq 4.2.4: the natural move limit without a capture: a draw.
    NaturalMoveLimit = rule("natural_move_limit"),
    /// xq 7.1: four consecutive moves left unrecorded, one foul.
    RecordingFoul = rule("recording_foul"),
    /// xq 4.1.7 (a profile that records forbidden repetitions): the move
    /// repeats a forbidden cycle; the arbiter warns the player to change.
    MustChangeWarning = rule("must_change_warning"),
    /// xq 4.1.7: the player violated the prohibitions and did not change: loss.
    NotChangingLoses = rule("not_changing_loses"),
    /// xq: the arbiter annulled the ruling that ended the game; play goes on.
    RulingAnnulled = rule("ruling_annulled"),
    /// xq: the ending is a fact of the board, the players' own act or the
    /// clock's, and stands; or the game has no ruling to annul.
    RulingStands = reject("ruling_stands"),
    /// xq 4.1.7: the arbiter rules the cycle the side to move would repeat
    /// not forbidden to it.
    CycleAllowed = rule("cycle_allowed"),
    /// xq 4.1.7: no move of the side to move would repeat a cycle the
    /// program would refuse or warn: the arbiter has nothing to allow.
    NoCycleToAllow = reject("no_cycle_to_allow"),
    /// xq 4.1.6 (4.1.2): a move against the movement rules loses (the
    /// event's policy for an attempt, or the arbiter's finding on the board).
    IllegalMoveLoses = rule("illegal_move_loses"),
    /// xq 5.6: adjusting without the opponent's consent, or in the
    /// opponent's time, counts as touching the piece.
    AdjustCountsAsTouch = rule("adjust_counts_as_touch"),
    /// xq 5.6: an obviously accidental touch is not a touch.
    AccidentalTouch = rule("accidental_touch"),
    /// xq 4.2.1: the arbiter rules a simple position neither side can win: draw.
    SimplePositionDraw = rule("simple_position_draw"),
}

impl Code {
    /// The code whose text is `text`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.code() == text)
    }

    /// The PGN `Termination` tag value (PGN standard 9.8.1) of a game ended
    /// by this ruling: `normal` (mate, stalemate, dead position, repetition,
    /// the move rules, agreement, resignation), `time forfeit` (a flag, 10.5,
    /// 10.14), `abandoned` (lateness and absence, 10.15–10.17),
    /// `adjudication` (a result the arbiter declares, 12.5), or
    /// `rules infraction` (fouls, refusals, illegal moves, invalid sealed
    /// moves, the club's limits).
    #[must_use]
    pub const fn pgn_termination(self) -> &'static str {
        match self {
            Code::LostOnTime
            | Code::DrawOpponentCannotCheckmate
            | Code::IncorrectClaimOverstepsTime => "time forfeit",
            Code::LostByLateness | Code::BothAbsentBothLose | Code::SealerAbsent => "abandoned",
            Code::ArbiterDeclaredResult | Code::SimplePositionDraw => "adjudication",
            Code::FoulsLimitLose
            | Code::MoveTimeCapExceeded
            | Code::OverlongGameScoresNothing
            | Code::RefusalToComply
            | Code::SecondIllegalMoveLoses
            | Code::NotChangingLoses
            | Code::IllegalMoveLoses
            | Code::SealedMoveAmbiguous
            | Code::SealedMoveIllegal
            | Code::SealedMoveUnreadable => "rules infraction",
            _ => "normal",
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::Code;
    use std::collections::BTreeSet;

    #[test]
    fn every_code_is_defined_once_in_snake_case_and_reads_back() {
        let texts: BTreeSet<&str> = Code::ALL.iter().map(|c| c.code()).collect();
        assert_eq!(texts.len(), Code::ALL.len(), "a code text is used twice");
        for &c in Code::ALL {
            let t = c.code();
            assert!(
                !t.is_empty()
                    && !t.starts_with('_')
                    && !t.ends_with('_')
                    && t.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{t}"
            );
            assert_eq!(Code::parse(t), Some(c));
            assert_eq!(c.to_string(), t);
            assert!(c.is_rejection() || c.is_ruling(), "{t}");
        }
        assert_eq!(Code::parse("no_such_code"), None);
    }

    /// PGN 9.8.1: a game's end maps to a standard `Termination` value.
    #[test]
    fn every_ending_has_a_standard_pgn_termination() {
        let standard = [
            "normal",
            "time forfeit",
            "abandoned",
            "adjudication",
            "rules infraction",
        ];
        for &c in Code::ALL {
            assert!(standard.contains(&c.pgn_termination()), "{c}");
        }
        assert_eq!(Code::Checkmate.pgn_termination(), "normal");
        assert_eq!(Code::LostOnTime.pgn_termination(), "time forfeit");
        assert_eq!(Code::LostByLateness.pgn_termination(), "abandoned");
        assert_eq!(
            Code::ArbiterDeclaredResult.pgn_termination(),
            "adjudication"
        );
        assert_eq!(Code::FoulsLimitLose.pgn_termination(), "rules infraction");
    }

    /// Art. 8.5: an annulled game is announced by a ruling and refuses every
    /// later event with the same code.
    #[test]
    fn game_annulled_is_both_a_ruling_and_a_rejection_under_article_8_5() {
        assert_eq!(Code::GameAnnulled.code(), "game_annulled");
        assert!(Code::GameAnnulled.is_rejection() && Code::GameAnnulled.is_ruling());
        assert!(Code::IllegalMove.is_rejection() && !Code::IllegalMove.is_ruling());
        assert!(Code::Checkmate.is_ruling() && !Code::Checkmate.is_rejection());
    }
}
