//! The name grammar: RFC 1034 §3.5 / RFC 1123 §2.1 labels, RFC 2181 §11 octets, the
//! RFC 1035 §2.3.4 lengths and the IDNA step, in two paths that accept the same names:
//!
//! | file | what |
//! |---|---|
//! | `short.rs` | valid names of up to 32 octets of lower-case NR-LDH labels, in straight-line code |
//! | `fast.rs` | valid names of LDH labels (NR-LDH, R-LDH, A-labels), eight octets at a time |
//! | `label.rs` | what the fast paths check alike: one LDH label, the root dot, the numeric-TLD and one-label rules |
//! | `unicode.rs` | valid names with U-labels in the IDNA 2008 modes, each label decoded once |
//! | `general.rs` | every label kind, the first failing check as a precise error |

mod fast;
mod general;
mod label;
mod short;
#[cfg(feature = "idna")]
pub(crate) mod unicode;

use crate::error::DomainError;
use crate::meta::Meta;
use crate::policy::Policy;

use fast::validate_fast;
use general::validate_general;
use short::validate_short;

/// The checks, in input order; the first failure is returned.
///
/// Per label: hyphen at the start, characters, length, hyphen at the end, A-label.
/// Then for the name: length and label count (as labels are passed), the numeric TLD,
/// the qualification, and for names with U-labels or A-labels the IDNA checks.
#[inline]
pub(crate) fn validate(input: &str, policy: Policy) -> Result<Meta, DomainError> {
    if let Some(meta) = validate_short(input.as_bytes(), policy) {
        return Ok(meta);
    }
    validate_rest(input, policy)
}

/// What the short path leaves: names of LDH labels on the word-by-word fast path, valid
/// names with U-labels on their own, everything else on the general path. Out of line,
/// so that the short path, which takes most names, saves and restores no registers for
/// these (bench rows `domain/validate-full`, `email/corpus`).
#[inline(never)]
fn validate_rest(input: &str, policy: Policy) -> Result<Meta, DomainError> {
    if let Some(meta) = validate_fast(input.as_bytes(), policy) {
        return Ok(meta);
    }
    #[cfg(feature = "idna")]
    if let Some(meta) = unicode::validate_unicode(input, policy, unicode::a_label_len) {
        return Ok(meta);
    }
    validate_general(input, policy)
}

/// The ASCII fast path alone: `Some` for valid names of LDH labels and A-labels that it
/// takes, `None` for everything else (which [`validate`] then decides).
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn validate_ascii(input: &str, policy: Policy) -> Option<Meta> {
    validate_short(input.as_bytes(), policy).or_else(|| validate_fast(input.as_bytes(), policy))
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{Policy, validate_fast, validate_general};
    use std::string::String;

    /// A valid name of exactly `len` octets whose labels cycle through `label_lens`
    /// (each at most 61, so that lengthening the last label by one stays valid):
    /// letters at both ends of a label, and upper-case letters, digits and hyphens
    /// inside.
    fn name_of_length(len: usize, label_lens: &[usize]) -> String {
        let mut out = String::new();
        let mut k = 0;
        while out.len() < len {
            if !out.is_empty() {
                if len - out.len() < 2 {
                    // No room for a dot and a label: lengthen the last label.
                    out.push('q');
                    continue;
                }
                out.push('.');
            }
            let want = label_lens[k % label_lens.len()].min(len - out.len());
            for i in 0..want {
                let inner = b"Z9-x"[i % 4] as char;
                out.push(if i == 0 || i + 1 == want { 'q' } else { inner });
            }
            k += 1;
        }
        out
    }

    /// Every length from 1 to 253 octets, with and without the root dot, labels of
    /// many lengths (so dots fall at every place in the eight-octet words, and the
    /// last word overlaps the one before by every amount): the fast path must take
    /// each of these valid names and report what the general path reports. A name
    /// that fell back to the general path would only be slower, which the property
    /// tests cannot see.
    #[test]
    fn fast_path_takes_valid_names_of_every_length() {
        let patterns: [&[usize]; 8] = [
            &[1],
            &[3, 7],
            &[8],
            &[9, 16],
            &[15, 17, 2],
            &[61],
            &[5, 61, 1],
            &[40, 23],
        ];
        for len in 1..=253 {
            for pattern in patterns {
                let name = name_of_length(len, pattern);
                assert_eq!(name.len(), len);
                for name in [name.clone(), name + "."] {
                    for policy in [Policy::HOSTNAME, Policy::DNS] {
                        let general = validate_general(&name, policy);
                        assert!(general.is_ok(), "{name} {general:?}");
                        assert_eq!(
                            validate_fast(name.as_bytes(), policy),
                            general.ok(),
                            "{name}"
                        );
                    }
                }
            }
        }
    }

    /// A label of 63 octets is the longest (RFC 1035 §2.3.4), on both paths, as the
    /// whole name (64 octets: the last name of the short path) and after another.
    #[test]
    fn label_of_63_octets_on_the_fast_path() {
        for (len, valid) in [(63, true), (64, false)] {
            let label = "a".repeat(len);
            for name in [
                label.clone(),
                std::format!("b.{label}"),
                std::format!("{label}.b"),
            ] {
                let fast = validate_fast(name.as_bytes(), Policy::HOSTNAME);
                assert_eq!(fast.is_some(), valid, "{name}");
                assert_eq!(
                    validate_general(&name, Policy::HOSTNAME).ok(),
                    fast,
                    "{name}"
                );
            }
        }
    }
}
