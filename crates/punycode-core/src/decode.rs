//! Decoding, RFC 3492 §6.2, with the overflow checks of §6.4 in `u32` arithmetic.
//!
//! One decoding loop ([`decode_with`]) reports each step to a [`Sink`]: validation
//! ignores them, a caller's slice gets insertions shifted in place (no allocation), and
//! with `alloc` long inputs are recorded and placed afterwards in O(n log n)
//! (`crate::fenwick`).

use crate::bootstring::{
    BASE, DELIMITER, INITIAL_BIAS, INITIAL_N, adapt, digit_value, div_rem, threshold,
};
use crate::error::{PunycodeError, PunycodeErrorKind};

/// Receives the decoder's output: the basic code points once, then every insertion.
pub(crate) trait Sink {
    /// The basic code points, copied to the start of the output. Returns whether they
    /// are all ASCII (if not, the output is unspecified and decoding fails). Fails only
    /// for ASCII input that does not fit.
    fn basic(&mut self, basic: &[u8]) -> Result<bool, PunycodeError>;
    /// Performs one insertion (RFC 3492 §6.2).
    fn insert(&mut self, step: Insertion) -> Result<(), PunycodeError>;
}

/// One insertion of the decoding loop: `c` (with its Appendix A case flag `upper`) goes
/// at `index` of an output of currently `len` code points; `offset` is the first digit
/// of its delta, where an error is reported.
#[derive(Clone, Copy)]
pub(crate) struct Insertion {
    pub(crate) len: u32,
    pub(crate) index: u32,
    pub(crate) c: char,
    pub(crate) upper: bool,
    pub(crate) offset: usize,
}

/// A decoded element: a plain `char`, or a `(char, uppercase flag)` pair (Appendix A).
pub(crate) trait Element: Copy {
    fn make(c: char, upper: bool) -> Self;
}

impl Element for char {
    #[inline]
    fn make(c: char, _upper: bool) -> Self {
        c
    }
}

impl Element for (char, bool) {
    #[inline]
    fn make(c: char, upper: bool) -> Self {
        (c, upper)
    }
}

/// The validate-only sink: keeps nothing.
pub(crate) struct Discard;

impl Sink for Discard {
    #[inline]
    fn basic(&mut self, basic: &[u8]) -> Result<bool, PunycodeError> {
        Ok(basic.is_ascii())
    }
    #[inline]
    fn insert(&mut self, _: Insertion) -> Result<(), PunycodeError> {
        Ok(())
    }
}

/// Decodes into a caller's slice, shifting the tail for each insertion (a fixed block
/// of [`SHIFT_BLOCK`] elements when it fits, else `copy_within`, a `memmove`): cheap
/// for labels, O(n²) moves in the worst case for long inputs.
pub(crate) struct SliceSink<'o, T> {
    pub(crate) out: &'o mut [T],
}

impl<T: Element> Sink for SliceSink<'_, T> {
    #[inline]
    fn basic(&mut self, basic: &[u8]) -> Result<bool, PunycodeError> {
        if basic.len() > self.out.len() {
            if !basic.is_ascii() {
                return Ok(false);
            }
            return Err(PunycodeError::new(
                PunycodeErrorKind::BufferTooSmall,
                self.out.len(),
            ));
        }
        // Copies and checks in one pass (a separate `is_ascii` pass was a second loop
        // whose exit was mispredicted in labels). Appendix A: a letter's case is its flag.
        let mut seen = 0u8;
        for (slot, &b) in self.out.iter_mut().zip(basic) {
            *slot = T::make(char::from(b), b.is_ascii_uppercase());
            seen |= b;
        }
        Ok(seen.is_ascii())
    }

    #[inline]
    fn insert(&mut self, step: Insertion) -> Result<(), PunycodeError> {
        let (len, index) = (step.len as usize, step.index as usize);
        let item = T::make(step.c, step.upper);
        // Short shifts (most insertions into real labels move fewer than 16 code points)
        // copy a fixed block of 16 when the buffer has room past the output, instead of
        // a `memmove` call of variable length. What lands past the output is scratch.
        if len - index < SHIFT_BLOCK
            && let Some(block) = self.out.get_mut(index..=index + SHIFT_BLOCK)
        {
            // A `memmove` of constant length: the compiler inlines it as a few loads
            // and stores.
            block.copy_within(..SHIFT_BLOCK, 1);
            if let Some(first) = block.first_mut() {
                *first = item;
            }
            return Ok(());
        }
        // index <= len by construction (i mod (length + 1)).
        let Some(window) = self.out.get_mut(index..=len) else {
            return Err(PunycodeError::new(
                PunycodeErrorKind::BufferTooSmall,
                step.offset,
            ));
        };
        let moved = window.len() - 1;
        if moved > 0 {
            window.copy_within(..moved, 1);
        }
        if let Some(first) = window.first_mut() {
            *first = item;
        }
        Ok(())
    }
}

