//! The JSON Lines form of a [`Report`], written straight into the output buffer.
//!
//! The shape is fixed, so the object is written field by field instead of through
//! `serde_json`'s generic serializer, which cost about two thirds of the time of
//! `check --json` on a stream of email addresses (most of it escaping strings and
//! walking the optional fields). The bytes are the same as `serde_json::to_writer` of the
//! `Serialize` derive followed by [`escape_json_line_separators`]: the tests below
//! compare both over arbitrary reports.
//!
use name_text::swar;

use crate::report::{Components, DeliverabilityReport, Issue, Note, Report};

impl Report<'_> {
    /// Appends the JSON object and a newline to `out`.
    /// The bytes are those of `serde_json` over the `Serialize` derive with U+2028 and
    /// U+2029 escaped, written directly (the fixed shape makes that much faster).
    pub fn write_json(&self, out: &mut Vec<u8>) {
        write_report(self, out);
        out.push(b'\n');
    }
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

/// Appends the JSON object of `r` (no newline).
fn write_report(r: &Report<'_>, out: &mut Vec<u8>) {
    out.extend_from_slice(b"{\"input\":");
    let input_start = out.len();
    string(out, &r.input);
    // The normalized forms of a valid value are often the input itself: copied then.
    let input_literal = input_start..out.len();
    out.extend_from_slice(b",\"kind\":");
    // The kinds are the command's own names (`email`, `uri-ref`): nothing to escape,
    // known in fewer steps than the general escaping takes.
    if r.kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
        out.push(b'"');
        out.extend_from_slice(r.kind.as_bytes());
        out.push(b'"');
    } else {
        string(out, r.kind);
    }
    out.extend_from_slice(if r.valid {
        b",\"valid\":true,\"errors\":["
    } else {
        b",\"valid\":false,\"errors\":["
    });
    for (i, e) in r.errors.iter().enumerate() {
        comma(out, i);
        issue(out, e);
    }
    out.extend_from_slice(b"],\"warnings\":[");
    for (i, w) in r.warnings.iter().enumerate() {
        comma(out, i);
        note(out, w);
    }
    out.push(b']');
    for (key, value) in [
        (&b",\"output\":"[..], &r.output),
        (b",\"ascii\":", &r.ascii),
        (b",\"unicode\":", &r.unicode),
    ] {
        if let Some(v) = value {
            out.extend_from_slice(key);
            // The shortcuts borrow the input itself: equal without comparing bytes.
            if (v.as_ptr() == r.input.as_ptr() && v.len() == r.input.len()) || *v == r.input {
                out.extend_from_within(input_literal.clone());
            } else {
                string(out, v);
            }
        }
    }
    if let Some(c) = &r.components {
        out.extend_from_slice(b",\"components\":");
        components(out, c);
    }
    if let Some(to) = &r.to {
        out.extend_from_slice(b",\"to\":[");
        for (i, address) in to.iter().enumerate() {
            comma(out, i);
            string(out, address);
        }
        out.push(b']');
    }
    if let Some(fields) = &r.hfields {
        out.extend_from_slice(b",\"hfields\":[");
        for (i, (name, value)) in fields.iter().enumerate() {
            comma(out, i);
            out.push(b'[');
            string(out, name);
            out.push(b',');
            string(out, value);
            out.push(b']');
        }
        out.push(b']');
    }
    if let Some(safe) = r.display_safe {
        out.extend_from_slice(b",\"display_safe\":");
        boolean(out, safe);
    }
    if let Some(d) = &r.deliverability {
        out.extend_from_slice(b",\"deliverability\":");
        deliverability(out, d);
    }
    out.push(b'}');
}

fn issue(out: &mut Vec<u8>, e: &Issue) {
    open_coded(out, e.code, Some(e.offset), &e.message);
    if let Some(s) = &e.suggestion {
        out.extend_from_slice(b",\"suggestion\":");
        string(out, s);
    }
    out.push(b'}');
}

fn note(out: &mut Vec<u8>, w: &Note) {
    open_coded(out, w.code, None, &w.message);
    if let Some(label) = w.label {
        out.extend_from_slice(b",\"label\":");
        number(out, label as u64);
    }
    out.push(b'}');
}

/// Opens an error or warning object: `{"code":…`, the `"offset"` where there is one, then
/// `"message"`; the caller adds its optional keys and the closing brace.
fn open_coded(out: &mut Vec<u8>, code: &str, offset: Option<usize>, message: &str) {
    out.extend_from_slice(b"{\"code\":");
    string(out, code);
    if let Some(offset) = offset {
        out.extend_from_slice(b",\"offset\":");
        number(out, offset as u64);
    }
    out.extend_from_slice(b",\"message\":");
    string(out, message);
}

