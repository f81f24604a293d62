//! `EmailAddress::is_canonical_ascii`: when it is true, `normalize` (every domain form),
//! `to_ascii` and `to_unicode` give the address back unchanged; for addresses with an
//! unquoted local part and a domain name it is true exactly then.

use proptest::prelude::*;
use rfc_email::{DomainForm, DomainPart, EmailAddress, Policy};

use crate::common::PRESETS as ALL;

/// What the method promises, worked out the long way.
fn converts_to_itself(addr: &EmailAddress<'_>) -> bool {
    let input = addr.as_str();
    [
        DomainForm::AsWritten,
        DomainForm::Ascii,
        DomainForm::Unicode,
    ]
    .into_iter()
    .all(|form| addr.normalize(form) == input)
        && addr.to_ascii().is_ok_and(|a| a == input)
        && addr.to_unicode().is_ok_and(|u| u == input)
}

/// Local parts: dot-atoms, quoted strings (needed or not), backslashes outside quotes
/// (RFC 3696 §3 as published), comments and folding white space (RFC 5322 §3.2.2),
/// obsolete forms (§4.4), non-ASCII.
fn local() -> impl Strategy<Value = String> {
    let atom = "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]{1,6}";
    prop_oneof![
        6 => prop::collection::vec(atom, 1..4).prop_map(|w| w.join(".")),
        1 => "\"[a-z .@]{0,5}\"",
        1 => "[a-z]{1,3}\\\\[@ a][a-z]{0,3}",
        1 => "\\(c\\) ?[a-z]{1,4}",
        1 => "[a-z]{1,4} \\(c\\)",
        1 => "\"[a-z]{1,3}\"\\.[a-z]{1,3}",
        1 => "[a-z]{1,3} \\. [a-z]{1,3}",
        1 => "[a-z]{0,2}é[a-z]{0,2}",
    ]
}

/// Domains: names in either case, with A-labels, U-labels, the root dot, comments; and
/// address literals.
fn domain() -> impl Strategy<Value = String> {
    let label = prop_oneof![
        6 => "[a-z0-9]([a-z0-9-]{0,5}[a-z0-9])?",
        2 => "[a-zA-Z0-9]([a-zA-Z0-9-]{0,5}[a-zA-Z0-9])?",
        1 => prop::sample::select(vec!["xn--bcher-kva", "XN--P1AI", "b\u{fc}cher", "ab--cd"])
            .prop_map(String::from),
    ];
    prop_oneof![
        8 => (prop::collection::vec(label, 1..4), any::<bool>()).prop_map(|(l, root)| {
            let mut d = l.join(".");
            if root {
                d.push('.');
            }
            d
        }),
        1 => prop::sample::select(vec![
            "[192.0.2.1]",
            "[IPv6:2001:db8::1]",
            "[IPv6:2001:DB8:0:0:0:0:0:1]",
            "example.com (c)",
            "a . example",
        ])
        .prop_map(String::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// 4,000 addresses under the five presets: `true` never promises too much, and for
    /// the addresses the method is about (unquoted local part, domain name) `false`
    /// means some conversion rewrites the address.
    #[test]
    fn canonical_ascii_exactly_when_every_form_is_the_input(local in local(), domain in domain()) {
        let input = format!("{local}@{domain}");
        for policy in &ALL {
            let Ok(addr) = EmailAddress::parse_with(&input, policy) else { continue };
            let unchanged = converts_to_itself(&addr);
            if addr.is_canonical_ascii() {
                prop_assert!(unchanged, "{} {:?}", input, policy);
            } else if !addr.is_quoted() && matches!(addr.domain(), DomainPart::Name(_)) {
                prop_assert!(!unchanged, "{} {:?}", input, policy);
            }
        }
    }
}

/// The cases the shortcut exists for, and one of each way out of it.
#[test]
fn plain_addresses_and_each_reason_against() {
    let yes = [
        "user@example.com",
        "first.last+tag@mail.example.org",
        "x@a.b",
    ];
    for input in yes {
        let addr = EmailAddress::parse_with(input, &Policy::RFC5322).unwrap();
        assert!(addr.is_canonical_ascii(), "{input}");
    }
    let no = [
        "user@Example.com",           // RFC 4343 §3: lower case is the canonical form
        "user@xn--bcher-kva.example", // RFC 5890 §2.3.2.1: to_unicode decodes it
        "\"user\"@example.com",       // RFC 5322 §3.4.1: a quoted string
        "user@[192.0.2.1]",           // RFC 5321 §4.1.3: an address literal
        "(c)user@example.com",        // RFC 5322 §3.2.2: a comment
        "user @example.com",          // RFC 5322 §3.2.2: white space by the `@`
    ];
    for input in no {
        let addr = EmailAddress::parse_with(input, &Policy::RFC5322).unwrap();
        assert!(!addr.is_canonical_ascii(), "{input}");
    }
}
