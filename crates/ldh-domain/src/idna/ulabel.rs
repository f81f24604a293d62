//! One U-label by IDNA 2008 (RFC 5891 §4.2 for registration, §5.4 for lookup), from the
//! generated RFC 5892 table: no `idna` engine, no allocation.
//!
//! The common label (PVALID code points, no leading mark, no hyphen rule at stake, no
//! mark whose NFC form depends on its neighbours) costs one table lookup per code point,
//! OR-ed into a few registers. Anything else takes [`first_failure`], which reports the
//! first rule the label breaks, in this order: hyphens (§4.2.3.1), leading combining
//! mark (§4.2.3.2), each code point from left to right (DISALLOWED and UNASSIGNED,
//! §4.2.2; context rules, §4.2.3.3), then NFC (§5.4, UAX #15).

use icu_normalizer::ComposingNormalizerBorrowed;

use super::bidi::{self, BidiFacts};
use super::context;
use super::props::{Category, Props, class, disallowed_why};
use crate::error::IdnaRule;
use crate::limits::MAX_U_LABEL_INPUT;
use crate::policy::IdnaMode;

/// Checks a label of code points as a U-label under `mode` (`Registration` or
/// `Lookup`; in the `Uts46` mode the caller asks the `idna` crate instead). On failure:
/// the rule and the index of the code point it points at.
pub(crate) fn check(label: &[char], mode: IdnaMode) -> Result<BidiFacts, (IdnaRule, usize)> {
    let mut classes = 0u16;
    let mut last_strong = 0u16;
    let mut all_pvalid = true;
    let mut nfc_check = false;
    for &c in label {
        let p = Props::of(c);
        let bit = p.bidi();
        classes |= bit;
        if bit != class::NSM {
            last_strong = bit;
        }
        all_pvalid &= p.is_pvalid();
        nfc_check |= p.needs_nfc_check();
    }
    let first = label.first().map_or(Props::of('\0'), |&c| Props::of(c));
    let hyphens = label.first() == Some(&'-')
        || label.last() == Some(&'-')
        || label.get(2..4) == Some(&['-', '-']);
    if !all_pvalid || first.is_mark() || hyphens {
        first_failure(label, mode)?;
    }
    if nfc_check && !is_nfc(label) {
        return Err((IdnaRule::NotNfc, 0));
    }
    Ok(bidi::judge(classes, first.bidi(), last_strong))
}

/// The first rule a label breaks among the hyphen rule, the leading mark and the code
/// points (in that order), or `Ok` when none (a label whose CONTEXTJ and CONTEXTO code
/// points are in context).
fn first_failure(label: &[char], mode: IdnaMode) -> Result<(), (IdnaRule, usize)> {
    if label.first() == Some(&'-') {
        return Err((IdnaRule::Hyphens, 0));
    }
    if label.get(2..4) == Some(&['-', '-']) {
        // Pointed at the label's start: the rule is about positions in the label.
        return Err((IdnaRule::Hyphens, 0));
    }
    if label.last() == Some(&'-') {
        return Err((IdnaRule::Hyphens, label.len() - 1));
    }
    if label.first().is_some_and(|&c| Props::of(c).is_mark()) {
        return Err((IdnaRule::LeadingCombiningMark, 0));
    }
    for (i, &c) in label.iter().enumerate() {
        match Props::of(c).category() {
            Category::Disallowed => return Err((IdnaRule::Disallowed(c, disallowed_why(c)), i)),
            Category::Unassigned => return Err((IdnaRule::Unassigned(c), i)),
            // RFC 5891 §5.4: lookup tests CONTEXTJ rules too.
            Category::ContextJ if !context::joiner_ok(label, i) => {
                return Err((IdnaRule::Joiners, i));
            }
            // RFC 5891 §5.4: lookup only needs a CONTEXTO rule to exist, and every
            // CONTEXTO code point of the table has one (RFC 5892 Appendix A.3–A.9).
            Category::ContextO if mode != IdnaMode::Lookup && !context::contexto_ok(label, i) => {
                return Err((IdnaRule::ContextO(c), i));
            }
            Category::Pvalid | Category::ContextJ | Category::ContextO => {}
        }
    }
    Ok(())
}

/// Whether a label is in NFC (UAX #15), by ICU4X's normalizer over a stack copy.
///
/// ICU4X buffers a run of combining marks on the heap once it is longer than its inline
/// buffer, so a label with a long run of marks makes this allocate (the only allocation
/// on the validation path; `docs/notes/ldh-domain.md`).
fn is_nfc(label: &[char]) -> bool {
    let mut buf = [0u8; 4 * MAX_U_LABEL_INPUT];
    let mut len = 0;
    for &c in label {
        let Some(dst) = buf.get_mut(len..len + c.len_utf8()) else {
            return false;
        };
        len += c.encode_utf8(dst).len();
    }
    let text = core::str::from_utf8(buf.get(..len).unwrap_or_default()).unwrap_or_default();
    ComposingNormalizerBorrowed::new_nfc().is_normalized(text)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::check;
    use crate::error::{DisallowedWhy, IdnaRule};
    use crate::policy::IdnaMode::{Lookup, Registration};
    use std::vec::Vec;

    fn run(s: &str) -> Result<bool, (IdnaRule, usize)> {
        let l: Vec<char> = s.chars().collect();
        check(&l, Registration).map(|f| f.ok)
    }

    /// RFC 5891 §4.2: the order of the reported rule and its position.
    #[test]
    fn first_rule_broken_is_reported() {
        assert_eq!(run("bücher"), Ok(true));
        assert_eq!(run("-ü"), Err((IdnaRule::Hyphens, 0)));
        assert_eq!(run("ü-"), Err((IdnaRule::Hyphens, 1)));
        assert_eq!(run("ab--ü"), Err((IdnaRule::Hyphens, 0)));
        assert_eq!(run("\u{301}a"), Err((IdnaRule::LeadingCombiningMark, 0)));
        assert_eq!(
            run("a\u{1F4A9}"),
            Err((IdnaRule::Disallowed('\u{1F4A9}', DisallowedWhy::Symbol), 1))
        );
        assert_eq!(
            run("Bü"),
            Err((IdnaRule::Disallowed('B', DisallowedWhy::UpperCase), 0))
        );
        assert_eq!(run("a\u{378}"), Err((IdnaRule::Unassigned('\u{378}'), 1)));
        assert_eq!(run("a\u{B7}b"), Err((IdnaRule::ContextO('\u{B7}'), 1)));
        assert_eq!(run("a\u{200D}b"), Err((IdnaRule::Joiners, 1)));
        assert_eq!(run("u\u{308}"), Err((IdnaRule::NotNfc, 0)));
        // A code point error comes before the NFC error.
        assert_eq!(
            run("u\u{308}\u{2764}"),
            Err((IdnaRule::Disallowed('\u{2764}', DisallowedWhy::Symbol), 2))
        );
    }

    /// RFC 5891 §5.4: lookup does not test CONTEXTO rules, but does test CONTEXTJ.
    #[test]
    fn lookup_skips_contexto_rules_only() {
        let l: Vec<char> = "a\u{B7}b".chars().collect();
        assert!(check(&l, Lookup).is_ok());
        let l: Vec<char> = "a\u{200D}b".chars().collect();
        assert_eq!(check(&l, Lookup), Err((IdnaRule::Joiners, 1)));
    }
}
