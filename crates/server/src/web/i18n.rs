//! The pages' message catalogues: one file per language (`i18n/en.ftl`,
//! `i18n/zh.ftl`), embedded in the binary. A lean subset of Fluent's
//! syntax: one `key = text` per line, `#` comments, `{name}` arguments
//! (whole messages with arguments, never sentences glued from fragments).
//! Both catalogues have exactly the same keys and arguments (tested).
//!
//! The reader's language: `?lang=` (remembered in the `lang` cookie), else
//! the cookie, else `Accept-Language`, else English.

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;

const EN: &str = include_str!("i18n/en.ftl");
const ZH: &str = include_str!("i18n/zh.ftl");

/// The languages the pages speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Lang {
    En,
    Zh,
}

impl Lang {
    /// The code used in `?lang=`, the cookie and `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// The short code of `?lang=` links.
    pub fn param(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The other language (the switch on every page).
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Zh,
            Lang::Zh => Lang::En,
        }
    }

    /// A language code (`zh`, `zh-CN`, `zh-Hans`, `en-GB`, …).
    pub fn parse(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// The first language of an `Accept-Language` header that the pages
    /// speak, by quality (ties: the order given).
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(u16, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let Some(lang) = pieces.next().and_then(Lang::parse) else {
                continue;
            };
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(1000, |q| {
                    q.trim()
                        .parse::<f32>()
                        .ok()
                        .filter(|q| (0.0..=1.0).contains(q))
                        // Whole thousandths: the range is checked above.
                        .map_or(0, |q| (q * 1000.0).round() as u16)
                });
            if quality > 0 && best.is_none_or(|(q, _)| quality > q) {
                best = Some((quality, lang));
            }
        }
        best.map(|(_, lang)| lang)
    }

    /// A message without arguments; the key itself when missing (never a
    /// panic: the catalogue test keeps that from happening).
    pub fn t(self, key: &str) -> &'static str {
        let catalogue = catalogue(self);
        catalogue.get(key).copied().unwrap_or("")
    }

    /// Every message whose key starts with `prefix` (the console's
    /// scripts get theirs this way), in key order.
    pub fn with_prefix(self, prefix: &str) -> Vec<(&'static str, &'static str)> {
        let mut out: Vec<_> = catalogue(self)
            .iter()
            .filter(|(k, _)| k.starts_with(prefix))
            .map(|(k, v)| (*k, *v))
            .collect();
        out.sort_unstable();
        out
    }

    /// A message with `{name}` arguments filled in.
    pub fn tr(self, key: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
        let text = self.t(key);
        let mut out = String::with_capacity(text.len() + 16);
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) => {
                    let name = &after[..close];
                    match args.iter().find(|(n, _)| *n == name) {
                        Some((_, value)) => out.push_str(&value.to_string()),
                        None => {
                            out.push('{');
                            out.push_str(name);
                            out.push('}');
                        }
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push_str(&rest[open..]);
                    rest = "";
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// Parses a catalogue: `key = text` lines, `#` comments, blank lines.
fn parse(text: &'static str) -> Vec<(&'static str, &'static str)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(" = ").map(|(k, v)| (k.trim(), v.trim())))
        .collect()
}

fn catalogue(lang: Lang) -> &'static HashMap<&'static str, &'static str> {
    static CATALOGUES: OnceLock<[HashMap<&'static str, &'static str>; 2]> = OnceLock::new();
    let all = CATALOGUES.get_or_init(|| {
        [
            parse(EN).into_iter().collect(),
            parse(ZH).into_iter().collect(),
        ]
    });
    match lang {
        Lang::En => &all[0],
        Lang::Zh => &all[1],
    }
}

/// The name of the cookie that remembers the reader's choice.
pub(crate) const COOKIE: &str = "lang";

/// The `lang` value of a query string, if any.
pub(crate) fn query_lang(query: Option<&str>) -> Option<Lang> {
    super::query_param(query, "lang").and_then(|v| Lang::parse(&v))
}

fn cookie_lang(parts: &Parts) -> Option<Lang> {
    parts
        .headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|c| {
            let (name, value) = c.trim().split_once('=')?;
            (name == COOKIE).then(|| Lang::parse(value)).flatten()
        })
}

/// The reader's language, as an extractor (never refuses a request).
impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Lang, Self::Rejection> {
        Ok(query_lang(parts.uri.query())
            .or_else(|| cookie_lang(parts))
            .or_else(|| {
                parts
                    .headers
                    .get(header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .and_then(Lang::from_accept_language)
            })
            .unwrap_or(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arguments(text: &str) -> Vec<&str> {
        let mut out: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name))
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn both_catalogues_have_exactly_the_same_keys_and_arguments() {
        let en = parse(EN);
        let zh = parse(ZH);
        fn keys<'a>(c: &[(&'a str, &'a str)]) -> Vec<&'a str> {
            let mut k: Vec<&str> = c.iter().map(|(k, _)| *k).collect();
            k.sort_unstable();
            k
        }
        let (en_keys, zh_keys) = (keys(&en), keys(&zh));
        let mut unique = en_keys.clone();
        unique.dedup();
        assert_eq!(unique.len(), en_keys.len(), "a key twice in en.ftl");
        assert_eq!(en_keys, zh_keys, "en.ftl and zh.ftl differ in keys");
        for (key, text) in &en {
            let other = zh.iter().find(|(k, _)| k == key).map(|(_, t)| *t);
            assert_eq!(
                Some(arguments(text)),
                other.map(arguments),
                "arguments of {key}"
            );
            assert!(!text.is_empty(), "{key} is empty");
        }
        // Every line is a message, a comment or blank.
        for text in [EN, ZH] {
            for line in text.lines().map(str::trim) {
                assert!(
                    line.is_empty() || line.starts_with('#') || line.contains(" = "),
                    "not a message: {line}"
                );
            }
        }
    }

    #[test]
    fn messages_fill_their_arguments() {
        assert_eq!(Lang::En.tr("round-title", &[("n", &3)]), "Round 3");
        assert_eq!(Lang::Zh.tr("round-title", &[("n", &3)]), "第 3 轮");
        assert_eq!(Lang::En.t("no-such-key"), "");
    }

    #[test]
    fn accept_language_picks_the_best_spoken_language() {
        let pick = Lang::from_accept_language;
        assert_eq!(pick("zh-CN,zh;q=0.9,en;q=0.8"), Some(Lang::Zh));
        assert_eq!(pick("fr-FR, en;q=0.5, zh;q=0.7"), Some(Lang::Zh));
        assert_eq!(pick("en-GB,en;q=0.9"), Some(Lang::En));
        assert_eq!(pick("de, fr"), None);
        assert_eq!(pick("zh;q=0, en;q=0.1"), Some(Lang::En));
        assert_eq!(pick(";;,q=,zh;q=nonsense"), None);
        assert_eq!(pick(""), None);
    }
}