/// The fixed block [`SliceSink`] shifts for short moves.
pub(crate) const SHIFT_BLOCK: usize = 16;

/// Splits `input` at its last delimiter (RFC 3492 §6.2): the basic part and the offset
/// where the deltas start.
#[inline]
fn split(input: &[u8]) -> Result<(&[u8], usize), PunycodeError> {
    match last_delimiter(input) {
        // §6.2 consumes the delimiter only after at least one basic code point; the
        // encoder never writes "-" first, so there is no valid reading of this input.
        Some(0) => Err(PunycodeError::new(PunycodeErrorKind::LeadingDelimiter, 0)),
        Some(p) => {
            let basic = input.get(..p).unwrap_or_default();
            Ok((basic, p + 1))
        }
        None => Ok((&[], 0)),
    }
}

/// The position of the last [`DELIMITER`] in `input`, eight octets at a time from the
/// end (labels often have none, and were scanned octet by octet to their start).
#[inline]
pub(crate) fn last_delimiter(input: &[u8]) -> Option<usize> {
    // The word trick of `name_text::swar::eq_mask`, written out: this crate is the one
    // below name-text and has no dependencies.
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let mut end = input.len();
    while end >= 8 {
        let chunk: [u8; 8] = input.get(end - 8..end)?.try_into().ok()?;
        let x = u64::from_le_bytes(chunk) ^ (ONES * u64::from(DELIMITER));
        // 0x80 in each zero byte of `x` (exact: no borrow crosses bytes), so the
        // highest one is the last delimiter.
        let found = !(((x & LOWS) + LOWS) | x | LOWS);
        if found != 0 {
            return Some(end - 8 + (63 - found.leading_zeros() as usize) / 8);
        }
        end -= 8;
    }
    input.get(..end)?.iter().rposition(|&b| b == DELIMITER)
}

/// The largest input the decoder accepts whatever the configured limit: lengths and
/// insertion indexes are `u32` (§6.4) and `length + 1` must fit.
pub(crate) const HARD_MAX_LEN: usize = (u32::MAX - 1) as usize;

/// Reads one generalized variable-length integer (RFC 3492 §3.3, §6.2) starting at
/// `input[pos]` and adds it to `i` with the §6.4 overflow checks. Returns the new `i`,
/// the position after the integer and the case of its last digit (Appendix A).
#[inline]
pub(crate) fn read_integer(
    input: &[u8],
    mut pos: usize,
    mut i: u32,
    bias: u32,
) -> Result<(u32, usize, bool), PunycodeError> {
    let mut w: u32 = 1;
    let mut k = BASE;
    loop {
        let Some(&byte) = input.get(pos) else {
            return Err(PunycodeError::new(
                PunycodeErrorKind::Truncated,
                input.len(),
            ));
        };
        let Some(digit) = digit_value(byte) else {
            return Err(PunycodeError::new(PunycodeErrorKind::InvalidDigit, pos));
        };
        let overflow = PunycodeError::new(PunycodeErrorKind::Overflow, pos);
        i = digit
            .checked_mul(w)
            .and_then(|dw| i.checked_add(dw))
            .ok_or(overflow)?;
        pos += 1;
        let t = threshold(k, bias);
        if digit < t {
            return Ok((i, pos, byte.is_ascii_uppercase()));
        }
        w = w.checked_mul(BASE - t).ok_or(overflow)?;
        // Cannot overflow: w overflows first, after at most 10 digits (factors >= 10).
        k += BASE;
    }
}

