//! Protected names: the comparison of a label with a protected label and, with `alloc`,
//! [`ProtectedNames`]: the caller's protected names indexed by UTS #39 §4 skeleton, so
//! that checking a label costs one skeleton and a binary search however many names
//! there are.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::are_confusable;
#[cfg(feature = "alloc")]
use crate::skeleton;

/// The labels of a protected name that a label is compared with: every label but the
/// TLD, or the only label of a one-label name (a final dot is ignored).
pub(crate) fn protected_labels(name: &str) -> impl Iterator<Item = &str> {
    let name = name.strip_suffix('.').unwrap_or(name);
    let count = name.split('.').count();
    let compared = if count > 1 { count - 1 } else { count };
    name.split('.').take(compared)
}

/// True when the label `label` resembles the protected label `protected`: the same
/// UTS #39 §4 skeleton without being the same label.
pub(crate) fn resembles(label: &str, protected: &str) -> bool {
    !protected.eq_ignore_ascii_case(label) && are_confusable(label, protected)
}

#[cfg(feature = "alloc")]
/// A 64-bit FNV-1a hash of the UTS #39 §4 skeleton of `text`, computed as the skeleton
/// streams out (nothing is allocated). Equal skeletons have equal keys; a key shared by
/// different skeletons only costs a comparison, since every candidate is checked with
/// [`are_confusable`].
fn skeleton_key(text: &str) -> u64 {
    const OFFSET: u64 = 0xCBF2_9CE4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01B3;
    skeleton(text).fold(OFFSET, |hash, c| {
        u32::from(c)
            .to_le_bytes()
            .into_iter()
            .fold(hash, |hash, byte| {
                (hash ^ u64::from(byte)).wrapping_mul(PRIME)
            })
    })
}

/// One protected label: the index of its name and where it sits in the name.
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    name: usize,
    start: usize,
    end: usize,
}

/// Protected names indexed by the UTS #39 §4 skeletons of their labels, for
/// [`DisplayPolicy::with_protected_names`](crate::DisplayPolicy::with_protected_names).
///
/// A label breaks [`Rule::ProtectedName`](crate::Rule::ProtectedName) when it has the
/// skeleton of a label of a protected name (the TLD excluded, unless the name has one
/// label) without being equal to it (ASCII case aside). The index finds the same name as
/// comparing the label with every name in order (the earliest one, by its index in the
/// list), at the cost of one skeleton and a binary search: build it once for many names.
///
/// ```
/// use idn_spoof::{DisplayPolicy, ProtectedNames, Rule, check_label};
///
/// let names = ["paypal.com", "apple.com", "example"];
/// let index = ProtectedNames::new(&names);
/// let policy = DisplayPolicy::BROWSER.with_protected_names(&index);
/// let verdict = check_label("аррӏе", Some("com"), &policy); // Cyrillic
/// assert!(verdict.breaks(Rule::ProtectedName));
/// assert_eq!(verdict.protected_name(), Some(1));
/// assert_eq!(index.find("аррӏе"), Some(1));
/// assert_eq!(index.find("apple"), None); // the protected label itself
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct ProtectedNames<'a> {
    names: &'a [&'a str],
    /// The skeleton keys of the protected labels, sorted (then by name index, so the
    /// first match of a key is the earliest name); apart from the entries so that the
    /// binary search reads 8 bytes a step.
    keys: Vec<u64>,
    /// The label of each key, at the same index.
    entries: Vec<Entry>,
}

/// Counts, not contents: a policy carrying a hundred thousand names stays printable.
#[cfg(feature = "alloc")]
impl core::fmt::Debug for ProtectedNames<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ProtectedNames")
            .field("names", &self.names.len())
            .field("labels", &self.keys.len())
            .finish()
    }
}

#[cfg(feature = "alloc")]
impl<'a> ProtectedNames<'a> {
    /// Indexes `names`: one skeleton per protected label, then one sort.
    ///
    /// ```
    /// let names = ["paypal.com", "example.org"];
    /// let index = idn_spoof::ProtectedNames::new(&names);
    /// assert_eq!(index.names(), names);
    /// assert_eq!(index.len(), 2);
    /// ```
    #[must_use]
    pub fn new(names: &'a [&'a str]) -> Self {
        let mut keyed = Vec::with_capacity(names.len());
        for (index, name) in names.iter().enumerate() {
            let mut start = 0;
            for label in protected_labels(name) {
                let entry = Entry {
                    name: index,
                    start,
                    end: start + label.len(),
                };
                keyed.push((skeleton_key(label), entry));
                // The next label starts after this one and its dot.
                start += label.len() + 1;
            }
        }
        keyed.sort_unstable();
        let (keys, entries) = keyed.into_iter().unzip();
        Self {
            names,
            keys,
            entries,
        }
    }

    /// The protected names, in the order given.
    ///
    /// ```
    /// let names = ["paypal.com"];
    /// assert_eq!(idn_spoof::ProtectedNames::new(&names).names(), ["paypal.com"]);
    /// ```
    #[must_use]
    pub const fn names(&self) -> &'a [&'a str] {
        self.names
    }

    /// How many protected names there are.
    ///
    /// ```
    /// assert_eq!(idn_spoof::ProtectedNames::new(&["a.example", "b"]).len(), 2);
    /// ```
    #[must_use]
    pub const fn len(&self) -> usize {
        self.names.len()
    }

    /// True when there is no protected name.
    ///
    /// ```
    /// assert!(idn_spoof::ProtectedNames::new(&[]).is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The index in [`names`](Self::names) of the first protected name one of whose
    /// compared labels has the skeleton of `label` (UTS #39 §4) without being equal to
    /// it. Allocates nothing.
    ///
    /// ```
    /// let names = ["google.com", "paypal.com"];
    /// let index = idn_spoof::ProtectedNames::new(&names);
    /// assert_eq!(index.find("pаypal"), Some(1)); // Cyrillic а
    /// assert_eq!(index.find("ebay"), None);
    /// ```
    #[must_use]
    pub fn find(&self, label: &str) -> Option<usize> {
        let key = skeleton_key(label);
        let first = self.keys.partition_point(|&k| k < key);
        let same_key = self.keys.get(first..)?.iter().take_while(|&&k| k == key);
        self.entries
            .get(first..)?
            .iter()
            .zip(same_key)
            .map(|(entry, _)| entry)
            .find(|entry| {
                self.names
                    .get(entry.name)
                    .and_then(|name| name.get(entry.start..entry.end))
                    .is_some_and(|protected| resembles(label, protected))
            })
            .map(|entry| entry.name)
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::{protected_labels, skeleton_key};

    #[test]
    fn uts39_4_equal_skeletons_have_equal_keys() {
        assert_eq!(skeleton_key("pаypal"), skeleton_key("paypal"));
        assert_eq!(skeleton_key("аррӏе"), skeleton_key("apple"));
        assert_ne!(skeleton_key("paypal"), skeleton_key("ebay"));
    }

    #[test]
    fn debug_shows_counts_not_names() {
        let names = ["paypal.com", "www.example.org"];
        let index = super::ProtectedNames::new(&names);
        assert_eq!(
            alloc::format!("{index:?}"),
            "ProtectedNames { names: 2, labels: 3 }"
        );
    }

    #[test]
    fn the_tld_is_not_protected_unless_it_is_the_only_label() {
        assert!(protected_labels("www.paypal.com").eq(["www", "paypal"]));
        assert!(protected_labels("paypal.com.").eq(["paypal"]));
        assert!(protected_labels("example").eq(["example"]));
        assert!(protected_labels("").eq([""]));
    }
}
