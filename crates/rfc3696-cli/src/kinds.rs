//! The tasks: each subcommand's work on one value, calling the libraries through the
//! `rfc3696` facade. This is the only module that knows the library APIs.

use std::borrow::Cow;

use rfc3696::domain::{self as ldh, Domain};
use rfc3696::email::{self as mail, DomainForm, DomainPart, EmailAddress};
use rfc3696::punycode;
use rfc3696::uri::{self as uris, HttpUrl, Mailto, MailtoBuilder, MailtoPolicy, Uri, UriRef};

use crate::args::{BuildArgs, Kind, Profile};
use crate::library_flags::LibraryFlags;
use crate::report::{Components, Report};
use crate::stream::Task;
use crate::terminal::Escaped;

/// Adds every warning of each set to the report `r`, in order. A macro, as the sets are of
/// different library types whose `code` and `message` are inherent methods.
macro_rules! warn_each {
    ($r:ident, $($warnings:expr),+) => {
        $(
            for w in $warnings.iter() {
                $r.warn(w.code(), w.message());
            }
        )+
    };
}

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
    /// `--idna`: how U-labels and A-labels are judged on every kind.
    pub idna: ldh::IdnaMode,
    /// The library options given as flags.
    pub library: LibraryFlags,
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
        let lib = self.library;
        match kind {
            // `detect` never returns `Auto`; the arm keeps the match total.
            Kind::Domain | Kind::Auto | Kind::Hostname | Kind::Dns => {
                let policy = match kind {
                    Kind::Hostname => ldh::Policy::HOSTNAME,
                    Kind::Dns => ldh::Policy::DNS,
                    _ => ldh::Policy::FQDN,
                };
                domain(
                    value,
                    name,
                    lib.domain_policy(policy.with_idna_mode(self.idna)),
                )
            }
            Kind::Email => email(
                value,
                name,
                &email_policy(self.profile).with_idna_mode(self.idna),
            ),
            Kind::Uri => uri(
                value,
                name,
                Uri::parse_with(value, &lib.parse_options()).map(|u| *u.as_uri_ref()),
            ),
            Kind::UriRef => uri(value, name, UriRef::parse_with(value, &lib.parse_options())),
            Kind::Http => http(value, name, lib.http_policy().with_idna_mode(self.idna)),
            Kind::Mailto => mailto(value, name, self.idna),
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

    /// RFC 3492 on the whole value (no `xn--` prefix, no label splitting: that is `idna`).
    fn run<'a>(&self, value: &'a str) -> Report<'a> {
        let result = match self {
            Punycode::Encode => punycode::encode_to_string(value),
            Punycode::Decode => punycode::decode_to_string(value),
        };
        conversion_report(value, self.kind(), result, |e| (e.code(), e.offset()))
    }
}

/// `rfc3696 idna to-ascii` / `to-unicode`.
#[derive(Debug)]
pub enum Idna {
    /// To A-labels, judged by the mode.
    ToAscii(ldh::IdnaMode),
    /// To U-labels, judged by the mode.
    ToUnicode(ldh::IdnaMode),
}

impl Task for Idna {
    fn kind(&self) -> &'static str {
        match self {
            Idna::ToAscii(_) => "idna-to-ascii",
            Idna::ToUnicode(_) => "idna-to-unicode",
        }
    }

    /// UTS #46 mapping, then validity by the mode (ldh-domain `to_ascii_with`/`to_unicode_with`).
    fn run<'a>(&self, value: &'a str) -> Report<'a> {
        let result = match *self {
            Idna::ToAscii(mode) => ldh::to_ascii_with(value, mode).map(Cow::into_owned),
            Idna::ToUnicode(mode) => ldh::to_unicode_with(value, mode).map(Cow::into_owned),
        };
        let mut r = conversion_report(value, self.kind(), result, |e| (e.code(), e.offset()));
        // Say when the Unicode form would not be shown by the display policy.
        if r.valid && matches!(self, Idna::ToUnicode(_)) {
            crate::idn_display::warn_spoofing(&mut r, value, ldh::Policy::DNS);
        }
        r
    }
}

