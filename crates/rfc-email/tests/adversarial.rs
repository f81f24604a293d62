//! Adversarial inputs ("Input safety" in the crate docs): megabyte runs of one
//! byte, megabyte local parts, quoted strings and comments, nesting over the comment
//! bound, 10,000-label domains and long address literals, under every built-in policy.
//! Each case asserts the exact error kind and offset, or the value.
//!
//! No timing assertions. Where a policy sets a length limit the scan stops there; where
//! it sets none (RFC 5322 local parts, HTML5) the 1 MiB inputs are scanned to the end,
//! so a quadratic parser (10^12 steps) would make the test time out visibly. These run on
//! the default 2 MiB test thread: a recursive comment parser would overflow it on
//! 1 MiB of `(`.

use rfc_email::{
    DEFAULT_MAX_COMMENT_DEPTH, DomainErrorKind as D, EmailAddress, EmailErrorKind as K,
    IpErrorKind as I, MAX_ADDRESS_LEN, MAX_DOMAIN_LEN, MAX_LOCAL_PART_LEN, Policy,
};

const MIB: usize = 1 << 20;

/// The built-in policies, in the order of the expectation tables below.
use crate::common::PRESETS as POLICIES;

/// What a parse gives: the error kind and offset, or the length of the address.
type Outcome = Result<usize, (K, usize)>;

fn parse(input: &str, policy: &Policy) -> Outcome {
    EmailAddress::parse_with(input, policy)
        .map(|a| a.as_str().len())
        .map_err(|e| (e.kind(), e.offset()))
}

/// Asserts the outcome under each of [`POLICIES`].
#[track_caller]
fn expect(input: &str, outcomes: [Outcome; 5]) {
    for (policy, outcome) in POLICIES.iter().zip(outcomes) {
        let len = input.len();
        assert_eq!(
            parse(input, policy),
            outcome,
            "{policy:?} on {input:.24} ({len} octets)"
        );
    }
}

fn run(c: char, n: usize) -> String {
    core::iter::repeat_n(c, n).collect()
}

const LOCAL: usize = MAX_LOCAL_PART_LEN as usize;
const DOMAIN: usize = MAX_DOMAIN_LEN as usize;
const ADDRESS: usize = MAX_ADDRESS_LEN as usize;

/// 1 MiB runs of one byte: every one is an error, found at its first octet or where a
/// limit stops the scan (RFC 5321 local part: 64 octets, §4.5.3.1.1). RFC 5322 and HTML5
/// set no local-part limit, so a run of atext is scanned to the end: `missing_at` at
/// 1 MiB. A run with no `@` that stops at a length limit is also reported as
/// `missing_at` (at its end, after one more linear scan for the `@`): it is not an
/// address with a long local part but no address at all.
#[test]
fn mebibyte_runs_of_one_byte() {
    let limit_without_at = Err((K::MissingAt, MIB));
    let missing_at = Err((K::MissingAt, MIB));
    expect(
        &run('.', MIB),
        [
            Err((K::LeadingDot, 0)),
            Err((K::LeadingDot, 0)),
            Err((K::LeadingDot, 0)),
            // HTML5 allows dots anywhere in the local part.
            missing_at,
            Err((K::LeadingDot, 0)),
        ],
    );
    for byte in ['-', '%'] {
        expect(
            &run(byte, MIB),
            [
                limit_without_at,
                limit_without_at,
                missing_at,
                missing_at,
                limit_without_at,
            ],
        );
    }
    // `""` is an empty quoted string; the third quote cannot follow it (RFC 5322 §3.4.1).
    expect(
        &run('"', MIB),
        [
            Err((K::InvalidCharacter, 2)),
            Err((K::InvalidCharacter, 2)),
            Err((K::InvalidCharacter, 2)),
            Err((K::InvalidCharacter, 0)),
            Err((K::InvalidCharacter, 2)),
        ],
    );
    // Backslashes: quoted-pair only inside quotes (RFC 3696 errata 246), except under the
    // published RFC 3696 text, where `\\` pairs run until the length limit.
    let bsl = Err((K::BackslashOutsideQuotes, 0));
    expect(
        &run('\\', MIB),
        [
            bsl,
            bsl,
            bsl,
            Err((K::InvalidCharacter, 0)),
            limit_without_at,
        ],
    );
    let empty = Err((K::EmptyLocalPart, 0));
    expect(&run('@', MIB), [empty; 5]);
    let invalid = Err((K::InvalidCharacter, 0));
    expect(&run('[', MIB), [invalid; 5]);
    expect(&run(':', MIB), [invalid; 5]);
    // Non-ASCII: rejected at once under ASCII policies; SMTPUTF8 stops at 64 octets;
    // RFC 5322 (RFC 6532) has no local-part limit and needs an `@`.
    expect(
        &run('ü', MIB / 2),
        [
            Err((K::NonAscii, 0)),
            limit_without_at,
            missing_at,
            Err((K::NonAscii, 0)),
            Err((K::NonAscii, 0)),
        ],
    );
}

