//! `rfc3696 idna display`: the UTS #39 display decision for each name (U-labels where
//! safe, A-labels where not, with the reasons), and the same checks as warnings for
//! `check` and `idna to-unicode`.

use std::fs;
use std::io;
use std::path::Path;

use rfc3696::domain as ldh;
use rfc3696::email::{DomainPart, EmailAddress};
use rfc3696::spoof::{self, DisplayPolicy, Rule};

use crate::report::Report;
use crate::stream::Task;

/// `rfc3696 idna display [--protect FILE]`.
#[derive(Debug)]
pub struct Display {
    /// The protected names of `--protect`, one per line.
    protected: &'static [&'static str],
}

impl Display {
    /// Reads the protected names from `path`: one name per line; blank lines and lines
    /// starting with `#` are skipped.
    pub fn new(path: Option<&Path>) -> io::Result<Self> {
        let Some(path) = path else {
            return Ok(Display { protected: &[] });
        };
        let text = fs::read_to_string(path)
            .map_err(|e| io::Error::new(e.kind(), format!("--protect {}: {e}", path.display())))?;
        // The list lives as long as the process: leaking it once lets the policy, which
        // borrows it, be shared by every worker thread without copying it per value.
        let text: &'static str = Box::leak(text.into_boxed_str());
        let names: Vec<&'static str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        Ok(Display {
            protected: Box::leak(names.into_boxed_slice()),
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
            .with_protected(self.protected)
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

/// Adds the display policy's findings on `name` to `r` as warnings (the name stays
/// valid): for `check` on domain names and for `idna to-unicode`. Names the policy
/// cannot parse get no spoofing warnings (their own errors say enough).
pub fn warn_spoofing(r: &mut Report<'_>, name: &str, policy: ldh::Policy) {
    let policy = DisplayPolicy::BROWSER.with_name_policy(policy);
    if let Ok(shown) = spoof::display(name, &policy) {
        add_reasons(r, &shown);
    }
}

/// The spoofing warnings of an email address: its domain as for `check` on names, and
/// each dot-separated part of a non-ASCII local part (RFC 6532 local parts can mix
/// scripts too). Restricted characters and whole-script lookalikes are not judged in
/// local parts: `+` and `_` are not identifier characters, and there is no TLD to
/// compare scripts with.
pub fn warn_email_spoofing(r: &mut Report<'_>, addr: &EmailAddress<'_>) {
    if let DomainPart::Name(domain) = addr.domain()
        && (!domain.is_ascii() || has_a_label(domain.as_str()))
    {
        warn_spoofing(r, domain.as_str(), ldh::Policy::DNS);
    }
    let local = addr.local_part();
    if local.is_ascii() {
        return;
    }
    let policy = DisplayPolicy::BROWSER
        .without(Rule::RestrictedCharacter)
        .without(Rule::WholeScriptConfusable);
    for (index, part) in local.trim_matches('"').split('.').enumerate() {
        let verdict = spoof::check_label(part, None, &policy);
        for reason in spoof::label_reasons(part, index, &verdict, &policy) {
            r.warn_label(
                reason.code(),
                format!(
                    "local part: {}",
                    reason.message.replace("; shown as its A-label", "")
                ),
                index,
            );
        }
    }
}

/// The spoofing warnings of an http(s) host: only names with an A-label can spoof (the
/// URL itself is ASCII).
pub fn warn_host_spoofing(r: &mut Report<'_>, host: &str) {
    if has_a_label(host) {
        warn_spoofing(r, host, ldh::Policy::DNS);
    }
}

/// The spoofing warnings of one decoded mailto address (RFC 6068 addresses may be
/// SMTPUTF8), parsed with the SMTPUTF8 profile; an address that does not parse gets
/// none (the mailto checks report it).
pub fn warn_address_spoofing(r: &mut Report<'_>, address: &str) {
    if let Ok(addr) = EmailAddress::parse_with(address, &rfc3696::email::Policy::SMTPUTF8) {
        warn_email_spoofing(r, &addr);
    }
}

/// True when some label of `name` starts with the ACE prefix `xn--` (any case), checked
/// without allocating: the common all-ASCII value costs one scan.
fn has_a_label(name: &str) -> bool {
    name.split('.').any(|label| {
        label
            .as_bytes()
            .get(..4)
            .is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"xn--"))
    })
}
