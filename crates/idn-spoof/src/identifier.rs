//! UTS #39 §3.1 `Identifier_Status` and `Identifier_Type` of a code point, from
//! `IdentifierStatus.txt` and `IdentifierType.txt`.

use crate::generated::{ALLOWED, TYPES};

/// `Identifier_Status` (UTS #39 §3.1): whether a character belongs in identifiers at all.
///
/// ```
/// use idn_spoof::{IdentifierStatus, identifier_status};
///
/// assert_eq!(identifier_status('ü'), IdentifierStatus::Allowed);
/// assert_eq!(identifier_status('\u{2044}'), IdentifierStatus::Restricted); // FRACTION SLASH
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdentifierStatus {
    /// Listed as `Allowed` in `IdentifierStatus.txt`.
    Allowed,
    /// Every other code point (the file's `@missing` value).
    Restricted,
}

/// The `Identifier_Status` of `c` (UTS #39 §3.1).
///
/// ```
/// assert!(idn_spoof::is_allowed('a'));
/// assert!(!idn_spoof::is_allowed('\u{FF41}')); // FULLWIDTH LATIN SMALL LETTER A
/// ```
pub fn identifier_status(c: char) -> IdentifierStatus {
    if is_allowed(c) {
        IdentifierStatus::Allowed
    } else {
        IdentifierStatus::Restricted
    }
}

/// True when `c` is `Allowed` by UTS #39 §3.1.
///
/// ```
/// assert!(idn_spoof::is_allowed('ж'));
/// ```
pub fn is_allowed(c: char) -> bool {
    name_text::ranges::contains(ALLOWED, c)
}

/// [`is_allowed`] that remembers the last Allowed range it found: for the characters of
/// one label, which mostly come from one block, one comparison replaces the binary
/// search.
#[derive(Debug, Default)]
pub(crate) struct AllowedCache {
    last: Option<(u32, u32)>,
}

impl AllowedCache {
    pub(crate) fn is_allowed(&mut self, c: char) -> bool {
        let cp = u32::from(c);
        if let Some((first, last)) = self.last
            && (first..=last).contains(&cp)
        {
            return true;
        }
        let index = ALLOWED.partition_point(|&(_, last)| last < cp);
        match ALLOWED.get(index) {
            Some(&(first, last)) if first <= cp => {
                self.last = Some((first, last));
                true
            }
            _ => false,
        }
    }
}

/// One `Identifier_Type` value (UTS #39 §3.1 Table 1).
///
/// ```
/// use idn_spoof::{IdentifierType, identifier_types};
///
/// assert!(identifier_types('a').contains(IdentifierType::Recommended));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdentifierType {
    /// Unassigned, private use, surrogate or noncharacter (the `@missing` value).
    NotCharacter,
    /// Deprecated in Unicode.
    Deprecated,
    /// `Default_Ignorable_Code_Point`.
    DefaultIgnorable,
    /// Not in NFKC form.
    NotNfkc,
    /// Not in `XID_Continue`.
    NotXid,
    /// A script excluded from identifiers (UAX #31 Table 4).
    Exclusion,
    /// No longer in customary modern use.
    Obsolete,
    /// Specialized technical use.
    Technical,
    /// Not in common use.
    UncommonUse,
    /// A limited-use script (UAX #31 Table 7).
    LimitedUse,
    /// Added to identifiers although not in a recommended script (UAX #31 Table 3).
    Inclusion,
    /// In a recommended script (UAX #31 Table 5).
    Recommended,
}

impl IdentifierType {
    /// Every value, in the bit order of the generated table.
    pub const ALL: [Self; 12] = [
        Self::NotCharacter,
        Self::Deprecated,
        Self::DefaultIgnorable,
        Self::NotNfkc,
        Self::NotXid,
        Self::Exclusion,
        Self::Obsolete,
        Self::Technical,
        Self::UncommonUse,
        Self::LimitedUse,
        Self::Inclusion,
        Self::Recommended,
    ];

    /// The value's name as the data file spells it.
    ///
    /// ```
    /// assert_eq!(idn_spoof::IdentifierType::NotXid.name(), "Not_XID");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Self::NotCharacter => "Not_Character",
            Self::Deprecated => "Deprecated",
            Self::DefaultIgnorable => "Default_Ignorable",
            Self::NotNfkc => "Not_NFKC",
            Self::NotXid => "Not_XID",
            Self::Exclusion => "Exclusion",
            Self::Obsolete => "Obsolete",
            Self::Technical => "Technical",
            Self::UncommonUse => "Uncommon_Use",
            Self::LimitedUse => "Limited_Use",
            Self::Inclusion => "Inclusion",
            Self::Recommended => "Recommended",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// The set of `Identifier_Type` values of one code point (UTS #39 §3.1: a code point can
/// have several, such as `Technical Obsolete`).
///
/// ```
/// use idn_spoof::{IdentifierType, identifier_types};
///
/// let types = identifier_types('\u{018D}'); // LATIN SMALL LETTER TURNED DELTA
/// assert!(types.contains(IdentifierType::Technical));
/// assert!(types.contains(IdentifierType::Obsolete));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IdentifierTypes(u16);

impl IdentifierTypes {
    /// True when `ty` is in the set.
    ///
    /// ```
    /// use idn_spoof::{IdentifierType, identifier_types};
    /// assert!(identifier_types('\u{E000}').contains(IdentifierType::NotCharacter));
    /// ```
    pub const fn contains(self, ty: IdentifierType) -> bool {
        self.0 & ty.bit() != 0
    }

    /// The values in the set, in the order of [`IdentifierType::ALL`].
    ///
    /// ```
    /// use idn_spoof::{IdentifierType, identifier_types};
    /// let names: Vec<_> = identifier_types('a').iter().map(IdentifierType::name).collect();
    /// assert_eq!(names, ["Recommended"]);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = IdentifierType> {
        IdentifierType::ALL
            .into_iter()
            .filter(move |ty| self.contains(*ty))
    }
}

/// The `Identifier_Type` set of `c` (UTS #39 §3.1); unlisted code points are
/// `Not_Character`.
///
/// ```
/// use idn_spoof::{IdentifierType, identifier_types};
/// assert!(identifier_types('\u{00AD}').contains(IdentifierType::DefaultIgnorable));
/// ```
pub fn identifier_types(c: char) -> IdentifierTypes {
    let cp = u32::from(c);
    let index = TYPES.partition_point(|&(_, last, _)| last < cp);
    match TYPES.get(index) {
        Some(&(first, _, bits)) if first <= cp => IdentifierTypes(bits),
        _ => IdentifierTypes(IdentifierType::NotCharacter.bit()),
    }
}
