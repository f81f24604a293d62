//! Hostile input, honest output: mailto lists and header names through the command,
//! `mailto build` warnings, and the warnings of names inside URIs.

use crate::common::{assert_usage_error, codes, json_lines, run, usage_error};

fn warning_codes(v: &serde_json::Value) -> Vec<&str> {
    v["warnings"]
        .as_array()
        .map(|a| a.iter().filter_map(|w| w["code"].as_str()).collect())
        .unwrap_or_default()
}

fn one(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["check", "--json"];
    all.extend(args);
    let (_, stdout, _) = run(&all, "");
    json_lines(&stdout).remove(0)
}

#[test]
fn rfc6068_2_percent_encoded_comma_in_cc_and_to() {
    let r = one(&[
        "--kind",
        "mailto",
        "mailto:a@b.example?Cc=x%40y.example%2Cz%40w.example",
    ]);
    assert_eq!(r["valid"], true, "{r}");
    let r = one(&[
        "--kind",
        "mailto",
        "mailto:?to=chris@example.com%2C%20tony@example.com",
    ]);
    assert_eq!(
        r["to"],
        serde_json::json!(["chris@example.com", "tony@example.com"])
    );
}

#[test]
fn rfc5322_3_6_8_crlf_in_a_header_name_is_an_error() {
    let r = one(&[
        "--kind",
        "mailto",
        "mailto:a@example.com?x-y%0D%0ABcc=evil@example.com",
    ]);
    assert_eq!(codes(&r), ["invalid_header_name"]);
    let r = one(&["--kind", "mailto", "mailto:a@example.com?=x"]);
    assert_eq!(codes(&r), ["invalid_header_name"]);
}

#[test]
fn rfc6068_3_unsafe_header_warning_for_long_names() {
    let uri = format!("mailto:a@b.example?Content-{}=1", "X".repeat(60));
    let r = one(&["--kind", "mailto", &uri]);
    assert!(warning_codes(&r).contains(&"unsafe_header_field"), "{r}");
}

#[test]
fn rfc6068_2_fragment_is_a_warning() {
    let r = one(&["--kind", "mailto", "mailto:a@example.com#frag"]);
    assert_eq!(r["valid"], true);
    assert!(warning_codes(&r).contains(&"fragment_in_mailto"));
}

#[test]
fn mailto_build_never_drops_warnings_and_refuses_header_line_breaks() {
    let injected = [
        "mailto",
        "build",
        "--to",
        "a@b.example",
        "--subject",
        "x\r\nBcc: e@example.com",
    ];
    let (code, stdout, stderr) = run(&injected, "");
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("header_line_break"), "{stdout}");
    let allowed = [&injected[..], &["--allow-header-line-breaks"]].concat();
    let (code, stdout, stderr) = run(&allowed, "");
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "mailto:a@b.example?subject=x%0D%0ABcc:%20e@example.com\n"
    );
    assert!(stderr.contains("[header_injection]"), "{stderr}");
}

