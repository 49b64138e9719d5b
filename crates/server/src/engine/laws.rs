//! What the Laws let an organiser announce for an event, on top of its
//! regulations profile: the lateness limit (Art. 10.15; the national
//! variation: the profile's default the organiser may change), a higher move
//! count for the fifty-move rule (Art. 10.12), and the club plan's per-move
//! cap, game-length limit and number of fouls that loses (club plan (3)).
//!
//! A tournament stores its effective settings (`tournaments.laws`, migration
//! `0005_law_settings.sql`): the profile's defaults with the organiser's
//! announcements over them. Each game copies them when it is created
//! (`games.laws`), so a game is judged by the settings in force when it was
//! paired, and [`Laws::apply`] puts them into the game's
//! `regulations::Profile`, whose rulings cite their articles.

use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Announced settings; an absent field is the profile's (no limit where the
/// profile has none).
/// Art. 10.12: a higher fifty-move count for one material balance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FiftyMoveRule {
    /// The material, White's and Black's (either first): `KRB-KR`.
    pub material: String,
    /// Moves by each side without a capture or a pawn move (50 or more).
    pub moves: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Laws {
    /// Art. 10.15 / 10.17 (FIDE 2023 6.7.1): minutes after the scheduled
    /// start a player may arrive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lateness_limit_minutes: Option<u32>,
    /// Art. 10.12: moves by each side for the fifty-move claim (50 or more).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fifty_move_count: Option<u32>,
    /// Art. 10.12 "for certain positions": a higher count for a material
    /// balance, e.g. `{"material": "KRB-KR", "moves": 75}` (each side's
    /// pieces as `K`, then `Q R B N P` in that order; either side first).
    /// Given, the list replaces the one in force (`[]` clears it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fifty_move_overrides: Option<Vec<FiftyMoveRule>>,
    /// Club plan (3): seconds a move may take; each excess is a foul.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_move_cap_seconds: Option<u32>,
    /// Club plan (3): minutes after which a game scores nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_game_minutes: Option<u32>,
    /// Club plan (3): fouls that lose the game; in Xiangqi xq 4.1.8 (three).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foul_limit: Option<u32>,
    /// Xiangqi only, xq 4.2.4: moves without a capture that draw (60 in the
    /// rules; an event may set fewer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub natural_move_limit: Option<u32>,
    /// Xiangqi only, xq 4.1.6 (4.1.2 for generals facing): `true` for an
    /// event whose regulations say the illegal move itself loses; `false`
    /// (the profiles' default) refuses it and the player moves again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal_move_loses: Option<bool>,
}

const MINUTE_MS: u64 = 60_000;

impl Laws {
    /// The profile's own settings, as a tournament shows them (a Xiangqi
    /// profile's: lateness xq 4.1.5, fouls xq 4.1.8, natural limit xq 4.2.4).
    pub fn of_profile(name: &str) -> Laws {
        let minutes = |ms: u64| u32::try_from(ms / MINUTE_MS).unwrap_or(u32::MAX);
        if let Some(p) = regulations::XiangqiProfile::by_name(name) {
            return Laws {
                lateness_limit_minutes: p.lateness_limit_ms.map(minutes),
                foul_limit: Some(p.foul_limit),
                natural_move_limit: Some(p.natural_move_limit),
                illegal_move_loses: Some(
                    p.illegal_move_policy == regulations::IllegalMovePolicy::Lose,
                ),
                ..Laws::default()
            };
        }
        let p = regulations::Profile::by_name(name).unwrap_or_default();
        Laws {
            lateness_limit_minutes: p.lateness_limit_ms.map(minutes),
            fifty_move_count: Some(p.fifty_move_count),
            fifty_move_overrides: (!p.fifty_move_overrides.is_empty()).then(|| {
                p.fifty_move_overrides
                    .iter()
                    .map(|o| FiftyMoveRule {
                        material: o.material.clone(),
                        moves: o.moves,
                    })
                    .collect()
            }),
            per_move_cap_seconds: p
                .per_move_cap_ms
                .map(|ms| u32::try_from(ms / 1000).unwrap_or(u32::MAX)),
            max_game_minutes: p.max_game_duration_ms.map(minutes),
            foul_limit: p.foul_limit,
            natural_move_limit: None,
            illegal_move_loses: None,
        }
    }

