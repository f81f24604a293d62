//! Conversions (feature `alloc`): the UTS #46 mapping of user input (RFC 5895's advice,
//! as UTS #46 §4 specifies it), and the A-label and U-label forms of validated names.

use alloc::string::String;

#[cfg(feature = "idna")]
use icu_normalizer::uts46::Uts46MapperBorrowed;

use super::alabel;
use crate::error::{DomainError, DomainErrorKind};
use crate::limits::MAX_LABEL_LEN;

/// UTS #46 "Map" and "Normalize" (non-transitional): case folded, compatibility forms
/// and full-width characters mapped, ignored characters dropped, the ideographic and
/// full-width full stops mapped to `.`, NFC. Disallowed code points come out as U+FFFD.
#[cfg(feature = "idna")]
pub(crate) fn map(input: &str) -> String {
    Uts46MapperBorrowed::new()
        .map_normalize(input.chars())
        .collect()
}

/// Whether the UTS #46 mapping leaves `input` as it is, known without running it: no
/// upper-case ASCII, and every other code point allowed by IDNA 2008 (those map to
/// themselves) with no mark whose NFC form depends on its neighbours. `false` means
/// "run the mapping", not "it changes".
#[cfg(feature = "idna")]
pub(crate) fn maps_to_itself(input: &str) -> bool {
    input.chars().all(|c| {
        if c.is_ascii() {
            !c.is_ascii_uppercase()
        } else {
            let p = super::props::Props::of(c);
            p.is_allowed() && !p.needs_nfc_check()
        }
    })
}

/// The first code point of `input` that the UTS #46 mapping disallows (it maps to
/// U+FFFD), with its byte offset.
#[cfg(feature = "idna")]
pub(crate) fn first_unmappable(input: &str) -> Option<(usize, char)> {
    let mapper = Uts46MapperBorrowed::new();
    input.char_indices().find(|&(_, c)| {
        c != '\u{FFFD}'
            && mapper
                .map_normalize(core::iter::once(c))
                .any(|m| m == '\u{FFFD}')
    })
}

/// The A-label form of a validated name (without the root dot handling): ASCII labels
/// lower-cased, U-labels mapped (the identity for IDNA 2008 U-labels, which the caller
/// says with `mapped`; names validated in the UTS #46 mode may hold unmapped ones,
/// `Bücher`) and encoded with punycode-core.
#[cfg(feature = "idna")]
pub(crate) fn to_ascii_validated(name: &str, mapped: bool) -> Result<String, DomainError> {
    let mut out = String::with_capacity(name.len() + 16);
    for (i, label) in name.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.is_ascii() {
            out.extend(label.chars().map(|c| c.to_ascii_lowercase()));
            continue;
        }
        let mut buf = ['\0'; 4 * MAX_LABEL_LEN];
        // An IDNA 2008 U-label maps to itself (its code points are valid in UTS #46 and
        // it is NFC); only labels validated in the UTS #46 mode need the mapping.
        let chars = if mapped
            || label
                .chars()
                .all(|c| super::props::Props::of(c).is_allowed())
        {
            super::collect_chars(label.chars(), &mut buf)
        } else {
            super::collect_chars(
                Uts46MapperBorrowed::new().map_normalize(label.chars()),
                &mut buf,
            )
        };
        out.push_str("xn--");
        punycode_core::encode_append(chars, &mut out).map_err(|_| {
            DomainError::new(DomainErrorKind::LabelTooLong, name.len() - label.len(), i)
        })?;
    }
    Ok(out)
}

/// The U-label form of a validated name: A-labels decoded, ASCII labels lower-cased,
/// U-labels mapped (as [`to_ascii_validated`]).
pub(crate) fn to_unicode_validated(name: &str) -> Result<String, DomainError> {
    let mut out = String::with_capacity(name.len());
    let mut offset = 0;
    for (i, label) in name.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        let bytes = label.as_bytes();
        if label.is_ascii() && alabel::has_ace_prefix(bytes) && bytes.len() > 4 {
            let mut buf = ['\0'; MAX_LABEL_LEN];
            let decoded = alabel::decode(bytes, &mut buf)
                .map_err(|r| DomainError::new(DomainErrorKind::InvalidALabel(r), offset, i))?;
            out.extend(decoded.iter());
        } else if label.is_ascii() {
            out.extend(label.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            #[cfg(feature = "idna")]
            out.extend(Uts46MapperBorrowed::new().map_normalize(label.chars()));
            #[cfg(not(feature = "idna"))]
            out.push_str(label);
        }
        offset += label.len() + 1;
    }
    Ok(out)
}

#[cfg(all(test, feature = "idna"))]
mod tests {
    extern crate std;

    use super::{map, maps_to_itself};

    /// What `maps_to_itself` says holds: on every name of the domain corpus, and on names
    /// that do change (upper case, full-width, ideographic full stop, compatibility forms,
    /// marks), the UTS #46 mapping leaves a name alone whenever it says so.
    #[test]
    fn maps_to_itself_is_never_wrong() {
        let corpus = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/corpus/domains-100k.txt"
        ))
        .unwrap();
        let extra = [
            "Bücher.de",
            "ＥＸＡＭＰＬＥ.com",
            "例え\u{3002}jp",
            "ﬁ.com",
            "u\u{308}.de",
            "bücher.de",
        ];
        let mut itself = 0;
        for name in corpus.lines().chain(extra) {
            if maps_to_itself(name) {
                assert_eq!(map(name), name, "{name}");
                itself += 1;
            }
        }
        assert!(itself > 90_000, "{itself}");
        assert!(!maps_to_itself("Bücher.de") && !maps_to_itself("u\u{308}.de"));
    }
}
