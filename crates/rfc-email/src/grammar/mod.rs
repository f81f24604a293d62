//! The address grammars as `nom` 8 parsers over bytes: one function per ABNF rule, named
//! after the rule, with the rule in its doc comment.
//!
//! `nom` stays private: the parsers fail with the crate-private [`GrammarError`], which
//! [`parse_grammar`] converts into the public [`EmailError`] (offset into the whole input).
//! All parsers are *complete* parsers and use only core combinators (no `many0` or
//! `separated_list`, which need `alloc`), so validation allocates nothing.
//!
//! One grammar serves every profile: [`Cx`] carries the policy's gates, and a construct
//! the profile does not allow fails with its own error kind right at its first byte
//! (a comment under RFC 5321 is `comment_not_allowed` at the `(`). Everything that does
//! not need a byte position (domain policy, lengths, warnings) is classified afterwards
//! in `address.rs`.

pub(crate) mod address_list;
pub(crate) mod html5;
pub(crate) mod rfc5321;
pub(crate) mod rfc5322;

use core::cell::Cell;
use core::net::{Ipv4Addr, Ipv6Addr};

use name_text::ascii::{ByteTable, CTL};
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Offset};

use crate::error::{EmailError, EmailErrorKind};
use crate::policy::{Backslash, Charset, Policy, Syntax};
use crate::warning::{Warning, Warnings};

/// Parser input: the bytes not consumed yet (always a suffix of the whole address).
pub(crate) type In<'a> = &'a [u8];

/// The crate-private `nom` error: where the parser stopped and, when the grammar knows
/// it, what is wrong there.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GrammarError<'a> {
    /// The unconsumed input at the failure.
    pub(crate) at: In<'a>,
    /// `None` for a generic `nom` failure, diagnosed from the byte at `at`.
    pub(crate) kind: Option<EmailErrorKind>,
}

impl<'a> ParseError<In<'a>> for GrammarError<'a> {
    fn from_error_kind(input: In<'a>, _kind: ErrorKind) -> Self {
        Self {
            at: input,
            kind: None,
        }
    }

    fn append(_input: In<'a>, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, keep the one that got further (then the one with a
    /// specific kind): the most useful diagnostic.
    fn or(self, other: Self) -> Self {
        if other.at.len() < self.at.len()
            || (other.at.len() == self.at.len() && other.kind.is_some())
        {
            other
        } else {
            self
        }
    }
}

/// Result of every grammar function.
pub(crate) type PResult<'a, O> = IResult<In<'a>, O, GrammarError<'a>>;

/// Fails, without backtracking, with `kind` at `at`.
pub(crate) fn fail<O>(at: In<'_>, kind: EmailErrorKind) -> PResult<'_, O> {
    Err(nom::Err::Failure(GrammarError {
        at,
        kind: Some(kind),
    }))
}

/// A byte range of the whole input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Span {
    pub(crate) const fn len(self) -> usize {
        self.end - self.start
    }
}

/// The value of an address literal, found while parsing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Literal {
    /// `IPv4-address-literal` (RFC 5321 §4.1.3).
    Ipv4(Ipv4Addr),
    /// `IPv6-address-literal` (RFC 5321 §4.1.3).
    Ipv6(Ipv6Addr),
    /// `General-address-literal = Standardized-tag ":" 1*dcontent`: spans of tag and
    /// content.
    General(Span, Span),
    /// An RFC 5322 `domain-literal` that fits no RFC 5321 form: span of its content.
    Other(Span),
}

/// What the grammar found: spans as written, and the grammar-level warnings.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AddrSpec {
    /// The local part without surrounding CFWS.
    pub(crate) local: Span,
    /// The local part is one quoted string.
    pub(crate) quoted: bool,
    /// The domain without surrounding CFWS (brackets included for a literal).
    pub(crate) domain: Span,
    /// The domain part is an address literal or domain literal.
    pub(crate) literal: Option<Literal>,
    /// The domain is an RFC 5322 `obs-domain` with CFWS between labels.
    pub(crate) obs_domain: bool,
    /// The grammar already knows that the local part is ASCII (the fast path under an
    /// ASCII profile, whose table has no byte above 127), so classifying need not look
    /// again; `false` says only that it has to look.
    pub(crate) local_known_ascii: bool,
    pub(crate) warnings: Warnings,
}

