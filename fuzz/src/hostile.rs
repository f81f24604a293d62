//! Properties for hostile input: the CLI's line splitting and text rendering (through
//! `rfc3696_cli::fuzzing`, which re-exports them from its `stream` and `report`), the email
//! conversions, percent-encoding, `Mailto::parse_with` under every option, the serde
//! deserializers, and allocation-free validation.

use std::io::{BufReader, Read};

use ldh_domain::{Domain, DomainBuf};
use rfc_email::{EmailAddress, EmailAddressBuf, Policy};
use uri_schemes::percent::{self, EncodeSet};
use uri_schemes::{HttpUrl, Mailto, MailtoPolicy, Uri, UriRef};

use crate::report::{Escaped, escape_json_line_separators, needs_escape};

use crate::stream::{TOO_LONG_PREFIX, read_line_bounded, skip_byte_order_mark};

/// The caret column the CLI's text output uses: the library renderer's, with the CLI's
/// escapes.
fn caret_column(input: &str, offset: usize) -> usize {
    rfc3696::report::Report::new(input, offset, "", &"")
        .with_escape(needs_escape)
        .column()
}

/// A reader that hands out at most `step` bytes per read, so that lines cross buffer
/// boundaries at fuzzer-chosen places.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// `cli_lines`: the CLI's bounded line reader. The first two bytes choose the line limit
/// (1–256) and the read size (1–16), the rest is the input. Every line is returned in
/// order; a line whose content (before `\n`) fits the limit comes back whole; a longer
/// one is flagged, keeps at most the limit, and reading goes on after it; the bytes
/// read add up to the input; a BOM is skipped only at the very start.
pub fn cli_lines(data: &[u8]) {
    let (Some(&limit), Some(&step)) = (data.first(), data.get(1)) else {
        return;
    };
    let max = usize::from(limit) + 1;
    let input = &data[2..];
    let mut reader = BufReader::with_capacity(
        usize::from(step % 16) + 1,
        Trickle {
            data: input,
            step: usize::from(step % 16) + 1,
        },
    );
    skip_byte_order_mark(&mut reader).expect("reading from memory");
    // The mark is skipped when the first read holds all of it (reads of 3 bytes or
    // more; real reads are 256 KiB).
    let body = if input.starts_with(b"\xEF\xBB\xBF") && usize::from(step % 16) + 1 >= 3 {
        &input[3..]
    } else {
        input
    };
    let skipped = input.len() - body.len();
    let mut expected = body.split_inclusive(|&b| b == b'\n');
    let mut total = skipped;
    loop {
        let mut line = Vec::new();
        let (read, too_long) = read_line_bounded(&mut reader, &mut line, max).expect("memory");
        if read == 0 {
            break;
        }
        total += read;
        let whole = expected.next().expect("more lines than the input has");
        assert_eq!(read, whole.len(), "bytes read for one line");
        let content = whole.strip_suffix(b"\n").unwrap_or(whole);
        assert_eq!(
            too_long,
            content.len() > max,
            "too_long flag for {content:?}"
        );
        if too_long {
            assert!(
                line.len() <= max,
                "kept {} bytes over the limit {max}",
                line.len()
            );
            assert!(
                content.starts_with(&line),
                "kept bytes are not the line's start"
            );
        } else {
            assert_eq!(line, whole, "a line within the limit comes back whole");
        }
    }
    assert!(expected.next().is_none(), "lines left unread");
    assert_eq!(total, input.len());
    let _ = TOO_LONG_PREFIX;
}

