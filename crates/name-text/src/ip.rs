//! IP address text forms, shared by email address literals (RFC 5321 §4.1.3) and URI
//! hosts (RFC 3986 §3.2.2), so both crates above agree byte for byte.
//!
//! Two grammars differ in small ways, chosen by [`IpSyntax`]:
//!
//! | rule | [`IpSyntax::Rfc3986`] | [`IpSyntax::Rfc5321`] |
//! |---|---|---|
//! | IPv4 octet | `dec-octet`: no leading zeros (`01` is not an octet) | `Snum = 1*3DIGIT`, value 0–255 (`001` allowed) |
//! | `::` stands for | one or more groups (RFC 4291 §2.2) | at least two groups (`IPv6-comp`) |
//!
//! ```
//! use name_text::ip::{parse_ipv4, parse_ipv6, IpSyntax};
//! use core::net::{Ipv4Addr, Ipv6Addr};
//!
//! assert_eq!(parse_ipv4(b"192.0.2.1", IpSyntax::Rfc3986)?, Ipv4Addr::new(192, 0, 2, 1));
//! assert!(parse_ipv4(b"127.0.0.001", IpSyntax::Rfc3986).is_err()); // a reg-name in a URI
//! assert!(parse_ipv4(b"127.0.0.001", IpSyntax::Rfc5321).is_ok());  // an Snum in SMTP
//! assert_eq!(parse_ipv6(b"2001:db8::1", IpSyntax::Rfc3986)?, "2001:db8::1".parse::<Ipv6Addr>().unwrap());
//! assert!(parse_ipv6(b"1:2:3:4:5:6:7::", IpSyntax::Rfc5321).is_err()); // `::` for one group
//! # Ok::<(), name_text::ip::IpError>(())
//! ```

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::ascii::{DIGIT, HEXDIG};

/// Which standard's text form to accept; see the [module docs](self).
///
/// ```
/// use name_text::ip::IpSyntax;
/// assert_ne!(IpSyntax::Rfc3986, IpSyntax::Rfc5321);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IpSyntax {
    /// RFC 3986 §3.2.2 `IPv4address` / `IPv6address` (the RFC 4291 §2.2 text forms).
    Rfc3986,
    /// RFC 5321 §4.1.3 `IPv4-address-literal` / `IPv6-addr`.
    Rfc5321,
}

/// What is wrong with an IP address text; see [`IpError`].
///
/// ```
/// use name_text::ip::{parse_ipv4, IpErrorKind, IpSyntax};
/// let err = parse_ipv4(b"1.2.3.256", IpSyntax::Rfc3986).unwrap_err();
/// assert_eq!(err.kind(), IpErrorKind::OctetOutOfRange);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IpErrorKind {
    /// Nothing where an address was expected.
    Empty,
    /// A byte that cannot appear at this point of the address.
    InvalidCharacter,
    /// An IPv4 part above 255.
    OctetOutOfRange,
    /// An IPv4 part with a leading zero, which `dec-octet` (RFC 3986) forbids.
    LeadingZero,
    /// An IPv4 part with more than three digits.
    OctetTooLong,
    /// Fewer or more than four dot-separated IPv4 parts.
    WrongPartCount,
    /// An IPv6 group of more than four hex digits.
    GroupTooLong,
    /// More than eight IPv6 groups, or more than the `::` leaves room for.
    TooManyGroups,
    /// Fewer than eight IPv6 groups and no `::`.
    TooFewGroups,
    /// A second `::`.
    MultipleDoubleColons,
    /// A `::` standing for a single group, which RFC 5321 §4.1.3 forbids.
    CompressesOneGroup,
    /// A single `:` at the start or end.
    LoneColon,
}

/// An IP address text that does not match the grammar: what and where.
///
/// `offset` is the byte offset in the slice that was parsed; callers that parse a slice
/// of a larger input add the slice's start.
///
/// ```
/// use name_text::ip::{parse_ipv6, IpErrorKind, IpSyntax};
/// let err = parse_ipv6(b"1::2::3", IpSyntax::Rfc3986).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (IpErrorKind::MultipleDoubleColons, 4));
/// assert_eq!(err.code(), "multiple_double_colons");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IpError {
    kind: IpErrorKind,
    offset: usize,
}

