//! RFC 3986 §3 (and RFC 6874, RFC 3987 opt-ins) as nom 8 parsers over bytes: one function
//! per ABNF rule, named after it, with the rule in its doc comment.
//!
//! Everything here is crate-private: the public types are built from [`Parts`], and the
//! private error type [`GrammarError`] becomes a [`UriError`] at the boundary
//! ([`parse_reference`]). Parsers are *complete* (the input is the whole URI). They never
//! allocate, never recurse and never backtrack more than one component.

use core::net::{Ipv4Addr, Ipv6Addr};

pub(crate) use name_text::ascii::ByteTable as Table;
use name_text::ip::{IpSyntax, parse_ipv4, parse_ipv6};
use nom::{IResult, Parser, bytes::complete::take_while, error::ErrorKind};

use crate::ascii::{
    ALPHA, DIGIT, FRAGMENT, HEXDIG, IPVFUTURE_TAIL, PATH, QUERY, REG_NAME, SCHEME, SEGMENT_NC,
    USERINFO, ZONE_ID,
};
use crate::{UriError, UriErrorKind, UriPolicy};

mod fast;

/// The crate-private nom error: a kind and the length of the input left when it was
/// found (so the offset is `input.len() - rest_len`, whatever slice the rule saw).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GrammarError {
    pub(crate) kind: UriErrorKind,
    pub(crate) rest_len: usize,
}

impl GrammarError {
    const fn at(kind: UriErrorKind, rest: &[u8]) -> Self {
        Self {
            kind,
            rest_len: rest.len(),
        }
    }
}

impl<'a> nom::error::ParseError<&'a [u8]> for GrammarError {
    fn from_error_kind(input: &'a [u8], _kind: ErrorKind) -> Self {
        // Only reached through combinators whose caller replaces the kind.
        Self::at(UriErrorKind::InvalidCharacterInPath, input)
    }

    fn append(_input: &'a [u8], _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

type PResult<'a, T> = IResult<&'a [u8], T, GrammarError>;

fn fail<T>(kind: UriErrorKind, rest: &[u8]) -> PResult<'_, T> {
    Err(nom::Err::Failure(GrammarError::at(kind, rest)))
}

/// Rebases a failure of a rule that saw a prefix of the input: `extra` bytes followed it.
fn within<T>(result: PResult<'_, T>, extra: usize) -> PResult<'_, T> {
    result.map_err(|e| {
        e.map(|g| GrammarError {
            kind: g.kind,
            rest_len: g.rest_len + extra,
        })
    })
}

/// The longest input the parsers accept: 4 GiB - 1 bytes (spans are stored as `u32`);
/// longer input is [`UriErrorKind::InputTooLong`].
///
/// ```
/// assert_eq!(uri_schemes::MAX_INPUT_LEN, u32::MAX as usize);
/// ```
pub const MAX_INPUT_LEN: usize = u32::MAX as usize;

/// A component's byte range in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Span {
    // u32 halves the size of `Parts` (copied on every parse); inputs are at most
    // `MAX_INPUT_LEN` bytes.
    start: u32,
    end: u32,
}

impl Span {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "inputs longer than `MAX_INPUT_LEN` (`u32::MAX`) are rejected before any span is made"
    )]
    pub(crate) const fn new(start: usize, end: usize) -> Self {
        Self {
            start: start as u32,
            end: end as u32,
        }
    }

    pub(crate) const fn start(self) -> usize {
        self.start as usize
    }

    pub(crate) const fn end(self) -> usize {
        self.end as usize
    }

    #[inline]
    pub(crate) fn of(self, input: &str) -> &str {
        input.get(self.start()..self.end()).unwrap_or_default()
    }
}

/// Which host rule matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HostData {
    Ipv4(Ipv4Addr),
    /// The address, and the zone ID (RFC 6874, still percent-encoded) when present.
    Ipv6(Ipv6Addr, Option<Span>),
    IpFuture,
    RegName,
}

/// The components of a parsed URI-reference, as byte ranges of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Parts {
    /// End of the scheme (the index of its `:`).
    pub(crate) scheme_end: Option<usize>,
    pub(crate) authority: Option<Span>,
    pub(crate) userinfo: Option<Span>,
    pub(crate) host: Span,
    pub(crate) host_data: HostData,
    pub(crate) port: Option<Span>,
    pub(crate) port_number: Option<u16>,
    pub(crate) path: Span,
    pub(crate) query: Option<Span>,
    pub(crate) fragment: Option<Span>,
}

