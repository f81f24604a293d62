//! [`Warning`]s: valid but discouraged forms, collected in a `Copy` bitset.

use core::fmt;

/// A valid but discouraged form (RFC 3696 §3, RFC 5321, RFC 5322 §4).
///
/// ```
/// use rfc_email::{EmailAddress, Warning};
/// let addr = EmailAddress::parse("\"john doe\"@example.com")?;
/// assert!(addr.warnings().contains(Warning::QuotedLocalPart));
/// assert_eq!(Warning::QuotedLocalPart.code(), "quoted_local_part");
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[repr(u8)]
pub enum Warning {
    /// The local part is a quoted string: permitted, but "discouraged" (RFC 3696 §3) and
    /// mishandled by much software.
    QuotedLocalPart,
    /// The domain is an address literal (`[192.0.2.1]`): RFC 3696 §3 and RFC 5321
    /// §4.1.3 discourage them outside testing and diagnostics.
    AddressLiteral,
    /// The domain is or is under a special-use name (RFC 6761: `example`, `test`,
    /// `invalid`, `localhost`; RFC 6762 `local`, RFC 7686 `onion`, RFC 8375 `home.arpa`,
    /// RFC 9476 `alt`), reported by `ldh-domain`, whose `SpecialUse` names the one.
    SpecialUseDomain,
    /// A label has `--` in positions 3–4 without being a valid A-label (RFC 5891
    /// §4.2.3.1), reported by `ldh-domain`.
    ReservedHyphenLabel,
    /// A backslash quoted a character outside quotes, as RFC 3696 §3 printed it; erratum
    /// 246 says this is not valid (`RFC3696_PUBLISHED` only).
    Erratum246Backslash,
    /// Comments or folding white space around the parts (RFC 5322 §3.2.2 `CFWS`):
    /// header syntax that cannot be used in SMTP.
    Cfws,
    /// RFC 5322 §4.4 `obs-local-part`: words joined with CFWS, or quoted and unquoted
    /// words mixed (`"a".b`).
    ObsoleteLocalPart,
    /// RFC 5322 §4.4 `obs-domain`: CFWS between the labels of a domain.
    ObsoleteDomain,
    /// RFC 5322 §4.1 obsolete characters: control characters in quoted strings,
    /// comments or domain literals (`obs-qtext`, `obs-ctext`, `obs-dtext`), `obs-qp`, or
    /// `obs-FWS` (several line folds in a row).
    ObsoleteText,
    /// A domain of a single label (`user@localhost`): accepted by `RFC5322` and `HTML5`,
    /// but not deliverable on the public Internet (RFC 5321 §2.3.5).
    SingleLabelDomain,
    /// An RFC 5322 domain literal whose content is not an RFC 5321 address literal.
    GeneralDomainLiteral,
    /// A UTF-8 local part with a character that displays as nothing
    /// (Unicode `Default_Ignorable_Code_Point`, such as U+200B ZERO WIDTH SPACE, U+FEFF
    /// or tag characters): two addresses that look the same can differ (RFC 6532 §3.1
    /// asks for care with such forms; needs the `idna` feature).
    InvisibleCharacter,
    /// A UTF-8 local part with a bidirectional formatting control (Unicode
    /// `Bidi_Control`, such as U+202E RIGHT-TO-LEFT OVERRIDE), which can make the
    /// address display as another one (needs the `idna` feature).
    BidiControl,
    /// A UTF-8 local part with a C1 control character (U+0080–U+009F): allowed by the
    /// RFC 6532 grammar, but never meant to be typed or shown.
    C1Control,
    /// A UTF-8 local part that is not in Unicode Normalization Form C: RFC 6532 §3.1 says
    /// it SHOULD be (needs the `idna` feature).
    LocalPartNotNfc,
    /// The domain was valid only after UTS #46 mapping (full-width letters, capitals,
    /// ideographic full stops: RFC 5895's advice), which
    /// [`ValidatedAddress::new`](crate::ValidatedAddress::new) applied; parsing never
    /// maps, so no parsed address carries this warning.
    DomainMapped,
    /// A UTF-8 local part with a character that looks like a space but is not U+0020
    /// (Unicode `White_Space`, such as U+00A0 NO-BREAK SPACE, U+2009 THIN SPACE, U+3000
    /// IDEOGRAPHIC SPACE, or the blank U+2800 BRAILLE PATTERN BLANK): allowed by the RFC
    /// 6532 §3.2 grammar as `UTF8-non-ascii`, but it reads as a space, which an unquoted
    /// local part cannot hold, so two addresses that look the same can differ. Often
    /// comes with copied and pasted text.
    SpaceLikeCharacter,
}

