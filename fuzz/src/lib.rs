//! Fuzz properties for the rfc3696 crates: one `pub fn <target>(data: &[u8])` per
//! cargo-fuzz target.
//!
//! Each function states a property and panics (through `assert!`) when an input breaks
//! it. The libFuzzer binaries in `fuzz_targets/` only call these functions, and
//! `tests/replay.rs` runs every committed corpus file and every saved crash through
//! them on stable Rust, so a finding stays a regression test forever.
//!
//! `fuzz/README.md` lists the targets, what each checks and what a failure means.
//! Properties come from the crates' documentation (their stated guarantees) and from the
//! RFCs; where a property is narrower than a first reading of the docs would suggest,
//! the comment says why.

#![forbid(unsafe_code)]

pub mod alloc_free;
mod hostile;
pub mod naive;
/// The CLI's text rendering, compiled here by path (the CLI is a binary crate).
#[allow(dead_code, unreachable_pub)]
#[path = "../../crates/rfc3696-cli/src/report.rs"]
mod report;
/// The CLI's line reading, compiled here by path.
#[allow(dead_code, unreachable_pub)]
#[path = "../../crates/rfc3696-cli/src/stream.rs"]
mod stream;

pub use alloc_free::validation_alloc_free;
pub use hostile::{
    cli_lines, cli_render, email_convert, mailto_options, percent_roundtrip, serde_deserialize,
};

use std::borrow::Cow;

use ldh_domain::{Domain, DomainErrorKind, NumericTld};
use rfc_email::{AddressLiteral, Charset, DomainForm, DomainPart, EmailAddress, Syntax};
use uri_schemes::{HttpPolicy, HttpUrl, Mailto, MailtoBuilder, UriPolicy, Uri, UriRef};

/// The input as text: valid UTF-8 as is, anything else with U+FFFD replacements, so
/// that byte-level mutations still reach the `&str` entry points.
fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

// ---------------------------------------------------------------------------------------
// punycode-core
// ---------------------------------------------------------------------------------------

/// What RFC 3492 §6.3 re-encoding of a successfully decoded `input` must give: the basic
/// part (before the last delimiter) exactly as written, the delimiter, then the digits
/// in lower case (the encoder always writes lower-case digits; upper-case digits are only
/// the Appendix A annotation).
fn canonical_punycode(input: &[u8]) -> Vec<u8> {
    match input.iter().rposition(|&b| b == b'-') {
        Some(p) => {
            let mut out = input[..=p].to_vec();
            out.extend(input[p + 1..].iter().map(u8::to_ascii_lowercase));
            out
        }
        None => input.to_ascii_lowercase(),
    }
}

/// `punycode_decode`: decoding arbitrary bytes never panics; the three decoding entry
/// points agree with `validate` (same count, same error kind and offset); a successful
/// decode re-encodes to the input with lower-case digits; the Appendix A case flags
/// survive a mixed-case round trip.
pub fn punycode_decode(data: &[u8]) {
    let validated = punycode_core::validate(data);
    let mut buf = vec!['\0'; data.len()];
    let decoded = punycode_core::decode_into(data, &mut buf).map(<[char]>::to_vec);
    let mut mixed_buf = vec![('\0', false); data.len()];
    let mixed = punycode_core::decode_mixed_case_into(data, &mut mixed_buf).map(<[_]>::to_vec);

    match (&validated, &decoded, &mixed) {
        (Ok(n), Ok(chars), Ok(pairs)) => {
            assert_eq!(*n, chars.len(), "validate count != decoded length");
            assert!(chars.len() <= data.len(), "output longer than input");
            let from_pairs: Vec<char> = pairs.iter().map(|&(c, _)| c).collect();
            assert_eq!(&from_pairs, chars, "decode_mixed_case_into != decode_into");
        }
        (Err(a), Err(b), Err(c)) => {
            assert_eq!(
                (a.kind(), a.offset()),
                (b.kind(), b.offset()),
                "validate vs decode_into"
            );
            assert_eq!(
                (a.kind(), a.offset()),
                (c.kind(), c.offset()),
                "validate vs mixed"
            );
            assert!(a.offset() <= data.len(), "error offset past the input");
        }
        _ => panic!("validate {validated:?} / decode_into {decoded:?} / mixed {mixed:?} disagree"),
    }

    // A buffer one element short of the output must fail with `buffer_too_small`.
    if let Ok(chars) = &decoded
        && let Some(short) = chars.len().checked_sub(1)
    {
        let mut small = vec!['\0'; short];
        let err = punycode_core::decode_into(data, &mut small)
            .expect_err("decoded into a too-small buffer");
        assert_eq!(err.kind(), punycode_core::PunycodeErrorKind::BufferTooSmall);
    }

    if let Ok(s) = std::str::from_utf8(data) {
        let string = punycode_core::decode_to_string(s);
        match (&string, &decoded) {
            (Ok(s), Ok(chars)) => assert_eq!(s.chars().collect::<Vec<_>>(), *chars),
            (Err(a), Err(b)) => assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset())),
            _ => panic!("decode_to_string {string:?} vs decode_into {decoded:?}"),
        }
        let long_mixed = punycode_core::decode_mixed_case(s);
        assert_eq!(
            long_mixed.is_ok(),
            mixed.is_ok(),
            "decode_mixed_case vs decode_mixed_case_into"
        );
        if let (Ok(a), Ok(b)) = (&long_mixed, &mixed) {
            assert_eq!(a, b, "decode_mixed_case vs decode_mixed_case_into");
        }
    }

    let (Ok(chars), Ok(pairs)) = (decoded, mixed) else {
        return;
    };
    // RFC 3492 §6.3: one canonical encoding per code point sequence.
    let mut re = String::new();
    punycode_core::encode(&chars, &mut re).expect("re-encoding a decoded string failed");
    assert_eq!(
        re.as_bytes(),
        canonical_punycode(data).as_slice(),
        "decode then encode did not give back the input"
    );
    // Appendix A: encoding the decoded (char, flag) pairs and decoding again keeps them.
    let mut annotated = String::new();
    punycode_core::encode_mixed_case(&pairs, &mut annotated)
        .expect("mixed-case re-encoding failed");
    let again =
        punycode_core::decode_mixed_case(&annotated).expect("mixed-case output does not decode");
    assert_eq!(again, pairs, "mixed-case annotation lost in a round trip");
}