impl Parts {
    /// The parts before any component after the scheme is read: no authority, an empty
    /// path at 0, no query or fragment. Both parsers (fast and general) start here.
    pub(crate) const fn start(scheme_end: Option<usize>) -> Self {
        Self {
            scheme_end,
            authority: None,
            userinfo: None,
            host: Span::new(0, 0),
            host_data: HostData::RegName,
            port: None,
            port_number: None,
            path: Span::new(0, 0),
            query: None,
            fragment: None,
        }
    }
}

/// Which non-ASCII code points (RFC 3987) a component accepts, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ucs {
    /// Plain RFC 3986: no byte above 0x7F.
    None,
    /// RFC 3987 `ucschar`.
    Ucschar,
    /// RFC 3987 `ucschar / iprivate` (`iquery` only).
    UcscharOrPrivate,
}

/// RFC 3987 §2.2: `ucschar` and, when `private`, `iprivate`.
fn is_iri_char(c: char, private: bool) -> bool {
    let c = u32::from(c);
    let ucschar = matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        // %x10000-1FFFD … %xE1000-EFFFD: every plane 1–14 except its last two code points.
        || ((0x1_0000..=0xE_FFFD).contains(&c) && (c & 0xFFFF) <= 0xFFFD
            && !(0xE_0000..0xE_1000).contains(&c));
    ucschar
        || (private && matches!(c, 0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD))
}

/// The length of the UTF-8 character at the start of `bytes` when it is one `ucs` allows.
fn iri_char_len(bytes: &[u8], ucs: Ucs) -> Option<usize> {
    let len = match bytes.first()? {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let c = core::str::from_utf8(bytes.get(..len)?)
        .ok()?
        .chars()
        .next()?;
    is_iri_char(c, ucs == Ucs::UcscharOrPrivate).then_some(len)
}

const T_USERINFO: Table = Table::new(USERINFO);
pub(crate) const T_REG_NAME: Table = Table::new(REG_NAME);
pub(crate) const T_PATH: Table = Table::new(PATH);
const T_SEGMENT_NC: Table = Table::new(SEGMENT_NC);
pub(crate) const T_QUERY: Table = Table::new(QUERY);
const T_ZONE_ID: Table = Table::new(ZONE_ID);
pub(crate) const T_SCHEME: Table = Table::new(SCHEME);
pub(crate) const T_FRAGMENT: Table = Table::new(FRAGMENT);
pub(crate) const T_HEXDIG: Table = Table::new(HEXDIG);

/// Consumes `*( set / pct-encoded )` (plus RFC 3987 characters when `ucs` allows) and
/// stops at the first other byte; a `%` without two hex digits is a failure.
#[inline]
fn pct_run<'a>(input: &'a [u8], set: &Table, ucs: Ucs) -> PResult<'a, &'a [u8]> {
    let mut pos = 0;
    while let Some(&byte) = input.get(pos) {
        if set.contains(byte) {
            pos += 1 + set.run_len(input.get(pos + 1..).unwrap_or_default());
        } else if byte == b'%' {
            if !pct_encoded(input, pos) {
                return fail(
                    UriErrorKind::BadPercentEncoding,
                    input.get(pos..).unwrap_or_default(),
                );
            }
            pos += 3;
        } else if byte >= 0x80 && ucs != Ucs::None {
            match iri_char_len(input.get(pos..).unwrap_or_default(), ucs) {
                Some(len) => pos += len,
                None => break,
            }
        } else {
            break;
        }
    }
    let (run, rest) = input.split_at_checked(pos).unwrap_or((input, &[]));
    Ok((rest, run))
}

