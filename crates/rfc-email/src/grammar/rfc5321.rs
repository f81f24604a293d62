//! RFC 5321 §4.1.2 and §4.1.3: the SMTP `Mailbox`, extended by RFC 6531 §3.3 when the
//! policy allows UTF-8, and by RFC 3696 §3 as printed when it allows backslashes
//! outside quotes.

use name_text::ascii::{LDH, LET_DIG};
use name_text::ip::{IpError, IpSyntax, parse_ipv4, parse_ipv6};
use nom::Parser;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::multi::many0_count;

use super::{AddrSpec, Cx, GrammarError, In, Literal, PResult, Span, fail};
use crate::ascii::{DTEXT_TABLE, QUOTED_PAIR_SMTP};
use crate::error::{EmailError, EmailErrorKind};
use crate::policy::Syntax;
use crate::warning::Warning;

/// ```text
/// Mailbox = Local-part "@" ( Domain / address-literal )
/// ```
/// RFC 5321 §4.1.2. The `Domain` alternative is checked by `ldh-domain` afterwards; here
/// it is the rest of the input.
pub(crate) fn mailbox<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, AddrSpec> {
    let (rest, quoted) = local_part(cx, input)?;
    let local = cx.span(input, rest);
    cx.check_local_len(local)?;
    let Some(after_at) = rest.strip_prefix(b"@") else {
        return fail(rest, at_expected(cx, rest, quoted));
    };
    if after_at.is_empty() {
        return fail(after_at, EmailErrorKind::EmptyDomain);
    }
    let (rest, literal) = if after_at.first() == Some(&b'[') {
        let (rest, literal) = address_literal(cx, after_at)?;
        (rest, Some(literal))
    } else {
        (domain(after_at).0, None)
    };
    Ok((
        rest,
        AddrSpec {
            local,
            quoted,
            domain: cx.span(after_at, rest),
            literal,
            obs_domain: false,
            local_known_ascii: false,
            warnings: crate::Warnings::EMPTY,
        },
    ))
}

/// The error for a byte where the `@` after the local part should be.
fn at_expected<'a>(cx: &Cx<'a>, at: In<'a>, quoted: bool) -> EmailErrorKind {
    match at.first().copied() {
        // `"a".b`: RFC 5322 `obs-local-part`; in RFC 5321 a quoted string is the whole
        // local part.
        Some(b'.') if quoted => EmailErrorKind::ObsoleteLocalPart,
        _ => cx.unexpected(at, Syntax::Smtp),
    }
}

/// ```text
/// Local-part = Dot-string / Quoted-string
/// ```
/// RFC 5321 §4.1.2. Returns whether it is a `Quoted-string`. The first byte decides
/// the alternative, so nothing is parsed twice.
pub(crate) fn local_part<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, bool> {
    if input.first() == Some(&b'"') {
        let (rest, _) = quoted_string(cx, input)?;
        Ok((rest, true))
    } else {
        let (rest, _) = dot_string(cx, input)?;
        Ok((rest, false))
    }
}

/// ```text
/// Dot-string = Atom *("."  Atom)
/// ```
/// RFC 5321 §4.1.2. A dot at the start, at the end or after another dot fails with
/// its own error kind.
pub(crate) fn dot_string<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, In<'a>> {
    let mut rest = match atom(cx, input) {
        Ok((rest, _)) => rest,
        Err(nom::Err::Failure(e)) => return Err(nom::Err::Failure(e)),
        Err(_) => {
            let (at, kind) = empty_atom(cx, input, None);
            return fail(at, kind);
        }
    };
    while let Some(after_dot) = rest.strip_prefix(b".") {
        match atom(cx, after_dot) {
            Ok((next, _)) => rest = next,
            Err(nom::Err::Failure(e)) => return Err(nom::Err::Failure(e)),
            Err(_) => {
                let (at, kind) = empty_atom(cx, after_dot, Some(rest));
                return fail(at, kind);
            }
        }
    }
    let len = input.len() - rest.len();
    Ok((rest, input.get(..len).unwrap_or_default()))
}

