//! Where values come from and how lines become values: VALUEs, `--file`, standard input,
//! `--json-input`, line ends, invalid UTF-8.

use crate::common::{codes, json_lines, rfc3696, run};

/// The `input` fields of a JSON Lines output.
fn inputs(stdout: &str) -> Vec<String> {
    json_lines(stdout)
        .iter()
        .map(|v| v["input"].as_str().expect("input is a string").to_owned())
        .collect()
}

/// `check --kind domain --json`, the command most of these tests feed.
const DOMAIN_JSON: &[&str] = &["check", "--kind", "domain", "--json"];

/// Runs `args` with `stdin`: the exit status and the `input` of each result, in order.
fn run_inputs(args: &[&str], stdin: &str) -> (i32, Vec<String>) {
    let (code, stdout, _) = run(args, stdin);
    (code, inputs(&stdout))
}

#[test]
fn lines_split_on_lf_only_and_crlf_is_a_line_end() {
    // Spaces and tabs are part of the value (they make it invalid, and must be reported),
    // one CR before LF is a Windows line end, an empty line is an (invalid) empty value,
    // and a last line without LF still counts.
    let stdin = "a.example\r\n b.example\t\n\nc.example\r\rx\nlast.example";
    let expected = [
        "a.example",
        " b.example\t",
        "",
        "c.example\r\rx",
        "last.example",
    ];
    assert_eq!(
        run_inputs(DOMAIN_JSON, stdin),
        (1, expected.map(String::from).to_vec())
    );
}

#[test]
fn final_newline_does_not_add_an_empty_value() {
    let (_, seen) = run_inputs(DOMAIN_JSON, "a.example\nb.example\n");
    assert_eq!(seen, ["a.example", "b.example"]);
    let (code, stdout, _) = run(DOMAIN_JSON, "");
    assert_eq!(
        (code, stdout.as_str()),
        (0, ""),
        "no input, no result, all (zero) valid"
    );
}

#[test]
fn values_win_over_stdin_and_do_not_mix_with_file() {
    let (_, seen) = run_inputs(
        &["check", "--json", "x.example", "y.example"],
        "stdin.example\n",
    );
    assert_eq!(seen, ["x.example", "y.example"]);
    // One source at a time: --file with VALUEs is a usage error, not a silent choice.
    let (code, stdout, _) = run(
        &["check", "--json", "--file", "/nonexistent", "x.example"],
        "stdin.example\n",
    );
    assert_eq!((code, stdout.as_str()), (2, ""));
}

#[test]
fn file_is_read_when_no_value_is_given() {
    let path = std::env::temp_dir().join(format!("rfc3696-cli-test-{}.txt", std::process::id()));
    std::fs::write(&path, "one.example\ntwo.example\n").expect("temp file");
    let (_, stdout, _) = run(
        &[
            "check",
            "--json",
            "--file",
            path.to_str().expect("UTF-8 temp path"),
        ],
        "stdin.example\n",
    );
    std::fs::remove_file(&path).ok();
    assert_eq!(inputs(&stdout), ["one.example", "two.example"]);
}

#[test]
fn json_input_decodes_control_characters_and_newlines() {
    let stdin = concat!(
        r#""tab\there@example.com""#,
        "\n",
        r#""two\nlines.example""#,
        "\n",
        r#"  "nul\u0000.example"  "#,
        "\n",
        r#""\"quoted\"@example.com""#,
        "\n",
    );
    let (code, stdout, _) = run(&["check", "--json", "--json-input"], stdin);
    assert_eq!(code, 1);
    assert_eq!(
        inputs(&stdout),
        [
            "tab\there@example.com",
            "two\nlines.example",
            "nul\0.example",
            "\"quoted\"@example.com"
        ]
    );
}

#[test]
fn json_input_applies_to_value_arguments_too() {
    let (_, stdout, _) = run(
        &["check", "--json", "--json-input", r#""a\u0041.example""#],
        "",
    );
    assert_eq!(inputs(&stdout), ["aA.example"]);
}

#[test]
fn unparsable_json_input_line_is_a_result_not_a_crash() {
    let stdin = "\"ok.example\"\nnot json\n\"unterminated\n\n42\n\"after.example\"\n";
    let (code, stdout, stderr) = run(
        &["check", "--kind", "domain", "--json", "--json-input"],
        stdin,
    );
    assert_eq!(code, 1, "{stderr}");
    let results = json_lines(&stdout);
    assert_eq!(results.len(), 6, "one result per line, in order");
    assert_eq!(results[0]["input"], "ok.example");
    assert_eq!(results[5]["input"], "after.example");
    for (i, raw) in [(1, "not json"), (2, "\"unterminated"), (3, ""), (4, "42")] {
        let r = &results[i];
        assert_eq!(r["input"], raw, "the raw line is reported");
        assert_eq!(r["valid"], false);
        assert_eq!(r["kind"], "domain");
        assert_eq!(codes(r), ["invalid_json_input"], "{r}");
    }
    assert_eq!(
        results[1]["errors"][0]["offset"], 1,
        "serde_json stops at the `o` of `not`"
    );
}

#[test]
fn invalid_utf8_is_reported_with_its_offset() {
    let out = rfc3696()
        .args(["check", "--kind", "domain", "--json"])
        .write_stdin(b"ok.example\nab\xffcd.example\n".to_vec())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("JSON is UTF-8");
    let results = json_lines(&stdout);
    assert_eq!(results.len(), 2);
    assert_eq!(results[1]["input"], "ab\u{fffd}cd.example");
    assert_eq!(codes(&results[1]), ["invalid_utf8"]);
    assert_eq!(results[1]["errors"][0]["offset"], 2);
}

/// A lone `-` VALUE is standard input, as for `cat`, for every subcommand that takes
/// values (`check`, `punycode`, `idna`, `resolve`); `--file -` too.
#[test]
fn a_lone_dash_value_reads_standard_input() {
    // Each line read is one value, echoed back as `input`.
    for (args, stdin) in [
        (&["check", "--json", "-"][..], "a.example\nb@c.example\n"),
        (&["check", "--json", "--file", "-"], "x.example\n"),
        (&["punycode", "encode", "--json", "-"], "bücher\n"),
        (&["idna", "to-ascii", "--json", "-"], "bücher.example\n"),
        (&["idna", "display", "--json", "-"], "xn--bcher-kva.de\n"),
        (
            &["resolve", "--base", "http://a/b/c/d;p?q", "--json", "-"],
            "../g\n",
        ),
    ] {
        let (code, stdout, stderr) = run(args, stdin);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert_eq!(
            inputs(&stdout),
            stdin.lines().collect::<Vec<_>>(),
            "{args:?}"
        );
    }
}

/// `-` among other values is a value like them (an invalid domain name here), not a
/// request to read standard input.
#[test]
fn a_dash_among_values_is_a_value() {
    let (code, stdout, _) = run(&["check", "--json", "a.example", "-"], "b.example\n");
    assert_eq!(code, 1);
    assert_eq!(inputs(&stdout), ["a.example", "-"]);
}
