//! The Punycode parameters of RFC 3492 §5, the bias adaptation of §6.1 and the digit
//! tables of §5 ("basic code points ... digit-values").

/// `base`: the number of digit values, RFC 3492 §5 (`a`–`z` = 0–25, `0`–`9` = 26–35).
///
/// ```
/// assert_eq!(punycode_core::BASE, 36);
/// ```
pub const BASE: u32 = 36;

/// `tmin`: the smallest threshold of a generalized variable-length integer, RFC 3492 §5.
///
/// ```
/// assert_eq!(punycode_core::TMIN, 1);
/// ```
pub const TMIN: u32 = 1;

/// `tmax`: the largest threshold of a generalized variable-length integer, RFC 3492 §5.
///
/// ```
/// assert_eq!(punycode_core::TMAX, 26);
/// ```
pub const TMAX: u32 = 26;

/// `skew`: bias adaptation parameter, RFC 3492 §5 and §6.1.
///
/// ```
/// assert_eq!(punycode_core::SKEW, 38);
/// ```
pub const SKEW: u32 = 38;

/// `damp`: the first delta is divided by this in bias adaptation, RFC 3492 §5 and §6.1.
///
/// ```
/// assert_eq!(punycode_core::DAMP, 700);
/// ```
pub const DAMP: u32 = 700;

/// `initial_bias`, RFC 3492 §5.
///
/// ```
/// assert_eq!(punycode_core::INITIAL_BIAS, 72);
/// ```
pub const INITIAL_BIAS: u32 = 72;

/// `initial_n`: the first code point the decoder can insert (U+0080), RFC 3492 §5.
///
/// ```
/// assert_eq!(punycode_core::INITIAL_N, 0x80);
/// ```
pub const INITIAL_N: u32 = 0x80;

/// The delimiter between the basic code points and the deltas, RFC 3492 §5 (`-`).
///
/// ```
/// assert_eq!(punycode_core::DELIMITER, b'-');
/// ```
pub const DELIMITER: u8 = b'-';

// RFC 3492 §4 constraints on the parameters, checked at compile time.
#[expect(
    clippy::absurd_extreme_comparisons,
    reason = "initial_bias mod base is 0 for Punycode; the check stays as the RFC states it"
)]
const _: () = {
    assert!(TMIN <= TMAX && TMAX < BASE);
    assert!(SKEW >= 1);
    assert!(DAMP >= 2);
    assert!(INITIAL_BIAS % BASE <= BASE - TMIN);
};

/// Digit value of each byte, or [`NOT_A_DIGIT`] (RFC 3492 §5: `A`–`Z` and `a`–`z` are
/// 0–25, `0`–`9` are 26–35; uppercase decodes like lowercase).
#[expect(
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    reason = "const evaluation: an index out of range is a compile-time error; digit values are below 36"
)]
pub(crate) const DIGIT_VALUE: [u8; 256] = {
    let mut table = [NOT_A_DIGIT; 256];
    let mut b = 0;
    while b < 26 {
        table[b'a' as usize + b] = b as u8;
        table[b'A' as usize + b] = b as u8;
        b += 1;
    }
    let mut d = 0;
    while d < 10 {
        table[b'0' as usize + d] = 26 + d as u8;
        d += 1;
    }
    table
};

/// Marks a byte that is no Punycode digit in [`DIGIT_VALUE`].
pub(crate) const NOT_A_DIGIT: u8 = 0xFF;

/// The digit of each value, lowercase (the encoder's default form, RFC 3492 §5).
pub(crate) const LOWER_DIGITS: [u8; 36] = *b"abcdefghijklmnopqrstuvwxyz0123456789";

/// The digit of each value with letters uppercase (mixed-case annotation, Appendix A).
pub(crate) const UPPER_DIGITS: [u8; 36] = *b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// Digit value of `byte`, if it is a Punycode digit.
#[inline]
pub(crate) fn digit_value(byte: u8) -> Option<u32> {
    match DIGIT_VALUE.get(usize::from(byte)) {
        Some(&d) if d != NOT_A_DIGIT => Some(u32::from(d)),
        _ => None,
    }
}

/// The digit for `value` (< 36): lowercase, or uppercase when `upper` (Appendix A).
#[inline]
pub(crate) fn digit_byte(value: u32, upper: bool) -> u8 {
    let table = if upper { &UPPER_DIGITS } else { &LOWER_DIGITS };
    table.get(value as usize).copied().unwrap_or(b'?')
}

/// Divisors with a precomputed reciprocal in [`div_rem`]: `base - t` (10..=35) and the
/// `length + 1` of labels.
const MAGIC_DIVISORS: usize = 64;

