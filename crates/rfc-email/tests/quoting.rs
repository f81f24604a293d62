//! Quoted strings and comments: RFC 5321 §4.1.2 `Quoted-string`, RFC 5322 §3.2.2 and
//! §3.2.4, and the nesting bound on comments.

use rfc_email::{DEFAULT_MAX_COMMENT_DEPTH, EmailAddress, EmailErrorKind as K, Policy, Warning};

fn verdict(input: &str, policy: &Policy) -> Result<(), (K, usize)> {
    EmailAddress::parse_with(input, policy)
        .map(|_| ())
        .map_err(|e| (e.kind(), e.offset()))
}

type Verdict = Result<(), (K, usize)>;

/// The rejection of [`verdict`]: the error kind and its offset.
const fn err(kind: K, offset: usize) -> Verdict {
    Err((kind, offset))
}

/// Asserts each case's verdict under `policy`, naming the input on failure.
fn assert_verdicts(policy: &Policy, cases: &[(&str, Verdict)]) {
    for &(input, expected) in cases {
        assert_eq!(
            verdict(input, policy),
            expected,
            "{input:?} under {policy:?}"
        );
    }
}

/// RFC 5321 §4.1.2 `Quoted-string` under [`Policy::RFC5321`].
const QUOTED_RFC5321: &[(&str, Verdict)] = &[
    // `Quoted-string = DQUOTE *QcontentSMTP DQUOTE`: the empty string is allowed.
    ("\"\"@example.com", Ok(())),
    // A quoted space, a quoted quote, a quoted backslash.
    ("\"\\ \"@example.com", Ok(())),
    ("\"a\\\"b\"@example.com", Ok(())),
    ("\"a\\\\b\"@example.com", Ok(())),
    // Any printable character may be quoted, even when it needs no quoting.
    ("\"\\a\"@example.com", Ok(())),
    // Spaces, `@`, dots anywhere inside quotes.
    ("\" a@b..c. \"@example.com", Ok(())),
    // Control characters are not `qtextSMTP`, quoted or not.
    ("\"a\tb\"@example.com", err(K::ControlCharacter, 2)),
    ("\"a\\\tb\"@example.com", err(K::InvalidQuotedPair, 2)),
    ("\"a\u{7f}\"@example.com", err(K::ControlCharacter, 2)),
    ("\"a\\\u{7f}\"@example.com", err(K::InvalidQuotedPair, 2)),
    ("\"\u{0}\"@example.com", err(K::ControlCharacter, 1)),
    // Unterminated, including by an escaped closing quote.
    ("\"abc@example.com", err(K::UnterminatedQuotedString, 0)),
    ("\"abc\\\"@example.com", err(K::UnterminatedQuotedString, 0)),
    ("\"abc\\", err(K::InvalidQuotedPair, 4)),
    // A quoted string is the whole local part.
    ("\"a\".b@example.com", err(K::ObsoleteLocalPart, 3)),
    ("\"a\"\"b\"@example.com", err(K::InvalidCharacter, 3)),
    ("\"a\"b@example.com", err(K::InvalidCharacter, 3)),
];

#[test]
fn quoted_string_edge_cases_rfc5321() {
    assert_verdicts(&Policy::RFC5321, QUOTED_RFC5321);
}

#[test]
fn quoted_string_edge_cases_smtputf8() {
    // RFC 6531 §3.3: `qtextSMTP =/ UTF8-non-ascii`, but quoted pairs stay ASCII.
    assert_verdicts(
        &Policy::SMTPUTF8,
        &[
            ("\"J\u{f6}rg M\u{fc}ller\"@example.com", Ok(())),
            ("\"\\\u{f6}\"@example.com", err(K::InvalidQuotedPair, 1)),
        ],
    );
}

#[test]
fn quoted_string_edge_cases_rfc5322() {
    let p = Policy::RFC5322;
    let warnings = |input: &str| EmailAddress::parse_with(input, &p).unwrap().warnings();
    // FWS inside quotes, including a fold; a bare CRLF is no fold.
    assert_verdicts(
        &p,
        &[
            ("\"a\tb\"@example.com", Ok(())),
            ("\"a\r\n b\"@example.com", Ok(())),
            ("\"a\r\nb\"@example.com", err(K::ControlCharacter, 2)),
        ],
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
    assert_verdicts(
        &p,
        &[
            ("a(b@example.com", err(K::UnterminatedComment, 1)),
            ("a)b@example.com", err(K::InvalidCharacter, 1)),
        ],
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
