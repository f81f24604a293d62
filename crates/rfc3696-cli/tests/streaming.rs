//! Standard input streamed in batches on all cores: every line gets exactly one result,
//! in input order.

use std::fmt::Write as _;

use crate::support::rfc3696;

/// More lines than several batches (16 Ki lines each), with invalid ones sprinkled in.
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
