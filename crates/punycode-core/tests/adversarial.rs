//! Adversarial inputs ("Input safety" in the crate docs): megabyte runs of one
//! byte, overflow bait and long runs of high code points. Each case asserts the exact
//! result: the error kind and offset, or the value and its size.
//!
//! No timing assertions. Linear cost is shown where the API exposes a count (the number
//! of code points `validate` returns, the bytes `encode` writes); otherwise the inputs are
//! 1 MiB, so a quadratic path (10^12 steps) would make the test visibly time out.
//! These run on the default 2 MiB test thread, so a recursive path would overflow it.

use core::fmt;

use punycode_core::{DEFAULT_MAX_INPUT_LEN, Options, PunycodeErrorKind as K};

const MIB: usize = 1 << 20;

/// A `fmt::Write` that counts bytes and calls instead of storing them.
#[derive(Default)]
struct Counter {
    bytes: usize,
    calls: usize,
}

impl fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes += s.len();
        self.calls += 1;
        Ok(())
    }
}

#[track_caller]
fn validate_err(input: &[u8], kind: K, offset: usize) {
    let err = punycode_core::validate(input).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (kind, offset));
}

/// The limit is checked before any work: one byte over 1 MiB is `too_long`, whatever
/// the bytes are (RFC 3492 §6.4 arithmetic is 32-bit; the crate caps input size).
#[test]
fn one_byte_over_the_limit_is_too_long_for_every_entry_point() {
    let input = vec![b'a'; DEFAULT_MAX_INPUT_LEN + 1];
    validate_err(&input, K::TooLong, DEFAULT_MAX_INPUT_LEN);
    let mut buf = vec!['\0'; input.len()];
    let err = punycode_core::decode_into(&input, &mut buf).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (K::TooLong, DEFAULT_MAX_INPUT_LEN)
    );
    let mut mixed = vec![('\0', false); input.len()];
    let err = punycode_core::decode_mixed_case_into(&input, &mut mixed).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (K::TooLong, DEFAULT_MAX_INPUT_LEN)
    );

    let text = "a".repeat(DEFAULT_MAX_INPUT_LEN + 1);
    let err = punycode_core::encode_str(&text, &mut Counter::default()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (K::TooLong, DEFAULT_MAX_INPUT_LEN)
    );
    let chars = vec!['\u{10FFFF}'; DEFAULT_MAX_INPUT_LEN + 1];
    let err = punycode_core::encode(&chars, &mut Counter::default()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (K::TooLong, DEFAULT_MAX_INPUT_LEN)
    );
}

#[cfg(feature = "alloc")]
#[test]
fn one_byte_over_the_limit_is_too_long_for_the_alloc_entry_points() {
    let text = "-".repeat(DEFAULT_MAX_INPUT_LEN + 1);
    for err in [
        punycode_core::encode_to_string(&text).unwrap_err(),
        punycode_core::decode_to_string(&text).unwrap_err(),
        punycode_core::decode_mixed_case(&text).unwrap_err(),
    ] {
        assert_eq!(
            (err.kind(), err.offset()),
            (K::TooLong, DEFAULT_MAX_INPUT_LEN)
        );
    }
}

/// A lowered limit (as for network input) applies the same way.
#[test]
fn a_lowered_limit_rejects_a_long_label() {
    let opts = Options::DEFAULT.with_max_input_len(59);
    let err = opts.validate(&vec![b'a'; MIB]).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::TooLong, 59));
}

/// 1 MiB of hyphens: everything before the last delimiter is basic, so it decodes to
/// 1 MiB - 1 hyphens (RFC 3492 §6.2). `validate` counts them in one pass.
#[test]
fn mebibyte_of_hyphens_is_basic_code_points() {
    let input = vec![b'-'; MIB];
    assert_eq!(punycode_core::validate(&input).unwrap(), MIB - 1);
    let mut buf = vec!['\0'; MIB];
    let out = punycode_core::decode_into(&input, &mut buf).unwrap();
    assert_eq!(out.len(), MIB - 1);
    assert!(out.iter().all(|&c| c == '-'));
}

/// 1 MiB of dots: basic code points with no delimiter are read as digits, and `.` is
/// not a digit (RFC 3492 §5): the very first byte is rejected.
#[test]
fn mebibyte_of_dots_is_an_invalid_digit_at_zero() {
    validate_err(&vec![b'.'; MIB], K::InvalidDigit, 0);
    validate_err(&vec![b'%'; MIB], K::InvalidDigit, 0);
}

/// 1 MiB of `9` (digit value 35): the variable-length integer never terminates before
/// `w` overflows 32 bits (RFC 3492 §6.4), a few digits in.
#[test]
fn mebibyte_of_nines_overflows_early() {
    validate_err(&vec![b'9'; MIB], K::Overflow, 7);
}

/// 1 MiB of `a` (digit 0): every digit is a whole delta of 0, so each inserts U+0080
/// at the end (RFC 3492 §6.2): 1 MiB code points, counted by `validate` in one pass and
/// decoded with appends only.
#[test]
fn mebibyte_of_digit_zero_is_one_code_point_per_byte() {
    let input = vec![b'a'; MIB];
    assert_eq!(punycode_core::validate(&input).unwrap(), MIB);
    let mut buf = vec!['\0'; MIB];
    let out = punycode_core::decode_into(&input, &mut buf).unwrap();
    assert_eq!(out.len(), MIB);
    assert!(out.iter().all(|&c| c == '\u{80}'));
}

