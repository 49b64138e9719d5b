//! A bye's kind as storage, the API and the pages spell it.

use tournament::model::ByeKind;

/// The kind spelled `text` (`pairing_allocated`, `full`, `half`, `zero`,
/// `absent`), or `None` for a spelling this server never writes.
pub(crate) fn bye_kind(text: &str) -> Option<ByeKind> {
    Some(match text {
        "pairing_allocated" => ByeKind::PairingAllocated,
        "full" => ByeKind::FullPoint,
        "half" => ByeKind::HalfPoint,
        "zero" => ByeKind::ZeroPoint,
        "absent" => ByeKind::Absent,
        _ => return None,
    })
}

/// How `kind` is spelled (read back by [`bye_kind`]).
pub(crate) fn bye_text(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::PairingAllocated => "pairing_allocated",
        ByeKind::FullPoint => "full",
        ByeKind::HalfPoint => "half",
        ByeKind::ZeroPoint => "zero",
        ByeKind::Absent => "absent",
    }
}