/// `pct-encoded = "%" HEXDIG HEXDIG` (RFC 3986 §2.1): whether one starts at `pos`.
#[inline]
fn pct_encoded(input: &[u8], pos: usize) -> bool {
    let hex = |i: usize| input.get(i).is_some_and(|&h| T_HEXDIG.contains(h));
    input.get(pos) == Some(&b'%') && hex(pos + 1) && hex(pos + 2)
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1), followed by `":"`.
///
/// A recoverable error when the input does not start with a scheme and its colon.
fn scheme(input: &[u8]) -> PResult<'_, &[u8]> {
    let Some(&first) = input.first() else {
        return Err(nom::Err::Error(GrammarError::at(
            UriErrorKind::MissingScheme,
            input,
        )));
    };
    if !ALPHA.contains(first) {
        return Err(nom::Err::Error(GrammarError::at(
            UriErrorKind::MissingScheme,
            input,
        )));
    }
    let len = T_SCHEME.run_len(input);
    let (run, rest) = input.split_at_checked(len).unwrap_or((input, &[]));
    match rest.split_first() {
        Some((b':', after)) => Ok((after, run)),
        _ => Err(nom::Err::Error(GrammarError::at(
            UriErrorKind::InvalidCharacterInScheme,
            rest,
        ))),
    }
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (RFC 3986 §3.2.1;
/// RFC 3987 `iuserinfo` adds `ucschar`): the longest run, wherever it stops.
fn userinfo(input: &[u8], opts: UriPolicy) -> PResult<'_, &[u8]> {
    pct_run(input, &T_USERINFO, opts.ucs())
}

/// `IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"` (RFC 3986 §3.2.2,
/// RFC 6874 §2 for `IPv6addrz` when zone IDs are enabled).
///
/// Returns the literal with its brackets.
fn ip_literal(input: &[u8], opts: UriPolicy) -> PResult<'_, (&[u8], HostData)> {
    let Some(inner_and_rest) = input.strip_prefix(b"[") else {
        return fail(UriErrorKind::InvalidCharacterInHost, input);
    };
    let Some(close) = inner_and_rest.iter().position(|&b| b == b']') else {
        return fail(UriErrorKind::UnclosedIpLiteral, input);
    };
    let (inner, rest) = inner_and_rest.split_at_checked(close).unwrap_or((&[], &[]));
    let rest = rest.get(1..).unwrap_or_default();
    let extra = 1 + rest.len();
    let data = if matches!(inner.first(), Some(b'v' | b'V')) {
        within(ip_vfuture(inner), extra)?;
        HostData::IpFuture
    } else {
        let (_, (addr, zone)) = within(ipv6_addrz(inner, opts), extra)?;
        // The zone's span is rebased by the caller (it knows the literal's position).
        HostData::Ipv6(addr, zone)
    };
    let len = input.len() - rest.len();
    Ok((rest, (input.get(..len).unwrap_or_default(), data)))
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (RFC 3986 §3.2.2).
fn ip_vfuture(input: &[u8]) -> PResult<'_, ()> {
    let after_v = input.get(1..).unwrap_or_default();
    let hex = after_v.iter().take_while(|&&b| HEXDIG.contains(b)).count();
    let after_hex = after_v.get(hex..).unwrap_or_default();
    let Some(tail) = after_hex.strip_prefix(b".") else {
        return fail(UriErrorKind::InvalidIpFuture, after_hex);
    };
    if hex == 0 {
        return fail(UriErrorKind::InvalidIpFuture, after_v);
    }
    if tail.is_empty() {
        return fail(UriErrorKind::InvalidIpFuture, tail);
    }
    match IPVFUTURE_TAIL.find_first_not_in(tail) {
        None => Ok((&[], ())),
        Some(bad) => fail(
            UriErrorKind::InvalidIpFuture,
            tail.get(bad..).unwrap_or_default(),
        ),
    }
}

