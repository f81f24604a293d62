//! Human-facing error output, snapshotted with insta: one line per rejected input with
//! its code, offset and message (accept/reject decisions are asserted in `errors.rs`).

use std::fmt::Write;

use punycode_core::validate;

#[test]
fn error_messages() {
    let inputs: [&[u8]; 10] = [
        b"-kva",
        "bü-kva".as_bytes(),
        b"bcher-k_a",
        b"bcher-kv",
        b"99999999999",
        b"a-rc4g",
        b"a- b",
        b"_",
        b"-",
        b"bcher-kva.",
    ];
    let mut report = String::new();
    for input in inputs {
        let e = validate(input).unwrap_err();
        writeln!(
            report,
            "{:<14} {:<28} at {:>2}: {e}",
            String::from_utf8_lossy(input),
            e.code(),
            e.offset()
        )
        .unwrap();
    }
    insta::assert_snapshot!(report);
}
