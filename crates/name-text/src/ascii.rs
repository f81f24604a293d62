//! Byte classes: a 256-bit set built in `const`, and the base classes every grammar in
//! this workspace composes its own sets from.
//!
//! The higher crates build `atext`, `qtext`, `dtext` (`rfc-email`) and `unreserved`,
//! `pchar`, `query` (`uri-schemes`) by const [`ByteSet::union`] of these.
//!
//! ```
//! use name_text::ascii::{ByteSet, ALPHA, DIGIT};
//!
//! // RFC 3986 §2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
//! const UNRESERVED: ByteSet = ALPHA.union(DIGIT).union(ByteSet::from_bytes(b"-._~"));
//! assert!(UNRESERVED.contains(b'~'));
//! assert!(!UNRESERVED.contains(b'%'));
//! assert_eq!(UNRESERVED.find_first_not_in(b"ab~c%20"), Some(4));
//! ```

use crate::swar;

/// A set of bytes, one bit per byte value.
///
/// Lookups are two shifts and a mask, with no indexing (so no bounds check and no panic
/// path). Sets are built and combined in `const` so that every grammar table is computed
/// at compile time.
///
/// ```
/// use name_text::ascii::ByteSet;
/// const VOWELS: ByteSet = ByteSet::from_bytes(b"aeiou");
/// assert!(VOWELS.contains(b'e') && !VOWELS.contains(b'z'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByteSet {
    /// Bytes 0x00–0x7F.
    low: u128,
    /// Bytes 0x80–0xFF.
    high: u128,
}

impl core::fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut set = f.debug_set();
        let mut byte = 0u8;
        loop {
            if self.contains(byte) {
                set.entry(&core::ascii::escape_default(byte));
            }
            if byte == u8::MAX {
                break;
            }
            byte += 1;
        }
        set.finish()
    }
}

impl ByteSet {
    /// The empty set.
    ///
    /// ```
    /// assert!(!name_text::ascii::ByteSet::EMPTY.contains(0));
    /// ```
    pub const EMPTY: Self = Self { low: 0, high: 0 };

    /// Every byte `0x80..=0xFF`: the octets that make up non-ASCII UTF-8 sequences.
    ///
    /// ```
    /// assert!(name_text::ascii::ByteSet::NON_ASCII.contains(0xC3));
    /// ```
    pub const NON_ASCII: Self = Self {
        low: 0,
        high: u128::MAX,
    };

