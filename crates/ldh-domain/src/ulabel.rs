//! U-label validity without the UTS #46 engine, for the scripts most domain names use.
//!
//! A decoded A-label is a valid U-label (UTS #46 §4.1, RFC 5891 §5.4) when every code
//! point is valid, the label is in NFC, it does not start with a combining mark, its
//! joiners are in context and, in a Bidi domain name, it follows RFC 5893 §2. For labels
//! made only of the code points below, each of those rules reduces to a table lookup
//! and a comparison with the previous code point, so the `idna` engine (ICU4X data,
//! large code that also evicts the caller's from the caches) need not run. Anything
//! else goes to the engine.
//!
//! The covered code points are, in every Unicode version since 6.0: UTS #46 valid and
//! IDNA2008 PVALID (RFC 5892 `LetterDigits`, stable under NFKC case folding, in no
//! exception list, no CONTEXTJ/CONTEXTO code point), NFC quick check *Yes* alone, Bidi
//! class `L`, `R`, `AL` or `NSM`. Their facts (Bidi class, mark or not, canonical
//! combining class, second half of a canonical composition) were taken from the
//! Unicode Character Database; `tests/idna_errors.rs` checks every covered code point,
//! every pair within a script and random strings against the engine.

/// The Bidi classes a covered code point can have (RFC 5893 §1.4 names), as bit
/// positions in a class set. No covered code point is of class AN: the Arabic-Indic
/// digits are CONTEXTO (RFC 5892 Appendix A.8, A.9), so RFC 5893 rule 4 (EN and AN
/// not both) always holds here.
const L: u16 = 1;
const R: u16 = 2;
const AL: u16 = 3;
const EN: u16 = 4;
const ES: u16 = 6;
const NSM: u16 = 7;

/// Bits 0–2 of [`Facts`]: the Bidi class; 0 = not covered.
const CLASS_BITS: u16 = 0b111;
/// `General_Category` Mark (Mn, Mc): cannot start a label (UTS #46 §4.1 V5).
const MARK: u16 = 1 << 3;
/// Second half of a canonical composition with another covered code point
/// ([`COMPOSITIONS`]): the pair would not be NFC.
const COMPOSES: u16 = 1 << 4;

/// What the checks need of one code point: class, flags, and the canonical combining
/// class in the high byte. `Facts(0)`: not covered, the engine decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Facts(u16);

impl Facts {
    const NONE: Self = Self(0);

    const fn new(class: u16, flags: u16, ccc: u8) -> Self {
        Self(class | flags | ((ccc as u16) << 8))
    }

    const fn class(self) -> u16 {
        self.0 & CLASS_BITS
    }

    const fn ccc(self) -> u8 {
        (self.0 >> 8) as u8
    }
}

const LETTER_L: Facts = Facts::new(L, 0, 0);
const LETTER_R: Facts = Facts::new(R, 0, 0);
const LETTER_AL: Facts = Facts::new(AL, 0, 0);
/// A spacing mark (Mc): Bidi class L.
const MARK_L: Facts = Facts::new(L, MARK, 0);
/// A non-spacing mark (Mn) of combining class 0.
const MARK_NSM: Facts = Facts::new(NSM, MARK, 0);

/// A non-spacing mark with combining class `ccc`.
const fn nsm(ccc: u8) -> Facts {
    Facts::new(NSM, MARK, ccc)
}

/// Hebrew and Arabic, U+0590–U+06FF.
const HEBREW_ARABIC_BASE: u32 = 0x590;
const HEBREW_ARABIC: [Facts; 0x170] = table(
    HEBREW_ARABIC_BASE,
    &[
        // Hebrew letters.
        (0x5D0, 0x5EA, LETTER_R),
        // Arabic letters, without U+0640 TATWEEL (RFC 5892 §2.6: DISALLOWED) and the
        // compatibility letters U+0675–U+0678 (UTS #46 maps them).
        (0x620, 0x63F, LETTER_AL),
        (0x641, 0x64A, LETTER_AL),
        (0x66E, 0x66F, LETTER_AL),
        (0x671, 0x674, LETTER_AL),
        (0x679, 0x6D3, LETTER_AL),
        (0x6D5, 0x6D5, LETTER_AL),
        (0x6EE, 0x6EF, LETTER_AL),
        (0x6FA, 0x6FC, LETTER_AL),
        (0x6FF, 0x6FF, LETTER_AL),
        // Harakat: fathatan … sukun, classes 27–34, and the superscript alef (35).
        // Not U+0653–U+0655 (maddah, hamza above and below): they compose with alef,
        // waw and yeh, also across other marks.
        (0x64B, 0x64B, nsm(27)),
        (0x64C, 0x64C, nsm(28)),
        (0x64D, 0x64D, nsm(29)),
        (0x64E, 0x64E, nsm(30)),
        (0x64F, 0x64F, nsm(31)),
        (0x650, 0x650, nsm(32)),
        (0x651, 0x651, nsm(33)),
        (0x652, 0x652, nsm(34)),
        (0x670, 0x670, nsm(35)),
    ],
);

