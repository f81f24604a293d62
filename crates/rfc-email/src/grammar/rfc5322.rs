//! RFC 5322 §3.2.1–§3.2.5, §3.4.1 and §4.4: the message-header `addr-spec`, with CFWS,
//! nested comments (bounded), the obsolete forms, and UTF-8 per RFC 6532 §3.2 when the
//! policy allows it.

use ldh_domain::DomainErrorKind;
use name_text::ascii::{ByteSet, VCHAR, WSP};
use nom::Parser;
use nom::bytes::complete::{tag, take_while};

use super::{AddrSpec, Cx, In, Literal, PResult, Span, fail, rfc5321};
use crate::ascii::{CTEXT, DTEXT, OBS_NO_WS_CTL, QTEXT};
use crate::error::EmailErrorKind;
use crate::policy::Syntax;
use crate::warning::Warning;

/// ```text
/// addr-spec = local-part "@" domain
/// ```
/// RFC 5322 §3.4.1.
pub(crate) fn addr_spec<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, AddrSpec> {
    let (rest, (local, quoted)) = local_part(cx, input)?;
    cx.check_local_len(local)?;
    let Some(after_at) = rest.strip_prefix(b"@") else {
        return fail(rest, cx.unexpected(rest, Syntax::Message));
    };
    let (rest, (domain, literal, obs_domain)) = domain(cx, after_at)?;
    cx.end_of_address(rest, Syntax::Message)?;
    Ok((
        rest,
        AddrSpec {
            local,
            quoted,
            domain,
            literal,
            obs_domain,
            local_known_ascii: false,
            warnings: crate::Warnings::EMPTY,
        },
    ))
}

/// ```text
/// local-part     = dot-atom / quoted-string / obs-local-part
/// obs-local-part = word *("." word)
/// word           = atom / quoted-string
/// atom           = [CFWS] 1*atext [CFWS]
/// dot-atom       = [CFWS] dot-atom-text [CFWS]
/// dot-atom-text  = 1*atext *("." 1*atext)
/// ```
/// RFC 5322 §3.4.1, §3.2.3, §3.2.5 and §4.4. `obs-local-part` is a superset of the other
/// two, so it is parsed once and classified: CFWS between words, or a quoted string
/// next to other words, makes it obsolete. Returns the span without the outer CFWS and
/// whether the local part is a single quoted string.
pub(crate) fn local_part<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, (Span, bool)> {
    let (mut rest, _) = opt_cfws(cx, input)?;
    let start = rest;
    let (mut words, mut any_quoted, mut inner_cfws) = (0usize, false, false);
    let end = loop {
        let (after_word, quoted) = word(cx, rest, words)?;
        words += 1;
        any_quoted |= quoted;
        let (after_cfws, cfws) = opt_cfws(cx, after_word)?;
        let Some(after_dot) = after_cfws.strip_prefix(b".") else {
            rest = after_cfws;
            break after_word;
        };
        let (next, cfws_after_dot) = opt_cfws(cx, after_dot)?;
        inner_cfws |= cfws || cfws_after_dot;
        if next.first() == Some(&b'.') {
            return fail(next, EmailErrorKind::ConsecutiveDots);
        }
        if matches!(next.first(), Some(b'@') | None) {
            return fail(after_cfws, EmailErrorKind::TrailingDot);
        }
        rest = next;
    };
    if inner_cfws || (any_quoted && words > 1) {
        cx.warn(Warning::ObsoleteLocalPart);
    }
    let span = Span {
        start: cx.pos(start),
        end: cx.pos(end),
    };
    Ok((rest, (span, any_quoted && words == 1)))
}

/// ```text
/// word = atom / quoted-string
/// ```
/// RFC 5322 §3.2.5, without the CFWS around it (the caller parses that). `index` is
/// the number of words before this one, for the error at a misplaced dot.
pub(crate) fn word<'a>(cx: &Cx<'a>, input: In<'a>, index: usize) -> PResult<'a, bool> {
    if input.first() == Some(&b'"') {
        let (rest, ()) = quoted_string(cx, input)?;
        return Ok((rest, true));
    }
    let atext = cx.atext();
    match take_while(|b| atext.contains(b)).parse(input)? {
        (rest, text) if !text.is_empty() => Ok((rest, false)),
        _ => {
            let kind = match input.first() {
                Some(b'.') if index == 0 => EmailErrorKind::LeadingDot,
                Some(b'@') if index == 0 => EmailErrorKind::EmptyLocalPart,
                _ => cx.unexpected(input, Syntax::Message),
            };
            fail(input, kind)
        }
    }
}

