//! `rfc3696 check`: kinds, `auto`, profiles, exit statuses, text and JSON snapshots.

use crate::common::{check_json, codes, json_lines, rfc3696, run, strings};

#[test]
fn exit_status_is_0_when_all_valid_and_1_when_any_is_invalid() {
    assert_eq!(run(&["check", "a.example", "user@b.example"], "").0, 0);
    assert_eq!(run(&["check", "a.example", "a..example"], "").0, 1);
    assert_eq!(run(&["check", "--json", "a..example"], "").0, 1);
}

#[test]
fn auto_decides_from_syntax_only_and_says_what_it_chose() {
    // RFC 3696 §4.4: nothing is completed; `microsoft` stays a (single-label) domain and
    // `www.example.com` is not turned into an http URL.
    let values = strings(&[
        "www.example.com",
        "microsoft",
        "user@example.com",
        "\"a:b\"@example.com",
        "http://example.com/",
        "HTTPS://example.com/",
        "mailto:joe@example.com",
        "MailTo:joe@example.com",
        "ftp://example.com/",
        "urn:isbn:0451450523",
        "localhost:8080",
        "1http://x",
    ]);
    let (_, results) = check_json(&["check"], &values);
    let kinds: Vec<&str> = results
        .iter()
        .map(|r| r["kind"].as_str().expect("kind"))
        .collect();
    assert_eq!(
        kinds,
        [
            "domain", "domain", "email", "email", "http", "http", "mailto", "mailto", "uri", "uri",
            "uri", "domain"
        ]
    );
    assert_eq!(codes(&results[1]), ["not_fully_qualified"]);
    assert_eq!(results[0]["output"], "www.example.com");
}

#[test]
fn domain_hostname_and_dns_are_the_three_policies() {
    let values = strings(&["localhost", "_dmarc.example.com", "bücher.example", "a..b"]);
    let verdicts = |kind: &str| -> Vec<bool> {
        let (_, r) = check_json(&["check", "--kind", kind], &values);
        r.iter()
            .map(|o| o["valid"].as_bool().expect("valid"))
            .collect()
    };
    assert_eq!(verdicts("domain"), [false, false, true, false]);
    assert_eq!(verdicts("hostname"), [true, false, true, false]);
    assert_eq!(verdicts("dns")[..2], [true, true]);
}

#[test]
fn domain_results_carry_ascii_and_unicode_forms() {
    let (status, r) = check_json(
        &["check", "--kind", "domain"],
        &strings(&["bücher.Example", "xn--bcher-kva.example."]),
    );
    assert_eq!(status, 0);
    assert_eq!(r[0]["ascii"], "xn--bcher-kva.example");
    assert_eq!(r[0]["unicode"], "bücher.example");
    assert_eq!(
        r[0]["output"], r[0]["ascii"],
        "the normalized form of a name is its A-label form"
    );
    assert_eq!(r[1]["unicode"], "bücher.example.", "the root dot is kept");
}

