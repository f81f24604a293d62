//! Warnings: valid names that deserve a second look.

/// Something valid but discouraged or special about a name.
///
/// ```
/// use ldh_domain::{Domain, Policy, Warning};
/// let d = Domain::parse_with("ab--cd.example.com", &Policy::HOSTNAME)?;
/// assert!(d.warnings().contains(Warning::ReservedHyphenLabel));
/// assert_eq!(Warning::ReservedHyphenLabel.code(), "reserved_hyphen_label");
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Warning {
    /// A label with hyphens in the third and fourth positions that is not an `xn--`
    /// A-label (an R-LDH label, RFC 5890 §2.3.1): reserved for future encodings, RFC 3696
    /// §5 says not to use it.
    ReservedHyphenLabel,
    /// A special-use name (RFC 6761 and the RFCs adding to its registry): `localhost`,
    /// `test`, `invalid`, `example` (RFC 6761), `local` (RFC 6762), `onion` (RFC 7686),
    /// `home.arpa` (RFC 8375), `alt` (RFC 9476). [`Domain::special_use`](crate::Domain::special_use)
    /// says which, with its RFC.
    SpecialUseDomain,
    /// A name of one label, allowed by [`Policy::HOSTNAME`](crate::Policy::HOSTNAME) but
    /// resolved relative to a search list, if at all (RFC 3696 §2, RFC 1123 §6.1.4.3).
    SingleLabel,
}

impl Warning {
    const ALL: [Self; 3] = [
        Self::ReservedHyphenLabel,
        Self::SpecialUseDomain,
        Self::SingleLabel,
    ];

    const fn bit(self) -> u8 {
        match self {
            Self::ReservedHyphenLabel => 1,
            Self::SpecialUseDomain => 2,
            Self::SingleLabel => 4,
        }
    }

    /// Stable `snake_case` code.
    ///
    /// ```
    /// assert_eq!(ldh_domain::Warning::SingleLabel.code(), "single_label");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::ReservedHyphenLabel => "reserved_hyphen_label",
            Self::SpecialUseDomain => "special_use_domain",
            Self::SingleLabel => "single_label",
        }
    }

    /// Human message (lowercase, no trailing period).
    ///
    /// ```
    /// assert!(ldh_domain::Warning::SpecialUseDomain.message().contains("RFC 6761"));
    /// ```
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Self::ReservedHyphenLabel => {
                "label has hyphens in the third and fourth positions but is not an `xn--` A-label: such labels are reserved (RFC 5890 §2.3.1, RFC 3696 §5)"
            }
            Self::SpecialUseDomain => {
                "special-use domain name, not delegated in the global DNS (RFC 6761; also RFC 6762, RFC 7686, RFC 8375, RFC 9476)"
            }
            Self::SingleLabel => {
                "name has a single label: it is not fully qualified and may resolve through a local search list (RFC 3696 §2)"
            }
        }
    }
}

impl core::fmt::Display for Warning {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message())
    }
}

name_text::flag_set! {
    /// A set of [`Warning`]s, `Copy` and allocation-free.
    ///
    /// ```
    /// use ldh_domain::{Warning, Warnings};
    /// let mut w = Warnings::default();
    /// assert!(w.is_empty());
    /// w.insert(Warning::SingleLabel);
    /// let both = w.union(Warnings::from(Warning::SpecialUseDomain));
    /// assert_eq!(both.iter().count(), 2);
    /// assert!(both.contains(Warning::SingleLabel));
    /// ```
    pub struct Warnings(u8) of Warning;
    example ldh_domain, ReservedHyphenLabel, SingleLabel;
}

impl Warnings {
    /// The set as bits (one per [`Warning`]), for packing into a domain's facts.
    pub(crate) const fn bits(self) -> u8 {
        self.0
    }

    /// The set of [`bits`](Self::bits).
    pub(crate) const fn from_bits(bits: u8) -> Self {
        Self(bits)
    }
}

