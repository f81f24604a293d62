//! Terminal safety of text output: whatever the values, arguments and files hold, no
//! byte that a terminal acts on (C0 controls but the line feed, ESC, DEL, C1 controls)
//! and no character of the escape set (`rfc3696::report::shown_escaped`: bidirectional
//! controls, zero-width and other invisible characters, private-use and unassigned code
//! points, blank-looking fillers) reaches standard output or standard error raw: each is
//! shown as an escape (`\u{1b}`). JSON output is exact and is not checked here.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::common::rfc3696;

/// The SGR sequences of `--color always` (the tool's own; `src/report.rs`, `Style`).
const STYLE_CODES: [&str; 6] = [
    "\u{1b}[31m",
    "\u{1b}[32m",
    "\u{1b}[33m",
    "\u{1b}[1m",
    "\u{1b}[2m",
    "\u{1b}[0m",
];

/// Hostile pieces: terminal control sequences, C0 and C1 controls, bidirectional
/// controls, zero-width and default-ignorable characters, Hangul fillers and other blank
/// look-alikes, private-use and unassigned code points, line separators, wide spaces, and
/// a typed backslash escape (which must stay distinguishable from the real character).
const HOSTILE: &[&str] = &[
    "\u{1b}",
    "\u{1b}]0;pwned\u{7}",
    "\u{1b}]8;;http://evil.example\u{1b}\\",
    "\u{1b}[31m",
    "\u{1b}[2J",
    "\u{1b}P",
    "\u{9b}",
    "\u{9b}31m",
    "\u{9d}0;x\u{9c}",
    "\u{85}",
    "\u{0}",
    "\u{7}",
    "\u{8}",
    "\u{7f}",
    "\t",
    "\r",
    "\n",
    "\u{b}",
    "\u{c}",
    "\u{202e}",
    "\u{202a}",
    "\u{2066}",
    "\u{200e}",
    "\u{61c}",
    "\u{200b}",
    "\u{200d}",
    "\u{2060}",
    "\u{feff}",
    "\u{ad}",
    "\u{34f}",
    "\u{fe0f}",
    "\u{e0041}",
    "\u{3164}",
    "\u{115f}",
    "\u{1160}",
    "\u{ffa0}",
    "\u{180e}",
    "\u{2800}",
    "\u{e000}",
    "\u{f8ff}",
    "\u{10fffd}",
    "\u{378}",
    "\u{fffe}",
    "\u{10ffff}",
    "\u{2028}",
    "\u{2029}",
    "\u{a0}",
    "\u{3000}",
    "\\",
    "\\u{1b}",
];

/// Valid names, addresses and URIs, and pieces of them, so that values get past the
/// syntax and into warnings (mixed scripts, confusables, quoted local parts).
const VALID: &[&str] = &[
    "example.com",
    "user@example.com",
    "\"quoted\"@example.com",
    "p\u{430}ypal.com",
    "xn--pypal-4ve.com",
    "\u{430}\u{440}\u{440}\u{4cf}\u{435}.com",
    "b\u{fc}cher.example",
    "\u{fc}ser@b\u{fc}cher.example",
    "\u{431}@example.com",
    "http://example.com/a?b#c",
    "https://p\u{430}ypal.com/",
    "mailto:a@example.com?subject=x",
    "\u{4f8b}\u{3048}.jp",
    "a.b",
    "@",
    ".",
    "\"",
    "xn--",
    "%1b",
    "\u{430}",
];

/// One value: valid pieces and hostile pieces in any order, or a valid value with a
/// hostile piece inside its local part or first label.
fn value() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => prop::sample::select(VALID).prop_map(str::to_owned),
        4 => prop::sample::select(HOSTILE).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
    ];
    let mixed = prop::collection::vec(piece, 1..6).prop_map(|p| p.concat());
    let inside = (
        prop::sample::select(HOSTILE),
        prop::sample::select(
            &[
                ("\"a", "\u{431}\"@example.com"),
                ("a", "\u{431}@example.com"),
                ("p\u{430}y", "pal.com"),
                ("http://ex", "ample.com/"),
                ("mailto:a", "@example.com?subject=x"),
                ("", ".example.com"),
            ][..],
        ),
    )
        .prop_map(|(h, (head, tail))| format!("{head}{h}{tail}"));
    prop_oneof![mixed, inside]
}

