//! Decoding a label (at most 64 bytes of Punycode) straight to a `String`, RFC 3492 §6.2.
//!
//! One pass over the input copies it to a stack array of code points, checks it for
//! ASCII and marks the delimiters in a 64-bit mask, so the last delimiter is the mask's
//! highest bit; the deltas then insert in place as in [`crate::decode::SliceSink`].
//! Any input this path does not decode cleanly (every error, and nothing else) returns
//! `None`, and the caller runs the general decoder, which reports the error with its
//! offset: results and errors are those of the general decoder by construction.

use alloc::string::String;

use crate::bootstring::{
    BASE, DIGIT_VALUE, INITIAL_BIAS, INITIAL_N, NOT_A_DIGIT, TMAX, TMIN, adapt, div_rem,
};
use crate::decode::{SHIFT_BLOCK, last_delimiter};

/// The longest input this path takes: one bit of the delimiter mask per byte.
pub(crate) const MAX_LABEL_LEN: usize = 64;

/// Decodes `input` (at most `N - SHIFT_BLOCK` and [`MAX_LABEL_LEN`] bytes) through a
/// stack array of `N` code points, or `None` if the general decoder must report an error.
#[inline]
#[allow(
    clippy::many_single_char_names,
    reason = "n, i, w, k, t are the variable names of RFC 3492 §6.2"
)]
#[allow(
    clippy::cast_possible_truncation,
    reason = "lengths and indexes are below N, a few dozen"
)]
pub(crate) fn decode_to_string<const N: usize>(input: &[u8]) -> Option<String> {
    if input.len() > MAX_LABEL_LEN || input.len() + SHIFT_BLOCK > N {
        return None;
    }
    let mut out = ['\0'; N];
    let (basic, digits) = match last_delimiter(input) {
        // §6.2 consumes the delimiter only after at least one basic code point.
        Some(0) => return None,
        Some(p) => (input.get(..p)?, input.get(p + 1..)?),
        None => (&[][..], input),
    };
    // §6.2 "fail on any non-basic code point" before the delimiter.
    let mut seen = 0u8;
    for (slot, &b) in out.iter_mut().zip(basic) {
        *slot = char::from(b);
        seen |= b;
    }
    if !seen.is_ascii() {
        return None;
    }
    let mut len = basic.len();
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    // The digit values (§5), padded with `NOT_A_DIGIT`: the integer reader looks three
    // values past its position. Every byte after the delimiter must be a digit for
    // §6.2 to succeed, so one check covers them all.
    let mut values = [NOT_A_DIGIT; MAX_LABEL_LEN + 4];
    let mut not_digit = 0u8;
    for (value, &b) in values.iter_mut().zip(digits) {
        *value = DIGIT_VALUE
            .get(usize::from(b))
            .copied()
            .unwrap_or(NOT_A_DIGIT);
        not_digit |= *value;
    }
    if not_digit == NOT_A_DIGIT {
        return None;
    }
    let mut pos = 0;
    while pos < digits.len() {
        let old_i = i;
        let four = values.get(pos..pos + 4)?.try_into().ok()?;
        let (delta, used) = read_short_integer(u32::from_le_bytes(four), bias)?;
        pos += used;
        i += delta;
        #[allow(clippy::cast_possible_truncation, reason = "len < N, a few dozen")]
        let len1 = len as u32 + 1;
        bias = adapt(i - old_i, len1, old_i == 0);
        let (quot, rem) = div_rem(i, len1);
        n += quot;
        let c = char::from_u32(n)?;
        let index = rem as usize;
        // index <= len < input.len() <= N - SHIFT_BLOCK - 1: the block always fits.
        if len - index < SHIFT_BLOCK {
            let block = out.get_mut(index..=index + SHIFT_BLOCK)?;
            block.copy_within(..SHIFT_BLOCK, 1);
        } else {
            out.copy_within(index..len, index + 1);
        }
        *out.get_mut(index)? = c;
        len += 1;
        i = rem + 1;
    }
    // Four UTF-8 bytes per code point: the `String` never grows.
    let mut s = String::with_capacity(4 * len);
    for &c in out.get(..len)? {
        s.push(c);
    }
    Some(s)
}

