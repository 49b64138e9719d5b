//! Point systems a FIDE-endorsed program must refuse (C.02 endorsement
//! checklist VCL4THP.13, Q70–Q88): one table of systems, each with the
//! error `Scoring::validate` gives, naming the field.

use tournament::model::{Points, Scoring, ScoringError, ScoringField};

fn p(tenths: u32) -> Points {
    Points::from_tenths(tenths)
}

/// A colour-blind system with win, draw and loss in tenths.
fn wdl(win: u32, draw: u32, loss: u32) -> Scoring {
    Scoring::new(p(win), p(draw), p(loss))
}

#[test]
fn standard_three_one_zero_and_two_one_zero_systems_are_accepted() {
    for (name, scoring) in [
        ("1-½-0", Scoring::default()),
        ("3-1-0", wdl(30, 10, 0)),
        ("2-1-0", wdl(20, 10, 0)),
        ("3-2-1 with nothing for an absence", {
            let mut s = wdl(30, 20, 10);
            s.absent = p(0);
            s.zero_point_bye = p(0);
            s.forfeit_loss = p(0);
            s
        }),
        (
            "1-½-0 with a half-point pairing-allocated bye",
            Scoring {
                pairing_allocated_bye: p(5),
                ..Scoring::default()
            },
        ),
        (
            "1-½-0 with a zero pairing-allocated bye",
            Scoring {
                pairing_allocated_bye: p(0),
                ..Scoring::default()
            },
        ),
    ] {
        assert_eq!(scoring.validate(), Ok(()), "{name}");
    }
}

#[test]
fn inconsistent_point_systems_are_refused_naming_the_field() {
    let with = |mut s: Scoring, f: &dyn Fn(&mut Scoring)| {
        f(&mut s);
        s
    };
    let cases: Vec<(&str, Scoring, ScoringError)> = vec![
        (
            "Q74: two draws (2 × 0.6) above a win plus a loss (1)",
            wdl(10, 6, 0),
            ScoringError::TwoDrawsAboveWinAndLoss {
                draw: ScoringField::DrawWhite,
            },
        ),
        (
            "a draw worth more than a win",
            wdl(10, 15, 0),
            ScoringError::DrawAboveWin {
                draw: ScoringField::DrawWhite,
                win: ScoringField::WinWhite,
            },
        ),
        (
            "a loss worth more than a draw",
            wdl(30, 10, 20),
            ScoringError::LossAboveDraw {
                loss: ScoringField::LossWhite,
                draw: ScoringField::DrawWhite,
            },
        ),
        (
            "a win worth no more than a loss",
            wdl(0, 0, 0),
            ScoringError::WinNotAboveLoss {
                win: ScoringField::WinWhite,
                loss: ScoringField::LossWhite,
            },
        ),
        (
            "XXS BD: Black's two draws above Black's win and loss",
            with(Scoring::default(), &|s| s.draw_black = p(7)),
            ScoringError::TwoDrawsAboveWinAndLoss {
                draw: ScoringField::DrawBlack,
            },
        ),
        (
            "Q81: a pairing-allocated bye above a win",
            with(Scoring::default(), &|s| s.pairing_allocated_bye = p(15)),
            ScoringError::AboveWin {
                field: ScoringField::PairingAllocatedBye,
                value: p(15),
            },
        ),
        (
            "Q83: under standard scoring the pairing-allocated bye is 1, ½ or 0",
            with(Scoring::default(), &|s| s.pairing_allocated_bye = p(7)),
            ScoringError::NotAResultValue {
                field: ScoringField::PairingAllocatedBye,
                value: p(7),
            },
        ),
        (
            "Q84: under 3-1-0 a pairing-allocated bye of 2 no game gives",
            with(wdl(30, 10, 0), &|s| s.pairing_allocated_bye = p(20)),
            ScoringError::NotAResultValue {
                field: ScoringField::PairingAllocatedBye,
                value: p(20),
            },
        ),
        (
            "a half-point bye of 0.3",
            with(Scoring::default(), &|s| s.half_point_bye = p(3)),
            ScoringError::NotAResultValue {
                field: ScoringField::HalfPointBye,
                value: p(3),
            },
        ),
        (
            "a full-point bye above a win",
            with(Scoring::default(), &|s| s.full_point_bye = p(20)),
            ScoringError::AboveWin {
                field: ScoringField::FullPointBye,
                value: p(20),
            },
        ),
        (
            "a forfeit win above a win",
            with(wdl(30, 10, 0), &|s| s.forfeit_win = p(40)),
            ScoringError::AboveWin {
                field: ScoringField::ForfeitWin,
                value: p(40),
            },
        ),
        (
            "a forfeit loss above a lost game",
            with(Scoring::default(), &|s| s.forfeit_loss = p(5)),
            ScoringError::AboveLoss {
                field: ScoringField::ForfeitLoss,
                value: p(5),
            },
        ),
        (
            "a zero-point bye above a lost game",
            with(wdl(30, 10, 0), &|s| s.zero_point_bye = p(10)),
            ScoringError::AboveLoss {
                field: ScoringField::ZeroPointBye,
                value: p(10),
            },
        ),
    ];
    for (name, scoring, error) in cases {
        assert_eq!(scoring.validate(), Err(error), "{name}");
    }
}

#[test]
fn the_error_names_the_field_as_the_server_and_the_trf_spell_it() {
    let s = Scoring {
        pairing_allocated_bye: p(15),
        ..Scoring::default()
    };
    let e = s.validate().unwrap_err();
    assert_eq!(e.field().key(), "pairing_allocated_bye");
    assert_eq!(e.field().trf_code(), "PAB");
    assert_eq!(
        e.to_string(),
        "pairing_allocated_bye (PAB) = 1.5 is worth more than a win"
    );
}
