//! `MailtoBuilder` against `Mailto::parse` (RFC 6068 §2): what the builder writes parses
//! back to the same recipients and header fields, in order, with no header flagged;
//! what it refuses, `Mailto::parse` refuses or flags, field by field.

#![cfg(feature = "mailto")]

use proptest::prelude::*;
use uri_schemes::percent::{EncodeSet, encode};
use uri_schemes::{Mailto, MailtoBuilder, MailtoField, UriErrorKind as K, Warning};

/// RFC 6068 §2: a `Cc` field's value is an address list; `Cc` alone is not one, so the
/// builder refuses it, as `Mailto::parse` refuses what it used to write.
#[test]
fn rfc6068_2_an_address_field_given_as_text_must_be_an_address_list() {
    assert_eq!(
        Mailto::parse("mailto:a@example.com?Cc=Cc")
            .unwrap_err()
            .code(),
        "missing_at"
    );
    let err = MailtoBuilder::new()
        .to("a@example.com")
        .header("Cc", "Cc")
        .build()
        .unwrap_err();
    assert_eq!(err.code(), "missing_at");
    assert_eq!(
        err.field(),
        MailtoField::Header {
            index: 0,
            address: None
        }
    );
    assert_eq!(err.argument(), "Cc");
    assert_eq!(err.header_name(), Some("Cc"));
    assert_eq!(
        err.to_string(),
        format!("header field 0 (`Cc`): {}", err.uri_error())
    );
    // The offset is in the value: the second address of the list ends where its domain
    // should start.
    let err = MailtoBuilder::new()
        .header("to", "a@example.com, b@")
        .build()
        .unwrap_err();
    assert_eq!(err.code(), "empty_domain");
    assert_eq!(err.offset(), "a@example.com, b@".len());
    // A real list is written and read back, display names and all.
    let uri = MailtoBuilder::new()
        .to("a@example.com")
        .header("Cc", "Bob <bob@example.com>, c@example.com")
        .build()
        .unwrap();
    let m = Mailto::parse(&uri).unwrap();
    assert_eq!(
        m.hfields(),
        [(
            "cc".to_owned(),
            "Bob <bob@example.com>, c@example.com".to_owned()
        )]
    );
}

/// RFC 6068 §3: `From` (an originator field) MUST be ignored by the mail client, and
/// `Mailto::parse` flags it; the builder does not write it.
#[test]
fn rfc6068_3_fields_mail_clients_must_ignore_are_refused() {
    let parsed = Mailto::parse("mailto:a@example.com?From=boss@example.com").unwrap();
    assert!(parsed.warnings().contains(Warning::UnsafeHeaderField));
    let err = MailtoBuilder::new()
        .to("a@example.com")
        .header("From", "boss@example.com")
        .build()
        .unwrap_err();
    assert_eq!(err.kind(), K::UnsafeHeaderField);
    assert_eq!(err.code(), "unsafe_header_field");
    assert_eq!(err.argument(), "From");
    assert_eq!(
        err.field(),
        MailtoField::Header {
            index: 0,
            address: None
        }
    );
    for name in [
        "from",
        "Sender",
        "Reply-To",
        "Date",
        "Resent-To",
        "Content-Type",
        "MIME-Version",
        "Received",
    ] {
        let err = MailtoBuilder::new().header(name, "x").build().unwrap_err();
        assert_eq!(err.kind(), K::UnsafeHeaderField, "{name}");
    }
    // A name that only starts like one is fine; `%46rom` is written `%2546rom`, not From.
    for name in ["Fromage", "%46rom", "X-From"] {
        assert!(
            MailtoBuilder::new().header(name, "x").build().is_ok(),
            "{name}"
        );
    }
}

/// RFC 6068 §2: creators SHOULD NOT use the same `hfname` twice; `subject` and `body`
/// replace an earlier field of the same name, whatever its case.
#[test]
fn rfc6068_2_a_name_is_written_once() {
    let err = MailtoBuilder::new()
        .header("Keywords", "a")
        .header("keywords", "b")
        .build()
        .unwrap_err();
    assert_eq!(err.kind(), K::DuplicateHeaderField);
    assert_eq!(
        err.field(),
        MailtoField::Header {
            index: 1,
            address: None
        }
    );
    let uri = MailtoBuilder::new()
        .header("Subject", "first")
        .subject("second")
        .build()
        .unwrap();
    assert_eq!(uri, "mailto:?Subject=second");
}

