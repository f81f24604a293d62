//! A worked example: `bücher` ⇄ `bcher-kva` and the insertion
//! sequence that follows it (RFC 3492 §3.2 insertion unsort coding: each delta moves
//! the decoder's `(n, i)` state forward, wrapping `i` into `n`).

use punycode_core::{decode_into, encode_str, validate};

fn decode(input: &str) -> String {
    let mut buf = vec!['\0'; input.len()];
    decode_into(input.as_bytes(), &mut buf)
        .unwrap()
        .iter()
        .collect()
}

fn encode(input: &str) -> String {
    let mut out = String::new();
    encode_str(input, &mut out).unwrap();
    out
}

#[test]
fn buecher_both_ways() {
    assert_eq!(encode("bücher"), "bcher-kva");
    assert_eq!(decode("bcher-kva"), "bücher");
    assert_eq!(validate(b"bcher-kva"), Ok(6));
}

/// After "kva" inserted ü (U+00FC) at index 1, the state is n = U+00FC, i = 2 in a
/// string of 6 code points (7 insertion points).
#[test]
fn insertion_sequence_after_kva() {
    let cases = [
        // delta 0: same code point, next index.
        ("bcher-kvaa", "büücher"),
        // delta 1: skip one index.
        ("bcher-kvab", "bücüher"),
        // delta 4: i = 6, the last insertion point.
        ("bcher-kvae", "bücherü"),
        // delta 5: i = 7 wraps to 0 and n becomes U+00FD.
        ("bcher-kvaf", "ýbücher"),
        // "jva" = 744 puts ü at index 0, then "b" moves one index further.
        ("bcher-jvab", "übücher"),
    ];
    for (puny, unicode) in cases {
        assert_eq!(decode(puny), unicode, "{puny}");
        assert_eq!(encode(unicode), puny, "{unicode}");
    }
}

#[test]
fn uppercase_digits_decode_like_lowercase_rfc3492_section5() {
    assert_eq!(decode("bcher-KVA"), "bücher");
    assert_eq!(decode("BCHER-kva"), "BüCHER");
}