/// `IPv6address` (RFC 3986 §3.2.2, the RFC 4291 §2.2 text forms, parsed by
/// `name_text::ip`) and, when enabled, `IPv6addrz = IPv6address "%25" ZoneID`,
/// `ZoneID = 1*( unreserved / pct-encoded )` (RFC 6874 §2).
///
/// The zone span is relative to `input`.
fn ipv6_addrz(input: &[u8], opts: UriPolicy) -> PResult<'_, (Ipv6Addr, Option<Span>)> {
    let percent = input.iter().position(|&b| b == b'%');
    let (addr_text, zone) = match percent {
        None => (input, None),
        Some(at) => {
            let (addr_text, zone_part) = input.split_at_checked(at).unwrap_or((input, &[]));
            if !opts.zone_ids() {
                return fail(UriErrorKind::ZoneIdNotAllowed, zone_part);
            }
            let Some(zone) = zone_part.strip_prefix(b"%25") else {
                return fail(UriErrorKind::InvalidZoneId, zone_part);
            };
            let (zone_rest, zone_run) = pct_run(zone, &T_ZONE_ID, Ucs::None)?;
            if zone_run.is_empty() || !zone_rest.is_empty() {
                return fail(UriErrorKind::InvalidZoneId, zone_rest);
            }
            let start = at + 3;
            (addr_text, Some(Span::new(start, input.len())))
        }
    };
    match parse_ipv6(addr_text, IpSyntax::Rfc3986) {
        Ok(addr) => Ok((&[], (addr, zone))),
        Err(e) => fail(
            UriErrorKind::Ip(e.kind()),
            input.get(e.offset()..).unwrap_or_default(),
        ),
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` (RFC 3986 §3.2.2),
/// checked on a whole `reg-name`: the rule is first-match, so `127.0.0.001` (not four
/// `dec-octet`s) stays a `reg-name`.
pub(crate) fn ipv4address(host: &[u8]) -> Option<Ipv4Addr> {
    // Most hosts are names: only a digit can start a dec-octet.
    if !host.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    parse_ipv4(host, IpSyntax::Rfc3986).ok()
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (RFC 3986 §3.2.2; RFC 3987
/// `ireg-name` adds `ucschar`).
fn reg_name(input: &[u8], opts: UriPolicy) -> PResult<'_, &[u8]> {
    pct_run(input, &T_REG_NAME, opts.ucs())
}

/// `port = *DIGIT` (RFC 3986 §3.2.3).
fn port(input: &[u8]) -> PResult<'_, &[u8]> {
    take_while(|b| DIGIT.contains(b)).parse(input)
}

/// The value of a port, when it fits 16 bits.
pub(crate) fn port_value(digits: &[u8]) -> Option<u16> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u16, |acc, &d| {
        acc.checked_mul(10)?.checked_add(u16::from(d - b'0'))
    })
}

/// What [`authority`] found, as spans relative to its input.
struct AuthorityParts {
    userinfo: Option<Span>,
    host: Span,
    host_data: HostData,
    port: Option<Span>,
    port_number: Option<u16>,
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` and
/// `host = IP-literal / IPv4address / reg-name` (RFC 3986 §3.2).
///
/// `input` is the rest of the URI after `//`; the authority ends at the first `/`, `?`,
/// `#` or the end, and everything before must match.
fn authority(input: &[u8], opts: UriPolicy) -> PResult<'_, AuthorityParts> {
    let span = |part: &[u8], rest: &[u8]| {
        let end = input.len() - rest.len();
        Span::new(end - part.len(), end)
    };
    // Whether the authority ends here (RFC 3986 §3.2: at "/", "?", "#" or the end).
    let at_end = |rest: &[u8]| matches!(rest.first(), None | Some(b'/' | b'?' | b'#'));
    // `userinfo` cannot hold `@`, so a userinfo run that stops at `@` is the userinfo;
    // otherwise the same bytes are the host (no pre-scan of the authority).
    let (hostport, userinfo_span, scanned) = if input.first() == Some(&b'[') {
        (input, None, None)
    } else {
        let (rest, run) = userinfo(input, opts)?;
        match rest.split_first() {
            Some((b'@', after)) => (after, Some(span(run, rest)), None),
            // No `@`: the run is `host [ ":" port ]` so far; `reg-name` is the same set
            // without `:`, so the host is the run up to its first `:`.
            _ => (input, None, Some(run)),
        }
    };
    let (rest, (host, host_data)) = if hostport.first() == Some(&b'[') {
        let (rest, (literal, data)) = ip_literal(hostport, opts)?;
        let data = match data {
            HostData::Ipv6(addr, Some(zone)) => {
                // Rebase the zone from the literal's inside to the authority.
                let base = input.len() - hostport.len() + 1;
                HostData::Ipv6(
                    addr,
                    Some(Span::new(zone.start() + base, zone.end() + base)),
                )
            }
            other => other,
        };
        if !(at_end(rest) || rest.first() == Some(&b':')) {
            return fail(UriErrorKind::CharacterAfterIpLiteral, rest);
        }
        (rest, (literal, data))
    } else {
        let (rest, name) = match scanned {
            Some(run) => {
                let len = run.iter().position(|&b| b == b':').unwrap_or(run.len());
                let (name, rest) = hostport.split_at_checked(len).unwrap_or((hostport, &[]));
                (rest, name)
            }
            None => reg_name(hostport, opts)?,
        };
        if !(at_end(rest) || rest.first() == Some(&b':')) {
            return fail(host_error(input, userinfo_span.is_some()), rest);
        }
        let data = ipv4address(name).map_or(HostData::RegName, HostData::Ipv4);
        (rest, (name, data))
    };
    let host_span = span(host, rest);
    let (rest, port_span, port_number) = match rest.split_first() {
        Some((b':', after)) => {
            let (rest, digits) = port(after)?;
            if !at_end(rest) {
                return fail(UriErrorKind::InvalidCharacterInPort, rest);
            }
            (rest, Some(span(digits, rest)), port_value(digits))
        }
        _ => (rest, None, None),
    };
    Ok((
        rest,
        AuthorityParts {
            userinfo: userinfo_span,
            host: host_span,
            host_data,
            port: port_span,
            port_number,
        },
    ))
}

