//! Lookups in the generated IDNA 2008 table (`table.rs`, written by `cargo xtask
//! codegen`): one octet per code point.

use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;

use super::table::{LEAF, LEAVES, MID, MIDDLE, TOP};
use crate::error::DisallowedWhy;

/// The RFC 5892 derived property of a code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Category {
    /// PVALID.
    Pvalid,
    /// CONTEXTJ (U+200C, U+200D): valid only where RFC 5892 Appendix A.1/A.2 allows.
    ContextJ,
    /// CONTEXTO: valid only where RFC 5892 Appendix A.3–A.9 allows.
    ContextO,
    /// DISALLOWED.
    Disallowed,
    /// UNASSIGNED in the table's Unicode version.
    Unassigned,
}

/// The table's octet for one code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Props(u8);

/// Bidi classes (RFC 5893 §1.4 names) as one bit each, so that a label's classes can be
/// OR-ed; the bit index is the table's class index.
pub(crate) mod class {
    pub(crate) const L: u16 = 1 << 0;
    pub(crate) const R: u16 = 1 << 1;
    pub(crate) const AL: u16 = 1 << 2;
    pub(crate) const EN: u16 = 1 << 3;
    pub(crate) const ES: u16 = 1 << 4;
    pub(crate) const ET: u16 = 1 << 5;
    pub(crate) const AN: u16 = 1 << 6;
    pub(crate) const CS: u16 = 1 << 7;
    pub(crate) const NSM: u16 = 1 << 8;
    pub(crate) const BN: u16 = 1 << 9;
    pub(crate) const ON: u16 = 1 << 10;
}

impl Props {
    /// The table's octet for `c`: three dependent loads.
    #[inline]
    pub(crate) fn of(c: char) -> Self {
        let cp = c as usize;
        let mid = TOP.get(cp / (LEAF * MID)).copied().unwrap_or(0);
        let leaf = MIDDLE
            .get(usize::from(mid) * MID + (cp / LEAF) % MID)
            .copied()
            .unwrap_or(0);
        Self(
            LEAVES
                .get(usize::from(leaf) * LEAF + cp % LEAF)
                .copied()
                .unwrap_or(0),
        )
    }

    /// The derived property.
    pub(crate) const fn category(self) -> Category {
        match self.0 & 3 {
            1 => Category::Pvalid,
            2 => Category::ContextJ,
            3 => Category::ContextO,
            _ if self.0 & 4 != 0 => Category::Unassigned,
            _ => Category::Disallowed,
        }
    }

    /// Whether the code point is PVALID.
    #[inline]
    pub(crate) const fn is_pvalid(self) -> bool {
        self.0 & 3 == 1
    }

    /// PVALID, CONTEXTJ or CONTEXTO.
    #[inline]
    pub(crate) const fn is_allowed(self) -> bool {
        self.0 & 3 != 0
    }

    /// The Bidi class as a one-hot bit (see [`class`]); meaningless for code points that
    /// are not allowed.
    #[inline]
    pub(crate) const fn bidi(self) -> u16 {
        1 << ((self.0 >> 2) & 15)
    }

    /// `General_Category` Mark (Mn, Mc, Me).
    #[inline]
    pub(crate) const fn is_mark(self) -> bool {
        self.0 & 0x40 != 0
    }

    /// A non-zero combining class, or the second half of a canonical decomposition: a
    /// label with such a code point needs the normalizer to tell whether it is NFC.
    #[inline]
    pub(crate) const fn needs_nfc_check(self) -> bool {
        self.0 & 0x80 != 0
    }
}

