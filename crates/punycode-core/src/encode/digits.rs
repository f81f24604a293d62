//! The pieces of output every encoder writes the same way: basic code points (RFC 3492
//! §3.1, with the Appendix A case), deltas as generalized variable-length integers
//! (§3.3), and the errors of §6.4 and of a failing writer.

use core::fmt;

use super::io::{Out, Source};
use crate::bootstring::{BASE, digit_byte, div_rem, threshold};
use crate::error::{PunycodeError, PunycodeErrorKind};

pub(super) fn overflow(offset: usize) -> PunycodeError {
    PunycodeError::new(PunycodeErrorKind::Overflow, offset)
}

pub(super) fn writer_failed(offset: usize) -> impl Fn(fmt::Error) -> PunycodeError {
    move |_| PunycodeError::new(PunycodeErrorKind::WriterFailed, offset)
}

/// The output form of basic code point `c` (Appendix A: with flags, the flag chooses
/// the case of ASCII letters, as the RFC's sample implementation does).
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "callers pass basic code points only, below 0x80"
)]
pub(super) fn basic_byte<S: Source>(c: u32, upper: bool) -> u8 {
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
pub(super) fn emit<O: Out>(out: &mut O, mut q: u32, bias: u32, upper: bool) -> fmt::Result {
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
