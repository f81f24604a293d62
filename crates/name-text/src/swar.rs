//! Eight bytes at a time in one `u64` ("SIMD within a register"): the word tricks the
//! scanners of this workspace share, written once.
//!
//! A word holds eight bytes in little-endian order, so byte `k` of the input is bits
//! `8k..8k + 8` of the word and "the first byte" is the lowest one. A *byte mask* has
//! `0x80` in each byte that matches and `0x00` elsewhere; [`first_match`],
//! [`last_match`] and [`movemask`] turn one into positions.
//!
//! ```
//! use name_text::swar;
//! // Where is the first dot in "xn--a.b"? (7 bytes, padded with zeros)
//! let word = swar::load_padded(b"xn--a.b");
//! assert_eq!(swar::first_match(swar::eq_mask(word, b'.')), Some(5));
//! // Any upper-case letter in an all-ASCII word?
//! let upper = swar::in_range(swar::load(b"exAmple!"), b'A', b'Z');
//! assert_eq!(swar::movemask(upper), 0b0000_0100);
//! ```

/// `0x01` in every byte: `ONES * b` repeats the byte `b` in all eight bytes.
///
/// ```
/// assert_eq!(name_text::swar::ONES * 0x2E, 0x2E2E_2E2E_2E2E_2E2E);
/// ```
pub const ONES: u64 = 0x0101_0101_0101_0101;

/// `0x80` in every byte: the bit of a byte mask, and the bit that is set exactly in the
/// bytes `0x80..=0xFF` (the non-ASCII ones).
///
/// ```
/// use name_text::swar::{HIGHS, load};
/// assert_eq!(load(b"abc\xC3\xA9def") & HIGHS, 0x0000_0080_8000_0000);
/// ```
pub const HIGHS: u64 = 0x8080_8080_8080_8080;

/// `0x7F` in every byte.
const LOWS: u64 = !HIGHS;

/// `byte` in every byte of a word.
///
/// ```
/// assert_eq!(name_text::swar::splat(b'a'), u64::from_le_bytes(*b"aaaaaaaa"));
/// ```
#[inline]
#[must_use]
pub const fn splat(byte: u8) -> u64 {
    ONES * byte as u64
}

/// The eight bytes of `block` as a word, byte 0 lowest.
///
/// ```
/// assert_eq!(name_text::swar::load(b"\x01\0\0\0\0\0\0\x02"), 0x0200_0000_0000_0001);
/// ```
#[inline]
#[must_use]
pub const fn load(block: &[u8; 8]) -> u64 {
    u64::from_le_bytes(*block)
}

/// The first `min(bytes.len(), 8)` bytes as a word, the missing high bytes zero: the
/// tail of a scan, read without a byte loop.
///
/// Lengths 4 to 8 take two overlapping 4-byte loads, the first at 0 and the second
/// ending at the last byte, OR-ed together: the bytes they share are the same in both,
/// so the OR is exact. Lengths 1 to 3 take the first, middle and last bytes, which
/// cover every byte for those lengths (for length 2 the middle is the last). So the
/// load costs the same few instructions for every length, without a branch per byte.
///
/// ```
/// use name_text::swar::load_padded;
/// assert_eq!(load_padded(b"ab"), u64::from_le_bytes(*b"ab\0\0\0\0\0\0"));
/// assert_eq!(load_padded(b""), 0);
/// assert_eq!(load_padded(b"0123456789"), u64::from_le_bytes(*b"01234567"));
/// ```
#[inline]
#[must_use]
pub fn load_padded(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    if let Some(block) = bytes.first_chunk::<8>() {
        return load(block);
    }
    if let (Some(head), Some(tail)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        // 4 <= n < 8: the shift is 0 to 24 bits.
        return u64::from(u32::from_le_bytes(*head))
            | (u64::from(u32::from_le_bytes(*tail)) << (8 * (n - 4)));
    }
    match (bytes.first(), bytes.get(n / 2), bytes.last()) {
        (Some(&first), Some(&middle), Some(&last)) => {
            u64::from(first)
                | (u64::from(middle) << (8 * (n / 2)))
                | (u64::from(last) << (8 * (n - 1)))
        }
        _ => 0,
    }
}

/// A word with `0xFF` in its low `n` bytes and zero above (`n` up to 8; more counts as 8):
/// to pad a [`load_padded`] word with something other than zeros, or to keep the matches
/// of its real bytes only.
///
/// ```
/// use name_text::swar::{load_padded, low_bytes, splat};
/// // "ab" padded with letters instead of zeros.
/// let word = load_padded(b"ab") | (splat(b'z') & !low_bytes(2));
/// assert_eq!(word, u64::from_le_bytes(*b"abzzzzzz"));
/// assert_eq!(low_bytes(0), 0);
/// assert_eq!(low_bytes(8), u64::MAX);
/// ```
#[inline]
#[must_use]
pub const fn low_bytes(n: usize) -> u64 {
    if n >= 8 {
        u64::MAX
    } else {
        // n < 8, so the shift is below 64.
        (1u64 << (8 * n)) - 1
    }
}