/// The report of a conversion (`punycode`, `idna`): its output, or its error located by
/// `locate` (each library's error has its own `code()` and `offset()`).
fn conversion_report<'a, E: std::fmt::Display>(
    value: &'a str,
    kind: &'static str,
    result: Result<String, E>,
    locate: fn(&E) -> (&'static str, usize),
) -> Report<'a> {
    match result {
        Ok(output) => {
            let mut r = Report::valid(value, kind);
            r.output = Some(output.into());
            r.conversion = true;
            r
        }
        Err(e) => {
            let (code, offset) = locate(&e);
            Report::invalid(value, kind, code, offset, e)
        }
    }
}

/// `rfc3696 resolve --base BASE`.
#[derive(Debug)]
pub struct Resolve {
    /// The base URI, checked by [`Resolve::new`].
    base: String,
}

impl Resolve {
    /// Checks the base: it must be an absolute URI (RFC 3986 §5.1; a fragment is
    /// allowed and ignored, §5.2.1).
    pub fn new(base: &str) -> Result<Self, String> {
        match Uri::parse(base) {
            Ok(_) => Ok(Resolve {
                base: base.to_owned(),
            }),
            Err(e) => Err(format!(
                "\"{}\" is not an absolute URI: {e} [{} at byte {}]",
                Escaped(base),
                e.code(),
                e.offset()
            )),
        }
    }
}

impl Task for Resolve {
    fn kind(&self) -> &'static str {
        "resolve"
    }

    /// RFC 3986 §5.2: strict resolution (a reference with the base's scheme keeps it).
    fn run<'a>(&self, value: &'a str) -> Report<'a> {
        let kind = self.kind();
        // Parsing the base again per value costs far less than resolving; it keeps the
        // task free of a self-referential borrow.
        let base = match Uri::parse(&self.base) {
            Ok(base) => base,
            Err(e) => return Report::invalid(value, kind, e.code(), 0, e),
        };
        match UriRef::parse(value) {
            Ok(reference) => {
                let mut r = Report::valid(value, kind);
                r.output = Some(uris::resolve(&base, &reference).into());
                r.conversion = true;
                r
            }
            Err(e) => Report::invalid(value, kind, e.code(), e.offset(), e),
        }
    }
}

/// The rfc-email preset for a `--profile`.
pub(crate) const fn email_policy(profile: Profile) -> mail::Policy {
    match profile {
        Profile::Rfc5321 => mail::Policy::RFC5321,
        Profile::Smtputf8 => mail::Policy::SMTPUTF8,
        Profile::Rfc5322 => mail::Policy::RFC5322,
        Profile::Html5 => mail::Policy::HTML5,
        Profile::Rfc3696 => mail::Policy::RFC3696_PUBLISHED,
    }
}

/// `domain`, `hostname`, `dns`: ldh-domain with the kind's policy. `output` and `ascii`
/// are the A-label form (lower case: what goes on the wire), `unicode` the U-label form.
fn domain<'a>(value: &'a str, kind: &'static str, policy: ldh::Policy) -> Report<'a> {
    domain_with(value, kind, policy, true)
}

/// For a value that is its own normal, A-label and U-label form: all three are the value
/// itself, borrowed (the JSON writer then copies the input's literal).
fn same_forms<'a>(r: &mut Report<'a>, value: &'a str) {
    r.output = Some(Cow::Borrowed(value));
    r.ascii = Some(Cow::Borrowed(value));
    r.unicode = Some(Cow::Borrowed(value));
}

/// [`domain`], with the plain-name shortcut on or off.
fn domain_with<'a>(
    value: &'a str,
    kind: &'static str,
    policy: ldh::Policy,
    shortcut: bool,
) -> Report<'a> {
    let name = match Domain::parse_with(value, &policy) {
        Ok(name) => name,
        Err(e) => return Report::invalid(value, kind, e.code(), e.offset(), e),
    };
    let mut r = Report::valid(value, kind);
    for w in name.warnings().iter() {
        // The special-use warning says which name and RFC when the library knows.
        match (w, name.special_use()) {
            (ldh::Warning::SpecialUseDomain, Some(special)) => r.warn(w.code(), special.message()),
            _ => r.warn(w.code(), w.message()),
        }
    }
    // A name already in its A-label and U-label form (ASCII, lower case, no A-label),
    // as most are: the conversions are skipped (the unit tests below compare both paths
    // over the vendored corpora).
    if shortcut && name.is_canonical_ascii() {
        same_forms(&mut r, value);
        return r;
    }
    match name.to_ascii() {
        Ok(ascii) => {
            r.output = Some(ascii.clone());
            r.ascii = Some(ascii);
        }
        Err(e) => r.fail(e.code(), e.offset(), e),
    }
    match name.to_unicode() {
        Ok(unicode) => r.unicode = Some(unicode),
        Err(e) => r.fail(e.code(), e.offset(), e),
    }
    r.clear_details_if_invalid();
    // Only names with an IDN label can spoof: their two forms differ.
    if r.valid && r.unicode != r.ascii {
        crate::idn_display::warn_spoofing(&mut r, value, policy);
    }
    r
}