/// The parsing context: the whole input (for offsets), the policy's gates and the
/// warnings met so far.
pub(crate) struct Cx<'a> {
    full: In<'a>,
    pub(crate) utf8: bool,
    pub(crate) backslash_anywhere: bool,
    pub(crate) max_comment_depth: u8,
    pub(crate) max_local_len: Option<u16>,
    warnings: Cell<Warnings>,
}

impl<'a> Cx<'a> {
    pub(crate) fn new(full: In<'a>, policy: &Policy) -> Self {
        Self {
            full,
            utf8: policy.charset() == Charset::Utf8,
            backslash_anywhere: policy.backslash() == Backslash::Anywhere,
            max_comment_depth: policy.max_comment_depth(),
            max_local_len: policy.max_local_len(),
            warnings: Cell::new(Warnings::EMPTY),
        }
    }

    /// Offset of the sub-slice `rest` in the whole input.
    pub(crate) fn pos(&self, rest: In<'a>) -> usize {
        self.full.offset(rest)
    }

    /// The span that the sub-slice `sub` covers.
    pub(crate) fn span_of(&self, sub: In<'a>) -> Span {
        let start = self.pos(sub);
        Span {
            start,
            end: start + sub.len(),
        }
    }

    /// The span from suffix `from` up to suffix `to`.
    pub(crate) fn span(&self, from: In<'a>, to: In<'a>) -> Span {
        Span {
            start: self.pos(from),
            end: self.pos(to),
        }
    }

    pub(crate) fn warn(&self, warning: Warning) {
        self.warnings.set(self.warnings.get().with(warning));
    }

    pub(crate) fn warnings(&self) -> Warnings {
        self.warnings.get()
    }

    /// `atext` (RFC 5322 §3.2.3), extended by `UTF8-non-ascii` (RFC 6531 §3.3, RFC 6532
    /// §3.2) when the policy allows UTF-8: a table, one load per byte (a `ByteSet`
    /// tests a bit of a 128-bit word, several instructions).
    pub(crate) const fn atext(&self) -> &'static ByteTable {
        crate::ascii::atext_table(self.utf8)
    }

    /// `qtextSMTP` (RFC 5321 §4.1.2), extended by `UTF8-non-ascii` (RFC 6531 §3.3)
    /// when the policy allows UTF-8, as a table.
    pub(crate) const fn qtext_smtp(&self) -> &'static ByteTable {
        if self.utf8 {
            &crate::ascii::QTEXT_SMTP_UTF8_TABLE
        } else {
            &crate::ascii::QTEXT_SMTP_TABLE
        }
    }

    /// Checks the local-part length right after the local part, so that the first
    /// problem by position is the one reported.
    pub(crate) fn check_local_len(&self, local: Span) -> Result<(), nom::Err<GrammarError<'a>>> {
        match self.max_local_len {
            Some(max) if local.len() > usize::from(max) => {
                let offset = char_start(self.full, local.start + usize::from(max));
                let at = self.full.get(offset..).unwrap_or_default();
                fail::<()>(at, EmailErrorKind::LocalPartTooLong).map(|_| ())
            }
            _ => Ok(()),
        }
    }

    /// Fails unless the address ended the input: bytes left after a whole address are a
    /// second `@` ([`EmailErrorKind::MultipleAt`]) or an unexpected byte.
    pub(crate) fn end_of_address(&self, rest: In<'a>, syntax: Syntax) -> PResult<'a, ()> {
        match rest.first() {
            None => Ok((rest, ())),
            Some(b'@') => fail(rest, EmailErrorKind::MultipleAt),
            Some(_) => fail(rest, self.unexpected(rest, syntax)),
        }
    }

    /// The error for an unexpected byte at `at` outside quotes, named for what it is.
    pub(crate) fn unexpected(&self, at: In<'a>, syntax: Syntax) -> EmailErrorKind {
        match at.first().copied() {
            None => EmailErrorKind::MissingAt,
            Some(b' ' | b'\t') => EmailErrorKind::Whitespace,
            Some(b'(' | b')') if syntax == Syntax::Smtp => EmailErrorKind::Comment,
            Some(b'\\') if syntax != Syntax::Html5 => EmailErrorKind::BackslashOutsideQuotes,
            Some(byte) if byte >= 0x80 && !self.utf8 => EmailErrorKind::NonAscii,
            Some(byte) if CTL.contains(byte) => EmailErrorKind::ControlCharacter,
            Some(_) => EmailErrorKind::InvalidCharacter,
        }
    }
}

