//! Conduct (Art. 15: no outside help) and the national variation's one
//! exception: "in team events a player may consult his captain about
//! offering, accepting or claiming a draw, or resigning".
//!
//! **When.** A consultation is allowed to either player at any time while
//! the game is in progress, and while it is adjourned — not only to the
//! player to move. The text ties the exception to its topics, not to the
//! turn, and its topics do not keep to one player's time: resigning is
//! possible at any moment (10.2; while adjourned, 14.2), an offer may be
//! answered after the opponent's move is seen (10.9) and an irregular offer
//! made in the opponent's time still stands (10.8); a player consulting
//! before he claims or offers does so while he thinks, which may start in
//! the opponent's time. Refusing a consultation off-turn would forbid what
//! the variation permits. Before the game starts there is nothing to
//! consult about; once it is over (or annulled) there is nothing left to
//! decide, so both are refused.
//!
//! **What it changes.** Nothing but the record: the clocks run on (the
//! consultation is the player's time), no offer or claim is made by it, and
//! the ruling cites the national variation (`china-national`, as the
//! perpetual-check declaration does) so an arbiter reading the log sees that
//! the captain was consulted and why that was no breach of Art. 15.

use super::{Game, State, Status, Step, reject};
use crate::code::Code;
use crate::event::CaptainTopic;
use crate::result::Rejection;
use rules::Color;

impl Game {
    pub(super) fn on_consult_captain(
        &self,
        st: &State,
        out: &mut Step,
        who: Color,
        about: &CaptainTopic,
    ) -> Result<(), Rejection> {
        self.require_active(st)?;
        if st.status == Status::Scheduled {
            return reject(
                Code::GameNotStarted,
                "12.3",
                "the game has not started: there is nothing to consult the captain about",
            );
        }
        if !self.profile.captain_consultation {
            return reject(
                Code::OutsideHelp,
                "15",
                format!(
                    "the {} profile has no captain consultation: {who} may not seek advice during play",
                    self.profile.name
                ),
            );
        }
        if !self.setup.team_game {
            return reject(
                Code::OutsideHelp,
                "15",
                format!("not a game of a team event: {who} may not consult a captain during play"),
            );
        }
        let what = match about {
            CaptainTopic::OfferDraw => "offering a draw",
            CaptainTopic::AcceptDraw => "accepting a draw",
            CaptainTopic::ClaimDraw => "claiming a draw",
            CaptainTopic::Resign => "resigning",
            CaptainTopic::Other(topic) => {
                return reject(
                    Code::OutsideHelp,
                    "15",
                    format!(
                        "{who} may consult the captain only about offering, accepting or claiming a draw, or resigning, not about '{topic}'"
                    ),
                );
            }
        };
        out.rule(
            Code::CaptainConsulted,
            "china-national",
            format!("{who} consulted the team captain about {what}: allowed in a team event"),
        );
        Ok(())
    }

    /// The captain consultations recorded in the log (national variations),
    /// in order: when, who, about what. An entry voided by a later
    /// restoration (8.1, 8.2) still happened and is listed.
    pub fn captain_consultations(&self) -> impl Iterator<Item = (u64, Color, &CaptainTopic)> {
        self.log.iter().filter_map(|entry| match &entry.event.kind {
            crate::event::EventKind::ConsultCaptain { who, about } => {
                Some((entry.event.at_ms, *who, about))
            }
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::event::{CaptainTopic, Event, EventKind};
    use crate::game::{Game, GameSetup};
    use crate::profile::Profile;
    use rules::Color;

    fn team_game(profile: Profile, team_game: bool) -> Game {
        let setup = GameSetup {
            team_game,
            ..GameSetup::default()
        };
        let mut game = Game::new(profile, setup).expect("standard setup");
        game.apply(Event::new(0, EventKind::Start)).expect("start");
        game
    }

    fn consult(who: Color, about: &str) -> Event {
        Event::new(
            1_000,
            EventKind::ConsultCaptain {
                who,
                about: CaptainTopic::parse(about),
            },
        )
    }

    /// National variations: only `china-national` has the captain
    /// consultation; the seed's FIDE text, the 2023 Laws and the club plan
    /// keep Art. 15 whole.
    #[test]
    fn only_the_national_profile_lets_a_team_player_consult_his_captain_art_15() {
        let allowed = [
            ("fide-classic", false),
            ("fide-2023", false),
            ("china-national", true),
            ("club", false),
        ];
        assert_eq!(allowed.len(), Profile::NAMES.len());
        for (name, expected) in allowed {
            let profile = Profile::by_name(name).expect("a built-in profile");
            assert_eq!(profile.captain_consultation, expected, "{name}");
            let mut game = team_game(profile, true);
            let before = game.clone();
            match game.apply(consult(Color::White, "offer_draw")) {
                Ok(applied) => {
                    assert!(expected, "{name} allowed a consultation");
                    assert_eq!(applied.rulings.len(), 1);
                    assert_eq!(applied.rulings[0].code, "captain_consulted");
                    assert_eq!(applied.rulings[0].article, "china-national");
                }
                Err(rejection) => {
                    assert!(!expected, "{name} refused: {rejection}");
                    assert_eq!(rejection.code(), "outside_help");
                    assert_eq!(rejection.article(), "15");
                    assert_eq!(game, before, "a refusal changes nothing");
                }
            }
        }
    }

    /// The four topics the variation names are allowed, to either player
    /// and whoever is to move; anything else is outside help (Art. 15).
    #[test]
    fn a_team_player_may_consult_about_a_draw_or_resigning_and_nothing_else_art_15() {
        let cases = [
            ("offer_draw", true),
            ("accept_draw", true),
            ("claim_draw", true),
            ("resign", true),
            ("the_position", false),
            ("which_move", false),
            ("", false),
        ];
        for (about, allowed) in cases {
            for who in Color::ALL {
                let mut game = team_game(Profile::china_national(), true);
                let result = game.apply(consult(who, about));
                assert_eq!(result.is_ok(), allowed, "{who} about '{about}': {result:?}");
                assert_eq!(CaptainTopic::parse(about).is_permitted(), allowed);
                assert_eq!(CaptainTopic::parse(about).as_str(), about);
            }
        }
    }

    /// The consultation is recorded in the log, changes nothing else, and
    /// is listed for the arbiter.
    #[test]
    fn a_consultation_is_recorded_for_the_arbiter_and_changes_nothing_else() {
        let mut game = team_game(Profile::china_national(), true);
        let before = game.view(1_000);
        game.apply(consult(Color::Black, "resign"))
            .expect("allowed in a team game");
        assert_eq!(game.view(1_000), before);
        let listed: Vec<_> = game.captain_consultations().collect();
        assert_eq!(listed, [(1_000, Color::Black, &CaptainTopic::Resign)]);
        let mut solo = team_game(Profile::china_national(), false);
        let refused = solo
            .apply(consult(Color::Black, "resign"))
            .expect_err("not a team game");
        assert_eq!((refused.code(), refused.article()), ("outside_help", "15"));
        assert_eq!(solo.captain_consultations().count(), 0);
    }
}
