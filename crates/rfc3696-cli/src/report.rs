//! One result per input value: the JSON schema of the command's output, built by the
//! tasks; [`json`] writes it as JSON Lines, `text` for people.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use serde::Serialize;

pub mod json;
pub mod text;

/// Bytes reserved for an error message before it is formatted: most messages fit.
const MESSAGE_CAPACITY: usize = 160;

/// The result for one value. Serialized as one JSON object (the CLI contract in `docs/notes/cli.md`):
/// `input`, `kind`, `valid`, `errors`, `warnings` always; the optional fields only where
/// they apply, and only for valid values.
#[derive(Debug, Serialize)]
pub struct Report<'a> {
    /// The value exactly as given (after JSON decoding with `--json-input`).
    pub input: Cow<'a, str>,
    /// The kind the value was checked as (`auto` says which it chose).
    pub kind: &'static str,
    /// No error.
    pub valid: bool,
    /// Why the value is invalid; empty when valid.
    pub errors: Vec<Issue>,
    /// Valid but discouraged forms.
    pub warnings: Vec<Note>,
    /// The conversion result, or the normalized form for `check`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<Cow<'a, str>>,
    /// Names and emails with a domain: the A-label form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ascii: Option<Cow<'a, str>>,
    /// Names and emails with a domain: the U-label form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unicode: Option<Cow<'a, str>>,
    /// `uri`, `uri-ref`, `http`: the parts, `null` when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    /// (Boxed, as `deliverability`: most results have neither, and a smaller `Report`
    /// is cheaper to build, move and drop for every value.)
    pub components: Option<Box<Components>>,
    /// `mailto`: the decoded addresses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Vec<String>>,
    /// `mailto`: the decoded header fields, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hfields: Option<Vec<(String, String)>>,
    /// `idna display`: true when every label is shown in Unicode (or none is an IDN).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub display_safe: Option<bool>,
    /// `check --deliverability`: does the domain accept mail (emails only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deliverability: Option<Box<DeliverabilityReport>>,
    /// A conversion (`punycode`, `idna`, `resolve`): text output always shows `output`.
    #[serde(skip)]
    pub conversion: bool,
}

/// An error: stable code, byte offset into `input`, human message.
#[derive(Debug, Serialize)]
pub struct Issue {
    /// Stable `snake_case` code from the library (or the CLI's own: `invalid_json_input`,
    /// `invalid_utf8`).
    pub code: &'static str,
    /// Byte offset into `input` where the problem was found.
    pub offset: usize,
    /// Lowercase human message.
    pub message: String,
    /// The corrected value, where the fix is obvious (an extension of the contract:
    /// `Fred\ Bloggs@example.com` → `"Fred Bloggs"@example.com`, RFC 3696 erratum 246).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
}

/// A warning: stable code and message.
#[derive(Debug, Serialize)]
pub struct Note {
    /// Stable `snake_case` code.
    pub code: &'static str,
    /// Human message (the libraries' messages are static: no allocation; the spoofing
    /// warnings name the label they found).
    pub message: Cow<'static, str>,
    /// The label the warning is about (0 for the leftmost), where it is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<usize>,
}

/// URI components (RFC 3986 §3), each `null` when absent; every reference has a path
/// (possibly empty), so `path` is always a string.
#[derive(Debug, Default, Serialize)]
pub struct Components {
    /// `scheme` (§3.1).
    pub scheme: Option<String>,
    /// `userinfo` (§3.2.1).
    pub userinfo: Option<String>,
    /// `host` (§3.2.2).
    pub host: Option<String>,
    /// `port` (§3.2.3), as written.
    pub port: Option<String>,
    /// `path` (§3.3).
    pub path: String,
    /// `query` (§3.4).
    pub query: Option<String>,
    /// `fragment` (§3.5).
    pub fragment: Option<String>,
}

impl<'a> Report<'a> {
    /// A valid result with nothing else filled in.
    pub fn valid(input: &'a str, kind: &'static str) -> Self {
        Report {
            input: Cow::Borrowed(input),
            kind,
            valid: true,
            errors: Vec::new(),
            warnings: Vec::new(),
            output: None,
            ascii: None,
            unicode: None,
            components: None,
            to: None,
            hfields: None,
            display_safe: None,
            deliverability: None,
            conversion: false,
        }
    }

    /// An invalid result with one error.
    pub fn invalid(
        input: impl Into<Cow<'a, str>>,
        kind: &'static str,
        code: &'static str,
        offset: usize,
        message: impl fmt::Display,
    ) -> Self {
        let mut r = Report::valid("", kind);
        r.input = input.into();
        r.fail(code, offset, message);
        r
    }

    /// Adds an error and marks the result invalid.
    pub fn fail(&mut self, code: &'static str, offset: usize, message: impl fmt::Display) {
        self.valid = false;
        // Room for a typical message up front: `to_string` would grow the string piece
        // by piece as the message is formatted.
        let mut text = String::with_capacity(MESSAGE_CAPACITY);
        let _ = write!(text, "{message}");
        self.errors.push(Issue {
            code,
            offset,
            message: text,
            suggestion: None,
        });
    }

    /// Adds a warning.
    pub fn warn(&mut self, code: &'static str, message: &'static str) {
        self.warnings.push(Note {
            code,
            message: Cow::Borrowed(message),
            label: None,
        });
    }

    /// Adds a warning about one label, with a message made for it.
    pub fn warn_label(&mut self, code: &'static str, message: String, label: usize) {
        self.warnings.push(Note {
            code,
            message: Cow::Owned(message),
            label: Some(label),
        });
    }

    /// Drops the optional fields of a result that turned out invalid after they were
    /// filled (a conversion failed): they are only given for valid values.
    pub fn clear_details_if_invalid(&mut self) {
        if !self.valid {
            self.output = None;
            self.ascii = None;
            self.unicode = None;
            self.components = None;
            self.to = None;
            self.hfields = None;
            self.display_safe = None;
        }
    }

    /// The same result owning its input (for values decoded from JSON).
    pub fn into_owned(self) -> Report<'static> {
        Report {
            input: Cow::Owned(self.input.into_owned()),
            kind: self.kind,
            valid: self.valid,
            errors: self.errors,
            warnings: self.warnings,
            output: self.output.map(|v| Cow::Owned(v.into_owned())),
            ascii: self.ascii.map(|v| Cow::Owned(v.into_owned())),
            unicode: self.unicode.map(|v| Cow::Owned(v.into_owned())),
            components: self.components,
            to: self.to,
            hfields: self.hfields,
            display_safe: self.display_safe,
            deliverability: self.deliverability,
            conversion: self.conversion,
        }
    }
}

/// The `deliverability` object of a JSON result.
#[derive(Debug, Serialize)]
pub struct DeliverabilityReport {
    /// `deliverable`, `undeliverable` or `unknown`.
    pub status: &'static str,
    /// `[preference, host]`, most preferred first; empty unless deliverable.
    pub mail_hosts: Vec<(u16, String)>,
    /// Why undeliverable or unknown; `null` when deliverable.
    pub reason: Option<String>,
    /// Stable code of `reason`; `null` when deliverable.
    pub code: Option<&'static str>,
    /// Records that work but that the standards discourage.
    pub warnings: Vec<DnsNote>,
}

/// A DNS warning: code, where it was seen, message.
#[derive(Debug, Serialize)]
pub struct DnsNote {
    /// Stable `snake_case` code.
    pub code: &'static str,
    /// The host name it was seen at.
    pub host: String,
    /// Human message naming the rule.
    pub message: &'static str,
}