fn components(out: &mut Vec<u8>, c: &Components) {
    out.extend_from_slice(b"{\"scheme\":");
    optional(out, c.scheme.as_deref());
    out.extend_from_slice(b",\"userinfo\":");
    optional(out, c.userinfo.as_deref());
    out.extend_from_slice(b",\"host\":");
    optional(out, c.host.as_deref());
    out.extend_from_slice(b",\"port\":");
    optional(out, c.port.as_deref());
    out.extend_from_slice(b",\"path\":");
    string(out, &c.path);
    out.extend_from_slice(b",\"query\":");
    optional(out, c.query.as_deref());
    out.extend_from_slice(b",\"fragment\":");
    optional(out, c.fragment.as_deref());
    out.push(b'}');
}

fn deliverability(out: &mut Vec<u8>, d: &DeliverabilityReport) {
    out.extend_from_slice(b"{\"status\":");
    string(out, d.status);
    out.extend_from_slice(b",\"mail_hosts\":[");
    for (i, (preference, host)) in d.mail_hosts.iter().enumerate() {
        comma(out, i);
        out.push(b'[');
        number(out, u64::from(*preference));
        out.push(b',');
        string(out, host);
        out.push(b']');
    }
    out.extend_from_slice(b"],\"reason\":");
    optional(out, d.reason.as_deref());
    out.extend_from_slice(b",\"code\":");
    optional(out, d.code);
    out.extend_from_slice(b",\"warnings\":[");
    for (i, w) in d.warnings.iter().enumerate() {
        comma(out, i);
        out.extend_from_slice(b"{\"code\":");
        string(out, w.code);
        out.extend_from_slice(b",\"host\":");
        string(out, &w.host);
        out.extend_from_slice(b",\"message\":");
        string(out, w.message);
        out.push(b'}');
    }
    out.extend_from_slice(b"]}");
}

/// The separator before every element of an array but the first.
fn comma(out: &mut Vec<u8>, index: usize) {
    if index > 0 {
        out.push(b',');
    }
}

fn boolean(out: &mut Vec<u8>, value: bool) {
    out.extend_from_slice(if value { b"true" } else { b"false" });
}

