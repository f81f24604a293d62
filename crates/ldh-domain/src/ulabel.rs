//! U-label validity without the UTS #46 engine, for the scripts most domain names use
//! (Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic, Devanagari, Bengali,
//! Tamil, Thai, kana, CJK ideographs, Hangul).
//!
//! A decoded A-label is a valid U-label (UTS #46 §4.1, RFC 5891 §5.4) when every code
//! point is valid, the label is in NFC, it does not start with a combining mark, its
//! joiners are in context and, in a Bidi domain name, it follows RFC 5893 §2. For labels
//! made only of the code points below, those rules reduce to one table lookup per code
//! point (the facts OR-ed and AND-ed over the label) and, for the few labels with
//! combining marks, a comparison with the previous code point; so the `idna` engine
//! (ICU4X data, large code that also evicts the caller's from the caches) need not run.
//! Anything else goes to the engine.
//!
//! The covered code points are, in every Unicode version since 7.0: UTS #46 valid and
//! IDNA2008 PVALID (RFC 5892 `LetterDigits`, stable under NFKC case folding, in no
//! exception list, no CONTEXTJ/CONTEXTO code point), NFC quick check *Yes* alone, Bidi
//! class `L`, `R`, `AL` or `NSM`. Their facts (Bidi class, mark or not, canonical
//! combining class, second half of a canonical composition) were read from the Unicode
//! Character Database (Unicode 14, through Python's `unicodedata`); the engine's data
//! is Unicode 18, and `tests/idna_errors.rs` checks every code point below U+1000 and
//! every covered one above, every pair within a script and random strings against it.

/// The Bidi classes a covered code point can have (RFC 5893 §1.4 names), one bit each,
/// so that OR-ing the facts of a label gives the set of its classes. No covered code
/// point is of class AN: the Arabic-Indic digits are CONTEXTO (RFC 5892 Appendix A.8,
/// A.9), so RFC 5893 rule 4 (EN and AN not both) always holds here.
const L: u16 = 1 << 0;
const R: u16 = 1 << 1;
const AL: u16 = 1 << 2;
const EN: u16 = 1 << 3;
const ES: u16 = 1 << 4;
const NSM: u16 = 1 << 5;
/// Set for every covered code point: AND-ing the facts of a label keeps it only if all
/// are covered.
const COVERED: u16 = 1 << 6;
/// `General_Category` Mark (Mn, Mc): cannot start a label (UTS #46 §4.1 V5).
const MARK: u16 = 1 << 7;
/// A mark with a non-zero canonical combining class ([`combining_class`]), or the
/// second half of a canonical composition ([`COMPOSITIONS`]): the label's NFC form
/// depends on its neighbours, so [`is_nfc`] looks at them.
const NFC_CHECK: u16 = 1 << 8;

/// What the checks need of one code point: Bidi class, flags. `Facts(0)`: not
/// covered, the engine decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Facts(u16);

impl Facts {
    const NONE: Self = Self(0);

    const fn new(class: u16, flags: u16) -> Self {
        Self(class | flags | COVERED)
    }
}

const LETTER_L: Facts = Facts::new(L, 0);
const LETTER_R: Facts = Facts::new(R, 0);
const LETTER_AL: Facts = Facts::new(AL, 0);
/// A spacing mark (Mc): Bidi class L.
const MARK_L: Facts = Facts::new(L, MARK);
/// A non-spacing mark (Mn) of combining class 0.
const MARK_NSM: Facts = Facts::new(NSM, MARK);
/// A non-spacing mark with a non-zero combining class.
const MARK_NSM_CCC: Facts = Facts::new(NSM, MARK | NFC_CHECK);

/// The canonical combining class of the covered marks that have one (UnicodeData.txt
/// field 3); 0 for every other covered code point.
const fn combining_class(cp: u32) -> u8 {
    match cp {
        // Arabic fathatan … sukun, superscript alef.
        0x64B..=0x652 => 27 + (cp - 0x64B) as u8,
        0x670 => 35,
        // Devanagari and Bengali nukta.
        0x93C | 0x9BC => 7,
        // Viramas (Devanagari, Bengali, Tamil) and Thai phinthu.
        0x94D | 0x9CD | 0xBCD | 0xE3A => 9,
        // Thai sara u, sara uu; tone marks.
        0xE38 | 0xE39 => 103,
        0xE48..=0xE4B => 107,
        _ => 0,
    }
}