impl IpError {
    const fn new(kind: IpErrorKind, offset: usize) -> Self {
        Self { kind, offset }
    }

    /// What is wrong.
    ///
    /// ```
    /// # use name_text::ip::*;
    /// assert_eq!(parse_ipv4(b"", IpSyntax::Rfc3986).unwrap_err().kind(), IpErrorKind::Empty);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> IpErrorKind {
        self.kind
    }

    /// Byte offset of the problem in the parsed slice.
    ///
    /// ```
    /// # use name_text::ip::*;
    /// assert_eq!(parse_ipv4(b"1.2.x.4", IpSyntax::Rfc3986).unwrap_err().offset(), 4);
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Stable machine-readable code, in `snake_case`.
    ///
    /// ```
    /// # use name_text::ip::*;
    /// assert_eq!(parse_ipv4(b"1.2.3", IpSyntax::Rfc3986).unwrap_err().code(), "wrong_part_count");
    /// ```
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.kind.code()
    }
}

impl IpErrorKind {
    /// What is wrong, in words: the `Display` text.
    ///
    /// ```
    /// use name_text::ip::IpErrorKind;
    /// assert_eq!(IpErrorKind::LoneColon.message(), IpErrorKind::LoneColon.to_string());
    /// ```
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Self::Empty => "empty IP address",
            Self::InvalidCharacter => "unexpected character in IP address",
            Self::OctetOutOfRange => "IPv4 part is larger than 255",
            Self::LeadingZero => "IPv4 part has a leading zero (RFC 3986 dec-octet)",
            Self::OctetTooLong => "IPv4 part has more than three digits",
            Self::WrongPartCount => "IPv4 address needs exactly four parts",
            Self::GroupTooLong => "IPv6 group has more than four hex digits",
            Self::TooManyGroups => "too many IPv6 groups",
            Self::TooFewGroups => "too few IPv6 groups and no `::`",
            Self::MultipleDoubleColons => "IPv6 address has more than one `::`",
            Self::CompressesOneGroup => {
                "`::` must stand for at least two groups in an SMTP address literal (RFC 5321 §4.1.3)"
            }
            Self::LoneColon => "IPv6 address starts or ends with a single `:`",
        }
    }

    /// Stable machine-readable code, in `snake_case`.
    ///
    /// ```
    /// assert_eq!(name_text::ip::IpErrorKind::LoneColon.code(), "lone_colon");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::Empty => "empty_ip_address",
            Self::InvalidCharacter => "invalid_ip_character",
            Self::OctetOutOfRange => "octet_out_of_range",
            Self::LeadingZero => "octet_leading_zero",
            Self::OctetTooLong => "octet_too_long",
            Self::WrongPartCount => "wrong_part_count",
            Self::GroupTooLong => "group_too_long",
            Self::TooManyGroups => "too_many_groups",
            Self::TooFewGroups => "too_few_groups",
            Self::MultipleDoubleColons => "multiple_double_colons",
            Self::CompressesOneGroup => "double_colon_for_one_group",
            Self::LoneColon => "lone_colon",
        }
    }
}

impl fmt::Display for IpErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl fmt::Display for IpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.offset)
    }
}

// Hand-written rather than derived: this crate stays free of proc-macros.
impl core::error::Error for IpErrorKind {}
impl core::error::Error for IpError {}

/// Parses a dotted-decimal IPv4 address (RFC 3986 `IPv4address` or RFC 5321
/// `IPv4-address-literal`), the whole slice.
///
/// ```
/// use name_text::ip::{parse_ipv4, IpSyntax, IpErrorKind};
/// assert_eq!(parse_ipv4(b"0.0.0.0", IpSyntax::Rfc3986)?.octets(), [0; 4]);
/// let err = parse_ipv4(b"10.01.0.1", IpSyntax::Rfc3986).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (IpErrorKind::LeadingZero, 3));
/// # Ok::<(), name_text::ip::IpError>(())
/// ```
pub fn parse_ipv4(input: &[u8], syntax: IpSyntax) -> Result<Ipv4Addr, IpError> {
    if input.is_empty() {
        return Err(IpError::new(IpErrorKind::Empty, 0));
    }
    let mut octets = [0u8; 4];
    let mut pos = 0;
    for (index, octet) in octets.iter_mut().enumerate() {
        if index > 0 {
            match input.get(pos) {
                Some(b'.') => pos += 1,
                Some(_) => return Err(IpError::new(IpErrorKind::InvalidCharacter, pos)),
                None => return Err(IpError::new(IpErrorKind::WrongPartCount, pos)),
            }
        }
        let (value, len) = parse_decimal_octet(input, pos, syntax)?;
        *octet = value;
        pos += len;
    }
    match input.get(pos) {
        None => Ok(Ipv4Addr::from(octets)),
        Some(b'.') => Err(IpError::new(IpErrorKind::WrongPartCount, pos)),
        Some(_) => Err(IpError::new(IpErrorKind::InvalidCharacter, pos)),
    }
}

