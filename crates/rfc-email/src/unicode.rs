//! Warnings on UTF-8 local parts (RFC 6531 §3.3, RFC 6532 §3.1): characters that
//! display as nothing or reorder the text, C1 controls, and forms not in NFC. The
//! Unicode properties come from ICU4X's compiled data and the NFC check from
//! `ldh-domain` (the `idna` feature); nothing here allocates.

use crate::warning::{Warning, Warnings};

/// The warnings for a local part that is not ASCII.
pub(crate) fn local_part_warnings(local: &str) -> Warnings {
    let mut found = Warnings::EMPTY;
    for c in local.chars() {
        if ('\u{80}'..='\u{9f}').contains(&c) {
            found.insert(Warning::C1Control);
        }
        if is_space_like(c) {
            found.insert(Warning::SpaceLikeCharacter);
        }
        found = found.union(property_warnings(c));
    }
    if !is_nfc(local) {
        found.insert(Warning::LocalPartNotNfc);
    }
    found
}

/// A character other than U+0020 that shows as a blank space: Unicode `White_Space`
/// (UAX #44 `PropList.txt`: U+00A0, U+1680, U+2000–U+200A, U+202F, U+205F, U+3000, the
/// line and paragraph separators) and U+2800 BRAILLE PATTERN BLANK, which no
/// property marks. The blank-looking Hangul fillers are default-ignorable and get
/// [`Warning::InvisibleCharacter`].
fn is_space_like(c: char) -> bool {
    // U+0085 NEXT LINE is `White_Space` too, but a C1 control, reported as one.
    (c.is_whitespace() && c > '\u{9f}') || c == '\u{2800}'
}

/// `Bidi_Control` (UAX #9) first: those are also default-ignorable, but the bidi
/// warning says more.
#[cfg(feature = "idna")]
fn property_warnings(c: char) -> Warnings {
    use icu_properties::CodePointSetData;
    use icu_properties::props::{BidiControl, DefaultIgnorableCodePoint};
    let mut found = Warnings::EMPTY;
    if CodePointSetData::new::<BidiControl>().contains(c) {
        found.insert(Warning::BidiControl);
    } else if CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c) {
        found.insert(Warning::InvisibleCharacter);
    }
    found
}

/// Whether `text` holds a character that displays as nothing (`Default_Ignorable_Code_Point`,
/// bidi controls included): UTS #46 maps some of them away, and an address must not be
/// stored as something other than what was shown.
#[cfg(feature = "idna")]
pub(crate) fn has_invisible(text: &str) -> bool {
    use icu_properties::CodePointSetData;
    use icu_properties::props::DefaultIgnorableCodePoint;
    let set = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    text.chars().any(|c| set.contains(c))
}

#[cfg(all(feature = "alloc", not(feature = "idna")))]
pub(crate) fn has_invisible(_: &str) -> bool {
    false
}

#[cfg(not(feature = "idna"))]
const fn property_warnings(_: char) -> Warnings {
    Warnings::EMPTY
}

/// RFC 6532 §3.1: UTF-8 local parts SHOULD be in NFC (UAX #15), by `ldh-domain`'s
/// allocation-free check. A local part with a run of more than 252 combining marks,
/// which that check cannot normalize in its fixed buffer, gets no NFC warning (it is not
/// Stream-Safe text, UAX #15 §13, and no mail system writes one).
#[cfg(feature = "idna")]
pub(crate) fn is_nfc(text: &str) -> bool {
    ldh_domain::is_nfc(text).unwrap_or(true)
}

#[cfg(not(feature = "idna"))]
pub(crate) const fn is_nfc(_: &str) -> bool {
    true
}