/// The kind for a bad byte where the host was expected: when no userinfo was found but
/// the authority holds an `@` further on, the byte is in what was meant as userinfo.
fn host_error(authority: &[u8], had_userinfo: bool) -> UriErrorKind {
    let end = authority
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(authority.len());
    let has_at = authority.get(..end).is_some_and(|a| a.contains(&b'@'));
    if has_at && !had_userinfo {
        UriErrorKind::InvalidCharacterInUserinfo
    } else {
        UriErrorKind::InvalidCharacterInHost
    }
}

/// `path-abempty = *( "/" segment )`, `path-absolute = "/" [ segment-nz *( "/" segment ) ]`,
/// `path-rootless = segment-nz *( "/" segment )`, `path-empty = 0<pchar>`, with
/// `segment = *pchar` (RFC 3986 §3.3; RFC 3987 `ipath-*` add `ucschar`).
///
/// Which of them applies follows from what precedes the path (an authority, or none),
/// and a path after an authority cannot start with anything but `/`; so one run of
/// `pchar / "/"` covers them all. The path ends at `?`, `#` or the end of the input.
fn path(input: &[u8], opts: UriPolicy) -> PResult<'_, &[u8]> {
    let (rest, run) = pct_run(input, &T_PATH, opts.ucs())?;
    match rest.first() {
        None | Some(b'?' | b'#') => Ok((rest, run)),
        Some(_) => fail(UriErrorKind::InvalidCharacterInPath, rest),
    }
}

/// `path-noscheme = segment-nz-nc *( "/" segment )` and
/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` (RFC 3986 §3.3): the
/// first segment of a relative-path reference cannot hold `:`.
fn segment_nz_nc(input: &[u8], opts: UriPolicy) -> PResult<'_, &[u8]> {
    let (rest, run) = pct_run(input, &T_SEGMENT_NC, opts.ucs())?;
    match rest.first() {
        Some(b':') => fail(UriErrorKind::ColonInFirstSegment, rest),
        _ => Ok((rest, run)),
    }
}

/// `query = *( pchar / "/" / "?" )` (RFC 3986 §3.4; RFC 3987 `iquery` adds `ucschar` and
/// `iprivate`), ending at `#` or the end of the input.
fn query(input: &[u8], opts: UriPolicy) -> PResult<'_, &[u8]> {
    let ucs = if opts.iri() {
        Ucs::UcscharOrPrivate
    } else {
        Ucs::None
    };
    let (rest, run) = pct_run(input, &T_QUERY, ucs)?;
    match rest.first() {
        None | Some(b'#') => Ok((rest, run)),
        Some(_) => fail(UriErrorKind::InvalidCharacterInQuery, rest),
    }
}

/// `fragment = *( pchar / "/" / "?" )` (RFC 3986 §3.5; RFC 3987 `ifragment` adds
/// `ucschar`), to the end of the input.
fn fragment(input: &[u8], opts: UriPolicy) -> PResult<'_, &[u8]> {
    let (rest, run) = pct_run(input, &T_FRAGMENT, opts.ucs())?;
    if rest.is_empty() {
        Ok((rest, run))
    } else {
        fail(UriErrorKind::InvalidCharacterInFragment, rest)
    }
}

