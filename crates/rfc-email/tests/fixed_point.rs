//! The stored forms are fixed points. `EmailAddress::to_ascii` writes the domain as
//! UTS #46 §4.2 `ToASCII` does (mapped first, so a label that maps to ASCII is that
//! label) and the result parses again under the same policy to the same form;
//! `ValidatedAddress::normalized()` validated again stores the same text (RFC 6532
//! §3.1 NFC of the local part's value, the domain mapped once).

use icu_normalizer::DecomposingNormalizerBorrowed;
use ldh_domain::IdnaMode;
use proptest::prelude::*;
use rfc_email::{DomainPart, EmailAddress, EmailAddressBuf, Policy, ValidatedAddress};

const MODES: [IdnaMode; 3] = [IdnaMode::Registration, IdnaMode::Lookup, IdnaMode::Uts46];

use crate::common::NAMED_PRESETS as POLICIES;

fn smtputf8_uts46() -> Policy {
    Policy::SMTPUTF8.with_idna_mode(IdnaMode::Uts46)
}

/// UTS #46 §4.2: the full-width label and the Hebrew one of the outsider's example;
/// U+FF36 maps to `v`, an ASCII label.
#[test]
fn uts46_4_2_email_to_ascii_writes_mapped_ascii_labels_as_ascii() {
    let policy = smtputf8_uts46();
    let a = EmailAddress::parse_with("b@\u{5e0}.\u{ff36}", &policy).unwrap();
    assert_eq!(a.to_ascii().unwrap(), "b@xn--leb.v");
    let a = EmailAddress::parse_with("a@ＥＸＡＭＰＬＥ.com", &policy).unwrap();
    assert_eq!(a.to_ascii().unwrap(), "a@example.com");
    assert_eq!(a.to_unicode().unwrap(), "a@example.com");
    let owned = EmailAddressBuf::parse_with("a@s\u{307}.example", &policy).unwrap();
    assert_eq!(owned.to_ascii().unwrap(), "a@xn--tig.example");
}

/// RFC 6532 §3.1 on the value: `"e\` U+0341 `"` is `e` U+0341, whose NFC is `é`
/// (U+0341 decomposes to U+0301, which composes with the `e`). RFC 5322 §3.2.1 allows
/// the quoted pair; RFC 5321 §4.1.2 (and RFC 6531) only ASCII in one, so under
/// `SMTPUTF8` the mark is quoted as itself.
#[test]
fn rfc6532_3_1_nfc_applies_to_the_value_after_quoted_pairs_are_removed() {
    for (input, policy) in [
        ("\"e\\\u{341}\"@i.example", Policy::RFC5322),
        ("\"e\u{341}\"@i.example", Policy::SMTPUTF8),
        ("\"e\u{301}\"@i.example", Policy::SMTPUTF8),
        ("e\u{301}@i.example", Policy::SMTPUTF8),
    ] {
        let v = ValidatedAddress::new(input, &policy).unwrap();
        assert_eq!(v.normalized(), "\u{e9}@i.example", "{input:?}");
        assert!(v.warnings().contains(rfc_email::Warning::LocalPartNotNfc));
        let again = ValidatedAddress::new(v.normalized(), &policy).unwrap();
        assert_eq!(again.normalized(), v.normalized());
    }
    let v = ValidatedAddress::new("\"e\\\u{341}\"@i", &Policy::RFC5322).unwrap();
    assert_eq!(v.normalized(), "\u{e9}@i");
}

/// NFC can turn a character into an ASCII special (U+037E GREEK QUESTION MARK is `;`,
/// RFC 5322 §3.2.3 `specials`): the value is quoted as it then needs.
#[test]
fn rfc5321_4_1_2_nfc_value_is_quoted_when_it_needs_quotes() {
    let v = ValidatedAddress::new("a\u{37e}b@example.com", &Policy::SMTPUTF8).unwrap();
    assert_eq!(v.normalized(), "\"a;b\"@example.com");
    assert_eq!(v.ascii(), Some("\"a;b\"@example.com"));
    let again = ValidatedAddress::new(v.normalized(), &Policy::SMTPUTF8).unwrap();
    assert_eq!(again.normalized(), v.normalized());
}

