//! One U-label by IDNA 2008 (RFC 5891 §4.2 for registration, §5.4 for lookup), from the
//! generated RFC 5892 table: no `idna` engine, no allocation.
//!
//! The common label (PVALID code points, no leading mark, no hyphen rule at stake, no
//! mark whose NFC form depends on its neighbours) costs one table lookup per code point,
//! OR-ed into a few registers. Anything else takes [`first_failure`], which reports the
//! first rule the label breaks, in this order: hyphens (§4.2.3.1), leading combining
//! mark (§4.2.3.2), each code point from left to right (DISALLOWED and UNASSIGNED,
//! §4.2.2; context rules, §4.2.3.3), then NFC (§5.4, UAX #15).

use icu_normalizer::properties::{
    CanonicalCombiningClassMapBorrowed, CanonicalCompositionBorrowed,
    CanonicalDecompositionBorrowed, Decomposed,
};

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

/// Whether `text` is in NFC (UAX #15), without allocating; `None` when a part of it
/// that must be normalized as one (a code point and the marks and joining code points
/// after it, up to the next code point that nothing before can change) is longer than
/// `MAX_U_LABEL_INPUT` code points, which a stack buffer of fixed size cannot hold. Such
/// a part has a run of hundreds of combining marks; no U-label has one.
pub(crate) fn text_is_nfc(text: &str) -> Option<bool> {
    let mut buf = ['\0'; MAX_U_LABEL_INPUT];
    let mut n = 0;
    for c in text.chars() {
        // A code point without the flag starts a part of its own: nothing before it
        // reorders past it or composes with it.
        if n > 0 && !Props::of(c).needs_nfc_check() {
            if !is_nfc(buf.get(..n).unwrap_or_default()) {
                return Some(false);
            }
            n = 0;
        }
        *buf.get_mut(n)? = c;
        n += 1;
    }
    Some(is_nfc(buf.get(..n).unwrap_or_default()))
}

/// Room for a label's canonical decomposition: a code point decomposes into at most
/// four (Unicode's longest canonical decompositions), a label has at most
/// `MAX_U_LABEL_INPUT` code points.
const DECOMPOSED: usize = 4 * MAX_U_LABEL_INPUT;

/// Whether a label is in NFC: the label equals the normalization of itself (UAX #15 §3:
/// canonical decomposition, canonical ordering, canonical composition D117), computed
/// in stack buffers from ICU4X's decomposition, combining class and composition data.
/// ICU4X's own normalizer is not used here because it moves a long run of combining
/// marks to the heap, and validation allocates nothing.
fn is_nfc(label: &[char]) -> bool {
    // Most labels are short: a small buffer keeps the zeroing cheap.
    if label.len() <= SHORT_LABEL {
        nfc_in::<{ 4 * SHORT_LABEL }>(label)
    } else {
        nfc_in::<DECOMPOSED>(label)
    }
}

/// Code points of a label whose NFC check uses the small buffers.
const SHORT_LABEL: usize = 32;

/// [`is_nfc`] with buffers of `N` code points (at least four per code point).
fn nfc_in<const N: usize>(label: &[char]) -> bool {
    let ccc = CanonicalCombiningClassMapBorrowed::new();
    let mut decomposed = ['\0'; N];
    let mut n = 0;
    for &c in label {
        if !decompose_into(c, &mut decomposed, &mut n) {
            return false;
        }
    }
    let decomposed = decomposed.get_mut(..n).unwrap_or_default();
    // Canonical ordering: each run of non-starters sorted by combining class, stably.
    for i in 1..decomposed.len() {
        let mut j = i;
        while j > 0 {
            let (Some(&a), Some(&b)) = (decomposed.get(j - 1), decomposed.get(j)) else {
                break;
            };
            let (ca, cb) = (ccc.get_u8(a), ccc.get_u8(b));
            if cb == 0 || ca <= cb {
                break;
            }
            decomposed.swap(j - 1, j);
            j -= 1;
        }
    }
    // Canonical composition (D117), compared with the label as it goes.
    let compose = CanonicalCompositionBorrowed::new();
    let mut out = ['\0'; N];
    let mut m = 0;
    let mut starter: Option<usize> = None;
    // Combining class of the last code point kept after the starter (`None`: the
    // starter itself was last).
    let mut last: Option<u8> = None;
    for &c in decomposed.iter() {
        let class = ccc.get_u8(c);
        if let Some(at) = starter {
            let blocked = last.is_some_and(|l| l == 0 || l >= class);
            if !blocked
                && let Some(slot) = out.get_mut(at)
                && let Some(composite) = compose.compose(*slot, c)
            {
                *slot = composite;
                continue;
            }
        }
        if class == 0 {
            starter = Some(m);
            last = None;
        } else {
            last = Some(class);
        }
        let Some(slot) = out.get_mut(m) else {
            return false;
        };
        *slot = c;
        m += 1;
    }
    out.get(..m) == Some(label)
}

