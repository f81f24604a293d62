//! Errors: the exact kind and offset for each rule of RFC 3492 §6.2–§6.4, plus the
//! crate's own limits.

use crate::reference::encode_integer;
use punycode_core::{
    INITIAL_BIAS, Options, PunycodeError, PunycodeErrorKind as K, decode_into, encode, encode_str,
    validate,
};

fn err(input: &[u8]) -> (K, usize) {
    let e = validate(input).unwrap_err();
    // decode_into must agree with validate when the buffer is large enough.
    let mut buf = vec!['\0'; input.len()];
    assert_eq!(decode_into(input, &mut buf).unwrap_err(), e);
    (e.kind(), e.offset())
}

#[test]
fn leading_delimiter_with_empty_basic_part_rfc3492_section6_2() {
    assert_eq!(err(b"-"), (K::LeadingDelimiter, 0));
    assert_eq!(err(b"-kva"), (K::LeadingDelimiter, 0));
    // With a basic part, the last delimiter is consumed and the rest decodes.
    assert_eq!(validate(b"--"), Ok(1));
    assert_eq!(validate(b"a-"), Ok(1));
    assert_eq!(validate(b"-a-"), Ok(2));
}

#[test]
fn non_basic_before_delimiter_rfc3492_section6_2() {
    assert_eq!(err("bü-kva".as_bytes()), (K::NonBasicBeforeDelimiter, 1));
    assert_eq!(err("ü-".as_bytes()), (K::NonBasicBeforeDelimiter, 0));
    assert_eq!(err(b"ab\xff-a"), (K::NonBasicBeforeDelimiter, 2));
}

#[test]
fn invalid_digit_rfc3492_section5() {
    assert_eq!(err(b"_"), (K::InvalidDigit, 0));
    assert_eq!(err(b"bcher-k_a"), (K::InvalidDigit, 7));
    assert_eq!(err(b"bcher-kva."), (K::InvalidDigit, 9));
    assert_eq!(err(b"a- b"), (K::InvalidDigit, 2));
    assert_eq!(err("bcher-kvé".as_bytes()), (K::InvalidDigit, 8));
    assert_eq!(err(b"bcher-kv\x80"), (K::InvalidDigit, 8));
    for b in [b'@', b'[', b'`', b'{', b'/', b':', b'\0', 0x7F] {
        assert_eq!(err(&[b'a', b'-', b]), (K::InvalidDigit, 2), "{b:#x}");
    }
}

#[test]
fn truncated_integer_rfc3492_section6_2() {
    assert_eq!(err(b"bcher-kv"), (K::Truncated, 8));
    // '9' (35) is never below the first threshold (tmin = 1 while k <= bias).
    assert_eq!(err(b"9"), (K::Truncated, 1));
    assert_eq!(err(b"b-z"), (K::Truncated, 3));
}

/// §6.4: with bias 72 the first two thresholds are tmin = 1, then tmax = 26, so the
/// weights of "9999…" are 1, 35, 35², 35²·10, 35²·10², …; after the digit at offset 7
/// `i = 35 · (1 + 35 + 1225 + 12250 + … + 122500000) > 2³² - 1`.
#[test]
fn overflow_of_i_rfc3492_section6_4() {
    assert_eq!(err(b"99999999999"), (K::Overflow, 7));
    assert_eq!(err(b"a-99999999999"), (K::Overflow, 9));
}

/// §6.4: long runs of digits at or above their thresholds overflow `i` (or `w`) at
/// the digit where the product no longer fits; the offset is that digit's.
#[test]
fn overflow_in_long_integers_rfc3492_section6_4() {
    for input in [
        "bb0000000000000",
        "a-9999999999999",
        "00000000000000",
        "ab-b99999999999",
        "a-ba99999999999",
    ] {
        let (kind, offset) = err(input.as_bytes());
        assert_eq!(kind, K::Overflow, "{input}");
        assert_eq!(
            crate::reference::decode(input.as_bytes()).unwrap_err(),
            (K::Overflow, offset),
            "{input}"
        );
    }
}

/// §6.4: `n + i div (length + 1)` overflows: the first delta `u32::MAX` on an empty
/// basic part gives n = 0x80 + 0xFFFFFFFF. Offset: first digit of that delta.
#[test]
fn overflow_of_n_rfc3492_section6_4() {
    let delta = encode_integer(u32::MAX, INITIAL_BIAS);
    assert_eq!(err(delta.as_bytes()), (K::Overflow, 0));
    let input = format!("ab-{delta}");
    // With two basic code points n + u32::MAX / 3 does not overflow, but is far above
    // U+10FFFF.
    assert_eq!(err(input.as_bytes()), (K::InvalidCodePoint, 3));
}

#[test]
fn invalid_code_point_rfc3492_section6_2() {
    // Surrogates: U+D800 after "a", and U+DFFF alone.
    assert_eq!(err(b"a-rc4g"), (K::InvalidCodePoint, 2));
    let dfff = encode_integer(0xDFFF - 0x80, INITIAL_BIAS);
    assert_eq!(err(dfff.as_bytes()), (K::InvalidCodePoint, 0));
    // U+10FFFF is fine, U+110000 is not.
    assert_eq!(validate(b"a-h023p"), Ok(2));
    let above = format!(
        "a-{}",
        encode_integer((0x11_0000 - 0x80) * 2 + 1, INITIAL_BIAS)
    );
    assert_eq!(err(above.as_bytes()), (K::InvalidCodePoint, 2));
    // The code point just below the surrogates is fine.
    assert_eq!(validate(b"a-pc4g"), Ok(2));
}

