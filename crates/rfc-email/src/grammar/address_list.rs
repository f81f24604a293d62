//! RFC 5322 §3.4 `address-list` structure: `name-addr`, `angle-addr`, `group` and the
//! `display-name` phrase, built from the `addr-spec` pieces of [`rfc5322`](super::rfc5322).
//! It only finds where each `addr-spec` is; the caller checks each one under its own
//! policy with [`EmailAddress::parse_with`](crate::EmailAddress::parse_with).

use nom::Parser;
use nom::bytes::complete::take_while;

use super::rfc5322::{domain, local_part, opt_cfws, quoted_string};
use super::{Cx, GrammarError, In, PResult, Span, fail};
use crate::error::EmailErrorKind;
use crate::policy::Syntax;

/// One element of an address list, as the grammar found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Item {
    /// A `mailbox`: its display name (for `name-addr`) and its `addr-spec`.
    Mailbox { display: Option<Span>, spec: Span },
    /// `display-name ":"`: a group begins.
    GroupStart(Span),
}

/// ```text
/// mailbox    = name-addr / addr-spec
/// name-addr  = [display-name] angle-addr
/// angle-addr = [CFWS] "<" addr-spec ">" [CFWS]
/// group      = display-name ":" [group-list] ";" [CFWS]
/// ```
/// RFC 5322 §3.4. A bare `addr-spec` is tried first; when it does not end at an `@`
/// and a domain, the same text is read as a display name followed by `<` or `:`.
pub(crate) fn item<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, Item> {
    let spec_error = match bare_addr_spec(cx, input) {
        Ok((rest, spec)) => {
            return Ok((
                rest,
                Item::Mailbox {
                    display: None,
                    spec,
                },
            ));
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => e,
        Err(e) => return Err(e),
    };
    let (rest, display) = match phrase(cx, input) {
        Ok((rest, display)) => (rest, Some(display)),
        Err(nom::Err::Error(_)) => (opt_cfws(cx, input)?.0, None),
        Err(e) => return Err(e),
    };
    match (rest.first(), display) {
        (Some(b'<'), _) => {
            let (rest, spec) = angle_addr(cx, rest)?;
            Ok((rest, Item::Mailbox { display, spec }))
        }
        (Some(b':'), Some(name)) => Ok((rest.get(1..).unwrap_or_default(), Item::GroupStart(name))),
        // Neither form: the addr-spec diagnostic is the useful one.
        _ => Err(nom::Err::Failure(spec_error)),
    }
}

/// `addr-spec` followed by anything (the caller checks what follows).
fn bare_addr_spec<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, Span> {
    let (rest, (local, _)) = local_part(cx, input)?;
    let Some(after_at) = rest.strip_prefix(b"@") else {
        return fail(rest, cx.unexpected(rest, Syntax::Message));
    };
    let (rest, (domain, _, _)) = domain(cx, after_at)?;
    Ok((
        rest,
        Span {
            start: local.start,
            end: domain.end,
        },
    ))
}

/// `"<" addr-spec ">" [CFWS]` (the leading CFWS was read with the display name).
fn angle_addr<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, Span> {
    let after_open = input.get(1..).unwrap_or_default();
    let (rest, spec) = bare_addr_spec(cx, after_open)?;
    let Some(after_close) = rest.strip_prefix(b">") else {
        let kind = match rest.first() {
            Some(b'@') => EmailErrorKind::MultipleAt,
            None => EmailErrorKind::UnterminatedAngleAddr,
            _ => cx.unexpected(rest, Syntax::Message),
        };
        return fail(rest, kind);
    };
    let (rest, _) = opt_cfws(cx, after_close)?;
    Ok((rest, spec))
}

/// ```text
/// display-name = phrase
/// phrase       = 1*word / obs-phrase
/// obs-phrase   = word *(word / "." / CFWS)
/// ```
/// RFC 5322 §3.2.5 and §4.1: the span without the outer CFWS. A recoverable error when
/// there is no word at all.
fn phrase<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, Span> {
    let (mut rest, _) = opt_cfws(cx, input)?;
    let start = rest;
    let mut end = rest;
    let mut words = 0usize;
    let atext = cx.atext();
    loop {
        rest = match rest.first() {
            Some(b'"') => quoted_string(cx, rest)?.0,
            Some(&byte) if atext.contains(byte) => take_while(|b| atext.contains(b)).parse(rest)?.0,
            Some(b'.') if words > 0 => rest.get(1..).unwrap_or_default(),
            _ => break,
        };
        words += 1;
        end = rest;
        rest = opt_cfws(cx, rest)?.0;
    }
    if words == 0 {
        return Err(nom::Err::Error(GrammarError {
            at: input,
            kind: None,
        }));
    }
    Ok((rest, cx.span(start, end)))
}
