//! Names of 1 to 32 octets of lower-case NR-LDH labels (nine names in ten of the
//! domain corpus) in straight-line code: the octets' classes as 32-bit masks, one bit
//! per octet, and each label rule one mask test instead of a loop over the labels
//! (bench rows `domain/validate-full`, `email/corpus`).
//!
//! An upper-case letter or a `--` anywhere (an R-LDH label or an A-label, RFC 5890
//! §2.3.1) returns `None`, as does every invalid name: the word-by-word scan of
//! `fast.rs` and the general path decide those.

use name_text::swar::{load, load_padded};

use super::label::{numeric_tld_rejected, qualify, without_root_dot};
use crate::meta::{Form, Meta};
use crate::policy::Policy;
use crate::warning::Warnings;

/// The longest name (without its root dot) that [`validate_short`] takes: two blocks of
/// 16 octets.
const SHORT_NAME_LEN: usize = 32;

/// The dots and the hyphens of a short name, bit `i` for octet `i`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Classes {
    dots: u32,
    hyphens: u32,
}

/// The name's facts if it is a valid name of 1 to 32 octets (without the root dot) of
/// lower-case NR-LDH labels; `None` for anything else, which the other paths decide.
#[expect(
    clippy::inline_always,
    reason = "most names take this path: inlined through `Domain::parse_with` into callers in other crates, with their policy folded in (bench rows `email/corpus`, `http/parse-urls`)"
)]
#[inline(always)]
pub(super) fn validate_short(bytes: &[u8], policy: Policy) -> Option<Meta> {
    let (body, absolute) = without_root_dot(bytes);
    let n = body.len();
    if !(1..=SHORT_NAME_LEN).contains(&n) {
        return None;
    }
    let Classes { dots, hyphens } = name_classes(body)?;
    let label_starts = dots << 1 | 1;
    let label_ends = dots >> 1 | 1 << (n - 1);
    // A dot where a label starts or ends is an empty label (RFC 1035 §2.3.1), a hyphen
    // there is refused by RFC 1034 §3.5 and RFC 1123 §2.1, and a `--` goes to the scan.
    if (dots | hyphens) & (label_starts | label_ends) | hyphens & (hyphens >> 1) != 0 {
        return None;
    }
    // One past the last dot, 0 without one; then the same for the dots before it. 32
    // octets hold no label longer than 63 (RFC 1035 §2.3.4). The last octet is no dot
    // (tested above), so `tld_start` is below 32 and the shift below cannot overflow.
    let tld_start = (u32::BITS - dots.leading_zeros()) as usize;
    let before_last = dots & ((1u32 << tld_start) >> 1).wrapping_sub(1);
    let sld_start = (u32::BITS - before_last.leading_zeros()) as usize;
    if numeric_tld_rejected(body.get(tld_start..)?, policy) {
        return None;
    }
    let labels = dots.count_ones() as usize + 1;
    let mut warnings = Warnings::EMPTY;
    qualify(labels, policy, &mut warnings)?;
    #[expect(
        clippy::cast_possible_truncation,
        reason = "at most 32 octets: at most 16 labels, and each start below 32"
    )]
    let (labels, tld_start, sld_start) = (labels as u8, tld_start as u16, sld_start as u16);
    Some(Meta::new(
        absolute,
        labels,
        Form::CanonicalAscii,
        tld_start,
        sld_start,
        warnings,
    ))
}

/// [`Classes`] of a name of 1 to 32 octets: up to 16 octets in one block, then the
/// rest in a second.
#[inline]
fn name_classes(body: &[u8]) -> Option<Classes> {
    let n = body.len();
    if n <= 16 {
        return classes(two_words(body), n);
    }
    let (head, tail) = body.split_at(16);
    let head = classes(two_words(head), 16)?;
    let tail = classes(two_words(tail), n - 16)?;
    Some(Classes {
        dots: head.dots | tail.dots << 16,
        hyphens: head.hyphens | tail.hyphens << 16,
    })
}

/// The octets of a block of 1 to 16 octets as two little-endian words, padded with
/// zeros. Above 8 octets the second word is the last eight octets shifted down past the
/// ones the first word holds.
#[inline]
fn two_words(body: &[u8]) -> (u64, u64) {
    match (body.first_chunk::<8>(), body.last_chunk::<8>()) {
        // 8 < n <= 16: the shift is 0 to 56 bits.
        (Some(first), Some(last)) if body.len() > 8 => {
            (load(first), load(last) >> (8 * (16 - body.len())))
        }
        _ => (load_padded(body), 0),
    }
}

/// [`Classes`] of the first `n` octets of two words, or `None` unless each of them is
/// a lower-case letter, a digit, a hyphen or a dot: SSE2, which every x86-64 processor
/// has, compares all 16 octets at once and gathers one bit per octet.
#[cfg(target_arch = "x86_64")]
#[inline]
fn classes((low, high): (u64, u64), n: usize) -> Option<Classes> {
    use safe_arch::{
        bitand_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_gt_mask_i8_m128i,
        cmp_lt_mask_i8_m128i, m128i, move_mask_i8_m128i, set_splat_i8_m128i,
    };
    let octets = m128i::from([low, high]);
    let splat = |b: u8| set_splat_i8_m128i(b.cast_signed());
    // Signed compares: octets from 0x80 up are negative, so in neither range.
    let within = |first: u8, last: u8| {
        bitand_m128i(
            cmp_gt_mask_i8_m128i(octets, splat(first - 1)),
            cmp_lt_mask_i8_m128i(octets, splat(last + 1)),
        )
    };
    let dots = cmp_eq_mask_i8_m128i(octets, splat(b'.'));
    let hyphens = cmp_eq_mask_i8_m128i(octets, splat(b'-'));
    let valid = bitor_m128i(
        bitor_m128i(within(b'a', b'z'), within(b'0', b'9')),
        bitor_m128i(dots, hyphens),
    );
    // The padding past `n` is zeros: never dots or hyphens, and counted as valid here.
    if (move_mask_i8_m128i(valid).cast_unsigned() | 0xFFFF << n) & 0xFFFF != 0xFFFF {
        return None;
    }
    Some(Classes {
        dots: move_mask_i8_m128i(dots).cast_unsigned(),
        hyphens: move_mask_i8_m128i(hyphens).cast_unsigned(),
    })
}

