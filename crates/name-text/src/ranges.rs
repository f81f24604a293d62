//! Code point sets as sorted tables of inclusive ranges, the form the generated Unicode
//! tables of this workspace take (the escape set of [`report`](crate::report), the
//! UTS #39 `Allowed` set of `idn-spoof`).
//!
//! ```
//! // ASCII digits and the fullwidth digits U+FF10..U+FF19.
//! static DIGITS: [(u32, u32); 2] = [(0x30, 0x39), (0xFF10, 0xFF19)];
//! assert!(name_text::ranges::contains(&DIGITS, '\u{ff15}'));
//! assert!(!name_text::ranges::contains(&DIGITS, 'a'));
//! ```

use core::cmp::Ordering;

/// Whether `c` is in one of `ranges` (sorted, inclusive, neither overlapping nor
/// touching): a binary search, `O(log n)` comparisons.
///
/// ```
/// static TABLE: [(u32, u32); 2] = [(0x41, 0x5A), (0x61, 0x7A)];
/// assert!(name_text::ranges::contains(&TABLE, 'Q') && !name_text::ranges::contains(&TABLE, '_'));
/// ```
#[inline]
#[must_use]
pub fn contains(ranges: &[(u32, u32)], c: char) -> bool {
    let cp = u32::from(c);
    ranges
        .binary_search_by(|&(first, last)| {
            if last < cp {
                Ordering::Less
            } else if first > cp {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        })
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::contains;

    /// Against a linear scan, for every code point below U+0200 and the edges of each
    /// range of a table with ranges of one and of many code points.
    #[test]
    fn binary_search_agrees_with_a_linear_scan() {
        let table = [
            (0x09, 0x0D),
            (0x20, 0x20),
            (0x41, 0x5A),
            (0x7F, 0x9F),
            (0x1F0, 0x1FF),
        ];
        let linear = |cp: u32| {
            table
                .iter()
                .any(|&(first, last)| (first..=last).contains(&cp))
        };
        for c in (0..0x200).filter_map(char::from_u32) {
            assert_eq!(
                contains(&table, c),
                linear(u32::from(c)),
                "U+{:04X}",
                u32::from(c)
            );
        }
        assert!(!contains(&[], 'a'));
    }
}