/// Why `c`, found raw in text output, would reach the terminal: `None` if it is safe.
/// Every character of [`HOSTILE`] but the space-free ASCII printables is named here on
/// its own, so that a character missing from the generated escape set fails the test
/// too, not only a character the tool forgot to escape.
fn unsafe_reason(c: char) -> Option<&'static str> {
    match c {
        '\n' => None,
        '\t' => Some("TAB"),
        '\u{1b}' => Some("ESC"),
        '\u{0}'..='\u{1f}' => Some("a C0 control"),
        '\u{7f}' => Some("DEL"),
        '\u{80}'..='\u{9f}' => Some("a C1 control"),
        _ if HOSTILE
            .iter()
            .flat_map(|h| h.chars())
            .any(|h| h == c && !h.is_ascii()) =>
        {
            Some("a hostile character")
        }
        _ if rfc3696::report::shown_escaped(c) => Some("a character of the escape set"),
        _ => None,
    }
}

/// Fails unless `bytes` (one stream of one run) is UTF-8 without any unsafe character;
/// with `colour`, the tool's own colour codes are taken out first.
fn assert_terminal_safe(what: &str, stream: &str, bytes: &[u8], colour: bool) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        panic!(
            "{what}: {stream} is not UTF-8:\n{}",
            String::from_utf8_lossy(bytes)
        );
    };
    let mut text = text.to_owned();
    if colour {
        for code in STYLE_CODES {
            text = text.replace(code, "");
        }
    }
    for (line_no, line) in text.split('\n').enumerate() {
        if let Some((at, c, why)) = line
            .char_indices()
            .find_map(|(i, c)| unsafe_reason(c).map(|why| (i, c, why)))
        {
            panic!(
                "{what}: {stream} line {} has {why} (U+{:04X}) raw at byte {at}: {line:?}",
                line_no + 1,
                u32::from(c)
            );
        }
    }
}

/// Runs the tool with `args` and checks both of its streams.
fn check_run(args: &[&std::ffi::OsStr], stdin: &[u8]) {
    let colour = args.iter().any(|a| *a == "always");
    let out = rfc3696()
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("the binary runs");
    let what = format!("rfc3696 {args:?}");
    assert!(
        out.status.code().is_some_and(|c| (0..=2).contains(&c)),
        "{what}: exit {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert_terminal_safe(&what, "stdout", &out.stdout, colour);
    assert_terminal_safe(&what, "stderr", &out.stderr, colour);
}

fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
    args.iter().map(Into::into).collect()
}

/// A scratch directory for one test run's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rfc3696-terminal-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::File::create(path)
        .and_then(|mut f| f.write_all(bytes))
        .expect("write a scratch file");
}

