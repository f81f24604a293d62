//! One call for a name as people type it (feature `alloc`): the UTS #46 mapping, then
//! validation of the mapped name under a policy.

use alloc::borrow::Cow;

use crate::error::DomainError;
use crate::owned::DomainBuf;
use crate::policy::Policy;

impl DomainBuf {
    /// A name typed by a person, mapped as UTS #46 §4.1 maps it (RFC 5895's advice for
    /// applications: case folded, full-width forms and the ideographic full stop mapped,
    /// NFC; non-transitional) and then validated under `policy`. The stored text is the
    /// mapped name, in the label forms the person used (an A-label stays an A-label: call
    /// [`to_ascii`](Self::to_ascii) for the form DNS needs). Parsing
    /// ([`DomainBuf::parse_with`]) never maps: it judges the text as written, so
    /// `Bücher.example` is valid only through this call.
    ///
    /// - Whatever `parse_with` accepts, this accepts (a name valid as written but not
    ///   after mapping, possible only under [`Policy::DNS`], is kept as written).
    /// - A name holding an invisible character (U+200B, U+00AD, a bidi control, …) is
    ///   never mapped: UTS #46 maps some of them to nothing, and the stored name would not
    ///   be the one shown. It gets the error of the text as written.
    /// - A code point UTS #46 disallows (a symbol such as U+1F4A9) is the error, at
    ///   that code point.
    /// - Errors point into `input`: the same label as in the mapped name, at the same
    ///   offset inside it when mapping changed no more than the ASCII case of the label,
    ///   else at its start.
    /// - Without the `idna` feature the mapping is ASCII case folding only.
    ///
    /// Compare the result with the input to learn whether mapping changed anything.
    ///
    /// ```
    /// use ldh_domain::{Domain, DomainBuf, Policy};
    /// // RFC 5892 §2.2: an upper-case letter is not a valid U-label code point as written.
    /// # #[cfg(feature = "idna")] {
    /// assert_eq!(Domain::parse_with("Bücher.example", &Policy::FQDN).unwrap_err().code(), "idna_disallowed");
    /// let name = DomainBuf::from_user_input("Bücher.example", &Policy::FQDN)?;
    /// assert_eq!(name.as_str(), "bücher.example");
    /// assert_eq!(name.to_ascii()?, "xn--bcher-kva.example");
    /// // Full-width letters and the ideographic full stop (UTS #46 §4.1).
    /// assert_eq!(DomainBuf::from_user_input("ＥＸＡＭＰＬＥ。com", &Policy::FQDN)?.as_str(), "example.com");
    /// # }
    /// assert_eq!(DomainBuf::from_user_input("WWW.Example.COM", &Policy::FQDN)?.as_str(), "www.example.com");
    /// // The policy still decides: one label is not fully qualified (RFC 3696 §2).
    /// assert_eq!(DomainBuf::from_user_input("LOCALHOST", &Policy::FQDN).unwrap_err().code(), "not_fully_qualified");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn from_user_input(input: &str, policy: &Policy) -> Result<Self, DomainError> {
        if input.chars().any(crate::report::is_invisible) {
            return Self::parse_with(input, policy);
        }
        let Some(mapped) = map(input) else {
            // A code point UTS #46 disallows: `to_ascii_with` names it where it is.
            return Self::parse_with(input, policy).map_err(|e| {
                crate::to_ascii_with(input, policy.idna_mode()).map_or_else(|named| named, |_| e)
            });
        };
        let Cow::Owned(mapped) = mapped else {
            return Self::parse_with(input, policy);
        };
        match Self::from_string(mapped.clone(), policy) {
            Ok(name) => Ok(name),
            Err(e) => Self::parse_with(input, policy).map_err(|_| in_input(&e, input, &mapped)),
        }
    }
}

/// The UTS #46 mapping of `input`, borrowed when it maps to itself; `None` when a code
/// point has no mapping (UTS #46 disallows it: the text as written has the error).
#[cfg(feature = "idna")]
fn map(input: &str) -> Option<Cow<'_, str>> {
    if crate::idna::convert::maps_to_itself(input) {
        return Some(Cow::Borrowed(input));
    }
    let mapped = crate::idna::convert::map(input);
    (!mapped.contains('\u{FFFD}')).then_some(Cow::Owned(mapped))
}

/// Without IDNA data the mapping is ASCII case folding, the one part of UTS #46 that
/// needs none; non-ASCII text is left to the parse, whose error says the feature is off.
#[cfg(not(feature = "idna"))]
#[expect(
    clippy::unnecessary_wraps,
    reason = "the signature of the `idna` mapping, which can fail"
)]
fn map(input: &str) -> Option<Cow<'_, str>> {
    if !input.is_ascii() || !input.bytes().any(|b| b.is_ascii_uppercase()) {
        return Some(Cow::Borrowed(input));
    }
    Some(Cow::Owned(input.to_ascii_lowercase()))
}

/// The four full stops UTS #46 maps to `.` (U+002E, U+3002, U+FF0E, U+FF61): where the
/// labels of the input end.
fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// The start offsets and texts of the labels of `text`.
fn label_spans(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    text.split(is_label_separator).map(move |label| {
        let at = start;
        // Each separator is one code point; find its length where the label ends.
        let separator = text
            .get(at + label.len()..)
            .and_then(|rest| rest.chars().next())
            .map_or(0, char::len_utf8);
        start = at + label.len() + separator;
        (at, label)
    })
}

/// Moves an error about the mapped name into `input`: the same label, at the same offset
/// inside it when mapping left the label as it was but for ASCII case, else at the
/// label's start; an error
/// about the whole name at the end of the input when it was at the end of the mapped name.
fn in_input(e: &DomainError, input: &str, mapped: &str) -> DomainError {
    let at = match e.label_index() {
        Some(index) => {
            let in_mapped = label_spans(mapped).nth(index);
            match (label_spans(input).nth(index), in_mapped) {
                (Some((start, label)), Some((mapped_start, mapped_label))) => {
                    // ASCII case folding keeps every byte where it was.
                    if label.eq_ignore_ascii_case(mapped_label) {
                        start + e.offset().saturating_sub(mapped_start)
                    } else {
                        start
                    }
                }
                (Some((start, _)), None) => start,
                (None, _) => input.len(),
            }
        }
        None if e.offset() >= mapped.len() => input.len(),
        None => floor_char_boundary(input, e.offset()),
    };
    let at = floor_char_boundary(input, at);
    match e.label_index() {
        Some(index) => DomainError::new(e.kind(), at, index),
        None => DomainError::whole(e.kind(), at),
    }
}

/// The largest char boundary of `text` at or before `at`.
fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::label_spans;
    use alloc::vec::Vec;

    /// UTS #46 §4.1 step 1: the four full stops separate labels.
    #[test]
    fn label_spans_split_at_the_four_full_stops() {
        let spans: Vec<_> = label_spans("a.bc\u{3002}d\u{FF0E}\u{FF61}").collect();
        assert_eq!(spans, [(0, "a"), (2, "bc"), (7, "d"), (11, ""), (14, "")]);
    }
}
