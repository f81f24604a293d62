//! UTS #39 §4 confusable detection: `skeleton()` and `are_confusable()`.

use core::iter::{Filter, FlatMap};
use core::str::Chars;

use icu_normalizer::{DecomposingNormalizerBorrowed, Decomposition};
use icu_properties::CodePointSetData;
use icu_properties::props::DefaultIgnorableCodePoint;

use crate::generated::{
    CONFUSABLES, SKELETON_HANGUL, SKELETON_HIGH_IGNORABLES, SKELETON_ITSELF, SKELETON_LEAF,
    SKELETON_LEAVES, SKELETON_MARK, SKELETON_MID, SKELETON_MIDDLE, SKELETON_OTHER, SKELETON_POOL,
    SKELETON_STARTS, SKELETON_TOP,
};

/// The prototype of `c` from `confusables.txt`, if it has one (UTS #39 §4).
///
/// ```
/// assert_eq!(idn_spoof::prototype('\u{0430}'), Some("a")); // CYRILLIC SMALL LETTER A
/// assert_eq!(idn_spoof::prototype('a'), None);
/// ```
pub fn prototype(c: char) -> Option<&'static str> {
    let cp = u32::from(c);
    CONFUSABLES
        .binary_search_by_key(&cp, |&(source, _)| source)
        .ok()
        .and_then(|index| CONFUSABLES.get(index))
        .map(|&(_, target)| target)
}

/// One character mapped to its prototype: the character itself or the prototype's chars.
#[derive(Debug, Clone)]
enum Mapped {
    Itself(Option<char>),
    Prototype(Chars<'static>),
}

impl Iterator for Mapped {
    type Item = char;
    fn next(&mut self) -> Option<char> {
        match self {
            Self::Itself(c) => c.take(),
            Self::Prototype(chars) => chars.next(),
        }
    }
}

fn map_prototype(c: char) -> Mapped {
    match prototype(c) {
        Some(target) => Mapped::Prototype(target.chars()),
        None => Mapped::Itself(Some(c)),
    }
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "`Iterator::filter` passes its items by reference"
)]
fn is_not_ignorable(c: &char) -> bool {
    !CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(*c)
}

const NFD: DecomposingNormalizerBorrowed<'static> = DecomposingNormalizerBorrowed::new_nfd();

/// UTS #39 §4 step by step: NFD, `Default_Ignorable_Code_Point` removed, prototypes, NFD.
type Reference<'a> = Decomposition<
    'static,
    FlatMap<
        Filter<Decomposition<'static, Chars<'a>>, fn(&char) -> bool>,
        Mapped,
        fn(char) -> Mapped,
    >,
>;

fn reference(input: &str) -> Reference<'_> {
    let mapped = NFD
        .normalize_iter(input.chars())
        .filter(is_not_ignorable as fn(&char) -> bool)
        .flat_map(map_prototype as fn(char) -> Mapped);
    NFD.normalize_iter(mapped)
}

/// What the skeleton makes of one code point (`xtask/src/codegen/uts39/skeleton.rs`
/// documents the values): three dependent loads.
#[inline]
fn entry(c: char) -> u16 {
    let cp = c as usize;
    let Some(&mid) = SKELETON_TOP.get(cp / (SKELETON_LEAF * SKELETON_MID)) else {
        return if SKELETON_HIGH_IGNORABLES.contains(&u32::from(c)) {
            SKELETON_OTHER
        } else {
            SKELETON_ITSELF
        };
    };
    let leaf = SKELETON_MIDDLE
        .get(usize::from(mid) * SKELETON_MID + (cp / SKELETON_LEAF) % SKELETON_MID)
        .copied()
        .unwrap_or(0);
    SKELETON_LEAVES
        .get(usize::from(leaf) * SKELETON_LEAF + cp % SKELETON_LEAF)
        .copied()
        .unwrap_or(SKELETON_OTHER)
}

/// True for an entry of a segment start: text can be cut before it, the skeleton of the
/// whole being the skeletons of the pieces (both NFD passes reorder only non-starters,
/// and the table marks only code points whose NFD and whose prototype's NFD begin with a
/// starter).
#[inline]
fn starts_segment(entry: u16) -> bool {
    entry < SKELETON_MARK || entry == SKELETON_HANGUL
}

