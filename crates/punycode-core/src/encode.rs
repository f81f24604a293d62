//! Encoding, RFC 3492 §6.3, with the overflow checks of §6.4.
//!
//! Two algorithms with identical output (a property test checks this):
//! - [`naive`]: the RFC's loop. Each round scans the input for the next smallest code
//!   point, then scans it again to emit the deltas: O(n · distinct) time, no memory.
//!   Used without `alloc` and, with it, for inputs up to [`SORT_THRESHOLD`] units.
//! - `sorted` (with `alloc`): sorts the non-basic code points once by (value,
//!   position) and computes every delta from an order-statistic count (a Fenwick tree
//!   of already-inserted positions): O(n log n) whatever the input.

use core::fmt;

use crate::bootstring::{
    BASE, DELIMITER, INITIAL_BIAS, INITIAL_N, adapt, digit_byte, div_rem, threshold,
};
use crate::error::{PunycodeError, PunycodeErrorKind};

#[cfg(feature = "alloc")]
/// Inputs longer than this (in bytes of `&str`, or elements of a slice) take the sorted
/// O(n log n) encoder when `alloc` is available; shorter ones the allocation-free loop.
pub(crate) const SORT_THRESHOLD: usize = 512;

/// The code points to encode, with their Appendix A flags and their offsets.
pub(crate) trait Source: Copy {
    /// Whether the flags are meaningful (they then force the case of ASCII letters).
    const FLAGS: bool;
    /// Input length in the units of its offsets (bytes of `&str`, slice elements).
    fn units(self) -> usize;
    /// `(code point, uppercase flag, offset)` for each input element, in order.
    fn each(self) -> impl Iterator<Item = (u32, bool, usize)>;
}

impl Source for &str {
    const FLAGS: bool = false;
    fn units(self) -> usize {
        self.len()
    }
    fn each(self) -> impl Iterator<Item = (u32, bool, usize)> {
        self.char_indices().map(|(o, c)| (u32::from(c), false, o))
    }
}

impl Source for &[char] {
    const FLAGS: bool = false;
    fn units(self) -> usize {
        self.len()
    }
    fn each(self) -> impl Iterator<Item = (u32, bool, usize)> {
        self.iter()
            .enumerate()
            .map(|(o, &c)| (u32::from(c), false, o))
    }
}

impl Source for &[(char, bool)] {
    const FLAGS: bool = true;
    fn units(self) -> usize {
        self.len()
    }
    fn each(self) -> impl Iterator<Item = (u32, bool, usize)> {
        self.iter()
            .enumerate()
            .map(|(o, &(c, up))| (u32::from(c), up, o))
    }
}

/// Where the encoder writes its ASCII output, byte by byte.
pub(crate) trait Out {
    fn push(&mut self, byte: u8) -> fmt::Result;
    /// Several ASCII bytes at once; on failure, the index of the byte that failed.
    #[inline]
    fn push_slice(&mut self, bytes: &[u8]) -> Result<(), usize> {
        for (k, &b) in bytes.iter().enumerate() {
            self.push(b).map_err(|_| k)?;
        }
        Ok(())
    }
    fn finish(&mut self) -> fmt::Result;
}

/// Counts the output instead of writing it ([`encoded_len`](crate::encoded_len)).
pub(crate) struct Count(pub(crate) usize);

impl Out for Count {
    #[inline]
    fn push(&mut self, _: u8) -> fmt::Result {
        self.0 += 1;
        Ok(())
    }
    #[inline]
    fn push_slice(&mut self, bytes: &[u8]) -> Result<(), usize> {
        self.0 += bytes.len();
        Ok(())
    }
    fn finish(&mut self) -> fmt::Result {
        Ok(())
    }
}

/// Compares the output, without ASCII case, with an expected string, failing at the
/// first difference ([`encodes_to`](crate::encodes_to)).
pub(crate) struct Compare<'e> {
    rest: &'e [u8],
}

impl<'e> Compare<'e> {
    pub(crate) const fn new(expected: &'e [u8]) -> Self {
        Self { rest: expected }
    }

    /// Whether all of the expected string was produced.
    pub(crate) const fn is_done(&self) -> bool {
        self.rest.is_empty()
    }
}