    /// The set holding exactly the given bytes.
    ///
    /// ```
    /// let set = name_text::ascii::ByteSet::from_bytes(b"-.");
    /// assert!(set.contains(b'.'));
    /// ```
    #[must_use]
    pub const fn from_bytes(bytes: &[u8]) -> Self {
        let mut set = Self::EMPTY;
        let mut i = 0;
        while i < bytes.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "`bytes[i]` with `i < len` cannot fail; a const fn cannot use iterators"
            )]
            let byte = bytes[i];
            set = set.with(byte);
            i += 1;
        }
        set
    }

    /// The set of bytes `first..=last`.
    ///
    /// # Panics
    /// At compile time (in `const` use) if `first > last`.
    ///
    /// ```
    /// let digits = name_text::ascii::ByteSet::range(b'0', b'9');
    /// assert!(digits.contains(b'7') && !digits.contains(b'a'));
    /// ```
    #[must_use]
    pub const fn range(first: u8, last: u8) -> Self {
        assert!(first <= last, "ByteSet::range: first > last");
        let mut set = Self::EMPTY;
        let mut byte = first;
        loop {
            set = set.with(byte);
            if byte == last {
                break;
            }
            byte += 1;
        }
        set
    }

    /// This set with `byte` added.
    ///
    /// ```
    /// let set = name_text::ascii::ByteSet::EMPTY.with(b'x');
    /// assert!(set.contains(b'x'));
    /// ```
    #[must_use]
    pub const fn with(self, byte: u8) -> Self {
        if byte < 0x80 {
            Self {
                low: self.low | (1 << byte),
                high: self.high,
            }
        } else {
            Self {
                low: self.low,
                high: self.high | (1 << (byte - 0x80)),
            }
        }
    }

    /// This set with `byte` removed.
    ///
    /// ```
    /// use name_text::ascii::{ByteSet, DIGIT};
    /// assert!(!DIGIT.without(b'0').contains(b'0'));
    /// ```
    #[must_use]
    pub const fn without(self, byte: u8) -> Self {
        if byte < 0x80 {
            Self {
                low: self.low & !(1 << byte),
                high: self.high,
            }
        } else {
            Self {
                low: self.low,
                high: self.high & !(1 << (byte - 0x80)),
            }
        }
    }

    /// The bytes in either set.
    ///
    /// ```
    /// use name_text::ascii::{ALPHA, DIGIT};
    /// assert!(ALPHA.union(DIGIT).contains(b'5'));
    /// ```
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self {
            low: self.low | other.low,
            high: self.high | other.high,
        }
    }

    /// The bytes in `self` but not in `other`.
    ///
    /// ```
    /// use name_text::ascii::{HEXDIG, DIGIT};
    /// assert!(!HEXDIG.difference(DIGIT).contains(b'1'));
    /// ```
    #[must_use]
    pub const fn difference(self, other: Self) -> Self {
        Self {
            low: self.low & !other.low,
            high: self.high & !other.high,
        }
    }

    /// The bytes in both sets.
    ///
    /// ```
    /// use name_text::ascii::{HEXDIG, ALPHA};
    /// assert!(HEXDIG.intersection(ALPHA).contains(b'f'));
    /// ```
    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        Self {
            low: self.low & other.low,
            high: self.high & other.high,
        }
    }

    /// Whether `byte` is in the set.
    ///
    /// ```
    /// assert!(name_text::ascii::LDH.contains(b'-'));
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains(&self, byte: u8) -> bool {
        if byte < 0x80 {
            (self.low >> byte) & 1 == 1
        } else {
            (self.high >> (byte - 0x80)) & 1 == 1
        }
    }

    /// Whether every byte of `bytes` is in the set (true for the empty slice).
    ///
    /// ```
    /// assert!(name_text::ascii::LDH.contains_all(b"xn--bcher-kva"));
    /// ```
    #[inline]
    #[must_use]
    pub fn contains_all(&self, bytes: &[u8]) -> bool {
        bytes.iter().all(|&b| self.contains(b))
    }

    /// The index of the first byte of `bytes` that is not in the set.
    ///
    /// ```
    /// assert_eq!(name_text::ascii::LDH.find_first_not_in(b"ab_c"), Some(2));
    /// ```
    #[inline]
    #[must_use]
    pub fn find_first_not_in(&self, bytes: &[u8]) -> Option<usize> {
        bytes.iter().position(|&b| !self.contains(b))
    }

    /// Number of bytes in the set.
    ///
    /// ```
    /// assert_eq!(name_text::ascii::DIGIT.len(), 10);
    /// ```
    #[must_use]
    pub const fn len(&self) -> u32 {
        self.low.count_ones() + self.high.count_ones()
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(name_text::ascii::ByteSet::EMPTY.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.low == 0 && self.high == 0
    }
}

/// A [`ByteSet`] unpacked into a 256-entry table at compile time: one load per byte, for
/// the hot loops of the grammars (a `u8` index into a 256-entry array needs no bounds
/// check, so the lookup compiles to a plain load where a [`ByteSet`] needs a shift and a
/// mask). Costs 256 bytes of read-only data per table.
///
/// ```
/// use name_text::ascii::{ByteTable, LDH};
/// const LDH_TABLE: ByteTable = ByteTable::new(LDH);
/// assert!(LDH_TABLE.contains(b'-') && !LDH_TABLE.contains(b'_'));
/// assert_eq!(LDH_TABLE.run_len(b"xn--bcher-kva.example"), 13);
/// ```
#[derive(Clone, Copy)]
pub struct ByteTable([bool; 256]);

impl core::fmt::Debug for ByteTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("ByteTable").field(&self.to_set()).finish()
    }
}