/// UTS #46 mode: the domain is mapped once, and the stored form is stable.
#[test]
fn uts46_4_1_validated_address_maps_the_domain_once() {
    let policy = smtputf8_uts46();
    for input in [
        "a@ＥＸＡＭＰＬＥ.com",
        "a@s\u{307}.example",
        "a@X\u{34f}N\u{200b}-\u{ad}-\u{180c}B\u{fe00}S\u{2064}S\u{e01ef}FFL.example",
    ] {
        let v = ValidatedAddress::new(input, &policy).unwrap();
        let again = ValidatedAddress::new(v.normalized(), &policy).unwrap();
        assert_eq!(again.normalized(), v.normalized(), "{input}");
        assert_eq!(again.ascii(), v.ascii(), "{input}");
    }
    let v = ValidatedAddress::new("a@ＥＸＡＭＰＬＥ.com", &policy).unwrap();
    assert_eq!(
        (v.normalized(), v.ascii()),
        ("a@example.com", Some("a@example.com"))
    );
}

/// Counts of what the property saw.
#[derive(Default)]
struct Tally {
    inputs: usize,
    parsed: usize,
    ascii_checked: usize,
    validated: usize,
    normalized_changed: usize,
}

/// For every policy and mode: when `input` parses, its `to_ascii` (when it has one)
/// parses again to the same `to_ascii`, and its domain is the free `to_ascii_with` of
/// the domain as written (when that converts); when `ValidatedAddress::new` accepts it,
/// validating the normalized form again gives the same normalized and ASCII forms, and
/// its `to_address` is what parsing the normalized form gives.
fn check(input: &str, tally: &mut Tally) -> Result<(), String> {
    tally.inputs += 1;
    for mode in MODES {
        for (name, policy) in POLICIES {
            let policy = policy.with_idna_mode(mode);
            let ctx = || format!("{input:?} under {name} {mode:?}");
            if let Ok(address) = EmailAddress::parse_with(input, &policy) {
                tally.parsed += 1;
                check_to_ascii(&address, &policy).map_err(|e| format!("{}: {e}", ctx()))?;
                tally.ascii_checked += usize::from(address.to_ascii().is_ok());
            }
            let Ok(v) = ValidatedAddress::new(input, &policy) else {
                continue;
            };
            tally.validated += 1;
            tally.normalized_changed += usize::from(v.normalized() != input);
            check_to_address(&v, &policy).map_err(|e| format!("{}: {e}", ctx()))?;
            let again = ValidatedAddress::new(v.normalized(), &policy).map_err(|e| {
                format!("{}: normalized {:?} is refused: {e}", ctx(), v.normalized())
            })?;
            if (again.normalized(), again.ascii()) != (v.normalized(), v.ascii()) {
                return Err(format!(
                    "{}: stored {:?} / {:?}, then {:?} / {:?}",
                    ctx(),
                    v.normalized(),
                    v.ascii(),
                    again.normalized(),
                    again.ascii()
                ));
            }
        }
    }
    Ok(())
}

/// `to_address` is the normalized form with every fact a fresh parse of it finds
/// (spans, quoting, the domain part and its labels, warnings, policy), though it is
/// kept from `ValidatedAddress::new` and not parsed again.
fn check_to_address(v: &ValidatedAddress, policy: &Policy) -> Result<(), String> {
    let kept = v.to_address();
    let parsed = EmailAddressBuf::parse_with(v.normalized(), policy)
        .map_err(|e| format!("normalized {:?} is refused: {e}", v.normalized()))?;
    let (kept, parsed) = (
        format!("{:?}", kept.as_address()),
        format!("{:?}", parsed.as_address()),
    );
    if kept == parsed {
        Ok(())
    } else {
        Err(format!("to_address {kept}, parsed {parsed}"))
    }
}