/// `punycode_roundtrip`: any string encodes (or fails only with `overflow`), and the
/// encoding decodes back to it; the `&[char]` and `&str` encoders agree; Appendix A
/// flags chosen by the fuzzer come back from the decoder.
pub fn punycode_roundtrip(data: &[u8]) {
    let s = text(data);
    let chars: Vec<char> = s.chars().collect();
    let encoded = punycode_core::encode_to_string(&s);
    let mut from_chars = String::new();
    let by_chars = punycode_core::encode(&chars, &mut from_chars).map(|()| from_chars);
    assert_eq!(
        encoded.as_ref().map_err(punycode_core::PunycodeError::kind),
        by_chars
            .as_ref()
            .map_err(punycode_core::PunycodeError::kind),
        "encode_to_string vs encode(&[char])"
    );
    let encoded = match encoded {
        Ok(e) => e,
        Err(e) => {
            // §6.4: only very long inputs with high code points overflow 32 bits.
            assert_eq!(
                e.kind(),
                punycode_core::PunycodeErrorKind::Overflow,
                "{e:?}"
            );
            return;
        }
    };
    assert!(encoded.is_ascii(), "punycode output is not ASCII");
    assert!(
        !encoded.bytes().any(|b| b.is_ascii_uppercase())
            || s.bytes().any(|b| b.is_ascii_uppercase()),
        "upper case in the output that is not from the input"
    );
    let decoded =
        punycode_core::decode_to_string(&encoded).expect("our own encoding does not decode");
    assert_eq!(decoded, *s, "encode then decode changed the string");
    assert_eq!(
        punycode_core::validate(encoded.as_bytes()).ok(),
        Some(chars.len())
    );

    // Appendix A: flags from the input bytes (bit 0 of the code point, cheap and varied).
    let pairs: Vec<(char, bool)> = chars.iter().map(|&c| (c, u32::from(c) & 1 == 1)).collect();
    let mut annotated = String::new();
    punycode_core::encode_mixed_case(&pairs, &mut annotated).expect("mixed-case encode failed");
    assert!(
        annotated.eq_ignore_ascii_case(&encoded) || chars.iter().any(char::is_ascii_alphabetic)
    );
    let back =
        punycode_core::decode_mixed_case(&annotated).expect("mixed-case output does not decode");
    assert_eq!(back.len(), pairs.len());
    for (&(c, flag), &(d, dflag)) in pairs.iter().zip(&back) {
        if c.is_ascii_alphabetic() {
            // The flag chose the letter's case.
            let want = if flag {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            };
            assert_eq!((d, dflag), (want, flag), "ASCII letter annotation");
        } else if c.is_ascii() {
            assert_eq!((d, dflag), (c, false), "basic code point annotation");
        } else {
            assert_eq!((d, dflag), (c, flag), "non-basic code point annotation");
        }
    }
}

/// `punycode_vs_idna`: punycode-core and `idna::punycode` agree on every input: the same
/// decoded string or both fail; the same encoding or both fail. No principled
/// difference exists below our 1 MiB input limit (fuzz inputs are far shorter): both
/// reject a leading delimiter (ours as `leading_delimiter`, idna because `-` is then
/// read as a digit), surrogates and 32-bit overflow.
pub fn punycode_vs_idna(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let ours = punycode_core::decode_to_string(s);
    let theirs = idna::punycode::decode_to_string(s);
    assert_eq!(
        ours.as_ref().ok(),
        theirs.as_ref(),
        "decode differs: ours {ours:?}, idna {theirs:?}"
    );

    let ours = punycode_core::encode_to_string(s);
    let theirs = idna::punycode::encode_str(s);
    assert_eq!(
        ours.as_ref().ok(),
        theirs.as_ref(),
        "encode differs: ours {ours:?}, idna {theirs:?}"
    );
}

// ---------------------------------------------------------------------------------------
// ldh-domain
// ---------------------------------------------------------------------------------------

const POLICIES: [(&str, ldh_domain::Policy); 4] = [
    ("HOSTNAME", ldh_domain::Policy::HOSTNAME),
    ("FQDN", ldh_domain::Policy::FQDN),
    ("DNS", ldh_domain::Policy::DNS),
    (
        "DNS+numeric",
        ldh_domain::Policy::DNS.with_numeric_tld(NumericTld::Allow),
    ),
];

/// Invariants of a name that passed `Domain::parse` (RFC 1035 §2.3.4, RFC 3696 §2).
fn check_domain(input: &str, d: &Domain<'_>, policy: &str) {
    assert_eq!(d.as_str(), input, "{policy}: as_str is not the input");
    let labels: Vec<_> = d.labels().collect();
    assert_eq!(labels.len(), d.label_count(), "{policy}: label_count");
    assert!(
        (1..=ldh_domain::limits::MAX_LABELS).contains(&labels.len()),
        "{policy}: label count"
    );
    let mut joined = labels
        .iter()
        .map(ldh_domain::Label::as_str)
        .collect::<Vec<_>>()
        .join(".");
    if d.is_absolute() {
        joined.push('.');
    }
    assert_eq!(
        joined, input,
        "{policy}: labels do not join back to the input"
    );
    for l in &labels {
        assert!(!l.is_empty(), "{policy}: empty label");
        assert_eq!(
            &input[l.offset()..l.offset() + l.len()],
            l.as_str(),
            "{policy}: label offset"
        );
        if l.as_str().is_ascii() {
            assert!(
                l.len() <= ldh_domain::limits::MAX_LABEL_LEN,
                "{policy}: label over 63"
            );
        }
    }
    assert_eq!(
        d.tld().as_str(),
        labels[labels.len() - 1].as_str(),
        "{policy}: tld"
    );
    assert_eq!(d.is_ascii(), input.is_ascii(), "{policy}: is_ascii");
    assert_eq!(
        d.is_fully_qualified(),
        labels.len() >= 2,
        "{policy}: is_fully_qualified"
    );
    // Lengths count the A-label form (RFC 5890 §2.3.2.1).
    let ascii = d.to_ascii().expect("to_ascii of a parsed name failed");
    let relative = ascii.strip_suffix('.').unwrap_or(&ascii);
    assert!(
        relative.len() <= ldh_domain::limits::MAX_NAME_LEN,
        "{policy}: name over 253 in A-labels"
    );
    for label in relative.split('.') {
        assert!(
            label.len() <= ldh_domain::limits::MAX_LABEL_LEN,
            "{policy}: A-label over 63"
        );
    }
    d.to_unicode().expect("to_unicode of a parsed name failed");
}