#[test]
fn email_profiles_change_the_verdict() {
    let value = strings(&[r"Fred\ Bloggs@example.com"]);
    let (status, strict) = check_json(&["check", "--kind", "email"], &value);
    assert_eq!(status, 1);
    assert_eq!(codes(&strict[0]), ["backslash_outside_quotes"]);
    assert_eq!(strict[0]["errors"][0]["offset"], 4);
    // The obvious fix is offered (RFC 3696 erratum 246).
    assert_eq!(
        strict[0]["errors"][0]["suggestion"],
        "\"Fred Bloggs\"@example.com"
    );
    let (status, published) = check_json(
        &["check", "--kind", "email", "--profile", "rfc3696"],
        &value,
    );
    assert_eq!(status, 0);
    let warnings: Vec<&str> = published[0]["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter_map(|w| w["code"].as_str())
        .collect();
    assert!(warnings.contains(&"erratum_246_backslash"), "{warnings:?}");

    let utf8 = strings(&["jürgen@bücher.example"]);
    assert_eq!(check_json(&["check", "--kind", "email"], &utf8).0, 1);
    let (status, r) = check_json(
        &["check", "--kind", "email", "--profile", "smtputf8"],
        &utf8,
    );
    assert_eq!(status, 0);
    assert_eq!(r[0]["unicode"], "jürgen@bücher.example");
    assert!(
        r[0].get("ascii").is_none(),
        "a UTF-8 local part has no ASCII form"
    );
    let header = strings(&["john.doe(comment)@example.com"]);
    assert_eq!(check_json(&["check", "--kind", "email"], &header).0, 1);
    assert_eq!(
        check_json(
            &["check", "--kind", "email", "--profile", "rfc5322"],
            &header
        )
        .0,
        0
    );
    let form = strings(&["user@localhost"]);
    assert_eq!(
        check_json(&["check", "--kind", "email", "--profile", "html5"], &form).0,
        0
    );
}

#[test]
fn uri_kinds() {
    let values = strings(&[
        "http://example.com/a/../b",
        "//example.com/x",
        "http://u@example.com/",
    ]);
    let verdicts = |kind: &str| -> Vec<bool> {
        let (_, r) = check_json(&["check", "--kind", kind], &values);
        r.iter()
            .map(|o| o["valid"].as_bool().expect("valid"))
            .collect()
    };
    assert_eq!(verdicts("uri"), [true, false, true], "uri needs a scheme");
    assert_eq!(verdicts("uri-ref"), [true, true, true]);
    assert_eq!(
        verdicts("http"),
        [true, false, false],
        "userinfo in http(s) is an error (RFC 9110 §4.2.4)"
    );
    let (_, r) = check_json(
        &["check", "--kind", "http"],
        &strings(&["HTTP://Example.COM:80/a/./b"]),
    );
    assert_eq!(
        r[0]["output"], "http://example.com/a/b",
        "RFC 3986 §6.2.2 and §6.2.3"
    );
    assert_eq!(r[0]["components"]["port"], "80");
}

#[test]
fn mailto_results_carry_to_and_hfields() {
    let (status, r) = check_json(
        &["check", "--kind", "mailto"],
        &strings(&["mailto:joe@example.com?cc=bob@example.com&body=hello%20there"]),
    );
    assert_eq!(status, 0);
    assert_eq!(r[0]["to"], serde_json::json!(["joe@example.com"]));
    assert_eq!(
        r[0]["hfields"],
        serde_json::json!([["cc", "bob@example.com"], ["body", "hello there"]])
    );
}

#[test]
fn caret_points_at_the_offending_character() {
    // Offsets are bytes; the caret column counts characters (wide ones twice) and the
    // escapes shown for control characters.
    let stdin = concat!(
        "\"bücher..example\"\n",
        "\"例え..テスト\"\n",
        "\"tab\\there.example\"\n",
        "\"ends-with-hyphen-.example\"\n",
    );
    let (code, stdout, _) = run(&["check", "--kind", "domain", "--json-input"], stdin);
    assert_eq!(code, 1);
    insta::assert_snapshot!(stdout);
}

#[test]
fn names_example_file_text_report() {
    let names = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/names.txt");
    let (code, stdout, stderr) = run(&["check", "--file", names], "");
    assert_eq!(
        code, 1,
        "some of the sample names are invalid on purpose: {stderr}"
    );
    assert!(stdout.ends_with("invalid\n"), "closing summary line");
    insta::assert_snapshot!(stdout);
}

#[test]
fn names_example_file_json_report() {
    let names = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/names.txt");
    let (code, stdout, _) = run(&["check", "--json", "--file", names], "");
    assert_eq!(code, 1);
    let lines = std::fs::read_to_string(names).expect("names.txt");
    assert_eq!(json_lines(&stdout).len(), lines.lines().count());
    insta::assert_snapshot!(stdout);
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    // Tests run with stdout on a pipe: `auto` means no colour.
    let (_, plain, _) = run(&["check", "a..example"], "");
    assert!(!plain.contains('\x1b'));
    let (_, always, _) = run(&["--color", "always", "check", "a..example"], "");
    assert!(always.contains("\x1b[31m"), "{always:?}");
    let out = rfc3696()
        .args(["check", "--color", "never", "a..example"])
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\x1b'));
    let (_, json, _) = run(&["--color", "always", "check", "--json", "a..example"], "");
    assert!(!json.contains('\x1b'), "never colour in JSON");
}

#[test]
fn only_invalid_prints_the_invalid_values_and_counts_all() {
    let (code, stdout, _) = run(
        &[
            "check",
            "--only-invalid",
            "a.rfc3696.net",
            "b..example",
            "c.rfc3696.net",
            "d-.example",
        ],
        "",
    );
    assert_eq!(code, 1);
    let verdicts: Vec<&str> = stdout.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(
        verdicts,
        [
            "invalid domain    b..example",
            "invalid domain    d-.example",
            "4 values: 2 valid (0 with warnings), 2 invalid"
        ]
    );
    let (_, stdout, _) = run(
        &[
            "check",
            "--json",
            "--only-invalid",
            "a.rfc3696.net",
            "b..example",
        ],
        "",
    );
    let results = json_lines(&stdout);
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["input"], "b..example");
}