impl Out for Compare<'_> {
    #[inline]
    fn push(&mut self, byte: u8) -> fmt::Result {
        match self.rest.split_first() {
            Some((&b, rest)) if b.eq_ignore_ascii_case(&byte) => {
                self.rest = rest;
                Ok(())
            }
            _ => Err(fmt::Error),
        }
    }
    fn finish(&mut self) -> fmt::Result {
        Ok(())
    }
}

/// Buffers output on the stack and hands it to a [`fmt::Write`] in chunks: one
/// `write_str` call per 128 bytes instead of one `write_char` per digit.
pub(crate) struct Buffered<'w, W: fmt::Write + ?Sized> {
    writer: &'w mut W,
    buf: [u8; 128],
    len: usize,
}

impl<'w, W: fmt::Write + ?Sized> Buffered<'w, W> {
    pub(crate) fn new(writer: &'w mut W) -> Self {
        Self {
            writer,
            buf: [0; 128],
            len: 0,
        }
    }
}

/// `encode_to_string` writes straight into its `String`.
#[cfg(feature = "alloc")]
impl Out for alloc::string::String {
    #[inline]
    fn push(&mut self, byte: u8) -> fmt::Result {
        self.push(char::from(byte));
        Ok(())
    }
    /// One `push_str` of the whole staged output.
    #[inline]
    fn push_slice(&mut self, bytes: &[u8]) -> Result<(), usize> {
        // Only ASCII is ever pushed, so this never fails.
        self.push_str(core::str::from_utf8(bytes).map_err(|e| e.valid_up_to())?);
        Ok(())
    }
    fn finish(&mut self) -> fmt::Result {
        Ok(())
    }
}

impl<W: fmt::Write + ?Sized> Out for Buffered<'_, W> {
    #[inline]
    fn push(&mut self, byte: u8) -> fmt::Result {
        if self.len == self.buf.len() {
            self.finish()?;
        }
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
        Ok(())
    }

    /// Whatever is buffered, then `bytes` in one `write_str`.
    fn push_slice(&mut self, bytes: &[u8]) -> Result<(), usize> {
        self.finish().map_err(|_| 0usize)?;
        let text = core::str::from_utf8(bytes).map_err(|e| e.valid_up_to())?;
        self.writer.write_str(text).map_err(|_| 0usize)
    }

    fn finish(&mut self) -> fmt::Result {
        // Only ASCII bytes are ever pushed, so this never fails.
        let chunk = core::str::from_utf8(self.buf.get(..self.len).unwrap_or_default())
            .map_err(|_| fmt::Error)?;
        self.len = 0;
        self.writer.write_str(chunk)
    }
}

fn overflow(offset: usize) -> PunycodeError {
    PunycodeError::new(PunycodeErrorKind::Overflow, offset)
}

fn writer_failed(offset: usize) -> impl Fn(fmt::Error) -> PunycodeError {
    move |_| PunycodeError::new(PunycodeErrorKind::WriterFailed, offset)
}

/// The output form of basic code point `c` (Appendix A: with flags, the flag chooses
/// the case of ASCII letters, as the RFC's sample implementation does).
#[inline]
#[allow(
    clippy::cast_possible_truncation,
    reason = "callers pass basic code points only, below 0x80"
)]
fn basic_byte<S: Source>(c: u32, upper: bool) -> u8 {
    let b = c as u8;
    if !S::FLAGS {
        b
    } else if upper {
        b.to_ascii_uppercase()
    } else {
        b.to_ascii_lowercase()
    }
}

/// Writes `q` as a generalized variable-length integer, RFC 3492 §3.3 and §6.3. Only the
/// last digit can carry the Appendix A uppercase annotation.
#[inline]
fn emit<O: Out>(out: &mut O, mut q: u32, bias: u32, upper: bool) -> fmt::Result {
    let mut k = BASE;
    loop {
        let t = threshold(k, bias);
        if q < t {
            return out.push(digit_byte(q, upper));
        }
        let (quot, rem) = div_rem(q - t, BASE - t);
        out.push(digit_byte(t + rem, false))?;
        q = quot;
        k += BASE;
    }
}