/// [`Classes`] of the first `n` octets of two words, eight octets at a time (SWAR), for
/// processors without SSE2; tested on x86-64 too, against the SSE2 version.
#[cfg(any(not(target_arch = "x86_64"), test))]
#[inline]
fn classes_swar((low, high): (u64, u64), n: usize) -> Option<Classes> {
    use name_text::swar::{low_bytes, movemask, splat};
    // Letters in the padding: valid, and neither dots nor hyphens.
    let letters_from = |len: usize| splat(b'a') & !low_bytes(len);
    let (low_dots, low_hyphens) = super::fast::ldh_classes::<false>(low | letters_from(n))?;
    let (high_dots, high_hyphens) =
        super::fast::ldh_classes::<false>(high | letters_from(n.saturating_sub(8)))?;
    let bits = |low: u64, high: u64| u32::from(movemask(low)) | u32::from(movemask(high)) << 8;
    Some(Classes {
        dots: bits(low_dots, high_dots),
        hyphens: bits(low_hyphens, high_hyphens),
    })
}

#[cfg(not(target_arch = "x86_64"))]
use classes_swar as classes;

#[cfg(test)]
mod tests {
    extern crate std;

    use std::string::String;
    use std::vec::Vec;

    use proptest::prelude::*;

    use super::{Classes, classes_swar, name_classes, two_words, validate_short};
    use crate::grammar::general::validate_general;
    use crate::policy::Policy;

    /// The reference: the classes octet by octet.
    fn classes_by_octet(body: &[u8]) -> Option<Classes> {
        let mut found = Classes {
            dots: 0,
            hyphens: 0,
        };
        for (i, &b) in body.iter().enumerate() {
            match b {
                b'.' => found.dots |= 1 << i,
                b'-' => found.hyphens |= 1 << i,
                b'a'..=b'z' | b'0'..=b'9' => {}
                _ => return None,
            }
        }
        Some(found)
    }

    /// Both ways of finding a block's classes, and the classes of whole names, agree
    /// with the octet-by-octet reference on every octet value at every position of
    /// names of every length from 1 to 32.
    #[test]
    fn classes_agree_with_the_reference_for_every_octet_everywhere() {
        let valid = b"a.b-c9d.e-f0g.hijk-l.m9n.op-q.rs";
        for n in 1..=32 {
            for at in 0..n {
                for b in 0..=u8::MAX {
                    let mut body: Vec<u8> = valid[..n].to_vec();
                    body[at] = b;
                    let want = classes_by_octet(&body);
                    assert_eq!(name_classes(&body), want, "{body:?}");
                    if n <= 16 {
                        let words = two_words(&body);
                        assert_eq!(super::classes(words, n), want, "{body:?}");
                        assert_eq!(classes_swar(words, n), want, "{body:?}");
                    }
                }
            }
        }
    }

    /// The names the short path must take: lower-case NR-LDH labels, no `--`.
    fn lower_case_nr_ldh_name() -> impl Strategy<Value = String> {
        "[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?){0,4}\\.?"
            .prop_filter("no `--`", |s| !s.contains("--"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// RFC 1034 §3.5, RFC 1123 §2.1, RFC 3696 §2: whatever the short path decides
        /// is what the general path decides, for names of the short path's octets.
        #[test]
        fn short_path_agrees_with_the_general_path(name in "[a-z0-9.-]{0,34}") {
            for policy in [Policy::HOSTNAME, Policy::DNS, Policy::FQDN] {
                if let Some(meta) = validate_short(name.as_bytes(), policy) {
                    prop_assert_eq!(Ok(meta), validate_general(&name, policy));
                }
            }
        }

        /// Every valid lower-case NR-LDH name of at most 32 octets (without the root
        /// dot) is taken, with the general path's facts.
        #[test]
        fn short_path_takes_lower_case_nr_ldh_names(name in lower_case_nr_ldh_name()) {
            let body_len = name.strip_suffix('.').unwrap_or(&name).len();
            for policy in [Policy::HOSTNAME, Policy::DNS, Policy::FQDN] {
                let general = validate_general(&name, policy);
                let short = validate_short(name.as_bytes(), policy);
                if body_len <= 32 && general.is_ok() {
                    prop_assert_eq!(short.ok_or(()), general.map_err(|_| ()));
                } else {
                    prop_assert_eq!(short, None);
                }
            }
        }
    }

    /// Upper-case letters, R-LDH labels and A-labels are left to the other paths.
    #[test]
    fn rfc5890_2_3_1_upper_case_r_ldh_and_a_labels_are_left_to_the_scan() {
        for name in ["Gmail.com", "ab--cd.com", "xn--bcher-kva.de", "gmail.COM"] {
            assert!(validate_general(name, Policy::HOSTNAME).is_ok(), "{name}");
            assert_eq!(
                validate_short(name.as_bytes(), Policy::HOSTNAME),
                None,
                "{name}"
            );
        }
    }
}
