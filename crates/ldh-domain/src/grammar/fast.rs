//! The fast path of [`validate`](super::validate): valid names of LDH labels, eight
//! octets at a time (SWAR). Anything else returns `None` for the general path.

use name_text::swar::{
    HIGHS, first_match, in_range, load, load_padded, low_bytes, movemask, splat,
};

use super::label::{Position, Seen, ldh_label, numeric_tld_rejected, qualify, without_root_dot};
use crate::idna::alabel;
use crate::limits::MAX_NAME_LEN;
use crate::meta::{Form, Meta};
use crate::policy::{IdnaMode, Policy};
use crate::warning::{Warning, Warnings};

/// Checks 8 octets at once: `None` unless every octet is a letter (a lower-case one
/// unless `UPPER`), digit, hyphen or dot; otherwise the dot mask (`0x80` per dot).
#[inline]
const fn ldh_word<const UPPER: bool>(w: u64) -> Option<u64> {
    match ldh_classes::<UPPER>(w) {
        Some((dots, _)) => Some(dots),
        None => None,
    }
}

/// [`ldh_word`] with the hyphens too: the dot mask and the hyphen mask (`0x80` per
/// octet).
#[inline]
pub(super) const fn ldh_classes<const UPPER: bool>(w: u64) -> Option<(u64, u64)> {
    // Folding sets bit 5: `A-Z` become `a-z`, and no other octet lands in `a-z`
    // (controls land in 0x20-0x3F, `@[\\]^_` in 0x60 and 0x7B-0x7F).
    let letters = if UPPER { w | splat(0x20) } else { w };
    let hyphen_dot = in_range(w, b'-', b'.');
    let ok = in_range(letters, b'a', b'z') | in_range(w, b'0', b'9') | hyphen_dot;
    // Non-ASCII octets make `in_range` carry between bytes, so they are tested apart,
    // in the same branch.
    if (ok ^ HIGHS) | (w & HIGHS) != 0 {
        return None;
    }
    // `.` (0x2E) is even and `-` (0x2D) odd: bit 0, moved to bit 7, tells them apart.
    let dots = hyphen_dot & !(w << 7);
    Some((dots, hyphen_dot ^ dots))
}

/// The name's octets as little-endian words for [`validate_fast`], the one starting at
/// `base` and its offset: full words from the start, then the last eight octets. That
/// last word overlaps the one before; the overlap holds the same octets, valid and
/// with the same dots. Names shorter than a word are padded with letters, which are
/// valid and never dots.
#[inline]
fn word_at(body: &[u8], base: usize) -> (u64, usize) {
    if let Some(block) = body.get(base..).and_then(<[u8]>::first_chunk::<8>) {
        (load(block), base)
    } else if let Some(last) = body.last_chunk::<8>() {
        (load(last), body.len() - 8)
    } else {
        let n = body.len();
        (load_padded(body) | (splat(b'a') & !low_bytes(n)), 0)
    }
}

/// The common case, eight octets at a time (SWAR): a valid name of LDH labels (NR-LDH,
/// R-LDH, A-labels). Anything else (errors, underscores, non-ASCII, long names) returns
/// `None` and takes the general path, which reports errors precisely; so both paths
/// accept the same names (checked by a property test against a naive reference).
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "the fast path sees at most 253 octets and 127 labels"
)]
pub(super) fn validate_fast(bytes: &[u8], policy: Policy) -> Option<Meta> {
    let (body, absolute) = without_root_dot(bytes);
    // 253 octets cannot hold 128 labels, so the label count needs no check here.
    if body.is_empty() || body.len() > MAX_NAME_LEN {
        return None;
    }
    let (labels, start, prev_start, seen) = match name_labels::<false>(body, policy.idna_mode()) {
        Some(scan) => scan,
        None => upper_case_name_labels(body, policy.idna_mode())?,
    };
    let tld = body.get(start..)?;
    let seen = seen.union(ldh_label(tld, Position::Last, policy.idna_mode())?);
    if numeric_tld_rejected(tld, policy) {
        return None;
    }
    let mut warnings = Warnings::EMPTY;
    if seen.has(Seen::TO_CHECK) {
        warnings = labels_seen(body, seen, policy.idna_mode())?;
    }
    qualify(labels, policy, &mut warnings)?;
    let form = if seen.has(Seen::CONVERTS) {
        Form::Ascii
    } else {
        Form::CanonicalAscii
    };
    // At most 253 and 127 here.
    Some(Meta::new(
        absolute,
        labels as u8,
        form,
        start as u16,
        prev_start as u16,
        warnings,
    ))
}