/// Devanagari and Bengali, U+0900–U+09FF.
const INDIC_BASE: u32 = 0x900;
const INDIC: [Facts; 0x100] = table(
    INDIC_BASE,
    &[
        // Devanagari.
        (0x900, 0x902, MARK_NSM),
        (0x903, 0x903, MARK_L),
        (0x904, 0x939, LETTER_L),
        (0x93A, 0x93A, MARK_NSM),
        (0x93B, 0x93B, MARK_L),
        // Nukta composes with NA, RA and LLA (U+0929, U+0931, U+0934).
        (0x93C, 0x93C, Facts::new(NSM, MARK | COMPOSES, 7)),
        (0x93D, 0x93D, LETTER_L),
        (0x93E, 0x940, MARK_L),
        (0x941, 0x948, MARK_NSM),
        (0x949, 0x94C, MARK_L),
        (0x94D, 0x94D, nsm(9)),
        (0x94E, 0x94F, MARK_L),
        (0x950, 0x950, LETTER_L),
        (0x960, 0x961, LETTER_L),
        (0x962, 0x963, MARK_NSM),
        (0x966, 0x96F, LETTER_L),
        (0x972, 0x97F, LETTER_L),
        // Bengali.
        (0x981, 0x981, MARK_NSM),
        (0x982, 0x983, MARK_L),
        (0x985, 0x98C, LETTER_L),
        (0x98F, 0x990, LETTER_L),
        (0x993, 0x9A8, LETTER_L),
        (0x9AA, 0x9B0, LETTER_L),
        (0x9B2, 0x9B2, LETTER_L),
        (0x9B6, 0x9B9, LETTER_L),
        (0x9BC, 0x9BC, nsm(7)),
        (0x9BD, 0x9BD, LETTER_L),
        // AA and the AU length mark compose with E (U+09CB, U+09CC).
        (0x9BE, 0x9BE, Facts::new(L, MARK | COMPOSES, 0)),
        (0x9BF, 0x9C0, MARK_L),
        (0x9C1, 0x9C4, MARK_NSM),
        (0x9C7, 0x9C8, MARK_L),
        (0x9CB, 0x9CC, MARK_L),
        (0x9CD, 0x9CD, nsm(9)),
        (0x9CE, 0x9CE, LETTER_L),
        (0x9D7, 0x9D7, Facts::new(L, MARK | COMPOSES, 0)),
        (0x9E0, 0x9E1, LETTER_L),
        (0x9E2, 0x9E3, MARK_NSM),
        (0x9E6, 0x9F1, LETTER_L),
    ],
);

/// Tamil, U+0B80–U+0BFF.
const TAMIL_BASE: u32 = 0xB80;
const TAMIL: [Facts; 0x80] = table(
    TAMIL_BASE,
    &[
        (0xB82, 0xB82, MARK_NSM),
        (0xB83, 0xB83, LETTER_L),
        (0xB85, 0xB8A, LETTER_L),
        (0xB8E, 0xB90, LETTER_L),
        (0xB92, 0xB95, LETTER_L),
        (0xB99, 0xB9A, LETTER_L),
        (0xB9C, 0xB9C, LETTER_L),
        (0xB9E, 0xB9F, LETTER_L),
        (0xBA3, 0xBA4, LETTER_L),
        (0xBA8, 0xBAA, LETTER_L),
        (0xBAE, 0xBB9, LETTER_L),
        // AA and the AU length mark compose with O, E and EE (U+0B94, U+0BCA–U+0BCC).
        (0xBBE, 0xBBE, Facts::new(L, MARK | COMPOSES, 0)),
        (0xBBF, 0xBBF, MARK_L),
        (0xBC0, 0xBC0, MARK_NSM),
        (0xBC1, 0xBC2, MARK_L),
        (0xBC6, 0xBC8, MARK_L),
        (0xBCA, 0xBCC, MARK_L),
        (0xBCD, 0xBCD, nsm(9)),
        (0xBD0, 0xBD0, LETTER_L),
        (0xBD7, 0xBD7, Facts::new(L, MARK | COMPOSES, 0)),
        (0xBE6, 0xBEF, LETTER_L),
    ],
);

/// Thai, U+0E00–U+0E7F. Not U+0E33 SARA AM (UTS #46 maps it to U+0E4D U+0E32).
const THAI_BASE: u32 = 0xE00;
const THAI: [Facts; 0x80] = table(
    THAI_BASE,
    &[
        (0xE01, 0xE30, LETTER_L),
        (0xE31, 0xE31, MARK_NSM),
        (0xE32, 0xE32, LETTER_L),
        (0xE34, 0xE37, MARK_NSM),
        (0xE38, 0xE39, nsm(103)),
        (0xE3A, 0xE3A, nsm(9)),
        (0xE40, 0xE45, LETTER_L),
        (0xE47, 0xE47, MARK_NSM),
        (0xE48, 0xE4B, nsm(107)),
        (0xE4C, 0xE4E, MARK_NSM),
        (0xE50, 0xE59, LETTER_L),
    ],
);

