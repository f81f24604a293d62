//! Whatever the input, every subcommand answers: one well-formed result per value, error
//! offsets inside the value and on a character boundary, exit status 0 or 1, nothing on
//! standard error. Pseudo-random values built from the pieces parsers trip over.

use crate::common::{check_json, rfc3696};

/// Pieces of names, addresses and URIs, with control characters, non-ASCII and
/// percent-encodings among them.
const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    "9",
    "-",
    ".",
    "_",
    "@",
    ":",
    "/",
    "?",
    "#",
    "[",
    "]",
    "%",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "\"",
    "\\",
    " ",
    "\t",
    "<",
    ">",
    "~",
    "\0",
    "\x7f",
    "\r",
    "\n",
    "ü",
    "例",
    "\u{200d}",
    "\u{feff}",
    "\u{1f4a9}",
    "xn--",
    "http://",
    "mailto:",
    "%25",
    "%C3%A9",
    "%ff",
    "[IPv6:",
    "::",
    "example.com",
];

/// Deterministic xorshift, so a failure reproduces.
fn values(n: usize, mut seed: u64) -> Vec<String> {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    (0..n)
        .map(|_| {
            let len = next() % 24;
            (0..len)
                .map(|_| PIECES[usize::try_from(next() % PIECES.len() as u64).expect("small")])
                .collect()
        })
        .collect()
}

#[test]
fn every_subcommand_answers_every_value() {
    let values = values(3000, 0x3696);
    let commands: &[&[&str]] = &[
        &["check"],
        &["check", "--kind", "domain"],
        &["check", "--kind", "dns"],
        &["check", "--kind", "email"],
        &["check", "--kind", "email", "--profile", "rfc5322"],
        &["check", "--kind", "email", "--profile", "rfc3696"],
        &["check", "--kind", "uri-ref"],
        &["check", "--kind", "http"],
        &["check", "--kind", "mailto"],
        &["punycode", "decode"],
        &["idna", "to-unicode"],
        &["resolve", "--base", "http://a/b/c/d;p?q"],
    ];
    for args in commands {
        // check_json asserts one result per value, in order, with the contract's keys.
        let (code, results) = check_json(args, &values);
        assert!(code == 0 || code == 1, "{args:?}: exit {code}");
        for (r, v) in results.iter().zip(&values) {
            for e in r["errors"].as_array().expect("errors") {
                let offset = usize::try_from(e["offset"].as_u64().expect("offset")).expect("fits");
                assert!(
                    offset <= v.len() && v.is_char_boundary(offset),
                    "{args:?} {v:?}: offset {offset}"
                );
            }
        }
        // The text rendering of the same values (carets, escapes) must not fail either.
        let out = rfc3696()
            .args(*args)
            .arg("--json-input")
            .write_stdin(crate::common::json_input(&values))
            .output()
            .expect("runs");
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
