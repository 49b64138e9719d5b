//! Settings as a reader says them: a regulations profile by its name
//! ("FIDE Laws of Chess (2023)", not `fide-2023`) and a time control in
//! words ("40 moves in 90 min, then 30 min for the rest of the game, 30 s
//! added per move"), not as the PGN tag the API keeps; a board's result
//! with an adjourned game in words.

use regulations::{Bonus, Profile, TimeControl};
use tournament::standings::Tiebreak;

use super::i18n::Lang;

/// A regulations profile by its name in `lang`; an unknown name as it is.
pub fn profile_name(lang: Lang, profile: &str) -> String {
    let profile = Profile::current_name(profile);
    match lang.t(&format!("profile-{profile}")) {
        "" => profile.to_owned(),
        name => name.to_owned(),
    }
}

/// A tie-break by its name in `lang` with its C.07 code as written
/// ("Buchholz (BH/C1)"); the code alone for one without a name here.
pub fn tiebreak_name(lang: Lang, tb: &Tiebreak) -> String {
    match lang.t(&format!("tb-{}", tb.kind.acronym())) {
        "" => tb.label.clone(),
        name => format!("{name} ({})", tb.label),
    }
}

/// A team tie-break by its name in `lang` with its code as written
/// ("Buchholz · game points (BH:GP)"): the team codes' own names
/// (`ttb-…`), else the individual one of the same code (`tb-…`); the code
/// alone for one without a name here.
pub fn team_tiebreak_name(lang: Lang, label: &str) -> String {
    let code = label.split([':', '/']).next().unwrap_or(label);
    let name = match lang.t(&format!("ttb-{code}")) {
        "" => lang.t(&format!("tb-{code}")),
        name => name,
    };
    if name.is_empty() {
        return label.to_owned();
    }
    let score = label
        .split('/')
        .next()
        .and_then(|head| head.split_once(':'))
        .map(|(_, score)| lang.t(&format!("ttb-{score}")))
        .filter(|score| !score.is_empty());
    match score {
        Some(score) => format!("{name} · {score} ({label})"),
        None => format!("{name} ({label})"),
    }
}

/// A duration in minutes when whole, else in seconds.
fn duration(lang: Lang, ms: u64) -> String {
    if ms.is_multiple_of(60_000) {
        lang.tr("tc-min", &[("n", &(ms / 60_000))])
    } else {
        lang.tr("tc-sec", &[("n", &(ms / 1000))])
    }
}

/// A PGN `TimeControl` tag in words; `None` when it says nothing (`?`) or
/// cannot be read (the tag itself is then the best there is).
pub fn time_control(lang: Lang, tag: &str) -> Option<String> {
    match TimeControl::parse(tag).ok()? {
        TimeControl::Unknown => None,
        TimeControl::Untimed => Some(lang.t("tc-untimed").to_owned()),
        TimeControl::Sandclock { ms } => {
            Some(lang.tr("tc-sandglass", &[("time", &duration(lang, ms))]))
        }
        TimeControl::Periods { periods } => {
            let mut words: Option<String> = None;
            for (i, period) in periods.iter().enumerate() {
                let time = duration(lang, period.base_ms);
                let part = match period.moves {
                    Some(moves) => lang.tr("tc-moves-in", &[("moves", &moves), ("time", &time)]),
                    None if i == 0 => lang.tr("tc-game", &[("time", &time)]),
                    None => lang.tr("tc-rest", &[("time", &time)]),
                };
                let part = match period.bonus {
                    Bonus::None => part,
                    Bonus::Increment { ms } => {
                        lang.tr("tc-increment", &[("period", &part), ("s", &(ms / 1000))])
                    }
                    Bonus::Delay { ms } => {
                        lang.tr("tc-delay", &[("period", &part), ("s", &(ms / 1000))])
                    }
                };
                words = Some(match words {
                    None => part,
                    Some(before) => lang.tr("tc-then", &[("before", &before), ("after", &part)]),
                });
            }
            words
        }
    }
}

/// A board's result as printed: `½` for a half point, an adjourned game
/// (`adj`) in words.
pub(crate) fn result_text(lang: Lang, result: &str) -> String {
    if result == "adj" {
        return lang.t("game-status-adjourned").to_owned();
    }
    result.replace("1/2", "½")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_classical_time_control_reads_as_an_arbiter_announces_it() {
        assert_eq!(
            time_control(Lang::En, "40/5400:1800+30").as_deref(),
            Some("40 moves in 90 min, then 30 min for the rest of the game, 30 s added per move")
        );
        assert_eq!(
            time_control(Lang::Zh, "40/5400:1800+30").as_deref(),
            Some("40 步 90 分钟，然后余下棋局 30 分钟，每步加 30 秒")
        );
        assert_eq!(
            time_control(Lang::En, "5400+30").as_deref(),
            Some("90 min for the game, 30 s added per move")
        );
        assert_eq!(time_control(Lang::En, "-").as_deref(), Some("no clock"));
        assert_eq!(time_control(Lang::En, "?"), None);
    }

    #[test]
    fn a_tiebreak_is_named_with_its_code() {
        let first = &tournament::standings::spec::parse_tiebreak("BH/C1").expect("a code");
        assert_eq!(tiebreak_name(Lang::En, first), "Buchholz (BH/C1)");
        assert_eq!(tiebreak_name(Lang::Zh, first), "布赫兹分 (BH/C1)");
    }

    #[test]
    fn a_profile_shows_by_its_name_and_a_former_name_by_todays() {
        assert_eq!(
            profile_name(Lang::En, "fide-seed"),
            profile_name(Lang::En, "fide-classic")
        );
        assert_eq!(profile_name(Lang::Zh, "xiangqi"), "中国象棋竞赛规则");
        assert_eq!(profile_name(Lang::En, "custom"), "custom");
    }
}