impl ByteTable {
    /// The table of `set`.
    ///
    /// ```
    /// use name_text::ascii::{ByteTable, DIGIT};
    /// assert!(ByteTable::new(DIGIT).contains(b'7'));
    /// ```
    #[must_use]
    pub const fn new(set: ByteSet) -> Self {
        let mut table = [false; 256];
        let mut byte = 0u8;
        loop {
            #[expect(
                clippy::indexing_slicing,
                reason = "`byte as usize < 256` always holds; a const fn cannot use `get_mut`"
            )]
            {
                table[byte as usize] = set.contains(byte);
            }
            if byte == u8::MAX {
                break;
            }
            byte += 1;
        }
        Self(table)
    }

    /// Whether `byte` is in the table's set.
    ///
    /// ```
    /// use name_text::ascii::{ByteTable, ALPHA};
    /// assert!(!ByteTable::new(ALPHA).contains(b'1'));
    /// ```
    #[inline]
    #[must_use]
    pub fn contains(&self, byte: u8) -> bool {
        // A `u8` always indexes a 256-entry table: the `get` is optimized away.
        self.0.get(usize::from(byte)).copied().unwrap_or(false)
    }

    /// The length of the longest prefix of `bytes` in the set: one load and one branch
    /// per byte.
    ///
    /// ```
    /// use name_text::ascii::{ByteTable, DIGIT};
    /// assert_eq!(ByteTable::new(DIGIT).run_len(b"123abc"), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn run_len(&self, bytes: &[u8]) -> usize {
        bytes
            .iter()
            .position(|&b| !self.contains(b))
            .unwrap_or(bytes.len())
    }

    /// Whether every byte of an eight-byte block is in the set: eight loads combined
    /// with `&`, without a branch per byte (for scanning long runs a block at a time);
    /// `false` for a block of another length.
    ///
    /// ```
    /// use name_text::ascii::{ByteTable, LDH};
    /// let table = ByteTable::new(LDH);
    /// assert!(table.contains_all8(b"xn--bche"));
    /// assert!(!table.contains_all8(b"xn--bch."));
    /// assert!(!table.contains_all8(b"short"));
    /// ```
    #[inline]
    #[must_use]
    pub fn contains_all8(&self, block: &[u8]) -> bool {
        let Ok(&[b0, b1, b2, b3, b4, b5, b6, b7]) = <&[u8; 8]>::try_from(block) else {
            return false;
        };
        (self.contains(b0) & self.contains(b1) & self.contains(b2) & self.contains(b3))
            & (self.contains(b4) & self.contains(b5) & self.contains(b6) & self.contains(b7))
    }

    /// The set this table was built from.
    ///
    /// ```
    /// use name_text::ascii::{ByteTable, LDH};
    /// assert_eq!(ByteTable::new(LDH).to_set(), LDH);
    /// ```
    #[must_use]
    pub const fn to_set(&self) -> ByteSet {
        let mut set = ByteSet::EMPTY;
        let mut byte = 0u8;
        loop {
            #[expect(
                clippy::indexing_slicing,
                reason = "`byte as usize < 256` always holds; a const fn cannot use `get`"
            )]
            if self.0[byte as usize] {
                set = set.with(byte);
            }
            if byte == u8::MAX {
                break;
            }
            byte += 1;
        }
        set
    }
}

/// `ALPHA = %x41-5A / %x61-7A` (RFC 5234 Appendix B.1).
///
/// ```
/// assert!(name_text::ascii::ALPHA.contains(b'Q'));
/// ```
pub const ALPHA: ByteSet = ByteSet::range(b'A', b'Z').union(ByteSet::range(b'a', b'z'));

/// `DIGIT = %x30-39` (RFC 5234 Appendix B.1).
///
/// ```
/// assert!(name_text::ascii::DIGIT.contains(b'0'));
/// ```
pub const DIGIT: ByteSet = ByteSet::range(b'0', b'9');

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (RFC 5234 Appendix B.1), plus the
/// lowercase letters, which RFC 5234 string matching is case-insensitive for.
///
/// ```
/// assert!(name_text::ascii::HEXDIG.contains(b'e'));
/// ```
pub const HEXDIG: ByteSet = DIGIT
    .union(ByteSet::range(b'A', b'F'))
    .union(ByteSet::range(b'a', b'f'));

/// `Let-dig = ALPHA / DIGIT` (RFC 5321 §4.1.2; RFC 1123 §2.1 lets a host-name label start
/// with a digit).
///
/// ```
/// assert!(!name_text::ascii::LET_DIG.contains(b'-'));
/// ```
pub const LET_DIG: ByteSet = ALPHA.union(DIGIT);

/// Letters, digits and hyphen: `Ldh-str = *( ALPHA / DIGIT / "-" ) Let-dig`
/// (RFC 5321 §4.1.2; RFC 1035 §2.3.1 "preferred name syntax"; RFC 3696 §2).
///
/// ```
/// assert!(name_text::ascii::LDH.contains(b'-'));
/// assert!(!name_text::ascii::LDH.contains(b'_'));
/// ```
pub const LDH: ByteSet = LET_DIG.with(b'-');

/// `VCHAR = %x21-7E`, visible (printing) characters (RFC 5234 Appendix B.1).
///
/// ```
/// assert!(!name_text::ascii::VCHAR.contains(b' '));
/// ```
pub const VCHAR: ByteSet = ByteSet::range(0x21, 0x7E);