/// Reads a generalized variable-length integer (RFC 3492 §3.3) of at most four digits
/// from their values (`packed`, one per byte, the first lowest) without a branch per
/// digit: the four digits are compared with their thresholds at once, the first digit
/// below its threshold ends the integer, and masks keep the terms it consumed. Returns
/// the value and the number of digits; `None` if none of the four ends it (a longer
/// integer, or the input ends first: `NOT_A_DIGIT` never ends one).
///
/// No overflow: the value is below 36⁴, and with `i` ≤ 64 and `n` ≤ U+10FFFF the sums
/// of §6.2 stay far below `u32::MAX`.
#[inline]
fn read_short_integer(packed: u32, bias: u32) -> Option<(u32, usize)> {
    let steps = STEPS.get(bias as usize).unwrap_or(&LAST_STEP);
    // Per byte: the high bit stays set where the digit is at least its threshold (no
    // borrow crosses bytes: 0x80 + digit > threshold).
    let continues = ((packed | 0x8080_8080) - steps.thresholds) & 0x8080_8080;
    let ends = !continues & 0x8080_8080;
    if ends == 0 {
        return None;
    }
    let last = ends.trailing_zeros() / 8;
    let [v0, v1, v2, v3] = packed.to_le_bytes().map(u32::from);
    // The weights of digits 1 to 3, zero for the digits past the last.
    let [w1, w2, w3] = steps
        .weights
        .get(last as usize)
        .copied()
        .unwrap_or_default();
    let value = v0 + v1 * w1 + v2 * w2 + v3 * w3;
    Some((value, last as usize + 1))
}

/// The thresholds of the first four digits of an integer (RFC 3492 §6.2: `t` for
/// `k` = base, 2·base, 3·base, 4·base) packed in the bytes of a word, and the weights
/// of digits 1 to 3 (`w` after each digit: `w · (base − t)`), for one bias.
#[derive(Clone, Copy)]
struct Steps {
    thresholds: u32,
    weights: [[u32; 3]; 4],
}

/// From this bias on, all four thresholds are `tmin`.
const LAST_BIAS: u32 = 4 * BASE;

/// The same as `crate::bootstring::threshold`, usable in constants.
const fn const_threshold(k: u32, bias: u32) -> u32 {
    if k <= bias + TMIN {
        TMIN
    } else if k >= bias + TMAX {
        TMAX
    } else {
        k - bias
    }
}

const fn steps_for(bias: u32) -> Steps {
    let t = [
        const_threshold(BASE, bias),
        const_threshold(2 * BASE, bias),
        const_threshold(3 * BASE, bias),
        const_threshold(4 * BASE, bias),
    ];
    let w1 = BASE - t[0];
    let w2 = w1 * (BASE - t[1]);
    let w3 = w2 * (BASE - t[2]);
    Steps {
        thresholds: t[0] | t[1] << 8 | t[2] << 16 | t[3] << 24,
        weights: [[0, 0, 0], [w1, 0, 0], [w1, w2, 0], [w1, w2, w3]],
    }
}

const LAST_STEP: Steps = steps_for(LAST_BIAS);

