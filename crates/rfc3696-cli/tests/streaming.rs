//! Standard input streamed in batches on all cores: every line gets exactly one result,
//! in input order.

use std::fmt::Write as _;

use crate::common::rfc3696;

/// More lines than several batches (4 Ki lines each), with invalid ones sprinkled in.
const LINES: usize = 200_000;

fn generated() -> String {
    let mut input = String::with_capacity(LINES * 24);
    for i in 0..LINES {
        if i % 997 == 0 {
            let _ = writeln!(input, "bad..{i}.example");
        } else {
            let _ = writeln!(input, "host{i}.rfc3696.net");
        }
    }
    input
}

#[test]
fn large_stdin_keeps_count_and_order_in_json() {
    let out = rfc3696()
        .args(["check", "--kind", "domain", "--json"])
        .write_stdin(generated())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "some lines are invalid");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let mut n = 0;
    for (i, line) in stdout.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let bad = i % 997 == 0;
        let want = if bad {
            format!("bad..{i}.example")
        } else {
            format!("host{i}.rfc3696.net")
        };
        assert_eq!(v["input"], want.as_str(), "line {i}");
        assert_eq!(v["valid"], !bad, "line {i}");
        n += 1;
    }
    assert_eq!(n, LINES);
}

#[test]
fn large_stdin_text_summary_counts_everything() {
    let out = rfc3696()
        .args(["check", "--kind", "domain"])
        .write_stdin(generated())
        .output()
        .expect("runs");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let invalid = LINES.div_ceil(997);
    let last = stdout.lines().last().expect("summary");
    assert_eq!(
        last,
        format!(
            "{LINES} values: {} valid (0 with warnings), {invalid} invalid",
            LINES - invalid
        )
    );
    // Verdict lines come in input order too.
    let verdicts: Vec<&str> = stdout.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(verdicts.len(), LINES + 1);
    assert_eq!(verdicts[1], "valid   domain    host1.rfc3696.net");
    assert_eq!(
        verdicts[LINES - 1],
        format!("valid   domain    host{}.rfc3696.net", LINES - 1)
    );
}

#[test]
fn output_does_not_depend_on_the_number_of_threads() {
    let corpus = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/corpus/emails.txt"
    );
    let with = |threads: &str| {
        let out = rfc3696()
            .args(["--threads", threads, "check", "--json", "--file", corpus])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1), "the corpus has invalid lines");
        out.stdout
    };
    let one = with("1");
    assert_eq!(
        one.split(|&b| b == b'\n').count(),
        20_001,
        "20,000 lines and the empty tail"
    );
    assert!(one == with("3"), "same bytes with 1 and 3 threads");
    assert!(one == with("8"), "same bytes with 1 and 8 threads");
}

#[test]
fn results_arrive_while_the_input_is_still_open() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc3696"))
        .args(["check", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawns");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("UTF-8 line")).is_err() {
                break;
            }
        }
    });
    // One line, input kept open: its result must come without waiting for more.
    stdin.write_all(b"first.rfc3696.net\n").expect("write");
    stdin.flush().expect("flush");
    let first = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("a result before end of input");
    assert!(first.contains("\"input\":\"first.rfc3696.net\""), "{first}");
    stdin.write_all(b"second..rfc3696.net\n").expect("write");
    drop(stdin);
    let second = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("second result");
    assert!(second.contains("\"valid\":false"), "{second}");
    assert_eq!(child.wait().expect("exits").code(), Some(1));
    reader.join().expect("reader thread");
}

/// Lines around the batch size (4 Ki lines) through the command itself: every line gets
/// exactly one result, in order, with any number of threads; CRLF ends, empty lines,
/// invalid UTF-8 and a last line without a newline included.
#[test]
fn batch_boundaries_lose_duplicate_and_reorder_nothing() {
    const BATCH: usize = 4 * 1024;
    for n in [BATCH - 1, BATCH + 1, 2 * BATCH, 3 * BATCH + 1] {
        let mut input = Vec::new();
        let mut expected = Vec::new();
        for i in 0..n {
            // (An empty last line without a newline would be no line at all.)
            let value = match if i + 1 == n { 0 } else { i % 11 } {
                2 => String::new(),
                4 => {
                    input.extend_from_slice(b"u\xFF");
                    input.extend_from_slice(i.to_string().as_bytes());
                    format!("u\u{FFFD}{i}")
                }
                _ => {
                    let value = format!("user{i}@example.com");
                    input.extend_from_slice(value.as_bytes());
                    value
                }
            };
            expected.push(value);
            if i % 5 == 0 {
                input.push(b'\r');
            }
            // The last line of every other input has no newline.
            if i + 1 < n || n.is_multiple_of(2) {
                input.push(b'\n');
            }
        }
        let mut outputs = Vec::new();
        for threads in ["1", "2", "3"] {
            let out = rfc3696()
                .args(["--threads", threads, "check", "--kind", "email", "--json"])
                .write_stdin(input.clone())
                .output()
                .expect("runs");
            assert_eq!(out.status.code(), Some(1), "some lines are invalid");
            let stdout = String::from_utf8(out.stdout).expect("UTF-8");
            let inputs: Vec<String> = stdout
                .lines()
                .map(|line| {
                    let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
                    v["input"].as_str().expect("input").to_owned()
                })
                .collect();
            assert_eq!(inputs.len(), n, "{n} lines, {threads} threads");
            for (i, (got, want)) in inputs.iter().zip(&expected).enumerate() {
                assert_eq!(got, want, "line {i} of {n}, {threads} threads");
            }
            outputs.push(stdout);
        }
        assert!(
            outputs.iter().all(|o| *o == outputs[0]),
            "{n} lines: the same bytes with 1, 2 and 3 threads"
        );
    }
}