#[test]
fn rfc6068_5_mailto_build_body_line_breaks_are_crlf() {
    let (code, stdout, _) = run(
        &["mailto", "build", "--to", "a@b.example", "--body", "a\nb"],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(stdout, "mailto:a@b.example?body=a%0D%0Ab\n");
}

#[test]
fn rfc6068_2_item_4_mailto_build_idn_as_a_label_and_literals_without_warning() {
    let (code, stdout, stderr) = run(
        &[
            "mailto",
            "build",
            "--to",
            "info@bücher.example",
            "--to",
            "a@[192.0.2.1]",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "mailto:info@xn--bcher-kva.example,a@%5B192.0.2.1%5D\n"
    );
    assert!(!stderr.contains("percent_encoded_domain"), "{stderr}");
}

#[test]
fn rfc5891_4_2_3_1_reserved_hyphen_label_inside_uris() {
    for uri in ["http://ab--cd.example/", "mailto:a@ab--cd.example"] {
        let r = one(&[uri]);
        assert!(warning_codes(&r).contains(&"reserved_hyphen_label"), "{r}");
    }
}

fn messages(v: &serde_json::Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|w| w["message"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn special_use_messages_cite_rfc_7686_and_rfc_8375() {
    let cites =
        |r: &serde_json::Value, rfc: &str| messages(r, "warnings").iter().any(|m| m.contains(rfc));
    let r = one(&["a@x.onion"]);
    assert!(cites(&r, "RFC 7686"), "{r}");
    let r = one(&["a@host.home.arpa"]);
    assert!(cites(&r, "RFC 8375"), "{r}");
    assert!(!cites(&r, "RFC 6761"), "{r}");
}

#[test]
fn rfc5890_an_idn_domain_alone_does_not_need_smtputf8() {
    let r = one(&["a@bücher.de"]);
    assert_eq!(codes(&r), ["non_ascii_domain"]);
    let text = messages(&r, "errors").join(" ");
    assert!(
        text.contains("A-label") && !text.contains("needs SMTPUTF8"),
        "{text}"
    );
}

#[test]
fn dns_root_message_does_not_speak_of_host_names() {
    let r = one(&["--kind", "dns", "."]);
    assert_eq!(codes(&r), ["root_only"]);
    assert!(!messages(&r, "errors")[0].contains("host name"), "{r}");
}

#[test]
fn rfc6532_3_1_smtputf8_local_part_warnings() {
    let r = one(&["--profile", "smtputf8", "user\u{202e}moc.live@example.com"]);
    assert!(warning_codes(&r).contains(&"bidi_control"), "{r}");
    let r = one(&["--profile", "smtputf8", "jose\u{301}@example.com"]);
    assert!(warning_codes(&r).contains(&"local_part_not_nfc"), "{r}");
}

/// Runs `script` under `sh -c` with `$0` the binary: for closed or full streams.
#[cfg(target_os = "linux")]
fn shell(script: &str) -> (i32, String, String) {
    let out = std::process::Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_rfc3696")])
        .output()
        .expect("sh runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn max_line_bytes_turns_a_long_line_into_one_result_and_goes_on() {
    let stdin = format!("a.example\n{}\nc.example\n", "b".repeat(5000));
    let (code, stdout, _) = run(&["check", "--json", "--max-line-bytes", "1000"], &stdin);
    assert_eq!(code, 1);
    let r = json_lines(&stdout);
    assert_eq!(r.len(), 3);
    assert_eq!(codes(&r[1]), ["line_too_long"]);
    assert!(messages(&r[1], "errors")[0].contains("line 2"), "{}", r[1]);
    assert!(r[1]["input"].as_str().unwrap().len() < 100);
    assert_eq!(r[2]["input"], "c.example");
    // Exactly at the limit is fine; the `\n` does not count.
    let stdin = format!("{}\n", "a".repeat(1000));
    let (_, stdout, _) = run(&["check", "--json", "--max-line-bytes", "1000"], &stdin);
    assert!(!codes(&json_lines(&stdout)[0]).contains(&"line_too_long"));
}

#[cfg(target_os = "linux")]
#[test]
fn an_endless_line_does_not_exhaust_memory() {
    // 64 MiB of one line under a 32 MiB address-space limit would abort if buffered.
    let (code, stdout, stderr) = shell(
        "head -c 67108864 /dev/zero | (ulimit -v 262144; \"$0\" check --json --max-line-bytes 4096)",
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("line_too_long"), "{stdout}");
}

#[test]
fn text_output_escapes_invisible_and_reordering_characters() {
    for (value, shown) in [
        ("a\u{202e}b@example.com", "a\\u{202e}b@example.com"),
        ("a\u{200b}b.example", "a\\u{200b}b.example"),
        ("\u{feff}a.example", "\\u{feff}a.example"),
        ("a\u{2028}b.example", "a\\u{2028}b.example"),
        ("a\u{e0041}b.example", "a\\u{e0041}b.example"),
        ("a\u{2066}b.example", "a\\u{2066}b.example"),
        ("a\\u{0}b.example", "a\\\\u{0}b.example"),
        ("a\u{0}b.example", "a\\u{0}b.example"),
    ] {
        let json = serde_json::to_string(value).unwrap();
        let (_, stdout, _) = run(&["check", "--json-input"], &format!("{json}\n"));
        let first = stdout.lines().next().unwrap();
        assert!(first.ends_with(&format!(" {shown}")), "{value:?}: {first}");
    }
}

#[test]
fn json_output_escapes_line_and_paragraph_separators() {
    let (_, stdout, _) = run(&["check", "--json", "a\u{2028}b\u{2029}.example"], "");
    assert!(stdout.contains("a\\u2028b\\u2029.example"), "{stdout}");
    assert!(!stdout.contains('\u{2028}'));
    assert_eq!(
        json_lines(&stdout)[0]["input"],
        "a\u{2028}b\u{2029}.example"
    );
}

#[test]
fn uax11_caret_columns_after_zero_width_characters() {
    for (value, column) in [
        ("ab\u{94d}..example", 3),
        ("\u{1161}..example", 1),
        ("\u{feff}a..example", 10),
    ] {
        let (_, stdout, _) = run(&["check", "--kind", "domain", value], "");
        let caret = stdout
            .lines()
            .find(|l| l.trim_start().starts_with('^'))
            .unwrap();
        assert_eq!(caret.find('^').unwrap() - 4, column, "{value:?}\n{stdout}");
    }
}

#[test]
fn file_path_is_escaped_in_messages() {
    let stderr = usage_error(&["check", "--file", "no\u{202e}such\nfile"]);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no\\u{202e}such\\nfile"), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn closed_or_full_standard_streams_are_errors() {
    for script in [
        "\"$0\" check example.com >&-",
        "\"$0\" check example.com > /dev/full",
        "\"$0\" --help > /dev/full",
        "\"$0\" check --file - <&-",
        "\"$0\" check <&-",
    ] {
        let (code, stdout, stderr) = shell(script);
        assert_eq!(code, 2, "{script}: {stdout}{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{script}: {stderr}");
        assert!(stderr.starts_with("rfc3696: error:"), "{script}: {stderr}");
    }
    // A reader that stops early is not an error worth a message.
    let (code, stdout, stderr) =
        shell("yes example.com | head -n 200000 | \"$0\" check | head -n 1");
    assert_eq!((code, stdout.lines().count(), stderr.as_str()), (0, 1, ""));
    // `< /dev/null` is an empty input, not a closed one.
    let (code, _, stderr) = shell("\"$0\" check < /dev/null");
    assert_eq!((code, stderr.as_str()), (0, ""));
}

#[test]
fn utf8_byte_order_mark_is_skipped_and_file_dash_is_stdin() {
    let (code, stdout, _) = run(
        &["check", "--json", "--file", "-"],
        "\u{feff}example.com\nb.example\n",
    );
    assert_eq!(code, 0);
    let r = json_lines(&stdout);
    assert_eq!(r[0]["input"], "example.com");
    // Only at the start of the input.
    let (_, stdout, _) = run(&["check", "--json"], "a.example\n\u{feff}b.example\n");
    assert_eq!(json_lines(&stdout)[1]["input"], "\u{feff}b.example");
}

#[test]
fn file_together_with_values_is_a_usage_error() {
    assert_usage_error(
        &["check", "--file", "names.txt", "example.com"],
        "cannot be used with",
    );
}

#[test]
fn library_options_as_check_flags() {
    let cases: [(&[&str], &str); 4] = [
        (&["--kind", "uri", "--zone-ids"], "http://[fe80::1%25eth0]/"),
        (&["--kind", "http", "--iri"], "http://bücher.example/"),
        (
            &["--kind", "http", "--userinfo", "warn"],
            "http://user@host.example/",
        ),
        (&["--kind", "dns", "--numeric-tld", "allow"], "4.3.2.1"),
    ];
    for (flags, value) in cases {
        let (code, _, _) = run(&[&["check"][..], &flags[..2], &[value]].concat(), "");
        assert_eq!(code, 1, "{value} without {flags:?}");
        let (code, stdout, _) = run(&[&["check"][..], flags, &[value]].concat(), "");
        assert_eq!(code, 0, "{value} with {flags:?}: {stdout}");
    }
    let r = one(&[
        "--kind",
        "http",
        "--userinfo",
        "warn",
        "http://user@host.example/",
    ]);
    assert!(warning_codes(&r).contains(&"userinfo_in_http_url"));
}
