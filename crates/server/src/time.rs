//! Times as the server stores and shows them: RFC 3339 UTC with
//! milliseconds, which sorts as text. Imports nothing of the server.

/// Now, as stored: RFC 3339 UTC with milliseconds (sorts as text).
pub(crate) fn now_text() -> String {
    time_text(chrono::Utc::now())
}

/// `t` as stored: `YYYY-MM-DDTHH:MM:SS.mmmZ` (a year beyond four digits
/// signed, as `%Y` writes it).
pub(crate) fn time_text(t: chrono::DateTime<chrono::Utc>) -> String {
    use chrono::Datelike;
    if (0..=9999).contains(&t.year()) {
        // The same text, written without parsing a format string each time.
        t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
    } else {
        t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::time_text;
    use chrono::{DateTime, TimeZone, Utc};

    fn by_format(t: DateTime<Utc>) -> String {
        t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
    }

    #[test]
    fn stored_times_read_as_rfc3339_utc_with_milliseconds_whatever_the_year() {
        for ms in [
            0,
            1,
            999,
            1_700_000_000_123,
            -1,
            -62_167_219_200_000, // 0000-01-01
            253_402_300_799_999, // 9999-12-31T23:59:59.999
            253_402_300_800_000, // 10000-01-01
            -62_167_219_200_001, // -0001-12-31
        ] {
            let t = Utc.timestamp_millis_opt(ms).unwrap();
            assert_eq!(time_text(t), by_format(t), "{ms}");
        }
        let leap = DateTime::from_timestamp(1_483_228_799, 1_500_000_000).unwrap();
        assert_eq!(time_text(leap), by_format(leap));
        assert_eq!(
            time_text(Utc.timestamp_millis_opt(1_500).unwrap()),
            "1970-01-01T00:00:01.500Z"
        );
    }
}
