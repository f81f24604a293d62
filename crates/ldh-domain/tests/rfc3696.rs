//! RFC 3696 §2 and §5, example by example.

use crate::common::{fails, ok};
use ldh_domain::{Domain, DomainErrorKind as K, LabelKind, Policy, Warning};

const H: &Policy = &Policy::HOSTNAME;

fn labels(d: Domain<'_>) -> Vec<String> {
    d.labels().map(|l| l.as_str().to_owned()).collect()
}

#[test]
fn rfc3696_2_a_b_c_and_a_b_c_dot_are_equivalent_and_both_accepted() {
    let relative = ok("a.b.c", H);
    let absolute = ok("a.b.c.", H);
    assert!(!relative.is_absolute() && absolute.is_absolute());
    assert_eq!(relative.as_relative_str(), absolute.as_relative_str());
    assert_eq!(labels(relative), labels(absolute));
    // Also where a fully qualified name is required.
    ok("a.b.c.", &Policy::FQDN);
}

#[test]
fn rfc3696_2_com_dot_is_a_tld_name_and_dot_com_is_not_a_name() {
    let com = ok("COM.", H);
    assert_eq!(com.tld().as_str(), "COM");
    assert!(com.is_absolute() && !com.is_fully_qualified());
    fails(".COM", H, K::EmptyLabel, 0, Some(0));
    // Processing TLD names themselves is the exception to "at least one period".
    fails("COM.", &Policy::FQDN, K::NotFullyQualified, 0, Some(0));
}

#[test]
fn rfc3696_2_ldh_rule() {
    // Letters, digits and hyphen only; no hyphen at either end.
    ok("my-host.example.net", H);
    fails(
        "my_host.example.net",
        H,
        K::InvalidCharacter(b'_'),
        2,
        Some(0),
    );
    fails(
        "my host.example.net",
        H,
        K::InvalidCharacter(b' '),
        2,
        Some(0),
    );
    fails(
        "my!host.example.net",
        H,
        K::InvalidCharacter(b'!'),
        2,
        Some(0),
    );
    fails("-myhost.example.net", H, K::LeadingHyphen, 0, Some(0));
    fails("myhost-.example.net", H, K::TrailingHyphen, 6, Some(0));
}

#[test]
fn rfc3696_2_any_octet_is_permitted_in_dns_names() {
    // "Any characters, or combination of bits (as octets), are permitted in DNS names."
    ok("_dmarc.example.com", &Policy::DNS);
    ok("my host!.example.com", &Policy::DNS);
    let d = ok("_sip._tcp.example.com", &Policy::DNS);
    assert_eq!(d.labels().next().unwrap().kind(), LabelKind::Underscore);
}

#[test]
fn rfc3696_2_tld_not_all_numeric() {
    fails("example.123", H, K::NumericTld, 8, Some(1));
    ok("example.1e5", H);
}

#[test]
fn rfc3696_2_the_2003_tld_list_is_not_a_test() {
    // "the list that appears here should not be used in testing": TLDs of any length.
    for name in [
        "example.aero",
        "example.museum",
        "example.photography",
        "example.xn--p1ai",
        "a.b",
    ] {
        ok(name, H);
    }
}

#[test]
fn rfc3696_2_labels_of_63_octets_names_of_255_octets_on_the_wire() {
    ok(&format!("{}.com", "a".repeat(63)), H);
    fails(
        &format!("{}.com", "a".repeat(64)),
        H,
        K::LabelTooLong,
        0,
        Some(0),
    );
}

#[test]
fn rfc3696_5_reserved_hyphen_labels() {
    // "labels ... with hyphens in the third and fourth positions ... are reserved".
    let d = ok("ab--cd.example.net", H);
    assert!(d.warnings().contains(Warning::ReservedHyphenLabel));
    assert_eq!(d.labels().next().unwrap().kind(), LabelKind::ReservedLdh);
}

#[test]
fn rfc1123_2_1_digit_first_labels() {
    for name in ["3com.com", "123.example", "1a.2b.3c", "0-0.example"] {
        ok(name, H);
    }
}

#[test]
fn uppercase_input_is_accepted_and_kept() {
    let d = ok("WWW.EXAMPLE.COM", H);
    assert_eq!(d.as_str(), "WWW.EXAMPLE.COM");
    assert!(d.warnings().contains(Warning::SpecialUseDomain));
    let d = ok("XN--BCHER-KVA.DE", H);
    assert_eq!(d.labels().next().unwrap().kind(), LabelKind::ALabel);
    ok("LOCALHOST", H);
    assert!(
        ok("AB--CD.NET", H)
            .warnings()
            .contains(Warning::ReservedHyphenLabel)
    );
}
