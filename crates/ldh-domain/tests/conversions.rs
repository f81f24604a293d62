//! `to_ascii` / `to_unicode`, owned names.

use std::borrow::Cow;

use crate::common::ok;
use ldh_domain::{Domain, DomainBuf, DomainError, Policy};

const H: &Policy = &Policy::HOSTNAME;

/// Asserts that the free function `convert` turns each input into its expected name.
#[track_caller]
fn converts(convert: fn(&str) -> Result<Cow<'_, str>, DomainError>, cases: &[(&str, &str)]) {
    for &(input, expected) in cases {
        assert_eq!(convert(input).unwrap(), expected, "{input:?}");
    }
}

#[test]
fn to_ascii_borrows_when_already_lowercase_ascii() {
    assert!(matches!(
        ok("example.com.", H).to_ascii().unwrap(),
        Cow::Borrowed("example.com.")
    ));
    assert!(matches!(
        ok("xn--bcher-kva.de", H).to_ascii().unwrap(),
        Cow::Borrowed(_)
    ));
    assert_eq!(ok("Example.COM.", H).to_ascii().unwrap(), "example.com.");
}

#[test]
fn to_unicode_decodes_a_labels_and_lowercases() {
    assert!(matches!(
        ok("example.com", H).to_unicode().unwrap(),
        Cow::Borrowed(_)
    ));
    assert_eq!(
        ok("XN--BCHER-KVA.DE.", H).to_unicode().unwrap(),
        "bücher.de."
    );
    assert_eq!(ok("EXAMPLE.com", H).to_unicode().unwrap(), "example.com");
}

#[cfg(feature = "idna")]
#[test]
fn idn_conversions_keep_the_root_dot() {
    assert_eq!(
        ok(
            "Bücher.example.",
            &H.with_idna_mode(ldh_domain::IdnaMode::Uts46)
        )
        .to_ascii()
        .unwrap(),
        "xn--bcher-kva.example."
    );
    converts(
        ldh_domain::to_ascii,
        &[
            ("example.com.", "example.com."),
            ("ＥＸＡＭＰＬＥ.com", "example.com"),
        ],
    );
    converts(
        ldh_domain::to_unicode,
        &[("xn--bcher-kva.example.", "bücher.example.")],
    );
    // R-LDH labels are fine in names, rejected by strict UTS #46 (`CheckHyphens`).
    assert_eq!(
        ok("ab--cd.bücher.de", H).to_ascii().unwrap(),
        "ab--cd.xn--bcher-kva.de"
    );
    assert!(ldh_domain::to_ascii("ab--cd.bücher.de").is_err());
    // DNS names: labels outside IDNA are only lower-cased.
    let d = ok("_X.bücher.de.", &Policy::DNS);
    assert_eq!(d.to_ascii().unwrap(), "_x.xn--bcher-kva.de.");
    let d = ok("_X.XN--BCHER-KVA.de", &Policy::DNS);
    assert_eq!(d.to_unicode().unwrap(), "_x.bücher.de");
}

#[cfg(not(feature = "idna"))]
#[test]
fn without_idna_conversions_are_ascii_only() {
    let e = ldh_domain::to_ascii("bücher.de").unwrap_err();
    assert_eq!((e.code(), e.offset()), ("idna_feature_disabled", 1));
    converts(ldh_domain::to_ascii, &[("Example.COM.", "example.com.")]);
    converts(ldh_domain::to_unicode, &[("xn--bcher-kva.de", "bücher.de")]);
    assert_eq!(
        ldh_domain::to_ascii("ab--cd.de").unwrap_err().code(),
        "idna_hyphens"
    );
}

#[test]
fn domain_buf_round_trips() {
    let owned: DomainBuf = "www.Example.com.".parse().unwrap();
    assert_eq!(owned.as_str(), "www.Example.com.");
    assert_eq!(owned.to_string(), "www.Example.com.");
    let view = owned.as_domain();
    assert!(view.is_absolute());
    assert_eq!(view.label_count(), 3);
    assert_eq!(view, Domain::parse_with("www.Example.com.", H).unwrap());
    assert_eq!(DomainBuf::from(view), owned);
    assert_eq!(DomainBuf::try_from("a.b").unwrap().into_string(), "a.b");
    assert_eq!(
        DomainBuf::try_from(String::from("a..b"))
            .unwrap_err()
            .code(),
        "empty_label"
    );
    assert_eq!(
        "_x.com".parse::<DomainBuf>().unwrap_err().code(),
        "invalid_character"
    );
    assert!(DomainBuf::parse_with("_x.com", &Policy::DNS).is_ok());
}

#[test]
fn try_from_and_parse_bytes() {
    let d = Domain::try_from("a.b").unwrap();
    assert_eq!(d.as_str(), "a.b");
    let d = Domain::try_from(&b"a.b"[..]).unwrap();
    assert_eq!(d.to_string(), "a.b");
    assert_eq!(Domain::parse_bytes(b"a.b", H), Domain::parse_with("a.b", H));
}