/// `ceil(2^64 / d)` for `d` in `2..=MAGIC_DIVISORS` (0 elsewhere).
#[expect(
    clippy::indexing_slicing,
    reason = "const evaluation: an index out of range is a compile-time error"
)]
const DIV_MAGIC: [u64; MAGIC_DIVISORS + 1] = {
    let mut table = [0u64; MAGIC_DIVISORS + 1];
    let mut d = 2;
    while d <= MAGIC_DIVISORS {
        table[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    table
};

/// `(x div d, x mod d)` for `d >= 1`. Small divisors use a multiplication by
/// `ceil(2^64 / d)`, exact for every 32-bit `x` (Lemire, Kaser & Kurz, "Faster remainder
/// by direct computation", 2019): the hardware divisions of the digit loop (§6.3), of
/// `adapt` (§6.1) and of `i div (length + 1)` (§6.2) were the largest single costs of
/// encoding and decoding labels.
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "the high word of a 32 × 64-bit product by a magic below 2^64 / d is the quotient, below 2^32"
)]
pub(crate) fn div_rem(x: u32, d: u32) -> (u32, u32) {
    match DIV_MAGIC.get(d as usize) {
        Some(&magic) if magic != 0 => {
            let quot = ((u128::from(x) * u128::from(magic)) >> 64) as u32;
            (quot, x - quot * d)
        }
        _ if d == 1 => (x, 0),
        _ => (x / d, x % d),
    }
}

/// The threshold `t` for position `k` of a variable-length integer, RFC 3492 §6.2/§6.3:
/// `tmin` if `k <= bias`, `tmax` if `k >= bias + tmax`, `k - bias` otherwise.
#[inline]
pub(crate) fn threshold(k: u32, bias: u32) -> u32 {
    // Branch-free (conditional moves): which arm applies changes from digit to digit
    // and was mispredicted often. `k - bias` saturates to 0 when `k <= bias`, which the
    // clamp turns into `tmin` as the first arm does.
    k.saturating_sub(bias).clamp(TMIN, TMAX)
}

/// Bias adaptation, RFC 3492 §6.1. `numpoints` is never zero (it is a length plus one).
///
/// Cannot overflow: `delta` is a `u32` and every step divides before it adds.
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "the high word of a 32 × 64-bit product by ceil(2^64 / d), d >= 2, is below 2^32"
)]
pub(crate) fn adapt(delta: u32, numpoints: u32, first_time: bool) -> u32 {
    // `delta div damp` the first time, `delta div 2` later, both as a multiplication by
    // `ceil(2^64 / d)` from a two-entry table: a branch here was mispredicted at the
    // first call of each label.
    let magic = FIRST_TIME_MAGIC
        .get(usize::from(first_time))
        .copied()
        .unwrap_or(1 << 63);
    let mut delta = ((u128::from(delta) * u128::from(magic)) >> 64) as u32;
    delta += div_rem(delta, numpoints).0;
    // Most deltas of labels end here, including those the loop below divides once (a
    // loop exit that was mispredicted about once a label).
    if let Some(&bias) = ADAPT_ONE_STEP.get(delta as usize) {
        return u32::from(bias);
    }
    let mut k = 0;
    while delta > ADAPT_LIMIT {
        delta /= BASE - TMIN;
        k += BASE;
    }
    // delta <= ADAPT_LIMIT here: the last step's division comes from a table.
    k + ADAPT_TAIL
        .get(delta as usize)
        .map_or_else(|| adapt_tail(delta), |&v| u32::from(v))
}

/// `ceil(2^64 / 2)` and `ceil(2^64 / damp)`: the first division of §6.1 by the
/// multiplication [`div_rem`] uses, exact for every 32-bit value.
const FIRST_TIME_MAGIC: [u64; 2] = [u64::MAX / 2 + 1, u64::MAX / DAMP as u64 + 1];

/// `((base - tmin) * tmax) div 2`, the loop bound of §6.1.
const ADAPT_LIMIT: u32 = ((BASE - TMIN) * TMAX) / 2;

/// The last expression of §6.1: `((base - tmin + 1) * delta) div (delta + skew)`.
const fn adapt_tail(delta: u32) -> u32 {
    ((BASE - TMIN + 1) * delta) / (delta + SKEW)
}

/// [`adapt_tail`] for every `delta <= ADAPT_LIMIT` (all values < base fit a byte).
#[expect(
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    reason = "const evaluation: an index out of range is a compile-time error; `adapt` of a delta up to the limit is at most 35"
)]
const ADAPT_TAIL: [u8; ADAPT_LIMIT as usize + 1] = {
    let mut table = [0u8; ADAPT_LIMIT as usize + 1];
    let mut d = 0;
    while d <= ADAPT_LIMIT {
        table[d as usize] = adapt_tail(d) as u8;
        d += 1;
    }
    table
};

/// The deltas for which the loop of §6.1 divides at most once.
const ADAPT_ONE_STEP_LEN: usize = (ADAPT_LIMIT as usize + 1) * (BASE - TMIN) as usize;

