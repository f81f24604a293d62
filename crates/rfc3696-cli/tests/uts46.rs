//! `--idna uts46` on every kind that carries `ascii`/`unicode` forms: UTS #46 §4.1 maps
//! a name before §4.2 converts its labels, so a label that maps to ASCII is written as
//! that ASCII label, never as an `xn--` label of ASCII, and the forms parse again.

use crate::common::{check_json, run, strings};

/// `check` of SMTPUTF8 addresses with their domains judged by UTS #46.
const EMAIL_UTS46: [&str; 7] = [
    "check",
    "--kind",
    "email",
    "--profile",
    "smtputf8",
    "--idna",
    "uts46",
];

/// The `ascii` and `unicode` fields of `results`, in order, are `expected`.
fn assert_forms(results: &[serde_json::Value], expected: &[(&str, &str)]) {
    assert_eq!(results.len(), expected.len());
    for (r, &(ascii, unicode)) in results.iter().zip(expected) {
        assert_eq!(
            (r["ascii"].as_str(), r["unicode"].as_str()),
            (Some(ascii), Some(unicode)),
            "{r}"
        );
    }
}

/// UTS #46 §4.1: the full-width domain of an address maps to `example.com`.
#[test]
fn uts46_4_1_email_ascii_form_of_a_fullwidth_domain_is_its_mapping() {
    let (code, stdout, _) = run(&[&EMAIL_UTS46[..], &["a@ＥＸＡＭＰＬＥ.com"]].concat(), "");
    assert_eq!(code, 0, "{stdout}");
    // The text form shows `ascii:` only when it differs from `output:`.
    assert!(stdout.contains("output: a@example.com"), "{stdout}");
    assert!(
        !stdout.contains("ascii:") && !stdout.contains("xn--"),
        "{stdout}"
    );
}

/// The `ascii` and `unicode` fields of domains and addresses under `--idna uts46`, for
/// the examples found: full-width letters, an ignored U+200B, a name not in NFC, a
/// ligature; and each `ascii` form checked again under the same options is valid with
/// the same forms.
#[test]
fn uts46_4_2_ascii_and_unicode_fields_are_mapped_and_parse_again() {
    let domains = strings(&[
        "ＥＸＡＭＰＬＥ.com",
        "exa\u{200B}mple.com",
        "s\u{307}.example",
        "a\u{FB01}b.example",
        "Bücher.example",
    ]);
    let expected = [
        ("example.com", "example.com"),
        ("example.com", "example.com"),
        ("xn--tig.example", "\u{1E61}.example"),
        ("afib.example", "afib.example"),
        ("xn--bcher-kva.example", "bücher.example"),
    ];
    let args = ["check", "--kind", "domain", "--idna", "uts46"];
    let (code, results) = check_json(&args, &domains);
    assert_eq!(code, 0);
    assert_forms(&results, &expected);
    let asciis: Vec<String> = expected.iter().map(|(a, _)| (*a).to_owned()).collect();
    let (code, again) = check_json(&args, &asciis);
    assert_eq!(code, 0);
    assert_forms(&again, &expected);

    let addresses = strings(&["b@\u{5e0}.\u{ff36}", "a@ＥＸＡＭＰＬＥ.com"]);
    let (code, results) = check_json(&EMAIL_UTS46, &addresses);
    assert_eq!(code, 0);
    assert_eq!(results[0]["ascii"], "b@xn--leb.v");
    assert_eq!(results[1]["ascii"], "a@example.com");
    assert_eq!(results[1]["unicode"], "a@example.com");
}