/// RFC 6068 §5, §7: every character `Mailto::parse` flags as header injection is a line
/// break to the builder, at its offset in the value.
#[test]
fn rfc6068_7_every_flagged_line_break_is_refused() {
    for c in ['\r', '\n', '\0', '\u{0B}', '\u{85}', '\u{2028}', '\u{2029}'] {
        let value = format!("ab{c}cd");
        let written = format!(
            "mailto:?subject={}",
            encode(value.as_bytes(), &EncodeSet::MAILTO_HFIELD)
        );
        assert!(
            Mailto::parse(&written)
                .unwrap()
                .warnings()
                .contains(Warning::HeaderInjection),
            "{c:?}"
        );
        let err = MailtoBuilder::new().subject(&value).build().unwrap_err();
        assert_eq!((err.kind(), err.offset()), (K::HeaderLineBreak, 2), "{c:?}");
        assert!(
            MailtoBuilder::new()
                .subject(&value)
                .allow_header_line_breaks(true)
                .build()
                .is_ok()
        );
    }
}

/// Errors name the recipient: the second `to`, the second `cc` address.
#[test]
fn errors_name_the_recipient() {
    let err = MailtoBuilder::new()
        .to("a@example.com")
        .to("b@exa mple.com")
        .build()
        .unwrap_err();
    assert_eq!(err.field(), MailtoField::To(1));
    assert_eq!(err.argument(), "b@exa mple.com");
    assert_eq!(err.header_name(), None);
    assert!(
        err.to_string()
            .starts_with("recipient 1: invalid email address")
    );
    let err = MailtoBuilder::new()
        .subject("s")
        .cc("c@example.com")
        .cc("d@")
        .build()
        .unwrap_err();
    assert_eq!(
        err.field(),
        MailtoField::Header {
            index: 1,
            address: Some(1)
        }
    );
    assert_eq!(err.argument(), "d@");
    assert_eq!(err.header_name(), Some("cc"));
    assert!(
        err.to_string()
            .starts_with("address 1 of header field 1 (`cc`): ")
    );
    // A name is quoted with its control characters escaped.
    let err = MailtoBuilder::new()
        .header("X\u{1b}[2J", "x")
        .build()
        .unwrap_err();
    assert_eq!(err.header_name(), Some("X\u{1b}[2J"));
    assert!(
        err.to_string()
            .starts_with(r"header field 0 (`X\u{1b}[2J`): "),
        "{err}"
    );
    // `?` converts into the URI error, kind and offset kept.
    let as_uri: uri_schemes::UriError = err.clone().into();
    assert_eq!((as_uri.kind(), as_uri.offset()), (err.kind(), err.offset()));
}

/// RFC 6068 §2 item 4: an IDN domain is written as its A-label, and read back so.
#[cfg(feature = "idna")]
#[test]
fn rfc6068_2_idn_recipients_come_back_as_a_labels() {
    let uri = MailtoBuilder::new()
        .to("info@bücher.example")
        .cc("用户@例子.example")
        .build()
        .unwrap();
    let m = Mailto::parse(&uri).unwrap();
    assert_eq!(m.to(), ["info@xn--bcher-kva.example"]);
    assert_eq!(m.hfields()[0].0, "cc");
    assert_eq!(m.hfields()[0].1, "用户@xn--fsqu00a.example");
}

// --- The property: parse(build(x)) == x, or both refuse ----------------------------

const LOCALS: [&str; 16] = [
    "a", "b.c", "x+y", "a=b", "p/q", "o'k", "100%", "a&b;c", "\"q u\"", "\"a,b\"", "\"a@b\"", "ü",
    "a..b", "", ".a", "a b",
];
const DOMAINS: [&str; 6] = [
    "example.com",
    "an.example",
    "[192.0.2.1]",
    "ex_ample.com",
    "",
    "-x.com",
];

fn address() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (prop::sample::select(&LOCALS[..]), prop::sample::select(&DOMAINS[..]))
            .prop_map(|(l, d)| format!("{l}@{d}")),
        1 => Just("no-at".to_owned()),
    ]
}

const TEXT_CHARS: [char; 20] = [
    'a', 'B', '1', ' ', '&', '=', '#', '%', '+', ';', '?', ',', '@', 'é', '<', '>', '\r', '\n',
    '\0', '\u{2028}',
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&TEXT_CHARS[..]), 0..10)
        .prop_map(|chars| chars.into_iter().collect())
}

/// Values for any field: free text, or an address list (so `to`/`cc` fields pass).
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        text(),
        prop::collection::vec(address(), 1..3).prop_map(|list| list.join(", ")),
        address().prop_map(|a| format!("Bob <{a}>")),
    ]
}