/// The largest input the encoder accepts whatever the configured limit: `h + 1` is a
/// `u32` in §6.3.
pub(crate) const HARD_MAX_LEN: usize = (u32::MAX - 1) as usize;

/// Encodes `src` into `out` (RFC 3492 §6.3).
pub(crate) fn encode_with<S: Source, O: Out>(
    src: S,
    max_len: usize,
    out: &mut O,
) -> Result<(), PunycodeError> {
    let max_len = max_len.min(HARD_MAX_LEN);
    let units = src.units();
    if units > max_len {
        return Err(PunycodeError::new(PunycodeErrorKind::TooLong, max_len));
    }
    if units <= SHORT_UNITS && short(src, out)? {
        return Ok(());
    }
    #[cfg(feature = "alloc")]
    if units > SORT_THRESHOLD {
        return sorted(src, out);
    }
    naive(src, out)
}

/// Inputs of at most [`SHORT_UNITS`] units (bytes of `&str`, slice elements) and at
/// most this many code points are encoded by [`short`] from a stack copy. DNS labels
/// are at most 63 bytes.
pub(crate) const SHORT_MAX: usize = 64;

/// Longer inputs do not try [`short`] (it would give up after 64 code points anyway).
pub(crate) const SHORT_UNITS: usize = 4 * SHORT_MAX;

// No delta of a short input can overflow (§6.4): at most (0x10FFFF - 0x80) rounds of
// (h + 1) <= SHORT_MAX + 1 steps, plus SHORT_MAX increments. Positions fit 7 bits.
const _: () = assert!(SHORT_MAX <= 64);
const _: () = assert!(
    (0x10_FFFF - INITIAL_N as u64) * (SHORT_MAX as u64 + 1) + SHORT_MAX as u64 <= u32::MAX as u64
);

/// RFC 3492 §6.3 for short inputs, in O(k log k) for k non-basic code points and
/// without rescanning: the same order statistics as [`sorted`], with the positions of
/// the already-inserted code points held in a 64-bit mask (the rank of a position is
/// a popcount) and the `(value, position)` keys sorted on the stack. No overflow checks
/// are needed (see `SHORT_MAX`).
#[allow(
    clippy::many_single_char_names,
    reason = "n, i, b, m, j follow RFC 3492 §6.2/§6.3"
)]
#[allow(
    clippy::cast_possible_truncation,
    reason = "`j` indexes a label of at most 63 code points"
)]
fn short_sized<S: Source, O: Out, St: Staging, const N: usize>(
    src: S,
    out: &mut O,
    mut stage: St,
) -> Result<bool, PunycodeError> {
    const {
        assert!(N <= SHORT_MAX);
    }
    // Key: code point (21 bits) << 6 | position (< 64).
    // Unused keys stay `u32::MAX`: the padding `sort_keys` relies on.
    let mut keys = [u32::MAX; N];
    let mut count = 0;
    // The output is staged (on the stack, handed to `out` in one piece) or written
    // straight into a `String`: the basic code points first.
    let mut b: u32 = 0;
    let mut inserted: u64 = 0;
    let mut upper: u64 = 0;
    // This loop stores everything before anything is written, so that nothing is
    // written when the input has more than SHORT_MAX code points and another encoder
    // takes over.
    for (j, (c, up, _)) in src.each().enumerate() {
        if j >= N {
            return Ok(false);
        }
        if c < INITIAL_N {
            // At most SHORT_MAX basic code points: they fit the stage.
            let _ = stage.push(basic_byte::<S>(c, up));
            b += 1;
            inserted |= 1 << j;
        } else if let Some(key) = keys.get_mut(count) {
            *key = (c << 6) | j as u32;
            count += 1;
            upper |= u64::from(up) << j;
        }
    }
    if b > 0 {
        let _ = stage.push(DELIMITER);
    }
    let units = src.units();
    let nth_offset = |nth: usize| {
        src.each()
            .filter(|&(c, _, _)| c >= INITIAL_N)
            .nth(nth)
            .map_or(units, |(_, _, o)| o)
    };
    let keys = sort_keys(&mut keys, count);
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    for (len, &key) in (b..).zip(keys.iter()) {
        let m = key >> 6;
        let j = key & 0x3F;
        let rank = (inserted & ((1u64 << j) - 1)).count_ones();
        // m > n implies (m - n) * (len + 1) >= len + 1 > i; m == n implies rank >= i.
        let delta = (m - n) * (len + 1) + rank - i;
        if stage.nearly_full() {
            stage.flush_to(out).map_err(|()| {
                PunycodeError::new(PunycodeErrorKind::WriterFailed, nth_offset(j as usize))
            })?;
        }
        // Cannot fail: the stage has room for MAX_DIGITS more.
        let _ = emit(&mut stage, delta, bias, (upper >> j) & 1 == 1);
        bias = adapt(delta, len + 1, len == b);
        n = m;
        i = rank + 1;
        inserted |= 1 << j;
    }
    stage
        .flush_to(out)
        .and_then(|()| out.finish().map_err(|_| ()))
        .map_err(|()| PunycodeError::new(PunycodeErrorKind::WriterFailed, units))?;
    Ok(true)
}

