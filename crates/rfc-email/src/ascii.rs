//! The byte classes of the email grammars, composed by const union from
//! [`name_text::ascii`]. Each constant's doc comment is the ABNF rule it encodes.
//!
//! Non-ASCII bytes (`UTF8-non-ascii`, RFC 6531 §3.3 and RFC 6532 §3.2) are never in these
//! sets: whether a profile allows them is a policy question, answered by the parser
//! (see [`crate::Policy`]).
//!
//! ```
//! use rfc_email::ascii::{ATEXT, QTEXT_SMTP};
//! assert!(ATEXT.contains(b'+') && !ATEXT.contains(b'@'));
//! assert!(QTEXT_SMTP.contains(b'@') && !QTEXT_SMTP.contains(b'"'));
//! ```

use name_text::ascii::{ALPHA, ByteSet, ByteTable, DIGIT};

/// ```text
/// atext = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" /
///         "-" / "/" / "=" / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~"
/// ```
/// RFC 5322 §3.2.3; RFC 5321 §4.1.2 uses the same rule for `Atom`.
///
/// ```
/// assert!(rfc_email::ascii::ATEXT.contains(b'/'));
/// assert!(!rfc_email::ascii::ATEXT.contains(b'.'));
/// ```
pub const ATEXT: ByteSet = ALPHA
    .union(DIGIT)
    .union(ByteSet::from_bytes(b"!#$%&'*+-/=?^_`{|}~"));

/// `qtextSMTP = %d32-33 / %d35-91 / %d93-126` (RFC 5321 §4.1.2): printable ASCII and
/// space, except `"` and `\`.
///
/// ```
/// assert!(rfc_email::ascii::QTEXT_SMTP.contains(b' '));
/// assert!(!rfc_email::ascii::QTEXT_SMTP.contains(b'\\'));
/// ```
pub const QTEXT_SMTP: ByteSet = ByteSet::range(32, 126).without(b'"').without(b'\\');

/// The byte after the backslash of `quoted-pairSMTP = %d92 %d32-126` (RFC 5321 §4.1.2).
///
/// ```
/// assert!(rfc_email::ascii::QUOTED_PAIR_SMTP.contains(b'"'));
/// assert!(!rfc_email::ascii::QUOTED_PAIR_SMTP.contains(b'\t'));
/// ```
pub const QUOTED_PAIR_SMTP: ByteSet = ByteSet::range(32, 126);

/// `obs-NO-WS-CTL = %d1-8 / %d11 / %d12 / %d14-31 / %d127` (RFC 5322 §4.1): the control
/// characters that are not whitespace, allowed only by the obsolete syntax.
///
/// ```
/// assert!(rfc_email::ascii::OBS_NO_WS_CTL.contains(0x7F));
/// assert!(!rfc_email::ascii::OBS_NO_WS_CTL.contains(b'\t'));
/// ```
pub const OBS_NO_WS_CTL: ByteSet = ByteSet::range(1, 8)
    .with(11)
    .with(12)
    .union(ByteSet::range(14, 31))
    .with(127);

/// `qtext = %d33 / %d35-91 / %d93-126` (RFC 5322 §3.2.4), without its `obs-qtext`
/// alternative (see [`OBS_NO_WS_CTL`]).
///
/// ```
/// assert!(!rfc_email::ascii::QTEXT.contains(b' '));
/// ```
pub const QTEXT: ByteSet = QTEXT_SMTP.without(b' ');

/// `ctext = %d33-39 / %d42-91 / %d93-126` (RFC 5322 §3.2.2), without `obs-ctext`.
///
/// ```
/// assert!(!rfc_email::ascii::CTEXT.contains(b'('));
/// ```
pub const CTEXT: ByteSet = ByteSet::range(33, 126)
    .without(b'(')
    .without(b')')
    .without(b'\\');

/// `dtext = %d33-90 / %d94-126` (RFC 5322 §3.4.1), without `obs-dtext`; the same bytes
/// as RFC 5321 §4.1.3 `dcontent`.
///
/// ```
/// assert!(rfc_email::ascii::DTEXT.contains(b':'));
/// assert!(!rfc_email::ascii::DTEXT.contains(b'['));
/// ```
pub const DTEXT: ByteSet = ByteSet::range(33, 126)
    .without(b'[')
    .without(b']')
    .without(b'\\');

