//! A Fenwick (binary indexed) tree of counts over positions: the O(log n) order
//! statistics behind the long-input encoder and decoder (only with `alloc`).

use alloc::vec::Vec;

/// Counts per position `0..len`, with prefix sums and "n-th one" search in O(log len).
pub(crate) struct Fenwick {
    /// 1-based tree; `tree[0]` is unused.
    tree: Vec<u32>,
}

impl Fenwick {
    /// A tree over the given 0/1 marks, built in O(n).
    pub(crate) fn from_marks(marks: impl ExactSizeIterator<Item = bool>) -> Self {
        let mut tree = Vec::with_capacity(marks.len() + 1);
        tree.push(0);
        tree.extend(marks.map(u32::from));
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

    /// A tree with every position counted once.
    pub(crate) fn all_ones(len: usize) -> Self {
        Self::from_marks(core::iter::repeat_n(true, len))
    }

    fn len(&self) -> usize {
        self.tree.len() - 1
    }

    /// Number of counted positions in `0..pos`.
    pub(crate) fn prefix(&self, pos: usize) -> u32 {
        let mut i = pos;
        let mut sum = 0;
        while i > 0 {
            sum += self.tree.get(i).copied().unwrap_or(0);
            i &= i - 1;
        }
        sum
    }

    /// Adds `delta` (wrapping, so that -1 is `u32::MAX`) at `pos`.
    fn add(&mut self, pos: usize, delta: u32) {
        let n = self.len();
        let mut i = pos + 1;
        while i <= n {
            if let Some(v) = self.tree.get_mut(i) {
                *v = v.wrapping_add(delta);
            }
            i += i & i.wrapping_neg();
        }
    }

    /// Counts `pos` once more.
    pub(crate) fn mark(&mut self, pos: usize) {
        self.add(pos, 1);
    }

    /// Finds the position of the `nth` (0-based) counted position and uncounts it.
    /// The caller guarantees that there are more than `nth` counted positions.
    pub(crate) fn take_nth(&mut self, nth: u32) -> usize {
        let n = self.len();
        let mut pos = 0;
        let mut remaining = nth + 1;
        let mut step = if n == 0 { 0 } else { 1 << n.ilog2() };
        while step > 0 {
            let next = pos + step;
            if next <= n {
                let v = self.tree.get(next).copied().unwrap_or(0);
                if v < remaining {
                    pos = next;
                    remaining -= v;
                }
            }
            step >>= 1;
        }
        // `pos` is the longest prefix holding fewer than nth + 1: the next one is it.
        self.add(pos, u32::MAX);
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_mark_and_take() {
        let mut f = Fenwick::from_marks([true, false, true, false, false].into_iter());
        assert_eq!(f.prefix(0), 0);
        assert_eq!(f.prefix(3), 2);
        f.mark(3);
        assert_eq!(f.prefix(5), 3);
        let mut g = Fenwick::all_ones(5);
        assert_eq!(g.take_nth(2), 2);
        assert_eq!(g.take_nth(2), 3);
        assert_eq!(g.take_nth(0), 0);
        assert_eq!(g.take_nth(1), 4);
        assert_eq!(g.take_nth(0), 1);
    }
}
