//! Properties: never panics; the profile lattice; normalization round trips.

use proptest::prelude::*;
use rfc_email::{EmailAddress, Policy};

use crate::common::PRESETS as ALL;

/// Strings made mostly of the characters that matter to the grammars.
fn emailish() -> impl Strategy<Value = String> {
    let local = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~\"\\\\ ()\t@é,-]{0,20}";
    let domain = "[a-zA-Z0-9.\\[\\]:()ü -]{0,24}";
    (local, prop_oneof![Just("@"), Just(""), Just("@@")], domain)
        .prop_map(|(l, at, d)| format!("{l}{at}{d}"))
}

/// Addresses that are valid under `RFC5322` more often than not.
fn plausible() -> impl Strategy<Value = String> {
    let atom = "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]{1,6}";
    let quoted = "\"([a-zA-Z0-9 .@(),é]|\\\\[\"\\\\ a]){0,6}\"";
    let word = prop_oneof![3 => atom, 1 => quoted];
    let local = prop::collection::vec(word, 1..4).prop_map(|w| w.join("."));
    let cfws = prop_oneof![4 => Just(String::new()), 1 => Just(" (c) ".to_owned())];
    let label = "[a-zA-Z0-9]([a-zA-Z0-9-]{0,5}[a-zA-Z0-9])?";
    let domain = prop_oneof![
        6 => prop::collection::vec(label, 1..4).prop_map(|l| l.join(".")),
        1 => Just("[192.0.2.1]".to_owned()),
        1 => Just("[IPv6:2001:DB8:0:0:0:0:0:1]".to_owned()),
        1 => Just("b\u{fc}cher.example".to_owned()),
    ];
    (cfws.clone(), local, cfws, domain).prop_map(|(c1, l, c2, d)| format!("{c1}{l}{c2}@{d}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn never_panics_on_any_string(input in any::<String>()) {
        for policy in &ALL {
            match EmailAddress::parse_with(&input, policy) {
                Ok(addr) => prop_assert_eq!(addr.as_str(), input.as_str()),
                Err(err) => {
                    let _ = err.suggestion(&input).map(|s| s.to_string());
                }
            }
        }
    }

    #[test]
    fn never_panics_on_any_bytes(input in prop::collection::vec(any::<u8>(), 0..80)) {
        for policy in &ALL {
            let _ = EmailAddress::parse_bytes(&input, policy);
        }
    }

    #[test]
    fn never_panics_on_emailish_input(input in emailish()) {
        for policy in &ALL {
            match EmailAddress::parse_with(&input, policy) {
                Ok(addr) => {
                    let _ = addr.warnings();
                    #[cfg(feature = "alloc")]
                    let _ = (addr.normalize(rfc_email::DomainForm::Ascii), addr.to_unicode());
                }
                Err(err) => {
                    let _ = err.suggestion(&input).map(|s| s.to_string());
                    prop_assert!(err.offset() <= input.len());
                    prop_assert!(input.is_char_boundary(err.offset()));
                    prop_assert!(!err.code().is_empty());
                }
            }
        }
    }

    /// Whatever `RFC5321` accepts, `SMTPUTF8`, `RFC5322` and `RFC3696_PUBLISHED` accept.
    #[test]
    fn profile_lattice(input in prop_oneof![emailish(), plausible()]) {
        if EmailAddress::parse_with(&input, &Policy::RFC5321).is_ok() {
            for policy in [Policy::SMTPUTF8, Policy::RFC5322, Policy::RFC3696_PUBLISHED] {
                let result = EmailAddress::parse_with(&input, &policy);
                prop_assert!(result.is_ok(), "{:?} under {:?}: {:?}", input, policy, result);
            }
        }
        if EmailAddress::parse_with(&input, &Policy::SMTPUTF8).is_ok() {
            prop_assert!(EmailAddress::parse_with(&input, &Policy::RFC5322).is_ok(), "{:?}", input);
        }
    }
}

/// The two domain parts name the same destination.
#[cfg(feature = "alloc")]
fn same_domain(a: rfc_email::DomainPart<'_>, b: rfc_email::DomainPart<'_>) -> bool {
    use rfc_email::{AddressLiteral as L, DomainPart as D};
    match (a, b) {
        (D::Name(a), D::Name(b)) => {
            a.to_ascii().map(|s| s.to_lowercase()).ok()
                == b.to_ascii().map(|s| s.to_lowercase()).ok()
        }
        (D::Literal(L::Ipv4 { addr: a, .. }), D::Literal(L::Ipv4 { addr: b, .. })) => a == b,
        (D::Literal(L::Ipv6 { addr: a, .. }), D::Literal(L::Ipv6 { addr: b, .. })) => a == b,
        (D::Literal(a), D::Literal(b)) => a.as_str() == b.as_str(),
        (D::Other(a), b) => {
            // An `obs-domain` loses its comments when normalized.
            a.to_lowercase() == b.as_str().to_lowercase() || a.contains(['(', ' ', '\t'])
        }
        _ => false,
    }
}

#[cfg(feature = "alloc")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Normalizing a valid address gives a valid address (same policy) with the same
    /// mailbox: same unquoted local part, same domain; and normalizing is idempotent.
    #[test]
    fn normalization_round_trip(input in prop_oneof![plausible(), emailish()]) {
        use rfc_email::DomainForm;
        for policy in &ALL {
            let Ok(addr) = EmailAddress::parse_with(&input, policy) else { continue };
            let normal = addr.normalize(DomainForm::AsWritten);
            let again = EmailAddress::parse_with(&normal, policy);
            prop_assert!(again.is_ok(), "{:?} -> {:?} under {:?}: {:?}", input, normal, policy, again);
            let again = again.unwrap();
            prop_assert_eq!(again.unquoted_local_part(), addr.unquoted_local_part());
            prop_assert_eq!(again.normalize(DomainForm::AsWritten), normal.clone());
            prop_assert!(same_domain(addr.domain(), again.domain()), "{:?} -> {:?}", input, normal);
            #[cfg(feature = "idna")]
            {
                let ascii = addr.normalize(DomainForm::Ascii);
                prop_assert!(EmailAddress::parse_with(&ascii, policy).is_ok(), "{:?}", ascii);
            }
        }
    }
}

/// The WHATWG regular expression, transcribed naively:
///
/// ```text
/// ^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$
/// ```
fn whatwg_naive(input: &str) -> bool {
    let Some((local, domain)) = input.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c));
    let label_ok = |label: &str| {
        let bytes = label.as_bytes();
        !bytes.is_empty()
            && bytes.len() <= 63
            && bytes.first().is_some_and(u8::is_ascii_alphanumeric)
            && bytes.last().is_some_and(u8::is_ascii_alphanumeric)
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
    };
    local_ok && domain.split('.').all(label_ok)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// `HTML5` accepts exactly what the WHATWG regular expression accepts.
    #[test]
    fn html5_equals_the_whatwg_regex(
        input in prop_oneof![
            emailish(),
            "[a-z.+-]{0,5}@[a-z0-9.-]{0,12}",
            "a@[a-z]{60,66}(\\.[a-z]{1,3})?",
        ]
    ) {
        let ours = EmailAddress::parse_with(&input, &Policy::HTML5).is_ok();
        prop_assert_eq!(ours, whatwg_naive(&input), "{:?}", input);
    }
}