/// `email`: rfc-email with the profile's policy. `output` is the normalized address
/// (needless quotes removed, domain lower-cased, A-labels); `ascii`/`unicode` the
/// address with its domain in A-label/U-label form (the local part as written). An
/// address with a non-ASCII local part has no ASCII form: no `ascii` field.
fn email<'a>(value: &'a str, kind: &'static str, policy: &mail::Policy) -> Report<'a> {
    email_with(value, kind, policy, true)
}

/// The message for an address warning: for a special-use domain the one that names the
/// name and its RFC (`onion` is RFC 7686, `home.arpa` RFC 8375), else the generic one.
fn email_warning_message(w: mail::Warning, addr: &EmailAddress<'_>) -> &'static str {
    if w == mail::Warning::SpecialUseDomain
        && let DomainPart::Name(domain) = addr.domain()
        && let Some(special) = domain.special_use()
    {
        return special.message();
    }
    w.message()
}

/// [`email`], with the plain-address shortcut on or off.
fn email_with<'a>(
    value: &'a str,
    kind: &'static str,
    policy: &mail::Policy,
    shortcut: bool,
) -> Report<'a> {
    let addr = match EmailAddress::parse_with(value, policy) {
        Ok(addr) => addr,
        Err(e) => {
            let mut r = Report::invalid(value, kind, e.code(), e.offset(), e);
            if let (Some(issue), Some(fix)) =
                (r.errors.last_mut(), e.suggestion_with(value, policy))
            {
                issue.suggestion = Some(fix.to_string());
            }
            return r;
        }
    };
    let mut r = Report::valid(value, kind);
    for w in addr.warnings().iter() {
        r.warn(w.code(), email_warning_message(w, &addr));
    }
    // A plain address (ASCII, no A-label) has no IDN label to judge: no spoofing
    // warnings, known without asking (the unit tests below compare both paths).
    let plain = shortcut && addr.is_canonical_ascii();
    if !plain {
        crate::idn_display::warn_email_spoofing(&mut r, &addr);
    }
    if plain {
        same_forms(&mut r, value);
        return r;
    }
    r.output = Some(addr.normalize(DomainForm::Ascii).into());
    r.ascii = addr.to_ascii().ok();
    match addr.to_unicode() {
        Ok(unicode) => r.unicode = Some(unicode),
        Err(e) => r.fail(e.code(), e.offset(), e),
    }
    r.clear_details_if_invalid();
    r
}

/// The parts of a parsed reference, `None` where absent (RFC 3986 §5.3 keeps an empty
/// query or fragment apart from a missing one, and so does this).
fn components(u: &UriRef<'_>) -> Components {
    Components {
        scheme: u.scheme().map(str::to_owned),
        userinfo: u.userinfo().map(str::to_owned),
        host: u.host().map(|h| h.as_str().to_owned()),
        port: u.port_str().map(str::to_owned),
        path: u.path().to_owned(),
        query: u.query().map(str::to_owned),
        fragment: u.fragment().map(str::to_owned),
    }
}

/// `uri` (absolute) and `uri-ref`: RFC 3986 generic syntax; `output` is the
/// syntax-based normal form (§6.2.2).
fn uri<'a>(
    value: &'a str,
    kind: &'static str,
    parsed: Result<UriRef<'a>, uris::UriError>,
) -> Report<'a> {
    match parsed {
        Ok(u) => {
            let mut r = Report::valid(value, kind);
            r.output = Some(u.normalize().into());
            r.components = Some(Box::new(components(&u)));
            r
        }
        Err(e) => Report::invalid(value, kind, e.code(), e.offset(), e),
    }
}

