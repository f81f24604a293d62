//! Helpers shared by the test modules.

use assert_cmd::Command;
use serde_json::Value;

/// The `rfc3696` binary built by cargo for this test run, with colour forced off and a
/// fixed environment so that snapshots do not depend on the caller's terminal.
pub fn rfc3696() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rfc3696"));
    cmd.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    cmd
}

/// Runs `args` with `stdin`, returning (exit code, stdout, stderr).
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = rfc3696()
        .args(args)
        .write_stdin(stdin.as_bytes().to_vec())
        .output()
        .expect("the binary runs");
    (
        out.status.code().expect("exited normally"),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

/// Runs `args` with empty standard input, asserts exit status `code`, returns standard
/// output.
pub fn stdout_of(args: &[&str], code: i32) -> String {
    let (status, stdout, stderr) = run(args, "");
    assert_eq!(status, code, "{args:?}: {stderr}");
    stdout
}

/// Runs `args` with empty standard input and asserts the contract's usage or I/O error:
/// exit status 2 and nothing on standard output. Returns standard error, for the caller
/// to check that it names the rule.
pub fn usage_error(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args, "");
    assert_eq!(code, 2, "{args:?}: {stderr}");
    assert!(stdout.is_empty(), "{args:?}: {stdout}");
    stderr
}

/// [`usage_error`], whose message must contain `needle`.
pub fn assert_usage_error(args: &[&str], needle: &str) {
    let stderr = usage_error(args);
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
}

/// Parses JSON Lines output, asserting the contract's keys are present on every object.
pub fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("each line is one JSON object");
            for key in ["input", "kind", "valid", "errors", "warnings"] {
                assert!(v.get(key).is_some(), "missing {key:?} in {line}");
            }
            for e in v["errors"].as_array().expect("errors is an array") {
                assert!(
                    e["code"].is_string() && e["offset"].is_u64() && e["message"].is_string(),
                    "{e}"
                );
            }
            for w in v["warnings"].as_array().expect("warnings is an array") {
                assert!(w["code"].is_string() && w["message"].is_string(), "{w}");
            }
            v
        })
        .collect()
}

/// The error codes of one result.
pub fn codes(v: &Value) -> Vec<&str> {
    v["errors"]
        .as_array()
        .map(|a| a.iter().filter_map(|e| e["code"].as_str()).collect())
        .unwrap_or_default()
}

/// Rows of a vendored TSV file under `testdata/` (header line = column names; no
/// quoting, as the files are written).
pub fn tsv(path: &str) -> Vec<std::collections::HashMap<String, String>> {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header line").split('\t').collect();
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            header
                .iter()
                .zip(l.split('\t'))
                .map(|(k, v)| ((*k).to_owned(), v.to_owned()))
                .collect()
        })
        .collect()
}

/// `values` as `--json-input` lines.
pub fn json_input(values: &[String]) -> String {
    values
        .iter()
        .map(|v| serde_json::to_string(v).expect("a string serializes") + "\n")
        .collect()
}

/// Runs `args --json --json-input` over `values`; one result per value, in order.
pub fn check_json(args: &[&str], values: &[String]) -> (i32, Vec<Value>) {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--json", "--json-input"]);
    let (code, stdout, stderr) = run(&all, &json_input(values));
    let results = json_lines(&stdout);
    assert_eq!(
        results.len(),
        values.len(),
        "{args:?}: one result per value; stderr: {stderr}"
    );
    for (r, v) in results.iter().zip(values) {
        assert_eq!(
            r["input"].as_str(),
            Some(v.as_str()),
            "results are in input order"
        );
    }
    (code, results)
}

/// Owned copies of `values`, for [`check_json`].
pub fn strings(values: &[&str]) -> Vec<String> {
    values.iter().map(|v| (*v).to_owned()).collect()
}

/// [`check_json`] over `values`, asserting exit status `code`.
pub fn results_of(args: &[&str], values: &[&str], code: i32) -> Vec<Value> {
    let (status, results) = check_json(args, &strings(values));
    assert_eq!(status, code, "{args:?}");
    results
}
