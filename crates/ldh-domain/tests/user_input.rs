//! `DomainBuf::from_user_input`: the UTS #46 §4.1 mapping (RFC 5895's advice for user
//! input), then validation under a policy, in one call.

use ldh_domain::{Domain, DomainBuf, Policy};
use proptest::prelude::*;

const FQDN: &Policy = &Policy::FQDN;

fn mapped(input: &str, policy: &Policy) -> String {
    DomainBuf::from_user_input(input, policy)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
        .into_string()
}

fn error(input: &str, policy: &Policy) -> (&'static str, usize) {
    let e = DomainBuf::from_user_input(input, policy).unwrap_err();
    (e.code(), e.offset())
}

/// UTS #46 §4.1 step 1 folds ASCII case, which needs no IDNA data; the policy still
/// decides (RFC 3696 §2: `FQDN` needs a dot).
#[test]
fn uts46_4_1_ascii_case_is_folded_and_the_policy_decides() {
    assert_eq!(mapped("WWW.Example.COM.", FQDN), "www.example.com.");
    assert_eq!(mapped("example.com", FQDN), "example.com");
    // A whole-name error is at 0, as `Domain::parse` reports it.
    assert_eq!(error("LOCALHOST", FQDN), ("not_fully_qualified", 0));
    assert_eq!(mapped("LOCALHOST", &Policy::HOSTNAME), "localhost");
    assert_eq!(error("-Example.com", FQDN), ("leading_hyphen", 0));
}

/// RFC 5892 §2.2 keeps upper-case letters out of U-labels, so `Bücher.example` is an
/// error as written; mapped first (UTS #46 §4.1, RFC 5895 §2), it is `bücher.example`.
#[cfg(feature = "idna")]
#[test]
fn rfc5895_bucher_with_a_capital_is_valid_once_mapped() {
    let as_written = Domain::parse_with("Bücher.example", FQDN).unwrap_err();
    assert_eq!(
        (as_written.code(), as_written.offset()),
        ("idna_disallowed", 0)
    );
    let name = DomainBuf::from_user_input("Bücher.example", FQDN).unwrap();
    assert_eq!(name.as_str(), "bücher.example");
    assert_eq!(name.to_ascii().unwrap(), "xn--bcher-kva.example");
    assert_eq!(mapped("BÜCHER.EXAMPLE", FQDN), "bücher.example");
    // An A-label stays an A-label: the mapping changes case only.
    assert_eq!(
        mapped("XN--BCHER-KVA.example", FQDN),
        "xn--bcher-kva.example"
    );
}

/// UTS #46 §4.1: full-width letters and the three other full stops (U+3002, U+FF0E,
/// U+FF61) map to ASCII.
#[cfg(feature = "idna")]
#[test]
fn uts46_4_1_full_width_forms_and_full_stops_are_mapped() {
    assert_eq!(mapped("ＥＸＡＭＰＬＥ\u{3002}com", FQDN), "example.com");
    assert_eq!(mapped("example\u{ff0e}com\u{ff61}", FQDN), "example.com.");
    assert_eq!(mapped("例え\u{3002}テスト", FQDN), "例え.テスト");
}

/// Errors point into the input: the label the mapped name has it in, at the same offset
/// when mapping left the label as it was, else at the label's start.
#[cfg(feature = "idna")]
#[test]
fn errors_after_mapping_point_into_the_input() {
    // "Bücher." is 8 bytes; the space is at 3 in the unchanged label "exa mple".
    assert_eq!(error("Bücher.exa mple", FQDN), ("invalid_character", 11));
    // Full-width letters (3 bytes each), an ideographic full stop (3), then "ex_ample".
    assert_eq!(
        error("ＢÜＣＨＥＲ\u{3002}ex_ample", FQDN),
        ("invalid_character", 22)
    );
    // A label mapping changed: its start.
    assert_eq!(error("a.Ｂ_c.example", FQDN), ("invalid_character", 2));
    let e = DomainBuf::from_user_input("a.Ｂ_c.example", FQDN).unwrap_err();
    assert_eq!(e.label_index(), Some(1));
    // A whole-name error after mapping: where `Domain::parse` puts it, at 0.
    assert_eq!(
        error("ＬＯＣＡＬＨＯＳＴ", FQDN),
        ("not_fully_qualified", 0)
    );
}

