//! A name's search keys, across orders, diacritics and scripts.
//!
//! A key is the name's words folded to lower-case ASCII letters and digits
//! and run together. A name has several keys, one per order its words may
//! be read in: "Carlsen, Magnus" gives `carlsenmagnus` and `magnuscarlsen`;
//! "Magnus Carlsen" gives the same two; a name without a comma gives every
//! rotation of its words ("Maxime Vachier-Lagrave" meets "Vachier-Lagrave,
//! Maxime"). Chinese characters are read by their pinyin, surname first and
//! last, every reading of the surname character (曾 is *zeng* as a surname):
//! 丁立人 gives `dingliren` and `lirending`, and so meets "Ding Liren" and
//! "Ding, Liren". Two names match when some key of one is within a few
//! edits (insertions, deletions, substitutions, swaps of neighbours) of some
//! key of the other: none for keys up to 4 letters, one up to 8, two above.

use pinyin::{ToPinyin, ToPinyinMulti};

/// Two-character Chinese surnames (复姓) read as one surname.
const COMPOUND_SURNAMES: [&str; 20] = [
    "欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐", "司徒", "夏侯",
    "长孙", "宇文", "轩辕", "端木", "西门", "南宫", "独孤", "呼延",
];

/// Whether `c` is a CJK ideograph (the unified block and its extension A).
pub fn is_han(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}' | '\u{f900}'..='\u{faff}')
}

/// A Latin letter with its diacritics dropped, lower-case (`é` → `e`,
/// `ß` → `ss`, `ø` → `o`); `None` for anything that is no letter or digit.
fn fold(c: char, out: &mut String) -> bool {
    let lower = c.to_lowercase().next().unwrap_or(c);
    let s: &str = match lower {
        'a'..='z' | '0'..='9' => {
            out.push(lower);
            return true;
        }
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' | 'ǎ' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' | 'ǐ' => "i",
        'ĳ' => "ij",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' | 'ǒ' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' | 'ǔ' | 'ǖ' | 'ǘ' | 'ǚ' | 'ǜ' => {
            "u"
        }
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'þ' => "th",
        _ if lower.is_alphanumeric() && !is_han(lower) => {
            // Another script (Cyrillic, Greek…): kept as it is.
            out.push(lower);
            return true;
        }
        _ => return false,
    };
    out.push_str(s);
    true
}

/// A pinyin syllable as a key spells it (`lü` → `lu`).
fn syllable(p: &str) -> String {
    p.chars()
        .map(|c| if c == 'ü' || c == 'v' { 'u' } else { c })
        .collect()
}

/// The keys of one name; the first is its primary key (the order the name
/// is written in, surname first for "Surname, First" and Chinese names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameKeys {
    keys: Vec<String>,
}

impl NameKeys {
    pub fn of(name: &str) -> NameKeys {
        let mut latin: Vec<String> = Vec::new();
        let mut comma: Option<usize> = None;
        let mut han: Vec<char> = Vec::new();
        let mut word = String::new();
        for c in name.chars() {
            if is_han(c) {
                if !word.is_empty() {
                    latin.push(std::mem::take(&mut word));
                }
                han.push(c);
            } else if !fold(c, &mut word) {
                if !word.is_empty() {
                    latin.push(std::mem::take(&mut word));
                }
                if c == ',' && comma.is_none() {
                    comma = Some(latin.len());
                }
            }
        }
        if !word.is_empty() {
            latin.push(word);
        }
        let mut keys: Vec<String> = Vec::new();
        let mut add = |k: String| {
            if !k.is_empty() && !keys.contains(&k) {
                keys.push(k);
            }
        };
        match comma {
            Some(k) if k > 0 && k < latin.len() => {
                add(latin.concat());
                add(latin[k..].concat() + &latin[..k].concat());
            }
            _ if latin.len() <= 6 => {
                for r in 0..latin.len() {
                    add(latin[r..].concat() + &latin[..r].concat());
                }
            }
            _ => add(latin.concat()),
        }
        if !han.is_empty() {
            let text: String = han.iter().collect();
            let surname_len =
                if han.len() > 2 && COMPOUND_SURNAMES.iter().any(|s| text.starts_with(s)) {
                    2
                } else {
                    1
                };
            let plain = |cs: &[char]| -> String {
                cs.iter()
                    .filter_map(ToPinyin::to_pinyin)
                    .map(|p| syllable(p.plain()))
                    .collect()
            };
            let given = plain(&han[surname_len..]);
            let mut surnames: Vec<String> = vec![plain(&han[..surname_len])];
            if surname_len == 1
                && let Some(multi) = han[0].to_pinyin_multi()
            {
                for p in multi {
                    let s = syllable(p.plain());
                    if !surnames.contains(&s) {
                        surnames.push(s);
                    }
                }
            }
            for s in surnames.iter().take(4) {
                add(format!("{s}{given}"));
                add(format!("{given}{s}"));
            }
        }
        NameKeys { keys }
    }