/// `http`: an http or https URL under the library's strict policy (userinfo is an
/// error, RFC 9110 §4.2.4; ASCII only, RFC 3986).
fn http<'a>(value: &'a str, kind: &'static str, policy: uris::HttpPolicy) -> Report<'a> {
    match HttpUrl::parse_with(value, &policy) {
        Ok(url) => {
            let mut r = Report::valid(value, kind);
            // The URL's own warnings, then the host name check's: they hold for the URL.
            warn_each!(r, url.warnings(), url.host_warnings());
            crate::idn_display::warn_http_spoofing(&mut r, &url);
            let u = url.as_uri().as_uri_ref();
            r.output = Some(u.normalize().into());
            r.components = Some(Box::new(components(u)));
            r
        }
        Err(e) => Report::invalid(value, kind, e.code(), e.offset(), e),
    }
}

/// `mailto`: RFC 6068, every address checked by rfc-email; `to` and `hfields` decoded;
/// `output` the RFC 3986 §6.2.2 normal form.
fn mailto<'a>(value: &'a str, kind: &'static str, idna: ldh::IdnaMode) -> Report<'a> {
    match Mailto::parse_with(value, &MailtoPolicy::DEFAULT.with_idna_mode(idna)) {
        Ok(m) => {
            let mut r = Report::valid(value, kind);
            // The URI's own warnings, then what rfc-email said of the addresses: they hold
            // for the URI.
            warn_each!(r, m.warnings(), m.address_warnings());
            // A mailto URI is a URI: its normal form is the generic one (RFC 3986
            // §6.2.2: case of scheme and triplets, unreserved characters decoded).
            r.output = Some(
                UriRef::parse(value)
                    .map_or_else(|_| m.to_string(), |u| u.normalize())
                    .into(),
            );
            r.to = Some(m.to());
            crate::idn_display::warn_mailto_spoofing(&mut r, &m);
            r.hfields = Some(m.hfields());
            r
        }
        Err(e) => Report::invalid(value, kind, e.code(), e.offset(), e),
    }
}

/// `rfc3696 mailto build`: the encoded URI (RFC 6068 §2, §5) in `output`, with `to` and
/// `hfields` read back from it. On an error, `input` is the offending argument and the
/// offset points into it.
pub fn build_mailto(args: &BuildArgs) -> Report<'static> {
    const KIND: &str = "mailto-build";
    let mut builder = MailtoBuilder::new();
    for a in &args.to {
        builder = builder.to(a);
    }
    for a in &args.cc {
        builder = builder.cc(a);
    }
    for a in &args.bcc {
        builder = builder.bcc(a);
    }
    if let Some(s) = &args.subject {
        builder = builder.subject(s);
    }
    for (name, value) in &args.header {
        builder = builder.header(name, value);
    }
    // The body last: RFC 6068 §6 examples put it there, and some clients stop at it.
    if let Some(b) = &args.body {
        builder = builder.body(b);
    }
    builder = builder.allow_header_line_breaks(args.allow_header_line_breaks);
    match builder.build() {
        Ok(uri) => {
            let mut r = Report::valid("", KIND);
            match Mailto::parse(&uri) {
                Ok(m) => {
                    r.to = Some(m.to());
                    r.hfields = Some(m.hfields());
                    warn_each!(r, m.warnings(), m.address_warnings());
                }
                // The builder's output must parse; if it ever does not, say so.
                Err(e) => r.fail(
                    e.code(),
                    e.offset(),
                    format_args!("built URI does not parse: {e}"),
                ),
            }
            r.input = uri.clone().into();
            r.output = Some(uri.into());
            r
        }
        // The builder names the argument at fault and the offset in it; the message says
        // which recipient or header field it is.
        Err(e) => Report::invalid(e.argument().to_owned(), KIND, e.code(), e.offset(), e),
    }
}

#[cfg(test)]
mod tests {
    //! The shortcuts of `domain` and `email` must give exactly what the conversions give.

    use super::*;

