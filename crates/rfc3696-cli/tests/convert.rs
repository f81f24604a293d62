//! The conversion subcommands: `punycode`, `idna`, `resolve`, `mailto build`.

use crate::common::{assert_usage_error, codes, results_of, stdout_of};

#[test]
fn punycode_encode_and_decode() {
    let stdout = stdout_of(&["punycode", "encode", "bücher", "ü", "abc"], 0);
    insta::assert_snapshot!(stdout);
    let stdout = stdout_of(
        &["punycode", "decode", "--json", "bcher-kva", "tda", "abc-"],
        0,
    );
    insta::assert_snapshot!(stdout);
}

#[test]
fn punycode_errors_are_results() {
    // RFC 3492 §6.2: only basic code points before the last delimiter, digits a-z0-9 after.
    let values = ["bcher-kv", "a_", "ü-abc", "bcher-kva"];
    let results = results_of(&["punycode", "decode"], &values, 1);
    assert_eq!(codes(&results[0]), ["truncated"]);
    assert_eq!(results[0]["errors"][0]["offset"], 8);
    assert_eq!(codes(&results[1]), ["invalid_digit"]);
    assert_eq!(results[1]["errors"][0]["offset"], 1);
    assert_eq!(results[2]["valid"], false);
    assert_eq!(results[3]["output"], "bücher");
}

#[test]
fn idna_to_ascii_and_to_unicode() {
    let values = ["Bücher.example", "例え.テスト", "a..b", "ab--cd.example"];
    let results = results_of(&["idna", "to-ascii"], &values, 1);
    assert_eq!(results[0]["output"], "xn--bcher-kva.example");
    assert_eq!(results[0]["kind"], "idna-to-ascii");
    assert_eq!(results[1]["output"], "xn--r8jz45g.xn--zckzah");
    assert_eq!(codes(&results[2]), ["empty_label"]);
    assert_eq!(
        results[3]["valid"], false,
        "UTS #46 CheckHyphens rejects R-LDH labels"
    );
    let names = ["xn--bcher-kva.example", "xn--r8jz45g.xn--zckzah"];
    let stdout = stdout_of(&[&["idna", "to-unicode"][..], &names].concat(), 0);
    insta::assert_snapshot!(stdout);
}

#[test]
fn resolve_text_and_json() {
    let resolve = ["resolve", "--base", "http://a/b/c/d;p?q"];
    let references = ["g", "../g", "?y", "#s", "g:h"];
    let stdout = stdout_of(&[&resolve[..], &references].concat(), 0);
    insta::assert_snapshot!(stdout);
    let results = results_of(&resolve, &["../../../g", "a b"], 1);
    assert_eq!(
        results[0]["output"], "http://a/g",
        "RFC 3986 §5.4.2: no going above the root"
    );
    assert_eq!(results[1]["valid"], false);
}

#[test]
fn resolve_rejects_a_relative_base_as_a_usage_error() {
    assert_usage_error(
        &["resolve", "--base", "/relative/path", "g"],
        "is not an absolute URI",
    );
}

/// `rfc3696 mailto build ARGS`, asserting exit status `code`; its standard output.
fn mailto_build(args: &[&str], code: i32) -> String {
    stdout_of(&[&["mailto", "build"][..], args].concat(), code)
}

/// The one JSON object `mailto build --json` prints.
fn one_json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.trim_end()).expect("one JSON object")
}

#[test]
fn mailto_build_prints_the_bare_uri() {
    let stdout = mailto_build(
        &[
            "--to",
            "user+mailbox@example.com",
            "--subject",
            "Hello world",
        ],
        0,
    );
    assert_eq!(
        stdout,
        "mailto:user%2Bmailbox@example.com?subject=Hello%20world\n"
    );
}

#[test]
fn mailto_build_every_option_json() {
    let stdout = mailto_build(
        &[
            "--json",
            "--to",
            "a@example.com",
            "b@example.com",
            "--cc",
            "c@example.com",
            "--bcc",
            "d@example.com",
            "--subject",
            "café",
            "--body",
            "line 1\r\nline 2",
            "--header",
            "In-Reply-To=<3469A91.D10AF4C@example.com>",
            "--header",
            "Keywords=a=b",
        ],
        0,
    );
    insta::assert_snapshot!(stdout);
    let v = one_json(&stdout);
    assert_eq!(
        v["to"],
        serde_json::json!(["a@example.com", "b@example.com"])
    );
    assert_eq!(v["input"], v["output"]);
}

#[test]
fn mailto_build_reports_the_bad_argument() {
    let stdout = mailto_build(
        &[
            "--to",
            "ok@example.com",
            "--cc",
            "Fred\\ Bloggs@example.com",
        ],
        1,
    );
    insta::assert_snapshot!(stdout);
    let stdout = mailto_build(
        &["--json", "--to", "ok@example.com", "--header", "Bad Name=x"],
        1,
    );
    let v = one_json(&stdout);
    assert_eq!(v["input"], "Bad Name");
    assert_eq!(codes(&v), ["invalid_header_name"]);
}

/// RFC 6068 §2, §3: what `Mailto::parse` would refuse or flag, the builder refuses, and
/// the command names the argument, the code and the field (exit 1: an invalid value).
#[test]
fn mailto_build_refuses_what_parse_refuses_or_flags() {
    for (header, argument, code, field) in [
        (
            "From=boss@example.com",
            "From",
            "unsafe_header_field",
            "header field 0 (`From`)",
        ),
        ("Cc=Cc", "Cc", "missing_at", "header field 0 (`Cc`)"),
    ] {
        let stdout = mailto_build(&["--json", "--to", "a@example.com", "--header", header], 1);
        let v = one_json(&stdout);
        assert_eq!(v["input"], argument, "{header}");
        assert_eq!(codes(&v), [code], "{header}");
        assert!(stdout.contains(field), "{header}: {stdout}");
    }
}
