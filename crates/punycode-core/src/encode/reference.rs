//! RFC 3492 §6.3 as the RFC writes it: each round scans the input for the next
//! smallest code point, then scans it again to emit the deltas. O(n · d) time for `d`
//! distinct non-basic code points, no memory: the encoder without `alloc` for inputs
//! the short encoder does not take, and the reference the faster ones are tested
//! against.

use super::digits::{basic_byte, emit, overflow, writer_failed};
use super::io::{Out, Source};
use crate::bootstring::{DELIMITER, INITIAL_BIAS, INITIAL_N, adapt};
use crate::error::PunycodeError;

/// The offset of the code point whose delta overflowed when the running count of the
/// RFC's loop overflowed at `after` in the round of `n`: the next occurrence of `n`.
fn blame<S: Source>(src: S, n: u32, after: usize) -> usize {
    src.each()
        .find(|&(c, _, o)| c == n && o > after)
        .map_or(after, |(_, _, o)| o)
}

/// RFC 3492 §6.3 as written, allocation-free.
pub(crate) fn rfc_loop<S: Source, O: Out>(src: S, out: &mut O) -> Result<(), PunycodeError> {
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
