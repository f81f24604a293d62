//! The fast path of [`validate`](super::validate): valid names of LDH labels, eight
//! octets at a time (SWAR). Anything else returns `None` for the general path.

use name_text::swar::{HIGHS, in_range, load, load_padded, low_bytes, movemask, splat};

use crate::idna::alabel;
use crate::limits::{MAX_LABEL_LEN, MAX_NAME_LEN};
use crate::meta::{Form, Meta};
use crate::policy::{IdnaMode, NumericTld, Policy, Qualification};
use crate::warning::{Warning, Warnings};

/// Checks 8 octets at once: `None` unless every octet is a letter, digit, hyphen or
/// dot; otherwise the dot mask (`0x80` per dot).
#[inline]
const fn ldh_word(w: u64) -> Option<u64> {
    // Folding sets bit 5: `A-Z` become `a-z`, and no other octet lands in `a-z`
    // (controls land in 0x20-0x3F, `@[\\]^_` in 0x60 and 0x7B-0x7F).
    let folded = w | splat(0x20);
    let hyphen_dot = in_range(w, b'-', b'.');
    let ok = in_range(folded, b'a', b'z') | in_range(w, b'0', b'9') | hyphen_dot;
    // Non-ASCII octets make `in_range` carry between bytes, so they are tested apart,
    // in the same branch.
    if (ok ^ HIGHS) | (w & HIGHS) != 0 {
        return None;
    }
    // `.` (0x2E) is even and `-` (0x2D) odd: bit 0, moved to bit 7, tells them apart.
    Some(hyphen_dot & !(w << 7))
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
#[allow(
    clippy::cast_possible_truncation,
    reason = "the fast path sees at most 253 octets and 127 labels"
)]
pub(super) fn validate_fast(bytes: &[u8], policy: Policy) -> Option<Meta> {
    let (body, absolute) = match bytes.split_last() {
        Some((b'.', rest)) => (rest, true),
        _ => (bytes, false),
    };
    // 253 octets cannot hold 128 labels, so the label count needs no check here.
    if body.is_empty() || body.len() > MAX_NAME_LEN {
        return None;
    }
    let n = body.len();
    let (labels, start, prev_start, seen) = if n <= 64 {
        short_name_labels(body, policy.idna_mode())?
    } else {
        long_name_labels(body, policy.idna_mode())?
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

/// The policy's rule on all-numeric top-level labels (RFC 3696 §2): `true` when it
/// rejects `tld`. Shared by the fast paths for ASCII and Unicode names.
#[inline]
pub(super) fn numeric_tld_rejected(tld: &[u8], policy: Policy) -> bool {
    policy.numeric_tld() == NumericTld::Reject
        && tld.first().is_some_and(u8::is_ascii_digit)
        && tld.iter().all(u8::is_ascii_digit)
}

/// The policy's rule on one-label names (RFC 3696 §2, RFC 1123 §2.1): `None` when it
/// needs two labels or more, else the `SingleLabel` warning for a one-label name.
#[inline]
pub(super) fn qualify(labels: usize, policy: Policy, warnings: &mut Warnings) -> Option<()> {
    if labels == 1 {
        match policy.qualification() {
            Qualification::AtLeastTwoLabels => return None,
            Qualification::SingleLabelAllowed => warnings.insert(Warning::SingleLabel),
        }
    }
    Some(())
}

/// The labels of a name of 1 to 64 octets for [`validate_fast`]: the label count,
/// where the last two labels start, and what the labels before the last were (the
/// label rules are checked for all but the last).
#[inline]
fn short_name_labels(body: &[u8], mode: IdnaMode) -> Option<(usize, usize, usize, Seen)> {
    let n = body.len();
    // Collect the dots of the whole name first (bit `i` set when octet `i` is a dot),
    // so that the label loop below runs once per dot (one for nine names in ten)
    // instead of a loop per word whose trip count changes from word to word (a
    // misprediction each). Dots of an overlap are set twice, at the same bits.
    let mut dot_bits = 0u64;
    let mut upper = 0u64;
    let mut base = 0;
    while base < n {
        let (word, at) = word_at(body, base);
        dot_bits |= u64::from(movemask(ldh_word(word)?)) << at;
        upper |= in_range(word, b'A', b'Z');
        base += 8;
    }
    let (mut start, mut prev_start, mut labels) = (0, 0, 1);
    let mut seen = Seen::when(upper != 0, Seen::UPPER_CASE);
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
fn long_name_labels(body: &[u8], mode: IdnaMode) -> Option<(usize, usize, usize, Seen)> {
    let n = body.len();
    let (mut start, mut prev_start, mut labels) = (0, 0, 1);
    let mut seen = Seen::NOTHING;
    let mut upper = 0u64;
    let mut base = 0;
    while base < n {
        let (word, at) = word_at(body, base);
        // The dots of an overlap were handled with the word before.
        let mut dots = ldh_word(word)? & (u64::MAX << (8 * (base - at)));
        upper |= in_range(word, b'A', b'Z');
        while dots != 0 {
            let i = at + (dots.trailing_zeros() / 8) as usize;
            seen = seen.union(ldh_label(body.get(start..i)?, Position::BeforeLast, mode)?);
            labels += 1;
            prev_start = start;
            start = i + 1;
            dots &= dots - 1;
        }
        base += 8;
    }
    Some((
        labels,
        start,
        prev_start,
        seen.union(Seen::when(upper != 0, Seen::UPPER_CASE)),
    ))
}

/// What the fast path saw besides NR-LDH labels: a set of facts, one bit each, that the
/// label checks return and the caller ORs (a register, not a struct in memory that
/// every label check would write through a pointer).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Seen(u8);

impl Seen {
    /// Nothing but NR-LDH labels.
    pub(super) const NOTHING: Self = Self(0);
    /// An R-LDH label (`ab--cd`): warning.
    pub(super) const RESERVED: Self = Self(1);
    /// An A-label not known to be valid: in the UTS #46 mode the `idna` engine must
    /// check the name; in the IDNA 2008 modes it failed, and the general path says why.
    pub(super) const A_LABEL: Self = Self(2);
    /// An A-label with a right-to-left character: a Bidi domain name (RFC 5893 §1.4).
    pub(super) const RIGHT_TO_LEFT: Self = Self(4);
    /// An A-label that fails the RFC 5893 §2 rules (which matter in a Bidi domain name).
    pub(super) const BIDI_FAILED: Self = Self(8);
    /// An upper-case letter: `ToASCII` lower-cases the name (RFC 4343 §3).
    pub(super) const UPPER_CASE: Self = Self(16);
    /// A label with the ACE prefix `xn--`: `ToUnicode` decodes it (RFC 5890 §2.3.2.1).
    pub(super) const ACE: Self = Self(32);
    /// The facts [`labels_seen`] looks at.
    const TO_CHECK: Self =
        Self(Self::RESERVED.0 | Self::A_LABEL.0 | Self::RIGHT_TO_LEFT.0 | Self::BIDI_FAILED.0);
    /// The facts that make the name differ from its A-label or U-label form.
    const CONVERTS: Self = Self(Self::UPPER_CASE.0 | Self::ACE.0);

    /// Both sets.
    #[inline]
    pub(super) const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// Whether `fact` is in the set.
    #[inline]
    pub(super) const fn has(self, fact: Self) -> bool {
        self.0 & fact.0 != 0
    }

    /// `fact` if `condition`, else nothing.
    #[inline]
    const fn when(condition: bool, fact: Self) -> Self {
        Self(fact.0 * condition as u8)
    }
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

/// Whether an LDH label (already known to hold only letters, digits and hyphens) is a
/// valid label: 1–63 octets, no hyphen at either end; a `??--` label is an R-LDH label
/// or an `xn--` label that passes the punycode-core checks.
#[inline]
pub(super) fn ldh_label(label: &[u8], position: Position, mode: IdnaMode) -> Option<Seen> {
    if !(matches!(label.first(), Some(&f) if f != b'-')
        && label.len() <= MAX_LABEL_LEN
        && label.last() != Some(&b'-'))
    {
        return None;
    }
    if alabel::has_hyphens_3_4(label) {
        return hyphens_3_4_label(label, position, mode);
    }
    Some(Seen::NOTHING)
}

/// Where a label is in the name: an A-label that is the last label may be an IDN TLD,
/// whose check is looked up instead of decoded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Position {
    BeforeLast,
    Last,
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

/// With `idna`: what [`alabel::check`] finds for `label` in the IDNA 2008 modes if it is
/// an IDN TLD, from the table of those (`crate::tld::idn`), without decoding it. The
/// table holds registration verdicts, which hold for lookup too (lookup is the more
/// lenient); only labels known valid are taken from it.
fn known_idn_tld(label: &[u8], mode: IdnaMode) -> Option<alabel::Summary> {
    #[cfg(feature = "idna")]
    {
        if mode == IdnaMode::Uts46 {
            return None;
        }
        crate::tld::idn::lookup(label).filter(|s| s.valid)
    }
    #[cfg(not(feature = "idna"))]
    {
        let _ = (label, mode);
        None
    }
}

/// The rare `??--` labels of the fast path, out of line to keep its loop small.
#[cold]
#[inline(never)]
fn hyphens_3_4_label(label: &[u8], position: Position, mode: IdnaMode) -> Option<Seen> {
    if alabel::has_ace_prefix(label) {
        let known = match position {
            Position::Last => known_idn_tld(label, mode),
            Position::BeforeLast => None,
        };
        let checked = known.map_or_else(
            || alabel::check(label, alabel::RoundTrip::DebugAssert, mode),
            Ok,
        );
        match checked {
            Ok(decoded) => Some(
                Seen::ACE
                    .union(Seen::when(!decoded.valid, Seen::A_LABEL))
                    .union(Seen::when(decoded.right_to_left, Seen::RIGHT_TO_LEFT))
                    .union(Seen::when(!decoded.bidi_ok, Seen::BIDI_FAILED)),
            ),
            Err(_) => None,
        }
    } else {
        Some(Seen::RESERVED)
    }
}