/// Every subcommand's text output, with `values` as the values, the protected names, the
/// arguments and the paths.
#[expect(
    clippy::too_many_lines,
    reason = "one list of every command line the property drives"
)]
fn drive_every_subcommand(dir: &Path, values: &[String]) {
    // Lines cannot hold a line end: those values go as `--json-input` lines.
    let mut lines = String::new();
    for v in values.iter().filter(|v| !v.contains(['\n', '\r'])) {
        lines.push_str(v);
        lines.push('\n');
    }
    let values_file = dir.join("values.txt");
    write(&values_file, lines.as_bytes());
    let json_file = dir.join("values.jsonl");
    let mut json = String::new();
    for v in values {
        json.push_str(&serde_json::Value::String(v.clone()).to_string());
        json.push('\n');
    }
    write(&json_file, json.as_bytes());
    // Raw bytes that are not UTF-8 (a lone C1 byte is CSI on an 8-bit terminal).
    let bytes_file = dir.join("bytes.txt");
    write(
        &bytes_file,
        b"a\x9b31mb.com\nx\xff\x1b]0;y\x07@b.c\n\xc2\x9b2J\n",
    );
    let protect_file = dir.join("protect.txt");
    let mut protected = String::from("paypal\napple\npay\u{200b}\u{202e}\u{3164}pal\n");
    protected.push_str(&lines);
    write(&protect_file, protected.as_bytes());

    let file = values_file.as_os_str();
    let mut runs: Vec<Vec<std::ffi::OsString>> = Vec::new();
    let with_file = |args: &[&str]| {
        let mut a = os(args);
        a.extend([std::ffi::OsString::from("--file"), file.to_owned()]);
        a
    };
    runs.push(with_file(&["check"]));
    for kind in [
        "domain", "hostname", "dns", "uri", "uri-ref", "http", "mailto",
    ] {
        runs.push(with_file(&["check", "--kind", kind]));
    }
    for profile in ["rfc5321", "smtputf8", "rfc5322", "html5", "rfc3696"] {
        runs.push(with_file(&[
            "check",
            "--kind",
            "email",
            "--profile",
            profile,
        ]));
    }
    runs.push(with_file(&[
        "--color",
        "always",
        "check",
        "--kind",
        "email",
        "--profile",
        "smtputf8",
    ]));
    runs.push(with_file(&["--color", "always", "check", "--kind", "http"]));
    runs.push(with_file(&["check", "--idna", "uts46"]));
    runs.push(with_file(&["punycode", "encode"]));
    runs.push(with_file(&["punycode", "decode"]));
    runs.push(with_file(&["idna", "to-ascii"]));
    runs.push(with_file(&["idna", "to-unicode"]));
    let mut display = os(&["idna", "display", "--protect"]);
    display.push(protect_file.clone().into_os_string());
    display.extend([std::ffi::OsString::from("--file"), file.to_owned()]);
    runs.push(display);
    runs.push(with_file(&["resolve", "--base", "http://a/b/c/d;p?q"]));
    let mut json_input = os(&[
        "check",
        "--kind",
        "email",
        "--profile",
        "rfc5322",
        "--json-input",
        "--file",
    ]);
    json_input.push(json_file.clone().into_os_string());
    runs.push(json_input);
    let mut json_input = os(&["idna", "to-unicode", "--json-input", "--file"]);
    json_input.push(json_file.into_os_string());
    runs.push(json_input);
    let mut bytes = os(&["check", "--file"]);
    bytes.push(bytes_file.into_os_string());
    runs.push(bytes);

    // Values as arguments (an argument cannot hold NUL).
    let arg = |i: usize| -> String { values[i % values.len()].replace('\0', "\u{1b}") };
    let mut argv = os(&["check", "--kind", "email", "--profile", "smtputf8"]);
    argv.extend((0..values.len().min(8)).map(|i| arg(i).into()));
    runs.push(argv);
    runs.push(os(&["resolve", "--base", &arg(0), "g"]));
    runs.push(os(&["resolve", "--base", "http://a/b", &arg(1)]));
    let (to, cc, subject, body, raw_header) = (arg(2), arg(3), arg(4), arg(5), arg(8));
    let header = format!("X-A={}", arg(6));
    let idn_to = format!("p\u{430}y{}@example.com", arg(7));
    let message = ["--subject", &subject, "--body", &body];
    for args in [
        &[&["--to", &to, "--cc", &cc][..], &message].concat()[..],
        &["--to", "a@example.com", "--header", &header],
        &["--to", &idn_to],
        &["--to", "a@example.com", "--header", &raw_header],
    ] {
        runs.push(os(&[&["mailto", "build"][..], args].concat()));
    }
    // Usage errors echo the offending argument.
    runs.push(os(&["check", "--kind", &arg(9), "a"]));
    runs.push(os(&["check", "--profile", &arg(10), "a"]));
    runs.push(os(&["--threads", &arg(11), "check", "a"]));
    runs.push(os(&["--color", &arg(12), "check", "a"]));
    // Never a valid address: no DNS query leaves the machine.
    let resolver = format!("{}\u{1b}", arg(13));
    let deliverability = ["check", "--deliverability"];
    runs.push(os(&[
        &deliverability[..],
        &["--resolver", &resolver, "a@example.com"],
    ]
    .concat()));
    runs.push(os(&["check", &format!("--{}", arg(14))]));
    runs.push(os(&[&arg(15)]));
    runs.push(os(&["idna", &arg(16)]));
    runs.push(os(&["sql", &arg(17)]));
    runs.push(os(&["check", "--max-line-bytes", &arg(18), "a"]));
    // Paths in I/O errors.
    let missing = |i: usize| format!("/nonexistent/{}", arg(i));
    runs.push(os(&["idna", "display", "--protect", &missing(19), "a"]));
    runs.push(os(&["check", "--file", &missing(20)]));
    runs.push(os(
        &[&deliverability[..], &["--file", &missing(21)]].concat()
    ));

    for args in &runs {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsString::as_os_str).collect();
        check_run(&args, b"");
    }
    // Standard input too (the same values).
    check_run(&[std::ffi::OsStr::new("check")], lines.as_bytes());
}

/// Values per proptest case: one process run of each command line checks them all.
const VALUES_PER_CASE: usize = 24;
/// Proptest cases: about 45 process runs each.
const CASES: u32 = 12;