/// The labels of the name for [`validate_fast`], with upper-case letters refused unless
/// `UPPER`.
#[inline]
fn name_labels<const UPPER: bool>(body: &[u8], mode: IdnaMode) -> Option<LabelScan> {
    if body.len() <= 64 {
        short_name_labels::<UPPER>(body, mode)
    } else {
        long_name_labels::<UPPER>(body, mode)
    }
}

/// [`name_labels`] for a name the lower-case scan refused: again with upper-case letters
/// accepted, if it has one, and then [`Seen::UPPER_CASE`] (`ToASCII` lower-cases the
/// name, RFC 4343 §3). One name in a few hundred in the corpora has an upper-case letter,
/// so the common scan leaves case out: no fold and nothing to collect per word (bench
/// row `domain/validate-full`).
#[cold]
#[inline(never)]
fn upper_case_name_labels(body: &[u8], mode: IdnaMode) -> Option<LabelScan> {
    if !name_text::ascii::has_upper(body) {
        return None;
    }
    let (labels, start, prev_start, seen) = name_labels::<true>(body, mode)?;
    Some((labels, start, prev_start, seen.union(Seen::UPPER_CASE)))
}

/// What the label scans find: the label count, where the last two labels start, and what
/// the labels before the last were.
type LabelScan = (usize, usize, usize, Seen);

/// The labels of a name of 1 to 64 octets for [`validate_fast`]: the label count,
/// where the last two labels start, and what the labels before the last were (the
/// label rules are checked for all but the last).
#[inline]
fn short_name_labels<const UPPER: bool>(body: &[u8], mode: IdnaMode) -> Option<LabelScan> {
    let n = body.len();
    // Collect the dots of the whole name first (bit `i` set when octet `i` is a dot),
    // so that the label loop below runs once per dot (one for nine names in ten)
    // instead of a loop per word whose trip count changes from word to word (a
    // misprediction each). Dots of an overlap are set twice, at the same bits.
    let mut dot_bits = 0u64;
    let mut base = 0;
    while base < n {
        let (word, at) = word_at(body, base);
        dot_bits |= u64::from(movemask(ldh_word::<UPPER>(word)?)) << at;
        base += 8;
    }
    let (mut start, mut prev_start, mut labels) = (0, 0, 1);
    let mut seen = Seen::NOTHING;
    while dot_bits != 0 {
        let i = dot_bits.trailing_zeros() as usize;
        seen = seen.union(ldh_label(body.get(start..i)?, Position::BeforeLast, mode)?);
        labels += 1;
        prev_start = start;
        start = i + 1;
        dot_bits &= dot_bits - 1;
    }
    Some((labels, start, prev_start, seen))
}

/// [`short_name_labels`] for names of 65 to 253 octets: label by label as the dots
/// are found, word by word.
#[inline(never)]
fn long_name_labels<const UPPER: bool>(body: &[u8], mode: IdnaMode) -> Option<LabelScan> {
    let n = body.len();
    let (mut start, mut prev_start, mut labels) = (0, 0, 1);
    let mut seen = Seen::NOTHING;
    let mut base = 0;
    while base < n {
        let (word, at) = word_at(body, base);
        // The dots of an overlap were handled with the word before.
        let mut dots = ldh_word::<UPPER>(word)? & (u64::MAX << (8 * (base - at)));
        while let Some(k) = first_match(dots) {
            let i = at + k;
            seen = seen.union(ldh_label(body.get(start..i)?, Position::BeforeLast, mode)?);
            labels += 1;
            prev_start = start;
            start = i + 1;
            dots &= dots - 1;
        }
        base += 8;
    }
    Some((labels, start, prev_start, seen))
}