/// `domain_parse`: `Domain::parse` never panics under any policy; an accepted name keeps
/// its invariants (labels join back to the input, offsets, 63/253/127 limits in A-label
/// form, conversions succeed); the policies nest (FQDN = HOSTNAME with two labels,
/// HOSTNAME ⊆ DNS ⊆ DNS with numeric TLDs); errors point inside the input.
pub fn domain_parse(data: &[u8]) {
    for (_, policy) in &POLICIES {
        if let Err(e) = Domain::parse_bytes(data, policy) {
            assert!(
                e.offset() <= data.len(),
                "error offset past the input: {e:?}"
            );
        }
    }
    let s = text(data);
    let results: Vec<_> = POLICIES.iter().map(|(_, p)| Domain::parse_with(&s, p)).collect();
    for ((name, _), r) in POLICIES.iter().zip(&results) {
        match r {
            Ok(d) => check_domain(&s, d, name),
            Err(e) => assert!(
                e.offset() <= s.len(),
                "{name}: error offset past the input: {e:?}"
            ),
        }
    }
    let [host, fqdn, dns, dns_numeric] = &results[..] else {
        unreachable!()
    };
    assert_eq!(
        fqdn.is_ok(),
        host.as_ref().is_ok_and(|d| d.label_count() >= 2),
        "FQDN must be HOSTNAME plus at least two labels: {host:?} / {fqdn:?}"
    );
    if host.is_ok() {
        assert!(dns.is_ok(), "HOSTNAME accepts but DNS rejects: {dns:?}");
    }
    if dns.is_ok() {
        assert!(
            dns_numeric.is_ok(),
            "allowing numeric TLDs rejected a name: {dns_numeric:?}"
        );
    }
    if let Err(e) = fqdn
        && host.is_ok()
    {
        assert_eq!(e.kind(), DomainErrorKind::NotFullyQualified);
    }
}

/// `idna_roundtrip`: UTS #46 conversions through ldh-domain are consistent: `to_ascii`
/// success implies `to_unicode` success on the input and on the result, and converting
/// back to ASCII gives the same A-label form (UTS #46 §4.2: `ToASCII` is idempotent on the
/// output of `ToUnicode`); the A-label form is a valid host name once all-digit TLDs are
/// allowed (UTS #46 does not forbid `1.2.3.4`).
pub fn idna_roundtrip(data: &[u8]) {
    let s = text(data);
    let ascii = ldh_domain::to_ascii(&s);
    let unicode = ldh_domain::to_unicode(&s);
    let Ok(ascii) = ascii else {
        return;
    };
    assert!(ascii.is_ascii(), "to_ascii output is not ASCII: {ascii:?}");
    let unicode = unicode.expect("to_ascii succeeded but to_unicode failed on the same input");
    assert_eq!(
        ldh_domain::to_ascii(&unicode).as_deref().ok(),
        Some(&*ascii),
        "to_ascii(to_unicode(x)) != to_ascii(x) (unicode form {unicode:?})"
    );
    let back = ldh_domain::to_unicode(&ascii).expect("to_unicode of an A-label form failed");
    assert_eq!(back, unicode, "to_unicode(to_ascii(x)) != to_unicode(x)");
    assert_eq!(
        ldh_domain::to_ascii(&ascii).as_deref().ok(),
        Some(&*ascii),
        "to_ascii not idempotent"
    );
    let policy = ldh_domain::Policy::HOSTNAME.with_numeric_tld(NumericTld::Allow);
    if let Err(e) = Domain::parse_with(&ascii, &policy) {
        panic!("to_ascii output {ascii:?} is not a host name: {e:?}");
    }
}

/// `domain_ascii_vs_naive`: for ASCII input, `Domain::parse` under HOSTNAME, FQDN and
/// DNS agrees with the char-by-char reference of `naive.rs`, written from the RFC rules.
pub fn domain_ascii_vs_naive(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if !s.is_ascii() {
        return;
    }
    let checks = [
        (
            "HOSTNAME",
            ldh_domain::Policy::HOSTNAME,
            naive::Syntax::Ldh,
            false,
        ),
        ("FQDN", ldh_domain::Policy::FQDN, naive::Syntax::Ldh, true),
        (
            "DNS",
            ldh_domain::Policy::DNS,
            naive::Syntax::AnyOctet,
            false,
        ),
    ];
    for (name, policy, syntax, fqdn) in checks {
        // The reference judges decoded A-labels by UTS #46 (through `idna`), so
        // ldh-domain runs in that mode here; IDNA 2008 validity is tested against
        // Unicode's `Idna2008.txt` by ldh-domain's own tests.
        let policy = policy.with_idna_mode(ldh_domain::IdnaMode::Uts46);
        let ours = Domain::parse_with(s, &policy);
        let reference = naive::check_ascii_domain(s, syntax, fqdn);
        assert_eq!(
            ours.is_ok(),
            reference.is_ok(),
            "{name}: ldh-domain {ours:?}, naive reference {reference:?}"
        );
    }
}

/// Code points for [`domain_vs_idna`]: every code point of the blocks whose U-labels
/// ldh-domain checks without the UTS #46 engine (Latin to Armenian, Hebrew, Arabic,
/// Devanagari, Bengali, Tamil, Thai, part of Georgian and kana), and a few it leaves to
/// the engine (joiners, combining diacritics, Arabic-Indic digits, a CJK ideograph).
const IDN_RANGES: [(u32, u32); 8] = [
    (0x80, 0x5FF),
    (0x600, 0x6FF),
    (0x900, 0x9FF),
    (0xB80, 0xBFF),
    (0xE00, 0xE7F),
    (0x10C0, 0x10FF),
    (0x3040, 0x30FF),
    (0x200B, 0x200F),
];

