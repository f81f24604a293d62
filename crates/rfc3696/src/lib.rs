//! Check and transform domain names, email addresses and URIs exactly as RFC 3696
//! ("Application Techniques for Checking and Transformation of Names", with its errata)
//! and the standards it cites say: no stricter, no looser, nothing guessed.
//!
//! RFC 3696 was written because home-made checks are usually wrong: "syntax tests are
//! often performed incorrectly and … tests for top-level domain names are applied using
//! obsolete lists and conventions" (§1). They refuse `user+tag@example.com` or a
//! `.museum` domain, accept `user@localhost`, or "repair" a URL into a different one. This
//! crate is a guide to that RFC, section by section, and a door to the six crates that
//! implement it. It holds no logic of its own: every module below is a re-export.
//!
//! | module | crate | what | RFC 3696 |
//! |---|---|---|---|
//! | [`punycode`] | `punycode-core` | RFC 3492 Punycode, `no_std`, no allocation | §5 |
//! | [`domain`] | `ldh-domain` | host names, DNS names, IDNA A-labels and U-labels | §2, §5 |
//! | [`email`] | `rfc-email` | email addresses, five profiles | §3 |
//! | [`uri`] | `uri-schemes` | RFC 3986 URIs, http(s) URLs, `mailto` | §4 |
//! | `spoof` (feature `spoof`) | `idn-spoof` | UTS #39 lookalike checks and the IDN display decision | §5 |
//! | `dns` (feature `dns`) | `email-dns` | does the domain accept mail: MX, implicit MX, null MX over DNS | §3 |
//!
//! **Every module is also a standalone crate.** If you need only domain names, depend
//! on `ldh-domain` directly; `rfc3696::domain::Domain` and `ldh_domain::Domain` are the
//! same type. The dependency direction is one way:
//! `punycode-core ← ldh-domain ← rfc-email ← uri-schemes ← rfc3696`.
//!
//! The pages of the re-exported modules and their items are the crates' own pages, so
//! their examples name the standalone crate (`use rfc_email::EmailAddress;`). In an
//! application that depends on this facade, write the module path instead
//! (`use rfc3696::email::EmailAddress;`): the crate names map one to one, `ldh_domain`
//! to [`domain`], `rfc_email` to [`email`], `uri_schemes` to [`uri`], `punycode_core`
//! to [`punycode`], `idn_spoof` to `spoof` and `email_dns` to `dns`.
//!
//! # Common tasks
//!
//! Every parsed type has one shape: `parse(&str)` under its default policy,
//! `parse_with(&str, &policy)`, `parse_bytes(&[u8], &policy)`, `into_owned()` to a
//! `…Buf` type with the same accessors (for storing), `Display` and `FromStr`, and
//! serde with the `serde` feature. The policies are [`domain::Policy`],
//! [`email::Policy`], [`uri::UriPolicy`], [`uri::HttpPolicy`] and [`uri::MailtoPolicy`].
//!
//! **Validate a form field** and **show the error** to the person who typed it:
//!
//! ```
//! # #[cfg(feature = "email")] {
//! use rfc3696::email::{EmailAddress, Policy};
//!
//! let field = "jane@localhost";
//! let err = EmailAddress::parse_with(field, &Policy::SMTPUTF8).unwrap_err();
//! assert_eq!(err.code(), "not_fully_qualified"); // stable, for your own message
//! let column = field[..err.offset()].chars().count(); // `offset` is in bytes
//! println!("{field}\n{:>width$}^ {err}", "", width = column);
//! # }
//! ```
//!
//! **Store an address**: one call gives the form to store and compare, the ASCII form
//! when one exists, whether SMTPUTF8 is needed, and the warnings. The local part keeps
//! its case (RFC 5321 §2.4) and is put in NFC (RFC 6532 §3.1); a domain valid only after
//! UTS #46 mapping (full-width letters) is stored mapped, with a warning.
//!
//! ```
//! # #[cfg(all(feature = "email", feature = "idna"))] {
//! use rfc3696::email::{Policy, ValidatedAddress, Warning};
//!
//! let stored = ValidatedAddress::new("Ann@\u{FF25}\u{FF38}\u{FF21}\u{FF2D}\u{FF30}\u{FF2C}\u{FF25}.com", &Policy::SMTPUTF8)?;
//! assert_eq!(stored.normalized(), "Ann@example.com");
//! assert_eq!(stored.ascii(), Some("Ann@example.com"));
//! assert!(!stored.requires_smtputf8());
//! assert!(stored.warnings().contains(Warning::DomainMapped));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Compare** values: names ignoring ASCII case (RFC 4343), addresses with the local
//! part as written and the domain ignoring case, URIs as written (RFC 3986 §6.2.1),
//! origins by RFC 6454. Each type's page says how, and `Hash`/`Ord` agree with `Eq`.
//!
//! **Convert an IDN** between U-labels and A-labels:
//!
//! ```
//! # #[cfg(all(feature = "domain", feature = "idna"))] {
//! assert_eq!(rfc3696::domain::to_ascii("Bücher.example")?, "xn--bcher-kva.example");
//! assert_eq!(rfc3696::domain::to_unicode("xn--bcher-kva.example")?, "bücher.example");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Take a name or a URL as people type it**: parsing judges the text as written, so
//! `Bücher.example` is an error there (RFC 5892 §2.2: no capitals in U-labels); the
//! `from_user_input` constructors map it first (UTS #46 §4.1, RFC 5895) and then check
//! it:
//!
//! ```
//! # #[cfg(all(feature = "domain", feature = "uri", feature = "idna"))] {
//! use rfc3696::domain::{DomainBuf, Policy};
//! use rfc3696::uri::{HttpPolicy, HttpUrlBuf};
//! assert_eq!(DomainBuf::from_user_input("Bücher.example", &Policy::FQDN)?.as_str(), "bücher.example");
//! let url = HttpUrlBuf::from_user_input("http://Bücher.example/", &HttpPolicy::STRICT)?;
//! assert_eq!(url.as_str(), "http://bücher.example/");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Check a URL** and keep it:
//!
//! ```
//! # #[cfg(all(feature = "uri", feature = "alloc"))] {
//! use rfc3696::uri::{HttpUrl, HttpUrlBuf};
//!
//! let url = HttpUrl::parse("https://Example.com:8443/a?b")?;
//! assert_eq!((url.port(), url.path()), (Some(8443), "/a"));
//! assert_eq!(url.origin().to_string(), "https://example.com:8443");
//! let kept: HttpUrlBuf = url.into_owned();
//! assert_eq!(kept.host().as_str(), "Example.com");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Build a mailto link**, encoded as RFC 6068 asks:
//!
//! ```
//! # #[cfg(all(feature = "uri", feature = "alloc"))] {
//! let link = rfc3696::uri::MailtoBuilder::new().to("sales@example.com").subject("Hi there").build()?;
//! assert_eq!(link, "mailto:sales@example.com?subject=Hi%20there");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Use serde**: borrowed types are fields of a `#[derive(Deserialize)]` struct; owned
//! types deserialize under the default policy, or under the one named by a
//! `serde_policy` module (`domain::serde_policy`, `email::serde_policy`,
//! `uri::serde_policy`), so that a value round-trips under the profile it was checked
//! with.
//!
//! ```
//! # #[cfg(all(feature = "serde", feature = "uri", feature = "idna"))] {
//! use rfc3696::domain::DomainBuf;
//! use rfc3696::email::EmailAddressBuf;
//! use rfc3696::uri::HttpUrlBuf;
//!
//! #[derive(serde::Serialize, serde::Deserialize)]
//! struct Account {
//!     #[serde(with = "rfc3696::email::serde_policy::smtputf8")]
//!     email: EmailAddressBuf,
//!     #[serde(with = "rfc3696::domain::serde_policy::dns")]
//!     dmarc: DomainBuf,
//!     homepage: HttpUrlBuf,
//! }
//! let json = r#"{"email":"jürgen@bücher.example","dmarc":"_dmarc.bücher.example","homepage":"https://example.com/"}"#;
//! let account: Account = serde_json::from_str(json)?;
//! assert_eq!(serde_json::to_string(&account)?, json);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Contents
//!
//! - [Common tasks](#common-tasks)
//! - [§2 Domain names](#2-domain-names)
//! - [§3 Email addresses](#3-email-addresses) (errata 246, 1003, 1690; the 3563/4002 dispute)
//! - [§4.1 URIs](#41-uris), [§4.2 http](#42-http-and-https-urls),
//!   [§4.3 mailto](#43-mailto-urls-and-the-corrected-table-1),
//!   [§4.4 no guessing](#44-nothing-is-guessed-or-completed)
//! - [§5 Internationalization](#5-internationalization)
//! - [§7 Security](#7-security)
//! - [Diagnostics](#diagnostics), [Crate features](#crate-features), [MSRV](#minimum-supported-rust-version)
//!
//! # §2 Domain names
//!
//! RFC 3696 §2: a name in an application is a sequence of labels separated by dots;
//! host-name labels are letters, digits and hyphens (LDH, RFC 1123 §2.1 allows a digit
//! first), no hyphen at either end, 1–63 octets, the whole name at most 255 octets on
//! the wire (253 in text without the root dot); a trailing root dot must be accepted;
//! names used in applications must be fully qualified (at least one dot); and the only
//! rule about the top-level domain is that it is not all-numeric. Anything else (a list
//! of "valid" TLDs, "TLDs have 2–4 letters") goes stale: RFC 3696 §2 says so.
//!
//! Call [`domain::Domain::parse`] with a [`domain::Policy`]: `FQDN` (RFC 3696 §2, mail
//! domains), `HOSTNAME` (a single label allowed: `localhost` in URLs) or `DNS` (RFC 2181
//! §11: any octet but the dot, for `_dmarc.example.com` and SRV names).
//!
//! ```
//! # #[cfg(feature = "domain")] {
//! use rfc3696::domain::{Domain, DomainErrorKind, Policy};
//!
//! let name = Domain::parse_with("www.example.aero.", &Policy::FQDN)?;
//! assert!(name.is_absolute()); // the root dot is accepted (RFC 3696 §2)
//! assert_eq!(name.tld().as_str(), "aero"); // no TLD list was consulted
//!
//! // Digit-first labels are fine (RFC 1123 §2.1); an all-numeric TLD is not.
//! assert!(Domain::parse_with("3com.com", &Policy::FQDN).is_ok());
//! let err = Domain::parse_with("example.123", &Policy::FQDN).unwrap_err();
//! assert_eq!((err.kind(), err.offset()), (DomainErrorKind::NumericTld, 8));
//!
//! // Applications want fully qualified names; URL hosts may be single labels.
//! assert_eq!(
//!     Domain::parse_with("localhost", &Policy::FQDN).unwrap_err().code(),
//!     "not_fully_qualified"
//! );
//! assert!(Domain::parse_with("localhost", &Policy::HOSTNAME).is_ok());
//!
//! // The DNS itself allows underscores (RFC 2181 §11); host names do not.
//! assert!(Domain::parse_with("_dmarc.example.com", &Policy::DNS).is_ok());
//! assert_eq!(
//!     Domain::parse_with("_dmarc.example.com", &Policy::HOSTNAME).unwrap_err().code(),
//!     "invalid_character"
//! );
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What `domain` does **not** do: it does not look names up or tell whether a TLD is
//! delegated (the optional `iana-tlds` feature gives `is_known_tld` as a dated *hint*,
//! never used by a check); it does not accept IP addresses as names (`192.0.2.1` is
//! `numeric_tld`; see [`domain::ip`]); it does not parse RFC 1035 `\DDD` escapes.
//!
//! # §3 Email addresses
//!
//! RFC 3696 §3 describes the local part (`atext`, letters, digits and ``!#$%&'*+-/=?^_`{|}~``; dots
//! not first, last or doubled, anything else in a quoted string), the domain (a fully
//! qualified name as in §2, or an address literal) and the lengths. The normative
//! grammar today is RFC 5321 §4.1.2 for addresses that will be used to send mail, and
//! RFC 5322 §3.4.1 for message headers. Call [`email::EmailAddress::parse`] (profile
//! [`email::Policy::RFC5321`]) or [`email::EmailAddress::parse_with`] with another
//! profile; `docs/profiles.md` compares them.
//!
//! **What the errata changed.**
//!
//! - **Erratum 246** (Verified, by the author): the printed examples `Abc\@def@example.com`,
//!   `Fred\ Bloggs@example.com` and `Joe.\\Blow@example.com` are wrong; a backslash
//!   quotes a character only *inside* a quoted string: `"Abc\@def"@example.com`. We
//!   follow it: a backslash outside quotes is `backslash_outside_quotes`, and
//!   [`email::EmailError::suggestion`] writes the corrected form.
//! - **Errata 1003 and 1690** (Verified): the printed total of 320 octets (64 + 1 + 255)
//!   is wrong. RFC 5321 §4.5.3.1.3 limits a path to 256 octets including `<` and `>`,
//!   so an address is at most **254** octets. Local part ≤ 64 and domain ≤ 255 octets
//!   stay.
//! - **The 3563/4002 dispute.** Erratum 3563 (also marked Verified) argues that the
//!   unquoted backslash forms are valid after all; erratum 4002 (Held for Document
//!   Update) says 3563 is itself wrong. The errata contradict each other, so we let the
//!   normative grammars decide: neither RFC 5321 `Dot-string` nor RFC 5322 `dot-atom`
//!   has a quoted pair outside a quoted string, so every profile but one follows
//!   erratum 246. [`email::Policy::RFC3696_PUBLISHED`] accepts the RFC as printed
//!   (backslash forms with the `erratum_246_backslash` warning, the 320 limit) for
//!   legacy data only.
//!
//! ```
//! # #[cfg(feature = "email")] {
//! use rfc3696::email::{EmailAddress, EmailErrorKind, Policy, Warning};
//!
//! // RFC 3696 §3: these are all valid, and home-made checks often reject them.
//! for ok in ["user+mailbox@example.com", "customer/department=shipping@example.com",
//!            "$A12345@example.com", "!def!xyz%abc@example.com", "_somename@example.com"] {
//!     assert!(EmailAddress::parse(ok).is_ok(), "{ok}");
//! }
//!
//! // Erratum 246: the backslash belongs inside quotes.
//! let input = r"Abc\@def@example.com";
//! let err = EmailAddress::parse(input).unwrap_err();
//! assert_eq!(err.kind(), EmailErrorKind::BackslashOutsideQuotes);
//! assert_eq!(err.suggestion(input).unwrap().to_string(), r#""Abc@def"@example.com"#);
//! let quoted = EmailAddress::parse(r#""Abc\@def"@example.com"#)?;
//! assert!(quoted.warnings().contains(Warning::QuotedLocalPart));
//!
//! // The RFC as printed, for legacy data only: accepted with a warning.
//! let legacy = EmailAddress::parse_with(input, &Policy::RFC3696_PUBLISHED)?;
//! assert!(legacy.warnings().contains(Warning::Erratum246Backslash));
//!
//! // Errata 1003/1690: 254 octets in all, not 320.
//! let long = format!("{}@{}.{}.{}.com", "a".repeat(64), "b".repeat(63), "c".repeat(63), "d".repeat(58));
//! assert_eq!(long.len(), 255);
//! assert_eq!(EmailAddress::parse(&long).unwrap_err().code(), "address_too_long");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! RFC 3696 §3 also says the domain must be fully qualified and discourages address
//! literals; we reject `user@localhost` under the SMTP profiles (RFC 5321 §2.3.5) and
//! accept `user@[192.0.2.1]` and `user@[IPv6:2001:db8::1]` with the `address_literal`
//! warning.
//!
//! What `email` does **not** do: it does not tell whether a mailbox exists or look up MX
//! records; it does not parse display names, groups or address lists; it never
//! interprets the local part (case, `+tag`, dots belong to the receiving host, RFC 5321
//! §2.4), so normalization keeps them.
//!
//! ## Does the domain accept mail?
//!
//! Syntax is half of it: `user@gmial.com` is a valid address no mail reaches. With the
//! `dns` feature, [`dns`] looks the domain up as a mail server would (RFC 5321 §5.1: MX
//! records, else the domain's own address; RFC 7505 null MX) and answers deliverable,
//! undeliverable or unknown. Unknown (a timeout, `SERVFAIL`) is never a reason to
//! reject an address: RFC 3696 §3 itself says only delivery proves one. Addresses are
//! read under the SMTPUTF8 profile and the domain looked up by its A-labels, so
//! `jürgen@bücher.example` is checked like any other:
//!
//! ```no_run
//! # #[cfg(feature = "dns")] {
//! use rfc3696::dns::{BlockingChecker, Nameservers, Options};
//! let checker = BlockingChecker::new(&Nameservers::System, Options::default())?;
//! println!("{}", checker.check_address("jürgen@bücher.example")?);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # §4.1 URIs
//!
//! RFC 3696 §4.1 (written against RFC 2396; today RFC 3986): a URI has a scheme, and
//! characters outside each component's set must be percent-encoded; `%` always starts
//! an escape. Call [`uri::Uri::parse`] (absolute URIs), [`uri::UriRef::parse`]
//! (references, relative ones too), and with `alloc` [`uri::resolve`] (§5.2) and
//! [`uri::UriRef::normalize`] (§6.2.2). Components keep *absent* apart from *empty*.
//!
//! ```
//! # #[cfg(all(feature = "uri", feature = "alloc"))] {
//! use rfc3696::uri::{Uri, UriRef, resolve};
//!
//! let uri = Uri::parse("http://example.com:8080/path?search#fragment")?;
//! assert_eq!((uri.scheme(), uri.port()), ("http", Some(8080)));
//! assert_eq!((uri.query(), uri.fragment()), (Some("search"), Some("fragment")));
//!
//! // Nothing is repaired: a raw space is an error at its byte.
//! let err = UriRef::parse("http://www.example.com/a b").unwrap_err();
//! assert_eq!((err.code(), err.offset()), ("invalid_character_in_path", 24));
//!
//! // RFC 3986 §5.4.1 reference resolution.
//! let base = Uri::parse("http://a/b/c/d;p?q")?;
//! assert_eq!(resolve(&base, &UriRef::parse("../g")?), "http://a/b/g");
//! assert_eq!(UriRef::parse("HTTP://Example.COM/%7euser")?.normalize(), "http://example.com/~user");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What `uri` does **not** do: no WHATWG-style "parsing" that repairs input
//! (backslashes, spaces, missing slashes); RFC 6874 zone IDs and RFC 3987 IRIs only as
//! opt-ins in [`uri::UriPolicy`]; no scheme-specific checks except http(s) and mailto.
//!
//! # §4.2 http and https URLs
//!
//! RFC 3696 §4.2 (today RFC 9110 §4.2): `http://host[:port]/path?query`, the host a
//! domain name as in §2 or an IP address. [`uri::HttpUrl::parse`] checks the URI, then
//! the host with `domain` (policy `HOSTNAME`, so `http://localhost/` is valid), the port
//! (≤ 65535) and refuses userinfo (RFC 9110 §4.2.4, see §7 below).
//!
//! ```
//! # #[cfg(feature = "uri")] {
//! use rfc3696::uri::HttpUrl;
//!
//! let url = HttpUrl::parse("https://www.example.com/a?b")?;
//! assert_eq!((url.is_https(), url.effective_port()), (true, 443));
//!
//! assert_eq!(HttpUrl::parse("https://example.com:99999/").unwrap_err().code(), "port_out_of_range");
//! assert_eq!(HttpUrl::parse("http://-bad-.example/").unwrap_err().code(), "leading_hyphen");
//! assert_eq!(HttpUrl::parse("http:///path").unwrap_err().code(), "empty_host");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # §4.3 mailto URLs and the corrected Table 1
//!
//! RFC 3696 §4.3 (written against RFC 2368; today RFC 6068): an address copied into a
//! `mailto:` URL must have its reserved and unsafe characters percent-encoded, and an
//! address read from one must be decoded before it is used as an address.
//! [`uri::Mailto::parse`] decodes and checks every address with `email`;
//! [`uri::MailtoBuilder`] (with `alloc`) encodes.
//!
//! RFC 3696's Table 1 has two mistakes; the corrected table (tested byte for byte in
//! `uri-schemes`, from `testdata/uri/rfc3696-mailto-table.tsv`) is:
//!
//! | address | mailto URL (built) | as printed | note |
//! |---|---|---|---|
//! | `Joe@example.com` | `mailto:Joe@example.com` | `mailto:joe@example.com` | the printed lower-case `j` changes the mailbox: local parts are case-sensitive |
//! | `user+mailbox@example.com` | `mailto:user%2Bmailbox@example.com` | same | encoding `+` is optional (RFC 6068 §5); we encode it so no reader turns it into a space |
//! | `customer/department=shipping@example.com` | `mailto:customer%2Fdepartment%3Dshipping@example.com` | `…%2Fdepartment=shipping…` | `=` must be encoded (RFC 3696 §4.3's own text, RFC 6068 §2) |
//! | `$A12345@example.com` | `mailto:$A12345@example.com` | same | |
//! | `!def!xyz%abc@example.com` | `mailto:!def!xyz%25abc@example.com` | same | `%` is always `%25` |
//! | `_somename@example.com` | `mailto:_somename@example.com` | same | |
//!
//! ```
//! # #[cfg(all(feature = "uri", feature = "alloc"))] {
//! use rfc3696::uri::{Mailto, MailtoBuilder};
//!
//! let url = MailtoBuilder::new().to("customer/department=shipping@example.com").build()?;
//! assert_eq!(url, "mailto:customer%2Fdepartment%3Dshipping@example.com");
//! let url = MailtoBuilder::new().to("Joe@example.com").subject("current issue").build()?;
//! assert_eq!(url, "mailto:Joe@example.com?subject=current%20issue");
//!
//! let m = Mailto::parse("mailto:!def!xyz%25abc@example.com?subject=hi")?;
//! assert_eq!(m.to(), ["!def!xyz%abc@example.com"]);
//! assert_eq!(m.subject().as_deref(), Some("hi"));
//!
//! // The printed row 3 leaves `=` raw inside the address: RFC 6068 §2 forbids it.
//! assert!(Mailto::parse("mailto:customer%2Fdepartment=shipping@example.com").is_err());
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # §4.4 Nothing is guessed or completed
//!
//! RFC 3696 §4.4 describes browsers that turn `microsoft` into
//! `http://www.microsoft.com/`, or try `example.aero.com` when they do not know `.aero`,
//! and concludes that completing names finds the wrong host. None of these crates
//! completes, guesses or repairs anything, and none has a helper that adds `www.`,
//! `.com` or `http://`: a value is checked as what it is, and an incomplete one gets an
//! error that says what is missing. (The `rfc3696` command's `--kind auto` chooses a
//! *checker* from the syntax — a scheme, an `@` or neither — and says which; it never
//! changes the value.)
//!
//! ```
//! # #[cfg(feature = "uri")] {
//! use rfc3696::domain::{Domain, Policy};
//! use rfc3696::uri::{HttpUrl, Uri};
//!
//! // `microsoft` is a single-label name: not a fully qualified domain, never www.microsoft.com.
//! assert_eq!(Domain::parse_with("microsoft", &Policy::FQDN).unwrap_err().code(), "not_fully_qualified");
//! // `www.example.com` is a name, not a URL: no scheme is invented.
//! assert_eq!(Uri::parse("www.example.com").unwrap_err().code(), "missing_scheme");
//! // A single-label host is taken as written.
//! assert_eq!(HttpUrl::parse("http://microsoft/")?.host().as_str(), "microsoft");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # §5 Internationalization
//!
//! RFC 3696 §5 (IDNA 2003 then; today IDNA 2008, RFC 5890–5893, with the UTS #46
//! mapping browsers use): a name in Unicode (*U-labels*, `bücher`) goes into the DNS as
//! *A-labels*, `xn--` followed by Punycode (RFC 3492): `xn--bcher-kva`. Length limits
//! apply to the A-label form. RFC 3696 §5 warns that shortcuts fail, so:
//!
//! - an `xn--` label must be a real A-label: its Punycode decodes, the result is not
//!   ASCII, re-encodes to exactly the label, and (feature `idna`) is a valid IDNA 2008
//!   U-label; otherwise `invalid_a_label`;
//! - other labels with `--` in positions 3–4 (`??--`, reserved LDH labels, RFC 5890
//!   §2.3.1) are accepted with the `reserved_hyphen_label` warning;
//! - U-labels are validated and converted by UTS #46 (non-transitional, with
//!   `CheckHyphens`, `CheckBidi`, `CheckJoiners`, `UseSTD3ASCIIRules`, `VerifyDnsLength`) through
//!   the `idna` crate: [`domain::to_ascii`], [`domain::to_unicode`],
//!   [`domain::Domain::to_ascii`]. Without the `idna` feature a U-label is an error
//!   (`idna_feature_disabled`), never half-checked.
//! - email: [`email::Policy::SMTPUTF8`] (RFC 6531) accepts UTF-8 local parts and
//!   U-label domains, and checks the 254 limit also with the domain in A-labels;
//!   [`email::EmailAddress::to_ascii`] gives the form for a relay without SMTPUTF8.
//! - [`punycode`] is the RFC 3492 codec alone, with no IDNA rules.
//! - a valid name can still imitate another (`аррӏе.com` in Cyrillic letters): with the
//!   `spoof` feature, `rfc3696::spoof::display` decides per label whether the U-label is
//!   safe to show (UTS #39, as careful browsers decide) and otherwise keeps the A-label
//!   and says why. The same rules are warnings, never errors, on every checked value:
//!   `spoof::domain_warnings` (names), `spoof::address_warnings` (the domain and the
//!   local part of an address), `spoof::http_warnings` (http(s) hosts) and
//!   `spoof::mailto_warnings` (every address of a mailto URI).
//!
//! ```
//! # #[cfg(all(feature = "spoof", feature = "uri", feature = "idna"))] {
//! use rfc3696::email::{EmailAddress, Policy as EmailPolicy};
//! use rfc3696::spoof::{DisplayPolicy, Part, address_warnings, http_warnings};
//!
//! // A Cyrillic о in the local part, a Cyrillic а in the domain: valid, with warnings.
//! let addr = EmailAddress::parse_with("jоhn@xn--pypal-4ve.com", &EmailPolicy::SMTPUTF8)?;
//! let found: Vec<_> = address_warnings(&addr, &DisplayPolicy::BROWSER)
//!     .map(|w| (w.part(), w.code(), w.label_index()))
//!     .collect();
//! assert_eq!(found, [(Part::Domain, "mixed_script", 0), (Part::LocalPart, "mixed_script", 0)]);
//!
//! let url = rfc3696::uri::HttpUrl::parse("https://www.xn--80ak6aa92e.com/")?; // аррӏе
//! let warning = http_warnings(&url, &DisplayPolicy::BROWSER).next().unwrap();
//! assert_eq!((warning.code(), warning.label_index()), ("confusable", 1));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! # #[cfg(all(feature = "email", feature = "idna"))] {
//! use rfc3696::domain::{Domain, LabelKind, Policy, Warning};
//! use rfc3696::email::{EmailAddress, Policy as EmailPolicy};
//!
//! assert_eq!(rfc3696::punycode::encode_to_string("bücher").unwrap(), "bcher-kva");
//! assert_eq!(rfc3696::domain::to_ascii("Bücher.example")?, "xn--bcher-kva.example");
//! assert_eq!(rfc3696::domain::to_unicode("xn--bcher-kva.example")?, "bücher.example");
//!
//! let d = Domain::parse_with("xn--bcher-kva.example", &Policy::FQDN)?;
//! assert_eq!(d.labels().next().map(|l| l.kind()), Some(LabelKind::ALabel));
//! // A fake A-label: `xn--a` decodes to U+0080, a control character.
//! assert_eq!(Domain::parse_with("xn--a.example", &Policy::FQDN).unwrap_err().code(), "invalid_a_label");
//! // `??--` labels are reserved, valid with a warning.
//! let r = Domain::parse_with("ab--cd.example", &Policy::FQDN)?;
//! assert!(r.warnings().contains(Warning::ReservedHyphenLabel));
//!
//! let addr = EmailAddress::parse_with("jürgen@bücher.example", &EmailPolicy::SMTPUTF8)?;
//! assert!(addr.requires_smtputf8());
//! assert_eq!(addr.to_unicode()?, "jürgen@bücher.example");
//! // A UTF-8 local part has no ASCII form; the domain has one.
//! assert_eq!(addr.to_ascii().unwrap_err().code(), "non_ascii");
//! assert!(EmailAddress::parse("jürgen@bücher.example").is_err()); // RFC5321 is ASCII
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What is **not** done here: confusable and mixed-script detection (UTS #39) is the
//! `spoof` feature's job (above), not a validity rule; no
//! IDNA 2003 transitional processing, no guessing of the script or the language.
//!
//! # §7 Security
//!
//! RFC 3696 §7: rejecting valid forms denies service to the user; guessing at an
//! incomplete value can find the wrong target, so "the optimum behavior is probably to
//! never guess" (see §4.4 above); characters that are special on a local system (such as
//! `` ` ``) are valid and must be escaped locally, not refused; and local checks never
//! replace the checks of the remote system. Nothing here escapes for a shell or a
//! database: that stays the application's job. The later standards add four concerns
//! the crates handle:
//!
//! - **Userinfo phishing** (RFC 3986 §7.6, semantic attacks).
//!   `http://www.bank.example@evil.example/` goes to `evil.example`. RFC 9110 §4.2.4 says recipients SHOULD treat userinfo in http(s)
//!   URIs as an error, and [`uri::HttpUrl::parse`] does; with
//!   [`uri::UserinfoPolicy::Warn`] it is accepted with the `userinfo_in_http_url`
//!   warning.
//! - **Header injection in mailto** (RFC 6068 §4 and §7). A `%0D%0A` in a header value could add headers to
//!   the message a mail client composes; [`uri::Mailto`] reports `header_injection`, and
//!   `unsafe_header_field` for the fields RFC 6068 §3 says to ignore (`From`,
//!   `Reply-To`, …).
//! - **Hostile input size.** Every parser is linear, iterative and bounded; none
//!   panics or allocates while validating (see each crate's "Input safety").
//! - **Lookalike names.** `pаypal.example` with a Cyrillic `а` is a valid IDN: looking
//!   alike is not a validity rule, so no check refuses it. With the `spoof` feature,
//!   `spoof::display` decides, label by label, whether a name may be shown in Unicode
//!   (UTS #39 and the rules careful browsers apply), and the same findings come as
//!   warnings (`mixed_script`, `confusable`, …) on names, addresses and URLs; show the
//!   A-label form where it says so.
//!
//! ```
//! # #[cfg(feature = "uri")] {
//! use rfc3696::uri::{HttpPolicy, HttpUrl, Mailto, UserinfoPolicy, Warning};
//!
//! let phish = "http://www.bank.example@evil.example/";
//! assert_eq!(HttpUrl::parse(phish).unwrap_err().code(), "userinfo_in_http_url");
//! let lenient = HttpPolicy::STRICT.with_userinfo(UserinfoPolicy::Warn);
//! let url = HttpUrl::parse_with(phish, &lenient)?;
//! assert_eq!(url.host().as_str(), "evil.example");
//! assert!(url.warnings().contains(Warning::UserinfoInHttpUrl));
//!
//! let m = Mailto::parse("mailto:a@example.com?subject=hi%0D%0ABcc:%20all@example.com")?;
//! assert!(m.warnings().contains(Warning::HeaderInjection));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Diagnostics
//!
//! Every crate reports errors the same way: a small `Copy` error
//! ([`punycode::PunycodeError`], [`domain::DomainError`], [`email::EmailError`],
//! [`uri::UriError`]) with a `#[non_exhaustive]` kind, the byte offset in *your* input
//! (upper crates rebase the offsets of lower ones), a stable `snake_case` `code()` and a
//! lowercase message that says what to do. Valid but notable forms are `Copy` bitsets
//! of warnings, each with a `code()`. Validation never allocates.
//!
//! ```
//! # #[cfg(feature = "email")] {
//! use rfc3696::email::EmailAddress;
//!
//! let err = EmailAddress::parse("user@exa mple.com").unwrap_err();
//! assert_eq!(err.offset(), 8); // the space
//! assert!(!err.code().is_empty() && !err.to_string().ends_with('.'));
//! # }
//! ```
//!
//! # Crate features
//!
//! | feature | default | gives |
//! |---|---|---|
//! | `std` | yes | `std` in every enabled crate (implies `alloc`) |
//! | `alloc` | via `std` | `String`-returning conversions: `to_ascii`/`to_unicode`, normalization, `resolve`, `MailtoBuilder`, owned types |
//! | `punycode` | yes | [`punycode`] (`punycode-core`) |
//! | `domain` | yes | [`domain`] (`ldh-domain`); implies `punycode` |
//! | `email` | yes | [`email`] (`rfc-email`); implies `domain` |
//! | `uri` | yes | [`uri`] (`uri-schemes`); implies `email` |
//! | `idna` | yes | U-labels by UTS #46 / IDNA 2008 through the `idna` crate (implies `alloc`) |
//! | `iana-tlds` | no | `domain::is_known_tld` and the dated IANA table (a hint; no check uses it) |
//! | `serde` | no | `Serialize`/`Deserialize` for the value types; deserializing validates |
//! | `spoof` | no | `spoof` (`idn-spoof`): UTS #39 checks and the IDN display decision; its checks need a global allocator to link (the ICU4X normalizer links `alloc`) |
//! | `full` | no | everything above |
//! | `dns` | no | [`dns`] (`email-dns`): does an address's domain accept mail (RFC 5321 §5.1 MX lookup, RFC 7505 null MX); brings `hickory-resolver` and `tokio`, so it is not part of `full` |
//!
//! With `default-features = false` and no `alloc`, every validation still works over
//! borrowed input (`#![no_std]`, no allocator); CI builds such a static library.
//!
//! # Minimum supported Rust version
//!
//! Rust **1.95**, the toolchain CI builds and tests with. The ICU4X 2.x crates behind
//! `idna` would allow 1.88, but no older toolchain is built, so none is claimed. Raising
//! the MSRV is a minor-version change, announced in `CHANGELOG.md`.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// The preamble every library crate shares; docs/boilerplate.md explains each line.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

#[cfg(feature = "punycode")]
#[cfg_attr(docsrs, doc(cfg(feature = "punycode")))]
#[doc(inline)]
pub use punycode_core as punycode;

#[cfg(feature = "domain")]
#[cfg_attr(docsrs, doc(cfg(feature = "domain")))]
#[doc(inline)]
pub use ldh_domain as domain;

#[cfg(feature = "email")]
#[cfg_attr(docsrs, doc(cfg(feature = "email")))]
#[doc(inline)]
pub use rfc_email as email;

/// Errors shown against their input (a caret under the offending character, columns
/// by UAX #11 width), for the errors of every module: `err.display_in(input)`.
///
/// ```
/// # #[cfg(feature = "email")] {
/// let input = "a..b@example.com";
/// let err = rfc3696::email::EmailAddress::parse(input).unwrap_err();
/// let report: rfc3696::report::Report<'_> = err.display_in(input);
/// assert!(report.to_string().starts_with("a..b@example.com\n  ^ consecutive_dots"));
/// # }
/// ```
#[cfg(feature = "domain")]
#[cfg_attr(docsrs, doc(cfg(feature = "domain")))]
pub use name_text::report;

#[cfg(feature = "spoof")]
#[cfg_attr(docsrs, doc(cfg(feature = "spoof")))]
#[doc(inline)]
pub use idn_spoof as spoof;

#[cfg(feature = "uri")]
#[cfg_attr(docsrs, doc(cfg(feature = "uri")))]
#[doc(inline)]
pub use uri_schemes as uri;

#[cfg(feature = "dns")]
#[cfg_attr(docsrs, doc(cfg(feature = "dns")))]
#[doc(inline)]
pub use email_dns as dns;

// The README's example runs as a doctest (it needs the default features).
#[cfg(all(doctest, feature = "uri", feature = "idna"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

// The workspace README's quick start runs as a doctest too, so it cannot drift from the
// API. `README-workspace.md` links to it, so the package carries it.
#[cfg(all(doctest, feature = "uri", feature = "idna"))]
#[doc = include_str!("../README-workspace.md")]
struct RootReadmeDoctests;
