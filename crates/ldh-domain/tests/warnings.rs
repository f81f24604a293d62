//! Every warning (RFC 3696 §5, RFC 6761 and its registry, RFC 3696 §2).

use crate::common::ok;
use ldh_domain::{Policy, SpecialUse, Warning, Warnings};

const H: &Policy = &Policy::HOSTNAME;

/// The warnings of `name` under `HOSTNAME`, in bit order.
fn warnings_of(name: &str) -> Vec<Warning> {
    ok(name, H).warnings().iter().collect()
}

#[test]
fn reserved_hyphen_label_rfc3696_5() {
    assert_eq!(
        warnings_of("ab--cd.rfc-editor.org"),
        [Warning::ReservedHyphenLabel]
    );
    assert!(ok("xn--bcher-kva.de", H).warnings().is_empty());
    assert!(ok("a-b--c.de", H).warnings().is_empty());
    // Under DNS a hyphen at an end is allowed, and such a label is no LDH label, so no
    // R-LDH label either (RFC 5890 §2.3.1).
    let d = ok("-9--0.example.net", &Policy::DNS);
    assert_eq!(
        d.labels().next().unwrap().kind(),
        ldh_domain::LabelKind::Other
    );
    assert!(!d.warnings().contains(Warning::ReservedHyphenLabel));
}

#[test]
fn special_use_names_name_their_rfc() {
    let cases = [
        ("localhost", SpecialUse::Localhost, "RFC 6761"),
        ("www.test", SpecialUse::Test, "RFC 6761"),
        ("nothing.invalid.", SpecialUse::Invalid, "RFC 6761"),
        ("example", SpecialUse::Example, "RFC 6761"),
        ("www.example.com", SpecialUse::Example, "RFC 6761"),
        ("EXAMPLE.NET", SpecialUse::Example, "RFC 6761"),
        ("example.org.", SpecialUse::Example, "RFC 6761"),
        ("printer.local", SpecialUse::Local, "RFC 6762"),
        (
            "duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion",
            SpecialUse::Onion,
            "RFC 7686",
        ),
        ("nas.home.arpa", SpecialUse::HomeArpa, "RFC 8375"),
        ("name.alt", SpecialUse::Alt, "RFC 9476"),
    ];
    for (name, special, rfc) in cases {
        let d = ok(name, H);
        assert!(d.warnings().contains(Warning::SpecialUseDomain), "{name}");
        assert_eq!(d.special_use(), Some(special), "{name}");
        assert_eq!(special.rfc(), rfc);
        assert!(special.message().contains(rfc), "{name}");
    }
    for name in [
        "example.co",
        "home.arpa.net",
        "arpa",
        "in-addr.arpa",
        "examples.com",
        "localhost.com",
    ] {
        let d = ok(name, H);
        assert_eq!(d.special_use(), None, "{name}");
        assert!(!d.warnings().contains(Warning::SpecialUseDomain), "{name}");
    }
}

#[test]
fn single_label_rfc3696_2() {
    assert_eq!(warnings_of("intranet"), [Warning::SingleLabel]);
    assert!(ok("intranet.", H).warnings().contains(Warning::SingleLabel));
}

#[test]
fn warning_set_operations() {
    let mut w = Warnings::default();
    assert!(w.is_empty());
    w.insert(Warning::SingleLabel);
    w.insert(Warning::SingleLabel);
    assert_eq!(w.iter().count(), 1);
    let all = w
        .union(Warning::SpecialUseDomain.into())
        .with(Warning::ReservedHyphenLabel);
    assert_eq!(
        all.iter().map(Warning::code).collect::<Vec<_>>(),
        [
            "reserved_hyphen_label",
            "special_use_domain",
            "single_label"
        ]
    );
    for warning in all.iter() {
        assert_eq!(warning.to_string(), warning.message());
        assert!(!warning.message().ends_with('.'));
    }
}
