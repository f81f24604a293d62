//! `terminal_text`: the library renderings that people read on a terminal (the error
//! renderer `ldh_domain::report`, the messages of errors and of the UTS #39 warnings of
//! `idn-spoof`, the CLI's text output in `report.rs`) never hold a raw character a
//! terminal acts on or that hides text: C0 controls but the line feed, ESC, DEL, C1
//! controls, or a character of the escape set `ldh_domain::report::shown_escaped`.

use idn_spoof::DisplayPolicy;
use ldh_domain::report::{InputLine, LocatedError, shown_escaped};
use ldh_domain::{Domain, Policy as NamePolicy};
use rfc_email::{EmailAddress, Policy};
use uri_schemes::UriRef;

use crate::report::{Report as CliReport, Style};

const PROFILES: [Policy; 5] = [
    Policy::RFC5321,
    Policy::SMTPUTF8,
    Policy::RFC5322,
    Policy::HTML5,
    Policy::RFC3696_PUBLISHED,
];

/// Panics if `text` holds a raw character that would reach the terminal. An escape
/// (`\u{1b}`, `\t`, `\\`) is made of printable ASCII only, so every character of the
/// text is checked, escapes included.
fn assert_terminal_safe(what: &str, text: &str) {
    if let Some(c) = text
        .chars()
        .find(|&c| c != '\n' && (c.is_control() || shown_escaped(c)))
    {
        panic!("{what}: raw U+{:04X} in {text:?}", u32::from(c));
    }
}

/// The input's first line is a protected name, the rest the value (both lossy UTF-8).
pub fn terminal_text(data: &[u8]) {
    let text = crate::text(data);
    let (protected, value) = text.split_once('\n').unwrap_or(("paypal", &text));

    assert_terminal_safe(
        "InputLine",
        &InputLine::new(value, shown_escaped).to_string(),
    );

    // Library errors rendered against their input (the message's line may not hold a
    // line feed: the report is two lines exactly).
    let mut messages: Vec<(String, usize, &'static str)> = Vec::new();
    let mut rendered = Vec::new();
    for policy in [NamePolicy::HOSTNAME, NamePolicy::DNS] {
        if let Err(e) = Domain::parse_with(value, &policy) {
            rendered.push(e.display_in(value).to_string());
            messages.push((e.to_string(), e.error_offset(), e.error_code()));
        }
    }
    if let Err(e) = UriRef::parse(value) {
        rendered.push(e.display_in(value).to_string());
        messages.push((e.to_string(), e.error_offset(), e.error_code()));
    }
    if let Err(e) = punycode_core::validate(value.as_bytes()) {
        rendered.push(e.display_in(value).to_string());
    }
    // UTS #39 warnings quote labels and local parts, which RFC 5322 lets hold controls.
    let names = [protected];
    let policy = DisplayPolicy::BROWSER.with_protected(&names);
    let mut warnings: Vec<(String, &'static str, usize)> = Vec::new();
    for profile in PROFILES {
        match EmailAddress::parse_with(value, &profile) {
            Ok(address) => {
                for w in idn_spoof::address_warnings(&address, &policy) {
                    warnings.push((w.to_string(), w.code(), w.label_index()));
                }
            }
            Err(e) => {
                rendered.push(e.display_in(value).to_string());
                messages.push((e.to_string(), e.error_offset(), e.error_code()));
            }
        }
    }
    if let Ok(domain) = Domain::parse_with(value, &NamePolicy::HOSTNAME) {
        for w in idn_spoof::domain_warnings(&domain, &policy) {
            warnings.push((w.to_string(), w.code(), w.label_index()));
        }
    }
    if let Ok(shown) = idn_spoof::display(value, &policy) {
        for reason in shown.reasons() {
            warnings.push((reason.message.clone(), reason.code(), reason.label_index));
        }
    }
    // The mailto builder's errors name the caller's recipient or header name.
    for builder in [
        uri_schemes::MailtoBuilder::new().to(value),
        uri_schemes::MailtoBuilder::new()
            .to("a@example.com")
            .header(value, "x"),
        uri_schemes::MailtoBuilder::new()
            .to("a@example.com")
            .header("X-A", value),
    ] {
        if let Err(e) = builder.build() {
            assert_terminal_safe("mailto builder error", &e.to_string());
        }
    }
    for r in &rendered {
        assert_terminal_safe("Report", r);
        assert_eq!(r.lines().count(), 2, "a report is two lines: {r:?}");
    }
    for (w, _, _) in &warnings {
        assert_terminal_safe("warning message", w);
    }

    // The CLI's text rendering of a result holding all of it, and of a result whose
    // message is the raw value itself (a message quoting input as it is).
    let mut report = CliReport::invalid(value, "auto", "raw_value", value.len() / 2, value);
    for (message, offset, code) in &messages {
        report.fail(code, *offset, message);
    }
    for (message, code, label) in warnings {
        report.warn_label(code, message, label);
    }
    for style in [Style::new(false), Style::new(true)] {
        let mut out = Vec::new();
        report.write_text(&mut out, style);
        let mut shown = String::from_utf8(out).expect("text output is UTF-8");
        for code in [
            style.red,
            style.green,
            style.yellow,
            style.bold,
            style.dim,
            style.reset,
        ] {
            if !code.is_empty() {
                shown = shown.replace(code, "");
            }
        }
        assert_terminal_safe("CLI text output", &shown);
    }
}