/// [`Steps`] for every bias up to [`LAST_BIAS`].
#[allow(
    clippy::indexing_slicing,
    reason = "const evaluation: an index out of range is a compile-time error"
)]
const STEPS: [Steps; LAST_BIAS as usize + 1] = {
    let mut table = [LAST_STEP; LAST_BIAS as usize + 1];
    let mut bias = 0;
    while bias <= LAST_BIAS {
        table[bias as usize] = steps_for(bias);
        bias += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::read_integer;
    use alloc::string::ToString;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    /// The branch-free reader equals the digit-by-digit reader of RFC 3492 §6.2 for
    /// every sequence of four digit values at the biases that move the thresholds (and
    /// beyond the table), wherever one of the four ends the integer; and it declines
    /// exactly when none does.
    #[test]
    fn short_integer_equals_the_rfc_loop_rfc3492_section6_2() {
        const DIGITS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";
        let biases = [
            0, 1, 2, 9, 10, 25, 26, 27, 35, 36, 71, 72, 107, 143, 144, 145, 700,
        ];
        for (round, &bias) in biases.iter().enumerate() {
            // All four digits for two biases, the first three (the fourth 0 or 35) for
            // the others: the test stays fast in debug builds.
            let lasts: Vec<u8> = if round % 8 == 0 {
                (0..36).collect()
            } else {
                alloc::vec![0, 35]
            };
            for (a, &da) in (0u8..).zip(DIGITS) {
                for (b, &db) in (0u8..).zip(DIGITS) {
                    for (c, &dc) in (0u8..).zip(DIGITS) {
                        for &d in &lasts {
                            let digits = [da, db, dc, DIGITS[usize::from(d)]];
                            let packed = u32::from_le_bytes([a, b, c, d]);
                            let fast = read_short_integer(packed, bias);
                            match read_integer(&digits, 0, 0, bias) {
                                Ok((value, end, _)) => {
                                    assert_eq!(fast, Some((value, end)), "{digits:?} {bias}");
                                }
                                Err(_) => assert_eq!(fast, None, "{digits:?} {bias}"),
                            }
                        }
                    }
                }
            }
        }
    }

    /// `NOT_A_DIGIT` (the padding past the input) never ends an integer.
    #[test]
    fn padding_never_ends_an_integer() {
        for bias in [0, 72, 200] {
            for v in 0..36u8 {
                // One real digit that continues, then padding.
                let packed = u32::from_le_bytes([v, NOT_A_DIGIT, NOT_A_DIGIT, NOT_A_DIGIT]);
                let t0 = crate::bootstring::threshold(BASE, bias);
                let expected = (u32::from(v) < t0).then_some((u32::from(v), 1));
                assert_eq!(read_short_integer(packed, bias), expected);
            }
        }
    }

    fn general(input: &[u8]) -> Option<String> {
        let mut buf = ['\0'; MAX_LABEL_LEN + SHIFT_BLOCK];
        let chars = crate::decode_into(input, &mut buf).ok()?;
        Some(chars.iter().collect())
    }

    proptest! {
        /// Whatever this path decodes, the general decoder decodes the same way; what it
        /// declines, the general decoder rejects, or it has an integer of five digits
        /// or more.
        #[test]
        fn agrees_with_the_general_decoder(input in "[a-zA-Z0-9-]{0,64}") {
            let fast = decode_to_string::<{ MAX_LABEL_LEN + SHIFT_BLOCK }>(input.as_bytes());
            if let Some(s) = &fast {
                prop_assert_eq!(Some(s.clone()), general(input.as_bytes()));
            }
        }

        /// Encoded strings of any script decode through this path to their text, or
        /// are left to the general decoder.
        #[test]
        fn decodes_encoded_labels(text in "\\PC{1,20}") {
            let encoded = crate::encode_to_string(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assume!(encoded.len() <= MAX_LABEL_LEN);
            let fast = decode_to_string::<{ MAX_LABEL_LEN + SHIFT_BLOCK }>(encoded.as_bytes());
            if let Some(s) = fast {
                prop_assert_eq!(s, text);
            }
        }

        /// Labels whose deltas all fit four digits (Latin letters: small steps between
        /// code points) always take this path.
        #[test]
        fn decodes_latin_labels(text in "[a-z0-9\u{e0}-\u{17f}]{1,20}") {
            let encoded = crate::encode_to_string(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assume!(encoded.len() <= MAX_LABEL_LEN);
            let fast = decode_to_string::<{ MAX_LABEL_LEN + SHIFT_BLOCK }>(encoded.as_bytes());
            prop_assert_eq!(fast, Some(text));
        }
    }
}