const NAMES: [&str; 20] = [
    "X-Custom",
    "Keywords",
    "In-Reply-To",
    "Subject",
    "to",
    "TO",
    "cc",
    "Cc",
    "bcc",
    "From",
    "Content-Type",
    "Resent-Date",
    "Bad Name",
    "a:b",
    "",
    "%46rom",
    "body",
    "Body",
    "x-a%",
    "Comments",
];

#[derive(Debug, Clone)]
enum Op {
    To(String),
    Cc(String),
    Bcc(String),
    Subject(String),
    Body(String),
    Header(&'static str, String),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => address().prop_map(Op::To),
        2 => address().prop_map(Op::Cc),
        1 => address().prop_map(Op::Bcc),
        2 => text().prop_map(Op::Subject),
        1 => text().prop_map(Op::Body),
        4 => (prop::sample::select(&NAMES[..]), value()).prop_map(|(n, v)| Op::Header(n, v)),
    ]
}

/// The header fields as the builder documents them: `cc`/`bcc` collect addresses into
/// one field named exactly so, `subject`/`body` replace a field of the same name.
#[derive(Debug, Clone)]
enum Value {
    Text(String),
    Addresses(Vec<String>),
}

#[derive(Debug, Default)]
struct Model {
    to: Vec<String>,
    headers: Vec<(String, Value)>,
}

impl Model {
    fn apply(&mut self, op: &Op) {
        match op {
            Op::To(a) => self.to.push(a.clone()),
            Op::Cc(a) => self.add("cc", a),
            Op::Bcc(a) => self.add("bcc", a),
            Op::Subject(t) => self.set("subject", t),
            Op::Body(t) => self.set("body", t),
            Op::Header(n, v) => self.headers.push(((*n).to_owned(), Value::Text(v.clone()))),
        }
    }

    fn add(&mut self, name: &str, address: &str) {
        match self.headers.iter_mut().find(|(n, _)| n == name) {
            Some((_, Value::Addresses(list))) => list.push(address.to_owned()),
            _ => self
                .headers
                .push((name.to_owned(), Value::Addresses(vec![address.to_owned()]))),
        }
    }

    fn set(&mut self, name: &str, text: &str) {
        match self
            .headers
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some((_, v)) => *v = Value::Text(text.to_owned()),
            None => self
                .headers
                .push((name.to_owned(), Value::Text(text.to_owned()))),
        }
    }

    /// What `Mailto::hfields` must return.
    fn hfields(&self) -> Vec<(String, String)> {
        self.headers
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    Value::Text(t) if name.eq_ignore_ascii_case("body") => crlf(t),
                    Value::Text(t) => t.clone(),
                    Value::Addresses(list) => list.join(","),
                };
                (name.to_ascii_lowercase(), value)
            })
            .collect()
    }

    /// What `Mailto::to` must return: the recipients, then the addresses of `to` fields.
    fn recipients(&self) -> Vec<String> {
        let mut out = self.to.clone();
        for (name, value) in &self.headers {
            if let (true, Value::Text(t)) = (name.eq_ignore_ascii_case("to"), value) {
                out.extend(
                    rfc_email::mailboxes(t)
                        .filter_map(Result::ok)
                        .map(|m| m.addr_spec().to_owned()),
                );
            }
        }
        out
    }
}

fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\n', "\r\n")
}

fn encoded(text: &str, set: &EncodeSet) -> String {
    encode(text.as_bytes(), set).to_string()
}

/// What `Mailto::parse` says of one field written on its own, as the builder would
/// write it: refused, or flagged as `warning`.
fn parse_refuses_or_flags(uri: &str, warning: Warning) -> bool {
    Mailto::parse(uri).map_or(true, |m| m.warnings().contains(warning))
}

