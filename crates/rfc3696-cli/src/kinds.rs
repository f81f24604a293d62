//! The tasks: each subcommand's work on one value, calling the libraries through the
//! `rfc3696` facade. This is the only module that knows the library APIs.

use crate::cli::{Kind, Profile};
use crate::report::Report;
use crate::stream::Task;

/// The `kind` string reported for a `--kind`.
pub const fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Auto => "auto",
        Kind::Domain => "domain",
        Kind::Hostname => "hostname",
        Kind::Dns => "dns",
        Kind::Email => "email",
        Kind::Uri => "uri",
        Kind::UriRef => "uri-ref",
        Kind::Http => "http",
        Kind::Mailto => "mailto",
    }
}

/// What `--kind auto` takes a value for, from its syntax only (RFC 3696 §4.4: nothing is
/// completed or guessed beyond this):
/// - it starts with a scheme, `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` (RFC 3986
///   §3.1): `mailto` → mailto, `http`/`https` → http, any other → uri (absolute);
/// - else it contains `@` → email;
/// - else → domain (fully qualified; use `--kind hostname` for single labels).
pub fn detect(value: &str) -> Kind {
    if let Some((scheme, _)) = value.split_once(':') {
        let mut bytes = scheme.bytes();
        let first_alpha = bytes.next().is_some_and(|b| b.is_ascii_alphabetic());
        if first_alpha
            && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        {
            return if scheme.eq_ignore_ascii_case("mailto") {
                Kind::Mailto
            } else if scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https") {
                Kind::Http
            } else {
                Kind::Uri
            };
        }
    }
    if value.contains('@') {
        Kind::Email
    } else {
        Kind::Domain
    }
}

/// `rfc3696 check`.
#[derive(Debug)]
pub struct Check {
    /// `--kind`.
    pub kind: Kind,
    /// `--profile`.
    pub profile: Profile,
}

impl Task for Check {
    fn kind(&self) -> &'static str {
        kind_name(self.kind)
    }

    fn run<'a>(&self, value: &'a str) -> Report<'a> {
        let kind = match self.kind {
            Kind::Auto => detect(value),
            k => k,
        };
        let name = kind_name(kind);
        match kind {
            Kind::Domain | Kind::Hostname | Kind::Dns | Kind::Auto => {
                Report::not_available(value, name, "domain checking")
            }
            Kind::Email => Report::not_available(value, name, "email checking"),
            Kind::Uri | Kind::UriRef | Kind::Http => {
                Report::not_available(value, name, "URI checking")
            }
            Kind::Mailto => Report::not_available(value, name, "mailto checking"),
        }
    }
}

/// `rfc3696 punycode encode` / `decode`.
#[derive(Debug)]
pub enum Punycode {
    /// Unicode → Punycode.
    Encode,
    /// Punycode → Unicode.
    Decode,
}

impl Task for Punycode {
    fn kind(&self) -> &'static str {
        match self {
            Punycode::Encode => "punycode-encode",
            Punycode::Decode => "punycode-decode",
        }
    }

    fn run<'a>(&self, value: &'a str) -> Report<'a> {
        Report::not_available(value, self.kind(), "punycode")
    }
}

/// `rfc3696 idna to-ascii` / `to-unicode`.
#[derive(Debug)]
pub enum Idna {
    /// To A-labels.
    ToAscii,
    /// To U-labels.
    ToUnicode,
}

impl Task for Idna {
    fn kind(&self) -> &'static str {
        match self {
            Idna::ToAscii => "idna-to-ascii",
            Idna::ToUnicode => "idna-to-unicode",
        }
    }

    fn run<'a>(&self, value: &'a str) -> Report<'a> {
        Report::not_available(value, self.kind(), "IDNA conversion")
    }
}

/// `rfc3696 resolve --base BASE`.
#[derive(Debug)]
pub struct Resolve {
    /// The base URI as given (checked by [`Resolve::new`]).
    base: String,
}

impl Resolve {
    /// Checks the base: it must be an absolute URI (RFC 3986 §5.1).
    pub fn new(base: &str) -> Result<Self, String> {
        Ok(Resolve {
            base: base.to_owned(),
        })
    }
}

impl Task for Resolve {
    fn kind(&self) -> &'static str {
        "resolve"
    }

    fn run<'a>(&self, value: &'a str) -> Report<'a> {
        let _ = &self.base;
        Report::not_available(value, self.kind(), "URI resolution")
    }
}

/// `rfc3696 mailto build`: the URI, or the first error.
pub fn build_mailto(args: &crate::cli::BuildArgs) -> Report<'static> {
    let _ = args;
    Report::not_available("", "mailto-build", "mailto building")
}
