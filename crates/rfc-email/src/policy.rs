//! [`Policy`]: which grammar, character set and limits an address is checked against.
//! The five presets are described, with their sources, in `docs/profiles.md`.

/// The grammar an address is parsed with.
///
/// ```
/// use rfc_email::{Policy, Syntax};
/// assert_eq!(Policy::RFC5322.syntax(), Syntax::Message);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Syntax {
    /// RFC 5321 §4.1.2 `Mailbox`: `Dot-string` or `Quoted-string`, then a `Domain` (under
    /// `ldh-domain`'s `FQDN` policy) or an `address-literal` (§4.1.3).
    Smtp,
    /// RFC 5322 §3.4.1 `addr-spec` with CFWS and the §4.4 obsolete forms, for parsing
    /// message headers.
    Message,
    /// The WHATWG HTML "valid email address" (`input type=email`).
    Html5,
}

/// Which characters may appear beyond ASCII.
///
/// ```
/// use rfc_email::{Charset, Policy};
/// assert_eq!(Policy::SMTPUTF8.charset(), Charset::Utf8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Charset {
    /// ASCII only.
    Ascii,
    /// UTF-8 in `atext`, `qtext` (and, for [`Syntax::Message`], `ctext` and `dtext`):
    /// RFC 6531 §3.3 and RFC 6532 §3.2. Non-ASCII domain labels must be U-labels.
    Utf8,
}

/// Where a backslash may quote a character.
///
/// ```
/// use rfc_email::{Backslash, Policy};
/// assert_eq!(Policy::RFC3696_PUBLISHED.backslash(), Backslash::Anywhere);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backslash {
    /// Only inside a quoted string (RFC 5321, RFC 5322, RFC 3696 erratum 246).
    InQuotes,
    /// Also in an unquoted local part, as RFC 3696 §3 printed it
    /// (`Abc\@def@example.com`); each use adds
    /// [`Warning::Erratum246Backslash`](crate::Warning::Erratum246Backslash).
    Anywhere,
}

/// The rules an address is checked against: a grammar, a character set, quoting and
/// length limits. Use one of the presets, optionally adjusted by the `const` builder
/// methods, so a policy can live in a `static`.
///
/// ```
/// use rfc_email::{EmailAddress, Policy};
/// static LEGACY: Policy = Policy::RFC5321.with_max_address_len(Some(320));
/// let long = format!("{}@{}com", "a".repeat(64), "b.".repeat(120));
/// assert!(EmailAddress::parse_with(&long, &LEGACY).is_ok());
/// assert!(EmailAddress::parse(&long).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Policy {
    syntax: Syntax,
    charset: Charset,
    backslash: Backslash,
    max_local_len: Option<u16>,
    max_domain_len: Option<u16>,
    max_address_len: Option<u16>,
    max_comment_depth: u8,
    idna_mode: ldh_domain::IdnaMode,
}

/// The default bound on comment nesting for [`Syntax::Message`] (RFC 5322 sets none;
/// a bound keeps hostile input cheap).
///
/// ```
/// assert_eq!(rfc_email::Policy::RFC5322.max_comment_depth(), rfc_email::DEFAULT_MAX_COMMENT_DEPTH);
/// ```
pub const DEFAULT_MAX_COMMENT_DEPTH: u8 = 16;

/// RFC 5321 §4.5.3.1.1: "The maximum total length of a user name or other local-part
/// is 64 octets."
///
/// ```
/// assert_eq!(rfc_email::MAX_LOCAL_PART_LEN, 64);
/// ```
pub const MAX_LOCAL_PART_LEN: u16 = 64;

/// RFC 5321 §4.5.3.1.2: "The maximum total length of a domain name or number is 255
/// octets."
///
/// ```
/// assert_eq!(rfc_email::MAX_DOMAIN_LEN, 255);
/// ```
pub const MAX_DOMAIN_LEN: u16 = 255;

/// RFC 5321 §4.5.3.1.3 allows 256 octets for a path including its angle brackets, so a
/// mailbox has at most 254 (RFC 3696 errata 1003 and 1690; RFC 3696 §3 printed 320).
///
/// ```
/// assert_eq!(rfc_email::MAX_ADDRESS_LEN, 254);
/// ```
pub const MAX_ADDRESS_LEN: u16 = 254;

