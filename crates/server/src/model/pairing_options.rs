//! A tournament's pairing options: what the Dutch engine reads besides the
//! players and results — the initial colour (C.04.3 E.5; drawn by lot with a
//! stored seed when the organiser does not choose), acceleration (none, Baku
//! by C.04.5, or explicit points per player and round) and forbidden pairs
//! (C.04.2: players who must not meet, for all rounds or a range).
//!
//! Stored as one JSON document in `tournaments.pairing` (migration 0003) in
//! the shape the API shows, players named by start number; renumbering the
//! players before round 1 renumbers them here too ([`PairingOptions::renumber`]).
//! The model's [`tournament::model::PairingOptions`] is built from it in one
//! place ([`PairingOptions::to_model`]), and a TRF import fills it from the
//! model ([`PairingOptions::from_model`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tournament::model::{self, Points, StartNumber};

use crate::error::ApiError;
use crate::model::settings::PointsValue;

/// The stored and shown pairing options.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairingOptions {
    /// The colour of the top-ranked player in round 1: `white` or `black`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<String>,
    /// When the initial colour was drawn by lot: the seed of that drawing
    /// (the colour is `white` when the seed's first draw below 2 is 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lot_seed: Option<u64>,
    /// `none`, `baku` (C.04.5) or `explicit` (the `accelerations` list).
    #[serde(default = "none")]
    pub acceleration: String,
    /// Explicit acceleration: per player, the points added in rounds 1, 2, …
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<Acceleration>,
    /// Groups of players who must not meet (every pair within a group).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_pairs: Vec<ForbiddenGroup>,
}

fn none() -> String {
    "none".to_owned()
}

/// Acceleration points of one player, round by round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Acceleration {
    pub start_number: u32,
    pub points: Vec<PointsValue>,
}

/// Players who must not meet, in rounds `first_round..=last_round` (all
/// rounds when absent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ForbiddenGroup {
    pub players: Vec<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_round: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_round: Option<u32>,
}

/// The pairing part of a create or update request: every field optional; a
/// field given replaces the stored one.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairingRequest {
    /// `white`, `black`, or `lot` (drawn by lot now, seed stored).
    #[serde(default)]
    pub initial_colour: Option<String>,
    /// `none`, `baku` (C.04.5) or `explicit` (the `accelerations` list).
    #[serde(default)]
    pub acceleration: Option<String>,
    #[serde(default)]
    pub accelerations: Option<Vec<Acceleration>>,
    #[serde(default)]
    pub forbidden_pairs: Option<Vec<ForbiddenGroup>>,
}

/// The colour a drawing of lots with `seed` gives.
fn colour_by_lot(seed: u64) -> &'static str {
    if tournament::lots::SplitMix64::new(seed).below(2) == 0 {
        "white"
    } else {
        "black"
    }
}

/// A fresh seed for a drawing of lots.
fn fresh_seed() -> Result<u64, ApiError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("getrandom: {e}")))?;
    // Kept below 2^53 so every JSON reader holds it exactly.
    Ok(u64::from_le_bytes(bytes) & ((1 << 53) - 1))
}

impl PairingOptions {
    /// Options of a new tournament: the initial colour drawn by lot.
    pub fn new_drawn() -> Result<PairingOptions, ApiError> {
        let seed = fresh_seed()?;
        Ok(PairingOptions {
            initial_colour: Some(colour_by_lot(seed).to_owned()),
            lot_seed: Some(seed),
            acceleration: none(),
            ..PairingOptions::default()
        })
    }

