//! [`Meta`]: what validation learns about a name besides its text, the one word that
//! `Domain` and `DomainBuf` carry. The grammar builds it and the name types read it, so
//! it depends on neither.

use core::fmt;

use crate::warning::Warnings;

/// What parsing learnt about a name besides its text, packed into one word. Built in
/// registers and stored at once: a struct of narrow fields would be written field by
/// field and copied out with one wide load, which stalls store-to-load forwarding on
/// every parse.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Meta(u64);

/// Bit positions of the fields of [`Meta`], low to high.
mod bits {
    /// `tld_start`: 16 bits.
    pub(super) const TLD_START: u32 = 0;
    /// `sld_start`: 16 bits.
    pub(super) const SLD_START: u32 = 16;
    /// `label_count`: 8 bits.
    pub(super) const LABEL_COUNT: u32 = 32;
    /// The bits of `Warnings`: 8 bits.
    pub(super) const WARNINGS: u32 = 40;
    /// `absolute`: 1 bit.
    pub(super) const ABSOLUTE: u32 = 48;
    /// `ascii`: 1 bit.
    pub(super) const ASCII: u32 = 49;
    /// `canonical_ascii`: 1 bit.
    pub(super) const CANONICAL_ASCII: u32 = 50;
}

// The fields must not overlap and must fit in the word: each field starts where the one
// below it ends, and the widths are those of the types `Meta::new` takes.
const _: () = {
    use bits::{ABSOLUTE, ASCII, CANONICAL_ASCII, LABEL_COUNT, SLD_START, TLD_START, WARNINGS};
    assert!(TLD_START + u16::BITS <= SLD_START);
    assert!(SLD_START + u16::BITS <= LABEL_COUNT);
    assert!(LABEL_COUNT + u8::BITS <= WARNINGS);
    assert!(WARNINGS + u8::BITS <= ABSOLUTE);
    assert!(ABSOLUTE < ASCII);
    assert!(ASCII < CANONICAL_ASCII);
    assert!(CANONICAL_ASCII < u64::BITS);
};

/// The text facts of a valid name that its conversions depend on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Form {
    /// A U-label somewhere: the conversions encode or map it.
    Unicode,
    /// All ASCII, with an upper-case letter or an A-label: `ToASCII` lower-cases it or
    /// `ToUnicode` decodes it.
    Ascii,
    /// All ASCII, no upper-case letter, no A-label: the name is its own lower-case
    /// A-label form and its own U-label form (RFC 5890 §2.3.2.1, RFC 4343 §3).
    CanonicalAscii,
}

impl Meta {
    /// The facts; `tld_start` and `sld_start` are where the last label and the one
    /// before it start, in octets of the name as written (U-labels can put them past
    /// octet 253), `sld_start` 0 for a single label.
    pub(crate) const fn new(
        absolute: bool,
        label_count: u8,
        form: Form,
        tld_start: u16,
        sld_start: u16,
        warnings: Warnings,
    ) -> Self {
        let ascii = !matches!(form, Form::Unicode);
        let canonical_ascii = matches!(form, Form::CanonicalAscii);
        Self(
            (tld_start as u64) << bits::TLD_START
                | (sld_start as u64) << bits::SLD_START
                | (label_count as u64) << bits::LABEL_COUNT
                | (warnings.bits() as u64) << bits::WARNINGS
                | (absolute as u64) << bits::ABSOLUTE
                | (ascii as u64) << bits::ASCII
                | (canonical_ascii as u64) << bits::CANONICAL_ASCII,
        )
    }

    /// Whether the name ends with the root dot.
    pub(crate) const fn absolute(self) -> bool {
        (self.0 >> bits::ABSOLUTE) & 1 != 0
    }

    /// Whether every label is ASCII.
    pub(crate) const fn ascii(self) -> bool {
        (self.0 >> bits::ASCII) & 1 != 0
    }

    /// Whether the name is [`Form::CanonicalAscii`].
    pub(crate) const fn canonical_ascii(self) -> bool {
        (self.0 >> bits::CANONICAL_ASCII) & 1 != 0
    }

    /// The number of labels (at most 127).
    #[expect(clippy::cast_possible_truncation, reason = "the field is 8 bits wide")]
    pub(crate) const fn label_count(self) -> u8 {
        (self.0 >> bits::LABEL_COUNT) as u8
    }

    /// The warnings found by validation; `Domain::warnings` adds the special-use one.
    #[expect(clippy::cast_possible_truncation, reason = "the field is 8 bits wide")]
    pub(crate) const fn warnings(self) -> Warnings {
        Warnings::from_bits((self.0 >> bits::WARNINGS) as u8)
    }

    /// Where the last label starts.
    #[expect(clippy::cast_possible_truncation, reason = "the field is 16 bits wide")]
    pub(crate) const fn tld_start(self) -> usize {
        (self.0 >> bits::TLD_START) as u16 as usize
    }

    /// Where the label before the last starts (0 for a single label).
    #[expect(clippy::cast_possible_truncation, reason = "the field is 16 bits wide")]
    pub(crate) const fn sld_start(self) -> usize {
        (self.0 >> bits::SLD_START) as u16 as usize
    }
}

impl fmt::Debug for Meta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Meta")
            .field("absolute", &self.absolute())
            .field("label_count", &self.label_count())
            .field("ascii", &self.ascii())
            .field("canonical_ascii", &self.canonical_ascii())
            .field("tld_start", &self.tld_start())
            .field("sld_start", &self.sld_start())
            .field("warnings", &self.warnings())
            .finish()
    }
}
