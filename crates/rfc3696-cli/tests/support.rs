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
