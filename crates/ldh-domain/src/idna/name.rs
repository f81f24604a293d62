//! A whole name by IDNA 2008 ([`IdnaMode::Registration`], [`IdnaMode::Lookup`]): each
//! U-label and decoded A-label by [`ulabel::check`], the A-label length of each U-label
//! (RFC 5890 §2.3.2.1), and the Bidi rule across labels (RFC 5893 §2: once one label is
//! RTL, every label must pass). Runs on the general path, after the label grammar.

use super::bidi::BidiFacts;
use super::{alabel, ulabel};
use crate::error::{ALabelReason, DomainError, DomainErrorKind};
use crate::limits::{MAX_LABEL_LEN, MAX_NAME_LEN, MAX_U_LABEL_INPUT};
use crate::policy::IdnaMode;

/// Checks `body` (the name without its root dot; labels already passed the grammar).
pub(crate) fn check_name(body: &str, mode: IdnaMode) -> Result<(), DomainError> {
    let mut offset = 0usize;
    let mut name_len = 0usize;
    let mut bidi_domain = false;
    // The first label that fails the Bidi rule, if the name turns out to need it.
    let mut bidi_failure: Option<(usize, usize)> = None;
    for (index, label) in body.split('.').enumerate() {
        let (facts, a_len) = label_facts(label, mode)
            .map_err(|(kind, at)| DomainError::new(kind, offset + at, index))?;
        if a_len > MAX_LABEL_LEN {
            return Err(DomainError::new(
                DomainErrorKind::LabelTooLong,
                offset,
                index,
            ));
        }
        name_len += a_len + usize::from(index > 0);
        if name_len > MAX_NAME_LEN {
            // The U-label lengths so far may be bounds: count the name again exactly.
            name_len = exact_len(body.get(..offset + label.len()).unwrap_or_default());
        }
        if name_len > MAX_NAME_LEN {
            return Err(DomainError::new(
                DomainErrorKind::NameTooLong,
                offset,
                index,
            ));
        }
        if let Some(facts) = facts {
            bidi_domain |= facts.right_to_left;
            if !facts.ok && bidi_failure.is_none() {
                bidi_failure = Some((offset, index));
            }
        }
        offset += label.len() + 1;
    }
    match bidi_failure {
        Some((at, index)) if bidi_domain => Err(DomainError::new(
            DomainErrorKind::Idna(crate::error::IdnaRule::Bidi),
            at,
            index,
        )),
        _ => Ok(()),
    }
}

/// The Bidi facts of one label (`None` for labels outside IDNA: not host name labels,
/// which `Policy::DNS` allows, such as `_dmarc`) and its length in A-label form; or the
/// error and its offset inside the label.
fn label_facts(
    text: &str,
    mode: IdnaMode,
) -> Result<(Option<BidiFacts>, usize), (DomainErrorKind, usize)> {
    let label = text.as_bytes();
    if label.is_ascii() {
        if alabel::has_ace_prefix(label) {
            let mut buf = ['\0'; MAX_LABEL_LEN];
            let decoded = alabel::decode(label, &mut buf)
                .map_err(|r| (DomainErrorKind::InvalidALabel(r), 0))?;
            let facts = ulabel::check(decoded, mode).map_err(|(rule, _)| {
                (
                    DomainErrorKind::InvalidALabel(ALabelReason::NotULabel(rule)),
                    0,
                )
            })?;
            return Ok((Some(facts), label.len()));
        }
        return Ok((ascii_facts(label), label.len()));
    }
    // A U-label whose A-label fits in 63 octets has at most 59 code points; longer
    // inputs (at most 252 octets, checked by the grammar) take a larger buffer.
    if label.len() <= SHORT || text.chars().nth(SHORT).is_none() {
        let mut buf = ['\0'; SHORT];
        u_label_facts(text, &mut buf, mode)
    } else {
        long_u_label_facts(text, mode)
    }
}

/// Code points in the buffer of an ordinary U-label.
const SHORT: usize = 64;

/// [`label_facts`] for a long U-label (over 64 code points), which cannot fit an
/// A-label but is still checked for its first error in rule order.
#[cold]
#[inline(never)]
fn long_u_label_facts(
    text: &str,
    mode: IdnaMode,
) -> Result<(Option<BidiFacts>, usize), (DomainErrorKind, usize)> {
    let mut buf = ['\0'; MAX_U_LABEL_INPUT];
    u_label_facts(text, &mut buf, mode)
}

/// The facts of a U-label, its code points collected in `buf` (large enough).
fn u_label_facts(
    text: &str,
    buf: &mut [char],
    mode: IdnaMode,
) -> Result<(Option<BidiFacts>, usize), (DomainErrorKind, usize)> {
    let chars = super::collect_chars(text.chars(), buf);
    let facts = ulabel::check(chars, mode).map_err(|(rule, i)| {
        let at = text.char_indices().nth(i).map_or(0, |(at, _)| at);
        (DomainErrorKind::Idna(rule), at)
    })?;
    Ok((Some(facts), 4 + encoded_len(chars)))
}

