//! Every limit, at and just past it (RFC 1035 §2.3.4, RFC 2181 §11, RFC 3696 §2).

use crate::common::{fails, ok, repeat_label};
use ldh_domain::DomainErrorKind as K;
use ldh_domain::Policy;
use ldh_domain::limits::{MAX_LABEL_LEN, MAX_LABELS, MAX_NAME_LEN};

const H: &Policy = &Policy::HOSTNAME;

#[test]
fn rfc1035_2_3_4_label_of_63_octets_is_valid() {
    let label = "a".repeat(MAX_LABEL_LEN);
    ok(&format!("{label}.com"), H);
    ok(&label, H);
}

#[test]
fn rfc1035_2_3_4_label_of_64_octets_is_too_long() {
    let label = "a".repeat(64);
    fails(&format!("{label}.com"), H, K::LabelTooLong, 0, Some(0));
    fails(&format!("www.{label}.com"), H, K::LabelTooLong, 4, Some(1));
    fails(
        &format!("www.{label}"),
        &Policy::DNS,
        K::LabelTooLong,
        4,
        Some(1),
    );
}

#[test]
fn underscore_label_of_64_octets_is_too_long_under_dns() {
    let label = format!("_{}", "a".repeat(63));
    fails(
        &format!("{label}.com"),
        &Policy::DNS,
        K::LabelTooLong,
        0,
        Some(0),
    );
}

/// A name of exactly `len` octets (no root dot) with 63-octet labels and a short last.
fn name_of(len: usize) -> String {
    let mut name = String::new();
    while name.len() + 64 < len {
        name.push_str(&"a".repeat(63));
        name.push('.');
    }
    let rest = len - name.len();
    name.push_str(&"b".repeat(rest));
    assert_eq!(name.len(), len);
    name
}

#[test]
fn rfc1035_2_3_4_name_of_253_octets_is_valid_with_and_without_root_dot() {
    let name = name_of(MAX_NAME_LEN);
    let d = ok(&name, H);
    assert!(!d.is_absolute());
    let absolute = format!("{name}.");
    assert_eq!(absolute.len(), 254);
    assert!(ok(&absolute, H).is_absolute());
}

/// 254 and 255 octets without the root dot, and with it: too long, reported at the
/// start of the label that crosses 253 (the fourth, after three of 63 octets).
#[test]
fn rfc1035_2_3_4_names_of_254_and_255_octets_are_too_long() {
    for len in [254, 255] {
        let name = name_of(len);
        let last = name.rfind('.').unwrap() + 1;
        fails(&name, H, K::NameTooLong, last, Some(3));
        fails(&format!("{name}."), H, K::NameTooLong, last, Some(3));
    }
}

#[test]
fn labels_127_are_valid_128_are_too_many() {
    let name = repeat_label("a", MAX_LABELS);
    assert_eq!(name.len(), 253);
    assert_eq!(ok(&name, H).label_count(), 127);
    ok(&format!("{name}."), H);
    let name = repeat_label("a", MAX_LABELS + 1);
    fails(&name, H, K::TooManyLabels, 254, Some(127));
    fails(&name, &Policy::DNS, K::TooManyLabels, 254, Some(127));
}

#[test]
fn huge_inputs_are_rejected_without_scanning() {
    let name = "a".repeat(1 << 20);
    fails(&name, H, K::NameTooLong, 253, None);
    let name = "a.".repeat(1 << 19);
    fails(&name, H, K::NameTooLong, 253, None);
}

#[cfg(feature = "idna")]
mod idn {
    use super::*;

    /// A U-label whose A-label is exactly `len` octets: `xn--` + basic part + `-` + one
    /// delta for a trailing `ü`... built by trying lengths of ASCII before the `ü`.
    fn u_label_with_a_len(len: usize) -> String {
        for n in 1..63 {
            let u = format!("{}ü", "a".repeat(n));
            let a = idna::punycode::encode_str(&u).unwrap();
            if a.len() + 4 == len {
                return u;
            }
        }
        panic!("no U-label with an A-label of {len} octets");
    }

    #[test]
    fn idn_whose_a_label_is_63_octets_is_valid() {
        let u = u_label_with_a_len(63);
        assert!(u.len() < 63);
        ok(&format!("{u}.com"), H);
    }

    #[test]
    fn idn_whose_a_label_crosses_63_octets_is_too_long() {
        let u = u_label_with_a_len(64);
        // 64 octets of A-label but only 60 of UTF-8: measured in A-label form.
        assert!(u.len() <= 63, "{}", u.len());
        fails(&format!("www.{u}.com"), H, K::LabelTooLong, 4, Some(1));
    }

    #[test]
    fn name_length_counts_a_label_octets() {
        // `üüü`: 6 octets of UTF-8, 9 of A-label (`xn--tdaaa`).
        let u = "üüü";
        assert_eq!(ldh_domain::to_ascii(u).unwrap(), "xn--tdaaa");
        // 25 labels: 25 × 10 - 1 = 249 octets in A-label form: valid.
        ok(&repeat_label(u, 25), H);
        // 26 labels: 259 octets in A-label form, only 181 in UTF-8: too long.
        let name = repeat_label(u, 26);
        assert_eq!(name.len(), 181);
        fails(&name, H, K::NameTooLong, 25 * 7, Some(25));
    }
}
