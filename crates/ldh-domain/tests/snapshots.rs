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
    // Runs of inputs under one policy, in the order of the snapshot.
    #[rustfmt::skip]
    let runs: [(&Policy, &str, Vec<&str>); 5] = [
        (h, "hostname", vec![
            "", ".", "a..b", &long_label, &long_name, &many, "-a.com", "a-.com", "a_b.com",
            "a b.com", "a\tb.com", "1.2.3.4", "xn--99999999999.com",
        ]),
        (&Policy::DNS, "dns", vec!["xn--abc-.com"]),
        (h, "hostname", vec!["www.xn--a.com"]),
        (&Policy::FQDN, "fqdn", vec!["localhost"]),
        (h, "hostname", vec![
            "www.bücher.de", "www.ab--ü.de", "0a.\u{5d0}", "a\u{200d}b.com", "ex\u{2028}ample.com",
            "\u{301}a.com", "例え\u{3002}jp",
        ]),
    ];
    let cases: Vec<(&str, &Policy, &str)> = runs
        .iter()
        .flat_map(|(policy, name, inputs)| inputs.iter().map(move |&input| (input, *policy, *name)))
        .collect();
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