/// ```text
/// quoted-string = [CFWS] DQUOTE *([FWS] qcontent) [FWS] DQUOTE [CFWS]
/// qcontent      = qtext / quoted-pair
/// qtext         = %d33 / %d35-91 / %d93-126 / obs-qtext
/// obs-qtext     = obs-NO-WS-CTL
/// qtext        =/ UTF8-non-ascii   ; RFC 6532 §3.2
/// ```
/// RFC 5322 §3.2.4 and §4.1, without the outer CFWS (the caller parses it).
pub(crate) fn quoted_string<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, ()> {
    let (mut rest, _) = tag(&b"\""[..]).parse(input)?;
    let qtext = with_utf8(cx, QTEXT);
    loop {
        let (next, _) = take_while(|b| qtext.contains(b)).parse(rest)?;
        rest = match next.first().copied() {
            Some(b'"') => return Ok((next.get(1..).unwrap_or_default(), ())),
            Some(b'\\') if next.len() > 1 => quoted_pair(cx, next)?.0,
            Some(b' ' | b'\t' | b'\r') => fws(cx, next)?.0,
            Some(byte) if OBS_NO_WS_CTL.contains(byte) => obs_no_ws_ctl(cx, next),
            None | Some(b'\\') => return fail(input, EmailErrorKind::UnterminatedQuotedString),
            Some(byte) if byte >= 0x80 => return fail(next, EmailErrorKind::NonAscii),
            Some(_) => return fail(next, EmailErrorKind::ControlCharacter),
        };
    }
}

/// `set`, extended by `UTF8-non-ascii` (RFC 6532 §3.2) when the policy allows UTF-8.
fn with_utf8(cx: &Cx<'_>, set: ByteSet) -> ByteSet {
    if cx.utf8 {
        set.union(ByteSet::NON_ASCII)
    } else {
        set
    }
}

/// ```text
/// obs-NO-WS-CTL = %d1-8 / %d11 / %d12 / %d14-31 / %d127
/// ```
/// RFC 5322 §4.1 (as `obs-qtext`, `obs-ctext` or `obs-dtext`); one byte, reported as
/// [`Warning::ObsoleteText`].
pub(crate) fn obs_no_ws_ctl<'a>(cx: &Cx<'a>, input: In<'a>) -> In<'a> {
    cx.warn(Warning::ObsoleteText);
    input.get(1..).unwrap_or_default()
}

/// ```text
/// quoted-pair = ("\" (VCHAR / WSP)) / obs-qp
/// obs-qp      = "\" (%d0 / obs-NO-WS-CTL / LF / CR)
/// VCHAR      =/ UTF8-non-ascii   ; RFC 6532 §3.2
/// ```
/// RFC 5322 §3.2.1 and §4.1: together, a backslash quotes any one character.
pub(crate) fn quoted_pair<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, ()> {
    let (after, _) = tag(&b"\\"[..]).parse(input)?;
    let len = match after.first().copied() {
        Some(byte) if VCHAR.contains(byte) || WSP.contains(byte) => 1,
        Some(byte) if byte < 0x80 => {
            cx.warn(Warning::ObsoleteText);
            1
        }
        Some(byte) if cx.utf8 => utf8_len(byte),
        Some(_) => return fail(after, EmailErrorKind::NonAscii),
        None => return fail(input, EmailErrorKind::InvalidQuotedPair),
    };
    Ok((after.get(len..).unwrap_or_default(), ()))
}

/// Length of the UTF-8 sequence that starts with `lead` (the input is known UTF-8).
const fn utf8_len(lead: u8) -> usize {
    match lead {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        _ => 2,
    }
}

