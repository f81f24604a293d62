//! The skeleton table of `idn-spoof` (`SKELETON_*` in `crates/idn-spoof/src/generated.rs`):
//! for each code point, what the UTS #39 §4 skeleton makes of it alone, and whether text
//! can be cut before it, so that `skeleton` maps most characters with one lookup.
//!
//! One `u16` per code point, in a trie of the shape `table.rs` builds for planes 0 to 3
//! (above, a rule: `OTHER` in `HIGH_IGNORABLES`, `ITSELF` elsewhere):
//! - `0`: a segment start (below) whose skeleton is the code point itself;
//! - `1..=N`: a segment start whose skeleton is entry `value - 1` of the string pool;
//! - `HANGUL`: a precomposed Hangul syllable whose skeleton is the skeletons of its
//!   conjoining jamo (each a value of the two kinds above), one after the other;
//! - `MARK | ccc`: a non-starter that is NFD on its own, not `Default_Ignorable_Code_Point`
//!   and without prototype (its skeleton is itself), with its canonical combining class;
//! - `OTHER`: everything else.
//!
//! A segment start is a code point whose NFD begins with a starter (canonical combining
//! class 0) that is not `Default_Ignorable_Code_Point` and whose prototype's NFD begins
//! with a starter. Canonical reordering never moves a character across a starter, so both
//! NFD passes of the skeleton leave the text before a segment start apart from the text
//! after it: the skeleton of the whole is the skeletons of the pieces cut before segment
//! starts, one after the other.
//!
//! NFD, combining classes and `Default_Ignorable_Code_Point` come from ICU4X
//! (`icu_normalizer`, `icu_properties`): the data the library uses at run time.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use icu_normalizer::DecomposingNormalizerBorrowed;
use icu_properties::props::{CanonicalCombiningClass, DefaultIgnorableCodePoint};
use icu_properties::{CodePointMapData, CodePointSetData};

use super::super::table::{self, Trie, array_body};
use crate::Result;

/// Value of a segment start that is its own skeleton.
const ITSELF: u16 = 0;
/// Values from `MARK` up carry a non-starter's combining class in the low octet.
const MARK: u16 = 0xFF00;
const HANGUL: u16 = 0xFFFE;
const OTHER: u16 = 0xFFFF;

const MAX_CP: u32 = 0x11_0000;
/// The trie covers the code points below this one (planes 0 to 3); above, a rule.
const TRIE_END: u32 = 0x4_0000;
/// Above `TRIE_END`: the code points that are `OTHER`; the rest are `ITSELF`.
const HIGH_IGNORABLES: core::ops::RangeInclusive<u32> = 0xE_0000..=0xE_0FFF;
/// The precomposed Hangul syllables and their conjoining jamo (Unicode §3.12).
const SYLLABLES: core::ops::RangeInclusive<u32> = 0xAC00..=0xD7A3;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;

/// The conjoining jamo of a precomposed syllable: L, V and (unless `T_BASE`) T.
fn jamo(syllable: u32) -> [u32; 3] {
    let index = syllable - SYLLABLES.start();
    [
        L_BASE + index / (V_COUNT * T_COUNT),
        V_BASE + index % (V_COUNT * T_COUNT) / T_COUNT,
        T_BASE + index % T_COUNT,
    ]
}