/// Every covered code point below U+1000: `(first, last, step, facts)`.
///
/// Letters (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic, Indic, Thai) are valid
/// alone; marks are flagged [`MARK`], and [`NFC_CHECK`] when NFC depends on their
/// neighbours; UTS #46 maps capitals, so of the alternating Latin and Cyrillic blocks
/// only the lower-case letters (step 2) are here.
const RANGES: &[(u32, u32, u32, Facts)] = &[
    // ASCII: hyphen, digits, lower-case letters (the decoded labels are lower case).
    (0x2D, 0x2D, 1, Facts::new(ES, 0)),
    (0x30, 0x39, 1, Facts::new(EN, 0)),
    (0x61, 0x7A, 1, LETTER_L),
    // Latin-1 lower case `ß`–`ÿ` without `÷`.
    (0xDF, 0xF6, 1, LETTER_L),
    (0xF8, 0xFF, 1, LETTER_L),
    // Latin Extended-A lower case `ā`–`ž`. Left out besides the capitals: U+0133 `ĳ`,
    // U+0140 `ŀ`, U+0149 `ŉ`, U+017F `ſ` (compatibility forms that UTS #46 maps and
    // IDNA2008 disallows). `ı` (U+0131) and `ĸ` (U+0138) are PVALID.
    (0x101, 0x131, 2, LETTER_L),
    (0x135, 0x137, 2, LETTER_L),
    (0x138, 0x138, 1, LETTER_L),
    (0x13A, 0x13E, 2, LETTER_L),
    (0x142, 0x148, 2, LETTER_L),
    (0x14B, 0x177, 2, LETTER_L),
    (0x17A, 0x17E, 2, LETTER_L),
    // Latin Extended-B: Vietnamese `ơ` `ư`, Romanian `ș` `ț`, schwa `ə`.
    (0x1A1, 0x1A1, 1, LETTER_L),
    (0x1B0, 0x1B0, 1, LETTER_L),
    (0x219, 0x21B, 2, LETTER_L),
    (0x259, 0x259, 1, LETTER_L),
    // Greek lower case, with tonos and dialytika (`ΐ`, `ά`–`ώ`, final `ς`: a deviation
    // character, valid in non-transitional processing).
    (0x390, 0x390, 1, LETTER_L),
    (0x3AC, 0x3CE, 1, LETTER_L),
    // Cyrillic lower case `а`–`џ` and the lower-case letters of the extended block
    // (`ѡ`–`ҁ`, `ҋ`–`ҿ`, `ӂ`–`ӎ`, `ӏ`, `ӑ`–`ӿ`).
    (0x430, 0x45F, 1, LETTER_L),
    (0x461, 0x481, 2, LETTER_L),
    (0x48B, 0x4BF, 2, LETTER_L),
    (0x4C2, 0x4CE, 2, LETTER_L),
    (0x4CF, 0x4CF, 1, LETTER_L),
    (0x4D1, 0x4FF, 2, LETTER_L),
    // Armenian `ա`–`ֆ` (not the ligature U+0587, which UTS #46 maps).
    (0x561, 0x586, 1, LETTER_L),
    // Hebrew letters.
    (0x5D0, 0x5EA, 1, LETTER_R),
    // Arabic letters, without U+0640 TATWEEL (RFC 5892 §2.6: DISALLOWED) and the
    // compatibility letters U+0675–U+0678 (UTS #46 maps them).
    (0x620, 0x63F, 1, LETTER_AL),
    (0x641, 0x64A, 1, LETTER_AL),
    (0x66E, 0x66F, 1, LETTER_AL),
    (0x671, 0x674, 1, LETTER_AL),
    (0x679, 0x6D3, 1, LETTER_AL),
    (0x6D5, 0x6D5, 1, LETTER_AL),
    (0x6EE, 0x6EF, 1, LETTER_AL),
    (0x6FA, 0x6FC, 1, LETTER_AL),
    (0x6FF, 0x6FF, 1, LETTER_AL),
    // Harakat: fathatan … sukun, classes 27–34, and the superscript alef (35). Not
    // U+0653–U+0655 (maddah, hamza above and below): they compose with alef, waw and
    // yeh, also across other marks.
    (0x64B, 0x64B, 1, MARK_NSM_CCC),
    (0x64C, 0x64C, 1, MARK_NSM_CCC),
    (0x64D, 0x64D, 1, MARK_NSM_CCC),
    (0x64E, 0x64E, 1, MARK_NSM_CCC),
    (0x64F, 0x64F, 1, MARK_NSM_CCC),
    (0x650, 0x650, 1, MARK_NSM_CCC),
    (0x651, 0x651, 1, MARK_NSM_CCC),
    (0x652, 0x652, 1, MARK_NSM_CCC),
    (0x670, 0x670, 1, MARK_NSM_CCC),
    // Devanagari.
    (0x900, 0x902, 1, MARK_NSM),
    (0x903, 0x903, 1, MARK_L),
    (0x904, 0x939, 1, LETTER_L),
    (0x93A, 0x93A, 1, MARK_NSM),
    (0x93B, 0x93B, 1, MARK_L),
    // Nukta composes with NA, RA and LLA (U+0929, U+0931, U+0934).
    (0x93C, 0x93C, 1, MARK_NSM_CCC),
    (0x93D, 0x93D, 1, LETTER_L),
    (0x93E, 0x940, 1, MARK_L),
    (0x941, 0x948, 1, MARK_NSM),
    (0x949, 0x94C, 1, MARK_L),
    (0x94D, 0x94D, 1, MARK_NSM_CCC),
    (0x94E, 0x94F, 1, MARK_L),
    (0x950, 0x950, 1, LETTER_L),
    (0x960, 0x961, 1, LETTER_L),
    (0x962, 0x963, 1, MARK_NSM),
    (0x966, 0x96F, 1, LETTER_L),
    (0x972, 0x97F, 1, LETTER_L),
    // Bengali.
    (0x981, 0x981, 1, MARK_NSM),
    (0x982, 0x983, 1, MARK_L),
    (0x985, 0x98C, 1, LETTER_L),
    (0x98F, 0x990, 1, LETTER_L),
    (0x993, 0x9A8, 1, LETTER_L),
    (0x9AA, 0x9B0, 1, LETTER_L),
    (0x9B2, 0x9B2, 1, LETTER_L),
    (0x9B6, 0x9B9, 1, LETTER_L),
    (0x9BC, 0x9BC, 1, MARK_NSM_CCC),
    (0x9BD, 0x9BD, 1, LETTER_L),
    // AA and the AU length mark compose with E (U+09CB, U+09CC).
    (0x9BE, 0x9BE, 1, Facts::new(L, MARK | NFC_CHECK)),
    (0x9BF, 0x9C0, 1, MARK_L),
    (0x9C1, 0x9C4, 1, MARK_NSM),
    (0x9C7, 0x9C8, 1, MARK_L),
    (0x9CB, 0x9CC, 1, MARK_L),
    (0x9CD, 0x9CD, 1, MARK_NSM_CCC),
    (0x9CE, 0x9CE, 1, LETTER_L),
    (0x9D7, 0x9D7, 1, Facts::new(L, MARK | NFC_CHECK)),
    (0x9E0, 0x9E1, 1, LETTER_L),
    (0x9E2, 0x9E3, 1, MARK_NSM),
    (0x9E6, 0x9F1, 1, LETTER_L),
    // Tamil.
    (0xB82, 0xB82, 1, MARK_NSM),
    (0xB83, 0xB83, 1, LETTER_L),
    (0xB85, 0xB8A, 1, LETTER_L),
    (0xB8E, 0xB90, 1, LETTER_L),
    (0xB92, 0xB95, 1, LETTER_L),
    (0xB99, 0xB9A, 1, LETTER_L),
    (0xB9C, 0xB9C, 1, LETTER_L),
    (0xB9E, 0xB9F, 1, LETTER_L),
    (0xBA3, 0xBA4, 1, LETTER_L),
    (0xBA8, 0xBAA, 1, LETTER_L),
    (0xBAE, 0xBB9, 1, LETTER_L),
    // AA and the AU length mark compose with O, E and EE (U+0B94, U+0BCA–U+0BCC).
    (0xBBE, 0xBBE, 1, Facts::new(L, MARK | NFC_CHECK)),
    (0xBBF, 0xBBF, 1, MARK_L),
    (0xBC0, 0xBC0, 1, MARK_NSM),
    (0xBC1, 0xBC2, 1, MARK_L),
    (0xBC6, 0xBC8, 1, MARK_L),
    (0xBCA, 0xBCC, 1, MARK_L),
    (0xBCD, 0xBCD, 1, MARK_NSM_CCC),
    (0xBD0, 0xBD0, 1, LETTER_L),
    (0xBD7, 0xBD7, 1, Facts::new(L, MARK | NFC_CHECK)),
    (0xBE6, 0xBEF, 1, LETTER_L),
    // Thai. Not U+0E33 SARA AM (UTS #46 maps it to U+0E4D U+0E32).
    (0xE01, 0xE30, 1, LETTER_L),
    (0xE31, 0xE31, 1, MARK_NSM),
    (0xE32, 0xE32, 1, LETTER_L),
    (0xE34, 0xE37, 1, MARK_NSM),
    (0xE38, 0xE39, 1, MARK_NSM_CCC),
    (0xE3A, 0xE3A, 1, MARK_NSM_CCC),
    (0xE40, 0xE45, 1, LETTER_L),
    (0xE47, 0xE47, 1, MARK_NSM),
    (0xE48, 0xE4B, 1, MARK_NSM_CCC),
    (0xE4C, 0xE4E, 1, MARK_NSM),
    (0xE50, 0xE59, 1, LETTER_L),
];

