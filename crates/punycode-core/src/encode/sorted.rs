//! RFC 3492 §6.3 from order statistics (with `alloc`): the non-basic code points are
//! sorted once by (value, position) and every delta is computed from the count of
//! already-inserted positions before it (a Fenwick tree), O(n log n) whatever the
//! input. Guarded by the `punycode/long/encode` benchmark (crates/bench/benches/
//! punycode.rs), whose inputs of 64 KiB to 1 MiB would take the RFC's loop seconds.

use super::digits::{basic_byte, emit, overflow, writer_failed};
use super::io::{Out, Source};
use crate::bootstring::{DELIMITER, INITIAL_BIAS, INITIAL_N, adapt};
use crate::error::{PunycodeError, PunycodeErrorKind};

///
/// The delta of an occurrence of `m` at position `j` moves the decoder from state
/// `(n, i)` to `(m, rank)`, where `rank` counts the positions before `j` that hold a
/// code point already inserted (basic, smaller than `m`, or an earlier `m`):
/// `delta = (m - n) * (len + 1) + rank - i` (§6.2 `i += delta; n += i div (len + 1)`).
#[expect(
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