/// A 1 MiB label with the high bits set: non-ASCII bytes are not digits.
#[test]
fn mebibyte_of_non_ascii_is_an_invalid_digit() {
    validate_err(&vec![0xF4; MIB], K::InvalidDigit, 0);
}

/// 100,000 copies of U+10FFFF: one distinct code point, so the §6.3 deltas stay small;
/// encodes, and the encoding validates to 100,000 code points.
#[test]
fn hundred_thousand_max_code_points_round_trip() {
    let chars = vec!['\u{10FFFF}'; 100_000];
    let mut out = String::new();
    punycode_core::encode(&chars, &mut out).unwrap();
    assert_eq!(punycode_core::validate(out.as_bytes()).unwrap(), 100_000);
    let mut buf = vec!['\0'; out.len()];
    let decoded = punycode_core::decode_into(out.as_bytes(), &mut buf).unwrap();
    assert_eq!(decoded, &chars[..]);
}

/// How many distinct code points the ascending round trip uses. With `alloc` the
/// encoder is O(n log n); without it the crate documents the RFC's O(n · d) loop for `d`
/// distinct code points (10^10 steps for 100,000), so fewer are used there.
const DISTINCT: u32 = if cfg!(feature = "alloc") {
    100_000
} else {
    4_096
};

/// `DISTINCT` distinct code points counting up to U+10FFFF, written in ascending order
/// (each insertion at the end): encodes and decodes back.
#[test]
fn distinct_high_code_points_round_trip() {
    let chars: Vec<char> = (0x0010_FFFF - DISTINCT + 1..=0x0010_FFFF)
        .filter_map(char::from_u32)
        .collect();
    assert_eq!(chars.len(), DISTINCT as usize);
    let mut out = Counter::default();
    punycode_core::encode(&chars, &mut out).unwrap();
    let mut text = String::with_capacity(out.bytes);
    punycode_core::encode(&chars, &mut text).unwrap();
    assert_eq!(text.len(), out.bytes);
    assert_eq!(
        punycode_core::validate(text.as_bytes()).unwrap(),
        DISTINCT as usize
    );
    let mut buf = vec!['\0'; text.len()];
    let decoded = punycode_core::decode_into(text.as_bytes(), &mut buf).unwrap();
    assert_eq!(decoded, &chars[..]);
}

/// The same code points in descending order: every insertion lands at position 0, the
/// worst case for an in-place decoder. With `alloc` the decoder is O(n log n); without
/// it the crate documents O(n²) moves, so this case is run with `alloc` only.
#[cfg(feature = "alloc")]
#[test]
fn hundred_thousand_descending_high_code_points_round_trip() {
    let text: String = (0x0010_FFFF - 100_000 + 1..=0x0010_FFFF)
        .rev()
        .filter_map(char::from_u32)
        .collect();
    let encoded = punycode_core::encode_to_string(&text).unwrap();
    assert_eq!(punycode_core::decode_to_string(&encoded).unwrap(), text);
}

/// Basic letters and U+10FFFF alternating: after the 50,000 basic code points the first
/// delta is (0x10FFFF - 0x80) × 50,001 > 2³², an overflow of the §6.3 arithmetic,
/// reported (not wrapped) at the first non-basic code point.
#[test]
fn alternating_basic_and_max_code_points_overflow_on_encode() {
    let chars: Vec<char> = (0..100_000)
        .map(|i| if i % 2 == 0 { 'a' } else { '\u{10FFFF}' })
        .collect();
    let err = punycode_core::encode(&chars, &mut Counter::default()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::Overflow, 1));
}

/// A 1 MiB string of 4-byte code points is exactly at the limit in bytes (262,144 code
/// points); encoding is allowed and writes more than one chunk.
#[test]
fn mebibyte_of_four_byte_code_points_encodes() {
    let text = "\u{10FFFF}".repeat(MIB / 4);
    let mut out = Counter::default();
    punycode_core::encode_str(&text, &mut out).unwrap();
    assert!(out.bytes > MIB / 4, "{} bytes", out.bytes);
    assert!(out.calls >= 1);
}

/// A 1 MiB line of many distinct code points (the long-input benchmark's worst case)
/// with `alloc`: O(n log n) both ways.
#[cfg(feature = "alloc")]
#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "one mebibyte fits in a `u32`"
)]
fn mebibyte_of_mixed_code_points_round_trips() {
    let text: String = (0..MIB as u32 / 4)
        .filter_map(|i| char::from_u32(0x1_0000 + (i * 7919) % 0xF_0000))
        .collect();
    assert_eq!(text.len(), MIB);
    let encoded = punycode_core::encode_to_string(&text).unwrap();
    // The encoding of so many distinct code points is longer than the input, hence over
    // the decoder's 1 MiB limit: decode it with a raised limit.
    assert!(encoded.len() > MIB, "{}", encoded.len());
    let err = punycode_core::decode_to_string(&encoded).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (K::TooLong, DEFAULT_MAX_INPUT_LEN)
    );
    let wide = Options::DEFAULT.with_max_input_len(encoded.len());
    assert_eq!(wide.decode_to_string(&encoded).unwrap(), text);
}
