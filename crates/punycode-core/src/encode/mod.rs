//! Encoding, RFC 3492 §6.3, with the overflow checks of §6.4: three algorithms with
//! identical output (unit and property tests check this), chosen by input length.
//!
//! | file | algorithm | takes |
//! |---|---|---|
//! | `short.rs` | stack keys, popcount ranks, staged output | inputs of at most 64 code points (labels) |
//! | `reference.rs` | the RFC's loop, O(n · distinct) | longer inputs without `alloc`, or up to [`SORT_THRESHOLD`] units |
//! | `sorted.rs` | sorted keys and a Fenwick tree, O(n log n) | longer inputs with `alloc` |
//!
//! `io.rs` holds what they read and write, `digits.rs` what they all write the same way.

mod digits;
mod io;
mod reference;
mod short;
#[cfg(feature = "alloc")]
mod sorted;

pub(crate) use io::{Buffered, Compare, Count, Out, Source};

use crate::error::{PunycodeError, PunycodeErrorKind};
use reference::rfc_loop;
use short::{SHORT_UNITS, short};

/// Inputs longer than this (in bytes of `&str`, or elements of a slice) take the sorted
/// O(n log n) encoder when `alloc` is available; shorter ones the allocation-free loop,
/// which is faster while the number of distinct code points is small.
#[cfg(feature = "alloc")]
pub(crate) const SORT_THRESHOLD: usize = 512;

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
        return sorted::sorted(src, out);
    }
    rfc_loop(src, out)
}

/// Encodes `src` into a `String` (RFC 3492 §6.3): as [`encode_with`], with labels
/// written straight into the `String`.
#[cfg(feature = "alloc")]
pub(crate) fn encode_str_to_string(
    src: &str,
    max_len: usize,
    out: &mut alloc::string::String,
) -> Result<(), PunycodeError> {
    if src.len() <= SHORT_UNITS.min(max_len) && short::short_to_string(src, out)? {
        return Ok(());
    }
    encode_with(src, max_len, out)
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use alloc::string::String;

    /// A label of one letter and 64 code points above the basic range: more than the
    /// short encoder takes, so the `String` path falls back to the other encoders and
    /// writes what the RFC's loop writes (RFC 3492 §6.3).
    #[test]
    fn string_path_falls_back_past_64_code_points() {
        let too_many: String = core::iter::once('a')
            .chain((0..64).filter_map(|k| char::from_u32(0x100 + 7 * k)))
            .collect();
        let mut expected = String::new();
        rfc_loop(too_many.as_str(), &mut expected).expect("encodes");
        let mut out = String::new();
        encode_str_to_string(&too_many, usize::MAX, &mut out).expect("encodes");
        assert_eq!(out, expected);
    }

    /// The length limit is checked before any work, on the `String` path too.
    #[test]
    fn string_path_checks_the_limit() {
        assert_eq!(
            encode_str_to_string("ab\u{e9}", 2, &mut String::new()),
            Err(PunycodeError::new(PunycodeErrorKind::TooLong, 2))
        );
    }
}