/// Sorts the first `count` keys of `keys`, whose other elements are `u32::MAX`, and
/// returns them. Up to eight keys (most labels) go through a fixed sorting network of
/// conditional moves, up to sixteen through [`rank_sort`]: `sort_unstable`'s insertion
/// sort mispredicted about four branches per label on the few keys of a label.
fn sort_keys(keys: &mut [u32], count: usize) -> &[u32] {
    if count <= 8
        && let Some(block) = keys.first_chunk_mut::<8>()
    {
        sort8(block);
    } else if count <= 16
        && let Some(block) = keys.first_chunk_mut::<16>()
    {
        rank_sort(block);
    } else if let Some(head) = keys.get_mut(..count) {
        head.sort_unstable();
    }
    keys.get(..count).unwrap_or_default()
}

/// Sorts eight keys with an optimal sorting network (19 comparators in 6 layers); each
/// comparator is a min and a max, no branch.
#[inline]
fn sort8(v: &mut [u32; 8]) {
    let [
        mut a0,
        mut a1,
        mut a2,
        mut a3,
        mut a4,
        mut a5,
        mut a6,
        mut a7,
    ] = *v;
    macro_rules! exchange {
        ($($x:ident $y:ident),*) => {$(
            let lo = $x.min($y);
            $y = $x.max($y);
            $x = lo;
        )*};
    }
    exchange!(a0 a2, a1 a3, a4 a6, a5 a7);
    exchange!(a0 a4, a1 a5, a2 a6, a3 a7);
    exchange!(a0 a1, a2 a3, a4 a5, a6 a7);
    exchange!(a2 a4, a3 a5);
    exchange!(a1 a4, a3 a6);
    exchange!(a1 a2, a3 a4, a5 a6);
    *v = [a0, a1, a2, a3, a4, a5, a6, a7];
}

/// Sorts the keys of `v` that are below `u32::MAX` into its front, in place and without
/// a data-dependent branch: each key's place is the number of keys smaller than it (a
/// label's keys are distinct: each holds its position). The `u32::MAX` padding all goes
/// to the first place after them; what follows that place is left unspecified.
/// `sort_unstable`'s insertion sort mispredicted about one branch per key on the 9 to
/// 16 keys of one label in six.
#[inline]
fn rank_sort(v: &mut [u32; 16]) {
    let keys = *v;
    for &key in &keys {
        let place = keys
            .iter()
            .map(|&other| usize::from(other < key))
            .sum::<usize>();
        if let Some(slot) = v.get_mut(place) {
            *slot = key;
        }
    }
}

/// [`short_sized`] with stack arrays sized to the input: most labels are short, and
/// zeroing arrays for 64 code points and 256 output bytes was a `memset` call per label.
/// Inputs of at most 16 (32) units have at most 16 (32) code points.
fn short<S: Source, O: Out>(src: S, out: &mut O) -> Result<bool, PunycodeError> {
    let units = src.units();
    if units <= 16 {
        short_sized::<S, O, _, 16>(src, out, Stage::<SMALL_STAGE_LEN>::new())
    } else if units <= 32 {
        short_sized::<S, O, _, 32>(src, out, Stage::<SMALL_STAGE_LEN>::new())
    } else {
        short_sized::<S, O, _, SHORT_MAX>(src, out, Stage::<STAGE_LEN>::new())
    }
}