/// RFC 5892 §2.1/§2.3 disallow U+200B and U+00AD, which UTS #46 maps to nothing: the
/// name is never mapped, so what is stored is what was shown; the error is the one of
/// the text as written.
#[cfg(feature = "idna")]
#[test]
fn rfc5892_invisible_characters_are_never_mapped_away() {
    for input in ["exa\u{200b}mple.com", "Exa\u{ad}mple.com"] {
        let (code, at) = error(input, FQDN);
        let as_written = Domain::parse_with(input, FQDN).unwrap_err();
        assert_eq!(
            (code, at),
            (as_written.code(), as_written.offset()),
            "{input:?}"
        );
    }
    assert_eq!(error("exa\u{200b}mple.com", FQDN).1, 3);
}

/// A code point UTS #46 disallows (maps to U+FFFD, here U+E000 of the private use
/// area), or that IDNA 2008 disallows after mapping (RFC 5892 §2.1: U+1F4A9, a symbol),
/// is the error, at that code point (not at the capital letter mapping fixes).
#[cfg(feature = "idna")]
#[test]
fn uts46_disallowed_code_points_are_the_error() {
    assert_eq!(error("A\u{e000}b.example", FQDN), ("idna_disallowed", 1));
    assert_eq!(error("A\u{1f4a9}b.example", FQDN), ("idna_disallowed", 1));
    assert_eq!(error("x.A\u{1f4a9}b.example", FQDN), ("idna_disallowed", 3));
    let e = DomainBuf::from_user_input("x.A\u{1f4a9}b.example", FQDN).unwrap_err();
    assert_eq!(e.label_index(), Some(1));
}

/// RFC 2181 §11: `Policy::DNS` names that the mapping cannot take (the underscore is
/// not in STD3 host names) are kept as written, lower-cased.
#[test]
fn rfc2181_11_dns_names_are_accepted_as_parse_accepts_them() {
    assert_eq!(
        mapped("_DMARC.Example.com", &Policy::DNS),
        "_dmarc.example.com"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// What parsing accepts, this accepts; what this returns parses as written under
    /// the same policy; and mapping the result again changes nothing (UTS #46 §4.1
    /// mapping is idempotent).
    #[test]
    fn accepts_what_parse_accepts_and_is_a_fixed_point(
        input in r"((Ab|xn--bcher-kva|XN--BCHER-KVA|ü|Ü|Ｂ|例え|한|e\x{301}|-|_|7|\x{200b}|\x{3002}|\x{ff0e}){1,4}\.){0,3}(com|ü|例|XN--4GBRIM|1|Ｃom)\.?",
        policy in prop::sample::select(vec![Policy::HOSTNAME, Policy::FQDN, Policy::DNS]),
    ) {
        let parsed = Domain::parse_with(&input, &policy);
        let result = DomainBuf::from_user_input(&input, &policy);
        if parsed.is_ok() {
            prop_assert!(result.is_ok(), "{input:?} parses but was refused: {result:?}");
        }
        match result {
            Ok(name) => {
                prop_assert!(Domain::parse_with(name.as_str(), &policy).is_ok(), "{name}");
                let again = DomainBuf::from_user_input(name.as_str(), &policy);
                prop_assert_eq!(again.map(DomainBuf::into_string), Ok(name.into_string()));
            }
            Err(e) => {
                prop_assert!(e.offset() <= input.len() && input.is_char_boundary(e.offset()), "{input:?}: {e:?}");
            }
        }
    }
}
