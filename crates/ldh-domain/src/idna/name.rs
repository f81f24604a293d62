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
pub(crate) fn check_name(body: &[u8], mode: IdnaMode) -> Result<(), DomainError> {
    let mut offset = 0usize;
    let mut name_len = 0usize;
    let mut bidi_domain = false;
    // The first label that fails the Bidi rule, if the name turns out to need it.
    let mut bidi_failure: Option<(usize, usize)> = None;
    for (index, label) in body.split(|&b| b == b'.').enumerate() {
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
    label: &[u8],
    mode: IdnaMode,
) -> Result<(Option<BidiFacts>, usize), (DomainErrorKind, usize)> {
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
    let text = core::str::from_utf8(label).unwrap_or_default();
    let mut buf = ['\0'; MAX_U_LABEL_INPUT];
    let mut n = 0;
    for (slot, c) in buf.iter_mut().zip(text.chars()) {
        *slot = c;
        n += 1;
    }
    let chars = buf.get(..n).unwrap_or_default();
    let facts = ulabel::check(chars, mode).map_err(|(rule, i)| {
        let at = text.char_indices().nth(i).map_or(0, |(at, _)| at);
        (DomainErrorKind::Idna(rule), at)
    })?;
    let encoded = punycode_core::encoded_len(chars).unwrap_or(usize::MAX - 4);
    Ok((Some(facts), 4 + encoded))
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
