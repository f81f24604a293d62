//! Quoted strings and comments: RFC 5321 §4.1.2 `Quoted-string`, RFC 5322 §3.2.2 and
//! §3.2.4, and the nesting bound on comments.

use rfc_email::{DEFAULT_MAX_COMMENT_DEPTH, EmailAddress, EmailErrorKind as K, Policy, Warning};

fn verdict(input: &str, policy: &Policy) -> Result<(), (K, usize)> {
    EmailAddress::parse_with(input, policy)
        .map(|_| ())
        .map_err(|e| (e.kind(), e.offset()))
}

#[test]
fn quoted_string_edge_cases_rfc5321() {
    let p = Policy::RFC5321;
    // `Quoted-string = DQUOTE *QcontentSMTP DQUOTE`: the empty string is allowed.
    assert_eq!(verdict("\"\"@example.com", &p), Ok(()));
    // A quoted space, a quoted quote, a quoted backslash.
    assert_eq!(verdict("\"\\ \"@example.com", &p), Ok(()));
    assert_eq!(verdict("\"a\\\"b\"@example.com", &p), Ok(()));
    assert_eq!(verdict("\"a\\\\b\"@example.com", &p), Ok(()));
    // Any printable character may be quoted, even when it needs no quoting.
    assert_eq!(verdict("\"\\a\"@example.com", &p), Ok(()));
    // Spaces, `@`, dots anywhere inside quotes.
    assert_eq!(verdict("\" a@b..c. \"@example.com", &p), Ok(()));
    // Control characters are not `qtextSMTP`, quoted or not.
    assert_eq!(
        verdict("\"a\tb\"@example.com", &p),
        Err((K::ControlCharacter, 2))
    );
    assert_eq!(
        verdict("\"a\\\tb\"@example.com", &p),
        Err((K::InvalidQuotedPair, 2))
    );
    assert_eq!(
        verdict("\"a\u{7f}\"@example.com", &p),
        Err((K::ControlCharacter, 2))
    );
    assert_eq!(
        verdict("\"a\\\u{7f}\"@example.com", &p),
        Err((K::InvalidQuotedPair, 2))
    );
    assert_eq!(
        verdict("\"\u{0}\"@example.com", &p),
        Err((K::ControlCharacter, 1))
    );
    // Unterminated, including by an escaped closing quote.
    assert_eq!(
        verdict("\"abc@example.com", &p),
        Err((K::UnterminatedQuotedString, 0))
    );
    assert_eq!(
        verdict("\"abc\\\"@example.com", &p),
        Err((K::UnterminatedQuotedString, 0))
    );
    assert_eq!(verdict("\"abc\\", &p), Err((K::InvalidQuotedPair, 4)));
    // A quoted string is the whole local part.
    assert_eq!(
        verdict("\"a\".b@example.com", &p),
        Err((K::ObsoleteLocalPart, 3))
    );
    assert_eq!(
        verdict("\"a\"\"b\"@example.com", &p),
        Err((K::InvalidCharacter, 3))
    );
    assert_eq!(
        verdict("\"a\"b@example.com", &p),
        Err((K::InvalidCharacter, 3))
    );
}

#[test]
fn quoted_string_edge_cases_smtputf8() {
    let p = Policy::SMTPUTF8;
    // RFC 6531 §3.3: `qtextSMTP =/ UTF8-non-ascii`, but quoted pairs stay ASCII.
    assert_eq!(verdict("\"J\u{f6}rg M\u{fc}ller\"@example.com", &p), Ok(()));
    assert_eq!(
        verdict("\"\\\u{f6}\"@example.com", &p),
        Err((K::InvalidQuotedPair, 1))
    );
}

#[test]
fn quoted_string_edge_cases_rfc5322() {
    let p = Policy::RFC5322;
    let warnings = |input: &str| EmailAddress::parse_with(input, &p).unwrap().warnings();
    // FWS inside quotes, including a fold.
    assert_eq!(verdict("\"a\tb\"@example.com", &p), Ok(()));
    assert_eq!(verdict("\"a\r\n b\"@example.com", &p), Ok(()));
    assert_eq!(
        verdict("\"a\r\nb\"@example.com", &p),
        Err((K::ControlCharacter, 2))
    );
    // obs-qtext and obs-qp: accepted with a warning.
    assert!(warnings("\"a\u{7f}\"@example.com").contains(Warning::ObsoleteText));
    assert!(warnings("\"a\\\u{0}\"@example.com").contains(Warning::ObsoleteText));
    // RFC 6532: UTF-8 may be quoted (VCHAR is extended).
    assert_eq!(verdict("\"\\\u{f6}\"@example.com", &p), Ok(()));
    // obs-local-part: words mixed, or CFWS between them.
    assert!(warnings("\"a\".b@example.com").contains(Warning::ObsoleteLocalPart));
    assert!(warnings("a .b@example.com").contains(Warning::ObsoleteLocalPart));
    assert!(!warnings("\"a.b\"@example.com").contains(Warning::ObsoleteLocalPart));
}

#[test]
fn comments_rfc5322() {
    let p = Policy::RFC5322;
    let addr = EmailAddress::parse_with("(a) john.doe (b) @ (c) example.com (d)", &p).unwrap();
    assert_eq!(addr.local_part(), "john.doe");
    assert_eq!(addr.domain().as_str(), "example.com");
    assert!(addr.warnings().contains(Warning::Cfws));
    // Quoted pairs and nested comments inside comments.
    assert_eq!(verdict("a(\\)(x(y)))@example.com", &p), Ok(()));
    assert_eq!(verdict("a(\u{e9})@example.com", &p), Ok(()));
    // obs-domain: CFWS between labels.
    let addr = EmailAddress::parse_with("a@example (c) . com", &p).unwrap();
    assert!(addr.warnings().contains(Warning::ObsoleteDomain));
    // Unbalanced.
    assert_eq!(
        verdict("a(b@example.com", &p),
        Err((K::UnterminatedComment, 1))
    );
    assert_eq!(
        verdict("a)b@example.com", &p),
        Err((K::InvalidCharacter, 1))
    );
}

#[test]
fn nested_comments_at_and_over_the_bound() {
    let p = Policy::RFC5322;
    let depth = usize::from(DEFAULT_MAX_COMMENT_DEPTH);
    let at_bound = format!("{}x{}a@example.com", "(".repeat(depth), ")".repeat(depth));
    assert_eq!(verdict(&at_bound, &p), Ok(()));
    let over = format!(
        "{}x{}a@example.com",
        "(".repeat(depth + 1),
        ")".repeat(depth + 1)
    );
    assert_eq!(verdict(&over, &p), Err((K::CommentTooDeep, depth)));
    // Hostile nesting costs no stack: the bound stops it at the first extra level.
    let hostile = "(".repeat(1_000_000);
    assert_eq!(verdict(&hostile, &p), Err((K::CommentTooDeep, depth)));
    // A custom bound.
    let shallow = Policy::RFC5322.with_max_comment_depth(2);
    assert_eq!(verdict("((x))a@example.com", &shallow), Ok(()));
    assert_eq!(
        verdict("(((x)))a@example.com", &shallow),
        Err((K::CommentTooDeep, 2))
    );
}
