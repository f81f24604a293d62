//! `rfc3696 idna display`: the UTS #39 display decision for each name (U-labels where
//! safe, A-labels where not, with the reasons), and the same checks as warnings for
//! `check` and `idna to-unicode`.

use std::fs;
use std::io;
use std::path::Path;

use rfc3696::domain as ldh;
use rfc3696::email::EmailAddress;
use rfc3696::spoof::{self, DisplayPolicy, ProtectedNames};
use rfc3696::uri::{HttpUrl, Mailto};

use crate::report::Report;
use crate::stream::Task;

/// `rfc3696 idna display [--protect FILE]`.
#[derive(Debug)]
pub struct Display {
    /// The protected names of `--protect`, one per line, indexed by UTS #39 skeleton so
    /// that a label costs the same against a hundred names or a hundred thousand.
    protected: ProtectedNames<'static>,
}

impl Display {
    /// Reads the protected names from `path`: one name per line; blank lines and lines
    /// starting with `#` are skipped.
    pub fn new(path: Option<&Path>) -> io::Result<Self> {
        let Some(path) = path else {
            return Ok(Display {
                protected: ProtectedNames::new(&[]),
            });
        };
        let text = fs::read_to_string(path).map_err(|e| {
            // The path is shown escaped, like any value.
            let name = crate::terminal::Escaped(&path.to_string_lossy()).to_string();
            io::Error::new(e.kind(), format!("--protect {name}: {e}"))
        })?;
        // The list lives as long as the process: leaking it once lets the policy, which
        // borrows it, be shared by every worker thread without copying it per value.
        let text: &'static str = Box::leak(text.into_boxed_str());
        let names: Vec<&'static str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        Ok(Display {
            protected: ProtectedNames::new(Box::leak(names.into_boxed_slice())),
        })
    }
}

impl Task for Display {
    fn kind(&self) -> &'static str {
        "idna-display"
    }

    /// `output` is the name to show; `ascii`/`unicode` both forms; one warning per
    /// broken rule, with the label index.
    fn run<'a>(&self, value: &'a str) -> Report<'a> {
        let policy = DisplayPolicy::BROWSER
            .with_protected_names(&self.protected)
            .with_name_policy(ldh::Policy::HOSTNAME);
        match spoof::display(value, &policy) {
            Err(e) => Report::invalid(value, self.kind(), e.code(), e.offset(), e),
            Ok(shown) => {
                let mut r = Report::valid(value, self.kind());
                let ascii: Vec<&str> = shown
                    .labels()
                    .iter()
                    .map(spoof::DisplayLabel::ascii)
                    .collect();
                let unicode: Vec<&str> = shown
                    .labels()
                    .iter()
                    .map(spoof::DisplayLabel::unicode)
                    .collect();
                let root = if value.ends_with('.') { "." } else { "" };
                r.ascii = Some(format!("{}{root}", ascii.join(".")).into());
                r.unicode = Some(format!("{}{root}", unicode.join(".")).into());
                r.output = Some(shown.output().into());
                r.display_safe = Some(shown.is_display_safe());
                r.conversion = true;
                add_reasons(&mut r, &shown);
                r
            }
        }
    }
}

fn add_reasons(r: &mut Report<'_>, shown: &spoof::Display) {
    for reason in shown.reasons() {
        r.warn_label(reason.code(), reason.message.clone(), reason.label_index);
    }
}

/// Adds spoofing warnings to `r` (the value stays valid). One implementation for every
/// kind: the `*_warnings` functions of `idn-spoof`, which judge each IDN label by the
/// browser display policy.
fn add_warnings<'p>(
    r: &mut Report<'_>,
    warnings: impl IntoIterator<Item = spoof::SpoofWarning<'p>>,
) {
    for w in warnings {
        r.warn_label(w.code(), w.to_string(), w.label_index());
    }
}

/// The spoofing warnings of a domain name, for `check` on names and for `idna
/// to-unicode`. Names `policy` cannot parse get none (their own errors say enough).
pub fn warn_spoofing(r: &mut Report<'_>, name: &str, policy: ldh::Policy) {
    if let Ok(domain) = ldh::Domain::parse_with(name, &policy) {
        add_warnings(r, spoof::domain_warnings(&domain, &DisplayPolicy::BROWSER));
    }
}

/// The spoofing warnings of an email address: its domain, and each dot-separated part
/// of a non-ASCII local part (RFC 6532 local parts can mix scripts too).
pub fn warn_email_spoofing(r: &mut Report<'_>, addr: &EmailAddress<'_>) {
    add_warnings(r, spoof::address_warnings(addr, &DisplayPolicy::BROWSER));
}

/// The spoofing warnings of an http(s) URL's host.
pub fn warn_http_spoofing(r: &mut Report<'_>, url: &HttpUrl<'_>) {
    add_warnings(r, spoof::http_warnings(url, &DisplayPolicy::BROWSER));
}

/// The spoofing warnings of every address of a mailto URI (RFC 6068 addresses may be
/// SMTPUTF8).
pub fn warn_mailto_spoofing(r: &mut Report<'_>, mailto: &Mailto<'_>) {
    add_warnings(r, spoof::mailto_warnings(mailto, &DisplayPolicy::BROWSER));
}