/// One IPv4 part starting at `start`: its value and its length in bytes.
fn parse_decimal_octet(
    input: &[u8],
    start: usize,
    syntax: IpSyntax,
) -> Result<(u8, usize), IpError> {
    let digits = input.get(start..).unwrap_or_default();
    let len = digits.iter().take_while(|&&b| DIGIT.contains(b)).count();
    if len == 0 {
        return Err(IpError::new(IpErrorKind::InvalidCharacter, start));
    }
    if len > 3 {
        return Err(IpError::new(IpErrorKind::OctetTooLong, start + 3));
    }
    if syntax == IpSyntax::Rfc3986 && len > 1 && digits.first() == Some(&b'0') {
        return Err(IpError::new(IpErrorKind::LeadingZero, start));
    }
    let value = digits
        .iter()
        .take(len)
        .fold(0u16, |acc, &d| acc * 10 + u16::from(d - b'0'));
    let value =
        u8::try_from(value).map_err(|_| IpError::new(IpErrorKind::OctetOutOfRange, start))?;
    Ok((value, len))
}

/// Parses an IPv6 address text (RFC 4291 §2.2 forms: full, `::`-compressed, and with a
/// trailing dotted IPv4 part), the whole slice, without brackets or tag.
///
/// ```
/// use name_text::ip::{parse_ipv6, IpSyntax, IpErrorKind};
/// assert!(parse_ipv6(b"::ffff:192.0.2.1", IpSyntax::Rfc3986).is_ok());
/// assert!(parse_ipv6(b"::", IpSyntax::Rfc5321).is_ok());
/// let err = parse_ipv6(b"1:2:3:4:5:6:7:8:9", IpSyntax::Rfc3986).unwrap_err();
/// assert_eq!(err.kind(), IpErrorKind::TooManyGroups);
/// # Ok::<(), name_text::ip::IpError>(())
/// ```
pub fn parse_ipv6(input: &[u8], syntax: IpSyntax) -> Result<Ipv6Addr, IpError> {
    if input.is_empty() {
        return Err(IpError::new(IpErrorKind::Empty, 0));
    }
    let mut groups = Groups::default();
    let mut compressed = false;
    let mut pos = 0;

    if input.starts_with(b"::") {
        compressed = true;
        pos = 2;
    } else if input.first() == Some(&b':') {
        return Err(IpError::new(IpErrorKind::LoneColon, 0));
    }

    while pos < input.len() {
        let group_start = pos;
        let rest = input.get(pos..).unwrap_or_default();
        let hex_len = rest.iter().take_while(|&&b| HEXDIG.contains(b)).count();
        let groups_so_far = groups.count();
        if rest.get(hex_len) == Some(&b'.') {
            // A trailing IPv4 part fills the last two groups (`ls32`).
            // `ls32` fills two groups; with `::` (at least one group) six may precede it
            // at most, else five (RFC 3986 §3.2.2, RFC 4291 §2.2).
            if groups_so_far > 6 || (compressed && groups_so_far > 5) {
                return Err(IpError::new(IpErrorKind::TooManyGroups, group_start));
            }
            let v4 = parse_ipv4(rest, syntax)
                .map_err(|e| IpError::new(e.kind, group_start + e.offset))?;
            let [a, b, c, d] = v4.octets();
            for group in [u16::from_be_bytes([a, b]), u16::from_be_bytes([c, d])] {
                groups.push(compressed, group);
            }
            // The IPv4 part ends the address.
            break;
        }
        if hex_len == 0 {
            return Err(IpError::new(IpErrorKind::InvalidCharacter, pos));
        }
        if hex_len > 4 {
            return Err(IpError::new(IpErrorKind::GroupTooLong, pos + 4));
        }
        if groups_so_far >= 8 || (compressed && groups_so_far >= 7) {
            return Err(IpError::new(IpErrorKind::TooManyGroups, group_start));
        }
        let group = rest
            .iter()
            .take(hex_len)
            .fold(0u16, |acc, &h| (acc << 4) | u16::from(hex_value(h)));
        groups.push(compressed, group);
        pos += hex_len;
        match input.get(pos) {
            None => break,
            Some(b':') if input.get(pos + 1) == Some(&b':') => {
                if compressed {
                    return Err(IpError::new(IpErrorKind::MultipleDoubleColons, pos));
                }
                compressed = true;
                pos += 2;
            }
            Some(b':') => {
                if pos + 1 == input.len() {
                    return Err(IpError::new(IpErrorKind::LoneColon, pos));
                }
                pos += 1;
            }
            Some(_) => return Err(IpError::new(IpErrorKind::InvalidCharacter, pos)),
        }
    }

    let total = groups.count();
    if !compressed {
        if total < 8 {
            return Err(IpError::new(IpErrorKind::TooFewGroups, input.len()));
        }
        return Ok(Ipv6Addr::from(groups.head));
    }
    // `::` stands for at least one group (RFC 4291 §2.2), so seven groups at most may be
    // written around it; a trailing `::` after eight groups is caught only here.
    if total > 7 {
        let at = find_double_colon(input).unwrap_or(0);
        return Err(IpError::new(IpErrorKind::TooManyGroups, at));
    }
    if syntax == IpSyntax::Rfc5321 && total > 6 {
        let at = find_double_colon(input).unwrap_or(0);
        return Err(IpError::new(IpErrorKind::CompressesOneGroup, at));
    }
    let mut address = groups.head;
    for (slot, group) in address
        .iter_mut()
        .skip(8 - groups.tail_len)
        .zip(groups.tail.iter().take(groups.tail_len))
    {
        *slot = *group;
    }
    Ok(Ipv6Addr::from(address))
}

