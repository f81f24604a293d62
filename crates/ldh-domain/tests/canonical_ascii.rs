//! `Domain::is_canonical_ascii`: true exactly when `to_ascii` and `to_unicode` both give
//! the name back unchanged (RFC 5890 §2.3.2.1 A-labels, RFC 4343 §3 case).

use ldh_domain::{Domain, IdnaMode, Policy};
use proptest::prelude::*;

/// What the method promises, worked out the long way: both conversions succeed and
/// return the input itself.
fn converts_to_itself(d: &Domain<'_>) -> bool {
    let input = d.as_str();
    d.to_ascii().is_ok_and(|a| a == input) && d.to_unicode().is_ok_and(|u| u == input)
}

/// Labels of every kind the grammar tells apart: NR-LDH in either case, R-LDH, valid
/// A-labels in either case, `xn--` labels that do not decode, underscore and other
/// octets (`Policy::DNS`), U-labels, all-digit labels.
fn label() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?",
        2 => "[a-zA-Z0-9]([a-zA-Z0-9-]{0,8}[a-zA-Z0-9])?",
        1 => "[a-z]{2}--[a-z0-9]{1,4}",
        1 => prop::sample::select(vec![
            "xn--bcher-kva", "XN--BCHER-KVA", "xn--Bcher-kva", "xn--mgbh0fb", "xn--p1ai",
            "xn--80ak6aa92e", "xn--zz", "xn--a-ecp", "xn--abc",
        ])
        .prop_map(String::from),
        1 => "_[a-zA-Z]{1,5}",
        1 => "[a-z*!~]{1,4}",
        1 => prop::sample::select(vec!["bücher", "Bücher", "пример", "例え", "ß", "abc"])
            .prop_map(String::from),
        1 => "[0-9]{1,3}",
    ]
}

/// Names of one to five labels, sometimes with the root dot.
fn name() -> impl Strategy<Value = String> {
    (prop::collection::vec(label(), 1..=5), any::<bool>()).prop_map(|(labels, root)| {
        let mut name = labels.join(".");
        if root {
            name.push('.');
        }
        name
    })
}

/// The presets, and the IDNA modes that decide which A-labels and U-labels pass.
fn policies() -> [Policy; 6] {
    [
        Policy::HOSTNAME,
        Policy::FQDN,
        Policy::DNS,
        Policy::HOSTNAME.with_idna_mode(IdnaMode::Lookup),
        Policy::HOSTNAME.with_idna_mode(IdnaMode::Uts46),
        Policy::DNS.with_idna_mode(IdnaMode::Uts46),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// 4,000 names under six policies: for every name that parses (on whichever of the
    /// fast, Unicode or general paths takes it) the recorded answer is the one the
    /// conversions give.
    #[test]
    fn canonical_ascii_exactly_when_both_conversions_return_the_input(input in name()) {
        for policy in policies() {
            if let Ok(d) = Domain::parse_with(&input, &policy) {
                prop_assert_eq!(d.is_canonical_ascii(), converts_to_itself(&d), "{} {:?}", input, policy);
            }
        }
    }
}

/// Long names (past the 64 octets of the short fast path) with the upper-case letter,
/// the A-label or neither at every label position: the long-name loop records both facts.
#[test]
fn long_names_record_case_and_a_labels_in_every_label() {
    let labels = [
        "abcdefghijklmnopqrst",
        "mail-server-number-one",
        "x1",
        "example",
        "host-in-a-zone",
        "second-level-of-it",
        "org",
    ];
    for at in 0..labels.len() {
        for replacement in [None, Some("Example"), Some("xn--bcher-kva")] {
            let mut parts = labels;
            if let Some(r) = replacement {
                parts[at] = r;
            }
            let name = parts.join(".");
            assert!(name.len() > 64, "{name}");
            let d = Domain::parse_with(&name, &Policy::HOSTNAME).unwrap();
            assert_eq!(d.is_canonical_ascii(), replacement.is_none(), "{name}");
            assert_eq!(d.is_canonical_ascii(), converts_to_itself(&d), "{name}");
        }
    }
}

/// RFC 4343 §3: case is not part of a name's identity, so only the lower-case spelling
/// is canonical; the root dot is kept by both conversions (RFC 3696 §2).
#[test]
fn case_and_root_dot() {
    let p = &Policy::HOSTNAME;
    assert!(Domain::parse_with("a.b", p).unwrap().is_canonical_ascii());
    assert!(Domain::parse_with("a.b.", p).unwrap().is_canonical_ascii());
    assert!(!Domain::parse_with("A.b", p).unwrap().is_canonical_ascii());
    assert!(!Domain::parse_with("a.B.", p).unwrap().is_canonical_ascii());
    // Underscore labels take the general path; the same rule holds there.
    let dns = &Policy::DNS;
    assert!(
        Domain::parse_with("_dmarc.example.com", dns)
            .unwrap()
            .is_canonical_ascii()
    );
    assert!(
        !Domain::parse_with("_DMARC.example.com", dns)
            .unwrap()
            .is_canonical_ascii()
    );
}