/// An upper bound of the Punycode length of a label (RFC 3492 §6.3), cheap to compute:
/// the basic code points, the delimiter, and for each other code point the most digits
/// a delta can take. A delta is at most `q = (max − 0x80 + 1) × (n + 1) + n` for `n`
/// code points of which `max` is the largest; each digit but the last divides what is
/// left by `base − t ≥ 10` (`t ≤ tmax` = 26) and the loop stops below `t ≥ 1`, so a
/// delta takes at most (decimal digits of `q`) + 1 digits.
fn len_bound(chars: &[char]) -> usize {
    let mut basic = 0usize;
    let mut max = 0u32;
    for &c in chars {
        basic += usize::from(c.is_ascii());
        max = max.max(c as u32);
    }
    let n = chars.len() as u64;
    let mut q = (u64::from(max.saturating_sub(0x80)) + 1) * (n + 1) + n;
    let mut digits = 1;
    while q >= 10 {
        q /= 10;
        digits += 1;
    }
    basic + usize::from(basic > 0) + (digits + 1) * (chars.len() - basic)
}

/// The Punycode length of a U-label: the bound of [`len_bound`] when it fits an
/// A-label (`MAX_LABEL_LEN` − 4 octets; most labels), else the exact length. The name's
/// total length then uses the bound, which can only overstate it: `check_name` counts
/// again exactly before it reports `name_too_long`.
pub(crate) fn encoded_len(chars: &[char]) -> usize {
    let bound = len_bound(chars);
    if bound + 4 <= MAX_LABEL_LEN {
        bound
    } else {
        exact_encoded_len(chars)
    }
}

/// The exact length in A-label form of `name` (labels already checked).
#[cold]
#[inline(never)]
fn exact_len(name: &str) -> usize {
    name.split('.')
        .map(|text| match text {
            _ if !text.is_ascii() => {
                let mut buf = ['\0'; MAX_U_LABEL_INPUT];
                4 + exact_encoded_len(super::collect_chars(text.chars(), &mut buf))
            }
            _ => text.len(),
        })
        .sum::<usize>()
        + name.bytes().filter(|&b| b == b'.').count()
}

/// The exact Punycode length of a U-label.
fn exact_encoded_len(chars: &[char]) -> usize {
    punycode_core::encoded_len(chars).unwrap_or(usize::MAX - 4)
}

/// The Bidi facts of an ASCII label that is not an A-label: an LDH label is LTR and
/// passes RFC 5893 §2 when it starts with a letter (rule 1; its last octet is a letter or
/// digit, which rule 6 allows, and `-` is ES, allowed inside); other ASCII labels are
/// outside IDNA and the Bidi rule (a decision, `docs/notes/ldh-domain.md`).
fn ascii_facts(label: &[u8]) -> Option<BidiFacts> {
    let host_label = crate::ascii::LDH.contains_all(label)
        && label.first() != Some(&b'-')
        && label.last() != Some(&b'-');
    host_label.then(|| BidiFacts {
        right_to_left: false,
        ok: label.first().is_some_and(u8::is_ascii_alphabetic),
    })
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{exact_encoded_len, len_bound};
    use std::vec::Vec;

    /// The bound `encoded_len` uses is never below the exact Punycode length (RFC 3492
    /// §6.3) for labels of up to 64 code points (and it is the exact length's size for
    /// typical labels: `bücher` gives 9 exactly and at most 10): extreme code points, alternations that
    /// make every delta large, and pseudo-random labels.
    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the test counts a handful of labels"
    )]
    fn digit_bound_holds_rfc3492_6_3() {
        let mut labels: Vec<Vec<char>> = Vec::new();
        for n in 1..=64 {
            labels.push(std::vec!['\u{10FFFF}'; n]);
            labels.push(
                (0..n)
                    .map(|i| if i % 2 == 0 { '\u{80}' } else { '\u{10FFFF}' })
                    .collect(),
            );
            labels.push(
                (0..n)
                    .map(|i| if i % 2 == 0 { 'a' } else { '\u{10FFFF}' })
                    .collect(),
            );
            labels.push(
                (0..n)
                    .rev()
                    .filter_map(|i| char::from_u32(0x10_FFFF - i as u32 * 0x4000))
                    .collect(),
            );
        }
        let mut seed = 3696u64;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let n = 1 + (seed >> 58) as usize;
            let label: Vec<char> = (0..n)
                .filter_map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    match seed >> 62 {
                        0 => Some('a'),
                        1 => char::from_u32(0x80 + (seed >> 40) as u32 % 0x1000),
                        _ => char::from_u32((seed >> 40) as u32 % 0x11_0000),
                    }
                })
                .collect();
            labels.push(label);
        }
        let bucher: Vec<char> = "bücher".chars().collect();
        assert_eq!((exact_encoded_len(&bucher), len_bound(&bucher)), (9, 10));
        for l in &labels {
            assert!(exact_encoded_len(l) <= len_bound(l), "{l:?}");
        }
    }
}
