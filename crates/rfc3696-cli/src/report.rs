//! One result per input value: the JSON schema of the contract, and its text rendering.

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::io::Write as _;

use serde::Serialize;

/// The result for one value. Serialized as one JSON object (design.md §4):
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
    pub components: Option<Components>,
    /// `mailto`: the decoded addresses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Vec<String>>,
    /// `mailto`: the decoded header fields, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hfields: Option<Vec<(String, String)>>,
    /// `check --deliverability`: does the domain accept mail (emails only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deliverability: Option<crate::deliver::DeliverabilityReport>,
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
    /// Human message (the libraries' messages are static: no allocation).
    pub message: &'static str,
}

/// URI components (RFC 3986 §3), each `null` when absent; every reference has a path
/// (possibly empty), so `path` is always a string.
#[derive(Debug, Default, Serialize)]
pub struct Components {
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
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
        self.errors.push(Issue {
            code,
            offset,
            message: message.to_string(),
            suggestion: None,
        });
    }

    /// Adds a warning.
    pub fn warn(&mut self, code: &'static str, message: &'static str) {
        self.warnings.push(Note { code, message });
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
            deliverability: self.deliverability,
            conversion: self.conversion,
        }
    }

    /// Appends the JSON object and a newline to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        // Serializing plain strings, numbers and vectors into a Vec cannot fail; should
        // serde_json ever report an error, say so in the stream rather than panic.
        if serde_json::to_writer(&mut *out, self).is_err() {
            out.extend_from_slice(br#"{"error":"cannot serialize result"}"#);
        }
        out.push(b'\n');
    }

    /// Appends the human-readable rendering to `out`.
    pub fn write_text(&self, out: &mut Vec<u8>, style: Style) {
        // Writing into a Vec<u8> cannot fail: the `let _ =` below drop an always-Ok result.
        let (mark, colour) = if self.valid {
            ("valid  ", style.green)
        } else {
            ("invalid", style.red)
        };
        let _ = writeln!(
            out,
            "{colour}{mark}{reset} {bold}{kind:<9}{reset} {value}",
            reset = style.reset,
            bold = style.bold,
            kind = self.kind,
            value = Escaped(&self.input),
        );
        for e in &self.errors {
            let width = caret_column(&self.input, e.offset);
            let _ = writeln!(out, "    {}", Escaped(&self.input));
            let _ = writeln!(
                out,
                "    {pad}{red}^ {msg}{reset} {dim}[{code} at byte {off}]{reset}",
                pad = " ".repeat(width),
                red = style.red,
                msg = e.message,
                reset = style.reset,
                dim = style.dim,
                code = e.code,
                off = e.offset,
            );
            if let Some(fix) = &e.suggestion {
                let _ = writeln!(
                    out,
                    "    {green}help:{reset} did you mean {fix}",
                    green = style.green,
                    reset = style.reset,
                    fix = Escaped(fix),
                );
            }
        }
        for w in &self.warnings {
            let _ = writeln!(
                out,
                "    {yellow}warning:{reset} {msg} {dim}[{code}]{reset}",
                yellow = style.yellow,
                reset = style.reset,
                dim = style.dim,
                msg = w.message,
                code = w.code,
            );
        }
        // Details, without repeating what is already on screen: the normalized form only
        // when it differs from the input (always for conversions), the A-/U-label forms
        // only when they add something.
        let mut field = |name: &str, value: &dyn fmt::Display| {
            let _ = writeln!(
                out,
                "    {dim}{name}:{reset} {value}",
                dim = style.dim,
                reset = style.reset,
            );
        };
        let input: &str = &self.input;
        let output = self.output.as_deref();
        if let Some(v) = output.filter(|v| self.conversion || *v != input) {
            field("output", &Escaped(v));
        }
        for (name, form) in [("ascii", &self.ascii), ("unicode", &self.unicode)] {
            if let Some(v) = form
                .as_deref()
                .filter(|v| *v != input && Some(*v) != output)
            {
                field(name, &Escaped(v));
            }
        }
        if let Some(c) = &self.components {
            let mut line = String::new();
            for (name, part) in [
                ("scheme", c.scheme.as_deref()),
                ("userinfo", c.userinfo.as_deref()),
                ("host", c.host.as_deref()),
                ("port", c.port.as_deref()),
                ("path", Some(c.path.as_str())),
                ("query", c.query.as_deref()),
                ("fragment", c.fragment.as_deref()),
            ] {
                match part {
                    Some("") => {
                        let _ = write!(line, " {name}=\"\"");
                    }
                    Some(p) => {
                        let _ = write!(line, " {name}={}", Escaped(p));
                    }
                    None => {}
                }
            }
            field("components", &line.trim_start());
        }
        if let Some(to) = &self.to {
            field("to", &Escaped(&to.join(", ")));
        }
        for (n, v) in self.hfields.iter().flatten() {
            field("header", &format_args!("{}: {}", Escaped(n), Escaped(v)));
        }
        if let Some(d) = &self.deliverability {
            d.write_text(out, style);
        }
    }
}

/// ANSI escapes for text output; all empty when colour is off.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub red: &'static str,
    pub green: &'static str,
    pub yellow: &'static str,
    pub bold: &'static str,
    pub dim: &'static str,
    pub reset: &'static str,
}

impl Style {
    /// Colours on or off.
    pub const fn new(colour: bool) -> Self {
        if colour {
            Style {
                red: "\x1b[31m",
                green: "\x1b[32m",
                yellow: "\x1b[33m",
                bold: "\x1b[1m",
                dim: "\x1b[2m",
                reset: "\x1b[0m",
            }
        } else {
            Style {
                red: "",
                green: "",
                yellow: "",
                bold: "",
                dim: "",
                reset: "",
            }
        }
    }
}

/// Displays a value so that it cannot disturb the terminal: control characters (C0, DEL,
/// C1) are shown as Rust-style escapes (`\t`, `\u{7f}`); everything else as is.
pub struct Escaped<'s>(pub &'s str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        if !s.chars().any(char::is_control) {
            return f.write_str(s);
        }
        for c in s.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// Terminal column of the byte at `offset` in `input` as [`Escaped`] displays it, so that
/// the caret lands under the offending character. Offsets count bytes; columns count
/// characters (wide ones twice). An offset inside a character points at that character;
/// one at or past the end points just after the value ("something is missing here").
pub fn caret_column(input: &str, offset: usize) -> usize {
    input
        .char_indices()
        .take_while(|&(i, c)| i + c.len_utf8() <= offset)
        .map(|(_, c)| char_width(c))
        .sum()
}

/// Columns one character takes: escapes for controls, 0 for combining marks, 2 for East
/// Asian wide characters, else 1. An approximation of UAX #11 that covers the common
/// scripts without a table crate.
fn char_width(c: char) -> usize {
    if c.is_control() {
        return c.escape_default().count();
    }
    let u = u32::from(c);
    match u {
        0x0300..=0x036F | 0x200B..=0x200F | 0xFE00..=0xFE0F | 0x20D0..=0x20FF => 0,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    }
}
