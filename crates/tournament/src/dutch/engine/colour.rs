//! Colour allocation (C.04.3 E) for the boards of a pairing.

use crate::dutch::state::{Colour, Entrant, Swiss};

/// Whether colour preferences `a` and `b` can both be met (they differ, or
/// one player has none).
pub(super) fn preferences_compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// Whether `a` ranks below `b` by accelerated score then rank.
fn ranks_below(t: &Swiss, a: &Entrant, b: &Entrant) -> bool {
    (t.score_acc(a, 0), b.rank_index) < (t.score_acc(b, 0), a.rank_index)
}

/// The colours of `a` and `b` in the latest of their played games, counted
/// back in step, where they differ (C.04.3 E.4).
fn first_colour_difference(a: &Entrant, b: &Entrant) -> (Option<Colour>, Option<Colour>) {
    let mut a_games = a.rounds.iter().rev().filter(|r| r.played);
    let mut b_games = b.rounds.iter().rev().filter(|r| r.played);
    loop {
        match (a_games.next(), b_games.next()) {
            (Some(x), Some(y)) if x.colour == y.colour => {}
            (Some(x), Some(y)) => return (x.colour, y.colour),
            (x, y) => return (x.and_then(|r| r.colour), y.and_then(|r| r.colour)),
        }
    }
}

/// Colour for `player` when meeting `opponent` where the preferences decide
/// (C.04.3 E.1–E.4); `None` when they do not.
fn neutral_colour(player: &Entrant, opponent: &Entrant) -> Option<Colour> {
    if preferences_compatible(player.colour_preference, opponent.colour_preference) {
        if player.colour_preference.is_some() {
            return player.colour_preference;
        }
        return opponent.colour_preference.map(Colour::opposite);
    }
    if player.absolute_preference()
        && (player.colour_imbalance > opponent.colour_imbalance || !opponent.absolute_preference())
    {
        return player.colour_preference;
    }
    if opponent.absolute_preference()
        && (opponent.colour_imbalance > player.colour_imbalance || !player.absolute_preference())
    {
        return opponent.colour_preference.map(Colour::opposite);
    }
    if player.strong_preference && !opponent.strong_preference {
        return player.colour_preference;
    }
    if opponent.strong_preference && !player.strong_preference {
        return opponent.colour_preference.map(Colour::opposite);
    }
    match first_colour_difference(player, opponent) {
        (Some(_), Some(opponent_colour)) => Some(opponent_colour),
        _ => None,
    }
}

/// The colour `player` gets against `opponent` (C.04.3 E).
pub(super) fn choose_colour(t: &Swiss, player: &Entrant, opponent: &Entrant) -> Colour {
    if let Some(colour) = neutral_colour(player, opponent) {
        return colour;
    }
    let initial = t.initial_colour.unwrap_or(Colour::White);
    match player.colour_preference {
        None => {
            if ranks_below(t, player, opponent) {
                if opponent.rank_index & 1 == 1 {
                    initial
                } else {
                    initial.opposite()
                }
            } else if player.rank_index & 1 == 1 {
                initial.opposite()
            } else {
                initial
            }
        }
        Some(preference) => {
            if ranks_below(t, player, opponent) {
                opponent
                    .colour_preference
                    .map_or(preference, Colour::opposite)
            } else {
                preference
            }
        }
    }
}