/// The end of §6.1 (the loop and the last expression) for every delta below
/// [`ADAPT_ONE_STEP_LEN`] (all results are below `2 * base` and fit a byte).
#[expect(
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    reason = "const evaluation: an index out of range is a compile-time error; the loop divides at most once here, so the result is below 2 * base"
)]
const ADAPT_ONE_STEP: [u8; ADAPT_ONE_STEP_LEN] = {
    let mut table = [0u8; ADAPT_ONE_STEP_LEN];
    let mut d = 0;
    while d < ADAPT_ONE_STEP_LEN as u32 {
        table[d as usize] = if d > ADAPT_LIMIT {
            (BASE + adapt_tail(d / (BASE - TMIN))) as u8
        } else {
            adapt_tail(d) as u8
        };
        d += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(clippy::cast_possible_truncation, reason = "digit values are below 36")]
    fn digit_table_matches_rfc3492_section5() {
        for (v, &b) in LOWER_DIGITS.iter().enumerate() {
            assert_eq!(digit_value(b), Some(v as u32));
            assert_eq!(digit_value(b.to_ascii_uppercase()), Some(v as u32));
        }
        for b in [
            b'-', b'_', b'.', b' ', 0x80, 0xFF, b'@', b'[', b'`', b'{', b'/', b':',
        ] {
            assert_eq!(digit_value(b), None, "{b:#x}");
        }
    }

    #[test]
    fn threshold_is_clamped_rfc3492_section6_2() {
        assert_eq!(threshold(36, 72), TMIN);
        assert_eq!(threshold(73, 72), TMIN);
        assert_eq!(threshold(80, 72), 8);
        assert_eq!(threshold(98, 72), TMAX);
        assert_eq!(threshold(200, 0), TMAX);
    }

    /// The branch-free form equals the three arms of RFC 3492 §6.2 for every position
    /// `k` a 32-bit integer can reach and every bias `adapt` can return, and beyond.
    #[test]
    fn threshold_equals_three_arms_rfc3492_section6_2() {
        for bias in (0..=2_000).chain([u32::MAX - TMAX, u32::MAX - 1, u32::MAX]) {
            for k in (BASE..=BASE * 60).step_by(BASE as usize).chain([u32::MAX]) {
                let arms = if k <= bias.saturating_add(TMIN) {
                    TMIN
                } else if k >= bias.saturating_add(TMAX) {
                    TMAX
                } else {
                    k - bias
                };
                assert_eq!(threshold(k, bias), arms, "k {k}, bias {bias}");
            }
        }
    }

    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the divisor table is a few hundred entries"
    )]
    fn div_rem_by_magic_is_exact() {
        for d in 1..=MAGIC_DIVISORS as u32 + 2 {
            for x in (0..20_000).chain(u32::MAX - 20_000..=u32::MAX) {
                assert_eq!(div_rem(x, d), (x / d, x % d), "{x} / {d}");
            }
            let mut x: u32 = 1;
            while let Some(next) = x.checked_mul(3) {
                for y in [x - 1, x, x + 1] {
                    assert_eq!(div_rem(y, d), (y / d, y % d), "{y} / {d}");
                }
                x = next;
            }
        }
    }

    /// RFC 3492 §6.1 `delta div damp` (first time) and `delta div 2` by multiplication:
    /// exact up to 2^20 and at the top of the 32-bit range.
    #[test]
    fn first_division_of_adapt_is_exact() {
        for x in (0..(1 << 20)).chain(u32::MAX - (1 << 20)..=u32::MAX) {
            for (magic, d) in FIRST_TIME_MAGIC.into_iter().zip([2, DAMP]) {
                let quot = (u128::from(x) * u128::from(magic)) >> 64;
                assert_eq!(quot, u128::from(x / d), "{x} / {d}");
            }
        }
    }

    /// RFC 3492 §6.1 as written (the loop), for comparison.
    fn adapt_as_written(delta: u32, numpoints: u32, first_time: bool) -> u32 {
        let mut delta = if first_time { delta / DAMP } else { delta / 2 };
        delta += delta / numpoints;
        let mut k = 0;
        while delta > ((BASE - TMIN) * TMAX) / 2 {
            delta /= BASE - TMIN;
            k += BASE;
        }
        k + ((BASE - TMIN + 1) * delta) / (delta + SKEW)
    }

    /// `adapt` (its table of one-step results, the loop beyond) equals §6.1 as written
    /// for every delta up to 2^21 (beyond the table's end at every scale) and at the top
    /// of the 32-bit range.
    #[test]
    fn adapt_equals_the_rfc_loop_rfc3492_section6_1() {
        let deltas = (0..(1u32 << 21)).chain(u32::MAX - 5_000..=u32::MAX);
        for delta in deltas {
            for (numpoints, first_time) in [(1, false), (2, true), (7, false), (64, false)] {
                assert_eq!(
                    adapt(delta, numpoints, first_time),
                    adapt_as_written(delta, numpoints, first_time),
                    "{delta} {numpoints} {first_time}"
                );
            }
        }
    }

    #[test]
    fn adapt_first_and_later_rfc3492_section6_1() {
        // The "bücher" example: delta 745, one basic code point group of length 6 + 1.
        assert_eq!(adapt(745, 7, true), 0);
        assert_eq!(adapt(0, 1, false), 0);
        assert_eq!(
            adapt(u32::MAX, u32::MAX, false),
            adapt(u32::MAX, u32::MAX, false)
        );
    }
}