/// Why IDNA 2008 disallows `c`, from its `General_Category` (ICU4X data).
pub(crate) fn disallowed_why(c: char) -> DisallowedWhy {
    use GeneralCategory as G;
    match CodePointMapData::<GeneralCategory>::new().get(c) {
        G::UppercaseLetter | G::TitlecaseLetter => DisallowedWhy::UpperCase,
        G::MathSymbol | G::CurrencySymbol | G::ModifierSymbol | G::OtherSymbol => {
            DisallowedWhy::Symbol
        }
        G::ConnectorPunctuation
        | G::DashPunctuation
        | G::OpenPunctuation
        | G::ClosePunctuation
        | G::InitialPunctuation
        | G::FinalPunctuation
        | G::OtherPunctuation => DisallowedWhy::Punctuation,
        G::SpaceSeparator | G::LineSeparator | G::ParagraphSeparator => DisallowedWhy::Space,
        G::Control | G::Format | G::Surrogate | G::PrivateUse | G::Unassigned => {
            DisallowedWhy::Control
        }
        _ => DisallowedWhy::Other,
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{Category, Props};

    /// The table is of the Unicode version the crate states.
    #[test]
    fn table_version_is_the_stated_version() {
        assert_eq!(
            super::super::table::UNICODE_VERSION,
            crate::IDNA_UNICODE_VERSION
        );
    }

    /// Every code point's derived property equals the line of `Idna2008.txt` that covers
    /// it (RFC 5892 §3 as Unicode computes it), read from the vendored file.
    #[test]
    fn every_code_point_has_the_category_of_idna2008_txt() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/testdata/idna/18.0.0/Idna2008.txt"
        ))
        .expect("testdata/idna/18.0.0/Idna2008.txt");
        let mut checked = 0u32;
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or_default().trim();
            let Some((range, value)) = line.split_once(';') else {
                continue;
            };
            let range = range.trim();
            let (a, b) = range.split_once("..").unwrap_or((range, range));
            let a = u32::from_str_radix(a, 16).expect("hex");
            let b = u32::from_str_radix(b, 16).expect("hex");
            let want = match value.trim() {
                "PVALID" => Category::Pvalid,
                "CONTEXTJ" => Category::ContextJ,
                "CONTEXTO" => Category::ContextO,
                "DISALLOWED" => Category::Disallowed,
                "UNASSIGNED" => Category::Unassigned,
                other => panic!("unknown value {other}"),
            };
            for cp in a..=b {
                if let Some(c) = char::from_u32(cp) {
                    assert_eq!(Props::of(c).category(), want, "U+{cp:04X}");
                    checked += 1;
                }
            }
        }
        // Every code point but the 2,048 surrogates.
        assert_eq!(checked, 0x11_0000 - 0x800);
    }

    /// Every allowed code point (PVALID, CONTEXTJ, CONTEXTO) is left as it is by the UTS #46
    /// mapping (non-transitional), so the conversions need not map IDNA 2008 U-labels.
    #[test]
    fn allowed_code_points_map_to_themselves_uts46() {
        use icu_normalizer::uts46::Uts46MapperBorrowed;
        let mapper = Uts46MapperBorrowed::new();
        let mut checked = 0;
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            if Props::of(c).is_allowed() {
                let mapped: std::vec::Vec<char> =
                    mapper.map_normalize(core::iter::once(c)).collect();
                assert_eq!(mapped, [c], "U+{:04X}", c as u32);
                checked += 1;
            }
        }
        assert!(checked > 150_000, "{checked}");
    }

    /// The Bidi class bits agree with ICU4X for every allowed code point (the data the
    /// generator read).
    #[test]
    fn bidi_classes_agree_with_icu4x() {
        use super::class;
        use icu_properties::CodePointMapData;
        use icu_properties::props::BidiClass as B;
        let map = CodePointMapData::<B>::new();
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            let p = Props::of(c);
            if matches!(p.category(), Category::Disallowed | Category::Unassigned) {
                continue;
            }
            let want = match map.get(c) {
                B::LeftToRight => class::L,
                B::RightToLeft => class::R,
                B::ArabicLetter => class::AL,
                B::EuropeanNumber => class::EN,
                B::EuropeanSeparator => class::ES,
                B::EuropeanTerminator => class::ET,
                B::ArabicNumber => class::AN,
                B::CommonSeparator => class::CS,
                B::NonspacingMark => class::NSM,
                B::BoundaryNeutral => class::BN,
                B::OtherNeutral => class::ON,
                _ => 1 << 11,
            };
            assert_eq!(p.bidi(), want, "U+{:04X}", c as u32);
        }
    }
}