/// Appends the full canonical decomposition of `c` to `out` (false when it does not
/// fit, which no label of `MAX_U_LABEL_INPUT` code points reaches).
fn decompose_into(c: char, out: &mut [char], n: &mut usize) -> bool {
    match CanonicalDecompositionBorrowed::new().decompose(c) {
        Decomposed::Default => match out.get_mut(*n) {
            Some(slot) => {
                *slot = c;
                *n += 1;
                true
            }
            None => false,
        },
        Decomposed::Singleton(x) => decompose_into(x, out, n),
        Decomposed::Expansion(a, b) => decompose_into(a, out, n) && decompose_into(b, out, n),
    }
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

    /// ICU4X's NFC normalizer (the reference) and the code points of `pool`.
    fn normalizer_and_pool(
        pool: &str,
    ) -> (
        icu_normalizer::ComposingNormalizerBorrowed<'static>,
        Vec<char>,
    ) {
        (
            icu_normalizer::ComposingNormalizerBorrowed::new_nfc(),
            pool.chars().collect(),
        )
    }

    /// The stack NFC check agrees with ICU4X's normalizer on every pair and triple of
    /// code points from a pool chosen for composition and ordering (precomposed letters,
    /// marks of several classes, Hangul jamo and syllables, Indic two-part vowels), and
    /// on long runs of marks.
    #[test]
    fn nfc_check_agrees_with_the_normalizer_uax15() {
        let (nfc, pool) = normalizer_and_pool(
            "aeouAn\u{e9}\u{ea}\u{fc}\u{1d8}\u{1ee5}\u{1ec7}\u{301}\u{302}\u{308}\u{323}\u{327}\u{334}\u{345}\u{94d}\u{93c}\u{915}\u{9c7}\u{9be}\u{b47}\u{b3e}\u{1100}\u{1161}\u{11a8}\u{ac00}\u{3099}\u{304b}\u{5d0}\u{5b4}\u{5b7}\u{64b}\u{650}\u{3b9}\u{342}",
        );
        let mut checked = 0;
        let mut agree = |label: &[char]| {
            let s: std::string::String = label.iter().collect();
            assert_eq!(super::is_nfc(label), nfc.is_normalized(&s), "{s:?}");
            checked += 1;
        };
        for &a in &pool {
            for &b in &pool {
                agree(&[a, b]);
                for &c in &pool {
                    agree(&[a, b, c]);
                }
            }
        }
        for run in [1, 8, 30, 100, 250] {
            for (base, mark) in [
                ('x', '\u{301}'),
                ('a', '\u{301}'),
                ('a', '\u{323}'),
                ('\u{e9}', '\u{334}'),
            ] {
                let mut label = std::vec![base];
                label.extend(core::iter::repeat_n(mark, run));
                agree(&label);
            }
        }
        assert!(checked > 50_000);
    }

    /// `text_is_nfc` splits text where nothing before can change what follows, and agrees
    /// with ICU4X's normalizer on pseudo-random strings of letters, marks of several
    /// classes, precomposed letters, Hangul jamo and syllables, Indic vowels, and
    /// code points that NFC replaces (U+212B, U+0958, U+0344).
    #[test]
    fn text_nfc_agrees_with_the_normalizer_uax15() {
        let (nfc, pool) = normalizer_and_pool(
            "aeAn\u{e9}\u{ea}\u{1ee5}\u{301}\u{302}\u{308}\u{323}\u{334}\u{340}\u{344}\u{94d}\u{915}\u{958}\u{9c7}\u{9be}\u{1100}\u{1161}\u{11a8}\u{ac00}\u{3099}\u{304b}\u{212b}\u{5b4}\u{64b}",
        );
        let mut seed = 3696u64;
        for _ in 0..50_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let len = (seed >> 59) as usize;
            let text: std::string::String = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    pool[(seed >> 33) as usize % pool.len()]
                })
                .collect();
            assert_eq!(
                super::text_is_nfc(&text),
                Some(nfc.is_normalized(&text)),
                "{text:?}"
            );
        }
        let long = std::format!("x{}", "\u{301}".repeat(400));
        assert_eq!(super::text_is_nfc(&long), None);
        let long_words = "ab\u{301}c ".repeat(200);
        assert_eq!(super::text_is_nfc(&long_words), Some(true));
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
