//! Snapshots of the human-facing messages (insta).

use std::fmt::Write as _;

use ldh_domain::{Domain, Policy, SpecialUse, Warning};

/// One line per case: input, policy, code, offset, label, message; then the error as the
/// library renders it against its input (`display_in`).
fn render(cases: &[(&str, &Policy, &str)]) -> String {
    let mut out = String::new();
    for &(input, policy, policy_name) in cases {
        match Domain::parse_with(input, policy) {
            Ok(d) => writeln!(out, "{input:?} [{policy_name}] ok {d}").unwrap(),
            Err(e) => {
                writeln!(
                    out,
                    "{input:?} [{policy_name}] {} at {} (label {:?}): {e}",
                    e.code(),
                    e.offset(),
                    e.label_index()
                )
                .unwrap();
                for line in e.display_in(input).to_string().lines() {
                    writeln!(out, "    {line}").unwrap();
                }
            }
        }
    }
    out
}

#[test]
fn error_messages() {
    let h = &Policy::HOSTNAME;
    let long_label = format!("{}.com", "a".repeat(64));
    let long_name = format!("{0}.{0}.{0}.{1}", "a".repeat(63), "b".repeat(62));
    let many = "a.".repeat(128);
    let cases: Vec<(&str, &Policy, &str)> = vec![
        ("", h, "hostname"),
        (".", h, "hostname"),
        ("a..b", h, "hostname"),
        (&long_label, h, "hostname"),
        (&long_name, h, "hostname"),
        (&many, h, "hostname"),
        ("-a.com", h, "hostname"),
        ("a-.com", h, "hostname"),
        ("a_b.com", h, "hostname"),
        ("a b.com", h, "hostname"),
        ("a\tb.com", h, "hostname"),
        ("1.2.3.4", h, "hostname"),
        ("xn--99999999999.com", h, "hostname"),
        ("xn--abc-.com", &Policy::DNS, "dns"),
        ("www.xn--a.com", h, "hostname"),
        ("localhost", &Policy::FQDN, "fqdn"),
        ("www.bücher.de", h, "hostname"),
        ("www.ab--ü.de", h, "hostname"),
        ("0a.\u{5d0}", h, "hostname"),
        ("a\u{200d}b.com", h, "hostname"),
        ("ex\u{2028}ample.com", h, "hostname"),
        ("\u{301}a.com", h, "hostname"),
        ("例え\u{3002}jp", h, "hostname"),
    ];
    // Messages name the code point they blame only with `char-names` (opt-in).
    let name = match (cfg!(feature = "idna"), cfg!(feature = "char-names")) {
        (true, true) => "error_messages_idna",
        (true, false) => "error_messages_idna_unnamed",
        (false, _) => "error_messages_no_idna",
    };
    insta::assert_snapshot!(name, render(&cases));
}

#[test]
fn warning_messages() {
    let mut out = String::new();
    for w in [
        Warning::ReservedHyphenLabel,
        Warning::SpecialUseDomain,
        Warning::SingleLabel,
    ] {
        writeln!(out, "{}: {}", w.code(), w.message()).unwrap();
    }
    for s in [
        SpecialUse::Localhost,
        SpecialUse::Test,
        SpecialUse::Invalid,
        SpecialUse::Example,
        SpecialUse::Local,
        SpecialUse::Onion,
        SpecialUse::HomeArpa,
        SpecialUse::Alt,
    ] {
        writeln!(out, "{s:?} ({}): {s}", s.rfc()).unwrap();
    }
    insta::assert_snapshot!(out);
}