/// `WSP = SP / HTAB` (RFC 5234 Appendix B.1).
///
/// ```
/// assert!(name_text::ascii::WSP.contains(b'\t'));
/// ```
pub const WSP: ByteSet = ByteSet::from_bytes(b" \t");

/// `CTL = %x00-1F / %x7F`, the ASCII control characters (RFC 5234 Appendix B.1).
///
/// ```
/// assert!(name_text::ascii::CTL.contains(0x7F));
/// ```
pub const CTL: ByteSet = ByteSet::range(0x00, 0x1F).with(0x7F);

const _: () = {
    assert!(ALPHA.len() == 52);
    assert!(DIGIT.len() == 10);
    assert!(HEXDIG.len() == 22);
    assert!(LDH.len() == 63);
    assert!(VCHAR.len() == 94);
    assert!(CTL.len() == 33);
};

/// Whether `bytes` hold an ASCII upper-case letter (`A` to `Z`; no other byte counts,
/// UTF-8 included), eight bytes at a time with [`swar::in_range`]. The last word
/// overlaps the one before it, and a text shorter than a word is read zero-padded
/// ([`swar::load_padded`]): no per-byte tail loop.
///
/// ```
/// use name_text::ascii::has_upper;
/// assert!(has_upper(b"www.Example.com"));
/// assert!(!has_upper(b"www.example.com"));
/// assert!(!has_upper("b\u{fc}cher".as_bytes()));
/// ```
#[inline]
#[must_use]
pub fn has_upper(bytes: &[u8]) -> bool {
    // Bytes of 0x80 and above are tested without their high bit (so that no sum carries
    // into the next byte), then dropped by `& !word`.
    let upper = |word: u64| swar::in_range(word & !swar::HIGHS, b'A', b'Z') & !word != 0;
    match bytes.last_chunk::<8>() {
        None => upper(swar::load_padded(bytes)),
        Some(last) => {
            let (words, _) = bytes.as_chunks::<8>();
            words.iter().any(|word| upper(swar::load(word))) || upper(swar::load(last))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `has_upper` agrees with a byte loop for every byte at every position of texts of
    /// 0 to 24 bytes.
    #[test]
    fn has_upper_agrees_with_a_byte_loop() {
        for len in 0..24 {
            for at in 0..len.max(1) {
                for b in 0..=u8::MAX {
                    let mut buffer = [b'a'; 24];
                    if let Some(slot) = buffer.get_mut(at) {
                        *slot = b;
                    }
                    let text = &buffer[..len];
                    assert_eq!(
                        has_upper(text),
                        text.iter().any(u8::is_ascii_uppercase),
                        "{text:?}"
                    );
                }
            }
        }
    }

    /// The table-driven sets equal the obvious predicates for every byte.
    #[test]
    fn base_classes_match_naive_predicates() {
        for b in 0..=u8::MAX {
            assert_eq!(ALPHA.contains(b), b.is_ascii_alphabetic(), "ALPHA {b}");
            assert_eq!(DIGIT.contains(b), b.is_ascii_digit(), "DIGIT {b}");
            assert_eq!(HEXDIG.contains(b), b.is_ascii_hexdigit(), "HEXDIG {b}");
            assert_eq!(
                LDH.contains(b),
                b.is_ascii_alphanumeric() || b == b'-',
                "LDH {b}"
            );
            assert_eq!(VCHAR.contains(b), b.is_ascii_graphic(), "VCHAR {b}");
            assert_eq!(CTL.contains(b), b.is_ascii_control(), "CTL {b}");
            assert_eq!(
                ByteSet::NON_ASCII.contains(b),
                !b.is_ascii(),
                "NON_ASCII {b}"
            );
        }
    }

    #[test]
    fn set_algebra() {
        let ab = ByteSet::from_bytes(b"ab");
        let bc = ByteSet::from_bytes(b"bc");
        assert_eq!(ab.union(bc), ByteSet::from_bytes(b"abc"));
        assert_eq!(ab.intersection(bc), ByteSet::from_bytes(b"b"));
        assert_eq!(ab.difference(bc), ByteSet::from_bytes(b"a"));
        assert_eq!(ab.without(b'a').with(0xFF), ByteSet::from_bytes(b"b\xFF"));
        assert!(ByteSet::range(0, 255).contains(0xFF));
        assert_eq!(ByteSet::range(0, 255).len(), 256);
    }
}