/// `URI-reference = URI / relative-ref` (RFC 3986 §4.1), where
/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (§3),
/// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` (§4.2),
/// `hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty`,
/// `relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty`.
///
/// With `absolute`, only `URI` is accepted (a missing scheme is an error).
///
/// The common shape goes through [`fast::parse`], and so do its invalid characters in
/// the path, query or fragment; everything else, and every other error, through the
/// general parser.
#[inline]
pub(crate) fn parse_reference(
    input: &[u8],
    opts: UriPolicy,
    absolute: bool,
) -> Result<Parts, UriError> {
    parse_reference_as(input, opts, absolute, core::convert::identity)
}

/// [`parse_reference`], with the caller's value built from the parts by `wrap` on the
/// fast path and on the general path separately.
///
/// Why: with one `Parts` for both paths, the fast path's fields were stored one by one
/// into a stack temporary and then copied into the caller's result with wide loads that
/// straddle those narrow stores (the stores cannot be forwarded, a stall on every
/// parse). Inlined into the caller, the fast path writes its fields straight into the
/// result.
#[expect(
    clippy::inline_always,
    reason = "the point is that the fast path is built inside the caller's result"
)]
#[inline(always)]
pub(crate) fn parse_reference_as<T>(
    input: &[u8],
    opts: UriPolicy,
    absolute: bool,
    wrap: impl FnOnce(Parts) -> T,
) -> Result<T, UriError> {
    parse_reference_then(input, opts, absolute, |parts| Ok(wrap(parts)))
}

/// [`parse_reference_as`] for a caller whose own checks of the parts may fail (an
/// `HttpUrl`): its result is the caller's, not one wrapped in another and unwrapped by
/// a copy.
#[expect(
    clippy::inline_always,
    reason = "as `parse_reference_as`: the fast path is built inside the caller's result"
)]
#[inline(always)]
pub(crate) fn parse_reference_then<T>(
    input: &[u8],
    opts: UriPolicy,
    absolute: bool,
    check: impl FnOnce(Parts) -> Result<T, UriError>,
) -> Result<T, UriError> {
    if input.len() > MAX_INPUT_LEN {
        return Err(UriError::new(UriErrorKind::InputTooLong, MAX_INPUT_LEN));
    }
    match fast::parse(input, opts.iri()) {
        Ok(parts) => check(parts),
        Err(fast::Leftover::Invalid(e)) => Err(invalid_at(input, e, opts)),
        Err(fast::Leftover::General) => parse_general(input, opts, absolute).and_then(check),
    }
}

/// The error the fast path found, finished as the general parser finishes its own.
#[cold]
#[inline(never)]
fn invalid_at(input: &[u8], e: GrammarError, opts: UriPolicy) -> UriError {
    located(input, e, opts)
}

/// The general parser of [`parse_reference`]: every form, and every error with its
/// offset.
#[inline(never)]
fn parse_general(input: &[u8], opts: UriPolicy, absolute: bool) -> Result<Parts, UriError> {
    uri_reference(input, opts, absolute).map_err(|e| {
        let e = match e {
            nom::Err::Error(e) | nom::Err::Failure(e) => e,
            nom::Err::Incomplete(_) => GrammarError {
                kind: UriErrorKind::InvalidCharacterInPath,
                rest_len: 0,
            },
        };
        located(input, e, opts)
    })
}

/// A grammar error as the caller sees it: at its byte offset, white space around the
/// text named as such, the character found named.
fn located(input: &[u8], e: GrammarError, opts: UriPolicy) -> UriError {
    let at = input.len().saturating_sub(e.rest_len);
    if let Some(space) = surrounding_whitespace(input, at) {
        return UriError::new(UriErrorKind::SurroundingWhitespace, space);
    }
    let kind = first_error_kind(e.kind, input, at, opts);
    UriError::new(kind, at).naming_found_in(input)
}

