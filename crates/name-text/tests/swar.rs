//! `name_text::swar` against plain byte loops: every function, on every word of slices of
//! every length from 0 to 64 at every alignment of the buffer they are cut from.

use name_text::swar::{
    HIGHS, eq_mask, first_match, has_below, has_byte, in_range, last_match, load, load_padded,
    low_bytes, movemask,
};
use proptest::prelude::*;

/// The first eight bytes of `bytes`, zero-padded: what `load_padded` must read.
fn padded(bytes: &[u8]) -> [u8; 8] {
    let mut block = [0u8; 8];
    for (slot, &b) in block.iter_mut().zip(bytes) {
        *slot = b;
    }
    block
}

/// The byte mask a byte loop builds: `0x80` in byte `k` when `pick(block[k])`.
fn mask_of(block: [u8; 8], pick: impl Fn(u8) -> bool) -> u64 {
    block
        .iter()
        .enumerate()
        .filter(|&(_, &b)| pick(b))
        .map(|(k, _)| 0x80u64 << (8 * k))
        .sum()
}

/// Every function of `swar` on the word at each offset of `bytes`, against a byte loop
/// over the same bytes.
fn check_every_word(bytes: &[u8], needle: u8, lo: u8, hi: u8, bound: u8) {
    for at in 0..=bytes.len() {
        let rest = bytes.get(at..).unwrap_or_default();
        let block = padded(rest);
        let word = load_padded(rest);
        assert_eq!(word, u64::from_le_bytes(block), "load_padded {rest:?}");
        assert_eq!(load(&block), word);
        let kept = word & low_bytes(rest.len());
        assert_eq!(kept, word, "zero padding above the {} bytes", rest.len());

        let equal = eq_mask(word, needle);
        assert_eq!(
            equal,
            mask_of(block, |b| b == needle),
            "eq_mask {block:?} {needle}"
        );
        assert_eq!(has_byte(word, needle), block.contains(&needle));
        assert_eq!(has_below(word, bound), block.iter().any(|&b| b < bound));

        // `in_range` is defined for all-ASCII words: the same bytes, high bits cleared.
        let ascii = block.map(|b| b & 0x7F);
        let ranged = in_range(u64::from_le_bytes(ascii), lo, hi);
        assert_eq!(
            ranged,
            mask_of(ascii, |b| (lo..=hi).contains(&b)),
            "in_range {ascii:?}"
        );

        for mask in [equal, ranged, word & HIGHS] {
            let bits = (0..8).filter(|k| mask >> (8 * k + 7) & 1 == 1);
            let expected: u8 = bits.clone().map(|k| 1u8 << k).sum();
            assert_eq!(movemask(mask), expected, "movemask {mask:#x}");
            assert_eq!(first_match(mask), bits.clone().next());
            assert_eq!(last_match(mask), bits.clone().next_back());
        }
    }
}

#[test]
fn low_bytes_keeps_the_low_n_bytes() {
    for n in 0..=9 {
        let expected = (0..8)
            .filter(|&k| k < n)
            .map(|k| 0xFFu64 << (8 * k))
            .sum::<u64>();
        assert_eq!(low_bytes(n), expected, "{n}");
    }
}

/// Every length 0..=64 at every alignment 0..8 of one buffer holding every kind of byte
/// the scanners look for (dots, hyphens, letters of both cases, digits, controls,
/// non-ASCII).
#[test]
fn every_length_and_alignment_of_a_mixed_buffer() {
    let buffer: Vec<u8> = b"xn--B\xC3\xBCcher.Example-1.c\x00m\n\x7F\x80\xFF.."
        .iter()
        .copied()
        .cycle()
        .take(72)
        .collect();
    for align in 0..8 {
        for len in 0..=64 {
            let bytes = &buffer[align..align + len];
            check_every_word(bytes, b'.', b'A', b'Z', 0x20);
            check_every_word(bytes, b'-', b'0', b'9', 0x80);
        }
    }
}

/// A byte drawn mostly from the bytes the scanners care about, else any byte.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        prop::sample::select(&b".-@\n\"\\azAZ09\x00\x1F\x20\x7F\x80\xE2\xFF"[..]),
        any::<u8>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// Random buffers, cut at every alignment to every length up to 64: 4096 cases, each
    /// checking every word of the slice.
    #[test]
    fn swar_agrees_with_byte_loops(
        buffer in prop::collection::vec(interesting_byte(), 72),
        align in 0usize..8,
        len in 0usize..=64,
        needle in interesting_byte(),
        lo in 0u8..0x80,
        span in 0u8..0x80,
        bound in 0u8..=0x80,
    ) {
        let hi = lo.saturating_add(span).min(0x7F);
        check_every_word(&buffer[align..align + len], needle, lo, hi, bound);
    }
}