/// Comments: only RFC 5322 has them (CFWS). 1 MiB of `(` stops at the 17th, offset 16
/// (`DEFAULT_MAX_COMMENT_DEPTH` = 16); the others reject the first `(` or `)`.
#[test]
fn mebibyte_of_parentheses() {
    assert_eq!(DEFAULT_MAX_COMMENT_DEPTH, 16);
    let comment = Err((K::Comment, 0));
    let invalid = Err((K::InvalidCharacter, 0));
    expect(
        &run('(', MIB),
        [
            comment,
            comment,
            Err((K::CommentTooDeep, 16)),
            invalid,
            comment,
        ],
    );
    expect(
        &run(')', MIB),
        [comment, comment, invalid, invalid, comment],
    );
    // After the domain, too: the depth bound applies to the trailing CFWS (offset 13 +
    // 16); the RFC 5321 policies see a domain of over 253 octets first.
    let trailing = format!("a@example.com{}", run('(', MIB));
    let name = Err((K::Domain(D::NameTooLong), 2 + 253));
    expect(
        &trailing,
        [
            name,
            name,
            Err((K::CommentTooDeep, 29)),
            Err((K::InvalidCharacter, 13)),
            name,
        ],
    );
}

/// The comment nesting bound exactly (RFC 5322 §3.2.2 `comment` is recursive; the crate
/// follows it with a counter): 16 levels parse, 17 are `comment_too_deep` at the 17th
/// `(`; raising the bound to its maximum (255) moves the error to the 256th.
#[test]
fn comment_nesting_bound() {
    let depth = usize::from(DEFAULT_MAX_COMMENT_DEPTH);
    let ok = format!("{}{}a@example.com", run('(', depth), run(')', depth));
    assert_eq!(parse(&ok, &Policy::RFC5322), Ok(ok.len()));
    let deep = format!(
        "{}{}a@example.com",
        run('(', depth + 1),
        run(')', depth + 1)
    );
    assert_eq!(
        parse(&deep, &Policy::RFC5322),
        Err((K::CommentTooDeep, depth))
    );
    // Inside the local part and the domain as well.
    let inner = format!("a{}@example.com", run('(', depth + 1));
    assert_eq!(
        parse(&inner, &Policy::RFC5322),
        Err((K::CommentTooDeep, 1 + depth))
    );

    let max = Policy::RFC5322.with_max_comment_depth(u8::MAX);
    let ok = format!("{}{}a@example.com", run('(', 255), run(')', 255));
    assert_eq!(parse(&ok, &max), Ok(ok.len()));
    assert_eq!(parse(&run('(', MIB), &max), Err((K::CommentTooDeep, 255)));
    // A bound of 0 forbids comments in RFC 5322 syntax.
    let none = Policy::RFC5322.with_max_comment_depth(0);
    assert_eq!(
        parse("(x)a@example.com", &none),
        Err((K::CommentTooDeep, 0))
    );
}

/// Long but shallow comments: 1 MiB inside one comment, or 349,525 sibling comments,
/// parse under RFC 5322 (no length limit on the local part's CFWS), in one pass.
#[test]
fn mebibyte_of_shallow_comments() {
    let long = format!("(x{})a@example.com", run('y', MIB));
    let siblings = format!("{}a@example.com", "(a)".repeat(MIB / 3));
    let pairs = format!("{}a@example.com", "()".repeat(MIB / 2));
    for input in [&long, &siblings, &pairs] {
        assert_eq!(
            parse(input, &Policy::RFC5322),
            Ok(input.len()),
            "{input:.24}"
        );
    }
    expect(
        &long,
        [
            Err((K::Comment, 0)),
            Err((K::Comment, 0)),
            Ok(long.len()),
            Err((K::InvalidCharacter, 0)),
            Err((K::Comment, 0)),
        ],
    );
}