    /// Refuses (422, naming the field) an announcement the game's rules
    /// have no place for: the fifty-move count and the club plan's
    /// per-move cap and game-length limit in Xiangqi, the natural move
    /// limit and the illegal move's loss in chess (Art. 7.5 has its own
    /// penalties, set by the profile).
    pub fn check_for(request: &Laws, game: crate::engine::GameKind) -> Result<(), ApiError> {
        let foreign: &[(&str, Option<u32>)] = match game {
            crate::engine::GameKind::Chess => &[("natural_move_limit", request.natural_move_limit)],
            crate::engine::GameKind::Xiangqi => &[
                ("fifty_move_count", request.fifty_move_count),
                ("per_move_cap_seconds", request.per_move_cap_seconds),
                ("max_game_minutes", request.max_game_minutes),
            ],
        };
        let overrides = match game {
            crate::engine::GameKind::Xiangqi => request
                .fifty_move_overrides
                .is_some()
                .then_some("fifty_move_overrides"),
            crate::engine::GameKind::Chess => request
                .illegal_move_loses
                .is_some()
                .then_some("illegal_move_loses"),
        };
        let field = foreign
            .iter()
            .find(|(_, v)| v.is_some())
            .map(|(field, _)| *field)
            .or(overrides);
        match field {
            Some(field) => Err(ApiError::Unprocessable {
                code: "not_for_this_game".into(),
                message: format!("a {} event has no '{field}' setting", game.as_str()),
                article: None,
                at: Some(format!("laws.{field}")),
            }),
            None => Ok(()),
        }
    }

    /// The organiser's announcements over these settings, each checked; the
    /// error names the field.
    pub fn announce(&mut self, request: &Laws) -> Result<(), ApiError> {
        let check = |field: &str, value: Option<u32>, low: u32, high: u32| match value {
            Some(v) if !(low..=high).contains(&v) => Err(ApiError::invalid_field(
                &format!("laws.{field}"),
                format!("must be between {low} and {high}"),
            )),
            _ => Ok(()),
        };
        check(
            "lateness_limit_minutes",
            request.lateness_limit_minutes,
            0,
            600,
        )?;
        // Art. 10.12 lets the organiser announce a higher count, never a lower one.
        check("fifty_move_count", request.fifty_move_count, 50, 500)?;
        check(
            "per_move_cap_seconds",
            request.per_move_cap_seconds,
            1,
            3600,
        )?;
        check("max_game_minutes", request.max_game_minutes, 1, 1440)?;
        check("foul_limit", request.foul_limit, 1, 20)?;
        // xq 4.2.4: sixty moves, or fewer as the event sets.
        check("natural_move_limit", request.natural_move_limit, 1, 60)?;
        if let Some(rules) = &request.fifty_move_overrides {
            let mut checked = Vec::with_capacity(rules.len());
            for (i, rule) in rules.iter().enumerate() {
                let material = rule.material.to_ascii_uppercase();
                if !is_material_balance(&material) {
                    return Err(ApiError::invalid_field(
                        &format!("laws.fifty_move_overrides[{i}].material"),
                        "a material balance such as KRB-KR: each side K, then Q R B N P in that order",
                    ));
                }
                let field = format!("fifty_move_overrides[{i}].moves");
                check(&field, Some(rule.moves), 50, 500)?;
                checked.push(FiftyMoveRule {
                    material,
                    moves: rule.moves,
                });
            }
            self.fifty_move_overrides = (!checked.is_empty()).then_some(checked);
        }
        let take = |slot: &mut Option<u32>, value: Option<u32>| {
            if value.is_some() {
                *slot = value;
            }
        };
        take(
            &mut self.lateness_limit_minutes,
            request.lateness_limit_minutes,
        );
        take(&mut self.fifty_move_count, request.fifty_move_count);
        take(&mut self.per_move_cap_seconds, request.per_move_cap_seconds);
        take(&mut self.max_game_minutes, request.max_game_minutes);
        take(&mut self.foul_limit, request.foul_limit);
        take(&mut self.natural_move_limit, request.natural_move_limit);
        if request.illegal_move_loses.is_some() {
            self.illegal_move_loses = request.illegal_move_loses;
        }
        Ok(())
    }

    /// The profile changed from `old` to `new`: each setting that is still
    /// the old profile's default becomes the new profile's; one the
    /// organiser announced differently stays.
    pub fn reprofile(&mut self, old: &str, new: &str) {
        let (was, now) = (Laws::of_profile(old), Laws::of_profile(new));
        let follow = |slot: &mut Option<u32>, was: Option<u32>, now: Option<u32>| {
            if *slot == was {
                *slot = now;
            }
        };
        follow(
            &mut self.lateness_limit_minutes,
            was.lateness_limit_minutes,
            now.lateness_limit_minutes,
        );
        follow(
            &mut self.fifty_move_count,
            was.fifty_move_count,
            now.fifty_move_count,
        );
        if self.fifty_move_overrides == was.fifty_move_overrides {
            self.fifty_move_overrides = now.fifty_move_overrides;
        }
        follow(
            &mut self.per_move_cap_seconds,
            was.per_move_cap_seconds,
            now.per_move_cap_seconds,
        );
        follow(
            &mut self.max_game_minutes,
            was.max_game_minutes,
            now.max_game_minutes,
        );
        follow(&mut self.foul_limit, was.foul_limit, now.foul_limit);
        follow(
            &mut self.natural_move_limit,
            was.natural_move_limit,
            now.natural_move_limit,
        );
        if self.illegal_move_loses == was.illegal_move_loses {
            self.illegal_move_loses = now.illegal_move_loses;
        }
    }