/// The local-part bytes of the WHATWG HTML "valid email address":
/// `` [a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-] ``, i.e. [`ATEXT`] plus `.`.
///
/// ```
/// assert!(rfc_email::ascii::HTML5_LOCAL.contains(b'.'));
/// ```
pub const HTML5_LOCAL: ByteSet = ATEXT.with(b'.');

const _: () = {
    // RFC 5322 §3.2.3 lists 62 letters and digits and 19 specials.
    assert!(ATEXT.len() == 81);
    assert!(QTEXT_SMTP.len() == 93);
    assert!(QTEXT.len() == 92);
    assert!(CTEXT.len() == 91);
    assert!(DTEXT.len() == 91);
    assert!(OBS_NO_WS_CTL.len() == 29);
};

/// [`ATEXT`] as a [`ByteTable`].
pub(crate) const ATEXT_TABLE: ByteTable = ByteTable::new(ATEXT);

/// [`ATEXT`] with `UTF8-non-ascii` (RFC 6531 §3.3) as a [`ByteTable`].
pub(crate) const ATEXT_UTF8_TABLE: ByteTable = ByteTable::new(ATEXT.union(ByteSet::NON_ASCII));

/// The `atext` table of a profile: [`ATEXT_UTF8_TABLE`] when it allows UTF-8, else
/// [`ATEXT_TABLE`].
#[inline]
pub(crate) const fn atext_table(utf8: bool) -> &'static ByteTable {
    if utf8 {
        &ATEXT_UTF8_TABLE
    } else {
        &ATEXT_TABLE
    }
}

/// [`DTEXT`] (RFC 5321 §4.1.3 `dcontent`) as a [`ByteTable`].
pub(crate) const DTEXT_TABLE: ByteTable = ByteTable::new(DTEXT);

/// [`QTEXT_SMTP`] as a [`ByteTable`].
pub(crate) const QTEXT_SMTP_TABLE: ByteTable = ByteTable::new(QTEXT_SMTP);

/// [`QTEXT_SMTP`] with `UTF8-non-ascii` (RFC 6531 §3.3) as a [`ByteTable`].
pub(crate) const QTEXT_SMTP_UTF8_TABLE: ByteTable =
    ByteTable::new(QTEXT_SMTP.union(ByteSet::NON_ASCII));

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables equal a naive transcription of the ABNF, for every byte.
    #[test]
    fn classes_match_the_abnf_byte_for_byte() {
        for b in 0..=u8::MAX {
            let atext = b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&b);
            assert_eq!(ATEXT.contains(b), atext, "atext {b}");
            let qtext_smtp = matches!(b, 32..=33 | 35..=91 | 93..=126);
            assert_eq!(QTEXT_SMTP.contains(b), qtext_smtp, "qtextSMTP {b}");
            assert_eq!(QTEXT.contains(b), matches!(b, 33 | 35..=91 | 93..=126));
            assert_eq!(CTEXT.contains(b), matches!(b, 33..=39 | 42..=91 | 93..=126));
            assert_eq!(DTEXT.contains(b), matches!(b, 33..=90 | 94..=126));
            assert_eq!(
                OBS_NO_WS_CTL.contains(b),
                matches!(b, 1..=8 | 11 | 12 | 14..=31 | 127)
            );
            assert_eq!(QUOTED_PAIR_SMTP.contains(b), matches!(b, 32..=126));
            assert_eq!(ATEXT_TABLE.contains(b), atext, "atext table {b}");
            assert_eq!(ATEXT_UTF8_TABLE.contains(b), atext || b >= 0x80);
            assert_eq!(
                QTEXT_SMTP_TABLE.contains(b),
                qtext_smtp,
                "qtextSMTP table {b}"
            );
            assert_eq!(QTEXT_SMTP_UTF8_TABLE.contains(b), qtext_smtp || b >= 0x80);
        }
    }
}