    /// Keys stored earlier (a person's, of every form of their name).
    pub fn from_keys(keys: impl IntoIterator<Item = String>) -> NameKeys {
        let mut out: Vec<String> = Vec::new();
        for k in keys {
            if !k.is_empty() && !out.contains(&k) {
                out.push(k);
            }
        }
        NameKeys { keys: out }
    }

    /// The key a name is filed under.
    pub fn primary(&self) -> &str {
        self.keys.first().map_or("", String::as_str)
    }

    pub fn all(&self) -> &[String] {
        &self.keys
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The fewest edits between some key of each, within the typing errors
    /// forgiven for the shorter key (see the module's comment).
    pub fn distance(&self, other: &NameKeys) -> Option<usize> {
        let mut best: Option<usize> = None;
        for a in &self.keys {
            for b in &other.keys {
                let max = allowance(a.chars().count().min(b.chars().count()));
                if let Some(d) = distance(a, b, best.map_or(max, |b| b.min(max))) {
                    best = Some(best.map_or(d, |b| b.min(d)));
                }
            }
        }
        best
    }
}

impl NameKeys {
    /// [`NameKeys::distance`] of a query typed so far: each query key
    /// against the start of the other's keys, so a surname alone, a given
    /// name alone or the first letters of a name find it ("Carlsen" and
    /// "Carl" find "Carlsen, Magnus"). Queries under three letters find
    /// only whole names.
    pub fn prefix_distance(&self, other: &NameKeys) -> Option<usize> {
        let mut best = self.distance(other);
        for q in &self.keys {
            let n = q.chars().count();
            if n < 3 {
                continue;
            }
            let max = allowance(n);
            for k in &other.keys {
                let end = k.char_indices().nth(n).map_or(k.len(), |(i, _)| i);
                if let Some(d) = distance(q, &k[..end], best.map_or(max, |b| b.min(max))) {
                    best = Some(best.map_or(d, |b| b.min(d)));
                }
            }
        }
        best
    }
}

/// The edits forgiven in a key of `len` letters.
pub fn allowance(len: usize) -> usize {
    match len {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

/// The optimal-string-alignment distance of `a` and `b` (insertions,
/// deletions, substitutions, swaps of neighbours) if it is at most `max`.
pub fn distance(a: &str, b: &str, max: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let w = b.len() + 1;
    let mut prev2 = vec![0usize; w];
    let mut prev: Vec<usize> = (0..w).collect();
    let mut cur = vec![0usize; w];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(prev2[j - 2] + 1);
            }
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if row_min > max {
            return None;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[b.len()];
    (d <= max).then_some(d)
}

/// A Chinese name in pinyin as a Latin list writes it, surname first:
/// 丁立人 → "Ding Liren", 欧阳红 → "Ouyang Hong"; `None` when the name holds
/// no Chinese character or one without a reading.
pub fn pinyin_name(name: &str) -> Option<String> {
    let han: Vec<char> = name.chars().filter(|c| is_han(*c)).collect();
    if han.is_empty() {
        return None;
    }
    let text: String = han.iter().collect();
    let surname_len = if han.len() > 2 && COMPOUND_SURNAMES.iter().any(|s| text.starts_with(s)) {
        2
    } else {
        1
    };
    let word = |cs: &[char]| -> Option<String> {
        let mut w = String::new();
        for c in cs {
            w.push_str(&syllable(c.to_pinyin()?.plain()));
        }
        let mut chars = w.chars();
        Some(
            chars
                .next()
                .map(|f| f.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default(),
        )
    };
    let surname = word(&han[..surname_len])?;
    let given = word(&han[surname_len..])?;
    Some(if given.is_empty() {
        surname
    } else {
        format!("{surname} {given}")
    })
}

/// Whether the text is a query by FIDE id (digits only).
pub fn as_fide_id(query: &str) -> Option<u64> {
    let q = query.trim();
    (!q.is_empty() && q.len() <= 11 && q.bytes().all(|b| b.is_ascii_digit()))
        .then(|| q.parse().ok())
        .flatten()
}

/// The first three letters of a key and its last three reversed: what a
/// stored list is indexed by (a search reads the players one of whose ends
/// matches one of the query's keys, then measures each).
pub fn ends(key: &str) -> (String, String) {
    (
        key.chars().take(3).collect(),
        key.chars().rev().take(3).collect(),
    )
}
