//! Property tests: never panics, fast path == naive reference, round trips, and a
//! differential against `idna` on ASCII input.
#![cfg(feature = "alloc")]
#![expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "the helpers take `&Policy` like `Domain::parse_with` does, so cases read the same"
)]

use ldh_domain::{Domain, DomainErrorKind, LabelSyntax, Policy, Qualification};
use proptest::prelude::*;
use test_support::naive_domain::{Syntax, check_ascii_domain};

/// The naive reference of `rfc3696-test-support` (shared with the fuzz target
/// `domain_ascii_vs_naive`), for the label syntax and qualification of `policy`:
/// accept or reject only (not which error). It judges A-labels (RFC 5890 §2.3.1), so
/// names with `xn--` labels are compared too.
fn naive_valid(input: &str, policy: &Policy) -> bool {
    let syntax = match policy.label_syntax() {
        LabelSyntax::AnyOctet => Syntax::AnyOctet,
        _ => Syntax::Ldh,
    };
    let fqdn = policy.qualification() == Qualification::AtLeastTwoLabels;
    check_ascii_domain(input, syntax, fqdn).is_ok()
}

/// Whether a label of `input` has the ACE prefix `xn--` (RFC 5890 §2.3.1).
#[cfg(not(feature = "idna"))]
fn has_ace_label(input: &str) -> bool {
    input
        .split('.')
        .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
}

/// Names with A-labels (RFC 5890 §2.3.2.1): real ones, fake ones, upper-case ones, and
/// `xn--` followed by random LDH octets, which is seldom a valid A-label.
fn a_label_name() -> impl Strategy<Value = String> {
    prop_oneof![
        "([a-z0-9]{1,6}\\.)?(xn--bcher-kva|xn--Bcher-KVA|xn--mnchen-3ya|xn--ls8h|xn--d1acufc|xn--abc|xn--bcher-kv|xn--a-ecp)\\.(com|xn--p1ai|xn--zckzah)\\.?",
        "([a-z0-9-]{1,6}\\.)?xn--[a-z0-9-]{1,12}(\\.[a-z]{2,5})?",
    ]
}