/// How many code points [`IDN_RANGES`] holds.
const IDN_TOTAL: u32 = {
    let mut total = 0;
    let mut i = 0;
    while i < IDN_RANGES.len() {
        total += IDN_RANGES[i].1 - IDN_RANGES[i].0 + 1;
        i += 1;
    }
    total
};

/// The `k`-th code point of [`IDN_RANGES`] (modulo their total size).
fn idn_code_point(k: u32) -> char {
    let mut k = k % IDN_TOTAL;
    for (first, last) in IDN_RANGES {
        let size = last - first + 1;
        if k < size {
            return char::from_u32(first + k).unwrap_or('\u{4E00}');
        }
        k -= size;
    }
    '\u{4E00}'
}

/// `domain_vs_idna`: names whose A-labels are made from arbitrary strings of the
/// code points above (Punycode-encoded without any validity check): in the default IDNA
/// 2008 mode the name gets the same verdict written with U-labels as with A-labels; in
/// the UTS #46 mode the same verdict from `Domain::parse` (HOSTNAME) as from
/// `idna::domain_to_ascii_strict`, except where they differ on purpose: R-LDH labels (a
/// warning here), the root dot (accepted here), an all-digit last label (an error here).
pub fn domain_vs_idna(data: &[u8]) {
    const ASCII: &[u8; 38] = b"abcdefghijklmnopqrstuvwxyz0123456789-.";
    // Two input bytes per character: below 0x100 an ASCII LDH octet or a dot, else a
    // code point of `IDN_RANGES`.
    let text: String = data
        .chunks(2)
        .map(|pair| {
            let v = u32::from(pair[0]) | pair.get(1).map_or(0, |&b| u32::from(b) << 8);
            if v < 0x100 {
                char::from(ASCII[v as usize % ASCII.len()])
            } else {
                idn_code_point(v - 0x100)
            }
        })
        .collect();
    let mut labels = Vec::new();
    for label in text.split('.') {
        if label.is_ascii() {
            labels.push(label.to_owned());
        } else {
            let Ok(payload) = punycode_core::encode_to_string(label) else {
                return;
            };
            labels.push(format!("xn--{payload}"));
        }
    }
    let name = labels.join(".");
    let on_purpose = name.ends_with('.')
        || labels
            .iter()
            .any(|l| l.len() >= 4 && &l[2..4] == "--" && !l.starts_with("xn--"))
        || labels
            .last()
            .is_some_and(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()));
    if on_purpose {
        return;
    }
    // IDNA 2008 (the default mode): a name gets the same verdict written with U-labels
    // as with the A-labels they encode (RFC 5891 §5.4 judges the decoded U-label).
    let as_u_labels = Domain::parse_with(&text, &ldh_domain::Policy::HOSTNAME);
    let as_a_labels = Domain::parse_with(&name, &ldh_domain::Policy::HOSTNAME);
    assert_eq!(
        as_u_labels.is_ok(),
        as_a_labels.is_ok(),
        "{text:?}: as U-labels {as_u_labels:?}, as A-labels ({name}) {as_a_labels:?}"
    );
    // The UTS #46 mode against the `idna` crate's UTS #46 processing.
    let uts46 = ldh_domain::Policy::HOSTNAME.with_idna_mode(ldh_domain::IdnaMode::Uts46);
    let ours = Domain::parse_with(&name, &uts46);
    let theirs = idna::domain_to_ascii_strict(&name);
    assert_eq!(
        ours.is_ok(),
        theirs.is_ok(),
        "{name} (from {text:?}): ldh-domain {ours:?}, idna {theirs:?}"
    );
}

// ---------------------------------------------------------------------------------------
// rfc-email
// ---------------------------------------------------------------------------------------

const PROFILES: [(&str, rfc_email::Policy); 5] = [
    ("RFC5321", rfc_email::Policy::RFC5321),
    ("SMTPUTF8", rfc_email::Policy::SMTPUTF8),
    ("RFC5322", rfc_email::Policy::RFC5322),
    ("HTML5", rfc_email::Policy::HTML5),
    ("RFC3696_PUBLISHED", rfc_email::Policy::RFC3696_PUBLISHED),
];

/// Byte range of `part` inside `whole` (both from the same string).
fn span_in(whole: &str, part: &str) -> (usize, usize) {
    let start = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    assert!(
        start <= whole.len() && start + part.len() <= whole.len(),
        "slice not inside the input"
    );
    (start, start + part.len())
}

fn check_address(input: &str, a: &EmailAddress<'_>, name: &str, policy: &rfc_email::Policy) {
    assert_eq!(a.as_str(), input, "{name}: as_str");
    assert_eq!(a.policy(), *policy, "{name}: policy");
    let (ls, le) = span_in(input, a.local_part());
    let (ds, de) = span_in(input, a.domain().as_str());
    assert!(le <= ds, "{name}: local part after the domain");
    if policy.syntax() != Syntax::Message {
        // No CFWS outside RFC 5322: the address is exactly local "@" domain.
        assert_eq!(
            (ls, de),
            (0, input.len()),
            "{name}: parts do not cover the input"
        );
        assert_eq!(&input[le..ds], "@", "{name}: parts not separated by one @");
    }
    if policy.charset() == Charset::Ascii {
        assert!(input.is_ascii(), "{name}: non-ASCII accepted");
        assert!(
            !a.requires_smtputf8(),
            "{name}: ASCII address needs SMTPUTF8"
        );
    }
    if let Some(max) = policy.max_local_len() {
        assert!(
            a.local_part().len() <= usize::from(max),
            "{name}: local part too long"
        );
    }
    if let Some(max) = policy.max_address_len() {
        assert!(input.len() <= usize::from(max), "{name}: address too long");
    }
    if policy.syntax() == Syntax::Smtp {
        // RFC 5321 §4.1.2: Local-part = Dot-string / Quoted-string, as a whole.
        assert_eq!(
            a.is_quoted(),
            a.local_part().starts_with('"'),
            "{name}: is_quoted"
        );
    }
    if policy.syntax() == Syntax::Smtp {
        match a.domain() {
            DomainPart::Name(d) => {
                assert!(
                    d.is_fully_qualified(),
                    "{name}: SMTP domain not fully qualified"
                );
                let fqdn = Domain::parse_with(d.as_str(), &ldh_domain::Policy::FQDN);
                assert!(
                    fqdn.is_ok(),
                    "{name}: domain {d} rejected by ldh-domain FQDN: {fqdn:?}"
                );
            }
            DomainPart::Literal(AddressLiteral::Ipv4 { .. } | AddressLiteral::Ipv6 { .. }) => {}
            other => panic!("{name}: SMTP profile accepted domain {other:?}"),
        }
    }
    let owned = rfc_email::EmailAddressBuf::parse_with(input, policy)
        .expect("EmailAddressBuf disagrees");
    assert_eq!(
        owned.as_address(),
        *a,
        "{name}: EmailAddressBuf view differs"
    );
}