/// The error for a `Dot-string` whose `Atom` at `at` is empty (RFC 5321 §4.1.2
/// `Atom = 1*atext`): where it lies and its kind. `dot` is the input from the dot
/// before the atom, `None` for the first atom. A dot at the start, at the end or after
/// another dot has its own kind; a quote after a dot is RFC 5322 `obs-local-part`.
pub(crate) fn empty_atom<'a>(
    cx: &Cx<'a>,
    at: In<'a>,
    dot: Option<In<'a>>,
) -> (In<'a>, EmailErrorKind) {
    match (dot, at.first()) {
        (None, Some(b'.')) => (at, EmailErrorKind::LeadingDot),
        (None, Some(b'@')) => (at, EmailErrorKind::EmptyLocalPart),
        (Some(_), Some(b'.')) => (at, EmailErrorKind::ConsecutiveDots),
        (Some(dot), Some(b'@') | None) => (dot, EmailErrorKind::TrailingDot),
        (Some(_), Some(b'"')) => (at, EmailErrorKind::ObsoleteLocalPart),
        _ => (at, cx.unexpected(at, Syntax::Smtp)),
    }
}

/// The error of a `Mailbox` ([`mailbox`]) whose fast scan
/// ([`fast_mailbox`](super::fast_mailbox)) stopped at offset `stop` of `input`, when
/// that byte decides it; `None` when the grammar has to look further (a quoted
/// string, a local part over the length limit, an address literal, the empty input).
///
/// The scan read `input` up to `stop` as the `Dot-string` grammar does, so the byte at
/// `stop` is where [`dot_string`] fails (an empty atom: at the start or right after a
/// dot) or where it ends and [`mailbox`] wants the `@`. Under
/// [`Backslash::InQuotes`](crate::Backslash::InQuotes) only: a backslash is no atom
/// there.
pub(crate) fn fast_stop_error(cx: &Cx<'_>, input: In<'_>, stop: usize) -> Option<EmailError> {
    let at = input.get(stop..)?;
    let dot = stop.checked_sub(1).and_then(|before| input.get(before..));
    let (at, kind) = match dot {
        // `Local-part = Dot-string / Quoted-string`: a quote first is the other one.
        None if matches!(at.first(), None | Some(b'"')) => return None,
        Some(dot) if dot.first() != Some(&b'.') => {
            // A whole `Dot-string` ended at `stop`.
            cx.check_local_len(Span {
                start: 0,
                end: stop,
            })
            .ok()?;
            match at {
                [b'@'] => (at.get(1..).unwrap_or_default(), EmailErrorKind::EmptyDomain),
                [b'@', ..] => return None,
                _ => (at, at_expected(cx, at, false)),
            }
        }
        _ => empty_atom(cx, at, dot),
    };
    Some(EmailError::new(kind, cx.pos(at)))
}

/// ```text
/// Atom = 1*atext
/// ```
/// RFC 5321 §4.1.2 (`atext` from RFC 5322 §3.2.3, `=/ UTF8-non-ascii` from RFC 6531
/// §3.3). Under [`Backslash::Anywhere`](crate::Backslash::Anywhere) an atom may also
/// hold RFC 3696 §3's printed quoted pairs: `1*( atext / quoted-pairSMTP )`.
pub(crate) fn atom<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, In<'a>> {
    let atext = cx.atext();
    if !cx.backslash_anywhere {
        return take_while1(|b| atext.contains(b)).parse(input);
    }
    let (rest, count) = many0_count(|i: In<'a>| {
        if i.first() == Some(&b'\\') {
            cx.warn(Warning::Erratum246Backslash);
            quoted_pair_smtp(i)
        } else {
            take_while1(|b| atext.contains(b)).parse(i)
        }
    })
    .parse(input)?;
    if count == 0 {
        return Err(nom::Err::Error(GrammarError {
            at: input,
            kind: None,
        }));
    }
    let len = input.len() - rest.len();
    Ok((rest, input.get(..len).unwrap_or_default()))
}

