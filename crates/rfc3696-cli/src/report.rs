//! One result per input value: the JSON schema of the contract, and its text rendering.

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::io::Write as _;

use serde::Serialize;

// An explicit path: the fuzz crate compiles this file by path too, and a path-loaded
// file looks for its child modules next to itself rather than in `report/`.
#[path = "report/json.rs"]
mod json;

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

    /// Appends the JSON object and a newline to `out`.
    /// The bytes are those of `serde_json` over the `Serialize` derive with U+2028 and
    /// U+2029 escaped, written directly (the fixed shape makes that much faster).
    pub fn write_json(&self, out: &mut Vec<u8>) {
        json::write_report(self, out);
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
            let report = rfc3696::report::Report::new(&self.input, e.offset, e.code, &e.message)
                .with_escape(needs_escape);
            let width = report.column();
            let _ = writeln!(out, "    {}", report.input_line());
            let _ = writeln!(
                out,
                "    {pad}{red}^ {msg}{reset} {dim}[{code} at byte {off}]{reset}",
                pad = " ".repeat(width),
                red = style.red,
                msg = Shown(&e.message),
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
                msg = Shown(&w.message),
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
        if let Some(safe) = self.display_safe {
            let decision = if safe {
                "shown in Unicode"
            } else {
                "unsafe labels shown as A-labels (see the warnings)"
            };
            field("display", &decision);
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

/// The warnings of `report`, one line each, on standard error (for `mailto build`,
/// whose standard output is the bare URI).
pub fn write_warnings_to_stderr(report: &Report<'_>, style: Style) -> std::io::Result<()> {
    let mut err = std::io::stderr().lock();
    for w in &report.warnings {
        writeln!(
            err,
            "rfc3696: {yellow}warning:{reset} {msg} {dim}[{code}]{reset}",
            yellow = style.yellow,
            reset = style.reset,
            dim = style.dim,
            msg = Shown(&w.message),
            code = w.code,
        )?;
    }
    Ok(())
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

/// Displays a value so that it cannot disturb the terminal nor hide what it holds, as
/// the library's error renderer ([`rfc3696::report`]) shows inputs, with one addition: a
/// literal backslash is shown as `\\`, so that a typed `\u{0}` and a real NUL look
/// different. The characters of [`rfc3696::report::shown_escaped`] (controls, format
/// characters such as bidirectional controls and zero-width characters, private-use and
/// unassigned code points, white space but the space, blank-looking fillers) are shown
/// as Rust-style escapes (`\t`, `\u{202e}`).
pub struct Escaped<'s>(pub &'s str);

/// Whether `c` is shown escaped (see [`Escaped`]).
pub fn needs_escape(c: char) -> bool {
    c == '\\' || rfc3696::report::shown_escaped(c)
}

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&rfc3696::report::InputLine::new(self.0, needs_escape), f)
    }
}

/// Displays a message (a library's, or the tool's own) safely on a terminal: the
/// characters of [`rfc3696::report::shown_escaped`] as escapes, and nothing else
/// changed. Messages quote their input already escaped by that same function (the
/// libraries do it, and the tool quotes values through [`Escaped`]), so a backslash in a
/// message is left alone: it starts one of those escapes, or is the library's own text.
/// What is left raw in a message (a label a library quoted as it was) is escaped here,
/// so that no message can carry a control sequence to the terminal.
pub struct Shown<'s>(pub &'s str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(
            &rfc3696::report::InputLine::new(self.0, rfc3696::report::shown_escaped),
            f,
        )
    }
}

/// Clap's text for a usage error, safe on a terminal: [`escape_lines`], except that an
/// argument holding a line feed (one of `arguments`, or its part after `=`) is shown
/// whole by [`Escaped`], so that its line feeds cannot pass for clap's own lines.
pub fn escape_usage_error(text: &str, arguments: &[String]) -> String {
    let multiline: Vec<&str> = arguments
        .iter()
        .flat_map(|a| [Some(a.as_str()), a.split_once('=').map(|(_, v)| v)])
        .flatten()
        .filter(|a| a.contains('\n'))
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    // The earliest argument in what is left, the longest at one place.
    while let Some((at, argument)) = multiline
        .iter()
        .filter_map(|a| rest.find(a).map(|at| (at, *a)))
        .min_by_key(|&(at, a)| (at, usize::MAX - a.len()))
    {
        let (before, after) = rest.split_at(at);
        out.push_str(&escape_lines(before));
        let _ = write!(out, "{}", Escaped(argument));
        rest = after.get(argument.len()..).unwrap_or_default();
    }
    out.push_str(&escape_lines(rest));
    out
}

/// Text of several lines made by another crate around values it quotes as they are
/// (clap's usage errors echo the offending argument), safe on a terminal: every
/// character but the line feeds shown by the rule of [`Escaped`]. Clap's own words hold
/// no backslash, and the tool's value parsers put values in raw, to be escaped once,
/// here.
pub fn escape_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let _ = write!(out, "{}", Escaped(line));
    }
    out
}

/// Escapes U+2028 and U+2029 in the JSON appended to `out` from `start` on: JSON allows
/// them raw, but JavaScript before ES2019 and many log viewers take them as line ends.
/// Both only occur inside strings there, where `\u2028` means the same.
#[cfg_attr(
    not(test),
    allow(
        dead_code,
        reason = "results are written by `json`, which escapes them itself; this stays as \
                  the reference its tests (and the fuzz properties) compare with"
    )
)]
pub fn escape_json_line_separators(out: &mut Vec<u8>, start: usize) {
    const LS: &[u8] = "\u{2028}".as_bytes();
    const PS: &[u8] = "\u{2029}".as_bytes();
    let tail = out.get(start..).unwrap_or_default();
    if !tail.windows(3).any(|w| w == LS || w == PS) {
        return;
    }
    let mut fixed = Vec::with_capacity(tail.len() + 8);
    let mut i = 0;
    while let Some(rest) = tail.get(i..).filter(|r| !r.is_empty()) {
        if rest.starts_with(LS) {
            fixed.extend_from_slice(b"\\u2028");
            i += 3;
        } else if rest.starts_with(PS) {
            fixed.extend_from_slice(b"\\u2029");
            i += 3;
        } else {
            fixed.extend_from_slice(rest.get(..1).unwrap_or_default());
            i += 1;
        }
    }
    out.truncate(start);
    out.extend_from_slice(&fixed);
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

impl DeliverabilityReport {
    /// The text lines under a result.
    pub fn write_text(&self, out: &mut Vec<u8>, style: Style) {
        use std::io::Write as _;
        let colour = match self.status {
            "deliverable" => style.green,
            "undeliverable" => style.red,
            _ => style.yellow,
        };
        let detail = match (&self.reason, self.code) {
            (Some(reason), Some(code)) => {
                format!("{} {}[{code}]{}", Shown(reason), style.dim, style.reset)
            }
            _ => self
                .mail_hosts
                .iter()
                .map(|(preference, host)| format!("{preference} {}", Escaped(host)))
                .collect::<Vec<_>>()
                .join(", "),
        };
        let _ = writeln!(
            out,
            "    {dim}deliverability:{reset} {colour}{status}{reset} {detail}",
            dim = style.dim,
            reset = style.reset,
            status = self.status,
        );
        for w in &self.warnings {
            let _ = writeln!(
                out,
                "    {yellow}dns warning:{reset} {host}: {msg} {dim}[{code}]{reset}",
                yellow = style.yellow,
                reset = style.reset,
                dim = style.dim,
                host = Escaped(&w.host),
                msg = Shown(w.message),
                code = w.code,
            );
        }
    }
}