/// `--idna` on `check` (RFC 5891 §4 by default, §5.4 `lookup`, UTS #46 `uts46`), on
/// every kind that meets a domain name: the examples a new user tries.
#[test]
fn idna_modes_on_every_path() {
    let names = strings(&[
        "\u{1F4A9}.la",
        "xn--ls8h.la",
        "email\u{20AC}a.com",
        "a\u{B7}b.com",
        "a\u{30FB}b.com",
        "\u{628}\u{640}\u{628}.com",
    ]);
    let codes = |args: &[&str], values: &[String]| -> Vec<String> {
        let (_, r) = check_json(args, values);
        r.iter()
            .map(|o| {
                o["errors"][0]["code"]
                    .as_str()
                    .unwrap_or("valid")
                    .to_owned()
            })
            .collect()
    };
    assert_eq!(
        codes(&["check", "--kind", "domain"], &names),
        [
            "idna_disallowed",
            "invalid_a_label",
            "idna_disallowed",
            "idna_contexto",
            "idna_contexto",
            "idna_disallowed"
        ]
    );
    // Lookup does not test CONTEXTO rules (RFC 5891 §5.4).
    assert_eq!(
        codes(&["check", "--kind", "domain", "--idna", "lookup"], &names)[3..5],
        ["valid", "valid"]
    );
    // UTS #46 takes symbols and emoji (what browsers resolve).
    assert_eq!(
        codes(&["check", "--kind", "domain", "--idna", "uts46"], &names)[..3],
        ["valid", "valid", "valid"]
    );
    let addresses = strings(&["test@\u{1F4FB}.fm", "a@\u{2603}.net"]);
    assert_eq!(
        codes(
            &["check", "--kind", "email", "--profile", "smtputf8"],
            &addresses
        ),
        ["idna_disallowed", "idna_disallowed"]
    );
    let urls = strings(&["http://xn--ls8h.la/", "mailto:a@xn--ls8h.la"]);
    for code in codes(&["check"], &urls) {
        assert_ne!(code, "valid");
    }
    assert_eq!(
        codes(&["check", "--idna", "uts46"], &urls),
        ["valid", "valid"]
    );
    // The misclassified A-label: U+01C8 is DISALLOWED, not a hyphen problem.
    let (_, r) = check_json(
        &["check", "--kind", "domain"],
        &strings(&["xn--bcher-kvb.com"]),
    );
    let message = r[0]["errors"][0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("U+01C8"), "{message}");
}

/// `idna to-ascii` maps (UTS #46) before judging by `--idna`.
#[test]
fn idna_conversions_map_then_judge() {
    let (_, r) = check_json(
        &["idna", "to-ascii"],
        &strings(&["B\u{FC}cher.de", "\u{1F4A9}.la"]),
    );
    assert_eq!(r[0]["output"], "xn--bcher-kva.de");
    assert_eq!(r[1]["errors"][0]["code"], "idna_disallowed");
    let (_, r) = check_json(
        &["idna", "to-ascii", "--idna", "uts46"],
        &strings(&["\u{1F4A9}.la"]),
    );
    assert_eq!(r[0]["output"], "xn--ls8h.la");
}
