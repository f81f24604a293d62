//! Hostile input, honest output: mailto lists and header names through the command,
//! `mailto build` warnings, and the warnings of names inside URIs.

use crate::support::{codes, json_lines, run};

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
    let (code, stdout, stderr) = run(
        &[
            "mailto",
            "build",
            "--to",
            "a@b.example",
            "--subject",
            "x\r\nBcc: e@example.com",
        ],
        "",
    );
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("header_line_break"), "{stdout}");
    let (code, stdout, stderr) = run(
        &[
            "mailto",
            "build",
            "--to",
            "a@b.example",
            "--subject",
            "x\r\nBcc: e@example.com",
            "--allow-header-line-breaks",
        ],
        "",
    );
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
    let r = one(&["a@x.onion"]);
    assert!(
        messages(&r, "warnings")
            .iter()
            .any(|m| m.contains("RFC 7686")),
        "{r}"
    );
    let r = one(&["a@host.home.arpa"]);
    assert!(
        messages(&r, "warnings")
            .iter()
            .any(|m| m.contains("RFC 8375")),
        "{r}"
    );
    assert!(
        !messages(&r, "warnings")
            .iter()
            .any(|m| m.contains("RFC 6761")),
        "{r}"
    );
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
