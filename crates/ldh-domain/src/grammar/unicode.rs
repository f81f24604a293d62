//! The fast path of [`validate`](super::validate) for valid names with U-labels, in the
//! IDNA 2008 modes: each label is found once, a U-label's code points are decoded once
//! into a stack buffer and judged there (RFC 5891 §4.2 / §5.4 through
//! [`ulabel::check`]), and its A-label length comes from the same buffer. ASCII labels
//! take the LDH checks of the ASCII fast path. Anything unusual (an error, a context
//! rule, a long label or name, the UTS #46 mode, labels that are not LDH) returns `None`
//! for the general path, which reports errors precisely; so both paths accept the same
//! names, tied by tests.

use super::label::{Position, Seen, ldh_label, numeric_tld_rejected, qualify};
use crate::ascii::LDH;
use crate::idna::ulabel;
use crate::limits::{MAX_INPUT_LEN, MAX_LABEL_LEN, MAX_LABELS, MAX_NAME_LEN};
use crate::meta::{Form, Meta};
use crate::policy::{IdnaMode, Policy};
use crate::warning::{Warning, Warnings};

/// Code points of the U-labels this path takes: a U-label whose A-label fits in 63
/// octets has at most 59.
const MAX_CHARS: usize = 64;

/// Validates `input` (ASCII names are left to the other paths) as [`validate_general`]
/// would, for valid names only. `on_label` sees each label as it is accepted, with its
/// code points when it is a U-label, and returns the label's length in A-label form
/// (RFC 5890 §2.3.2.1), or `None` to stop the walk: validation computes the length of a
/// U-label's encoding, the conversions encode it and count what they wrote.
///
/// [`validate_general`]: super::general::validate_general
#[expect(
    clippy::cast_possible_truncation,
    reason = "inputs are at most 1013 octets and 127 labels here"
)]
pub(crate) fn validate_unicode(
    input: &str,
    policy: Policy,
    mut on_label: impl FnMut(&str, Option<&[char]>) -> Option<usize>,
) -> Option<Meta> {
    let mode = policy.idna_mode();
    if mode == IdnaMode::Uts46 || input.len() > MAX_INPUT_LEN || input.is_ascii() {
        return None;
    }
    let (body, absolute) = match input.strip_suffix('.') {
        Some(body) => (body, true),
        None => (input, false),
    };
    let bytes = body.as_bytes();
    let mut seen = Seen::NOTHING;
    let (mut right_to_left, mut bidi_failed) = (false, false);
    let (mut start, mut labels, mut name_len) = (0usize, 0usize, 0usize);
    // Where the last two labels start, as they are passed.
    let mut tld_start = 0usize;
    let mut sld_start;
    let mut buf = ['\0'; MAX_CHARS];
    loop {
        if labels == MAX_LABELS {
            return None;
        }
        let rest = bytes.get(start..)?;
        let len = rest.iter().position(|&b| b == b'.').unwrap_or(rest.len());
        let end = start + len;
        let last = end == bytes.len();
        let text = body.get(start..end)?;
        let label = text.as_bytes();
        let a_len = if label.is_ascii() {
            // LDH labels only (RFC 1123 §2.1); the label checks below assume it.
            if !LDH.contains_all(label) {
                return None;
            }
            let position = if last {
                Position::Last
            } else {
                Position::BeforeLast
            };
            seen = seen.union(ldh_label(label, position, mode)?);
            // RFC 5893 §2, rule 1, for LDH labels (A-labels bring their own facts).
            bidi_failed |= !crate::idna::alabel::has_ace_prefix(label)
                && !label.first().is_some_and(u8::is_ascii_alphabetic);
            on_label(text, None)?
        } else {
            // Every code point must fit: a longer label goes to the general path.
            let mut n = 0;
            for c in text.chars() {
                *buf.get_mut(n)? = c;
                n += 1;
            }
            let chars = buf.get(..n)?;
            let facts = ulabel::check(chars, mode).ok()?;
            right_to_left |= facts.right_to_left;
            bidi_failed |= !facts.ok;
            on_label(text, Some(chars))?
        };
        if a_len > MAX_LABEL_LEN {
            return None;
        }
        name_len += a_len + usize::from(labels > 0);
        labels += 1;
        sld_start = tld_start;
        tld_start = start;
        start = end;
        if last {
            break;
        }
        // Skip the dot; an empty label goes to the general path.
        start += 1;
    }
    if name_len > MAX_NAME_LEN || seen.has(Seen::A_LABEL) {
        return None;
    }
    let tld = bytes.get(tld_start..)?;
    if numeric_tld_rejected(tld, policy) {
        return None;
    }
    // RFC 5893 §2: in a Bidi domain name every label passes the rule.
    let right_to_left = right_to_left || seen.has(Seen::RIGHT_TO_LEFT);
    if right_to_left && (bidi_failed || seen.has(Seen::BIDI_FAILED)) {
        return None;
    }
    let mut warnings = Warnings::EMPTY;
    if seen.has(Seen::RESERVED) {
        warnings.insert(Warning::ReservedHyphenLabel);
    }
    qualify(labels, policy, &mut warnings)?;
    Some(Meta::new(
        absolute,
        labels as u8,
        Form::Unicode,
        tld_start as u16,
        sld_start as u16,
        warnings,
    ))
}