/// ```text
/// Quoted-string = DQUOTE *QcontentSMTP DQUOTE
/// QcontentSMTP  = qtextSMTP / quoted-pairSMTP
/// qtextSMTP     = %d32-33 / %d35-91 / %d93-126
/// qtextSMTP     =/ UTF8-non-ascii   ; RFC 6531 §3.3
/// ```
/// RFC 5321 §4.1.2. An unclosed string fails at its opening quote.
///
/// One loop over the bytes, a table lookup per `qtextSMTP` byte and [`quoted_pair_smtp`]
/// at a backslash: `nom` combinators per character cost several times as much, and
/// quoted local parts are common enough to show in the `email/corpus` rows of `ab`.
pub(crate) fn quoted_string<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, In<'a>> {
    let (mut rest, _) = tag(&b"\""[..]).parse(input)?;
    let qtext = cx.qtext_smtp();
    loop {
        match rest.first().copied() {
            Some(b'\\') => rest = quoted_pair_smtp(rest)?.0,
            Some(byte) if qtext.contains(byte) => rest = rest.get(1..).unwrap_or_default(),
            _ => break,
        }
    }
    match rest.first().copied() {
        Some(b'"') => {
            let rest = rest.get(1..).unwrap_or_default();
            Ok((
                rest,
                input.get(..input.len() - rest.len()).unwrap_or_default(),
            ))
        }
        None => fail(input, EmailErrorKind::UnterminatedQuotedString),
        Some(byte) if byte >= 0x80 => fail(rest, EmailErrorKind::NonAscii),
        Some(_) => fail(rest, EmailErrorKind::ControlCharacter),
    }
}

/// ```text
/// quoted-pairSMTP = %d92 %d32-126
/// ```
/// RFC 5321 §4.1.2: a backslash and a printable ASCII character or space. RFC 6531
/// does not extend it, so `\é` is an error even under SMTPUTF8.
pub(crate) fn quoted_pair_smtp(input: In<'_>) -> PResult<'_, In<'_>> {
    let (after, _) = tag(&b"\\"[..]).parse(input)?;
    match after.first() {
        Some(&b) if QUOTED_PAIR_SMTP.contains(b) => {
            let rest = after.get(1..).unwrap_or_default();
            Ok((rest, input.get(..2).unwrap_or_default()))
        }
        _ => fail(input, EmailErrorKind::InvalidQuotedPair),
    }
}

/// ```text
/// Domain = sub-domain *("." sub-domain)
/// ```
/// RFC 5321 §4.1.2 (`sub-domain =/ U-label`, RFC 6531 §3.3). The labels are checked by
/// `ldh-domain` under its `FQDN` policy after parsing (where a second `@` becomes
/// [`EmailErrorKind::MultipleAt`]); here the domain is the rest of the input.
pub(crate) fn domain(input: In<'_>) -> (In<'_>, In<'_>) {
    let empty = input.get(input.len()..).unwrap_or_default();
    (empty, input)
}

/// ```text
/// address-literal = "[" ( IPv4-address-literal /
///                         IPv6-address-literal /
///                         General-address-literal ) "]"
/// dcontent        = %d33-90 / %d94-126
/// ```
/// RFC 5321 §4.1.2 and §4.1.3. The literal must end the address. General address
/// literals are an error: no tag other than `IPv6` is registered.
pub(crate) fn address_literal<'a>(cx: &Cx<'a>, input: In<'a>) -> PResult<'a, Literal> {
    let (body, _) = tag(&b"["[..]).parse(input)?;
    let (rest, content) = take_while(|b| DTEXT_TABLE.contains(b)).parse(body)?;
    match rest.first().copied() {
        Some(b']') => {}
        None => return fail(input, EmailErrorKind::UnterminatedAddressLiteral),
        Some(byte) if byte >= 0x80 && !cx.utf8 => return fail(rest, EmailErrorKind::NonAscii),
        Some(_) => return fail(rest, EmailErrorKind::InvalidAddressLiteral),
    }
    let after = rest.get(1..).unwrap_or_default();
    if !after.is_empty() {
        return fail(after, EmailErrorKind::InvalidAddressLiteral);
    }
    match literal_content(cx, content) {
        Ok(Literal::General(..)) => fail(content, EmailErrorKind::GeneralAddressLiteral),
        Ok(literal) => Ok((after, literal)),
        Err((at, kind)) => fail(at, kind),
    }
}

/// Classifies the text between the brackets of an address literal: which of the three
/// RFC 5321 §4.1.3 forms it is, or where it goes wrong.
pub(crate) fn literal_content<'a>(
    cx: &Cx<'a>,
    content: In<'a>,
) -> Result<Literal, (In<'a>, EmailErrorKind)> {
    let Some(colon) = content.iter().position(|&b| b == b':') else {
        return ipv4_address_literal(content)
            .map(|(_, ip)| ip)
            .map_err(|e| unpack(&e));
    };
    let (tag_text, value) = content.split_at(colon);
    if tag_text.eq_ignore_ascii_case(b"IPv6") {
        return ipv6_address_literal(content)
            .map(|(_, ip)| ip)
            .map_err(|e| unpack(&e));
    }
    if parse_ipv6(content, IpSyntax::Rfc3986).is_ok() {
        return Err((content, EmailErrorKind::UntaggedIpv6Literal));
    }
    general_address_literal(cx, content, tag_text, value.get(1..).unwrap_or_default())
}