/// `offset` moved back to the first byte of the UTF-8 character that holds it, so that
/// a limit error points at a whole character.
pub(crate) fn char_start(input: In<'_>, mut offset: usize) -> usize {
    while offset > 0 && input.get(offset).is_some_and(|&b| b & 0xC0 == 0x80) {
        offset -= 1;
    }
    offset
}

/// The fast path alone: the spec of a plain `Dot-string "@" domain` mailbox under an
/// SMTP profile (see [`fast_mailbox`]); for everything else `Err` with where its scan
/// stopped (`None` under a profile it does not serve), for [`parse_grammar`].
/// Inlined into the caller so that the common address builds no intermediate result.
#[inline]
pub(crate) fn parse_fast(input: In<'_>, policy: &Policy) -> Result<AddrSpec, Option<usize>> {
    if policy.syntax() == Syntax::Smtp && policy.backslash() == Backslash::InQuotes {
        fast_mailbox(input, policy).map_err(Some)
    } else {
        Err(None)
    }
}

/// Parses `input` (already known to be UTF-8) by the `nom` grammar of `policy`, with
/// its diagnostics; callers try [`parse_fast`] first and pass where its scan stopped.
/// Out of line: the common address never gets here.
///
/// Most addresses the fast path leaves are errors in the local part (`a..b@c`, `a.@c`,
/// `a b@c`, no `@`): the byte where the scan stopped names them, as
/// [`rfc5321::fast_stop_error`] says, without the `nom` grammar (which gives the same
/// error, property-tested; guarded by the `email/corpus` rows of `ab`).
#[inline(never)]
pub(crate) fn parse_grammar(
    input: In<'_>,
    policy: &Policy,
    fast_stop: Option<usize>,
) -> Result<AddrSpec, EmailError> {
    if input.is_empty() {
        return Err(EmailError::new(EmailErrorKind::Empty, 0));
    }
    let cx = Cx::new(input, policy);
    if let Some(err) = fast_stop.and_then(|stop| rfc5321::fast_stop_error(&cx, input, stop)) {
        return Err(err);
    }
    let result = match policy.syntax() {
        Syntax::Smtp => rfc5321::mailbox(&cx, input),
        Syntax::Message => rfc5322::addr_spec(&cx, input),
        Syntax::Html5 => html5::valid_email_address(&cx, input),
    };
    match result {
        Ok((_, mut spec)) => {
            spec.warnings = spec.warnings.union(cx.warnings());
            Ok(spec)
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            let kind = e
                .kind
                .unwrap_or_else(|| cx.unexpected(e.at, policy.syntax()));
            Err(EmailError::new(kind, cx.pos(e.at)))
        }
        // Complete parsers never ask for more input.
        Err(nom::Err::Incomplete(_)) => Err(EmailError::new(
            EmailErrorKind::InvalidCharacter,
            input.len(),
        )),
    }
}