fn check_to_ascii(address: &EmailAddress<'_>, policy: &Policy) -> Result<(), String> {
    let Ok(ascii) = address.to_ascii() else {
        return Ok(());
    };
    let again = EmailAddress::parse_with(&ascii, policy)
        .map_err(|e| format!("to_ascii {ascii:?} does not parse: {e}"))?;
    let ascii_again = again.to_ascii().map_err(|e| e.to_string())?;
    if ascii_again != ascii {
        return Err(format!("to_ascii {ascii:?} converts to {ascii_again:?}"));
    }
    if let DomainPart::Name(domain) = address.domain()
        && let Ok(free) = ldh_domain::to_ascii_with(domain.as_str(), policy.idna_mode())
    {
        let expected = format!("{}@{free}", address.local_part());
        if ascii != expected {
            return Err(format!("to_ascii {ascii:?}, free conversion {expected:?}"));
        }
    }
    Ok(())
}

#[track_caller]
fn assert_none_failed(what: &str, failures: &[String], tally: &Tally) {
    eprintln!(
        "{what}: {} inputs; {} parsed, {} to_ascii forms checked, {} validated ({} stored differently from the input) over policy × mode",
        tally.inputs, tally.parsed, tally.ascii_checked, tally.validated, tally.normalized_changed
    );
    assert!(
        failures.is_empty(),
        "{} failures, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

/// The address corpus, each line and its NFD form (input not in NFC, UAX #15).
#[test]
fn rfc6532_3_1_corpus_addresses_store_a_fixed_point() {
    let corpus = include_str!("../testdata/corpus/emails.txt");
    let nfd = DecomposingNormalizerBorrowed::new_nfd();
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for line in corpus.lines() {
        let decomposed = nfd.normalize(line);
        let inputs: &[&str] = if decomposed == line {
            &[line]
        } else {
            &[line, &decomposed]
        };
        for input in inputs {
            if let Err(e) = check(input, &mut tally) {
                failures.push(e);
            }
        }
    }
    assert_none_failed("emails.txt and NFD forms", &failures, &tally);
    assert!(tally.inputs >= 20_000 && tally.validated > 100_000);
}

/// Local-part pieces: atoms, quoting, quoted pairs of combining marks, marks in and out
/// of canonical order, NFC singletons (U+0341, U+212A, U+037E), comments and folding.
fn local_piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a",
        "e",
        "J",
        "s",
        ".",
        "\"",
        "\\",
        "\\\u{341}",
        "\\\u{301}",
        "\u{301}",
        "\u{341}",
        "\u{323}",
        "\u{307}",
        "\u{212A}",
        "\u{37e}",
        "\u{e9}",
        "ü",
        "u\u{308}",
        " ",
        "(c)",
        "\r\n ",
        "é",
        "\u{FB01}",
        "-",
        "+",
        "@",
        ";",
    ])
}

/// Domain pieces whose UTS #46 mapping changes a label.
fn domain_piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a",
        "b",
        "x",
        "n",
        "-",
        "1",
        "E",
        "ü",
        "u\u{308}",
        "\u{307}",
        "s",
        "ß",
        "Ｅ",
        "ｘ",
        "\u{FB01}",
        "\u{1D400}",
        "\u{212A}",
        "\u{00AD}",
        "\u{200B}",
        "\u{FE0F}",
        "\u{05E0}",
        "\u{3002}",
        ".",
        "xn--",
        "例",
        "\u{FF36}",
        "[",
        "]",
        "_",
    ])
}

/// The number of generated addresses [`random_addresses_store_a_fixed_point`] tries.
const RANDOM_CASES: u32 = 10_000;

/// RFC 6532 §3.1 and UTS #46 §4.1 on random addresses built from pieces.
#[test]
fn random_addresses_store_a_fixed_point() {
    let address = (
        prop::collection::vec(local_piece(), 1..8),
        prop::collection::vec(domain_piece(), 1..8),
        prop::sample::select(vec![".com", ".example", ".ＣＯＭ", ""]),
    )
        .prop_map(|(local, domain, tld)| format!("{}@{}{tld}", local.concat(), domain.concat()));
    let tally = std::cell::RefCell::new(Tally::default());
    let mut runner =
        proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(RANDOM_CASES));
    let result = runner.run(&address, |input| {
        check(&input, &mut tally.borrow_mut()).map_err(TestCaseError::fail)
    });
    let tally = tally.into_inner();
    assert_none_failed(
        "random addresses",
        &result
            .err()
            .map(|e| e.to_string())
            .into_iter()
            .collect::<Vec<_>>(),
        &tally,
    );
    assert!(tally.validated > 5_000, "{}", tally.validated);
}
