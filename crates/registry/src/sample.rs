//! A deterministic rating list in FIDE's combined TXT layout, for the
//! import benchmark and for tests: players with Latin and pinyin names,
//! federations, titles, three ratings with games and K, years of birth and
//! inactive flags. The same seed gives the same list.

use crate::entry::{ListEntry, RatingCell, RatingKind};

/// The combined list's header, as FIDE lays it out (`players_list_foa.txt`).
pub const FIDE_TXT_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// Where a header word starts (each occurs once in the header).
fn start(word: &str) -> usize {
    FIDE_TXT_HEADER.find(word).unwrap_or(0)
}

/// One entry as a line of the combined TXT list.
pub fn fide_txt_line(entry: &ListEntry) -> String {
    let mut line = String::with_capacity(FIDE_TXT_HEADER.len() + 8);
    let mut width = 0;
    let mut put = |word: &str, value: &str| {
        let at = start(word);
        while width < at {
            line.push(' ');
            width += 1;
        }
        line.push_str(value);
        width += value.chars().count();
    };
    put(
        "ID Number",
        &entry.fide_id.map(|i| i.to_string()).unwrap_or_default(),
    );
    put("Name", &entry.name);
    put("Fed", entry.federation.as_deref().unwrap_or(""));
    put(
        "Sex",
        match entry.sex {
            Some('w') => "F",
            Some(_) => "M",
            None => "",
        },
    );
    let women = entry.title.as_deref().is_some_and(|t| t.starts_with('W'));
    put(
        "Tit",
        if women {
            ""
        } else {
            entry.title.as_deref().unwrap_or("")
        },
    );
    put(
        "WTit",
        if women {
            entry.title.as_deref().unwrap_or("")
        } else {
            ""
        },
    );
    put("OTit", entry.other_titles.as_deref().unwrap_or(""));
    for (kind, [r, g, k]) in [
        (RatingKind::Standard, ["SRtng", "SGm", "SK"]),
        (RatingKind::Rapid, ["RRtng", "RGm", "Rk"]),
        (RatingKind::Blitz, ["BRtng", "BGm", "BK"]),
    ] {
        if let Some(cell) = entry.rating(kind) {
            put(r, &cell.rating.to_string());
            put(g, &cell.games.to_string());
            put(k, &cell.k.map(|k| k.to_string()).unwrap_or_default());
        }
    }
    put(
        "B-day",
        &entry.birth_year.map(|y| y.to_string()).unwrap_or_default(),
    );
    put("Flag", if entry.inactive { "i" } else { "" });
    line.truncate(line.trim_end().len());
    line
}

/// Surnames are built from these (two or three parts, a quarter written
/// with diacritics), about 100,000 of them: as varied as a real list, so a
/// search reads as many players per name as it would in FIDE's.
const PARTS: [&str; 48] = [
    "an", "ber", "car", "dal", "el", "fon", "gar", "hal", "ing", "jan", "kov", "lin", "mar", "nak",
    "os", "pet", "quin", "ros", "sen", "tor", "ul", "vac", "wang", "xu", "yam", "zel", "ach",
    "bru", "chen", "din", "ek", "fis", "gu", "hou", "ivan", "ju", "kas", "lev", "mor", "nie", "ov",
    "pol", "ra", "sch", "tan", "ur", "vis", "wei",
];
const ACCENTED: [(&str, &str); 6] = [
    ("o", "ö"),
    ("a", "á"),
    ("e", "é"),
    ("u", "ü"),
    ("c", "č"),
    ("s", "ş"),
];
const GIVEN: [&str; 40] = [
    "Anna",
    "Magnus",
    "José",
    "Liren",
    "Hikaru",
    "Wei",
    "Ivan",
    "Søren",
    "Marie",
    "Luca",
    "Ana",
    "Jan",
    "Ayşe",
    "Piotr",
    "Eleni",
    "Levon",
    "Yifan",
    "Nils",
    "Seán",
    "Pieter",
    "Maxime",
    "Fabiano",
    "Wesley",
    "Anish",
    "Ian",
    "Teimour",
    "Vidit",
    "Arjun",
    "Gukesh",
    "Praggnanandhaa",
    "Nodirbek",
    "Alireza",
    "Jorden",
    "Hans",
    "Vincent",
    "Richard",
    "Daniil",
    "Shakhriyar",
    "Judit",
    "Koneru",
];
const FEDS: [&str; 12] = [
    "ENG", "GER", "RUS", "ESP", "JPN", "CHN", "HUN", "DEN", "FRA", "ITA", "BRA", "NOR",
];

/// `n` players from `seed`, with FIDE ids counting up from 100000.
#[derive(Debug, Clone)]
pub struct Sample {
    state: u64,
    next_id: u64,
    left: u64,
}

pub fn sample(seed: u64, n: u64) -> Sample {
    Sample {
        state: seed ^ 0x9e37_79b9_7f4a_7c15,
        next_id: 100_000,
        left: n,
    }
}

impl Sample {
    fn draw(&mut self, n: u64) -> u64 {
        // splitmix64
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % n
    }

    fn cell(&mut self, chance: u64) -> Option<RatingCell> {
        (self.draw(100) < chance).then(|| RatingCell {
            rating: 1000 + self.draw(1850) as u16,
            games: self.draw(12) as u16,
            k: Some([10, 20, 40][self.draw(3) as usize]),
        })
    }
}

impl Iterator for Sample {
    type Item = ListEntry;

    fn next(&mut self) -> Option<ListEntry> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.next_id += 1 + self.draw(7);
        let mut surname = String::new();
        for _ in 0..2 + self.draw(2) {
            surname.push_str(PARTS[self.draw(PARTS.len() as u64) as usize]);
        }
        if self.draw(4) == 0 {
            let (plain, accented) = ACCENTED[self.draw(ACCENTED.len() as u64) as usize];
            surname = surname.replacen(plain, accented, 1);
        }
        let mut chars = surname.chars();
        let surname: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        let given = GIVEN[self.draw(GIVEN.len() as u64) as usize];
        let title = match self.draw(1000) {
            0..=4 => Some("GM"),
            5..=14 => Some("IM"),
            15..=19 => Some("WGM"),
            20..=49 => Some("FM"),
            50..=59 => Some("WFM"),
            60..=89 => Some("CM"),
            _ => None,
        };
        Some(ListEntry {
            fide_id: Some(self.next_id),
            national_id: None,
            name: format!("{surname}, {given}"),
            federation: Some(FEDS[self.draw(FEDS.len() as u64) as usize].to_string()),
            sex: Some(if self.draw(5) == 0 { 'w' } else { 'm' }),
            title: title.map(str::to_string),
            other_titles: (self.draw(200) == 0).then(|| "IA,FA".to_string()),
            birth_year: (self.draw(20) != 0).then(|| 1930 + self.draw(90) as u16),
            standard: self.cell(60),
            rapid: self.cell(40),
            blitz: self.cell(35),
            inactive: self.draw(3) == 0,
        })
    }
}