/// The skeleton of a segment start with a pooled skeleton (entry `1..SKELETON_MARK`).
fn pooled(entry: u16) -> Option<&'static str> {
    let index = usize::from(entry);
    let start = *SKELETON_STARTS.get(index.checked_sub(1)?)?;
    let end = *SKELETON_STARTS.get(index)?;
    SKELETON_POOL.get(start as usize..end as usize)
}

/// The conjoining jamo L, V and T of a precomposed Hangul syllable (Unicode §3.12), T
/// `None` for a syllable without one.
fn hangul_jamo(syllable: char) -> Option<(char, char, Option<char>)> {
    const S_BASE: u32 = 0xAC00;
    const T_COUNT: u32 = 28;
    const N_COUNT: u32 = 21 * T_COUNT;
    let index = u32::from(syllable).checked_sub(S_BASE)?;
    let l = char::from_u32(0x1100 + index / N_COUNT)?;
    let v = char::from_u32(0x1161 + index % N_COUNT / T_COUNT)?;
    let t = index % T_COUNT;
    let t = if t == 0 {
        None
    } else {
        Some(char::from_u32(0x11A7 + t)?)
    };
    Some((l, v, t))
}

/// The skeleton of `input` as it streams out. Text is cut before segment starts; a
/// piece of one code point takes its skeleton from the generated table, a piece of a
/// code point without prototype and plain non-starters in canonical order is its own
/// skeleton, and any other piece goes through [`reference`]. The `spoof/skeleton` bench
/// row guards the table path; the tests compare the whole with [`reference`].
struct Skeleton<'a> {
    /// The input from the code point `ahead` on.
    at: &'a str,
    /// The input after that code point.
    after: &'a str,
    /// The next code point of the input and its entry; `None` at the end.
    ahead: Option<(char, u16)>,
    /// Output of the current piece: a pooled skeleton or the input itself.
    out: Chars<'a>,
    /// Output of the current piece still to come after `out`.
    more: More<'a>,
}

/// The part of a piece's output that is not a string.
#[expect(
    clippy::large_enum_variant,
    reason = "the normalizers' inline buffers keep the skeleton allocation-free"
)]
enum More<'a> {
    Nothing,
    /// The jamo of a Hangul syllable still to map.
    Jamo([Option<char>; 2]),
    /// A piece that needs the full computation.
    Slow(Reference<'a>),
}

impl<'a> Skeleton<'a> {
    fn new(input: &'a str) -> Self {
        let mut skeleton = Self {
            at: input,
            after: input,
            ahead: None,
            out: "".chars(),
            more: More::Nothing,
        };
        skeleton.advance();
        skeleton
    }

    /// Moves `ahead` to the next code point (`after` begins with it).
    #[inline]
    fn advance(&mut self) {
        self.at = self.after;
        let mut chars = self.after.chars();
        self.ahead = chars.next().map(|c| (c, entry(c)));
        self.after = chars.as_str();
    }

    /// Maps a code point of a piece on its own (a segment start followed by another or
    /// by the end): returns it when it is its own skeleton, or queues its skeleton.
    fn map_alone(&mut self, c: char, entry: u16) -> Option<char> {
        if entry == SKELETON_HANGUL {
            let (l, v, t) = hangul_jamo(c)?;
            self.more = More::Jamo([Some(v), t]);
            return self.map_alone(l, entry_of_jamo(l));
        }
        match pooled(entry) {
            Some(skeleton) => {
                self.out = skeleton.chars();
                self.out.next()
            }
            None => Some(c),
        }
    }

    /// Reads a piece longer than one code point, up to the next segment start, from
    /// `piece_start` (whose first code point has the entry `first` and is read): returns
    /// its first output, or `None` when it has none (default ignorables only).
    #[cold]
    #[inline(never)]
    fn long_piece(&mut self, piece_start: &'a str, first: u16) -> Option<char> {
        let mut verbatim = first == SKELETON_ITSELF;
        let mut last_class = 0;
        while let Some((_, next)) = self.ahead.filter(|&(_, e)| !starts_segment(e)) {
            // Plain non-starters in canonical order after a code point that is its own
            // skeleton: NFD leaves them, and they have no prototype.
            let class = next.wrapping_sub(SKELETON_MARK);
            verbatim &= next != SKELETON_OTHER && class >= last_class;
            last_class = class;
            self.advance();
        }
        let piece = piece_start
            .get(..piece_start.len() - self.at.len())
            .unwrap_or_default();
        if verbatim {
            self.out = piece.chars();
            return self.out.next();
        }
        let mut slow = reference(piece);
        let c = slow.next();
        self.more = More::Slow(slow);
        c
    }

