//! Warnings on UTF-8 local parts (RFC 6531 §3.3, RFC 6532 §3.1): characters that
//! display as nothing or reorder the text, C1 controls, and forms not in NFC. The
//! Unicode properties and the NFC check come from ICU4X's compiled data (the `idna`
//! feature); nothing here allocates.

use crate::warning::{Warning, Warnings};

/// The warnings for a local part that is not ASCII.
pub(crate) fn local_part_warnings(local: &str) -> Warnings {
    let mut found = Warnings::EMPTY;
    for c in local.chars() {
        if ('\u{80}'..='\u{9f}').contains(&c) {
            found.insert(Warning::C1Control);
        }
        found = found.union(property_warnings(c));
    }
    if !is_nfc(local) {
        found.insert(Warning::LocalPartNotNfc);
    }
    found
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

#[cfg(not(feature = "idna"))]
const fn property_warnings(_: char) -> Warnings {
    Warnings::EMPTY
}

/// RFC 6532 §3.1: UTF-8 local parts SHOULD be in NFC (UAX #15).
#[cfg(feature = "idna")]
fn is_nfc(text: &str) -> bool {
    icu_normalizer::ComposingNormalizerBorrowed::new_nfc().is_normalized(text)
}

#[cfg(not(feature = "idna"))]
const fn is_nfc(_: &str) -> bool {
    true
}