/// The fast path for the common case of RFC 5321 §4.1.2 `Mailbox`: a `Dot-string`
/// local part within the length limit, `@`, and a domain that is not an address
/// literal. Anything else (quotes, errors, literals) returns `Err` with the offset
/// where the scan stopped and goes through [`parse_grammar`], which gives the same
/// result (property-tested) and the diagnostics.
///
/// `Dot-string = Atom *("." Atom)` with `Atom = 1*atext`: one pass over the bytes, one
/// table lookup per `atext` byte, that tracks whether an atom has to start here (at
/// the start and after a dot), where a dot or the `@` is wrong. That is the whole
/// rule: no leading, trailing or doubled dot. (A table run per atom ran slightly more
/// instructions, and so did eight lookups AND-ed per block of eight with the dots from
/// [`name_text::swar::eq_mask`]: the block with the `@` is read twice, and the
/// corpus's local parts are 12 bytes long on average.) Guarded by the `email/corpus`
/// rows of `ab`.
///
/// The offset of a failure is the byte that ended the scan: the first byte of an
/// empty atom (right after a dot, or 0), the byte after a whole `Dot-string` that is
/// not an `@`, or the `@` itself when the local part is too long or the domain part
/// is empty or a literal.
#[inline]
pub(crate) fn fast_mailbox(input: In<'_>, policy: &Policy) -> Result<AddrSpec, usize> {
    let utf8 = policy.charset() == Charset::Utf8;
    let atext = crate::ascii::atext_table(utf8);
    let mut i = 0;
    // Whether an atom has to start at `i`: at the start and right after a dot.
    let mut atom_starts = true;
    let at = loop {
        match input.get(i).copied() {
            Some(byte) if atext.contains(byte) => atom_starts = false,
            Some(b'.') if !atom_starts => atom_starts = true,
            Some(b'@') if !atom_starts => break i,
            _ => return Err(i),
        }
        i += 1;
    };
    if policy
        .max_local_len()
        .is_some_and(|max| at > usize::from(max))
    {
        return Err(at);
    }
    match input.get(at + 1) {
        None | Some(b'[') => Err(at),
        Some(_) => Ok(AddrSpec {
            local: Span { start: 0, end: at },
            quoted: false,
            domain: Span {
                start: at + 1,
                end: input.len(),
            },
            literal: None,
            obs_domain: false,
            local_known_ascii: !utf8,
            warnings: Warnings::EMPTY,
        }),
    }
}