/// [`short`] writing straight into `out` (no stage, no copy, no UTF-8 validation of
/// the staged bytes). When the input has more than [`SHORT_MAX`] code points, returns
/// `false` with `out` as it was.
#[cfg(feature = "alloc")]
fn short_to_string(src: &str, out: &mut alloc::string::String) -> Result<bool, PunycodeError> {
    let start = out.len();
    let units = src.len();
    let done = if units <= 16 {
        short_sized::<_, _, _, 16>(src, &mut Count(0), Direct(out))
    } else if units <= 32 {
        short_sized::<_, _, _, 32>(src, &mut Count(0), Direct(out))
    } else {
        short_sized::<_, _, _, SHORT_MAX>(src, &mut Count(0), Direct(out))
    }?;
    if !done {
        out.truncate(start);
    }
    Ok(done)
}

/// Encodes `src` into a `String` (RFC 3492 §6.3): as [`encode_with`], with labels
/// written straight into the `String`.
#[cfg(feature = "alloc")]
pub(crate) fn encode_str_to_string(
    src: &str,
    max_len: usize,
    out: &mut alloc::string::String,
) -> Result<(), PunycodeError> {
    if src.len() <= SHORT_UNITS.min(max_len) && short_to_string(src, out)? {
        return Ok(());
    }
    encode_with(src, max_len, out)
}

/// Bytes of the [`short`] encoder's stack stage: any label's whole output.
const STAGE_LEN: usize = 256;

/// The stage for inputs of at most 32 units: their usual output, flushed when fuller.
const SMALL_STAGE_LEN: usize = 64;

/// The most digits of one delta: every digit but the last is at least 1 and multiplies
/// the weight of the next by base - t >= 10 (RFC 3492 §3.3), so a u32 has at most 11.
const MAX_DIGITS: usize = 11;

const _: () = assert!(STAGE_LEN > SHORT_MAX + 1 + MAX_DIGITS);

const _: () = assert!(SMALL_STAGE_LEN > 32 + 1 + MAX_DIGITS);

/// Where [`short_sized`] puts its output before `out` gets it.
trait Staging: Out {
    /// Whether fewer than [`MAX_DIGITS`] bytes of room are left (then `flush_to`).
    fn nearly_full(&self) -> bool;
    /// Hands the staged bytes to `out` and empties the stage.
    fn flush_to<O: Out>(&mut self, out: &mut O) -> Result<(), ()>;
}

/// The [`short`] encoder's output on the stack.
struct Stage<const L: usize> {
    buf: [u8; L],
    len: usize,
}

impl<const L: usize> Stage<L> {
    const fn new() -> Self {
        Self {
            buf: [0; L],
            len: 0,
        }
    }
}

impl<const L: usize> Staging for Stage<L> {
    #[inline]
    fn nearly_full(&self) -> bool {
        self.len > L - MAX_DIGITS
    }
    fn flush_to<O: Out>(&mut self, out: &mut O) -> Result<(), ()> {
        let staged = self.buf.get(..self.len).unwrap_or_default();
        self.len = 0;
        out.push_slice(staged).map_err(|_| ())
    }
}

/// No stage: the bytes go straight into the caller's `String`.
#[cfg(feature = "alloc")]
struct Direct<'s>(&'s mut alloc::string::String);

#[cfg(feature = "alloc")]
impl Out for Direct<'_> {
    #[inline]
    fn push(&mut self, byte: u8) -> fmt::Result {
        // Only ASCII is pushed; masking to 7 bits (a no-op) lets the compiler see that
        // each `push` is a one-byte store.
        self.0.push(char::from(byte & 0x7F));
        Ok(())
    }
    fn finish(&mut self) -> fmt::Result {
        Ok(())
    }
}

#[cfg(feature = "alloc")]
impl Staging for Direct<'_> {
    #[inline]
    fn nearly_full(&self) -> bool {
        false
    }
    #[inline]
    fn flush_to<O: Out>(&mut self, _: &mut O) -> Result<(), ()> {
        Ok(())
    }
}

