//! UTS #39 §4 confusable detection: `skeleton()` and `are_confusable()`.

use icu_normalizer::DecomposingNormalizerBorrowed;
use icu_properties::CodePointSetData;
use icu_properties::props::DefaultIgnorableCodePoint;

use crate::generated::CONFUSABLES;

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
    Prototype(core::str::Chars<'static>),
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
    const NFD: DecomposingNormalizerBorrowed<'static> = DecomposingNormalizerBorrowed::new_nfd();
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let mapped = NFD
        .normalize_iter(input.chars())
        .filter(move |&c| !ignorable.contains(c))
        .flat_map(map_prototype);
    NFD.normalize_iter(mapped)
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
