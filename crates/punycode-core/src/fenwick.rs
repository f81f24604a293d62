//! Order statistics over positions `0..len` for the long-input encoder and decoder
//! (only with `alloc`): which positions are "in", how many are before a position
//! (rank), and where the n-th one is (select), each in O(log len).
//!
//! A bitmap of 64-bit words plus a Fenwick (binary indexed) tree of the words' counts.
//! The tree has len / 64 entries, so it stays in cache even for 1 MiB inputs, and each
//! query touches one word of the bitmap: about twice as fast as a Fenwick tree over the
//! positions themselves at that size.

use alloc::vec::Vec;

/// A Fenwick tree of counts.
struct Fenwick {
    /// 1-based; `tree[0]` is unused.
    tree: Vec<u32>,
}

impl Fenwick {
    /// Built in O(n) from the counts.
    fn from_counts(counts: impl Iterator<Item = u32>) -> Self {
        let mut tree = Vec::new();
        tree.push(0);
        tree.extend(counts);
        let n = tree.len() - 1;
        for i in 1..=n {
            let parent = i + (i & i.wrapping_neg());
            if parent <= n {
                let v = tree.get(i).copied().unwrap_or(0);
                if let Some(p) = tree.get_mut(parent) {
                    *p += v;
                }
            }
        }
        Self { tree }
    }

    /// Sum of the counts of `0..index`.
    fn prefix(&self, index: usize) -> u32 {
        let mut i = index;
        let mut sum = 0;
        while i > 0 {
            sum += self.tree.get(i).copied().unwrap_or(0);
            i &= i - 1;
        }
        sum
    }

    /// Adds `delta` (wrapping: `u32::MAX` is -1) to the count of `index`.
    fn add(&mut self, index: usize, delta: u32) {
        let n = self.tree.len() - 1;
        let mut i = index + 1;
        while i <= n {
            if let Some(v) = self.tree.get_mut(i) {
                *v = v.wrapping_add(delta);
            }
            i += i & i.wrapping_neg();
        }
    }

    /// The index whose cumulative range holds the `nth` (0-based) unit, and how many
    /// units come before it within that index.
    fn find(&self, nth: u32) -> (usize, u32) {
        let n = self.tree.len() - 1;
        let mut pos = 0;
        let mut remaining = nth;
        let mut step = if n == 0 { 0 } else { 1 << n.ilog2() };
        while step > 0 {
            let next = pos + step;
            // Out of range reads as "too big"; the choice is written without branches
            // because it is a coin toss for the predictor.
            let v = self.tree.get(next).copied().unwrap_or(u32::MAX);
            let go = v <= remaining;
            pos = if go { next } else { pos };
            remaining -= if go { v } else { 0 };
            step >>= 1;
        }
        (pos, remaining)
    }
}

/// Number of set bits of each byte value (the default target has no `popcnt`).
#[expect(
    clippy::indexing_slicing,
    clippy::cast_possible_truncation,
    reason = "const evaluation: an index out of range is a compile-time error; `b` is below 256 and a byte has at most 8 ones"
)]
const BYTE_ONES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    table
};

/// A set of positions with rank and select.
pub(crate) struct RankSet {
    words: Vec<u64>,
    counts: Fenwick,
}

impl RankSet {
    /// The set of the positions whose mark is `true`.
    pub(crate) fn from_marks(marks: impl Iterator<Item = bool>) -> Self {
        let mut words = Vec::new();
        let mut word = 0u64;
        let mut bit = 0;
        for mark in marks {
            word |= u64::from(mark) << bit;
            bit += 1;
            if bit == 64 {
                words.push(word);
                word = 0;
                bit = 0;
            }
        }
        if bit > 0 {
            words.push(word);
        }
        let counts = Fenwick::from_counts(words.iter().map(|w| w.count_ones()));
        Self { words, counts }
    }

    /// All of `0..len`.
    pub(crate) fn full(len: usize) -> Self {
        Self::from_marks(core::iter::repeat_n(true, len))
    }

    /// Number of positions in the set before `pos`.
    pub(crate) fn rank(&self, pos: usize) -> u32 {
        let (w, b) = (pos / 64, pos % 64);
        let below = self.words.get(w).map_or(0, |&word| {
            // b < 64; the mask keeps bits 0..b.
            (word & ((1u64 << b) - 1)).count_ones()
        });
        self.counts.prefix(w) + below
    }

    /// Adds `pos` (not in the set yet).
    pub(crate) fn insert(&mut self, pos: usize) {
        if let Some(word) = self.words.get_mut(pos / 64) {
            *word |= 1 << (pos % 64);
            self.counts.add(pos / 64, 1);
        }
    }

    /// Removes and returns the `nth` (0-based) position of the set. The caller
    /// guarantees that the set has more than `nth` positions.
    pub(crate) fn take_nth(&mut self, nth: u32) -> usize {
        let (w, mut within) = self.counts.find(nth);
        let Some(word) = self.words.get_mut(w) else {
            return usize::MAX;
        };
        // Select the `within`-th set bit of the word: skip whole bytes, then bits.
        let mut bits = *word;
        let mut base = 0;
        loop {
            let ones = BYTE_ONES
                .get((bits & 0xFF) as usize)
                .map_or(0, |&c| u32::from(c));
            if within < ones || base >= 56 {
                break;
            }
            within -= ones;
            bits >>= 8;
            base += 8;
        }
        while within > 0 {
            bits &= bits - 1;
            within -= 1;
        }
        let b = base + bits.trailing_zeros() as usize;
        *word &= !(1 << b);
        self.counts.add(w, u32::MAX);
        w * 64 + b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_insert_and_take() {
        let mut f = RankSet::from_marks([true, false, true, false, false].into_iter());
        assert_eq!(f.rank(0), 0);
        assert_eq!(f.rank(3), 2);
        f.insert(3);
        assert_eq!(f.rank(5), 3);
        let mut g = RankSet::full(5);
        assert_eq!(g.take_nth(2), 2);
        assert_eq!(g.take_nth(2), 3);
        assert_eq!(g.take_nth(0), 0);
        assert_eq!(g.take_nth(1), 4);
        assert_eq!(g.take_nth(0), 1);
    }

    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the reference vector in the test is short"
    )]
    fn matches_a_vector_across_words() {
        let n = 1000;
        let mut set = RankSet::full(n);
        let mut reference: Vec<usize> = (0..n).collect();
        let mut x: u32 = 12345;
        while !reference.is_empty() {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let nth = (x >> 8) % reference.len() as u32;
            assert_eq!(set.take_nth(nth), reference.remove(nth as usize));
        }
        let mut set = RankSet::from_marks((0..n).map(|p| p % 3 == 0));
        for p in (0..n).step_by(7) {
            let expected = (0..p)
                .filter(|q| q % 3 == 0 || (q % 7 == 0 && *q < p))
                .count();
            assert_eq!(set.rank(p) as usize, expected, "{p}");
            if p % 3 != 0 {
                set.insert(p);
            }
        }
    }
}