impl Policy {
    /// What may be used as-is in `MAIL FROM`/`RCPT TO` (RFC 5321 §4.1.2, §4.1.3,
    /// §4.5.3.1): ASCII, `Dot-string` or `Quoted-string`, an FQDN or an IPv4/IPv6
    /// address literal, 64/255/254 octets. The default.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddress::parse_with("user+mailbox@example.com", &Policy::RFC5321).is_ok());
    /// assert_eq!(Policy::default(), Policy::RFC5321);
    /// ```
    pub const RFC5321: Self = Self {
        syntax: Syntax::Smtp,
        charset: Charset::Ascii,
        backslash: Backslash::InQuotes,
        max_local_len: Some(MAX_LOCAL_PART_LEN),
        max_domain_len: Some(MAX_DOMAIN_LEN),
        max_address_len: Some(MAX_ADDRESS_LEN),
        max_comment_depth: 0,
        idna_mode: ldh_domain::IdnaMode::Registration,
    };

    /// RFC 5321 extended by RFC 6531 §3.3: UTF-8 in `atext` and `qtextSMTP` (not in
    /// quoted pairs), U-label domains; the 254-octet limit holds as typed and with the
    /// domain in A-labels.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddress::parse_with("jos\u{e9}@example.com", &Policy::SMTPUTF8).is_ok());
    /// ```
    pub const SMTPUTF8: Self = Self {
        charset: Charset::Utf8,
        ..Self::RFC5321
    };

    /// RFC 5322 §3.4.1 `addr-spec` for message headers, with CFWS (nested comments up
    /// to [`DEFAULT_MAX_COMMENT_DEPTH`]), the §4.4 obsolete forms (reported as warnings),
    /// domain literals, and UTF-8 per RFC 6532. Only the 255-octet domain limit applies.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddress::parse_with("john.doe(comment)@example.com", &Policy::RFC5322)?;
    /// assert!(addr.warnings().contains(Warning::Cfws));
    /// # Ok::<(), EmailError>(())
    /// ```
    pub const RFC5322: Self = Self {
        syntax: Syntax::Message,
        charset: Charset::Utf8,
        backslash: Backslash::InQuotes,
        max_local_len: None,
        max_domain_len: Some(MAX_DOMAIN_LEN),
        max_address_len: None,
        max_comment_depth: DEFAULT_MAX_COMMENT_DEPTH,
        idna_mode: ldh_domain::IdnaMode::Registration,
    };

    /// The WHATWG HTML "valid email address" used by `<input type=email>`: `1*( atext /
    /// "." ) "@" label *( "." label )`, labels of at most 63 letters, digits and hyphens
    /// not starting or ending with a hyphen; ASCII; no other limits.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddress::parse_with(".a..b.@localhost", &Policy::HTML5).is_ok());
    /// ```
    pub const HTML5: Self = Self {
        syntax: Syntax::Html5,
        charset: Charset::Ascii,
        backslash: Backslash::InQuotes,
        max_local_len: None,
        max_domain_len: None,
        max_address_len: None,
        max_comment_depth: 0,
        idna_mode: ldh_domain::IdnaMode::Registration,
    };

    /// RFC 3696 §3 as printed, for legacy data: [`RFC5321`](Self::RFC5321) plus
    /// backslash quoting outside quotes ([`Backslash::Anywhere`]) and the 320-octet limit.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddress::parse_with(r"Abc\@def@example.com", &Policy::RFC3696_PUBLISHED)?;
    /// assert!(addr.warnings().contains(Warning::Erratum246Backslash));
    /// # Ok::<(), EmailError>(())
    /// ```
    pub const RFC3696_PUBLISHED: Self = Self {
        backslash: Backslash::Anywhere,
        max_address_len: Some(320),
        ..Self::RFC5321
    };

    /// This policy with another character set.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC5321.with_charset(Charset::Utf8), Policy::SMTPUTF8);
    /// ```
    #[must_use]
    pub const fn with_charset(self, charset: Charset) -> Self {
        Self { charset, ..self }
    }