/// Undoes [`Escaped`]: `\\`, `\t`, `\r`, `\n` and `\u{…}`.
fn unescape(shown: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = shown.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            '\\' => out.push('\\'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'n' => out.push('\n'),
            'u' => {
                if chars.next()? != '{' {
                    return None;
                }
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// `cli_render`: the CLI's text rendering shows no character that could move the
/// cursor, reorder or hide text (controls, bidi controls, default-ignorables,
/// U+2028/2029) and no lone backslash; it is reversible, so two different values never
/// look the same; the caret column never decreases along the value and ends at the
/// width of the rendering; the JSON rendering has no raw U+2028/2029 and parses back to
/// the value.
pub fn cli_render(data: &[u8]) {
    let value = String::from_utf8_lossy(data);
    let shown = Escaped(&value).to_string();
    assert!(
        !shown.chars().any(|c| c != '\\' && needs_escape(c)),
        "unescaped character in {shown:?}"
    );
    assert_eq!(
        unescape(&shown).as_deref(),
        Some(&*value),
        "rendering is not reversible"
    );
    let mut last = 0;
    for (i, _) in value.char_indices() {
        let column = caret_column(&value, i);
        assert!(column >= last, "caret column went back at byte {i}");
        last = column;
    }
    let end = caret_column(&value, value.len());
    assert!(end >= last);
    assert!(end <= shown.chars().count() * 2, "caret past the rendering");
    let mut json = serde_json::to_vec(&*value).expect("a string serializes");
    escape_json_line_separators(&mut json, 0);
    let text = std::str::from_utf8(&json).expect("JSON is UTF-8");
    assert!(
        !text.contains(['\u{2028}', '\u{2029}']),
        "raw separator in {text:?}"
    );
    let back: String = serde_json::from_slice(&json).expect("escaped JSON parses");
    assert_eq!(back, *value);
}

const POLICIES: [Policy; 5] = [
    Policy::RFC5321,
    Policy::SMTPUTF8,
    Policy::RFC5322,
    Policy::HTML5,
    Policy::RFC3696_PUBLISHED,
];

/// `email_convert`: for an address accepted under any profile, `to_ascii` (when it
/// succeeds) is ASCII, and `to_unicode` and `to_ascii` agree with each other: the
/// Unicode form converts back to the same ASCII form, and the ASCII form to the same
/// Unicode form, under the same profile with UTF-8 allowed (the Unicode form may break
/// an octet limit that its A-label form meets: then it is not reparsed).
pub fn email_convert(data: &[u8]) {
    let s = String::from_utf8_lossy(data);
    for policy in POLICIES {
        let Ok(address) = EmailAddress::parse_with(&s, &policy) else {
            continue;
        };
        let ascii = address.to_ascii();
        if let Ok(ascii) = &ascii {
            assert!(
                ascii.is_ascii(),
                "to_ascii of {s:?} is not ASCII: {ascii:?}"
            );
        }
        // The HTML5 grammar is ASCII only: its Unicode form has no profile to reparse in.
        if policy.syntax() == rfc_email::Syntax::Html5 {
            continue;
        }
        let utf8 = policy.with_charset(rfc_email::Charset::Utf8);
        let unicode = address.to_unicode();
        if let Ok(ascii) = &ascii {
            assert!(
                ascii.is_ascii(),
                "to_ascii of {s:?} is not ASCII: {ascii:?}"
            );
            let again = EmailAddress::parse_with(ascii, &utf8)
                .unwrap_or_else(|e| panic!("to_ascii {ascii:?} of {s:?} does not parse: {e}"));
            if let Ok(unicode) = &unicode {
                assert_eq!(
                    again.to_unicode().as_ref(),
                    Ok(unicode),
                    "{s:?} under {policy:?}"
                );
            }
        }
        if let Ok(unicode) = &unicode {
            let again = match EmailAddress::parse_with(unicode, &utf8) {
                Ok(again) => again,
                // U-labels take more octets than their A-labels can: RFC 6531 keeps RFC
                // 5321's octet limits on the text as sent, so the Unicode form of a
                // long name may be over them (found by this target). Not a bug.
                Err(e) if is_octet_limit(e.kind()) => continue,
                Err(e) => panic!("to_unicode {unicode:?} of {s:?} does not parse: {e}"),
            };
            if let Ok(ascii) = &ascii {
                assert_eq!(
                    again.to_ascii().as_ref(),
                    Ok(ascii),
                    "{s:?} under {policy:?}"
                );
            }
        }
    }
}

/// The errors of RFC 5321 §4.5.3.1 octet limits.
fn is_octet_limit(kind: rfc_email::EmailErrorKind) -> bool {
    use rfc_email::EmailErrorKind as K;
    matches!(
        kind,
        K::DomainTooLong
            | K::AddressTooLong { .. }
            | K::AddressTooLongAsAscii
            | K::LocalPartTooLong
    )
}

const ENCODE_SETS: [EncodeSet; 9] = [
    EncodeSet::UNRESERVED,
    EncodeSet::PATH_SEGMENT,
    EncodeSet::PATH,
    EncodeSet::QUERY,
    EncodeSet::FRAGMENT,
    EncodeSet::USERINFO,
    EncodeSet::REG_NAME,
    EncodeSet::MAILTO_ADDRESS,
    EncodeSet::MAILTO_HFIELD,
];

/// `percent_roundtrip`: for every encode set, encoding keeps exactly the set's bytes
/// and writes `%XX` for the rest, passes `validate`, and decodes back to the input;
/// the three decoders (`decode`, `decode_into`, `decode_to_bytes`) agree on any input,
/// including bad triplets.
pub fn percent_roundtrip(data: &[u8]) {
    for set in &ENCODE_SETS {
        let encoded: String = percent::encode(data, set).to_string();
        assert!(encoded.is_ascii());
        assert!(
            percent::validate(encoded.as_bytes(), set).is_ok(),
            "{encoded:?} does not validate"
        );
        let back: Result<Vec<u8>, _> = percent::decode(encoded.as_bytes()).collect();
        assert_eq!(back.as_deref(), Ok(data), "round trip through {encoded:?}");
        let kept = data.iter().filter(|&&b| set.keeps(b) && b != b'%').count();
        assert_eq!(
            encoded.len(),
            kept + 3 * (data.len() - kept),
            "encoded length"
        );
    }
    let iter: Result<Vec<u8>, _> = percent::decode(data).collect();
    let mut buf = vec![0u8; data.len()];
    let into = percent::decode_into(data, &mut buf).map(<[u8]>::to_vec);
    assert_eq!(
        iter.as_ref().map_err(|e| e.offset()),
        into.as_ref().map_err(|e| e.offset())
    );
    if let Ok(text) = std::str::from_utf8(data) {
        let bytes = percent::decode_to_bytes(text).map(|b| b.into_owned());
        assert_eq!(
            iter.as_ref().map_err(|e| e.offset()),
            bytes.as_ref().map_err(|e| e.offset())
        );
    }
}

/// `mailto_options`: `Mailto::parse_with` under each email profile (first byte) never
/// panics; what it accepts has field-name header names, and each `to` address it
/// reports is valid under the chosen profile.
pub fn mailto_options(data: &[u8]) {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let policy = POLICIES[usize::from(choice) % POLICIES.len()];
    let s = String::from_utf8_lossy(rest);
    let options = MailtoPolicy::DEFAULT.with_email_policy(policy);
    let Ok(m) = Mailto::parse_with(&s, &options) else {
        return;
    };
    for (name, _) in m.hfields() {
        crate::uri::assert_field_name(&name, &s);
    }
    for address in m.to() {
        assert!(
            EmailAddress::parse_with(&address, &policy).is_ok(),
            "{address:?} of {s:?} under {policy:?}"
        );
    }
}

/// A borrowing type deserializes a JSON string exactly when its text `parses` and the
/// JSON has no escape (escaped text cannot be borrowed from the input).
fn assert_borrowing_like_parse<'de, T: serde::Deserialize<'de>>(json: &'de str, parses: bool) {
    assert_eq!(
        serde_json::from_str::<T>(json).is_ok(),
        parses && !json.contains('\\'),
        "{json}"
    );
}

/// `serde_deserialize`: deserializing a JSON string into each validating type accepts
/// exactly what the type's parser accepts (with the documented policies), and
/// serializing gives the string back; non-string JSON is an error, never a panic.
pub fn serde_deserialize(data: &[u8]) {
    let s = String::from_utf8_lossy(data);
    let json = serde_json::to_string(&*s).expect("a string serializes");
    let domain = serde_json::from_str::<DomainBuf>(&json);
    assert_eq!(
        domain.is_ok(),
        Domain::parse_with(&s, &ldh_domain::Policy::HOSTNAME).is_ok(),
        "{s:?}"
    );
    let email = serde_json::from_str::<EmailAddressBuf>(&json);
    assert_eq!(email.is_ok(), EmailAddress::parse(&s).is_ok(), "{s:?}");
    if let Ok(email) = &email {
        let again: EmailAddressBuf =
            serde_json::from_str(&serde_json::to_string(email).expect("serializes"))
                .expect("round trip");
        assert_eq!(&again, email);
    }
    assert_borrowing_like_parse::<Uri<'_>>(&json, Uri::parse(&s).is_ok());
    assert_borrowing_like_parse::<UriRef<'_>>(&json, UriRef::parse(&s).is_ok());
    assert_borrowing_like_parse::<HttpUrl<'_>>(&json, HttpUrl::parse(&s).is_ok());
    assert_borrowing_like_parse::<Mailto<'_>>(&json, Mailto::parse(&s).is_ok());
    // Arbitrary JSON, usually not a string at all.
    let _ = serde_json::from_slice::<DomainBuf>(data);
    let _ = serde_json::from_slice::<EmailAddressBuf>(data);
    let _ = serde_json::from_slice::<Mailto<'_>>(data);
}