    /// The rest of the current piece's output after `out`, `None` once it is all out.
    #[cold]
    #[inline(never)]
    fn next_more(&mut self) -> Option<char> {
        let c = match &mut self.more {
            More::Nothing => None,
            More::Jamo(jamo) => match jamo.iter_mut().find_map(Option::take) {
                Some(j) => self.map_alone(j, entry_of_jamo(j)),
                None => None,
            },
            More::Slow(slow) => slow.next(),
        };
        if c.is_none() {
            self.more = More::Nothing;
        }
        c
    }
}

/// The entry of a conjoining jamo: its own skeleton or a pooled one (the generator checks).
fn entry_of_jamo(jamo: char) -> u16 {
    match entry(jamo) {
        SKELETON_HANGUL => SKELETON_ITSELF,
        entry => entry,
    }
}

impl Iterator for Skeleton<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        if let Some(c) = self.out.next() {
            return Some(c);
        }
        if !matches!(self.more, More::Nothing)
            && let Some(c) = self.next_more()
        {
            return Some(c);
        }
        loop {
            let (c, first) = self.ahead?;
            let piece_start = self.at;
            self.advance();
            if starts_segment(first) && self.ahead.is_none_or(|(_, e)| starts_segment(e)) {
                // The common case, guarded by the `spoof/skeleton` bench row: a piece of
                // one code point, its skeleton from one lookup.
                if first == SKELETON_ITSELF {
                    return Some(c);
                }
                return self.map_alone(c, first);
            }
            if let Some(c) = self.long_piece(piece_start, first) {
                return Some(c);
            }
        }
    }
}

/// The UTS #39 §4 skeleton of `input`, as an iterator of characters: NFD, remove
/// `Default_Ignorable_Code_Point` characters, replace each character by its prototype, NFD
/// again. It allocates nothing for text without more than 16 combining marks in a row
/// (the normalizer's inline buffer); longer runs spill to the heap.
///
/// ```
/// let skeleton: String = idn_spoof::skeleton("pаypal").collect(); // Cyrillic а
/// assert_eq!(skeleton, "paypal");
/// let skeleton: String = idn_spoof::skeleton("ℓ").collect();
/// assert_eq!(skeleton, "l");
/// ```
pub fn skeleton(input: &str) -> impl Iterator<Item = char> + '_ {
    Skeleton::new(input)
}

