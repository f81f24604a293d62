//! What reaches a terminal: the colours of text output, and the escapes that keep values
//! and messages from disturbing the terminal or hiding what they hold.

use std::fmt::{self, Write as _};

/// ANSI escapes for text output; all empty when colour is off.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Errors and invalid verdicts.
    pub red: &'static str,
    /// Valid verdicts.
    pub green: &'static str,
    /// Warnings.
    pub yellow: &'static str,
    /// The kind and the summary.
    pub bold: &'static str,
    /// Codes, offsets and field names.
    pub dim: &'static str,
    /// Back to plain text.
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
#[derive(Debug)]
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
#[derive(Debug)]
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