/// `email_parse`: parsing never panics under any of the five profiles; accepted
/// addresses keep their invariants (parts inside the input, limits, charset, SMTP
/// domains are FQDNs or IP literals); the documented inclusions hold: whatever RFC5321
/// accepts, SMTPUTF8, RFC5322 and `RFC3696_PUBLISHED` accept (the last only relaxes
/// backslashes and the length limit).
pub fn email_parse(data: &[u8]) {
    for (_, policy) in &PROFILES {
        if let Err(e) = EmailAddress::parse_bytes(data, policy) {
            assert!(
                e.offset() <= data.len(),
                "error offset past the input: {e:?}"
            );
        }
    }
    let s = text(data);
    let results: Vec<_> = PROFILES
        .iter()
        .map(|(_, p)| EmailAddress::parse_with(&s, p))
        .collect();
    for ((name, policy), r) in PROFILES.iter().zip(&results) {
        match r {
            Ok(a) => check_address(&s, a, name, policy),
            Err(e) => {
                assert!(
                    e.offset() <= s.len(),
                    "{name}: error offset past the input: {e:?}"
                );
                assert!(
                    s.is_char_boundary(e.offset()),
                    "{name}: error offset inside a character: {e:?}"
                );
            }
        }
    }
    if results[0].is_ok() {
        for (i, r) in results.iter().enumerate().skip(1) {
            if i == 3 {
                continue; // HTML5 is a different grammar, not a superset.
            }
            assert!(
                r.is_ok(),
                "RFC5321 accepts but {} rejects: {r:?}",
                PROFILES[i].0
            );
        }
    }
}

/// A domain's identity: its A-label form when it is a DNS name (whatever form and case
/// it was written in), else its text in lower case.
fn domain_key(text: &str) -> String {
    let policy = ldh_domain::Policy::DNS.with_numeric_tld(NumericTld::Allow);
    Domain::parse_with(text, &policy)
        .ok()
        .and_then(|d| d.to_ascii().ok().map(|c| c.to_lowercase()))
        .unwrap_or_else(|| text.to_lowercase())
}

/// What identifies the mailbox: the local part's value and the domain's value.
fn mailbox(a: &EmailAddress<'_>) -> (String, String) {
    let local = if a.policy().syntax() == Syntax::Html5 {
        a.local_part().to_owned()
    } else {
        a.unquoted_local_part().into_owned()
    };
    let domain = match a.domain() {
        DomainPart::Name(d) => domain_key(d.as_str()),
        DomainPart::Literal(AddressLiteral::Ipv4 { addr, .. }) => addr.to_string(),
        DomainPart::Literal(AddressLiteral::Ipv6 { addr, .. }) => addr.to_string(),
        // Other literals and non-DNS domains (e.g. an RFC 5322 `obs-domain` with CFWS):
        // their text without CFWS, as normalization writes it, then as above.
        _ => domain_key(
            a.normalize(DomainForm::AsWritten)
                .rsplit_once('@')
                .map_or("", |(_, d)| d),
        ),
    };
    (local, domain)
}