/// True when `a` and `b` are confusable: their skeletons are equal (UTS #39 §4).
///
/// ```
/// assert!(idn_spoof::are_confusable("paypal", "pаypal")); // Cyrillic а
/// assert!(idn_spoof::are_confusable("g\u{3bf}\u{3bf}gle", "google")); // Greek omicrons
/// assert!(!idn_spoof::are_confusable("paypal", "ebay"));
/// ```
pub fn are_confusable(a: &str, b: &str) -> bool {
    skeleton(a).eq(skeleton(b))
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::string::String;
    use std::vec::Vec;

    use proptest::prelude::*;

    use super::{reference, skeleton};

    /// The table path against UTS #39 §4 computed step by step.
    fn assert_same(text: &str) {
        assert!(
            skeleton(text).eq(reference(text)),
            "{text:?}: {:?}, UTS #39 §4 gives {:?}",
            skeleton(text).collect::<String>(),
            reference(text).collect::<String>()
        );
    }

    /// UTS #39 §4: every scalar value alone, after a precomposed letter whose NFD ends
    /// in a mark of class 230, and before marks of classes 220 and 230 (which NFD
    /// reorders against the code point's own marks).
    #[test]
    fn uts39_skeleton_of_every_scalar_value_is_the_reference() {
        let mut text = String::new();
        for c in crate::every_scalar_value() {
            for (before, after) in [("", ""), ("\u{FC}", ""), ("", "\u{301}\u{323}")] {
                text.clear();
                text.push_str(before);
                text.push(c);
                text.push_str(after);
                assert_same(&text);
            }
        }
    }

    /// UTS #39 §4 (NFD, UAX #15 canonical ordering): marks after a letter come out in
    /// canonical order whichever order they are written in, also across a default
    /// ignorable that the skeleton drops, and after letters with prototypes or jamo.
    #[test]
    fn uts39_marks_come_out_in_canonical_order() {
        for text in [
            "a\u{323}\u{301}",
            "a\u{301}\u{323}",
            "\u{430}\u{301}\u{323}",
            "a\u{200C}\u{301}\u{323}",
            "\u{FC}\u{200C}\u{323}",
            "\u{C774}\u{301}\u{323}",
            "\u{301}\u{323}a",
        ] {
            assert_same(text);
        }
        assert!(skeleton("a\u{301}\u{323}").eq(skeleton("a\u{323}\u{301}")));
        assert!(skeleton("\u{FC}\u{200C}\u{323}").eq("u\u{323}\u{308}".chars()));
    }

    /// UTS #39 §4 over every label of the domains corpus, as written (A-labels stay
    /// ASCII) and decoded.
    #[test]
    fn uts39_skeleton_of_corpus_labels_is_the_reference() {
        let corpus = include_str!("../../../testdata/corpus/domains.txt");
        let mut labels = 0;
        for label in corpus.lines().flat_map(|name| name.split('.')) {
            assert_same(label);
            labels += 1;
            let Some(encoded) = label.get(4..).filter(|_| label.starts_with("xn--")) else {
                continue;
            };
            let mut decoded = ['\0'; 64];
            if let Ok(chars) = punycode_core::decode_into(encoded.as_bytes(), &mut decoded) {
                assert_same(&chars.iter().collect::<String>());
            }
        }
        assert!(labels > 10_000, "{labels} labels");
    }

    /// Code points where the table path and the full computation meet: starters with and
    /// without prototypes, precomposed letters, Hangul syllables and jamo, non-starters
    /// of several classes (with and without prototypes), default ignorables (ZWNJ, ZWJ,
    /// soft hyphen, CGJ), code points whose prototypes begin with or hold non-starters.
    const EDGES: &[char] = &[
        'a',
        'l',
        'm',
        '0',
        '1',
        '-',
        'I',
        '\u{430}',
        '\u{3BF}',
        '\u{2113}',
        '\u{FC}',
        '\u{1EE5}',
        '\u{1E69}',
        '\u{212B}',
        '\u{AC00}',
        '\u{C774}',
        '\u{D7A3}',
        '\u{110B}',
        '\u{1161}',
        '\u{11A8}',
        '\u{1173}',
        '\u{300}',
        '\u{301}',
        '\u{308}',
        '\u{323}',
        '\u{327}',
        '\u{345}',
        '\u{344}',
        '\u{34F}',
        '\u{5B4}',
        '\u{653}',
        '\u{94D}',
        '\u{93C}',
        '\u{E48}',
        '\u{E38}',
        '\u{E31}',
        '\u{200C}',
        '\u{200D}',
        '\u{AD}',
        '\u{FE0F}',
        '\u{1D165}',
        '\u{1D15E}',
        '\u{F900}',
        '\u{2F800}',
        '\u{FB2C}',
        '\u{1F1}',
        '\u{2460}',
        '\u{FF41}',
        '\u{10FFFF}',
    ];

    fn edge_or_any() -> impl Strategy<Value = char> {
        prop_oneof![3 => prop::sample::select(EDGES), 1 => any::<char>()]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// UTS #39 §4 on random strings mixing the edge cases with any scalar value.
        #[test]
        fn uts39_skeleton_of_random_text_is_the_reference(
            chars in prop::collection::vec(edge_or_any(), 0..12)
        ) {
            let text: String = chars.into_iter().collect();
            prop_assert!(skeleton(&text).eq(reference(&text)), "{:?}", text);
        }

        /// `are_confusable` agrees with the skeletons compared step by step (UTS #39 §4).
        #[test]
        fn uts39_confusable_when_reference_skeletons_are_equal(
            a in prop::collection::vec(prop::sample::select(EDGES), 0..4),
            b in prop::collection::vec(prop::sample::select(EDGES), 0..4),
        ) {
            let (a, b): (String, String) = (a.into_iter().collect(), b.into_iter().collect());
            let expected = reference(&a).collect::<Vec<_>>() == reference(&b).collect::<Vec<_>>();
            prop_assert_eq!(super::are_confusable(&a, &b), expected);
        }
    }
}