    fn corpus(name: &str) -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/corpus/");
        std::fs::read_to_string(format!("{path}{name}")).unwrap()
    }

    /// Everything the command writes for a result: its JSON line and its text.
    fn forms(r: &Report<'_>) -> (String, String) {
        let (mut json, mut text) = (Vec::new(), Vec::new());
        r.write_json(&mut json);
        r.write_text(&mut text, crate::terminal::Style::new(false));
        (
            String::from_utf8(json).unwrap(),
            String::from_utf8(text).unwrap(),
        )
    }

    /// Every line of the corpus `file` and of `extra`, under each of `policies`: `forms`
    /// with the shortcut gives what it gives without. Returns how many times `taken` says
    /// the shortcut applied.
    fn shortcut_equals_conversions<P: Copy + std::fmt::Debug>(
        file: &str,
        extra: &[&str],
        policies: &[P],
        forms: impl Fn(&str, P, bool) -> (String, String),
        taken: impl Fn(&str, P) -> bool,
    ) -> usize {
        let text = corpus(file);
        let mut shortcuts = 0;
        for line in text.split('\n').chain(extra.iter().copied()) {
            for &policy in policies {
                let (fast, slow) = (forms(line, policy, true), forms(line, policy, false));
                assert_eq!(fast, slow, "{line:?} {policy:?}");
                shortcuts += usize::from(taken(line, policy));
            }
        }
        shortcuts
    }

    #[test]
    fn domain_shortcut_equals_conversions() {
        let shortcuts = shortcut_equals_conversions(
            "domains.txt",
            &[
                "example.com.",
                "a.b",
                "xn--bcher-kva.example",
                "_dmarc.example.com",
                "x",
            ],
            &[ldh::Policy::FQDN, ldh::Policy::HOSTNAME, ldh::Policy::DNS],
            |line, policy, shortcut| forms(&domain_with(line, "domain", policy, shortcut)),
            |line, policy| Domain::parse_with(line, &policy).is_ok_and(|d| d.is_canonical_ascii()),
        );
        assert!(
            shortcuts > 10_000,
            "the shortcut is taken for most names: {shortcuts}"
        );
    }

    #[test]
    fn email_shortcut_equals_conversions() {
        let shortcuts = shortcut_equals_conversions(
            "emails.txt",
            &[
                "a@b.example.",
                "A@B.example",
                "a(c)@b.example",
                "a @b.example",
                "\"a\"@b.example",
            ],
            &[
                mail::Policy::RFC5321,
                mail::Policy::SMTPUTF8,
                mail::Policy::RFC5322,
                mail::Policy::HTML5,
                mail::Policy::RFC3696_PUBLISHED,
            ],
            |line, policy, shortcut| forms(&email_with(line, "email", &policy, shortcut)),
            |line, policy| {
                EmailAddress::parse_with(line, &policy).is_ok_and(|a| a.is_canonical_ascii())
            },
        );
        assert!(
            shortcuts > 50_000,
            "the shortcut is taken for most addresses: {shortcuts}"
        );
    }

    /// Real results: every line of the email, domain, URL and mailto corpora checked as
    /// `check --kind auto` does (errors, warnings, components, `to`, `hfields`), plus
    /// lines that are not UTF-8, which the command reports through `from_utf8_lossy`:
    /// the JSON writer gives the bytes of `serde_json` over the `Serialize` derive.
    #[test]
    fn corpus_results_json_equals_serde_json() {
        let task = Check {
            kind: Kind::Auto,
            profile: Profile::Rfc5321,
            idna: ldh::IdnaMode::Registration,
            library: LibraryFlags::default(),
        };
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/corpus/");
        let mut lines: Vec<Vec<u8>> = ["emails.txt", "domains.txt", "urls.txt", "mailto.txt"]
            .iter()
            .flat_map(|name| {
                let text = std::fs::read(format!("{path}{name}")).expect("corpus file");
                text.split(|&b| b == b'\n')
                    .map(<[u8]>::to_vec)
                    .collect::<Vec<_>>()
            })
            .collect();
        lines.extend([
            b"a\xFF@example.com".to_vec(),
            b"\xE2\x80@example.com".to_vec(),
            b"\xED\xA0\x80.example".to_vec(),
            b"\"q\\\x01\"@example.com".to_vec(),
        ]);
        for raw in &lines {
            for json_input in [false, true] {
                let r = crate::stream::one(&task, raw, json_input);
                let mut direct = Vec::new();
                r.write_json(&mut direct);
                let mut reference = serde_json::to_vec(&r).expect("a report serializes");
                crate::report::json::escape_json_line_separators(&mut reference, 0);
                reference.push(b'\n');
                assert_eq!(direct, reference, "{:?}", String::from_utf8_lossy(raw));
            }
        }
    }
}