/// `email_normalize`: `normalize` of an accepted address gives an address that the same
/// profile accepts and that names the same mailbox (same unquoted local part, same
/// domain in A-label form / same IP), and normalizing again changes nothing.
/// `DomainForm::Unicode` is only checked under UTF-8 profiles: writing U-labels under an
/// ASCII-only profile leaves that profile by definition.
pub fn email_normalize(data: &[u8]) {
    let s = text(data);
    for (name, policy) in &PROFILES {
        let Ok(a) = EmailAddress::parse_with(&s, policy) else {
            continue;
        };
        for form in [
            DomainForm::AsWritten,
            DomainForm::Ascii,
            DomainForm::Unicode,
        ] {
            if form == DomainForm::Unicode && policy.charset() == Charset::Ascii {
                continue;
            }
            let n = a.normalize(form);
            let b = match EmailAddress::parse_with(&n, policy) {
                Ok(b) => b,
                Err(e) => {
                    panic!("{name}/{form:?}: normalized {n:?} of {s:?} does not parse: {e:?}")
                }
            };
            assert_eq!(
                mailbox(&a),
                mailbox(&b),
                "{name}/{form:?}: {s:?} -> {n:?} names another mailbox"
            );
            assert_eq!(
                b.normalize(form),
                n,
                "{name}/{form:?}: normalize is not idempotent on {s:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// uri-schemes
// ---------------------------------------------------------------------------------------

/// RFC 3986 §5.3 component recomposition.
fn recompose(r: &UriRef<'_>) -> String {
    let mut out = String::new();
    if let Some(s) = r.scheme() {
        out.push_str(s);
        out.push(':');
    }
    if let Some(a) = r.authority() {
        out.push_str("//");
        out.push_str(a.as_str());
    }
    out.push_str(r.path());
    if let Some(q) = r.query() {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        out.push_str(f);
    }
    out
}

type Components<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn components<'a>(r: &UriRef<'a>) -> Components<'a> {
    (
        r.scheme(),
        r.authority().map(|a| a.as_str()),
        r.userinfo(),
        r.host().map(|h| h.as_str()),
        r.port_str(),
        r.path(),
        r.query(),
        r.fragment(),
    )
}

/// `uri_roundtrip`: `UriRef::parse` never panics; an accepted reference displays as
/// its input, re-parses to the same components and recomposes (RFC 3986 §5.3) to its
/// input; `Uri::parse` accepts exactly the references with a scheme; the lenient
/// options accept a superset; `normalize` gives a reference that parses and is a fixed
/// point (its documented guarantee).
pub fn uri_roundtrip(data: &[u8]) {
    for options in [
        UriPolicy::STRICT,
        UriPolicy::STRICT.with_zone_ids().with_iri(),
    ] {
        if let Err(e) = UriRef::parse_bytes(data, &options) {
            assert!(
                e.offset() <= data.len(),
                "error offset past the input: {e:?}"
            );
        }
    }
    let s = text(data);
    let strict = UriRef::parse(&s);
    let lenient = UriRef::parse_with(&s, &UriPolicy::STRICT.with_zone_ids().with_iri());
    assert_eq!(
        Uri::parse(&s).is_ok(),
        strict.as_ref().is_ok_and(UriRef::has_scheme),
        "Uri vs UriRef"
    );
    let r = match strict {
        Ok(r) => r,
        Err(e) => {
            assert!(e.offset() <= s.len(), "error offset past the input: {e:?}");
            return;
        }
    };
    assert!(
        lenient.is_ok(),
        "strict accepts, lenient options reject: {lenient:?}"
    );
    assert_eq!(
        components(&lenient.expect("checked")),
        components(&r),
        "lenient parse splits differently"
    );
    let shown = r.to_string();
    assert_eq!(shown, *s, "Display is not the input");
    let again = UriRef::parse(&shown).expect("Display output does not parse");
    assert_eq!(
        components(&again),
        components(&r),
        "re-parse gives other components"
    );
    assert_eq!(
        recompose(&r),
        *s,
        "RFC 3986 §5.3 recomposition is not the input"
    );
    if let Some(a) = r.authority() {
        assert_eq!(r.host().map(|h| h.as_str()), Some(a.host().as_str()));
        if let Some(p) = a.port_str() {
            assert!(p.bytes().all(|b| b.is_ascii_digit()), "port {p:?}");
            if let Some(n) = a.port() {
                assert_eq!(
                    p.trim_start_matches('0').parse::<u16>().unwrap_or(0),
                    n,
                    "port number"
                );
            }
        }
    } else {
        assert!(r.host().is_none() && r.port_str().is_none() && r.userinfo().is_none());
    }
    let n = r.normalize();
    let nr = match UriRef::parse(&n) {
        Ok(nr) => nr,
        Err(e) => panic!("normalize({s:?}) = {n:?} does not parse: {e:?}"),
    };
    assert_eq!(
        nr.has_scheme(),
        r.has_scheme(),
        "normalize changed the reference kind"
    );
    assert_eq!(nr.normalize(), n, "normalize is not idempotent on {s:?}");
}

/// `uri_resolve`: input is `base \n reference`. When the base is a URI and the
/// reference parses, `resolve` gives a URI that parses (its documented guarantee),
/// equals `resolve_against`, is deterministic, and reaches a fixed point after one more
/// resolution against the same base (the result then has a scheme and no dot segments
/// left, RFC 3986 §5.2.2 and §5.2.4); the fragment is the reference's.
pub fn uri_resolve(data: &[u8]) {
    let s = text(data);
    let (base, reference) = s.split_once('\n').unwrap_or((&s, ""));
    let (Ok(base), Ok(reference)) = (Uri::parse(base), UriRef::parse(reference)) else {
        return;
    };
    let target = uri_schemes::resolve(&base, &reference);
    let parsed = match Uri::parse(&target) {
        Ok(t) => t,
        Err(e) => panic!("resolve({base}, {reference}) = {target:?} is not a URI: {e:?}"),
    };
    assert_eq!(
        reference.resolve_against(&base),
        target,
        "resolve_against differs"
    );
    assert_eq!(
        uri_schemes::resolve(&base, &reference),
        target,
        "resolve is not deterministic"
    );
    // Resolving the target again gives a fixed point after one step, not at once: with
    // an empty reference §5.2.2 copies the base path *without* remove_dot_segments, so
    // `http://a/b/./x` + `` = `http://a/b/./x`, and only a second resolution (the target
    // now has a scheme) removes the `./` (found by this target; see docs/notes/fuzz.md).
    let once = uri_schemes::resolve(&base, parsed.as_uri_ref());
    let once_parsed = match Uri::parse(&once) {
        Ok(t) => t,
        Err(e) => panic!("re-resolved {once:?} is not a URI: {e:?}"),
    };
    assert_eq!(
        uri_schemes::resolve(&base, once_parsed.as_uri_ref()),
        once,
        "resolution is not a fixed point after one step"
    );
    // A URI with a scheme resolves to the same thing against any base (§5.2.2).
    assert_eq!(
        uri_schemes::resolve(&once_parsed, once_parsed.as_uri_ref()),
        once,
        "self-resolution"
    );
    if reference.fragment().is_some() {
        assert_eq!(
            parsed.fragment(),
            reference.fragment(),
            "§5.2.2: T.fragment = R.fragment"
        );
    } else {
        assert!(parsed.fragment().is_none(), "§5.2.2: fragment from nowhere");
    }
}

/// `http_parse`: `HttpUrl::parse` never panics; an accepted URL is an absolute URI with
/// scheme http/https, a non-empty host whose A-label form can be computed, a port that
/// fits 16 bits; its origin re-parses as an http(s) URL with the same origin; the
/// lenient policies (userinfo with a warning, IRIs) accept a superset.
pub fn http_parse(data: &[u8]) {
    let s = text(data);
    let strict = HttpUrl::parse(&s);
    let lax_policy = HttpPolicy::STRICT
        .with_userinfo(uri_schemes::UserinfoPolicy::Warn)
        .with_iri();
    let lax = HttpUrl::parse_with(&s, &lax_policy);
    let iri = HttpUrl::parse_with(&s, &HttpPolicy::STRICT.with_iri());
    if let Err(e) = &strict {
        assert!(e.offset() <= s.len(), "error offset past the input: {e:?}");
    }
    if strict.is_ok() {
        assert!(iri.is_ok(), "strict accepts, IRI policy rejects: {iri:?}");
    }
    if iri.is_ok() {
        assert!(
            lax.is_ok(),
            "IRI policy accepts, lax policy rejects: {lax:?}"
        );
    }
    for url in [strict.ok(), iri.ok(), lax.ok()].into_iter().flatten() {
        assert_eq!(url.as_str(), &*s);
        assert_eq!(url.to_string(), *s);
        let scheme = url.as_uri().scheme();
        assert_eq!(url.is_https(), scheme.eq_ignore_ascii_case("https"));
        assert!(scheme.eq_ignore_ascii_case("http") || url.is_https());
        assert!(!url.host().as_str().is_empty(), "empty host accepted");
        assert_eq!(url.port(), url.as_uri().port());
        let ascii = match url.host_ascii() {
            Ok(a) => a,
            Err(e) => panic!("host_ascii of accepted {s:?} failed: {e:?}"),
        };
        assert!(ascii.is_ascii(), "host_ascii not ASCII: {ascii:?}");
        let origin = url.origin();
        let shown = origin.to_string();
        let back = match HttpUrl::parse_with(&shown, &lax_policy) {
            Ok(b) => b,
            Err(e) => panic!("origin {shown:?} of {s:?} does not parse: {e:?}"),
        };
        assert_eq!(back.origin(), origin, "origin changed after a round trip");
    }
}

/// The email policy that `Mailto` and `MailtoBuilder` check an address with.
fn mailto_policy(address: &str) -> rfc_email::Policy {
    if address.is_ascii() {
        rfc_email::Policy::RFC5321
    } else {
        rfc_email::Policy::SMTPUTF8
    }
}

/// RFC 5322 §3.6.8 `field-name = 1*ftext` (printable ASCII except `:`).
pub(crate) fn assert_field_name(name: &str, uri: &str) {
    assert!(
        !name.is_empty() && name.bytes().all(|b| matches!(b, 33..=57 | 59..=126)),
        "header name {name:?} of {uri:?} is not an RFC 5322 field-name"
    );
}

/// `mailto_parse`: `Mailto::parse` never panics; an accepted URI is a valid `Uri`, shows
/// as its input, and has a fragment only with the `fragment_in_mailto` warning; every
/// decoded header name is an RFC 5322 field-name; every decoded recipient (path and the
/// RFC 5322 address lists of `to`, `cc` and `bcc` fields) is an address `rfc-email`
/// accepts (RFC 6068 §2); raw and decoded accessors agree.
pub fn mailto_parse(data: &[u8]) {
    let s = text(data);
    let m = match Mailto::parse(&s) {
        Ok(m) => m,
        Err(e) => {
            assert!(e.offset() <= s.len(), "error offset past the input: {e:?}");
            return;
        }
    };
    let uri = Uri::parse(&s).expect("accepted mailto is not a URI");
    assert!(uri.scheme().eq_ignore_ascii_case("mailto"));
    assert_eq!(
        uri.fragment().is_some(),
        m.warnings()
            .contains(uri_schemes::Warning::FragmentInMailto),
        "fragment without its warning"
    );
    assert_eq!(m.to_string(), *s);
    let to = m.to();
    let raw_to: Vec<_> = m.raw_to().collect();
    assert!(to.len() >= raw_to.len());
    for address in &to {
        let r = EmailAddress::parse_with(address, &mailto_policy(address));
        assert!(
            r.is_ok(),
            "recipient {address:?} of {s:?} is not a valid address: {r:?}"
        );
    }
    for (name, value) in m.raw_hfields() {
        let decoded = uri_schemes::percent::decode_to_string(name).expect("hfname not UTF-8");
        assert_field_name(&decoded, &s);
        if ["to", "cc", "bcc"]
            .iter()
            .any(|n| decoded.eq_ignore_ascii_case(n))
            && !value.is_empty()
        {
            let list = uri_schemes::percent::decode_to_string(value).expect("value not UTF-8");
            for mailbox in rfc_email::mailboxes(&list) {
                let address = mailbox
                    .unwrap_or_else(|e| {
                        panic!("{decoded} list {list:?} of {s:?} accepted but: {e}")
                    })
                    .addr_spec();
                let r = EmailAddress::parse_with(address, &mailto_policy(address));
                assert!(
                    r.is_ok(),
                    "{decoded} address {address:?} of {s:?} is not valid: {r:?}"
                );
            }
        }
    }
    let fields = m.hfields();
    assert_eq!(fields.len(), m.raw_hfields().count());
    assert_eq!(m.subject(), m.header("subject"));
    assert_eq!(
        m.subject(),
        fields
            .iter()
            .find(|(n, _)| n == "subject")
            .map(|(_, v)| v.clone()),
        "subject() is not the first subject field"
    );
}

/// Reads the fuzzer's bytes as builder calls: chunks separated by `0xFF` (never part
/// of UTF-8), each an operation byte then text.
fn builder_ops(data: &[u8]) -> Vec<(u8, String)> {
    data.split(|&b| b == 0xFF)
        .filter_map(|chunk| {
            let (&op, rest) = chunk.split_first()?;
            Some((op % 6, String::from_utf8_lossy(rest).into_owned()))
        })
        .collect()
}

/// An address as the builder writes it: an IDN domain as A-labels (RFC 6068 §2 item 4).
fn as_written(address: &str) -> String {
    match EmailAddress::parse_with(address, &mailto_policy(address)).map(|a| a.domain()) {
        Ok(DomainPart::Name(name)) if !name.is_ascii() => {
            let (local, _) = address.rsplit_once('@').expect("an address has an @");
            format!(
                "{local}@{}",
                name.to_ascii().expect("a valid IDN has an A-label form")
            )
        }
        _ => address.to_owned(),
    }
}

/// Every line break (CRLF, CR, LF) as CRLF.
fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\n', "\r\n")
}

#[derive(Debug)]
enum Expected {
    Text(String),
    Addresses(Vec<String>),
}

/// `mailto_build`: a `MailtoBuilder` fed fuzzer-chosen recipients and header fields
/// builds exactly when every address is valid (RFC 5321, or SMTPUTF8 when not ASCII) and
/// every header name is an RFC 5322 `field-name`; what it builds parses with `Mailto`
/// and gives back the same recipients and the same fields in the documented order
/// (calls in order; `cc`/`bcc` gathered into one field each; `subject`/`body`
/// replaced in place). Generic header names that the builder treats specially or that
/// `Mailto` checks as addresses (`to`, `cc`, `bcc`, `subject`, `body`) are skipped:
/// `header("to", …)` is documented as unchecked text, so it may legitimately not parse.
pub fn mailto_build(data: &[u8]) {
    let mut builder = MailtoBuilder::new();
    let mut to = Vec::new();
    let mut fields: Vec<(String, Expected)> = Vec::new();
    let mut all_valid = true;
    for (op, arg) in builder_ops(data) {
        match op {
            0 => {
                all_valid &= EmailAddress::parse_with(&arg, &mailto_policy(&arg)).is_ok();
                builder = builder.to(&arg);
                to.push(as_written(&arg));
            }
            1 | 2 => {
                let name = if op == 1 { "cc" } else { "bcc" };
                all_valid &= EmailAddress::parse_with(&arg, &mailto_policy(&arg)).is_ok();
                builder = if op == 1 {
                    builder.cc(&arg)
                } else {
                    builder.bcc(&arg)
                };
                let arg = as_written(&arg);
                match fields.iter_mut().find(|(n, _)| n == name) {
                    Some((_, Expected::Addresses(list))) => list.push(arg),
                    _ => fields.push((name.to_owned(), Expected::Addresses(vec![arg]))),
                }
            }
            3 | 4 => {
                let name = if op == 3 { "subject" } else { "body" };
                builder = if op == 3 {
                    builder.subject(&arg)
                } else {
                    builder.body(&arg)
                };
                // RFC 6068 §7: line breaks only in the body, written as CRLF (§5).
                let arg = if op == 3 {
                    all_valid &= !arg.contains(['\r', '\n']);
                    arg
                } else {
                    crlf(&arg)
                };
                match fields.iter_mut().find(|(n, _)| n == name) {
                    Some((_, v)) => *v = Expected::Text(arg),
                    None => fields.push((name.to_owned(), Expected::Text(arg))),
                }
            }
            _ => {
                let (name, value) = arg.split_once(':').unwrap_or((&arg, ""));
                if ["to", "cc", "bcc", "subject", "body"]
                    .iter()
                    .any(|n| name.eq_ignore_ascii_case(n))
                {
                    continue;
                }
                all_valid &= !name.is_empty()
                    && name.bytes().all(|b| matches!(b, 33..=57 | 59..=126))
                    && !value.contains(['\r', '\n']);
                builder = builder.header(name, value);
                fields.push((name.to_owned(), Expected::Text(value.to_owned())));
            }
        }
    }
    let uri = match builder.build() {
        Ok(uri) => uri,
        Err(e) => {
            assert!(
                !all_valid,
                "build failed on valid parts: {e:?} ({to:?}, {fields:?})"
            );
            return;
        }
    };
    assert!(all_valid, "build accepted an invalid part: {uri:?}");
    let m = match Mailto::parse(&uri) {
        Ok(m) => m,
        Err(e) => panic!("built {uri:?} does not parse: {e:?}"),
    };
    let decode = |raw: &str| {
        uri_schemes::percent::decode_to_string(raw)
            .expect("not UTF-8")
            .into_owned()
    };
    let got_to: Vec<String> = m.raw_to().map(decode).collect();
    assert_eq!(got_to, to, "recipients before ? differ in {uri:?}");
    let got: Vec<(&str, &str)> = m.raw_hfields().collect();
    assert_eq!(
        got.len(),
        fields.len(),
        "field count differs in {uri:?}: {fields:?}"
    );
    for ((raw_name, raw_value), (name, expected)) in got.iter().zip(&fields) {
        assert_eq!(decode(raw_name), *name, "field name in {uri:?}");
        match expected {
            Expected::Text(text) => assert_eq!(decode(raw_value), *text, "field {name} in {uri:?}"),
            Expected::Addresses(list) => {
                let back: Vec<String> = raw_value.split(',').map(decode).collect();
                assert_eq!(&back, list, "field {name} in {uri:?}");
            }
        }
    }
}

/// `uri_vs_fluent`: `UriRef::parse` and `fluent_uri::UriRef::parse` accept the same
/// strings and split them into the same scheme, authority, path, query and fragment,
/// except for the differences listed in `naive::uri_difference` (each justified there).
pub fn uri_vs_fluent(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let ours = UriRef::parse(s);
    let theirs = fluent_uri::UriRef::parse(s);
    if ours.is_ok() != theirs.is_ok() {
        if naive::uri_difference(s).is_some() {
            return;
        }
        panic!(
            "accept/reject differs on {s:?}: ours {ours:?}, fluent-uri {:?}",
            theirs.as_ref().map(|_| ())
        );
    }
    if let (Ok(a), Ok(b)) = (ours, theirs) {
        assert_eq!(
            a.scheme(),
            b.scheme().map(fluent_uri::component::Scheme::as_str),
            "scheme of {s:?}"
        );
        assert_eq!(
            a.authority().map(|x| x.as_str()),
            b.authority().map(|x| x.as_str()),
            "authority of {s:?}"
        );
        assert_eq!(a.path(), b.path().as_str(), "path of {s:?}");
        assert_eq!(
            a.query(),
            b.query().map(fluent_uri::pct_enc::EStr::as_str),
            "query of {s:?}"
        );
        assert_eq!(
            a.fragment(),
            b.fragment().map(fluent_uri::pct_enc::EStr::as_str),
            "fragment of {s:?}"
        );
        if let (Some(x), Some(y)) = (a.authority(), b.authority()) {
            assert_eq!(
                x.userinfo(),
                y.userinfo().map(fluent_uri::pct_enc::EStr::as_str),
                "userinfo of {s:?}"
            );
            assert_eq!(
                x.port_str(),
                y.port().map(fluent_uri::pct_enc::EStr::as_str),
                "port of {s:?}"
            );
            assert_eq!(x.host().as_str(), y.host(), "host of {s:?}");
        }
    }
}
