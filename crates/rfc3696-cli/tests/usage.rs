//! Usage errors, help and exit statuses (exit status 0 valid, 1 invalid, 2 usage or I/O).

use crate::common::{assert_usage_error, rfc3696, run, usage_error};

#[test]
fn no_subcommand_is_a_usage_error() {
    assert_usage_error(&[], "Usage: rfc3696");
}

#[test]
fn unknown_kind_and_profile_are_usage_errors() {
    for args in [
        &["check", "--kind", "url", "x"][..],
        &[
            "check",
            "--kind",
            "email",
            "--profile",
            "strict",
            "a@example.com",
        ],
        &["punycode", "transcode", "x"],
        &["check", "--no-such-flag"],
    ] {
        assert_usage_error(args, "error:");
    }
}

#[test]
fn missing_required_arguments_are_usage_errors() {
    for args in [
        &["resolve", "g"][..],
        &["mailto", "build", "--subject", "hi"],
    ] {
        assert_usage_error(args, "required");
    }
}

#[test]
fn header_needs_name_equals_value() {
    for (header, needle) in [
        ("novalue", "expected NAME=VALUE"),
        ("=v", "header name is empty"),
    ] {
        assert_usage_error(
            &[
                "mailto",
                "build",
                "--to",
                "a@example.com",
                "--header",
                header,
            ],
            needle,
        );
    }
}

#[test]
fn unreadable_file_is_an_io_error() {
    let stderr = usage_error(&["check", "--file", "/nonexistent/names.txt"]);
    insta::assert_snapshot!(stderr, @"rfc3696: error: /nonexistent/names.txt: No such file or directory (os error 2)");
}

#[test]
fn every_subcommand_has_help_with_examples() {
    // Each command (its words split at spaces; the first is the bare `rfc3696`) with --help.
    for command in [
        "",
        "check",
        "punycode",
        "punycode encode",
        "punycode decode",
        "idna",
        "idna to-ascii",
        "idna to-unicode",
        "idna display",
        "resolve",
        "mailto",
        "mailto build",
    ] {
        let args: Vec<&str> = command.split_whitespace().chain(["--help"]).collect();
        let (code, stdout, stderr) = run(&args, "");
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(stdout.contains("Examples:"), "{args:?}: {stdout}");
        assert!(stdout.contains("Usage: rfc3696"), "{args:?}");
    }
}

#[test]
fn check_help_snapshot() {
    let (_, stdout, _) = run(&["check", "--help"], "");
    insta::assert_snapshot!(stdout);
}

#[test]
fn version_exits_zero() {
    rfc3696()
        .arg("--version")
        .assert()
        .success()
        .stdout(concat!("rfc3696 ", env!("CARGO_PKG_VERSION"), "\n"));
}

#[test]
fn read_error_names_what_was_read() {
    // Opening a directory succeeds on Unix; reading it fails.
    let dir = env!("CARGO_MANIFEST_DIR");
    let stderr = usage_error(&["check", "--file", dir]);
    assert!(
        stderr.starts_with(&format!("rfc3696: error: {dir}: ")),
        "{stderr}"
    );
}

/// A subcommand whose cargo feature is off in this build (`sql` and `cluster` in the
/// default build) names the feature to build with and exits with 2, whatever its
/// arguments, `--help` included; it is not listed in the help.
#[cfg(not(feature = "sql"))]
#[test]
fn a_subcommand_built_out_names_its_feature() {
    for (args, feature) in [
        (&["sql", "SELECT 1"][..], "sql"),
        (&["sql", "--format", "csv", "--help"], "sql"),
        (
            &["cluster", "scheduler", "--bind", "127.0.0.1:50050"],
            "cluster",
        ),
        (&["cluster"], "cluster"),
    ] {
        let stderr = usage_error(args);
        assert!(
            stderr.contains(&format!("rebuild with --features {feature}")),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("unrecognized subcommand"), "{stderr}");
    }
    let (_, help, _) = run(&["--help"], "");
    assert!(!help.contains("sql") && !help.contains("cluster"), "{help}");
}
