//! A JSON body's objects name each key once.
//!
//! serde_json keeps the last of two equal keys when it reads an object into
//! a map (`{"move": "h2e2", "move": "a0a5"}` is the move `a0a5`), and
//! another reader — a proxy, a log, the client's own library — may keep the
//! first: a body that reads as two different events must not decide a game.
//! Derived structs refuse a repeated field already; maps and free-form
//! values (a game's event, a PGN upload) do not, so every JSON body is
//! checked here once it has parsed ([`crate::error::parse_json`]).
//!
//! The same pass refuses a NUL character (U+0000) in any string or key:
//! no text the server keeps may hold one (PostgreSQL cannot store it, and a
//! name or reason with one is no name or reason).

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

/// Reads any JSON value and fails on an object that repeats a key, at the
/// repeated key (the error's path, with `serde_path_to_error`).
pub(crate) struct UniqueKeys;

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UniqueKeys, D::Error> {
        deserializer.deserialize_any(UniqueKeysVisitor)
    }
}

struct UniqueKeysVisitor;

impl<'de> Visitor<'de> for UniqueKeysVisitor {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_i64<E>(self, _: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_u64<E>(self, _: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_i128<E>(self, _: i128) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_u128<E>(self, _: u128) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_f64<E>(self, _: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_str<E: de::Error>(self, text: &str) -> Result<UniqueKeys, E> {
        refuse_nul(text)
    }
    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_none<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<UniqueKeys, D::Error> {
        UniqueKeys::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        while seq.next_element::<UniqueKeys>()?.is_some() {}
        Ok(UniqueKeys)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        // Most objects have a handful of keys: a list beats a set.
        let mut seen: Vec<String> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if key.contains('\0') {
                map.next_value_seed(Nul)?;
            }
            if seen.contains(&key) {
                // Failed while reading the repeated key's value, so the
                // error's path ends at that key.
                map.next_value_seed(Repeated(&key))?;
            }
            map.next_value::<UniqueKeys>()?;
            seen.push(key);
        }
        Ok(UniqueKeys)
    }
}

/// [`NUL_MESSAGE`] when `text` holds a NUL character.
fn refuse_nul<E: de::Error>(text: &str) -> Result<UniqueKeys, E> {
    if text.contains('\0') {
        Err(E::custom(NUL_MESSAGE))
    } else {
        Ok(UniqueKeys)
    }
}

/// Why a text with a NUL character is refused.
pub(crate) const NUL_MESSAGE: &str = "a NUL character (U+0000) is not allowed in text";

/// The value of a key with a NUL character: an error at that key.
struct Nul;

impl<'de> de::DeserializeSeed<'de> for Nul {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, _: D) -> Result<(), D::Error> {
        Err(de::Error::custom(NUL_MESSAGE))
    }
}

/// The value of a key given twice: an error.
struct Repeated<'a>(&'a str);

impl<'de> de::DeserializeSeed<'de> for Repeated<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, _: D) -> Result<(), D::Error> {
        Err(de::Error::custom(format_args!(
            "the key `{}` is given twice in one object",
            self.0
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::UniqueKeys;

    /// The error and its path, as `parse_json` reports them.
    fn check(text: &str) -> Result<(), (String, String)> {
        let mut d = serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize::<_, UniqueKeys>(&mut d)
            .map(|_| ())
            .map_err(|e| (e.path().to_string(), e.into_inner().to_string()))
    }

    #[test]
    fn a_nul_character_is_refused_at_its_place() {
        let (path, message) = check(r#"{"name":"a\u0000b"}"#).unwrap_err();
        assert_eq!(path, "name");
        assert!(message.contains("NUL"), "{message}");
        let (path, _) = check(r#"{"players":[{"name":"A"},{"label":"\u0000"}]}"#).unwrap_err();
        assert_eq!(path, "players[1].label");
        assert!(check(r#"{"a\u0000":1}"#).is_err());
        assert!(
            check(r#"{"name":"a\\u0000b"}"#).is_ok(),
            "an escaped backslash is no NUL"
        );
    }

    #[test]
    fn a_key_given_twice_is_refused_at_its_place() {
        let (path, message) = check(r#"{"type":"move","move":"h2e2","move":"a0a5"}"#).unwrap_err();
        assert_eq!(path, "move");
        assert!(message.contains("`move` is given twice"), "{message}");
        let (path, _) = check(r#"{"players":[{"name":"A"},{"name":"B","name":"C"}]}"#).unwrap_err();
        assert_eq!(path, "players[1].name");
    }

    #[test]
    fn equal_keys_in_different_objects_and_any_values_are_accepted() {
        check(r#"{"a":{"x":1},"b":{"x":[1,2.5,-3,null,true,"s",{"x":{}}]},"c":[]}"#).unwrap();
        check("[1, 2, 3]").unwrap();
        check(r#""text""#).unwrap();
        check("18446744073709551615").unwrap();
    }
}