/// ```text
/// FWS     = ([*WSP CRLF] 1*WSP) / obs-FWS
/// obs-FWS = 1*WSP *(CRLF 1*WSP)
/// ```
/// RFC 5322 §3.2.2 and §4.2. More than one fold is reported as
/// [`Warning::ObsoleteText`]; a CRLF must be followed by white space.
pub(crate) fn fws<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, ()> {
    let (mut rest, _) = take_while(|b| WSP.contains(b)).parse(input)?;
    let mut folds = 0u32;
    while let Some(after_crlf) = rest.strip_prefix(b"\r\n") {
        let (next, wsp) = take_while(|b| WSP.contains(b)).parse(after_crlf)?;
        if wsp.is_empty() {
            return fail(rest, EmailErrorKind::ControlCharacter);
        }
        folds += 1;
        rest = next;
    }
    if rest.len() == input.len() {
        // A CR without LF, or nothing at all.
        return fail(input, EmailErrorKind::ControlCharacter);
    }
    if folds > 1 {
        cx.warn(Warning::ObsoleteText);
    }
    Ok((rest, ()))
}

/// ```text
/// comment   = "(" *([FWS] ccontent) [FWS] ")"
/// ccontent  = ctext / quoted-pair / comment
/// ctext     = %d33-39 / %d42-91 / %d93-126 / obs-ctext
/// ctext    =/ UTF8-non-ascii   ; RFC 6532 §3.2
/// ```
/// RFC 5322 §3.2.2. The recursion of `ccontent` is run as a loop with a depth counter,
/// bounded by the policy (`comment_too_deep` at the `(` that goes over): hostile input
/// costs no stack.
pub(crate) fn comment<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, ()> {
    let (mut rest, _) = tag(&b"("[..]).parse(input)?;
    if cx.max_comment_depth == 0 {
        return fail(input, EmailErrorKind::CommentTooDeep);
    }
    let ctext = with_utf8(cx, CTEXT);
    let mut depth = 1u8;
    loop {
        let (next, _) = take_while(|b| ctext.contains(b)).parse(rest)?;
        rest = match next.first().copied() {
            Some(b'(') => {
                if depth >= cx.max_comment_depth {
                    return fail(next, EmailErrorKind::CommentTooDeep);
                }
                depth += 1;
                next.get(1..).unwrap_or_default()
            }
            Some(b')') => {
                depth -= 1;
                let after = next.get(1..).unwrap_or_default();
                if depth == 0 {
                    return Ok((after, ()));
                }
                after
            }
            Some(b'\\') if next.len() > 1 => quoted_pair(cx, next)?.0,
            Some(b' ' | b'\t' | b'\r') => fws(cx, next)?.0,
            Some(byte) if OBS_NO_WS_CTL.contains(byte) => obs_no_ws_ctl(cx, next),
            None | Some(b'\\') => return fail(input, EmailErrorKind::UnterminatedComment),
            Some(byte) if byte >= 0x80 => return fail(next, EmailErrorKind::NonAscii),
            Some(_) => return fail(next, EmailErrorKind::ControlCharacter),
        };
    }
}

/// ```text
/// CFWS = (1*([FWS] comment) [FWS]) / FWS
/// ```
/// RFC 5322 §3.2.2. Reported as [`Warning::Cfws`].
pub(crate) fn cfws<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, ()> {
    let mut rest = input;
    loop {
        match rest.first() {
            Some(b' ' | b'\t' | b'\r') => rest = fws(cx, rest)?.0,
            Some(b'(') => rest = comment(cx, rest)?.0,
            _ => break,
        }
    }
    if rest.len() == input.len() {
        return Err(nom::Err::Error(super::GrammarError {
            at: input,
            kind: None,
        }));
    }
    cx.warn(Warning::Cfws);
    Ok((rest, ()))
}

/// `[CFWS]`: whether any was there.
pub(crate) fn opt_cfws<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, bool> {
    match cfws(cx, input) {
        Ok((rest, ())) => Ok((rest, true)),
        Err(nom::Err::Error(_)) => Ok((input, false)),
        Err(e) => Err(e),
    }
}

