//! What the fast paths (short names in `short.rs`, ASCII names in `fast.rs`, names with
//! U-labels in `unicode.rs`) check the same way: an LDH label (RFC 1034 §3.5, RFC 5891 §4.2.3.1
//! for `??--` labels), the root dot, the numeric-TLD rule and the one-label rule
//! (RFC 3696 §2), and the facts a label check reports.

use crate::idna::alabel;
use crate::limits::MAX_LABEL_LEN;
use crate::policy::{IdnaMode, NumericTld, Policy, Qualification};
use crate::warning::{Warning, Warnings};

/// The name without its root dot, and whether it had one: a name that ends with the
/// root's empty label is absolute (RFC 1034 §3.1).
#[inline]
pub(super) fn without_root_dot(name: &[u8]) -> (&[u8], bool) {
    match name.split_last() {
        Some((b'.', rest)) => (rest, true),
        _ => (name, false),
    }
}

/// The policy's rule on all-numeric top-level labels (RFC 3696 §2): `true` when it
/// rejects `tld`.
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
    /// The facts `labels_seen` of the ASCII fast path looks at.
    pub(super) const TO_CHECK: Self =
        Self(Self::RESERVED.0 | Self::A_LABEL.0 | Self::RIGHT_TO_LEFT.0 | Self::BIDI_FAILED.0);
    /// The facts that make the name differ from its A-label or U-label form.
    pub(super) const CONVERTS: Self = Self(Self::UPPER_CASE.0 | Self::ACE.0);

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
    pub(super) const fn when(condition: bool, fact: Self) -> Self {
        Self(fact.0 * condition as u8)
    }
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