impl<const L: usize> Out for Stage<L> {
    #[inline]
    fn push(&mut self, byte: u8) -> fmt::Result {
        let slot = self.buf.get_mut(self.len).ok_or(fmt::Error)?;
        *slot = byte;
        self.len += 1;
        Ok(())
    }
    fn finish(&mut self) -> fmt::Result {
        Ok(())
    }
}

/// The offset of the code point whose delta overflowed when the running count of the
/// RFC's loop overflowed at `after` in the round of `n`: the next occurrence of `n`.
fn blame<S: Source>(src: S, n: u32, after: usize) -> usize {
    src.each()
        .find(|&(c, _, o)| c == n && o > after)
        .map_or(after, |(_, _, o)| o)
}

/// RFC 3492 §6.3 as written, allocation-free.
#[allow(
    clippy::many_single_char_names,
    reason = "n, h, b, m are the variable names of RFC 3492 §6.3"
)]
pub(crate) fn naive<S: Source, O: Out>(src: S, out: &mut O) -> Result<(), PunycodeError> {
    let units = src.units();
    let mut total: u32 = 0;
    let mut b: u32 = 0;
    for (c, up, off) in src.each() {
        // units <= HARD_MAX_LEN, so the count fits.
        total += 1;
        if c < INITIAL_N {
            out.push(basic_byte::<S>(c, up))
                .map_err(writer_failed(off))?;
            b += 1;
        }
    }
    if b > 0 {
        out.push(DELIMITER).map_err(writer_failed(units))?;
    }
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut h = b;
    while h < total {
        // The next code point to insert: the smallest not below n (first occurrence).
        let mut m = u32::MAX;
        let mut m_off = 0;
        for (c, _, off) in src.each() {
            if c >= n && c < m {
                m = c;
                m_off = off;
            }
        }
        delta = (m - n)
            .checked_mul(h + 1)
            .and_then(|x| delta.checked_add(x))
            .ok_or(overflow(m_off))?;
        n = m;
        for (c, up, off) in src.each() {
            if c < n {
                delta = delta
                    .checked_add(1)
                    .ok_or_else(|| overflow(blame(src, n, off)))?;
            } else if c == n {
                emit(out, delta, bias, up).map_err(writer_failed(off))?;
                bias = adapt(delta, h + 1, h == b);
                delta = 0;
                h += 1;
            }
        }
        // delta counts only code points after the last emission here: < total.
        delta += 1;
        n += 1;
    }
    out.finish().map_err(writer_failed(units))
}