    /// A game's effective settings: its profile's, with `request`'s
    /// announcements over them (checked as a tournament's are).
    pub fn for_game(
        regulations: &str,
        game: crate::engine::GameKind,
        request: Option<&Laws>,
    ) -> Result<Laws, ApiError> {
        let mut laws = Laws::of_profile(regulations);
        if let Some(request) = request {
            Laws::check_for(request, game)?;
            laws.announce(request)?;
        }
        Ok(laws)
    }

    /// Puts the settings into a Xiangqi game's profile: the lateness limit
    /// (xq 4.1.5), the foul limit (xq 4.1.8), the natural move limit
    /// (xq 4.2.4), whether an illegal move loses (xq 4.1.6, 4.1.2); an
    /// absent field leaves the profile's.
    pub fn apply_xiangqi(&self, profile: &mut regulations::XiangqiProfile) {
        if let Some(m) = self.lateness_limit_minutes {
            profile.lateness_limit_ms = Some(u64::from(m) * MINUTE_MS);
        }
        if let Some(n) = self.foul_limit {
            profile.foul_limit = n;
        }
        if let Some(n) = self.natural_move_limit {
            profile.natural_move_limit = n;
        }
        if let Some(loses) = self.illegal_move_loses {
            profile.illegal_move_policy = if loses {
                regulations::IllegalMovePolicy::Lose
            } else {
                regulations::IllegalMovePolicy::Refuse
            };
        }
    }

    /// Puts the settings into a game's profile (an absent field leaves the
    /// profile's).
    pub fn apply(&self, profile: &mut regulations::Profile) {
        if let Some(m) = self.lateness_limit_minutes {
            profile.lateness_limit_ms = Some(u64::from(m) * MINUTE_MS);
        }
        if let Some(n) = self.fifty_move_count {
            profile.fifty_move_count = n;
        }
        if let Some(rules) = &self.fifty_move_overrides {
            profile.fifty_move_overrides = rules
                .iter()
                .map(|r| regulations::FiftyMoveOverride {
                    material: r.material.clone(),
                    moves: r.moves,
                })
                .collect();
        }
        if let Some(s) = self.per_move_cap_seconds {
            profile.per_move_cap_ms = Some(u64::from(s) * 1000);
        }
        if let Some(m) = self.max_game_minutes {
            profile.max_game_duration_ms = Some(u64::from(m) * MINUTE_MS);
        }
        if let Some(n) = self.foul_limit {
            profile.foul_limit = Some(n);
        }
    }
}

/// `KRB-KR`: two sides, each a king then queens, rooks, bishops, knights
/// and pawns in that order, at most 16 pieces a side.
fn is_material_balance(text: &str) -> bool {
    let side = |s: &str| {
        let order = |c: char| "KQRBNP".find(c);
        s.starts_with('K')
            && s.len() <= 16
            && s[1..].chars().all(|c| c != 'K' && order(c).is_some())
            && s.chars()
                .map(order)
                .collect::<Option<Vec<_>>>()
                .is_some_and(|o| o.windows(2).all(|w| w[0] <= w[1]))
    };
    text.split_once('-')
        .is_some_and(|(white, black)| side(white) && side(black))
}

#[cfg(test)]
mod tests {
    use super::Laws;

    /// Art. 10.12: a lower fifty-move count is not the organiser's to
    /// announce; the club plan's limits stay in range.
    #[test]
    fn announcements_are_checked_field_by_field() {
        let mut laws = Laws::of_profile("club");
        assert_eq!(laws.max_game_minutes, Some(30));
        assert_eq!(laws.per_move_cap_seconds, Some(30));
        assert_eq!(laws.foul_limit, Some(3));
        let low = Laws {
            fifty_move_count: Some(40),
            ..Laws::default()
        };
        assert!(laws.announce(&low).is_err());
        let ok = Laws {
            fifty_move_count: Some(75),
            lateness_limit_minutes: Some(15),
            ..Laws::default()
        };
        laws.announce(&ok).expect("in range");
        assert_eq!(laws.fifty_move_count, Some(75));
        assert_eq!(laws.lateness_limit_minutes, Some(15));
        assert_eq!(laws.foul_limit, Some(3), "untouched");
        let mut profile = regulations::Profile::by_name("club").expect("club");
        laws.apply(&mut profile);
        assert_eq!(profile.fifty_move_count, 75);
        assert_eq!(profile.lateness_limit_ms, Some(15 * 60_000));
    }
}