/// A special-use domain name and the RFC that reserves it.
///
/// ```
/// use ldh_domain::{Domain, Policy, SpecialUse};
/// let d = Domain::parse_with("printer.home.arpa", &Policy::HOSTNAME)?;
/// assert_eq!(d.special_use(), Some(SpecialUse::HomeArpa));
/// assert_eq!(SpecialUse::HomeArpa.rfc(), "RFC 8375");
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SpecialUse {
    /// `localhost.` (RFC 6761 §6.3).
    Localhost,
    /// `test.` (RFC 6761 §6.2).
    Test,
    /// `invalid.` (RFC 6761 §6.4).
    Invalid,
    /// `example.`, `example.com.`, `example.net.`, `example.org.` (RFC 6761 §6.5).
    Example,
    /// `local.` (RFC 6762 §3, Multicast DNS).
    Local,
    /// `onion.` (RFC 7686).
    Onion,
    /// `home.arpa.` (RFC 8375).
    HomeArpa,
    /// `alt.` (RFC 9476).
    Alt,
}

impl SpecialUse {
    /// The RFC that reserves the name.
    ///
    /// ```
    /// assert_eq!(ldh_domain::SpecialUse::Onion.rfc(), "RFC 7686");
    /// ```
    #[must_use]
    pub const fn rfc(self) -> &'static str {
        match self {
            Self::Localhost | Self::Test | Self::Invalid | Self::Example => "RFC 6761",
            Self::Local => "RFC 6762",
            Self::Onion => "RFC 7686",
            Self::HomeArpa => "RFC 8375",
            Self::Alt => "RFC 9476",
        }
    }

    /// Human message naming the RFC.
    ///
    /// ```
    /// assert_eq!(
    ///     ldh_domain::SpecialUse::Alt.message(),
    ///     "special-use domain name under `alt.`, for non-DNS name resolution (RFC 9476)"
    /// );
    /// ```
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Self::Localhost => {
                "special-use domain name `localhost.`, the loopback host (RFC 6761 §6.3)"
            }
            Self::Test => "special-use domain name under `test.`, for testing (RFC 6761 §6.2)",
            Self::Invalid => {
                "special-use domain name under `invalid.`, guaranteed not to exist (RFC 6761 §6.4)"
            }
            Self::Example => {
                "special-use domain name reserved for documentation examples (RFC 6761 §6.5)"
            }
            Self::Local => "special-use domain name under `local.`, for Multicast DNS (RFC 6762)",
            Self::Onion => {
                "special-use domain name under `onion.`, for Tor onion services (RFC 7686)"
            }
            Self::HomeArpa => {
                "special-use domain name under `home.arpa.`, for home networks (RFC 8375)"
            }
            Self::Alt => {
                "special-use domain name under `alt.`, for non-DNS name resolution (RFC 9476)"
            }
        }
    }

    /// [`classify_parts`](Self::classify_parts) after a table lookup on the last
    /// label's length and first octet and the length and first octet of the label
    /// before it, without branches: most names are ruled out before any label is
    /// compared.
    #[expect(
        clippy::needless_bitwise_bool,
        reason = "branch-free on purpose: the lazy form mispredicts on varied TLDs"
    )]
    #[inline]
    pub(crate) fn of_parts(tld: &[u8], sld: Option<&[u8]>) -> Option<Self> {
        let first = tld.first().map_or(0, |&b| b & 0x1F);
        let key = tld.len().min(15) * 32 + usize::from(first);
        let filter = SPECIAL_FILTER.get(key).copied().unwrap_or(0);
        let (sld_len, sld_first) =
            sld.map_or((0, 0), |l| (l.len(), l.first().map_or(0, |&b| b | 0x20)));
        let may_be = (filter == ANY_SLD)
            | ((filter == SLD_EXAMPLE) & (sld_len == 7) & (sld_first == b'e'))
            | ((filter == SLD_HOME) & (sld_len == 4) & (sld_first == b'h'));
        if may_be {
            Self::classify_parts(tld, sld)
        } else {
            None
        }
    }

    /// Which special-use name a name falls under, from its last label and the one before
    /// it (if any). ASCII case-insensitive.
    #[inline]
    pub(crate) fn classify_parts(tld: &[u8], sld: Option<&[u8]>) -> Option<Self> {
        // Compare folded 8-octet words instead of strings: this runs for every name.
        const ALT: u64 = fold(b"alt");
        const COM: u64 = fold(b"com");
        const NET: u64 = fold(b"net");
        const ORG: u64 = fold(b"org");
        const TEST: u64 = fold(b"test");
        const ARPA: u64 = fold(b"arpa");
        const LOCAL: u64 = fold(b"local");
        const ONION: u64 = fold(b"onion");
        const INVALID: u64 = fold(b"invalid");
        const EXAMPLE: u64 = fold(b"example");
        const HOME: u64 = fold(b"home");
        match tld.len() {
            3..=5 | 7 => {}
            9 => {
                return tld
                    .eq_ignore_ascii_case(b"localhost")
                    .then_some(Self::Localhost);
            }
            _ => return None,
        }
        let sld_is =
            |name: u64, len: usize| sld.is_some_and(|l| l.len() == len && fold_word(l) == name);
        match fold_word(tld) {
            ALT => Some(Self::Alt),
            TEST => Some(Self::Test),
            LOCAL => Some(Self::Local),
            ONION => Some(Self::Onion),
            INVALID => Some(Self::Invalid),
            EXAMPLE => Some(Self::Example),
            COM | NET | ORG if sld_is(EXAMPLE, 7) => Some(Self::Example),
            ARPA if sld_is(HOME, 4) => Some(Self::HomeArpa),
            _ => None,
        }
    }
}