/// ```text
/// domain     = dot-atom / domain-literal / obs-domain
/// obs-domain = atom *("." atom)
/// ```
/// RFC 5322 §3.4.1 and §4.4. Like the local part, parsed as the obsolete superset and
/// classified: CFWS between labels is [`Warning::ObsoleteDomain`]. Returns the span
/// without outer CFWS, the literal if it is one, and whether it is `obs-domain`.
pub(crate) fn domain<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, (Span, Option<Literal>, bool)> {
    let (start, _) = opt_cfws(cx, input)?;
    if start.first() == Some(&b'[') {
        let (after, literal) = domain_literal(cx, start)?;
        let (rest, _) = opt_cfws(cx, after)?;
        let span = Span {
            start: cx.pos(start),
            end: cx.pos(after),
        };
        return Ok((rest, (span, Some(literal), false)));
    }
    if start.is_empty() {
        return fail(start, EmailErrorKind::EmptyDomain);
    }
    let atext = cx.atext();
    let mut rest = start;
    let mut obs = false;
    let end = loop {
        let (after_atom, text) = take_while(|b| atext.contains(b)).parse(rest)?;
        if text.is_empty() {
            let kind = match rest.first() {
                Some(b'.') => EmailErrorKind::Domain(DomainErrorKind::EmptyLabel),
                _ => cx.unexpected(rest, Syntax::Message),
            };
            return fail(rest, kind);
        }
        let (after_cfws, cfws) = opt_cfws(cx, after_atom)?;
        let Some(after_dot) = after_cfws.strip_prefix(b".") else {
            rest = after_cfws;
            break after_atom;
        };
        let (next, cfws_after_dot) = opt_cfws(cx, after_dot)?;
        obs |= cfws || cfws_after_dot;
        if next.is_empty() {
            return fail(after_cfws, EmailErrorKind::DomainTrailingDot);
        }
        rest = next;
    };
    if obs {
        cx.warn(Warning::ObsoleteDomain);
    }
    let span = Span {
        start: cx.pos(start),
        end: cx.pos(end),
    };
    Ok((rest, (span, None, obs)))
}

/// ```text
/// domain-literal = [CFWS] "[" *([FWS] dtext) [FWS] "]" [CFWS]
/// dtext          = %d33-90 / %d94-126 / obs-dtext
/// obs-dtext      = obs-NO-WS-CTL / quoted-pair
/// dtext         =/ UTF8-non-ascii   ; RFC 6532 §3.2
/// ```
/// RFC 5322 §3.4.1 and §4.4, without the outer CFWS. Content that is an RFC 5321
/// address literal becomes [`Literal::Ipv4`]/[`Literal::Ipv6`]/[`Literal::General`];
/// anything else is [`Literal::Other`] with [`Warning::GeneralDomainLiteral`].
pub(crate) fn domain_literal<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, Literal> {
    let (body, _) = tag(&b"["[..]).parse(input)?;
    let dtext = with_utf8(cx, DTEXT);
    let mut rest = body;
    let mut plain = true;
    loop {
        let (next, _) = take_while(|b| dtext.contains(b)).parse(rest)?;
        rest = match next.first().copied() {
            Some(b']') => {
                let content = body.get(..body.len() - next.len()).unwrap_or_default();
                let literal = match rfc5321::literal_content(cx, content) {
                    Ok(literal @ (Literal::Ipv4(_) | Literal::Ipv6(_))) if plain => literal,
                    Ok(literal @ Literal::General(..)) if plain => {
                        cx.warn(Warning::GeneralDomainLiteral);
                        literal
                    }
                    _ => {
                        cx.warn(Warning::GeneralDomainLiteral);
                        Literal::Other(cx.span_of(content))
                    }
                };
                return Ok((next.get(1..).unwrap_or_default(), literal));
            }
            Some(b'\\') if next.len() > 1 => {
                plain = false;
                cx.warn(Warning::ObsoleteText);
                quoted_pair(cx, next)?.0
            }
            Some(b' ' | b'\t' | b'\r') => {
                plain = false;
                fws(cx, next)?.0
            }
            Some(byte) if OBS_NO_WS_CTL.contains(byte) => {
                plain = false;
                obs_no_ws_ctl(cx, next)
            }
            None | Some(b'\\') => {
                return fail(input, EmailErrorKind::UnterminatedAddressLiteral);
            }
            Some(byte) if byte >= 0x80 => return fail(next, EmailErrorKind::NonAscii),
            Some(b'[') => return fail(next, EmailErrorKind::InvalidAddressLiteral),
            Some(_) => return fail(next, EmailErrorKind::ControlCharacter),
        };
    }
}