fn ascii_name() -> impl Strategy<Value = String> {
    // Small alphabets make the interesting cases (hyphens, dots, digits) frequent.
    prop_oneof![
        "[a-c0-2._-]{0,20}",
        "([a-z0-9-]{1,8}\\.){0,4}[a-z0-9-]{0,8}\\.?",
        "[ -~]{0,12}",
        "([a-z]{60,65}\\.){3,5}[a-z]{1,3}",
        "(a\\.){120,130}a?",
        // Special-use names and boundaries of the 8-octet words of the fast path.
        "([a-z]{0,9}\\.)?(example|EXAMPLE|home|www)\\.(com|net|org|arpa|test|local|alt|onion|invalid|localhost)\\.?",
        "[a-z-]{1,9}\\.[a-z-]{1,9}(\\.[a-z0-9-]{1,17}){0,3}",
        // Around 64 octets, where the fast path stops collecting dots in one `u64`.
        "[a-z0-9-]{1,30}\\.[a-z0-9-]{20,40}(\\.[a-z]{1,9})?\\.?",
        "([a-z0-9]{1,12}\\.){4,6}[a-z]{1,8}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn never_panics_on_bytes(input in proptest::collection::vec(any::<u8>(), 0..300)) {
        for p in [Policy::HOSTNAME, Policy::FQDN, Policy::DNS] {
            if let Err(e) = Domain::parse_bytes(&input, &p) {
                prop_assert!(e.offset() <= input.len().max(253));
                prop_assert!(!e.code().is_empty());
            }
        }
    }

    #[test]
    fn never_panics_on_unicode(input in "\\PC{0,40}") {
        for p in [Policy::HOSTNAME, Policy::DNS] {
            let _ = Domain::parse_with(&input, &p);
        }
        let _ = ldh_domain::to_ascii(&input);
        let _ = ldh_domain::to_unicode(&input);
    }

    /// Every error offset is a character boundary of the input, also for names past
    /// the input-safety limit (fuzzing found `name_too_long` inside a character).
    #[test]
    fn error_offsets_are_char_boundaries(
        input in prop_oneof![
            "(\\PC{1,8}\\.){0,6}\\PC{0,8}",
            "[a-zé€𝄞.-]{240,1100}",
        ]
    ) {
        for p in [Policy::HOSTNAME, Policy::FQDN, Policy::DNS] {
            if let Err(e) = Domain::parse_with(&input, &p) {
                prop_assert!(input.is_char_boundary(e.offset()), "{:?} {:?}", e, p);
            }
        }
    }

    #[test]
    fn table_driven_equals_naive(input in prop_oneof![ascii_name(), a_label_name()]) {
        // Without `idna` the U-label inside an A-label is judged only in part (hyphens
        // and C1 controls, RFC 5891 §4.2.3.1), so only names without one compare.
        #[cfg(not(feature = "idna"))]
        prop_assume!(!has_ace_label(&input));
        for p in [Policy::HOSTNAME, Policy::FQDN, Policy::DNS] {
            // The reference judges decoded A-labels by UTS #46 (through `idna`).
            #[cfg(feature = "idna")]
            let p = p.with_idna_mode(ldh_domain::IdnaMode::Uts46);
            let fast = Domain::parse_with(&input, &p);
            prop_assert_eq!(fast.is_ok(), naive_valid(&input, &p), "{:?} {:?} {:?}", input, p, fast);
        }
    }

    #[test]
    fn accepted_names_report_consistent_facts(input in ascii_name()) {
        // The SWAR fast path and the general path must agree on what they report: the
        // label count, the special-use and single-label warnings.
        for p in [Policy::HOSTNAME, Policy::DNS] {
            if let Ok(d) = Domain::parse_with(&input, &p) {
                let body = input.strip_suffix('.').unwrap_or(&input);
                prop_assert_eq!(d.label_count(), body.split('.').count());
                prop_assert_eq!(d.labels().count(), d.label_count());
                prop_assert_eq!(d.is_absolute(), input.ends_with('.'));
                prop_assert_eq!(
                    d.warnings().contains(ldh_domain::Warning::SpecialUseDomain),
                    d.special_use().is_some()
                );
                prop_assert_eq!(
                    d.warnings().contains(ldh_domain::Warning::SingleLabel),
                    d.label_count() == 1
                );
                prop_assert_eq!(d.tld().as_str(), body.rsplit('.').next().unwrap());
                prop_assert_eq!(
                    d.warnings().contains(ldh_domain::Warning::ReservedHyphenLabel),
                    d.labels().any(|l| l.kind() == ldh_domain::LabelKind::ReservedLdh)
                );
            }
        }
    }

    #[test]
    fn error_offsets_are_inside_the_input(input in ascii_name()) {
        if let Err(e) = Domain::parse_with(&input, &Policy::HOSTNAME) {
            if e.kind() != DomainErrorKind::NameTooLong {
                prop_assert!(e.offset() <= input.len());
            }
            prop_assert!(e.label_index().is_none_or(|i| i <= 127));
        }
    }
}

#[cfg(feature = "idna")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn to_unicode_of_to_ascii_round_trips(input in "([a-zà-ÿα-ω]{1,10}\\.){0,3}[a-zà-ÿ]{1,10}\\.?") {
        if let Ok(ascii) = ldh_domain::to_ascii(&input) {
            let unicode = ldh_domain::to_unicode(&ascii).unwrap();
            prop_assert_eq!(ldh_domain::to_ascii(&unicode).unwrap(), ascii.clone());
            // The input was already lower case and NFC: it comes back unchanged.
            prop_assert_eq!(unicode, input.clone());
            // And the parsed form agrees.
            let d = Domain::parse_with(&input, &Policy::HOSTNAME).unwrap();
            prop_assert_eq!(d.to_ascii().unwrap(), ascii);
        }
    }

    #[test]
    fn differential_with_idna_on_ascii(input in ascii_name()) {
        // idna's strict entry point rejects the root dot; compare without it.
        let relative = input.strip_suffix('.').unwrap_or(&input);
        prop_assume!(!relative.ends_with('.'));
        let theirs = idna::domain_to_ascii_strict(relative);
        let ours = ldh_domain::to_ascii(relative);
        prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?}: ours {:?}, idna {:?}", relative, ours, theirs);
        if let (Ok(a), Ok(b)) = (ours, theirs) {
            prop_assert_eq!(a, b);
        }
    }
}