/// The byte mask of the bytes of `word` in `lo..=hi`, for a word whose bytes are all
/// below `0x80` (ASCII) and bounds below `0x80`; for other words the result is
/// meaningless (callers test `word & HIGHS` apart), but computed without overflow.
///
/// Why it works: adding `0x80 − lo` to a byte `b < 0x80` sets its high bit exactly when
/// `b ≥ lo`, and adding `0x7F − hi` sets it exactly when `b > hi`; both sums stay below
/// `0x100`, so no carry reaches the next byte and eight bytes are tested in one addition.
///
/// ```
/// use name_text::swar::{in_range, load, movemask};
/// assert_eq!(movemask(in_range(load(b"a1b2c3d4"), b'0', b'9')), 0b1010_1010);
/// ```
#[inline]
#[must_use]
pub const fn in_range(word: u64, lo: u8, hi: u8) -> u64 {
    let at_least_lo = word.wrapping_add(ONES * (0x80 - lo as u64));
    let above_hi = word.wrapping_add(ONES * (0x7F - hi as u64));
    at_least_lo & !above_hi & HIGHS
}

/// The byte mask of the bytes of `word` equal to `byte`, exact for every word.
///
/// Why it works: XOR-ing with `byte` in every lane turns the matching bytes into zeros.
/// For each byte `x` of the result, `(x & 0x7F) + 0x7F` has its high bit set exactly when
/// the low seven bits of `x` are not all zero, and cannot carry (at most `0xFE`); OR-ing `x`
/// adds its own high bit. So the high bit ends up clear exactly in the zero bytes, and
/// the complement keeps only those.
///
/// ```
/// use name_text::swar::{eq_mask, load};
/// assert_eq!(eq_mask(load(b"a.b..\xAE.c"), b'.'), 0x0080_0080_8000_8000);
/// ```
#[inline]
#[must_use]
pub const fn eq_mask(word: u64, byte: u8) -> u64 {
    let x = word ^ splat(byte);
    !(((x & LOWS).wrapping_add(LOWS)) | x | LOWS)
}

/// Whether some byte of `word` is below `bound` (`bound` up to `0x80`), in four
/// operations: cheaper than a byte mask when only the answer matters.
///
/// Why it works: subtracting `bound` from every byte borrows out of a byte `b` exactly
/// when `b < bound`, which sets its high bit; `& !word` drops the bytes whose high bit was
/// set to begin with (they are `≥ 0x80 ≥ bound`). Borrows that run on into the next bytes
/// can mark them too, so the set bits do not say *which* byte: but the lowest such byte
/// is always marked, so the word is nonzero exactly when there is one.
///
/// ```
/// use name_text::swar::{has_below, load};
/// assert!(has_below(load(b"line\n..."), 0x20));
/// assert!(!has_below(load(b"no ctl \xFF"), 0x20));
/// ```
#[inline]
#[must_use]
pub const fn has_below(word: u64, bound: u8) -> bool {
    word.wrapping_sub(splat(bound)) & !word & HIGHS != 0
}

/// Whether some byte of `word` is `byte`: [`has_below`] of one on the word XOR-ed with
/// `byte`, whose zero bytes are the matches.
///
/// ```
/// use name_text::swar::{has_byte, load};
/// assert!(has_byte(load(b"user@ex."), b'@'));
/// assert!(!has_byte(load(b"user.ex."), b'@'));
/// ```
#[inline]
#[must_use]
pub const fn has_byte(word: u64, byte: u8) -> bool {
    has_below(word ^ splat(byte), 1)
}

/// The high bits of a byte mask gathered into one bit per byte (byte `k` to bit `k`),
/// as the x86 `movemask` instruction does. `mask` must be a byte mask (no bits but the
/// `0x80`s): that is what the other functions here return.
///
/// Why it works: after `>> 7` the mask has bit `8k` for each matching byte `k`; the
/// multiplier has bit `7 * j + 7` (`j` from 0 to 7, written from its top byte down: 0x01,
/// 0x02, … 0x80), so the product has bit `8k + 7j + 7` for each pair, and the pairs with
/// `k + j = 7` land on bits `56 + k`, one per byte, with no other pair reaching the top
/// byte and no two pairs on one bit (so no carries there).
///
/// ```
/// use name_text::swar::{eq_mask, load, movemask};
/// assert_eq!(movemask(eq_mask(load(b"a.b.c.d."), b'.')), 0b1010_1010);
/// ```
#[inline]
#[must_use]
pub const fn movemask(mask: u64) -> u8 {
    // The shift leaves the top byte: eight bits.
    ((mask >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The index of the first (lowest) byte of a byte mask that is set: its trailing zeros
/// over eight.
///
/// ```
/// use name_text::swar::{eq_mask, first_match, load};
/// assert_eq!(first_match(eq_mask(load(b"ab-cd-ef"), b'-')), Some(2));
/// assert_eq!(first_match(0), None);
/// ```
#[inline]
#[must_use]
pub const fn first_match(mask: u64) -> Option<usize> {
    if mask == 0 {
        None
    } else {
        Some((mask.trailing_zeros() / 8) as usize)
    }
}

/// The index of the last (highest) byte of a byte mask that is set.
///
/// ```
/// use name_text::swar::{eq_mask, last_match, load};
/// assert_eq!(last_match(eq_mask(load(b"ab-cd-ef"), b'-')), Some(5));
/// assert_eq!(last_match(0), None);
/// ```
#[inline]
#[must_use]
pub const fn last_match(mask: u64) -> Option<usize> {
    if mask == 0 {
        None
    } else {
        Some((mask.ilog2() / 8) as usize)
    }
}