/// [`SPECIAL_FILTER`]: special under any second-level label.
const ANY_SLD: u8 = 1;
/// [`SPECIAL_FILTER`]: special when the second-level label is `example`.
const SLD_EXAMPLE: u8 = 2;
/// [`SPECIAL_FILTER`]: special when the second-level label is `home`.
const SLD_HOME: u8 = 3;

/// Indexed by `min(TLD length, 15) * 32 + (first octet & 0x1F)`: what a TLD of that
/// length and first letter can be. Other TLDs with the same key only cost the full check.
#[expect(
    clippy::indexing_slicing,
    reason = "const evaluation: an index out of range is a compile-time error"
)]
const SPECIAL_FILTER: [u8; 16 * 32] = {
    const fn key(tld: &[u8]) -> usize {
        tld.len() * 32 + (tld[0] & 0x1F) as usize
    }
    let mut table = [0u8; 16 * 32];
    table[key(b"alt")] = ANY_SLD;
    table[key(b"test")] = ANY_SLD;
    table[key(b"local")] = ANY_SLD;
    table[key(b"onion")] = ANY_SLD;
    table[key(b"invalid")] = ANY_SLD;
    table[key(b"example")] = ANY_SLD;
    table[key(b"localhost")] = ANY_SLD;
    table[key(b"com")] = SLD_EXAMPLE;
    table[key(b"net")] = SLD_EXAMPLE;
    table[key(b"org")] = SLD_EXAMPLE;
    table[key(b"arpa")] = SLD_HOME;
    table
};

/// Up to eight octets with bit 5 set, as one word (zero-padded; no folded octet is
/// zero, so words of different lengths differ). Setting bit 5 lower-cases letters, and
/// only letters land in `a`–`z` (their preimages under `| 0x20` are `A`–`Z` and
/// `a`–`z`), so for the letter-only special-use names equal words mean ASCII
/// case-insensitively equal labels.
#[inline]
const fn fold(mut label: &[u8]) -> u64 {
    let mut word = 0u64;
    let mut shift = 0;
    while let Some((&b, rest)) = label.split_first() {
        if shift == 64 {
            break;
        }
        word |= ((b | 0x20) as u64) << shift;
        shift += 8;
        label = rest;
    }
    word
}

/// [`fold`] at run time: one padded load instead of a loop for the lengths the
/// special-use names have (3–8 octets).
#[inline]
fn fold_word(label: &[u8]) -> u64 {
    use name_text::swar::{load_padded, low_bytes, splat};
    if label.len() > 8 {
        return fold(label);
    }
    // Bit 5 on the label's octets only, as `fold` does.
    load_padded(label) | (splat(0x20) & low_bytes(label.len()))
}