fn optional(out: &mut Vec<u8>, value: Option<&str>) {
    match value {
        Some(s) => string(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// A decimal integer, as JSON writes it (no sign, no leading zeros).
fn number(out: &mut Vec<u8>, mut value: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        if let Some(d) = digits.get_mut(start) {
            *d = b'0' + (value % 10) as u8;
        }
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out.extend_from_slice(digits.get(start..).unwrap_or_default());
}

/// What [`string`] does with each byte: copy it ([`COPY`]), write the short escape in the
/// table (`"`, `\`, and `\b \t \n \f \r` of RFC 8259 §7), write it as `\u00XX`
/// ([`HEX`], other control characters), or look at the next two bytes ([`LEAD_E2`]:
/// U+2028 and U+2029 start with 0xE2).
#[expect(
    clippy::indexing_slicing,
    reason = "const evaluation: an index out of range is a compile-time error"
)]
const ESCAPE: [u8; 256] = {
    let mut table = [COPY; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = HEX;
        b += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0A] = b'n';
    table[0x0C] = b'f';
    table[0x0D] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table[0xE2] = LEAD_E2;
    table
};
const COPY: u8 = 0;
const HEX: u8 = 1;
const LEAD_E2: u8 = 2;

/// A JSON string literal of `s` (RFC 8259 §7): `"` and `\` and the control characters
/// U+0000–U+001F escaped as `serde_json` escapes them, and also U+2028 and U+2029
/// (JSON allows them raw, but JavaScript before ES2019 and many log viewers take them
/// as line ends). Everything else, DEL and all other non-ASCII included, is copied;
/// runs of such bytes are copied in one piece.
fn string(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut run_start = 0;
    let mut i = 0;
    loop {
        i = next_special(bytes, i);
        let Some(&b) = bytes.get(i) else { break };
        let run = bytes.get(run_start..i).unwrap_or_default();
        match ESCAPE.get(usize::from(b)).copied().unwrap_or(COPY) {
            LEAD_E2 => {
                let escaped: &[u8] = match bytes.get(i + 1..i + 3) {
                    Some([0x80, 0xA8]) => b"\\u2028",
                    Some([0x80, 0xA9]) => b"\\u2029",
                    // Another character starting with 0xE2: part of the run.
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                out.extend_from_slice(run);
                out.extend_from_slice(escaped);
                i += 3;
            }
            HEX => {
                let hex = b"0123456789abcdef";
                let high = hex.get(usize::from(b >> 4)).copied().unwrap_or(b'0');
                let low = hex.get(usize::from(b & 0xF)).copied().unwrap_or(b'0');
                out.extend_from_slice(run);
                out.extend_from_slice(&[b'\\', b'u', b'0', b'0', high, low]);
                i += 1;
            }
            short => {
                out.extend_from_slice(run);
                out.extend_from_slice(&[b'\\', short]);
                i += 1;
            }
        }
        run_start = i;
    }
    out.extend_from_slice(bytes.get(run_start..).unwrap_or_default());
    out.push(b'"');
}

/// The index of the first byte at or after `from` that [`ESCAPE`] does not simply copy
/// (`bytes.len()` if none). Eight bytes at a time while none of them is special: most
/// values and messages have no byte to escape at all.
fn next_special(bytes: &[u8], mut from: usize) -> usize {
    // Bytes below 0x20, `"`, `\` and 0xE2.
    let special = |w: u64| {
        swar::has_below(w, 0x20)
            || swar::has_byte(w, b'"')
            || swar::has_byte(w, b'\\')
            || swar::has_byte(w, 0xE2)
    };
    while let Some(chunk) = bytes.get(from..from + 8) {
        let Ok(block) = <&[u8; 8]>::try_from(chunk) else {
            break;
        };
        if special(swar::load(block)) {
            break;
        }
        from += 8;
    }
    // Fewer than eight bytes left (the end of most strings, and all of a short one):
    // one more word, padded with a byte that is never special.
    let rest = bytes.get(from..).unwrap_or_default();
    if rest.len() < 8 {
        let word = swar::load_padded(rest) | (swar::splat(b' ') & !swar::low_bytes(rest.len()));
        if !special(word) {
            return bytes.len();
        }
    }
    bytes
        .get(from..)
        .unwrap_or_default()
        .iter()
        .position(|&b| ESCAPE.get(usize::from(b)).copied().unwrap_or(COPY) != COPY)
        .map_or(bytes.len(), |p| from + p)
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use proptest::prelude::*;

    use super::*;
    use crate::report::DnsNote;

    /// What `write_report` replaces: `serde_json` over the `Serialize` derive, then the
    /// separator escaping.
    fn reference(r: &Report<'_>) -> Vec<u8> {
        let mut out = serde_json::to_vec(r).expect("a report serializes");
        escape_json_line_separators(&mut out, 0);
        out
    }

    fn direct(r: &Report<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        write_report(r, &mut out);
        out
    }

    /// Strings that reach every branch of `string`: control characters, quotes,
    /// backslashes, DEL, U+2028/U+2029 and their neighbours U+2027/U+202A (which share
    /// the lead byte 0xE2), other 0xE2 characters, other non-ASCII.
    fn text() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "\u{0}",
            "\u{1}",
            "\u{8}",
            "\t",
            "\n",
            "\u{b}",
            "\u{c}",
            "\r",
            "\u{1f}",
            " ",
            "\"",
            "\\",
            "/",
            "a",
            "Z",
            "~",
            "\u{7f}",
            "\u{80}",
            "é",
            "\u{2027}",
            "\u{2028}",
            "\u{2029}",
            "\u{202a}",
            "\u{20ac}",
            "\u{2fff}",
            "字",
            "\u{feff}",
            "😀",
            "\u{10ffff}",
        ]);
        prop_oneof![
            prop::collection::vec(pieces, 0..12).prop_map(|p| p.concat()),
            any::<String>(),
        ]
    }

    fn code() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec!["local_part_too_long", "x", "", "quote\"d", "\u{2028}"])
    }

    fn issue() -> impl Strategy<Value = Issue> {
        (code(), any::<usize>(), text(), prop::option::of(text())).prop_map(
            |(code, offset, message, suggestion)| Issue {
                code,
                offset,
                message,
                suggestion,
            },
        )
    }

    fn note() -> impl Strategy<Value = Note> {
        (code(), text(), prop::option::of(any::<usize>())).prop_map(|(code, message, label)| Note {
            code,
            message: Cow::Owned(message),
            label,
        })
    }

    fn components() -> impl Strategy<Value = Components> {
        let part = || prop::option::of(text());
        (part(), part(), part(), part(), text(), part(), part()).prop_map(
            |(scheme, userinfo, host, port, path, query, fragment)| Components {
                scheme,
                userinfo,
                host,
                port,
                path,
                query,
                fragment,
            },
        )
    }

    fn deliverability() -> impl Strategy<Value = DeliverabilityReport> {
        let dns_note = (code(), text(), code()).prop_map(|(code, host, message)| DnsNote {
            code,
            host,
            message,
        });
        (
            code(),
            prop::collection::vec((any::<u16>(), text()), 0..3),
            prop::option::of(text()),
            prop::option::of(code()),
            prop::collection::vec(dns_note, 0..3),
        )
            .prop_map(|(status, mail_hosts, reason, code, warnings)| {
                DeliverabilityReport {
                    status,
                    mail_hosts,
                    reason,
                    code,
                    warnings,
                }
            })
    }

    fn report() -> impl Strategy<Value = Report<'static>> {
        let head = (
            text(),
            code(),
            any::<bool>(),
            prop::collection::vec(issue(), 0..3),
            prop::collection::vec(note(), 0..3),
        );
        let forms = (
            prop::option::of(text()),
            prop::option::of(text()),
            prop::option::of(text()),
            prop::option::of(components()),
        );
        let rest = (
            prop::option::of(prop::collection::vec(text(), 0..3)),
            prop::option::of(prop::collection::vec((text(), text()), 0..3)),
            prop::option::of(any::<bool>()),
            prop::option::of(deliverability()),
            any::<bool>(),
            // Which of output, ascii, unicode repeat the input (the copied literal).
            any::<[bool; 3]>(),
        );
        (head, forms, rest).prop_map(
            |(
                (input, kind, valid, errors, warnings),
                (output, ascii, unicode, components),
                (to, hfields, display_safe, deliverability, conversion, same),
            )| {
                let [output, ascii, unicode] =
                    [(output, same[0]), (ascii, same[1]), (unicode, same[2])]
                        .map(|(form, same)| if same { Some(input.clone()) } else { form });
                Report {
                    input: Cow::Owned(input),
                    kind,
                    valid,
                    errors,
                    warnings,
                    output: output.map(Cow::Owned),
                    ascii: ascii.map(Cow::Owned),
                    unicode: unicode.map(Cow::Owned),
                    components: components.map(Box::new),
                    to,
                    hfields,
                    display_safe,
                    deliverability: deliverability.map(Box::new),
                    conversion,
                }
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// RFC 8259 §7 strings: the direct writer gives `serde_json`'s bytes.
        #[test]
        fn string_equals_serde_json_rfc8259_section7(s in text()) {
            let mut direct = Vec::new();
            string(&mut direct, &s);
            let mut reference = serde_json::to_vec(&s).expect("a string serializes");
            escape_json_line_separators(&mut reference, 0);
            prop_assert_eq!(String::from_utf8(direct), String::from_utf8(reference));
        }

        /// Every field of every report shape: the same bytes as the `Serialize` derive.
        #[test]
        fn report_equals_serde_json(r in report()) {
            prop_assert_eq!(String::from_utf8(direct(&r)), String::from_utf8(reference(&r)));
        }
    }

    /// Each ASCII character and each kind of 0xE2 character after 0 to 17 plain bytes
    /// (every position in and across the eight-byte words of `next_special`), last, with
    /// plain bytes after it, and twice in a row (the two-byte look-ahead after 0xE2).
    #[test]
    fn every_character_class_at_every_position() {
        let mut samples: Vec<String> = (0u8..0x80).map(|b| char::from(b).to_string()).collect();
        samples.extend(
            [
                "é", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202a}", "\u{20ac}", "\u{e2}",
            ]
            .map(String::from),
        );
        for (s, pad) in samples
            .iter()
            .flat_map(|s| (0..18).map(move |pad| (s, "a".repeat(pad))))
        {
            for text in [
                format!("{pad}{s}"),
                format!("{pad}{s}cdefghijk"),
                format!("{pad}{s}{s}b"),
            ] {
                let mut direct = Vec::new();
                string(&mut direct, &text);
                let mut reference = serde_json::to_vec(&text).expect("a string serializes");
                escape_json_line_separators(&mut reference, 0);
                assert_eq!(direct, reference, "{text:?}");
            }
        }
    }

    #[test]
    fn numbers_at_their_limits() {
        for n in [0, 9, 10, 99, 100, u64::from(u16::MAX), u64::MAX] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
    }
}