#[test]
fn buffer_too_small_offsets() {
    let mut three = ['\0'; 3];
    let e = decode_into(b"bcher-kva", &mut three).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::BufferTooSmall, 3));
    // The basic part fits in 5, the insertion (delta at offset 6) does not.
    let mut five = ['\0'; 5];
    let e = decode_into(b"bcher-kva", &mut five).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::BufferTooSmall, 6));
    let mut six = ['\0'; 6];
    assert_eq!(decode_into(b"bcher-kva", &mut six).unwrap().len(), 6);
    let mut none: [char; 0] = [];
    assert_eq!(decode_into(b"", &mut none), Ok(&[][..]));
    let e = decode_into(b"kva", &mut none).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::BufferTooSmall, 0));
}

/// RFC 3492 §6.2 fails on a non-basic code point before the delimiter whatever the
/// output buffer: that error wins over a buffer too small for the basic part, and a
/// non-ASCII byte is found wherever it is in a basic part copied in one pass (first,
/// middle, last of a label's; beyond the buffer; in the O(n log n) path's input).
#[test]
fn non_basic_before_delimiter_wins_over_buffer_too_small() {
    let mut two = [('\0', false); 2];
    for (input, offset) in [
        ("\u{e9}bc-a", 0),
        ("ab\u{e9}-a", 2),
        ("abcdefgh\u{e9}-a", 8),
        ("abcdefghijklmnop\u{e9}-a", 16),
    ] {
        let mut chars = ['\0'; 64];
        let e = decode_into(input.as_bytes(), &mut two.map(|(c, _)| c)).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::NonBasicBeforeDelimiter, offset));
        let e = decode_into(input.as_bytes(), &mut chars).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::NonBasicBeforeDelimiter, offset));
        let e = punycode_core::decode_mixed_case_into(input.as_bytes(), &mut two).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::NonBasicBeforeDelimiter, offset));
    }
    let long = format!("{}\u{e9}-a", "a".repeat(600));
    let e = decode_into(long.as_bytes(), &mut ['\0'; 2]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::NonBasicBeforeDelimiter, 600));
    let e = decode_into(long.as_bytes(), &mut vec!['\0'; 700]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::NonBasicBeforeDelimiter, 600));
}

#[test]
fn too_long_is_configurable() {
    let opts = Options::DEFAULT.with_max_input_len(9);
    assert_eq!(opts.validate(b"bcher-kva"), Ok(6));
    let e = opts.validate(b"bcher-kvaa").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::TooLong, 9));
    let mut out = String::new();
    let e = Options::DEFAULT
        .with_max_input_len(5)
        .encode_str("bücher", &mut out)
        .unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::TooLong, 5));
    // The default is generous: the 1 MiB line of the long corpus decodes.
    assert_eq!(
        Options::DEFAULT.max_input_len(),
        punycode_core::DEFAULT_MAX_INPUT_LEN
    );
    const { assert!(punycode_core::DEFAULT_MAX_INPUT_LEN >= 1 << 20) };
}

/// Encoding overflows when a delta needs more than 32 bits (§6.4): 4000 basic code
/// points followed by U+10FFFF need (0x10FFFF - 0x80) · 4001 + 4000 > 2³² - 1.
#[test]
fn encode_overflow_rfc3492_section6_4() {
    let mut input = vec!['a'; 4000];
    input.push('\u{10FFFF}');
    let mut out = String::new();
    let e = encode(&input, &mut out).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::Overflow, 4000));
    let s: String = input.iter().collect();
    let e = encode_str(&s, &mut String::new()).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::Overflow, 4000));
    // One basic code point fewer per 2^32 / 0x10FF7F ≈ 3904 fits.
    let ok: Vec<char> = std::iter::repeat_n('a', 3000)
        .chain(['\u{10FFFF}'])
        .collect();
    assert!(encode(&ok, &mut String::new()).is_ok());
}

#[test]
fn encode_writer_failure() {
    struct Full;
    impl core::fmt::Write for Full {
        fn write_str(&mut self, _: &str) -> core::fmt::Result {
            Err(core::fmt::Error)
        }
    }
    let e = encode_str("bücher", &mut Full).unwrap_err();
    assert_eq!(e.kind(), K::WriterFailed);
    assert_eq!(e.offset(), "bücher".len());
}

#[test]
fn error_codes_and_messages_are_stable() {
    let all = [
        (
            K::LeadingDelimiter,
            "leading_delimiter",
            "delimiter with no basic code points before it",
        ),
        (
            K::NonBasicBeforeDelimiter,
            "non_basic_before_delimiter",
            "non-basic code point before the last delimiter",
        ),
        (K::InvalidDigit, "invalid_digit", "invalid punycode digit"),
        (
            K::Truncated,
            "truncated",
            "input ends inside a variable-length integer",
        ),
        (
            K::Overflow,
            "overflow",
            "integer overflow (rfc 3492 section 6.4)",
        ),
        (
            K::InvalidCodePoint,
            "invalid_code_point",
            "decoded value is not a unicode scalar value",
        ),
        (
            K::BufferTooSmall,
            "buffer_too_small",
            "output buffer too small",
        ),
        (
            K::TooLong,
            "too_long",
            "input longer than the configured limit",
        ),
        (K::WriterFailed, "writer_failed", "the output writer failed"),
    ];
    for (kind, code, message) in all {
        let e = PunycodeError::new(kind, 7);
        assert_eq!(e.code(), code);
        assert_eq!(e.to_string(), message);
        assert_eq!(kind.to_string(), message);
        assert!(message.chars().next().unwrap().is_lowercase() && !message.ends_with('.'));
        assert_eq!(e.with_offset(3).offset(), 10);
        let _: &dyn core::error::Error = &e;
    }
}