/// Decodes `input` (RFC 3492 §6.2), reporting to `sink`; returns the number of decoded
/// code points.
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "the input length is checked against the hard limit, below `u32::MAX`, first"
)]
pub(crate) fn decode_with<S: Sink>(
    input: &[u8],
    max_len: usize,
    sink: &mut S,
) -> Result<usize, PunycodeError> {
    let max_len = if max_len < HARD_MAX_LEN {
        max_len
    } else {
        HARD_MAX_LEN
    };
    if input.len() > max_len {
        return Err(PunycodeError::new(PunycodeErrorKind::TooLong, max_len));
    }
    let (basic, start) = split(input)?;
    if !sink.basic(basic)? {
        let p = basic.iter().position(|b| !b.is_ascii()).unwrap_or(0);
        return Err(PunycodeError::new(
            PunycodeErrorKind::NonBasicBeforeDelimiter,
            p,
        ));
    }

    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    // Fits: input.len() <= HARD_MAX_LEN.
    let mut len = basic.len() as u32;
    let mut pos = start;
    while pos < input.len() {
        let delta_start = pos;
        let old_i = i;
        let upper;
        (i, pos, upper) = read_integer(input, pos, i, bias)?;
        let len1 = len + 1;
        bias = adapt(i - old_i, len1, old_i == 0);
        // Unconditional: whether a delta wraps past length + 1 is a coin toss in real
        // labels, and the (multiplicative) division is cheaper than a mispredicted branch.
        let (quot, rem) = div_rem(i, len1);
        n = n
            .checked_add(quot)
            .ok_or(PunycodeError::new(PunycodeErrorKind::Overflow, delta_start))?;
        i = rem;
        // n >= INITIAL_N, so it is never basic; reject surrogates and > U+10FFFF.
        let Some(c) = char::from_u32(n) else {
            return Err(PunycodeError::new(
                PunycodeErrorKind::InvalidCodePoint,
                delta_start,
            ));
        };
        sink.insert(Insertion {
            len,
            index: i,
            c,
            upper,
            offset: delta_start,
        })?;
        len = len1;
        i += 1;
    }
    Ok(len as usize)
}

/// With `alloc`: records every insertion, then places all code points at once.
#[cfg(feature = "alloc")]
pub(crate) mod long {
    use super::{Element, Insertion, Sink};
    use crate::error::{PunycodeError, PunycodeErrorKind};
    use crate::fenwick::RankSet;
    use alloc::vec::Vec;

    /// Records the insertions `(index at insertion time, code point, flag)`.
    pub(crate) struct Recorder {
        pub(crate) basic_len: usize,
        pub(crate) inserts: Vec<(u32, char, bool)>,
        /// Output capacity of the caller, so that `BufferTooSmall` is reported at the
        /// same offsets as by the in-place sink.
        pub(crate) capacity: usize,
    }

    impl Recorder {
        pub(crate) fn new(input_len: usize, capacity: usize) -> Self {
            Self {
                basic_len: 0,
                // Every insertion consumes at least one input byte.
                inserts: Vec::with_capacity(input_len),
                capacity,
            }
        }