/// Appends the skeleton table to `out`.
#[expect(
    clippy::too_many_lines,
    reason = "one pass over the code points, then the checks and the output, in order"
)]
pub(super) fn render(out: &mut String, prototypes: &BTreeMap<char, String>) -> Result {
    const NFD: DecomposingNormalizerBorrowed<'static> = DecomposingNormalizerBorrowed::new_nfd();
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let ccc = CodePointMapData::<CanonicalCombiningClass>::new();
    let class_of = |c: char| ccc.get(c).0;
    let nfd = |text: &str| NFD.normalize_iter(text.chars()).collect::<String>();
    let mapped = |c: char| prototypes.get(&c).cloned().unwrap_or_else(|| c.to_string());
    // UTS #39 §4, as `skeleton.rs` computes it on the slow path.
    let skeleton = |text: &str| {
        let mapped: String = NFD
            .normalize_iter(text.chars())
            .filter(|&c| !ignorable.contains(c))
            .map(mapped)
            .collect();
        nfd(&mapped)
    };
    let starts_with_starter = |text: &str| text.chars().next().is_some_and(|c| class_of(c) == 0);
    let segment_start = |c: char| {
        nfd(&c.to_string()).chars().next().is_some_and(|first| {
            class_of(first) == 0
                && !ignorable.contains(first)
                && starts_with_starter(&nfd(&mapped(first)))
        })
    };

    let mut values = vec![OTHER; MAX_CP as usize];
    let mut skeletons: Vec<String> = Vec::new();
    let mut ids = HashMap::<String, u16>::new();
    let mut alone = vec![None::<String>; MAX_CP as usize];
    for cp in 0..MAX_CP {
        // Surrogates are never looked up.
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let text = c.to_string();
        let value = if segment_start(c) {
            let own = skeleton(&text);
            let value = if own == text {
                ITSELF
            } else if SYLLABLES.contains(&cp) {
                HANGUL
            } else {
                let next = u16::try_from(skeletons.len() + 1)
                    .ok()
                    .filter(|&id| id < MARK)
                    .ok_or("skeleton table: too many distinct skeletons")?;
                *ids.entry(own.clone()).or_insert_with(|| {
                    skeletons.push(own.clone());
                    next
                })
            };
            alone[cp as usize] = Some(own);
            value
        } else if class_of(c) != 0
            && nfd(&text) == text
            && !ignorable.contains(c)
            && !prototypes.contains_key(&c)
        {
            MARK | u16::from(class_of(c))
        } else {
            OTHER
        };
        values[cp as usize] = value;
    }

    // A syllable's skeleton must be its jamo's, each a segment start of the first kinds.
    for cp in SYLLABLES {
        if values[cp as usize] != HANGUL {
            continue;
        }
        let mut joined = String::new();
        for j in jamo(cp) {
            if j == T_BASE {
                continue;
            }
            match (values[j as usize], &alone[j as usize]) {
                (value, Some(own)) if value < MARK => joined.push_str(own),
                _ => return Err(format!("skeleton table: U+{j:04X} is not a plain jamo")),
            }
        }
        if alone[cp as usize].as_deref() != Some(joined.as_str()) {
            return Err(format!(
                "skeleton table: U+{cp:04X} is not its jamo's skeletons"
            ));
        }
    }

    // The trie ends where the rule for the high planes takes over.
    let trie = Trie::build(&values[..TRIE_END as usize]);
    for cp in 0..MAX_CP {
        let looked_up = if cp < TRIE_END {
            trie.get(cp)
        } else if HIGH_IGNORABLES.contains(&cp) {
            OTHER
        } else {
            ITSELF
        };
        if char::from_u32(cp).is_some() && looked_up != values[cp as usize] {
            return Err(format!("skeleton table lookup of U+{cp:04X} is wrong"));
        }
    }
    let mut starts = vec![0u32];
    let mut pool = String::new();
    for own in &skeletons {
        let _ = write!(pool, "\n    \"");
        for c in own.chars() {
            if c.is_ascii_graphic() && c != '"' && c != '\\' {
                pool.push(c);
            } else {
                let _ = write!(pool, "\\u{{{:x}}}", u32::from(c));
            }
        }
        pool.push_str("\",");
        let end = starts.last().copied().unwrap_or(0) as usize + own.len();
        starts.push(u32::try_from(end).map_err(|e| format!("skeleton pool: {e}"))?);
    }
    let count = |wanted: fn(u16) -> bool| values.iter().filter(|&&v| wanted(v)).count();
    let _ = write!(
        out,
        "\n// The skeleton table (layout: `xtask/src/codegen/uts39/skeleton.rs`): {} code\n\
         // points are their own skeleton, {} others segment starts with {} distinct skeletons,\n\
         // {} Hangul syllables, {} plain non-starters.\n\n\
         /// Value of a segment start that is its own skeleton.\n\
         pub(crate) const SKELETON_ITSELF: u16 = {ITSELF};\n\
         /// Values from this one up: a plain non-starter, its combining class in the low octet.\n\
         pub(crate) const SKELETON_MARK: u16 = 0x{MARK:04X};\n\
         /// Value of a precomposed Hangul syllable (skeleton: its jamo's skeletons).\n\
         pub(crate) const SKELETON_HANGUL: u16 = 0x{HANGUL:04X};\n\
         /// Value of every other code point.\n\
         pub(crate) const SKELETON_OTHER: u16 = 0x{OTHER:04X};\n\n\
         /// Code points from `SKELETON_TOP.len() * 1024` on: `SKELETON_OTHER` in this\n\
         /// range (default ignorables and unassigned code points reserved for them),\n\
         /// `SKELETON_ITSELF` elsewhere.\n\
         pub(crate) const SKELETON_HIGH_IGNORABLES: core::ops::RangeInclusive<u32> = \
         0x{:X}..=0x{:X};\n\n\
         {}\n\
         /// The distinct skeletons, one after the other: value `n` is\n\
         /// `SKELETON_POOL[SKELETON_STARTS[n - 1]..SKELETON_STARTS[n]]`.\n\
         #[rustfmt::skip]\n\
         pub(crate) static SKELETON_POOL: &str = concat!({}\n);\n\n\
         /// Where each skeleton of the pool starts, and where the pool ends.\n\
         #[rustfmt::skip]\n\
         pub(crate) static SKELETON_STARTS: [u32; {}] = [\n{}];\n",
        count(|v| v == ITSELF),
        count(|v| v != ITSELF && v < MARK),
        skeletons.len(),
        count(|v| v == HANGUL),
        count(|v| v > MARK && v < HANGUL),
        HIGH_IGNORABLES.start(),
        HIGH_IGNORABLES.end(),
        table::trie_source(&trie, "SKELETON_", "u16", "One value per code point."),
        pool,
        starts.len(),
        array_body(&starts, 12),
    );
    Ok(())
}
