//! The WHATWG HTML Living Standard's "valid email address" (§4.10.5.1.5, the
//! `input type=email` state), written as ABNF:
//!
//! ```text
//! valid-email-address = 1*( atext / "." ) "@" label *( "." label )
//! label               = let-dig [ [ ldh-str ] let-dig ]  ; at most 63 characters
//! ```
//!
//! The standard gives it as this regular expression (a "willful violation" of RFC 5322):
//! `` /^[a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ ``

use ldh_domain::DomainErrorKind;
use name_text::ascii::LDH;
use nom::Parser;
use nom::bytes::complete::take_while;

use super::{AddrSpec, Cx, In, PResult, Span, fail};
use crate::ascii::HTML5_LOCAL;
use crate::error::EmailErrorKind;
use crate::policy::Syntax;

/// ```text
/// valid-email-address = 1*( atext / "." ) "@" label *( "." label )
/// ```
/// WHATWG HTML §4.10.5.1.5.
pub(crate) fn valid_email_address<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, AddrSpec> {
    let (rest, local) = take_while(|b| HTML5_LOCAL.contains(b)).parse(input)?;
    let Some(after_at) = rest.strip_prefix(b"@") else {
        return fail(rest, cx.unexpected(rest, Syntax::Html5));
    };
    if local.is_empty() {
        return fail(input, EmailErrorKind::EmptyLocalPart);
    }
    let local = cx.span_of(local);
    cx.check_local_len(local)?;
    match after_at.first() {
        None => return fail(after_at, EmailErrorKind::EmptyDomain),
        Some(b'[') => return fail(after_at, EmailErrorKind::AddressLiteralNotAllowed),
        Some(_) => {}
    }
    let (mut rest, _) = label(cx, after_at)?;
    while let Some(after_dot) = rest.strip_prefix(b".") {
        rest = label(cx, after_dot)?.0;
    }
    cx.end_of_address(rest, Syntax::Html5)?;
    Ok((
        rest,
        AddrSpec {
            local,
            quoted: false,
            domain: Span {
                start: cx.pos(after_at),
                end: cx.pos(rest),
            },
            literal: None,
            obs_domain: false,
            local_known_ascii: false,
            warnings: crate::Warnings::EMPTY,
        },
    ))
}

/// ```text
/// label = let-dig [ [ ldh-str ] let-dig ]  ; at most 63 characters
/// ```
/// WHATWG HTML §4.10.5.1.5 (the RFC 1034 §3.5 label, with a leading digit allowed).
pub(crate) fn label<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, In<'a>> {
    let (rest, text) = take_while(|b| LDH.contains(b)).parse(input)?;
    let kind = match (text.first(), text.last()) {
        (None, _) if matches!(input.first(), Some(b'.') | None) => DomainErrorKind::EmptyLabel,
        (None, _) => return fail(input, cx.unexpected(input, Syntax::Html5)),
        (Some(b'-'), _) => DomainErrorKind::LeadingHyphen,
        (_, Some(b'-')) => {
            return fail(
                input.get(text.len() - 1..).unwrap_or_default(),
                EmailErrorKind::Domain(DomainErrorKind::TrailingHyphen),
            );
        }
        // At the start of the label, as `ldh-domain` reports it.
        _ if text.len() > 63 => DomainErrorKind::LabelTooLong,
        _ => return Ok((rest, text)),
    };
    fail(input, EmailErrorKind::Domain(kind))
}