fn unpack<'a>(err: &nom::Err<GrammarError<'a>>) -> (In<'a>, EmailErrorKind) {
    match err {
        nom::Err::Error(e) | nom::Err::Failure(e) => (
            e.at,
            e.kind.unwrap_or(EmailErrorKind::InvalidAddressLiteral),
        ),
        nom::Err::Incomplete(_) => (&[], EmailErrorKind::InvalidAddressLiteral),
    }
}

/// ```text
/// IPv4-address-literal = Snum 3("."  Snum)
/// Snum                 = 1*3DIGIT   ; representing a decimal integer value in 0-255
/// ```
/// RFC 5321 §4.1.3, parsed by [`name_text::ip::parse_ipv4`]; the whole input.
pub(crate) fn ipv4_address_literal(input: In<'_>) -> PResult<'_, Literal> {
    ip_literal(
        input,
        input,
        parse_ipv4(input, IpSyntax::Rfc5321).map(Literal::Ipv4),
    )
}

/// ```text
/// IPv6-address-literal = "IPv6:" IPv6-addr
/// IPv6-addr   = IPv6-full / IPv6-comp / IPv6v4-full / IPv6v4-comp
/// IPv6-hex    = 1*4HEXDIG
/// IPv6-full   = IPv6-hex 7(":" IPv6-hex)
/// IPv6-comp   = [IPv6-hex *5(":" IPv6-hex)] "::" [IPv6-hex *5(":" IPv6-hex)]
/// IPv6v4-full = IPv6-hex 5(":" IPv6-hex) ":" IPv4-address-literal
/// IPv6v4-comp = [IPv6-hex *3(":" IPv6-hex)] "::"
///               [IPv6-hex *3(":" IPv6-hex) ":"] IPv4-address-literal
/// ```
/// RFC 5321 §4.1.3 ("IPv6:" case-insensitive, RFC 5234 §2.3); `IPv6-addr` is parsed
/// by [`name_text::ip::parse_ipv6`] with [`IpSyntax::Rfc5321`], which enforces that
/// `::` stands for at least two groups. The whole input.
pub(crate) fn ipv6_address_literal(input: In<'_>) -> PResult<'_, Literal> {
    let addr = input.get(5..).unwrap_or_default();
    ip_literal(
        input,
        addr,
        parse_ipv6(addr, IpSyntax::Rfc5321).map(Literal::Ipv6),
    )
}

/// An IP address literal that took the whole `input`, or its error at its offset in
/// `addr` (the address text, after any tag).
fn ip_literal<'a>(
    input: In<'a>,
    addr: In<'a>,
    parsed: Result<Literal, IpError>,
) -> PResult<'a, Literal> {
    match parsed {
        Ok(literal) => Ok((input.get(input.len()..).unwrap_or_default(), literal)),
        Err(e) => fail(
            addr.get(e.offset()..).unwrap_or_default(),
            EmailErrorKind::Ip(e.kind()),
        ),
    }
}

/// ```text
/// General-address-literal = Standardized-tag ":" 1*dcontent
/// Standardized-tag        = Ldh-str
/// Ldh-str                 = *( ALPHA / DIGIT / "-" ) Let-dig
/// ```
/// RFC 5321 §4.1.2 and §4.1.3.
pub(crate) fn general_address_literal<'a>(
    cx: &Cx<'a>,
    content: In<'a>,
    tag_text: In<'a>,
    value: In<'a>,
) -> Result<Literal, (In<'a>, EmailErrorKind)> {
    let ldh_str = !tag_text.is_empty()
        && LDH.contains_all(tag_text)
        && tag_text.last().is_some_and(|&b| LET_DIG.contains(b));
    if !ldh_str || value.is_empty() {
        return Err((content, EmailErrorKind::InvalidAddressLiteral));
    }
    Ok(Literal::General(cx.span_of(tag_text), cx.span_of(value)))
}