/// The groups of an IPv6 text read so far: those before the `::` (or all of them, when
/// there is none) and those after it.
#[derive(Default)]
struct Groups {
    head: [u16; 8],
    tail: [u16; 8],
    head_len: usize,
    tail_len: usize,
}

impl Groups {
    fn count(&self) -> usize {
        self.head_len + self.tail_len
    }

    /// Appends `group` after the `::` once one was read, else before it.
    fn push(&mut self, compressed: bool, group: u16) {
        let (groups, len) = if compressed {
            (&mut self.tail, &mut self.tail_len)
        } else {
            (&mut self.head, &mut self.head_len)
        };
        if let Some(slot) = groups.get_mut(*len) {
            *slot = group;
            *len += 1;
        }
    }
}

fn find_double_colon(input: &[u8]) -> Option<usize> {
    input.windows(2).position(|w| w == b"::")
}

/// Value of a hex digit already known to be in [`HEXDIG`].
const fn hex_value(byte: u8) -> u8 {
    match byte {
        b'0'..=b'9' => byte - b'0',
        b'a'..=b'f' => byte - b'a' + 10,
        _ => byte.wrapping_sub(b'A').wrapping_add(10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use IpSyntax::{Rfc3986, Rfc5321};

    fn v6(text: &str) -> Ipv6Addr {
        text.parse().unwrap_or(Ipv6Addr::UNSPECIFIED)
    }

    /// RFC 4291 §2.2: the three text forms, each checked against core's parser.
    #[test]
    fn rfc4291_section_2_2_forms() {
        for text in [
            "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789",
            "2001:DB8:0:0:8:800:200C:417A",
            "2001:DB8::8:800:200C:417A",
            "FF01::101",
            "::1",
            "::",
            "0:0:0:0:0:0:13.1.68.3",
            "::13.1.68.3",
            "::FFFF:129.144.52.38",
            "1::",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "1::1.2.3.4",
        ] {
            assert_eq!(parse_ipv6(text.as_bytes(), Rfc3986), Ok(v6(text)), "{text}");
        }
    }

    #[test]
    fn rfc5321_double_colon_stands_for_two_groups_at_least() {
        for text in [
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1:2:3::5:6:7:8",
            "1:2:3:4:5::1.2.3.4",
        ] {
            let err = parse_ipv6(text.as_bytes(), Rfc5321).unwrap_err();
            assert_eq!(err.kind(), IpErrorKind::CompressesOneGroup, "{text}");
            assert!(parse_ipv6(text.as_bytes(), Rfc3986).is_ok(), "{text}");
        }
        for text in ["1:2:3:4:5:6::", "::3:4:5:6:7:8", "1:2:3:4::1.2.3.4", "::"] {
            assert!(parse_ipv6(text.as_bytes(), Rfc5321).is_ok(), "{text}");
        }
    }

    #[test]
    fn ipv6_errors_with_offsets() {
        let cases: [(&str, IpErrorKind, usize); 13] = [
            ("", IpErrorKind::Empty, 0),
            (":1::", IpErrorKind::LoneColon, 0),
            ("1::2:", IpErrorKind::LoneColon, 4),
            ("1::2::3", IpErrorKind::MultipleDoubleColons, 4),
            ("12345::", IpErrorKind::GroupTooLong, 4),
            ("1:2:3:4:5:6:7", IpErrorKind::TooFewGroups, 13),
            ("1:2:3:4:5:6:7:8:9", IpErrorKind::TooManyGroups, 16),
            ("1:2:3:4:5:6:7::8", IpErrorKind::TooManyGroups, 15),
            ("1:2:3:4:5:6:7:1.2.3.4", IpErrorKind::TooManyGroups, 14),
            // Found by the uri_vs_fluent fuzz target: `::` must stand for a group.
            ("1:2:3:4:5:6:7:8::", IpErrorKind::TooManyGroups, 15),
            ("1:2:3:4:5:6::1.2.3.4", IpErrorKind::TooManyGroups, 13),
            ("::g", IpErrorKind::InvalidCharacter, 2),
            ("::1.2.3.04", IpErrorKind::LeadingZero, 8),
        ];
        for (text, kind, offset) in cases {
            let err = parse_ipv6(text.as_bytes(), Rfc3986).unwrap_err();
            assert_eq!((err.kind(), err.offset()), (kind, offset), "{text}");
        }
    }

    #[test]
    fn ipv4_forms() {
        assert_eq!(
            parse_ipv4(b"255.255.255.255", Rfc3986),
            Ok(Ipv4Addr::BROADCAST)
        );
        assert_eq!(
            parse_ipv4(b"010.0.0.1", Rfc5321),
            Ok(Ipv4Addr::new(10, 0, 0, 1))
        );
        let cases: [(&[u8], IpErrorKind, usize); 7] = [
            (b"1.2.3", IpErrorKind::WrongPartCount, 5),
            (b"1.2.3.4.5", IpErrorKind::WrongPartCount, 7),
            (b"1.2.3.256", IpErrorKind::OctetOutOfRange, 6),
            (b"1.2.3.1000", IpErrorKind::OctetTooLong, 9),
            (b"1..3.4", IpErrorKind::InvalidCharacter, 2),
            (b"1.2.3.4x", IpErrorKind::InvalidCharacter, 7),
            (b"00.1.1.1", IpErrorKind::LeadingZero, 0),
        ];
        for (text, kind, offset) in cases {
            let err = parse_ipv4(text, Rfc3986).unwrap_err();
            assert_eq!((err.kind(), err.offset()), (kind, offset), "{text:?}");
        }
    }

    /// Every IPv6 text that core accepts and RFC 3986 allows parses to the same value.
    #[test]
    fn agrees_with_core_on_exhaustive_small_shapes() {
        let atoms = ["0", "1", "ffff", "::", ":", "1.2.3.4"];
        let mut buf = [0u8; 64];
        for a in atoms {
            for b in atoms {
                for c in atoms {
                    for d in atoms {
                        let mut len = 0;
                        for part in [a, b, c, d] {
                            for &byte in part.as_bytes() {
                                buf[len] = byte;
                                len += 1;
                            }
                        }
                        let text = core::str::from_utf8(&buf[..len]).unwrap();
                        let ours = parse_ipv6(text.as_bytes(), Rfc3986).ok();
                        let core_parse = text.parse::<Ipv6Addr>().ok();
                        assert_eq!(ours, core_parse, "{text}");
                    }
                }
            }
        }
    }
}