/// What [`validate_fast`] makes of names with R-LDH or A-labels: `None` when the name
/// must take the general path, else the warnings the labels call for.
#[cold]
#[inline(never)]
fn labels_seen(body: &[u8], seen: Seen, mode: IdnaMode) -> Option<Warnings> {
    // A-labels: the decoded string must be a valid U-label (also across labels, for
    // the Bidi rule). Any failure goes to the general path for a precise error.
    if seen.has(Seen::A_LABEL) {
        if !a_labels_valid(body, mode) {
            return None;
        }
    } else if seen.has(Seen::RIGHT_TO_LEFT)
        && (seen.has(Seen::BIDI_FAILED) || !ascii_labels_bidi_ok(body))
    {
        // A Bidi domain name whose U-labels the engine need not see: RFC 5893 §2 for
        // every label (the A-labels' verdicts are in `seen`).
        return None;
    }
    let mut warnings = Warnings::EMPTY;
    if seen.has(Seen::RESERVED) {
        warnings.insert(Warning::ReservedHyphenLabel);
    }
    Some(warnings)
}

/// RFC 5893 §2 for the LDH labels of a Bidi domain name (A-labels are checked when
/// decoded): rule 1 wants a letter first (a digit is class EN); the last octet is a
/// letter or digit in every LDH label, which rule 6 allows; `-` (ES) may be inside.
/// This is the verdict of the `idna` engine, which sees R-LDH labels with `--` replaced
/// by letters (`idna::engine_form`): the same first and last octets.
#[cold]
#[inline(never)]
fn ascii_labels_bidi_ok(body: &[u8]) -> bool {
    body.split(|&b| b == b'.').all(|label| {
        alabel::has_ace_prefix(label) || label.first().is_some_and(u8::is_ascii_alphabetic)
    })
}

/// Whether the A-labels of a name (already checked one by one) are valid together.
/// In the IDNA 2008 modes a label that is not known valid failed its check, and the
/// general path reports why; in the UTS #46 mode the `idna` engine decides for the whole
/// name (also across labels, the Bidi rule); without `idna` only the Punycode checks run.
#[cold]
#[inline(never)]
fn a_labels_valid(body: &[u8], mode: IdnaMode) -> bool {
    #[cfg(feature = "idna")]
    {
        mode == IdnaMode::Uts46 && crate::idna::uts46::check_name(body, true).is_ok()
    }
    #[cfg(not(feature = "idna"))]
    {
        let _ = (body, mode);
        true
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::borrow::ToOwned;
    use std::format;
    use std::string::String;

    use super::validate_fast;
    use crate::policy::Policy;

    /// RFC 4343 §3: an upper-case letter anywhere, in short names (one scan of the dots)
    /// and long ones (label by label), is taken by the fast path, on its second scan,
    /// and makes the name differ from its lower-case A-label form.
    #[test]
    fn rfc4343_3_upper_case_anywhere_takes_the_fast_path_and_is_not_canonical() {
        for base in [
            "www.example.com".to_owned(),
            format!("{}.{}.example.org", "a".repeat(40), "b".repeat(40)),
        ] {
            let lower = validate_fast(base.as_bytes(), Policy::HOSTNAME).expect("valid name");
            assert!(lower.canonical_ascii(), "{base}");
            for (i, b) in base.bytes().enumerate() {
                if !b.is_ascii_lowercase() {
                    continue;
                }
                let mut name = base.clone().into_bytes();
                name[i] = b.to_ascii_uppercase();
                let meta = validate_fast(&name, Policy::HOSTNAME).expect("the fast path");
                assert!(
                    !meta.canonical_ascii(),
                    "{}",
                    String::from_utf8_lossy(&name)
                );
                assert!(meta.ascii());
                assert_eq!(
                    (meta.tld_start(), meta.label_count()),
                    (lower.tld_start(), lower.label_count())
                );
            }
        }
        // A name refused for another reason stays refused on the second scan.
        assert!(validate_fast(b"Www.-example.com", Policy::HOSTNAME).is_none());
        assert!(validate_fast(b"WWW.exa_mple.com", Policy::HOSTNAME).is_none());
    }
}
