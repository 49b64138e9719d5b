//! Direct encounter (C.07 Art. 6), one implementation for every kind of
//! participant: players ranked by their games ([`super::compute_standings`])
//! and teams ranked by match or game points
//! (`crate::team::ranking::compute_team_standings`). What is compared —
//! which encounters count and what one is worth — is the participant's own
//! ([`Encounters`]); how a tied group is separated is here, once.

use std::collections::BTreeMap;

use super::{Contribution, TiebreakScore, Value, split_equal};
use crate::model::StartNumber;

/// What one participant of a tied group scored against the others.
pub(crate) struct Met {
    /// The direct-encounter value: the points against the others of the
    /// group, several encounters with the same opponent averaged.
    pub value: Value,
    /// How many of the others it met.
    pub opponents: usize,
    /// The encounters that make the value, round by round (the
    /// explanation).
    pub contributions: Vec<Contribution>,
}

/// What direct encounter compares. Participants are numbered (a player's
/// start number, a team's number).
pub(crate) trait Encounters {
    /// `who`'s encounters with the others of `group`.
    fn met(&self, who: StartNumber, group: &[StartNumber]) -> Met;
    /// What one encounter not yet played could still give at most (a win):
    /// where not everyone met, a leader is separated only by a lead no
    /// missing encounter could erase.
    fn win(&self) -> Value;
}

/// Direct encounter inside one tied group: each participant's value is set
/// in `scores` (tie-break `index`) with its contributions, and the group is
/// split, best first. When everyone met everyone, the group is ordered by
/// those values and the rule is applied again to any still-tied subgroup
/// (whose values then replace the group's). When not (a Swiss), a
/// participant is separated from the top only while his value exceeds what
/// any other could reach by winning the missing encounters.
pub(crate) fn direct_encounter<E: Encounters>(
    encounters: &E,
    group: &[StartNumber],
    scores: &mut BTreeMap<StartNumber, Vec<TiebreakScore>>,
    index: usize,
) -> Vec<Vec<StartNumber>> {
    let mut values: BTreeMap<StartNumber, Value> = BTreeMap::new();
    let mut met: BTreeMap<StartNumber, usize> = BTreeMap::new();
    for &who in group {
        let found = encounters.met(who, group);
        values.insert(who, found.value);
        met.insert(who, found.opponents);
        if let Some(score) = scores.get_mut(&who).and_then(|s| s.get_mut(index)) {
            score.value = Some(found.value);
            score.contributions = found.contributions;
        }
    }
    let value = |who: &StartNumber| values[who];
    let all_met = group.iter().all(|who| met[who] + 1 == group.len());
    let mut sorted = group.to_vec();
    sorted.sort_by(|a, b| value(b).cmp(&value(a)).then(a.cmp(b)));
    if all_met {
        let parts = split_equal(&sorted, value);
        if parts.len() == 1 {
            return parts;
        }
        // Apply DE again inside each still-tied subgroup.
        let mut result = Vec::new();
        for part in parts {
            if part.len() > 1 {
                let mut inner_scores = scores.clone();
                let again = direct_encounter(encounters, &part, &mut inner_scores, index);
                if again.len() > 1 {
                    for who in &part {
                        if let Some(s) = inner_scores.remove(who) {
                            scores.insert(*who, s);
                        }
                    }
                }
                result.extend(again);
            } else {
                result.push(part);
            }
        }
        return result;
    }
    // Not everyone met: separate from the top while the leader's value
    // exceeds every other participant's maximum.
    let win = encounters.win();
    let maximum = |who: &StartNumber| -> Value {
        let missing = (group.len() - 1 - met[who]) as i64;
        value(who) + win.scale(missing, 1)
    };
    let mut result = Vec::new();
    let mut rest = sorted;
    while rest.len() > 1 {
        let best_other = rest[1..].iter().map(&maximum).max().unwrap_or(Value::ZERO);
        if value(&rest[0]) > best_other {
            result.push(vec![rest.remove(0)]);
        } else {
            break;
        }
    }
    rest.sort_unstable();
    result.push(rest);
    result
}