/// Long local parts: 64 octets is the RFC 5321 limit (§4.5.3.1.1), checked as the scan
/// reaches octet 64, for dot-atoms and quoted strings alike. RFC 5322 and HTML5 have no
/// such limit and return the 1 MiB address as a value.
#[test]
fn long_local_parts() {
    let lp_too_long = Err((K::LocalPartTooLong, LOCAL));
    // Too long for the RFC 5321 policies, a value for RFC 5322 and HTML5.
    let only_5322_and_html5 = |input: &str| {
        let ok = Ok(input.len());
        expect(input, [lp_too_long, lp_too_long, ok, ok, lp_too_long]);
    };
    let at_limit = format!("{}@example.com", run('a', LOCAL));
    expect(&at_limit, [Ok(at_limit.len()); 5]);
    only_5322_and_html5(&format!("{}@example.com", run('a', LOCAL + 1)));
    only_5322_and_html5(&format!("{}@example.com", run('a', MIB)));
    let quoted = format!("\"{}\"@example.com", run('a', MIB));
    let pairs = format!("\"{}\"@example.com", "\\a".repeat(MIB / 2));
    for input in [&quoted, &pairs] {
        expect(
            input,
            [
                lp_too_long,
                lp_too_long,
                Ok(input.len()),
                // HTML5 has no quoted strings.
                Err((K::InvalidCharacter, 0)),
                lp_too_long,
            ],
        );
    }
    // 1 MiB of dots between two letters: consecutive dots at the second one.
    let dots = format!("a{}a@example.com", run('.', MIB));
    let cd = Err((K::ConsecutiveDots, 2));
    expect(&dots, [cd, cd, cd, Ok(dots.len()), cd]);
    // SMTPUTF8 counts octets, not characters: 32 "ü" fill 64 octets.
    let utf8 = format!("{}@example.com", run('ü', LOCAL / 2 + 1));
    assert_eq!(parse(&utf8, &Policy::SMTPUTF8), lp_too_long);
}

/// Long domains: RFC 5321 policies hand the domain to `ldh-domain` (253 octets,
/// `name_too_long` at offset 2 + 253); RFC 5322 checks its own 255-octet limit
/// (§4.5.3.1.2) first (offset 2 + 255); HTML5 has only the 63-octet label rule.
#[test]
fn long_domains() {
    let name = Err((K::Domain(D::NameTooLong), 2 + 253));
    let too_long = Err((K::DomainTooLong, 2 + DOMAIN));
    let single = format!("a@{}", run('a', MIB));
    expect(
        &single,
        [
            name,
            name,
            too_long,
            Err((K::Domain(D::LabelTooLong), 2)),
            name,
        ],
    );
    // 10,000 labels: HTML5 sets no length limit on the domain, so the value comes back.
    let labels = format!("a@{}", vec!["a"; 10_000].join("."));
    expect(&labels, [name, name, too_long, Ok(labels.len()), name]);
    // `a@@@…`: a second `@` at offset 2.
    let at = format!("a@{}", run('@', MIB));
    let multiple = Err((K::MultipleAt, 2));
    let invalid = Err((K::InvalidCharacter, 2));
    expect(&at, [multiple, multiple, invalid, invalid, multiple]);
}

/// The whole address: 254 octets under RFC 5321 (§4.5.3.1.3, RFC 3696 errata
/// 1003/1690), 320 as RFC 3696 printed it, none for RFC 5322 and HTML5.
#[test]
fn address_length_limit() {
    // 64 + 1 + 63 + 1 + 63 + 1 + 63 + 4 = 260 octets.
    let addr = format!("{}@{}.com", run('a', 64), vec![run('a', 63); 3].join("."));
    assert_eq!(addr.len(), 260);
    let too_long = Err((K::AddressTooLong { max: 254 }, ADDRESS));
    let ok = Ok(addr.len());
    expect(&addr, [too_long, too_long, ok, ok, ok]);
}

/// Address literals of 1 MiB: the IP parsers stop at the first octet that cannot
/// belong (RFC 5321 §4.1.3); RFC 5322 sees a domain over 255 octets first; HTML5 has no
/// literals.
#[test]
fn mebibyte_address_literals() {
    let v6 = format!("a@[IPv6:{}]", "1:".repeat(MIB / 2));
    let v4 = format!("a@[{}]", "1.".repeat(MIB / 2));
    let general = format!("a@[x:{}]", run('a', MIB));
    let unterminated = format!("a@[IPv6:{}", "1:".repeat(MIB / 2));
    let dl = Err((K::DomainTooLong, 2 + DOMAIN));
    let not_allowed = Err((K::AddressLiteralNotAllowed, 2));
    let groups = Err((K::Ip(I::TooManyGroups), 24));
    expect(&v6, [groups, groups, dl, not_allowed, groups]);
    let parts = Err((K::Ip(I::WrongPartCount), 10));
    expect(&v4, [parts, parts, dl, not_allowed, parts]);
    let gen_lit = Err((K::GeneralAddressLiteral, 3));
    expect(&general, [gen_lit, gen_lit, dl, not_allowed, gen_lit]);
    let open = Err((K::UnterminatedAddressLiteral, 2));
    expect(&unterminated, [open, open, open, not_allowed, open]);
    // `[[…`: a `[` cannot start the literal's content.
    let brackets = format!("a@{}", run('[', MIB));
    assert_eq!(
        parse(&brackets, &Policy::RFC5321),
        Err((K::InvalidAddressLiteral, 3))
    );
}
