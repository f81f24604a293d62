//! The text rendering of a [`Report`]: a verdict line, each error with a caret under
//! the offending character, warnings, and the details that add something.

use std::fmt::{self, Write as _};
use std::io::Write as _;

use crate::report::{DeliverabilityReport, Report};
use crate::terminal::{Escaped, Shown, Style, needs_escape};

impl Report<'_> {
    /// Appends the human-readable rendering to `out`.
    pub fn write_text(&self, out: &mut Vec<u8>, style: Style) {
        // Writing into a Vec<u8> cannot fail: the `let _ =` below drop an always-Ok result.
        let (mark, colour) = if self.valid {
            ("valid  ", style.green)
        } else {
            ("invalid", style.red)
        };
        let (reset, bold, kind) = (style.reset, style.bold, self.kind);
        let value = Escaped(&self.input);
        let _ = writeln!(out, "{colour}{mark}{reset} {bold}{kind:<9}{reset} {value}");
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
            let _ = warning_line(out, "    ", "warning", &Shown(&w.message), w.code, style);
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
        warning_line(
            &mut err,
            "rfc3696: ",
            "warning",
            &Shown(&w.message),
            w.code,
            style,
        )?;
    }
    Ok(())
}

/// One warning line: `{lead}{label}: {message} [{code}]`, the label in yellow and the
/// code dimmed.
fn warning_line(
    out: &mut dyn std::io::Write,
    lead: &str,
    label: &str,
    message: &dyn fmt::Display,
    code: &str,
    style: Style,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{lead}{yellow}{label}:{reset} {message} {dim}[{code}]{reset}",
        yellow = style.yellow,
        reset = style.reset,
        dim = style.dim,
    )
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
        let (dim, reset, status) = (style.dim, style.reset, self.status);
        let _ = writeln!(
            out,
            "    {dim}deliverability:{reset} {colour}{status}{reset} {detail}"
        );
        for w in &self.warnings {
            let message = format_args!("{}: {}", Escaped(&w.host), Shown(w.message));
            let _ = warning_line(out, "    ", "dns warning", &message, w.code, style);
        }
    }
}
