//! The reference verdict for ASCII domain names that `ldh_domain::Domain::parse` is
//! compared with (by ldh-domain's property tests and the `domain_ascii_vs_naive` fuzz
//! target), written from the RFC text with no attempt at speed: one rule per line, each
//! citing its source. A-labels are judged, not refused: an `xn--` label is accepted when
//! it is the canonical Punycode of a valid U-label.

/// Which octets a label may hold.
///
/// ```
/// use test_support::naive_domain::{Syntax, check_ascii_domain};
///
/// assert!(check_ascii_domain("_dmarc.example.com", Syntax::Ldh, true).is_err());
/// assert_eq!(check_ascii_domain("_dmarc.example.com", Syntax::AnyOctet, true), Ok(()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// Letters, digits, hyphen (RFC 1034 §3.5 as relaxed by RFC 1123 §2.1).
    Ldh,
    /// Any octet but `.` (RFC 2181 §11); the hyphen rules of host names do not apply,
    /// but an `xn--` label must still be an A-label (RFC 5890 §2.3.1).
    AnyOctet,
}

fn is_ldh(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

/// RFC 5890 §2.3.2.1 and RFC 5891 §5.4: an `xn--` label is an A-label only if its
/// payload decodes (here with the *peer* decoder, `idna::punycode`), the result is not
/// all ASCII, follows the U-label hyphen rules of RFC 5891 §4.2.3.1, and encodes back to
/// exactly the payload. Case-insensitive (the payload is compared in lower case).
fn check_a_label(label: &str) -> Result<(), &'static str> {
    let payload = label[4..].to_ascii_lowercase();
    let decoded = idna::punycode::decode(&payload).ok_or("a-label: punycode does not decode")?;
    if decoded.iter().all(char::is_ascii) {
        return Err("a-label: decodes to ASCII");
    }
    if decoded.first() == Some(&'-') || decoded.last() == Some(&'-') {
        return Err("a-label: U-label starts or ends with a hyphen");
    }
    if decoded.get(2..4) == Some(&['-', '-']) {
        return Err("a-label: U-label has hyphens in positions 3 and 4");
    }
    if idna::punycode::encode(&decoded).as_deref() != Some(payload.as_str()) {
        return Err("a-label: not the canonical encoding");
    }
    Ok(())
}

/// The verdict for an ASCII name, from the rules of RFC 1034 §3.5, RFC 1035 §2.3.4,
/// RFC 1123 §2.1, RFC 2181 §11, RFC 3696 §2 and RFC 5890–5891, as `ldh-domain`
/// documents its policies: one optional root dot; 1–63 octets per label; at most 253
/// octets without the root dot and 127 labels; the last label not all digits; `fqdn`
/// asks for at least two labels.
///
/// The U-label validity of decoded A-labels (RFC 5892 code points, RFC 5893 Bidi,
/// contextual rules) is table-driven; the reference delegates it to the `idna` crate's
/// UTS #46 processing of the whole name (Bidi is a cross-label rule), with hyphen
/// checks limited to first/last so that R-LDH labels (`ab--cd`) stay allowed, and
/// labels that are not host-name labels stood in by `a` (they are outside IDNA).
///
/// ```
/// use test_support::naive_domain::{Syntax, check_ascii_domain};
///
/// assert_eq!(check_ascii_domain("xn--bcher-kva.example", Syntax::Ldh, true), Ok(()));
/// assert!(check_ascii_domain("xn--abc.example", Syntax::Ldh, true).is_err());
/// assert!(check_ascii_domain("-a.example", Syntax::Ldh, false).is_err());
/// assert_eq!(check_ascii_domain("-a.example", Syntax::AnyOctet, false), Ok(()));
/// ```
pub fn check_ascii_domain(name: &str, syntax: Syntax, fqdn: bool) -> Result<(), &'static str> {
    if name.is_empty() {
        return Err("empty");
    }
    // RFC 3696 §2 / RFC 1034 §3.1: one trailing dot names the root.
    let body = name.strip_suffix('.').unwrap_or(name);
    if body.is_empty() {
        return Err("root only");
    }
    // RFC 1035 §2.3.4: 255 octets in wire form = 253 in text without the root dot.
    if body.len() > 253 {
        return Err("name too long");
    }
    let labels: Vec<&str> = body.split('.').collect();
    if labels.len() > 127 {
        return Err("too many labels");
    }
    let mut has_a_label = false;
    for label in &labels {
        if label.is_empty() {
            return Err("empty label");
        }
        if label.len() > 63 {
            return Err("label too long");
        }
        let ace = label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"));
        let ldh_shaped = label.bytes().all(is_ldh);
        if !ldh_shaped {
            if syntax == Syntax::Ldh {
                return Err("character outside LDH");
            }
            // RFC 5890 §2.3.1: an `xn--` label that is not LDH cannot be an A-label.
            if ace {
                return Err("xn-- label with non-LDH octets");
            }
            // RFC 2181 §11: any octet but the separator.
            continue;
        }
        // RFC 1123 §2.1 / RFC 952: no hyphen at either end. A host-name rule: RFC 2181
        // §11 names (`Syntax::AnyOctet`) may start or end with one (`-a`).
        if syntax == Syntax::Ldh && (label.starts_with('-') || label.ends_with('-')) {
            return Err("hyphen at a label end");
        }
        // RFC 5890 §2.3.1: `??--` is reserved; `xn--` must be an A-label.
        if label.get(2..4) == Some("--") && label[..2].eq_ignore_ascii_case("xn") {
            check_a_label(label)?;
            has_a_label = true;
        }
    }
    // RFC 3696 §2 / RFC 1123 §2.1: an all-numeric TLD would read as an IPv4 address.
    if labels
        .last()
        .is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err("all-digit TLD");
    }
    if fqdn && labels.len() < 2 {
        return Err("not fully qualified");
    }
    if has_a_label {
        use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
        let deny = match syntax {
            Syntax::Ldh => AsciiDenyList::STD3,
            Syntax::AnyOctet => AsciiDenyList::EMPTY,
        };
        // Labels that are not host-name labels (`_dmarc`, or `-a` under RFC 2181 §11)
        // are not IDNA labels (RFC 5890 §2.3.1): ldh-domain documents that it stands
        // them in by `a` for this step, so that STD3, hyphen and Bidi (RFC 5893) rules
        // judge only IDNA labels.
        let host_label =
            |l: &str| l.bytes().all(is_ldh) && !l.starts_with('-') && !l.ends_with('-');
        let lower = body
            .split('.')
            .map(|l| {
                if host_label(l) {
                    l.to_ascii_lowercase()
                } else {
                    "a".to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(".");
        Uts46::new()
            .to_ascii(
                lower.as_bytes(),
                deny,
                Hyphens::CheckFirstLast,
                DnsLength::Ignore,
            )
            .map_err(|_| "a-label: not a valid U-label (UTS #46)")?;
    }
    Ok(())
}
