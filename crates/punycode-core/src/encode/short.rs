//! RFC 3492 §6.3 for labels (at most 64 code points), the inputs IDNA encodes: the
//! keys sorted on the stack by a sorting network, ranks as popcounts of a 64-bit mask,
//! the output staged on the stack or written straight into a `String`, and no overflow
//! checks (none can overflow). Guarded by the `punycode/labels/encode` benchmark
//! (crates/bench/benches/punycode.rs), 20,000 labels against `idna::punycode`.

use core::fmt;

use super::digits::{basic_byte, emit};
#[cfg(feature = "alloc")]
use super::io::Count;
use super::io::{Out, Source};
use crate::bootstring::{DELIMITER, INITIAL_BIAS, INITIAL_N, adapt};
use crate::error::{PunycodeError, PunycodeErrorKind};

/// Inputs of at most [`SHORT_UNITS`] units (bytes of `&str`, slice elements) and at
/// most this many code points are encoded by [`short`] from a stack copy. DNS labels
/// are at most 63 bytes.
pub(super) const SHORT_MAX: usize = 64;

/// Longer inputs do not try [`short`] (it would give up after 64 code points anyway).
pub(super) const SHORT_UNITS: usize = 4 * SHORT_MAX;

// No delta of a short input can overflow (§6.4): at most (0x10FFFF - 0x80) rounds of
// (h + 1) <= SHORT_MAX + 1 steps, plus SHORT_MAX increments. Positions fit 7 bits.
const _: () = assert!(SHORT_MAX <= 64);
const _: () = assert!(
    (0x10_FFFF - INITIAL_N as u64) * (SHORT_MAX as u64 + 1) + SHORT_MAX as u64 <= u32::MAX as u64
);

/// RFC 3492 §6.3 for short inputs, in O(k log k) for k non-basic code points and
/// without rescanning: the same order statistics as the `sorted` encoder, with the positions of
/// the already-inserted code points held in a 64-bit mask (the rank of a position is
/// a popcount) and the `(value, position)` keys sorted on the stack. No overflow checks
/// are needed (see `SHORT_MAX`).
#[expect(
    clippy::many_single_char_names,
    clippy::cast_possible_truncation,
    reason = "n, i, b, m, j follow RFC 3492 §6.2/§6.3; `j` indexes a label of at most 63 code points"
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
pub(super) fn short<S: Source, O: Out>(src: S, out: &mut O) -> Result<bool, PunycodeError> {
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
pub(super) fn short_to_string(
    src: &str,
    out: &mut alloc::string::String,
) -> Result<bool, PunycodeError> {
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

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use crate::encode::io::Buffered;
    use crate::encode::reference::rfc_loop;
    use crate::error::PunycodeErrorKind;
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

    fn with_rfc_loop(input: &str) -> String {
        let mut out = String::new();
        rfc_loop(input, &mut out).expect("encodes");
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
                    assert_eq!(out, with_rfc_loop(&input), "{input:?}");
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
                    assert_eq!(with_short(&input), with_rfc_loop(&input), "{input:?}");
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
                        alloc::format!("xn--{}", with_rfc_loop(&input)),
                        "{input:?}"
                    );
                }
            }
        }
        let too_many = spread(1, 64, 7);
        let mut out = String::from("xn--");
        assert_eq!(short_to_string(&too_many, &mut out), Ok(false));
        assert_eq!(out, "xn--");
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
            rfc_loop(input.as_slice(), &mut naive_out).expect("encodes");
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
        assert!(with_rfc_loop(&input).len() > STAGE_LEN);
        let e = short(input.as_str(), &mut Buffered::new(&mut Refuse)).unwrap_err();
        assert_eq!(e.kind(), PunycodeErrorKind::WriterFailed);
        assert!(input.is_char_boundary(e.offset()) && e.offset() < input.len());
    }
}