    /// This policy with another IDNA mode for U-labels and A-labels of the domain (RFC
    /// 6531 §3.3 asks for IDNA 2008 U-labels: [`IdnaMode::Registration`](ldh_domain::IdnaMode::Registration),
    /// the default of every profile).
    ///
    /// ```
    /// # use rfc_email::*;
    /// use ldh_domain::IdnaMode;
    /// # if cfg!(feature = "idna") {
    /// assert!(EmailAddress::parse_with("a@\u{2603}.net", &Policy::SMTPUTF8).is_err());
    /// let browsers = Policy::SMTPUTF8.with_idna_mode(IdnaMode::Uts46);
    /// assert!(EmailAddress::parse_with("a@\u{2603}.net", &browsers).is_ok());
    /// # }
    /// ```
    #[must_use]
    pub const fn with_idna_mode(self, idna_mode: ldh_domain::IdnaMode) -> Self {
        Self { idna_mode, ..self }
    }

    /// How the domain's U-labels and A-labels are judged.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC5321.idna_mode(), ldh_domain::IdnaMode::Registration);
    /// ```
    #[must_use]
    pub const fn idna_mode(&self) -> ldh_domain::IdnaMode {
        self.idna_mode
    }

    /// This policy with another backslash rule (only [`Syntax::Smtp`] reads it).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let p = Policy::RFC5321.with_backslash(Backslash::Anywhere);
    /// assert!(EmailAddress::parse_with(r"a\ b@example.com", &p).is_ok());
    /// ```
    #[must_use]
    pub const fn with_backslash(self, backslash: Backslash) -> Self {
        Self { backslash, ..self }
    }

    /// This policy with another limit on the whole address in octets (`None`: no limit).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddress::parse_with("ab@example.com", &Policy::RFC5321.with_max_address_len(Some(10))).is_err());
    /// ```
    #[must_use]
    pub const fn with_max_address_len(self, max: Option<u16>) -> Self {
        Self {
            max_address_len: max,
            ..self
        }
    }

    /// This policy with another limit on the local part in octets (`None`: no limit).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddress::parse_with("abc@example.com", &Policy::RFC5321.with_max_local_len(Some(2))).is_err());
    /// ```
    #[must_use]
    pub const fn with_max_local_len(self, max: Option<u16>) -> Self {
        Self {
            max_local_len: max,
            ..self
        }
    }

    /// This policy with another bound on comment nesting ([`Syntax::Message`] only).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC5322.with_max_comment_depth(3).max_comment_depth(), 3);
    /// ```
    #[must_use]
    pub const fn with_max_comment_depth(self, depth: u8) -> Self {
        Self {
            max_comment_depth: depth,
            ..self
        }
    }

    /// The grammar.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::HTML5.syntax(), Syntax::Html5);
    /// ```
    #[must_use]
    pub const fn syntax(&self) -> Syntax {
        self.syntax
    }

    /// The character set.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC5321.charset(), Charset::Ascii);
    /// ```
    #[must_use]
    pub const fn charset(&self) -> Charset {
        self.charset
    }

    /// The backslash rule.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC5321.backslash(), Backslash::InQuotes);
    /// ```
    #[must_use]
    pub const fn backslash(&self) -> Backslash {
        self.backslash
    }

    /// The limit on the local part in octets, if any.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC5321.max_local_len(), Some(64));
    /// ```
    #[must_use]
    pub const fn max_local_len(&self) -> Option<u16> {
        self.max_local_len
    }

    /// The limit on the domain in octets, if any.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC5321.max_domain_len(), Some(255));
    /// ```
    #[must_use]
    pub const fn max_domain_len(&self) -> Option<u16> {
        self.max_domain_len
    }

    /// The limit on the whole address in octets, if any.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC3696_PUBLISHED.max_address_len(), Some(320));
    /// ```
    #[must_use]
    pub const fn max_address_len(&self) -> Option<u16> {
        self.max_address_len
    }

    /// The bound on comment nesting.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(Policy::RFC5322.max_comment_depth(), 16);
    /// ```
    #[must_use]
    pub const fn max_comment_depth(&self) -> u8 {
        self.max_comment_depth
    }
}

impl Default for Policy {
    fn default() -> Self {
        Self::RFC5321
    }
}