    /// Applies a request. `players` are the tournament's start numbers (a
    /// group or acceleration naming another is refused); `rounds` its planned
    /// number of rounds (0: unknown); `paired` the rounds paired so far (the
    /// initial colour and acceleration cannot change once round 1 is paired).
    pub fn apply(
        &mut self,
        request: PairingRequest,
        players: &[u32],
        rounds: i64,
        paired: i64,
    ) -> Result<(), ApiError> {
        let locked = |field: &str| {
            ApiError::conflict(
                "round_paired",
                format!("{field} cannot change once round 1 is paired"),
            )
        };
        if let Some(colour) = request.initial_colour {
            let (chosen, seed) = match colour.as_str() {
                "white" | "black" => (colour.clone(), None),
                "lot" => {
                    let seed = fresh_seed()?;
                    (colour_by_lot(seed).to_owned(), Some(seed))
                }
                _ => {
                    return Err(ApiError::invalid_field(
                        "pairing.initial_colour",
                        "must be white, black or lot",
                    ));
                }
            };
            if paired > 0 && self.initial_colour.as_deref() != Some(chosen.as_str()) {
                return Err(locked("the initial colour"));
            }
            if paired == 0 {
                self.initial_colour = Some(chosen);
                self.lot_seed = seed;
            }
        }
        if let Some(method) = request.acceleration {
            if !["none", "baku", "explicit"].contains(&method.as_str()) {
                return Err(ApiError::invalid_field(
                    "pairing.acceleration",
                    "must be none, baku or explicit",
                ));
            }
            if paired > 0 && method != self.acceleration {
                return Err(locked("the acceleration method"));
            }
            self.acceleration = method;
        }
        let known = |field: &str, n: u32| {
            if players.contains(&n) {
                Ok(())
            } else {
                Err(ApiError::invalid_field(
                    field,
                    format!("no player has start number {n}"),
                ))
            }
        };
        if let Some(list) = request.accelerations {
            let mut seen = Vec::new();
            for (i, a) in list.iter().enumerate() {
                let field = format!("pairing.accelerations[{i}]");
                known(&format!("{field}.start_number"), a.start_number)?;
                if seen.contains(&a.start_number) {
                    return Err(ApiError::invalid_field(
                        &format!("{field}.start_number"),
                        "a player is listed twice",
                    ));
                }
                seen.push(a.start_number);
                if rounds > 0 && a.points.len() > usize::try_from(rounds).unwrap_or(0) {
                    return Err(ApiError::invalid_field(
                        &format!("{field}.points"),
                        "more rounds than the tournament has",
                    ));
                }
                for (r, p) in a.points.iter().enumerate() {
                    p.tenths(&format!("{field}.points[{r}]"))?;
                }
            }
            if paired > 0 && list != self.accelerations {
                return Err(locked("the acceleration"));
            }
            self.accelerations = list;
        }
        if let Some(groups) = request.forbidden_pairs {
            for (i, g) in groups.iter().enumerate() {
                let field = format!("pairing.forbidden_pairs[{i}]");
                if g.players.len() < 2 {
                    return Err(ApiError::invalid_field(
                        &format!("{field}.players"),
                        "a group needs at least two players",
                    ));
                }
                for (k, &n) in g.players.iter().enumerate() {
                    known(&format!("{field}.players"), n)?;
                    if g.players[..k].contains(&n) {
                        return Err(ApiError::invalid_field(
                            &format!("{field}.players"),
                            format!("start number {n} is listed twice"),
                        ));
                    }
                }
                let first = g.first_round.unwrap_or(1);
                let last = g.last_round.unwrap_or(u32::MAX);
                if first == 0 || last < first || (rounds > 0 && i64::from(first) > rounds) {
                    return Err(ApiError::invalid_field(
                        &format!("{field}.first_round"),
                        "the rounds must satisfy 1 <= first_round <= last_round <= rounds",
                    ));
                }
                // Left out, the pair stays forbidden to the last round.
                if g.last_round
                    .is_some_and(|last| last > 99 || (rounds > 0 && i64::from(last) > rounds))
                {
                    return Err(ApiError::invalid_field(
                        &format!("{field}.last_round"),
                        "the rounds must satisfy 1 <= first_round <= last_round <= rounds (at most 99)",
                    ));
                }
            }
            self.forbidden_pairs = groups;
        }
        Ok(())
    }

    /// The model's options (what `tournament::dutch` reads).
    pub fn to_model(&self) -> model::PairingOptions {
        let mut out = model::PairingOptions {
            initial_colour: match self.initial_colour.as_deref() {
                Some("black") => Some(model::Colour::Black),
                Some("white") => Some(model::Colour::White),
                _ => None,
            },
            baku: self.acceleration == "baku",
            ..model::PairingOptions::default()
        };
        if self.acceleration == "explicit" {
            for a in &self.accelerations {
                let points: Vec<Points> = a
                    .points
                    .iter()
                    .map(|p| Points(p.tenths("points").unwrap_or(0)))
                    .collect();
                out.accelerations.insert(a.start_number, points);
            }
        }
        for g in &self.forbidden_pairs {
            match (g.first_round, g.last_round) {
                (None, None) => out.forbidden_pairs.push(g.players.clone()),
                (first, last) => out
                    .forbidden_pairs_in_rounds
                    .push(model::ForbiddenInRounds {
                        first_round: first.unwrap_or(1),
                        last_round: last.unwrap_or(u32::MAX),
                        players: g.players.clone(),
                    }),
            }
        }
        out
    }

    /// The options a TRF file carried (an imported tournament). Without an
    /// initial colour in the file, the model's is drawn by lot.
    pub fn from_model(m: &model::PairingOptions) -> Result<PairingOptions, ApiError> {
        let mut out = match m.initial_colour {
            Some(c) => PairingOptions {
                initial_colour: Some(
                    if c == model::Colour::White {
                        "white"
                    } else {
                        "black"
                    }
                    .to_owned(),
                ),
                acceleration: none(),
                ..PairingOptions::default()
            },
            None => PairingOptions::new_drawn()?,
        };
        if m.baku {
            out.acceleration = "baku".to_owned();
        }
        if !m.accelerations.is_empty() {
            out.acceleration = "explicit".to_owned();
            out.accelerations = m
                .accelerations
                .iter()
                .map(|(&start_number, points)| Acceleration {
                    start_number,
                    points: points.iter().map(|p| PointsValue(p.as_f64())).collect(),
                })
                .collect();
        }
        out.forbidden_pairs = m
            .forbidden_pairs
            .iter()
            .map(|players| ForbiddenGroup {
                players: players.clone(),
                first_round: None,
                last_round: None,
            })
            .chain(m.forbidden_pairs_in_rounds.iter().map(|g| ForbiddenGroup {
                players: g.players.clone(),
                first_round: Some(g.first_round),
                last_round: Some(g.last_round),
            }))
            .collect();
        Ok(out)
    }

    /// Renames start numbers (players renumbered before round 1).
    pub fn renumber(&mut self, map: &BTreeMap<StartNumber, StartNumber>) {
        let rename = |n: &mut u32| {
            if let Some(&to) = map.get(n) {
                *n = to;
            }
        };
        for a in &mut self.accelerations {
            rename(&mut a.start_number);
        }
        for g in &mut self.forbidden_pairs {
            g.players.iter_mut().for_each(rename);
        }
    }
}
