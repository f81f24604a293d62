//! Conversions (feature `alloc`): the UTS #46 mapping of user input (RFC 5895's advice,
//! as UTS #46 §4 specifies it), and the A-label and U-label forms of validated names.

use alloc::string::String;

#[cfg(feature = "idna")]
use icu_normalizer::uts46::Uts46MapperBorrowed;

use super::alabel;
use crate::error::{ALabelReason, DomainError, DomainErrorKind};
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
/// lower-cased, U-labels mapped ([`each_mapped_label`]) and encoded with punycode-core.
#[cfg(feature = "idna")]
pub(crate) fn to_ascii_validated(name: &str, mapped: bool) -> Result<String, DomainError> {
    let out = String::with_capacity(name.len() + 16);
    each_mapped_label(name, mapped, out, |label, out| {
        if label.is_ascii() {
            out.extend(label.chars().map(|c| c.to_ascii_lowercase()));
            return Ok(());
        }
        push_a_label(label, out).ok_or(DomainErrorKind::LabelTooLong)
    })
}

/// The U-label form of a validated name: U-labels mapped ([`each_mapped_label`]),
/// A-labels decoded, ASCII labels lower-cased.
pub(crate) fn to_unicode_validated(name: &str) -> Result<String, DomainError> {
    // Decoded A-labels may be longer than they are written.
    let out = String::with_capacity(name.len() + 16);
    each_mapped_label(name, false, out, |label, out| {
        if label.is_ascii() {
            push_ascii_label_unicode(label, out).map_err(DomainErrorKind::InvalidALabel)
        } else {
            out.push_str(label);
            Ok(())
        }
    })
}

/// The U-label form of a validated all-ASCII name (root dot and all), as
/// [`to_unicode_validated`] makes it, without the mapping step ASCII labels never need.
pub(crate) fn ascii_to_unicode_validated(name: &str) -> Result<String, ALabelReason> {
    // A decoded A-label may be longer than it is written (three octets for the two or
    // three letters that encode a CJK character), though rarely twice as long.
    let mut out = String::with_capacity(2 * name.len());
    let mut rest = name;
    // A byte loop, not `split('.')`: labels are short, and its searcher costs more than
    // the label's own conversion.
    while let Some(dot) = rest.bytes().position(|b| b == b'.') {
        push_ascii_label_unicode(rest.get(..dot).unwrap_or_default(), &mut out)?;
        out.push('.');
        rest = rest.get(dot + 1..).unwrap_or_default();
    }
    push_ascii_label_unicode(rest, &mut out)?;
    Ok(out)
}

/// Appends the U-label form of an ASCII label of a validated name: an A-label decoded
/// (RFC 5891 §5.4 checked it while validating), any other label lower-cased.
pub(crate) fn push_ascii_label_unicode(label: &str, out: &mut String) -> Result<(), ALabelReason> {
    let bytes = label.as_bytes();
    if alabel::has_ace_prefix(bytes) && bytes.len() > 4 {
        let mut buf = ['\0'; MAX_LABEL_LEN];
        let decoded = alabel::decode(bytes, &mut buf)?;
        out.extend(decoded.iter());
    } else {
        let at = out.len();
        out.push_str(label);
        if let Some(pushed) = out.get_mut(at..) {
            pushed.make_ascii_lowercase();
        }
    }
    Ok(())
}