/// Length of the local part of `input` read as RFC 3696 §3 printed it (a backslash
/// quotes the next character anywhere), for [`EmailError::suggestion`].
pub(crate) fn published_local_part_len(input: In<'_>) -> Option<usize> {
    let mut i = 0;
    while let Some(&byte) = input.get(i) {
        match byte {
            b'\\' => i += 2,
            b'@' => return if i == 0 { None } else { Some(i) },
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The `nom` grammar alone, without the fast path.
    fn slow(input: &[u8], policy: &Policy) -> Option<(Span, Span)> {
        let cx = Cx::new(input, policy);
        match rfc5321::mailbox(&cx, input) {
            Ok((_, spec)) if !spec.quoted && spec.literal.is_none() => {
                Some((spec.local, spec.domain))
            }
            _ => None,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast path accepts exactly the plain `Dot-string "@" domain` mailboxes
        /// that the `nom` grammar accepts, with the same spans.
        #[test]
        fn fast_path_equals_grammar(input in "[a-z.+\"@ é\\[\\\\]{0,20}(@[a-z.\\[]{0,6})?") {
            for policy in [Policy::RFC5321, Policy::SMTPUTF8] {
                let fast = fast_mailbox(input.as_bytes(), &policy).ok().map(|s| (s.local, s.domain));
                prop_assert_eq!(fast, slow(input.as_bytes(), &policy), "{:?}", input);
            }
        }
    }

    /// [`parse_grammar`] without the fast path's stop: the `nom` grammar decides.
    fn grammar_alone(input: &[u8], policy: &Policy) -> Result<AddrSpec, EmailError> {
        parse_grammar(input, policy, None)
    }

    /// The error [`rfc5321::fast_stop_error`] names where the fast scan stopped, if any.
    fn stop_error(input: &[u8], policy: &Policy) -> Option<EmailError> {
        let stop = fast_mailbox(input, policy).err()?;
        rfc5321::fast_stop_error(&Cx::new(input, policy), input, stop)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// RFC 5321 §4.1.2: an error named from where the fast scan stopped is the
        /// error the `nom` grammar gives (kind and offset), and a stop it leaves to the
        /// grammar gives the grammar's result.
        #[test]
        fn fast_stop_error_equals_grammar(
            input in "[a-z.\"@ é\\\\()\\[\\]<\t\u{7f}\u{200b}]{0,12}(@[a-z.\\[]{0,4})?",
        ) {
            for policy in [Policy::RFC5321, Policy::SMTPUTF8] {
                let bytes = input.as_bytes();
                let grammar = grammar_alone(bytes, &policy).err();
                if let Some(err) = stop_error(bytes, &policy) {
                    prop_assert_eq!(Some(err), grammar, "{:?}", input);
                }
                let stop = fast_mailbox(bytes, &policy).err();
                let with_stop = parse_grammar(bytes, &policy, stop).err();
                prop_assert_eq!(with_stop, grammar, "{:?}", input);
            }
        }
    }

    /// RFC 5321 §4.1.2: each kind of stop the fast scan hands over, named without the
    /// `nom` grammar and equal to its error; quoted strings, over-long local parts and
    /// literals are left to the grammar.
    #[test]
    fn fast_stop_errors_by_kind() {
        let p = Policy::RFC5321;
        // Input, the code of its error, and its offset; both ways give that error.
        let cases = "
            .a@c leading_dot 0
            @c empty_local_part 0
            a..b@c consecutive_dots 2
            ab.@c trailing_dot 2
            ab. trailing_dot 2
            a.\"b\"@c obsolete_local_part 2
            a(b)@c comment_not_allowed 1
            a\\b@c backslash_outside_quotes 1
            a[b@c invalid_character 1
            abc missing_at 3
            ab@ empty_domain 3
            j\u{f6}@c non_ascii 1
        ";
        for case in cases.lines().filter(|line| !line.trim().is_empty()) {
            let mut fields = case.split_whitespace();
            let (Some(input), Some(code), Some(offset)) =
                (fields.next(), fields.next(), fields.next())
            else {
                panic!("case {case:?}");
            };
            let offset: usize = offset.parse().expect("an offset");
            let found = stop_error(input.as_bytes(), &p).expect(input);
            assert_eq!((found.code(), found.offset()), (code, offset), "{input:?}");
            assert_eq!(
                grammar_alone(input.as_bytes(), &p).err(),
                Some(found),
                "{input:?}"
            );
        }
        let space = stop_error(b"a b@c", &p).expect("an error");
        assert_eq!(
            (space.kind(), space.offset()),
            (EmailErrorKind::Whitespace, 1)
        );
        assert_eq!(grammar_alone(b"a b@c", &p).err(), Some(space));
        // A 65-octet local part: over RFC 5321 §4.5.3.1.1's 64.
        let long: [u8; 67] = core::array::from_fn(|i| match i {
            65 => b'@',
            66 => b'c',
            _ => b'a',
        });
        for input in [&b"\"a b\"@c"[..], b"a@[192.0.2.1]", b"a@[x", &long, b""] {
            assert_eq!(stop_error(input, &p), None, "{input:?}");
        }
    }

    #[test]
    fn fast_path_examples() {
        let p = Policy::RFC5321;
        assert!(fast_mailbox(b"a.b@c", &p).is_ok());
        assert!(fast_mailbox(b"abcdefg.hijklmn.o@c", &p).is_ok());
        assert!(fast_mailbox(b"abcdefgh.ijklmnop@c", &p).is_ok());
        assert!(fast_mailbox(b"abcdefghijklmnop@c", &p).is_ok());
        for input in [
            &b".a@c"[..],
            b"a.@c",
            b"a..b@c",
            // Empty atoms at the start, the end and in the middle of longer parts.
            b".bcdefgh@c",
            b"abcdefg.@c",
            b"abcdefg..hijk@c",
            b"abcdefgh..ijk@c",
            b"abcdefghijklmno.@c",
            b"abcdefghijklmno..p@c",
            b"abc..efghijklmnop@c",
            b"abcdefgh@",
            b"abcdefgh",
            b"abcdefgh.",
            b"@c",
            b"a@",
            b"a@[1.2.3.4]",
            b"\"a\"@c",
        ] {
            assert!(fast_mailbox(input, &p).is_err(), "{input:?}");
        }
        assert!(fast_mailbox("\u{e9}@c".as_bytes(), &p).is_err());
        assert!(fast_mailbox("\u{e9}@c".as_bytes(), &Policy::SMTPUTF8).is_ok());
    }

    #[test]
    fn char_start_moves_to_a_character_boundary() {
        let text = "a\u{e9}b".as_bytes();
        assert_eq!(char_start(text, 2), 1);
        assert_eq!(char_start(text, 3), 3);
        assert_eq!(char_start(text, 9), 9);
    }
}