/// The blocks of 128 code points below U+1000 that hold covered code points, in order.
const BLOCK_STARTS: [u32; 16] = [
    0x000, 0x080, 0x100, 0x180, 0x200, 0x380, 0x400, 0x480, 0x500, 0x580, 0x600, 0x680, 0x900,
    0x980, 0xB80, 0xE00,
];

/// Per block of 128 code points below U+1000: its index in [`BLOCKS`] (0: no code
/// point of the block is covered; `BLOCKS[0]` is all `Facts::NONE`).
const BLOCK_OF: [u8; 32] = block_index();

/// An empty block, then the facts of the code points of each block of
/// [`BLOCK_STARTS`].
const BLOCKS: [[Facts; 128]; BLOCK_STARTS.len() + 1] = blocks();

const fn block_index() -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut k = 0;
    while k < BLOCK_STARTS.len() {
        // In range by construction; an index out of range fails the build.
        #[allow(clippy::indexing_slicing)]
        {
            out[(BLOCK_STARTS[k] >> 7) as usize] = k as u8 + 1;
        }
        k += 1;
    }
    out
}

/// Fills [`BLOCKS`] from [`RANGES`]; a range in a block missing from
/// [`BLOCK_STARTS`] fails the build.
const fn blocks() -> [[Facts; 128]; BLOCK_STARTS.len() + 1] {
    let index = block_index();
    let mut out = [[Facts::NONE; 128]; BLOCK_STARTS.len() + 1];
    let mut i = 0;
    while i < RANGES.len() {
        // Const fn cannot use iterators; the indices are checked at compile time.
        #[allow(clippy::indexing_slicing)]
        let (first, last, step, facts) = RANGES[i];
        let mut cp = first;
        while cp <= last {
            #[allow(clippy::indexing_slicing)]
            {
                let block = index[(cp >> 7) as usize];
                assert!(block != 0, "a covered code point outside BLOCK_STARTS");
                out[block as usize][(cp & 0x7F) as usize] = facts;
            }
            cp += step;
        }
        i += 1;
    }
    out
}