/// Appends to `out` what `convert` makes of each label of the UTS #46 mapping of a
/// validated name, with dots between them; an error of `convert` is placed at the start
/// of the label as written.
///
/// An IDNA 2008 U-label maps to itself (its code points are valid in UTS #46 and it is
/// NFC), which the caller says with `mapped`, and so do ASCII labels (their case is the
/// converter's business). A name validated in the UTS #46 mode may hold labels in
/// unmapped form (`Bücher`, `ＥＸＡＭＰＬＥ`, `s\u{307}` not in NFC): UTS #46 §4.1 maps
/// and normalizes the whole name *before* §4.2 `ToASCII` and §4.3 `ToUnicode` look at a
/// label, so such a label is mapped first and its mapped form is what is converted. A
/// mapped form may be ASCII (`ＥＸＡＭＰＬＥ` → `example`, `a\u{FB01}b` → `afib`, even an
/// A-label: full-width `ｘｎ－－…`). `Domain::parse` refuses the full stops UTS #46 maps
/// to `.` inside a label, so a mapped label holds no dot; were one to, it would be two.
fn each_mapped_label(
    name: &str,
    mapped: bool,
    mut out: String,
    mut convert: impl FnMut(&str, &mut String) -> Result<(), DomainErrorKind>,
) -> Result<String, DomainError> {
    let mut offset = 0;
    for (i, label) in name.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        let at_label = |kind| DomainError::new(kind, offset, i);
        #[cfg(feature = "idna")]
        if !label.is_ascii() && !mapped && !is_own_mapping(label) {
            let label_mapped: String = Uts46MapperBorrowed::new()
                .map_normalize(label.chars())
                .collect();
            for (j, part) in label_mapped.split('.').enumerate() {
                if j > 0 {
                    out.push('.');
                }
                convert(part, &mut out).map_err(at_label)?;
            }
            offset += label.len() + 1;
            continue;
        }
        #[cfg(not(feature = "idna"))]
        let _ = mapped;
        convert(label, &mut out).map_err(at_label)?;
        offset += label.len() + 1;
    }
    Ok(out)
}

/// Whether the UTS #46 mapping leaves a label as it is: [`maps_to_itself`], or, for a
/// label with marks, every code point allowed by IDNA 2008 (those map to themselves), no
/// upper-case ASCII, and the label in NFC (checked without allocating). Most U-labels
/// with combining marks (Devanagari, Thai, Vietnamese) are their own mapping and so are
/// encoded without running the mapper.
#[cfg(feature = "idna")]
fn is_own_mapping(label: &str) -> bool {
    maps_to_itself(label)
        || (label.chars().all(|c| {
            if c.is_ascii() {
                !c.is_ascii_uppercase()
            } else {
                super::props::Props::of(c).is_allowed()
            }
        }) && super::ulabel::text_is_nfc(label) == Some(true))
}

/// Appends `xn--` and the Punycode of a mapped, non-ASCII label; `None` when the label
/// is longer than any label of a valid name.
#[cfg(feature = "idna")]
fn push_a_label(label: &str, out: &mut String) -> Option<()> {
    let mut buf = ['\0'; 4 * MAX_LABEL_LEN];
    let mut n = 0;
    for c in label.chars() {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    out.push_str("xn--");
    punycode_core::encode_append(buf.get(..n)?, out).ok()
}

#[cfg(all(test, feature = "idna"))]
mod tests {
    extern crate std;

    use super::{is_own_mapping, map, maps_to_itself};

    /// What `maps_to_itself` says holds: on every name of the domain corpus, and on names
    /// that do change (upper case, full-width, ideographic full stop, compatibility forms,
    /// marks), the UTS #46 mapping leaves a name alone whenever it says so.
    #[test]
    fn maps_to_itself_is_never_wrong() {
        let corpus = crate::test_corpus::domains();
        #[rustfmt::skip]
        let extra = [
            "Bücher.de", "ＥＸＡＭＰＬＥ.com", "例え\u{3002}jp", "ﬁ.com", "u\u{308}.de", "bücher.de",
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

    /// What `is_own_mapping` says holds (UTS #46 §4.1 Map and Normalize leave the label
    /// alone): on every label of the domain corpus and of its NFD forms, and on labels
    /// with marks in and out of NFC.
    #[test]
    fn is_own_mapping_is_never_wrong() {
        let corpus = crate::test_corpus::domains();
        let nfd = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd();
        let (mut own, mut own_with_marks) = (0, 0);
        for name in corpus.lines() {
            let decomposed = nfd.normalize(name);
            for label in name.split('.').chain(decomposed.split('.')) {
                if is_own_mapping(label) {
                    assert_eq!(map(label), label, "{label:?}");
                    own += 1;
                    own_with_marks += usize::from(!maps_to_itself(label));
                }
            }
        }
        assert!(
            own > 200_000 && own_with_marks > 100,
            "{own} {own_with_marks}"
        );
        assert!(is_own_mapping("\u{928}\u{92E}\u{938}\u{94D}\u{924}\u{947}"));
        assert!(is_own_mapping("vi\u{1EC7}t"));
        assert!(!is_own_mapping("s\u{307}") && !is_own_mapping("vie\u{323}\u{302}t"));
        assert!(!is_own_mapping("B\u{FC}cher") && !is_own_mapping("\u{FF25}"));
    }
}