/// The `on_label` of validation alone: a U-label's A-label length from its code points
/// (a bound when that fits, `crate::idna::name::encoded_len`), an ASCII label's its own.
#[inline]
#[expect(
    clippy::unnecessary_wraps,
    reason = "the signature `validate_unicode` asks of `on_label`"
)]
pub(crate) fn a_label_len(text: &str, chars: Option<&[char]>) -> Option<usize> {
    Some(chars.map_or(text.len(), |chars| {
        4 + crate::idna::name::encoded_len(chars)
    }))
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::validate_unicode;
    use crate::grammar::general::validate_general;
    use crate::policy::{IdnaMode, Policy};
    use proptest::prelude::*;
    use std::string::String;
    use std::vec::Vec;

    /// The policies the fast path serves (and the UTS #46 one it hands on).
    const POLICIES: [Policy; 5] = [
        Policy::HOSTNAME,
        Policy::FQDN,
        Policy::DNS,
        Policy::HOSTNAME.with_idna_mode(IdnaMode::Lookup),
        Policy::HOSTNAME.with_numeric_tld(crate::policy::NumericTld::Allow),
    ];

    /// What the fast path says of a name must be what the general path says: the same
    /// facts when it takes the name, and a name it takes must be valid.
    fn agree(name: &str) -> bool {
        let mut taken = false;
        for policy in POLICIES {
            if let Some(meta) = validate_unicode(name, policy, super::a_label_len) {
                assert_eq!(Ok(meta), validate_general(name, policy), "{name:?}");
                taken = true;
            }
        }
        assert!(
            validate_unicode(
                name,
                Policy::HOSTNAME.with_idna_mode(IdnaMode::Uts46),
                super::a_label_len
            )
            .is_none()
        );
        taken
    }

    /// Every name of the domain corpus with non-ASCII text: the fast path agrees with the
    /// general path (RFC 5891 §4.2 as both implement it), and takes almost every valid one.
    #[test]
    fn corpus_u_label_names_agree_with_the_general_path() {
        let corpus = crate::test_corpus::domains();
        let (mut names, mut valid, mut taken) = (0, 0, 0);
        for name in corpus.lines().filter(|n| !n.is_ascii()) {
            names += 1;
            valid += usize::from(validate_general(name, Policy::HOSTNAME).is_ok());
            taken += usize::from(agree(name));
        }
        assert!(names > 5_000, "{names}");
        // Long CJK names whose exact length is needed, context rules: the general path.
        assert!(taken * 100 >= valid * 95, "{taken} of {valid}");
    }

    /// Labels that meet every rule the fast path must get right: case, hyphens at
    /// every place (`--` in the third and fourth positions), marks (leading, NFC
    /// order and composition), context code points (RFC 5892 A.1–A.9), Bidi (Hebrew,
    /// Arabic, digits of both kinds), full stops, symbols, A-labels and long labels.
    fn piece() -> impl Strategy<Value = String> {
        prop::sample::select(
            [
                "a",
                "Z",
                "0",
                "7",
                "-",
                "--",
                "ü",
                "é",
                "e\u{301}",
                "\u{301}",
                "\u{323}",
                "ß",
                "ς",
                "例",
                "한",
                "ア",
                "・",
                "\u{b7}",
                "l",
                "\u{200d}",
                "\u{200c}",
                "\u{94d}",
                "क",
                "א",
                "\u{5f3}",
                "ب",
                "\u{663}",
                "\u{6f3}",
                "\u{660}",
                "\u{3002}",
                "\u{ff0e}",
                "\u{1f4a9}",
                "_",
                "xn--bcher-kva",
                "xn--4gbrim",
                "xn--",
                "ab--",
                "\u{378}",
                "Ü",
                "ⅷ",
                "ﬁ",
                "\u{ad}",
                "\u{e33}",
                "ааааааааааааааааааааааааааааа",
            ]
            .as_slice(),
        )
        .prop_map(String::from)
    }

    fn name() -> impl Strategy<Value = String> {
        let label = prop::collection::vec(piece(), 1..5).prop_map(|p| p.concat());
        (prop::collection::vec(label, 1..6), any::<bool>()).prop_map(|(labels, root)| {
            let mut name: String = labels.join(".");
            if root {
                name.push('.');
            }
            name
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4_000))]

        /// Random names of risky pieces: the fast path agrees with the general path.
        #[test]
        fn fast_unicode_path_agrees_with_the_general_path(name in name()) {
            agree(&name);
        }

        /// Labels of up to 70 code points: the length limits (63 octets in A-label form,
        /// 253 for the name) decided as the general path decides them.
        #[test]
        fn lengths_agree_with_the_general_path(
            lens in prop::collection::vec(1usize..70, 1..8),
            c in prop::sample::select(['ü', '例', 'a', 'א', 'ب'].as_slice()),
        ) {
            let labels: Vec<String> = lens
                .iter()
                .map(|&n| core::iter::repeat_n(c, n).chain(core::iter::once('é')).collect())
                .collect();
            agree(&labels.join("."));
        }
    }
}