/// The canonical compositions (UnicodeData.txt decompositions, none excluded) whose
/// both halves are covered: `(first, second)` in a row is not NFC. The second halves
/// are marked [`NFC_CHECK`]; all have combining class 0 or 7 and no covered mark has a
/// class between 1 and 6, so only adjacent pairs compose.
const COMPOSITIONS: [(u32, u32); 9] = [
    (0x928, 0x93C),
    (0x930, 0x93C),
    (0x933, 0x93C),
    (0x9C7, 0x9BE),
    (0x9C7, 0x9D7),
    (0xB92, 0xBD7),
    (0xBC6, 0xBBE),
    (0xBC6, 0xBD7),
    (0xBC7, 0xBBE),
];

/// Covered letters from U+1000 up: Georgian Mkhedruli `ა`–`ჺ` (U+10D0–U+10FA);
/// Hiragana `ぁ`–`ゖ`; Katakana `ァ`–`ヺ` and the prolonged sound mark `ー` (U+30FC;
/// not the middle dot U+30FB, which is CONTEXTO); CJK Unified Ideographs
/// U+4E00–U+9FFF; Hangul syllables U+AC00–U+D7A3. All Bidi class L, combining class
/// 0, NFC alone (Hangul syllables compose only with conjoining jamo, not covered).
const fn is_high_letter(cp: u32) -> bool {
    // The most frequent first.
    matches!(cp,
        0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3
        | 0x3041..=0x3096
        | 0x30A1..=0x30FA
        | 0x30FC
        | 0x10D0..=0x10FA)
}