/// The property: hostile values, arguments and files through every subcommand's text
/// output never put a raw control or escape-set character on the terminal.
/// `CASES * VALUES_PER_CASE` values (288) through each command line.
#[test]
fn text_output_of_every_subcommand_is_terminal_safe() {
    let dir = scratch("property");
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        max_shrink_iters: 64,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&prop::collection::vec(value(), VALUES_PER_CASE), |values| {
        drive_every_subcommand(&dir, &values);
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// Runs `args` (colour off unless asked) and returns (stdout, stderr) after checking
/// both are terminal-safe.
fn safe_run(args: &[&str]) -> (String, String) {
    let out = rfc3696().args(args).output().expect("the binary runs");
    let what = format!("rfc3696 {args:?}");
    let colour = args.contains(&"always");
    assert_terminal_safe(&what, "stdout", &out.stdout, colour);
    assert_terminal_safe(&what, "stderr", &out.stderr, colour);
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

/// The line of `stdout` with the warning `code`.
fn warning_line<'s>(stdout: &'s str, code: &str) -> &'s str {
    stdout
        .lines()
        .find(|l| l.contains(code))
        .unwrap_or_else(|| panic!("no {code} warning:\n{stdout}"))
}

/// An OSC sequence (ESC `]0;` … BEL, which sets the window title) in an RFC 5322 quoted
/// local part is valid, and the UTS #39 §5.2 `mixed_script` warning quotes the local
/// part: escaped, with and without colour.
#[test]
fn rfc5322_quoted_local_part_osc_sequence_is_escaped_in_the_mixed_script_warning() {
    let value = "\"a\u{1b}]0;pwned\u{7}\u{431}\"@example.com";
    for colour in ["never", "always"] {
        let (stdout, _) = safe_run(&[
            "--color",
            colour,
            "check",
            "--kind",
            "email",
            "--profile",
            "rfc5322",
            value,
        ]);
        let warning = warning_line(&stdout, "mixed_script");
        assert!(warning.contains(r"`a\u{1b}]0;pwned\u{7}"), "{warning}");
    }
}

/// RFC 6532 local parts under `--profile smtputf8`: U+202E (`Bidi_Control`), U+200B
/// (`Default_Ignorable_Code_Point`) and U+0085 (a C1 control) in the warning that quotes
/// the local part.
#[test]
fn rfc6532_local_part_bidi_zero_width_and_c1_are_escaped_in_warnings() {
    let value = "a\u{202e}\u{200b}\u{85}\u{431}@example.com";
    let (stdout, _) = safe_run(&["check", "--kind", "email", "--profile", "smtputf8", value]);
    let warning = warning_line(&stdout, "mixed_script");
    assert!(warning.contains(r"a\u{202e}\u{200b}\u{85}"), "{warning}");
}

/// UTS #39 §4: the `confusable` warning names the protected name from the file, which
/// may hold anything: escaped. The name here holds default-ignorable characters, which
/// the skeleton drops, so it matches `pаypal`.
#[test]
fn uts39_4_protected_name_is_escaped_in_the_confusable_warning() {
    let dir = scratch("protect");
    let file = dir.join("protect.txt");
    write(&file, "pay\u{200b}\u{202e}\u{3164}pal\n".as_bytes());
    let path = file.to_str().expect("UTF-8 path");
    let (stdout, _) = safe_run(&["idna", "display", "--protect", path, "xn--pypal-4ve.com"]);
    let _ = std::fs::remove_dir_all(&dir);
    let warning = warning_line(&stdout, "[confusable]");
    assert!(
        warning.contains(r"`pay\u{200b}\u{202e}\u{3164}pal`"),
        "{warning}"
    );
}

/// A missing `--protect` file: the I/O error names the path, escaped.
#[test]
fn missing_protect_file_path_is_escaped() {
    let (_, stderr) = safe_run(&[
        "idna",
        "display",
        "--protect",
        "/nonexistent/\u{1b}]0;x\u{7}",
        "a",
    ]);
    assert!(stderr.contains(r"/nonexistent/\u{1b}]0;x\u{7}"), "{stderr}");
}

/// Usage errors (clap's, for `--kind` and `--threads`, and the tool's value parser of
/// `--resolver`) echo the argument: escaped by the tool's rule (`\` too), so that a CSI
/// sequence is neither sent nor silently dropped.
#[test]
fn usage_errors_escape_the_echoed_argument() {
    let (_, stderr) = safe_run(&["check", "--kind", "x\u{202e}\u{9b}\u{3164}\\", "a"]);
    assert!(stderr.contains(r"'x\u{202e}\u{9b}\u{3164}\\'"), "{stderr}");
    // A line feed in the argument is the argument's: it cannot forge a line of its own.
    let (_, stderr) = safe_run(&["check", "--kind", "x\nvalid   email     forged", "a"]);
    assert!(
        stderr.contains(r"'x\nvalid   email     forged'"),
        "{stderr}"
    );
    assert!(!stderr.lines().any(|l| l.starts_with("valid")), "{stderr}");
    for (args, echoed) in [
        (
            &["--threads", "1\u{115f}\u{1160}", "check", "a"][..],
            r"'1\u{115f}\u{1160}'",
        ),
        (
            &[
                "check",
                "--deliverability",
                "--resolver",
                "1\u{1b}[2J",
                "a@b.example",
            ],
            r"1\u{1b}[2J",
        ),
        (
            &[
                "mailto",
                "build",
                "--to",
                "a@b.example",
                "--header",
                "x\u{1b}[2J",
            ],
            r"x\u{1b}[2J",
        ),
    ] {
        let (_, stderr) = safe_run(args);
        assert!(stderr.contains(echoed), "{args:?}: {stderr}");
    }
}

/// `resolve --base` (RFC 3986 §5.1: an absolute URI) quotes a bad base in its error.
#[test]
fn rfc3986_5_1_resolve_base_error_escapes_the_base() {
    let (_, stderr) = safe_run(&["resolve", "--base", "http://a\u{202e}/\u{115f}\u{9b}", "g"]);
    assert!(
        stderr.contains(r#""http://a\u{202e}/\u{115f}\u{9b}""#),
        "{stderr}"
    );
}

/// U+061C (Arabic letter mark), the Hangul fillers U+3164, U+115F, U+1160, U+FFA0, the
/// Mongolian vowel separator U+180E and the Braille blank U+2800 are in the escape set.
#[test]
fn blank_looking_and_arabic_letter_mark_are_escaped_in_values() {
    for c in [
        '\u{61c}', '\u{3164}', '\u{115f}', '\u{1160}', '\u{ffa0}', '\u{180e}', '\u{2800}',
    ] {
        let value = format!("a{c}b.example");
        let (stdout, _) = safe_run(&["check", &value]);
        let escape = format!("a\\u{{{:x}}}b.example", u32::from(c));
        assert!(stdout.contains(&escape), "U+{:04X}: {stdout}", u32::from(c));
    }
}

/// The property's own check fails on each kind of unsafe output (so that it can fail).
#[test]
fn the_safety_check_rejects_raw_controls() {
    for bad in [
        "\u{1b}[2J",
        "\t",
        "\u{9b}",
        "\u{202e}",
        "\u{3164}",
        "\u{e000}",
        "\r",
    ] {
        let result = std::panic::catch_unwind(|| {
            assert_terminal_safe(
                "self-test",
                "stdout",
                format!("a{bad}b\n").as_bytes(),
                false,
            );
        });
        assert!(result.is_err(), "{bad:?} passed");
    }
    assert_terminal_safe(
        "self-test",
        "stdout",
        "\u{1b}[31mred\u{1b}[0m \\u{1b}\n".as_bytes(),
        true,
    );
}

/// `rfc3696 sql` tables show values read from files: string cells escaped before the
/// columns are measured, nested values escaped in the finished lines, and the query
/// quoted in an error escaped too.
#[cfg(feature = "sql")]
#[test]
fn sql_table_cells_and_errors_are_escaped() {
    let dir = scratch("sql");
    write(
        &dir.join("t.csv"),
        "name,email\n\"a\u{1b}]0;x\u{7}\",b\u{202e}\u{3164}@example.com\n".as_bytes(),
    );
    for query in [
        "SELECT name, email, email_valid(email) AS ok FROM 't.csv'",
        "SELECT named_struct('v', name) AS s FROM 't.csv'",
        "SELECT \u{1b}[2J FROM 't.csv'",
    ] {
        let out = rfc3696()
            .current_dir(&dir)
            .args(["sql", query])
            .output()
            .expect("the binary runs");
        let what = format!("rfc3696 sql {query:?}");
        assert_terminal_safe(&what, "stdout", &out.stdout, false);
        assert_terminal_safe(&what, "stderr", &out.stderr, false);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(all.contains(r"\u{1b}"), "{what}: {all}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