/// Checks a refusal of the builder against `Mailto::parse`, field by field.
fn assert_parse_agrees_with_refusal(model: &Model, err: &uri_schemes::MailtoBuildError) {
    match err.field() {
        MailtoField::To(i) => {
            let address = &model.to[i];
            assert_eq!(err.argument(), address);
            let uri = format!("mailto:{}", encoded(address, &EncodeSet::MAILTO_ADDRESS));
            assert!(Mailto::parse(&uri).is_err(), "{err}: {uri} parses");
        }
        MailtoField::Header { index, address } => {
            let (name, value) = &model.headers[index];
            let hfname = encoded(name, &EncodeSet::MAILTO_HFIELD);
            // What the name alone decides, whatever the value.
            match err.kind() {
                K::InvalidHeaderName => {
                    assert_eq!(err.argument(), name);
                    let uri = format!("mailto:?{hfname}=x");
                    assert!(Mailto::parse(&uri).is_err(), "{err}: {uri} parses");
                    return;
                }
                K::UnsafeHeaderField => {
                    assert_eq!(err.argument(), name);
                    let uri = format!("mailto:?{hfname}=x");
                    let flag = Warning::UnsafeHeaderField;
                    assert!(parse_refuses_or_flags(&uri, flag), "{err}: {uri}");
                    return;
                }
                K::DuplicateHeaderField => {
                    assert_eq!(err.argument(), name);
                    let earlier = model.headers[..index]
                        .iter()
                        .find(|(n, _)| n.eq_ignore_ascii_case(name));
                    let (first, _) = earlier.expect("an earlier field of that name");
                    let uri = format!(
                        "mailto:?{}=x&{hfname}=x",
                        encoded(first, &EncodeSet::MAILTO_HFIELD)
                    );
                    let flag = Warning::DuplicateHeaderField;
                    assert!(parse_refuses_or_flags(&uri, flag), "{err}: {uri}");
                    return;
                }
                _ => {}
            }
            match (value, address) {
                (Value::Addresses(list), Some(j)) => {
                    assert_eq!(err.argument(), list[j]);
                    let uri = format!(
                        "mailto:?{hfname}={}",
                        encoded(&list[j], &EncodeSet::MAILTO_ADDRESS)
                    );
                    assert!(Mailto::parse(&uri).is_err(), "{err}: {uri} parses");
                }
                (Value::Text(text), None) => {
                    assert_eq!(err.argument(), text);
                    let uri = format!(
                        "mailto:?{hfname}={}",
                        encoded(text, &EncodeSet::MAILTO_HFIELD)
                    );
                    if err.kind() == K::HeaderLineBreak {
                        let flag = Warning::HeaderInjection;
                        assert!(parse_refuses_or_flags(&uri, flag), "{err}: {uri}");
                    } else {
                        assert!(Mailto::parse(&uri).is_err(), "{err}: {uri} parses");
                    }
                }
                _ => panic!("{err}: field {index} is {value:?}"),
            }
        }
        other => panic!("{err}: unexpected field {other:?}"),
    }
}

/// Cases of the property below.
const CASES: u32 = 4_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// RFC 6068 §2: for random builders (up to 8 calls of `to`, `cc`, `bcc`, `subject`,
    /// `body`, `header`), either `Mailto::parse(build(x))` gives back x's recipients and
    /// header fields in order with no field flagged, or the builder refuses and
    /// `Mailto::parse` refuses or flags that field written alone.
    #[test]
    fn rfc6068_2_parse_of_build_is_the_builder_or_both_refuse(
        ops in prop::collection::vec(op(), 0..8),
    ) {
        let mut builder = MailtoBuilder::new();
        let mut model = Model::default();
        for op in &ops {
            model.apply(op);
            builder = match op {
                Op::To(a) => builder.to(a),
                Op::Cc(a) => builder.cc(a),
                Op::Bcc(a) => builder.bcc(a),
                Op::Subject(t) => builder.subject(t),
                Op::Body(t) => builder.body(t),
                Op::Header(n, v) => builder.header(n, v),
            };
        }
        match builder.build() {
            Ok(uri) => {
                let m = Mailto::parse(&uri).unwrap_or_else(|e| panic!("{uri}: {e:?}"));
                prop_assert_eq!(m.to(), model.recipients(), "{}", uri);
                prop_assert_eq!(m.hfields(), model.hfields(), "{}", uri);
                for flag in [
                    Warning::HeaderInjection,
                    Warning::UnsafeHeaderField,
                    Warning::DuplicateHeaderField,
                ] {
                    prop_assert!(!m.warnings().contains(flag), "{} {:?}", uri, flag);
                }
            }
            Err(err) => assert_parse_agrees_with_refusal(&model, &err),
        }
    }
}

/// What no check of the builder foresees, the parse of its result refuses: a `cc` list
/// that decodes to more than `Mailto::parse` decodes (8,192 octets) is an error of that
/// field, not a URI that does not parse.
#[test]
fn what_parse_refuses_in_the_result_is_an_error_of_its_field() {
    let mut builder = MailtoBuilder::new().to("a@example.com");
    for _ in 0..600 {
        builder = builder.cc("\"q u\"@example.com");
    }
    let err = builder.build().unwrap_err();
    assert_eq!(err.kind(), K::AddressTooLong);
    assert_eq!(
        err.field(),
        MailtoField::Header {
            index: 0,
            address: None
        }
    );
    assert_eq!(err.header_name(), Some("cc"));
}