/// Where white space before or after the text made the parse fail (RFC 3986 Appendix C:
/// white space around a URI in text is not part of it): at 0 when the input starts with
/// it, at the error when the error is in a run of it that ends the input.
fn surrounding_whitespace(input: &[u8], at: usize) -> Option<usize> {
    let is_space = |c: char| c.is_whitespace();
    if char_at(input, 0).is_some_and(is_space) {
        return Some(0);
    }
    let rest = core::str::from_utf8(input.get(at..)?).ok()?;
    (!rest.is_empty() && rest.chars().all(is_space)).then_some(at)
}

/// The character that starts at byte `at`: the shortest run of bytes there that is UTF-8.
pub(crate) fn char_at(input: &[u8], at: usize) -> Option<char> {
    (1..=4)
        .find_map(|n| core::str::from_utf8(input.get(at..at + n)?).ok())
        .and_then(|s| s.chars().next())
}

/// A host error at a non-ASCII character says what to do about it: name an invisible
/// character, or point to the IRI option for an internationalized host.
fn first_error_kind(kind: UriErrorKind, input: &[u8], at: usize, opts: UriPolicy) -> UriErrorKind {
    if kind != UriErrorKind::InvalidCharacterInHost || input.get(at).is_none_or(u8::is_ascii) {
        return kind;
    }
    match char_at(input, at) {
        Some(c) if name_text::report::is_invisible(c) => UriErrorKind::InvisibleCharacter(c),
        _ if !opts.iri() => UriErrorKind::NonAsciiHost,
        _ => kind,
    }
}

fn uri_reference(
    input: &[u8],
    opts: UriPolicy,
    absolute: bool,
) -> Result<Parts, nom::Err<GrammarError>> {
    let offset = |rest: &[u8]| input.len() - rest.len();
    let (rest, scheme_end) = match scheme(input) {
        Ok((rest, run)) => (rest, Some(run.len())),
        Err(nom::Err::Error(e)) if absolute => {
            // Say "missing scheme" unless the text looks like a scheme with a bad byte.
            let at = input.len() - e.rest_len;
            let kind = match input.get(at) {
                Some(b) if at > 0 && !matches!(b, b'/' | b'?' | b'#') => {
                    UriErrorKind::InvalidCharacterInScheme
                }
                _ => UriErrorKind::MissingScheme,
            };
            let rest_len = if kind == UriErrorKind::MissingScheme {
                input.len()
            } else {
                e.rest_len
            };
            return Err(nom::Err::Failure(GrammarError { kind, rest_len }));
        }
        Err(nom::Err::Error(_)) => (input, None),
        Err(e) => return Err(e),
    };

    let mut parts = Parts::start(scheme_end);

    let rest = if let Some(after) = rest.strip_prefix(b"//") {
        let base = offset(after);
        let shift = |s: Span| Span::new(s.start() + base, s.end() + base);
        let (rest, found) = authority(after, opts)?;
        let auth_len = after.len() - rest.len();
        parts.authority = Some(Span::new(base, base + auth_len));
        parts.userinfo = found.userinfo.map(shift);
        parts.host = shift(found.host);
        parts.host_data = match found.host_data {
            HostData::Ipv6(addr, zone) => HostData::Ipv6(addr, zone.map(shift)),
            other => other,
        };
        parts.port = found.port.map(shift);
        parts.port_number = found.port_number;
        rest
    } else {
        rest
    };

    // A relative-path reference: its first segment cannot hold `:`.
    if scheme_end.is_none() && parts.authority.is_none() && rest.first() != Some(&b'/') {
        segment_nz_nc(rest, opts)?;
    }
    let (rest, path_run) = path(rest, opts)?;
    parts.path = Span::new(offset(rest) - path_run.len(), offset(rest));
    let rest = if let Some(after) = rest.strip_prefix(b"?") {
        let (rest, run) = query(after, opts)?;
        parts.query = Some(Span::new(offset(after), offset(after) + run.len()));
        rest
    } else {
        rest
    };
    if let Some(after) = rest.strip_prefix(b"#") {
        let (_, run) = fragment(after, opts)?;
        parts.fragment = Some(Span::new(offset(after), offset(after) + run.len()));
    }
    Ok(parts)
}

impl UriPolicy {
    const fn ucs(self) -> Ucs {
        if self.iri() { Ucs::Ucschar } else { Ucs::None }
    }
}