/// RFC 3492 §6.3 computed from order statistics (with `alloc`): O(n log n).
///
/// The delta of an occurrence of `m` at position `j` moves the decoder from state
/// `(n, i)` to `(m, rank)`, where `rank` counts the positions before `j` that hold a
/// code point already inserted (basic, smaller than `m`, or an earlier `m`):
/// `delta = (m - n) * (len + 1) + rank - i` (§6.2 `i += delta; n += i div (len + 1)`).
#[cfg(feature = "alloc")]
#[allow(
    clippy::many_single_char_names,
    reason = "n, i, b, m, j follow RFC 3492 §6.2/§6.3"
)]
pub(crate) fn sorted<S: Source, O: Out>(src: S, out: &mut O) -> Result<(), PunycodeError> {
    use crate::fenwick::RankSet;
    use alloc::vec::Vec;

    let units = src.units();
    let mut keys: Vec<u64> = Vec::with_capacity(units);
    let mut inserted: Vec<bool> = Vec::with_capacity(units);
    let mut b: u32 = 0;
    for (j, (c, up, off)) in src.each().enumerate() {
        if c < INITIAL_N {
            out.push(basic_byte::<S>(c, up))
                .map_err(writer_failed(off))?;
            b += 1;
            inserted.push(true);
        } else {
            // Sort key: value, then position; the flag rides in bit 0.
            keys.push((u64::from(c) << 33) | ((j as u64) << 1) | u64::from(up));
            inserted.push(false);
        }
    }
    if b > 0 {
        out.push(DELIMITER).map_err(writer_failed(units))?;
    }
    keys.sort_unstable();
    let mut tree = RankSet::from_marks(inserted.into_iter());
    let offset_of = |j: usize| src.each().nth(j).map_or(0, |(_, _, o)| o);
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    // `len`: the decoder's output length before this insertion.
    for (len, key) in (b..).zip(keys) {
        let m = (key >> 33) as u32;
        let j = ((key >> 1) & 0xFFFF_FFFF) as usize;
        let up = key & 1 == 1;
        let rank = tree.rank(j);
        // Exact in u64; the RFC's running u32 sum only grows up to this value, so it
        // overflows exactly when this does not fit (§6.4).
        let exact = u64::from(m - n) * u64::from(len + 1) + u64::from(rank) - u64::from(i);
        let delta = u32::try_from(exact).map_err(|_| overflow(offset_of(j)))?;
        emit(out, delta, bias, up)
            .map_err(|_| PunycodeError::new(PunycodeErrorKind::WriterFailed, offset_of(j)))?;
        bias = adapt(delta, len + 1, len == b);
        n = m;
        i = rank + 1;
        tree.insert(j);
    }
    out.finish().map_err(writer_failed(units))
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// `basic` ASCII letters, then `count` code points alternately from U+10FFFF down
    /// and from U+0100 up in steps of `step`: with large steps most deltas take five
    /// digits, so the output of 64 code points runs past the stage.
    fn spread(basic: usize, count: usize, step: u32) -> String {
        let mut s: String = "abcdefghij".chars().cycle().take(basic).collect();
        s.extend(
            (0..u32::try_from(count).unwrap_or(u32::MAX)).filter_map(|k| {
                char::from_u32(if k % 2 == 1 {
                    0x10_FFFF - k * step
                } else {
                    0x100 + k * step
                })
            }),
        );
        s
    }

    fn with_short(input: &str) -> String {
        let mut out = String::new();
        assert_eq!(short(input, &mut out), Ok(true), "{input:?}");
        out
    }

    fn with_naive(input: &str) -> String {
        let mut out = String::new();
        naive(input, &mut out).expect("encodes");
        out
    }

    /// RFC 3492 §6.3: the staged short encoder writes what the RFC's loop writes, for
    /// outputs just below, at and above the stage's flush point and its length, and
    /// with 63, 64 and 65 code points (the last one is not short).
    #[test]
    fn stage_boundaries_equal_rfc_loop() {
        let mut lengths = Vec::new();
        for count in [1, 2, 30, 40, 50, 55, 60, 63, 64] {
            for step in [1, 7, 97, 1_000, 7_919, 16_000] {
                for basic in [0, 1.min(64 - count), 64 - count] {
                    let input = spread(basic, count, step);
                    let out = with_short(&input);
                    assert_eq!(out, with_naive(&input), "{input:?}");
                    lengths.push(out.len());
                }
            }
        }
        let flush_at = STAGE_LEN - MAX_DIGITS;
        for range in [
            flush_at - 20..flush_at,
            flush_at..STAGE_LEN,
            STAGE_LEN..STAGE_LEN + 100,
        ] {
            assert!(
                lengths.iter().any(|l| range.contains(l)),
                "no output length in {range:?}: {lengths:?}"
            );
        }
        let too_many = spread(1, 64, 7);
        assert_eq!(short(too_many.as_str(), &mut String::new()), Ok(false));
    }

    /// RFC 3492 §6.3: inputs of 1 to 40 units take the stack arrays sized for 16, 32
    /// and 64 code points, and write what the RFC's loop writes, on both sides of each
    /// step.
    #[test]
    fn size_steps_equal_rfc_loop() {
        let mut units_seen = [false; 41];
        for count in 1..=12 {
            for step in [1, 97, 7_919, 16_000] {
                for basic in 0..=24 {
                    let input = spread(basic, count, step);
                    if input.len() > 40 {
                        continue;
                    }
                    assert_eq!(with_short(&input), with_naive(&input), "{input:?}");
                    units_seen[input.len()] = true;
                }
            }
        }
        for units in [15, 16, 17, 31, 32, 33] {
            assert!(units_seen[units], "no input of {units} units");
        }
    }

    /// RFC 3492 §6.3: the path that writes labels straight into a `String` writes what
    /// the RFC's loop writes (16, 32 and 64 code point steps, long outputs), appends to
    /// what the `String` held, and leaves it as it was when the input has more than 64
    /// code points (another encoder then takes over).
    #[test]
    fn direct_to_string_equals_rfc_loop() {
        for count in [1, 2, 5, 10, 17, 30, 40, 63, 64] {
            for step in [1, 97, 7_919, 16_000] {
                for basic in [0, 1, 7, 64 - count].map(|b| b.min(64 - count)) {
                    let input = spread(basic, count, step);
                    let mut out = String::from("xn--");
                    assert_eq!(short_to_string(&input, &mut out), Ok(true));
                    assert_eq!(
                        out,
                        alloc::format!("xn--{}", with_naive(&input)),
                        "{input:?}"
                    );
                }
            }
        }
        let too_many = spread(1, 64, 7);
        let mut out = String::from("xn--");
        assert_eq!(short_to_string(&too_many, &mut out), Ok(false));
        assert_eq!(out, "xn--");
        let mut out = String::new();
        encode_str_to_string(&too_many, usize::MAX, &mut out).expect("encodes");
        assert_eq!(out, with_naive(&too_many));
        assert_eq!(
            encode_str_to_string("ab\u{e9}", 2, &mut String::new()),
            Err(PunycodeError::new(PunycodeErrorKind::TooLong, 2))
        );
    }

    /// The eight-key network sorts every input of zeros and ones (by the 0-1 principle,
    /// then every input), and `sort_keys` equals `sort_unstable` for 0 to 20 keys with
    /// `u32::MAX` padding, on both sides of the network's and the rank sort's limits.
    #[test]
    fn sort_keys_sorts() {
        for bits in 0u32..256 {
            let mut v = [0u32; 8];
            for (k, x) in v.iter_mut().enumerate() {
                *x = (bits >> k) & 1;
            }
            let mut expected = v;
            expected.sort_unstable();
            sort8(&mut v);
            assert_eq!(v, expected, "{bits:#010b}");
        }
        let mut seed: u32 = 12_345;
        for count in 0..=20 {
            for _ in 0..50 {
                let mut keys = [u32::MAX; 20];
                for (j, key) in keys.iter_mut().take(count).enumerate() {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    *key = ((seed >> 8) & 0x1F_FFFF) << 6 | u32::try_from(j).unwrap_or(0);
                }
                let mut expected = keys[..count].to_vec();
                expected.sort_unstable();
                assert_eq!(sort_keys(&mut keys, count), expected.as_slice());
            }
        }
    }

    /// The same with Appendix A flags, whose letters and last digits change case.
    #[test]
    fn stage_boundaries_equal_rfc_loop_mixed_case() {
        for count in [10, 40, 64] {
            let input: Vec<(char, bool)> = spread(64 - count, count, 7_919)
                .chars()
                .enumerate()
                .map(|(k, c)| (c, k % 3 == 0))
                .collect();
            let (mut short_out, mut naive_out) = (String::new(), String::new());
            assert_eq!(short(input.as_slice(), &mut short_out), Ok(true));
            naive(input.as_slice(), &mut naive_out).expect("encodes");
            assert_eq!(short_out, naive_out);
        }
    }

    /// A writer that fails when the stage is handed over midway reports the code point
    /// whose digits were next (a non-basic one), not a panic or a partial success.
    #[test]
    fn failing_writer_at_a_midway_flush() {
        struct Refuse;
        impl fmt::Write for Refuse {
            fn write_str(&mut self, _: &str) -> fmt::Result {
                Err(fmt::Error)
            }
        }
        let input = spread(0, 64, 17_000);
        assert!(with_naive(&input).len() > STAGE_LEN);
        let e =
            encode_with(input.as_str(), usize::MAX, &mut Buffered::new(&mut Refuse)).unwrap_err();
        assert_eq!(e.kind(), PunycodeErrorKind::WriterFailed);
        assert!(input.is_char_boundary(e.offset()) && e.offset() < input.len());
    }
}