/// The canonical compositions (UnicodeData.txt decompositions, none excluded) whose
/// both halves are covered: `(first, second)` in a row is not NFC. The second halves
/// are marked [`COMPOSES`]; all have combining class 0 or 7 and no covered mark has a
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

/// A lookup table of `N` code points from `base`, built from `(first, last, facts)`
/// ranges at compile time.
const fn table<const N: usize>(base: u32, ranges: &[(u32, u32, Facts)]) -> [Facts; N] {
    let mut out = [Facts::NONE; N];
    let mut i = 0;
    while i < ranges.len() {
        // Indices are in range by construction (checked at compile time: an
        // out-of-range index fails the build). Const fn cannot use iterators.
        #[allow(clippy::indexing_slicing)]
        let (first, last, facts) = ranges[i];
        let mut cp = first;
        while cp <= last {
            #[allow(clippy::indexing_slicing)]
            {
                out[(cp - base) as usize] = facts;
            }
            cp += 1;
        }
        i += 1;
    }
    out
}

/// The facts of `c`, or `Facts::NONE` when `c` is not covered.
#[inline]
pub(crate) fn facts(c: char) -> Facts {
    let cp = c as u32;
    let in_table = |table: &[Facts], base: u32| {
        table
            .get(cp.wrapping_sub(base) as usize)
            .copied()
            .unwrap_or(Facts::NONE)
    };
    match cp {
        0x61..=0x7A => LETTER_L,
        0x30..=0x39 => Facts::new(EN, 0, 0),
        0x2D => Facts::new(ES, 0, 0),
        0x590..=0x6FF => in_table(&HEBREW_ARABIC, HEBREW_ARABIC_BASE),
        0x900..=0x9FF => in_table(&INDIC, INDIC_BASE),
        0xB80..=0xBFF => in_table(&TAMIL, TAMIL_BASE),
        0xE00..=0xE7F => in_table(&THAI, THAI_BASE),
        _ if crate::alabel::is_plain(c) => LETTER_L,
        _ => Facts::NONE,
    }
}

/// What [`summarize`] found in a decoded label.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Summary {
    /// Every code point is covered and the label is a valid U-label by UTS #46 §4.1
    /// V1–V7 (NFC, no leading mark, valid code points, no joiners): no engine needed.
    pub(crate) covered: bool,
    /// The label has an `R` or `AL` character: the name is a Bidi domain name.
    pub(crate) right_to_left: bool,
    /// The label passes RFC 5893 §2 rules 1–6 (needed only in a Bidi domain name).
    pub(crate) bidi_ok: bool,
}

/// Checks a decoded label (ASCII in it already lower case) in one pass.
#[allow(
    clippy::needless_bitwise_bool,
    reason = "branch-free on purpose: which side a code point falls on is data"
)]
pub(crate) fn summarize(decoded: &[char]) -> Summary {
    let mut covered = true;
    let mut classes = 0u16;
    let mut prev = 0u32;
    let mut prev_ccc = 0u8;
    // The class of the last character that is not a non-spacing mark (RFC 5893 rules
    // 3 and 6 look past trailing NSMs).
    let mut last_strong = 0u16;
    for &c in decoded {
        let f = facts(c);
        let class = f.class();
        let ccc = f.ccc();
        covered &= class != 0;
        // NFC: marks in canonical order (UAX #15 §1.3) and no composable pair.
        covered &= (ccc == 0) | (prev_ccc <= ccc);
        covered &= (f.0 & COMPOSES == 0) || !COMPOSITIONS.contains(&(prev, c as u32));
        classes |= 1 << class;
        last_strong = if class == NSM { last_strong } else { class };
        prev = c as u32;
        prev_ccc = ccc;
    }
    let first = decoded.first().map_or(Facts::NONE, |&c| facts(c));
    // UTS #46 §4.1 V5: no combining mark first.
    covered &= first.0 & MARK == 0;
    let has = |class: u16| classes & (1 << class) != 0;
    let right_to_left = has(R) | has(AL);
    // RFC 5893 §2: rule 1 (first character), rules 5–6 (left-to-right label), rules
    // 2–3 (right-to-left label; rule 4 needs AN).
    let bidi_ok = match first.class() {
        L => !right_to_left && matches!(last_strong, L | EN),
        R | AL => !has(L) && matches!(last_strong, R | AL | EN),
        _ => false,
    };
    Summary {
        covered,
        right_to_left,
        bidi_ok,
    }
}