        /// Places every code point: walking the insertions backwards, an insertion at
        /// index `i` lands on the `i`-th still-free final slot (later insertions only
        /// ever pushed it right). The basic code points are the first insertions, at
        /// indexes 0, 1, 2, … `basic` is the input's prefix of `basic_len` bytes.
        pub(crate) fn place<T: Element + Default>(&self, basic: &[u8], out: &mut Vec<T>) {
            let total = self.basic_len + self.inserts.len();
            out.clear();
            out.resize(total, T::default());
            let mut free = RankSet::full(total);
            let mut taken = alloc::vec![false; total];
            for &(index, c, upper) in self.inserts.iter().rev() {
                let slot = free.take_nth(index);
                if let (Some(o), Some(t)) = (out.get_mut(slot), taken.get_mut(slot)) {
                    *o = T::make(c, upper);
                    *t = true;
                }
            }
            // The remaining free slots, in order, hold the basic code points.
            let mut basic_iter = basic.iter();
            for (o, &taken) in out.iter_mut().zip(&taken) {
                if !taken && let Some(&b) = basic_iter.next() {
                    *o = T::make(char::from(b), b.is_ascii_uppercase());
                }
            }
        }
    }

    impl Sink for Recorder {
        fn basic(&mut self, basic: &[u8]) -> Result<bool, PunycodeError> {
            if !basic.is_ascii() {
                return Ok(false);
            }
            if basic.len() > self.capacity {
                return Err(PunycodeError::new(
                    PunycodeErrorKind::BufferTooSmall,
                    self.capacity,
                ));
            }
            self.basic_len = basic.len();
            Ok(true)
        }

        fn insert(&mut self, step: Insertion) -> Result<(), PunycodeError> {
            if step.len as usize >= self.capacity {
                return Err(PunycodeError::new(
                    PunycodeErrorKind::BufferTooSmall,
                    step.offset,
                ));
            }
            self.inserts.push((step.index, step.c, step.upper));
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3492 §3.3 / the "bücher" example: with the initial bias 72, the digits
    /// "kva" are k=10, v=21, a=0 with thresholds 1, 1, 26 and weights 1, 35, 35*35:
    /// 10 + 21*35 + 0*1225 = 745.
    /// Against a plain backwards scan: every position of one or two delimiters in
    /// inputs of 0 to 40 octets (the word loop, the octet tail, both together).
    #[test]
    fn last_delimiter_equals_rposition() {
        for len in 0..=40usize {
            for first in 0..=len {
                for second in first..=len {
                    let mut input = [b'a'; 40];
                    if first < len {
                        input[first] = DELIMITER;
                    }
                    if second < len {
                        input[second] = DELIMITER;
                    }
                    // Neighbours of the delimiter's value, which must not match.
                    if len > 0 {
                        input[(first + 1) % len] = b',';
                        input[(second + 3) % len] = b'.';
                    }
                    if first < len {
                        input[first] = DELIMITER;
                    }
                    if second < len {
                        input[second] = DELIMITER;
                    }
                    let input = &input[..len];
                    assert_eq!(
                        last_delimiter(input),
                        input.iter().rposition(|&b| b == DELIMITER),
                        "{input:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn variable_length_integer_kva_is_745() {
        assert_eq!(
            read_integer(b"kva", 0, 0, INITIAL_BIAS),
            Ok((745, 3, false))
        );
        assert_eq!(
            read_integer(b"xkvA", 1, 0, INITIAL_BIAS),
            Ok((745, 4, true))
        );
        // A digit below the first threshold ends the integer at once.
        assert_eq!(read_integer(b"a", 0, 5, INITIAL_BIAS), Ok((5, 1, false)));
        assert_eq!(
            read_integer(b"kv", 0, 0, INITIAL_BIAS),
            Err(PunycodeError::new(PunycodeErrorKind::Truncated, 2))
        );
        assert_eq!(
            read_integer(b"k_a", 0, 0, INITIAL_BIAS),
            Err(PunycodeError::new(PunycodeErrorKind::InvalidDigit, 1))
        );
    }
}
