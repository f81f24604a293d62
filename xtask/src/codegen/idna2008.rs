//! The IDNA 2008 code point table of `ldh-domain` (`crates/ldh-domain/src/idna/table.rs`).
//!
//! One octet per code point:
//! - bits 0–1: the RFC 5892 derived property, from Unicode's `Idna2008.txt` (0: not
//!   allowed, 1: PVALID, 2: CONTEXTJ, 3: CONTEXTO);
//! - bits 2–5: for allowed code points the Bidi class (RFC 5893 §2 needs it), as an index
//!   into `BIDI_CLASSES`; for the others 0 (DISALLOWED) or 1 (UNASSIGNED);
//! - bit 6 (every code point): `General_Category` is a mark (Mn, Mc, Me): may not start
//!   a label (RFC 5891 §4.2.3.2, checked before the derived property);
//! - bit 7 (every code point): the code point has a non-zero canonical combining class
//!   or is the second half of a canonical decomposition pair, so a label holding it is
//!   NFC only if the check says so (UAX #15); a label of allowed code points without
//!   such code points is NFC already, because every allowed code point is NFC on its own
//!   (RFC 5892 §2.2: stable under NFKC case folding). Text can be split for the NFC check
//!   before any code point without the bit.
//!
//! Bidi class, `General_Category`, combining class and decompositions come from ICU4X
//! (`icu_properties`, `icu_normalizer`): the data the library uses at run time.

use icu_normalizer::properties::{CanonicalDecomposition, Decomposed};
use icu_properties::CodePointMapData;
use icu_properties::props::{BidiClass, CanonicalCombiningClass, GeneralCategory};

use super::emit::{emit, read};
use super::table::{self, Trie, ranges};
use crate::Result;

/// The Unicode version of the table: the version of the ICU4X data in `Cargo.lock`.
const VERSION: &str = "18.0.0";
const SOURCE: &str = "testdata/idna/18.0.0/Idna2008.txt";
const OUTPUT: &str = "crates/ldh-domain/src/idna/table.rs";

/// The Bidi classes RFC 5893 §2 names, in table order; every other class is index 11.
const BIDI_CLASSES: [(BidiClass, &str); 11] = [
    (BidiClass::LeftToRight, "L"),
    (BidiClass::RightToLeft, "R"),
    (BidiClass::ArabicLetter, "AL"),
    (BidiClass::EuropeanNumber, "EN"),
    (BidiClass::EuropeanSeparator, "ES"),
    (BidiClass::EuropeanTerminator, "ET"),
    (BidiClass::ArabicNumber, "AN"),
    (BidiClass::CommonSeparator, "CS"),
    (BidiClass::NonspacingMark, "NSM"),
    (BidiClass::BoundaryNeutral, "BN"),
    (BidiClass::OtherNeutral, "ON"),
];

const MAX_CP: usize = 0x11_0000;

#[expect(
    clippy::cast_possible_truncation,
    reason = "`MAX_CP` is 0x110000 and the index of a short table fits a byte"
)]
pub(super) fn run(check: bool) -> Result {
    let text = read(SOURCE)?;
    if !text.starts_with(&format!("# Idna2008-{VERSION}.txt")) {
        return Err(format!("{SOURCE}: not the Unicode {VERSION} file"));
    }
    let mut kind = vec![None::<u8>; MAX_CP];
    for (first, last, value) in ranges(&text)? {
        let k = match value.as_str() {
            "DISALLOWED" => 0,
            "PVALID" => 1,
            "CONTEXTJ" => 2,
            "CONTEXTO" => 3,
            "UNASSIGNED" => 4,
            other => return Err(format!("{SOURCE}: unknown value {other}")),
        };
        for cp in first..=last {
            let slot = kind
                .get_mut(cp as usize)
                .ok_or_else(|| format!("{SOURCE}: code point {cp:X} out of range"))?;
            if slot.replace(k).is_some() {
                return Err(format!("{SOURCE}: U+{cp:04X} listed twice"));
            }
        }
    }
    let bidi = CodePointMapData::<BidiClass>::new();
    let gc = CodePointMapData::<GeneralCategory>::new();
    let ccc = CodePointMapData::<CanonicalCombiningClass>::new();
    let decompose = CanonicalDecomposition::new();
    let mut second_half = vec![false; MAX_CP];
    for cp in 0..MAX_CP as u32 {
        if let Some(c) = char::from_u32(cp)
            && let Decomposed::Expansion(_, b) = decompose.decompose(c)
        {
            second_half[b as usize] = true;
        }
    }
    let mut values = vec![0u8; MAX_CP];
    let mut counts = [0usize; 5];
    for (cp, value) in values.iter_mut().enumerate() {
        let k = kind[cp].ok_or_else(|| format!("{SOURCE}: U+{cp:04X} has no value"))?;
        counts[usize::from(k)] += 1;
        let Some(c) = char::from_u32(cp as u32) else {
            // Surrogates: DISALLOWED, and never in a `char`.
            continue;
        };
        let mark = matches!(
            gc.get(c),
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        );
        let nfc = ccc.get(c) != CanonicalCombiningClass::NotReordered || second_half[cp];
        *value = u8::from(mark) << 6
            | u8::from(nfc) << 7
            | match k {
                0 => 0,
                4 => 1 << 2,
                _ => {
                    let class = bidi.get(c);
                    let index = BIDI_CLASSES
                        .iter()
                        .position(|&(b, _)| b == class)
                        .unwrap_or(BIDI_CLASSES.len()) as u8;
                    k | (index << 2)
                }
            };
    }
    let trie = Trie::build(&values);
    for cp in 0..MAX_CP as u32 {
        if trie.get(cp) != values[cp as usize] {
            return Err(format!("trie lookup of U+{cp:04X} is wrong"));
        }
    }
    let bidi_names: Vec<String> = BIDI_CLASSES
        .iter()
        .enumerate()
        .map(|(i, (_, n))| format!("{i} {n}"))
        .collect();
    let out = format!(
        "// @generated by `cargo xtask codegen` from `{SOURCE}` and the ICU4X data of\n\
         // `icu_properties`/`icu_normalizer` (Unicode {VERSION}): do not edit.\n\
         // Code points: {} DISALLOWED, {} PVALID, {} CONTEXTJ, {} CONTEXTO, {} UNASSIGNED.\n\
         // Layout: `xtask/src/codegen/idna2008.rs`.\n\n\
         /// The Unicode version of the table (a test compares it with `IDNA_UNICODE_VERSION`).\n\
         #[cfg(test)]\n\
         pub(crate) const UNICODE_VERSION: &str = \"{VERSION}\";\n\n\
         // Bidi class indices: {}; 11 is any other class.\n\n{}",
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        counts[4],
        bidi_names.join(", "),
        table::trie_source(&trie, "", "u8", "One octet per code point."),
    );
    emit(OUTPUT, &out, check)
}