/// The facts of `c`, or `Facts::NONE` when `c` is not covered: one two-level lookup
/// below U+1000 (ASCII included), range tests above.
#[inline]
pub(crate) fn facts(c: char) -> Facts {
    let cp = c as u32;
    if cp < 0x1000 {
        let block = BLOCK_OF.get((cp >> 7) as usize).copied().unwrap_or(0);
        BLOCKS
            .get(usize::from(block))
            .and_then(|b| b.get((cp & 0x7F) as usize))
            .copied()
            .unwrap_or(Facts::NONE)
    } else if is_high_letter(cp) {
        LETTER_L
    } else {
        Facts::NONE
    }
}

/// What [`summarize`] found in a decoded label.
#[allow(
    clippy::struct_excessive_bools,
    reason = "four independent facts about one label"
)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Summary {
    /// A code point is not ASCII (else the label is no A-label).
    pub(crate) non_ascii: bool,
    /// Every code point is covered and the label is a valid U-label by UTS #46 §4.1
    /// V1–V7 (NFC, no leading mark, valid code points, no joiners): no engine needed.
    pub(crate) covered: bool,
    /// The label has an `R` or `AL` character: the name is a Bidi domain name.
    pub(crate) right_to_left: bool,
    /// The label passes the RFC 5893 §2 rules (needed only in a Bidi domain name).
    pub(crate) bidi_ok: bool,
}

/// Checks a decoded label (upper-case ASCII in it is not covered: UTS #46 would have
/// mapped it, so the engine decides): one pass that ORs and ANDs
/// the facts of its code points; a second look only at labels with marks that have a
/// combining class or compose, and at trailing non-spacing marks.
pub(crate) fn summarize(decoded: &[char]) -> Summary {
    let mut any = 0u16;
    let mut all = COVERED;
    let mut code_points = 0u32;
    // RFC 5893 rules 3 and 6 look at the last character that is no NSM.
    let mut last_strong = 0u16;
    for &c in decoded {
        let f = facts(c).0;
        any |= f;
        all &= f;
        code_points |= c as u32;
        last_strong = if f & NSM == 0 { f } else { last_strong };
    }
    let first = decoded.first().map_or(0, |&c| facts(c).0);
    // UTS #46 §4.1 V5: no combining mark first; V1: NFC.
    let covered =
        all & COVERED != 0 && first & MARK == 0 && (any & NFC_CHECK == 0 || is_nfc(decoded));
    let right_to_left = any & (R | AL) != 0;
    // RFC 5893 §2: rule 1 (first character), rules 5–6 (left-to-right label), rules
    // 2–3 (right-to-left label; rule 4 needs AN).
    let bidi_ok = if first & L != 0 {
        !right_to_left && last_strong & (L | EN) != 0
    } else if first & (R | AL) != 0 {
        any & L == 0 && last_strong & (R | AL | EN) != 0
    } else {
        false
    };
    Summary {
        non_ascii: code_points >= 0x80,
        covered,
        right_to_left,
        bidi_ok,
    }
}

/// NFC for a label of covered code points (UAX #15): marks with a combining class in
/// canonical order, and no pair of [`COMPOSITIONS`] in a row.
fn is_nfc(decoded: &[char]) -> bool {
    let mut prev = 0u32;
    let mut prev_ccc = 0u8;
    for &c in decoded {
        let cp = c as u32;
        let ccc = combining_class(cp);
        if (ccc != 0 && prev_ccc > ccc) || COMPOSITIONS.contains(&(prev, cp)) {
            return false;
        }
        prev = cp;
        prev_ccc = ccc;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::summarize;

    /// RFC 5893 rules 3 and 6 skip trailing non-spacing marks: a right-to-left label
    /// ending in a haraka and a left-to-right one ending in a vowel sign are covered
    /// and pass, so the engine is not asked (a wrong "fail" here would only be slower,
    /// which no test through the public API can see).
    #[test]
    fn trailing_non_spacing_marks_are_skipped_rfc5893_rules_3_and_6() {
        // Arabic "salam" with a fathatan at the end: AL ... AL NSM.
        let arabic = ['\u{633}', '\u{644}', '\u{627}', '\u{645}', '\u{64B}'];
        let s = summarize(&arabic);
        assert!(s.covered && s.right_to_left && s.bidi_ok, "{s:?}");
        // Devanagari "ku": KA and the vowel sign U, a non-spacing mark, last.
        let ku = ['\u{915}', '\u{941}'];
        let s = summarize(&ku);
        assert!(s.covered && !s.right_to_left && s.bidi_ok, "{s:?}");
        // A left-to-right label (first character L) may hold no R or AL character,
        // marks or not (rule 5).
        let mixed = ['a', '\u{633}', '\u{64B}'];
        assert!(!summarize(&mixed).bidi_ok);
    }
}