impl Warning {
    /// Every warning, in bit order.
    ///
    /// ```
    /// assert_eq!(rfc_email::Warning::ALL.len(), 17);
    /// ```
    pub const ALL: [Self; 17] = [
        Self::QuotedLocalPart,
        Self::AddressLiteral,
        Self::SpecialUseDomain,
        Self::ReservedHyphenLabel,
        Self::Erratum246Backslash,
        Self::Cfws,
        Self::ObsoleteLocalPart,
        Self::ObsoleteDomain,
        Self::ObsoleteText,
        Self::SingleLabelDomain,
        Self::GeneralDomainLiteral,
        Self::InvisibleCharacter,
        Self::BidiControl,
        Self::C1Control,
        Self::LocalPartNotNfc,
        Self::DomainMapped,
        Self::SpaceLikeCharacter,
    ];

    /// Stable machine-readable code, in `snake_case`.
    ///
    /// ```
    /// assert_eq!(rfc_email::Warning::Erratum246Backslash.code(), "erratum_246_backslash");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::QuotedLocalPart => "quoted_local_part",
            Self::AddressLiteral => "address_literal",
            Self::SpecialUseDomain => "special_use_domain",
            Self::ReservedHyphenLabel => "reserved_hyphen_label",
            Self::Erratum246Backslash => "erratum_246_backslash",
            Self::Cfws => "cfws",
            Self::ObsoleteLocalPart => "obsolete_local_part",
            Self::ObsoleteDomain => "obsolete_domain",
            Self::ObsoleteText => "obsolete_text",
            Self::SingleLabelDomain => "single_label_domain",
            Self::GeneralDomainLiteral => "general_domain_literal",
            Self::InvisibleCharacter => "invisible_character",
            Self::BidiControl => "bidi_control",
            Self::C1Control => "c1_control",
            Self::LocalPartNotNfc => "local_part_not_nfc",
            Self::DomainMapped => "domain_mapped",
            Self::SpaceLikeCharacter => "space_like_character",
        }
    }

    /// A message for a person (lowercase, no trailing period).
    ///
    /// ```
    /// assert!(rfc_email::Warning::AddressLiteral.message().contains("address literal"));
    /// ```
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Self::QuotedLocalPart => {
                "quoted local part: valid, but discouraged (RFC 3696 §3) and often mishandled"
            }
            Self::AddressLiteral => {
                "address literal instead of a domain name: discouraged (RFC 3696 §3, RFC 5321 §4.1.3)"
            }
            Self::SpecialUseDomain => {
                "special-use domain name, not deliverable (RFC 6761; also RFC 6762, RFC 7686, RFC 8375, RFC 9476)"
            }
            Self::ReservedHyphenLabel => {
                "label with `--` in positions 3-4 that is not an A-label (RFC 5891 §4.2.3.1)"
            }
            Self::Erratum246Backslash => {
                "backslash outside quotes: accepted as RFC 3696 §3 printed it, but invalid per erratum 246"
            }
            Self::Cfws => "comments or folding white space (RFC 5322 §3.2.2): not usable in SMTP",
            Self::ObsoleteLocalPart => "obsolete local part syntax (RFC 5322 §4.4)",
            Self::ObsoleteDomain => "obsolete domain syntax (RFC 5322 §4.4)",
            Self::ObsoleteText => {
                "obsolete characters: control characters or repeated folds (RFC 5322 §4.1)"
            }
            Self::SingleLabelDomain => {
                "single-label domain: not fully qualified (RFC 5321 §2.3.5, RFC 3696 §3)"
            }
            Self::GeneralDomainLiteral => {
                "domain literal that is not an IPv4 or IPv6 address literal (RFC 5321 §4.1.3)"
            }
            Self::InvisibleCharacter => {
                "local part with an invisible character (zero-width, U+FEFF, tag or other default-ignorable): it can look like another address"
            }
            Self::BidiControl => {
                "local part with a bidirectional control character (such as U+202E): it can display as another address"
            }
            Self::C1Control => "local part with a C1 control character (U+0080-U+009F)",
            Self::LocalPartNotNfc => {
                "local part not in Unicode Normalization Form C (RFC 6532 §3.1: SHOULD be NFC)"
            }
            Self::DomainMapped => {
                "domain valid only after mapping (UTS #46: case, full-width forms): store the mapped form"
            }
            Self::SpaceLikeCharacter => {
                "local part with a character that looks like a space (such as U+00A0 NO-BREAK SPACE): it can look like another address"
            }
        }
    }

    const fn bit(self) -> u32 {
        1 << (self as u8)
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

name_text::flag_set! {
    /// A set of [`Warning`]s (a bitset: `Copy`, no allocation).
    ///
    /// ```
    /// use rfc_email::{Warning, Warnings};
    /// let mut set = Warnings::default();
    /// assert!(set.is_empty());
    /// set.insert(Warning::Cfws);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [Warning::Cfws]);
    /// ```
    pub struct Warnings(u32) of Warning;
    example rfc_email, QuotedLocalPart, Cfws;
}