impl core::fmt::Display for SpecialUse {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{SpecialUse, fold, fold_word};
    use std::vec::Vec;

    /// Every special-use name (RFC 6761 §6, RFC 6762, RFC 7686, RFC 8375, RFC 9476)
    /// is found whatever its case, and names that only look like one are not.
    #[test]
    fn classify_parts_finds_every_special_use_name() {
        let names: [(&[u8], Option<&[u8]>); 16] = [
            (b"alt", None),
            (b"test", Some(b"a")),
            (b"local", Some(b"printer")),
            (b"onion", Some(b"x")),
            (b"invalid", None),
            (b"example", Some(b"www")),
            (b"localhost", None),
            (b"com", Some(b"example")),
            (b"net", Some(b"example")),
            (b"org", Some(b"example")),
            (b"arpa", Some(b"home")),
            (b"ALT", None),
            (b"LocalHost", None),
            (b"COM", Some(b"EXAMPLE")),
            (b"Arpa", Some(b"Home")),
            (b"ONION", Some(b"y")),
        ];
        for (tld, sld) in names {
            assert!(
                SpecialUse::classify_parts(tld, sld).is_some(),
                "{tld:?} {sld:?}"
            );
        }
        for (tld, sld) in [
            (&b"com"[..], Some(&b"google"[..])),
            (b"de", Some(b"example")),
            (b"org", None),
            (b"arpa", Some(b"in-addr")),
            (b"info", Some(b"a")),
            (b"uk", Some(b"co")),
            (b"com", Some(b"exampl")),
            (b"arpa", Some(b"homes")),
            (b"tests", None),
            (b"localhos", None),
        ] {
            assert!(
                SpecialUse::classify_parts(tld, sld).is_none(),
                "{tld:?} {sld:?}"
            );
        }
    }

    /// Exhaustive over short last labels, with and without a label before them:
    /// [`SpecialUse::of_parts`] (filter first) agrees with `classify_parts`, so the
    /// filter never hides a special-use name.
    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the test's label lengths are single digits"
    )]
    fn of_parts_equals_classify_parts() {
        let alphabet = b"aehlmotxAEHLMOTX0-";
        let words: [&[u8]; 15] = [
            b"alt",
            b"test",
            b"local",
            b"onion",
            b"invalid",
            b"example",
            b"localhost",
            b"com",
            b"net",
            b"org",
            b"arpa",
            b"home",
            b"exampl",
            b"homes",
            b"EXAMPLE",
        ];
        let mut labels: Vec<Vec<u8>> = words.iter().map(|w| w.to_vec()).collect();
        for len in 1..=4usize {
            for seed in 0..alphabet.len().pow(len as u32).min(20_000) {
                let mut x = seed;
                let label: Vec<u8> = (0..len)
                    .map(|_| {
                        let b = alphabet[x % alphabet.len()];
                        x /= alphabet.len();
                        b
                    })
                    .collect();
                labels.push(label);
            }
        }
        let mut found = 0;
        for tld in &labels {
            for sld in words
                .iter()
                .map(|w| Some(*w))
                .chain([None, Some(&b"x"[..])])
            {
                let expected = SpecialUse::classify_parts(tld, sld);
                assert_eq!(SpecialUse::of_parts(tld, sld), expected, "{tld:?} {sld:?}");
                found += usize::from(expected.is_some());
            }
        }
        assert!(found > 30, "{found}");
    }

    #[test]
    fn fold_word_equals_fold() {
        let alphabet = b"aZ0-_.~\x7f\xc3";
        for len in 0..=8usize {
            // Every label of `len` octets over a small alphabet, up to 4,096 of each length.
            for seed in 0..4096usize {
                let mut label = [0u8; 8];
                let mut x = seed;
                for slot in label.iter_mut().take(len) {
                    *slot = alphabet[x % alphabet.len()];
                    x /= alphabet.len();
                }
                let label = &label[..len];
                assert_eq!(fold_word(label), fold(label), "{label:?}");
            }
        }
        assert_eq!(fold_word(b"EXAMPLE"), fold(b"example"));
        assert_eq!(fold_word(b"123456789"), fold(b"123456789"));
    }
}
