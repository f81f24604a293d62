//! Suggested corrections for errors whose fix is obvious: kept apart from the error
//! type so that the error module depends on nothing but the lower crates, while this
//! module may call the grammar and the parser to check its fix.

use core::fmt;

use crate::error::{EmailError, EmailErrorKind};

impl EmailError {
    /// The corrected address under [`Policy::RFC5321`](crate::Policy::RFC5321) (the
    /// policy of [`EmailAddress::parse`](crate::EmailAddress::parse)), when the fix is
    /// obvious; see [`suggestion_with`](Self::suggestion_with). `input` must be the text
    /// that produced this error.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let input = r"Abc\@def@example.com";
    /// let err = EmailAddress::parse(input).unwrap_err();
    /// assert_eq!(err.suggestion(input).unwrap().to_string(), "\"Abc@def\"@example.com");
    /// // Fixing the first error would leave another one: no suggestion.
    /// let input = "john doe@localhost";
    /// assert_eq!(EmailAddress::parse(input).unwrap_err().suggestion(input), None);
    /// ```
    #[must_use]
    pub fn suggestion<'i>(&self, input: &'i str) -> Option<Suggestion<'i>> {
        self.suggestion_with(input, &crate::Policy::RFC5321)
    }

    /// The corrected address, when the fix is obvious *and* the corrected text parses
    /// under `policy` (the policy that produced this error): a suggestion is never
    /// itself invalid. `input` must be the text that produced this error. The check
    /// writes the fix into a 320-octet stack buffer (the longest address any profile
    /// but `RFC5322` accepts) and allocates nothing; a longer fix is not suggested.
    ///
    /// | error | fix |
    /// |---|---|
    /// | [`BackslashOutsideQuotes`](EmailErrorKind::BackslashOutsideQuotes) | the local part moved inside a quoted string (RFC 3696 erratum 246), escapes that are not needed there removed |
    /// | [`Whitespace`](EmailErrorKind::Whitespace) inside the local part | the local part quoted |
    /// | [`UntaggedIpv6Literal`](EmailErrorKind::UntaggedIpv6Literal) | the `IPv6:` tag added |
    /// | [`DomainTrailingDot`](EmailErrorKind::DomainTrailingDot) | the dot removed |
    ///
    /// ```
    /// # use rfc_email::*;
    /// let input = r"Abc\@def@example.com";
    /// let err = EmailAddress::parse(input).unwrap_err();
    /// assert_eq!(err.suggestion(input).unwrap().to_string(), "\"Abc@def\"@example.com");
    /// let input = "user@[2001:db8::1]";
    /// let err = EmailAddress::parse(input).unwrap_err();
    /// assert_eq!(err.suggestion(input).unwrap().to_string(), "user@[IPv6:2001:db8::1]");
    /// ```
    ///
    /// A fix that leaves another error is not suggested:
    ///
    /// ```
    /// # use rfc_email::*;
    /// let input = "user@example.";
    /// let err = EmailAddress::parse(input).unwrap_err();
    /// assert_eq!(err.code(), "domain_trailing_dot");
    /// // `user@example` is not fully qualified: not deliverable by RFC 5321 …
    /// assert_eq!(err.suggestion_with(input, &Policy::RFC5321), None);
    /// // … but a valid RFC 5322 `addr-spec`.
    /// let err = EmailAddress::parse_with(input, &Policy::RFC5322).unwrap_err();
    /// assert_eq!(err.suggestion_with(input, &Policy::RFC5322).unwrap().to_string(), "user@example");
    /// ```
    #[must_use]
    pub fn suggestion_with<'i>(
        &self,
        input: &'i str,
        policy: &crate::Policy,
    ) -> Option<Suggestion<'i>> {
        let fix = Suggestion(self.fix(input)?);
        fix.parses_under(policy).then_some(fix)
    }

    /// The fix of this error alone, not yet checked.
    fn fix<'i>(&self, input: &'i str) -> Option<Fix<'i>> {
        let at = self.offset();
        let fix = match self.kind() {
            EmailErrorKind::BackslashOutsideQuotes => {
                let end = crate::grammar::published_local_part_len(input.as_bytes())?;
                let local = input.get(..end)?;
                if has_unescaped(local, b"\"() \t") {
                    // Quotes, comments or blanks as well: more than one thing to fix.
                    return None;
                }
                Fix::Quote {
                    local,
                    rest: input.get(end..)?,
                    unescape: true,
                }
            }
            EmailErrorKind::Whitespace => {
                let end = at + input.get(at..)?.find('@')?;
                let local = input.get(..end)?;
                if local.trim() != local || local.contains(['"', '(', ')']) {
                    // Leading or trailing blanks, or quotes and comments: not a
                    // local part that only needs quoting.
                    return None;
                }
                Fix::Quote {
                    local,
                    rest: input.get(end..)?,
                    unescape: false,
                }
            }
            EmailErrorKind::UntaggedIpv6Literal => Fix::Insert {
                before: input.get(..at)?,
                insert: "IPv6:",
                after: input.get(at..)?,
            },
            EmailErrorKind::DomainTrailingDot => Fix::Insert {
                before: input.get(..at)?,
                insert: "",
                after: input.get(at + 1..)?,
            },
            _ => return None,
        };
        Some(fix)
    }
}

/// Longest suggestion checked: RFC 3696's published 320 octets, above every other
/// profile's limit except `RFC5322`'s (none).
const MAX_SUGGESTION: usize = 320;

/// A `fmt::Write` into a fixed stack buffer that fails when full.
struct StackBuf {
    buf: [u8; MAX_SUGGESTION],
    len: usize,
}

impl fmt::Write for StackBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len.checked_add(s.len()).ok_or(fmt::Error)?;
        self.buf
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl Suggestion<'_> {
    /// Whether the corrected text is a valid address under `policy` (no allocation).
    fn parses_under(&self, policy: &crate::Policy) -> bool {
        use fmt::Write as _;
        let mut out = StackBuf {
            buf: [0; MAX_SUGGESTION],
            len: 0,
        };
        write!(out, "{self}").is_ok()
            && out
                .buf
                .get(..out.len)
                .and_then(|b| core::str::from_utf8(b).ok())
                .is_some_and(|text| crate::EmailAddress::parse_with(text, policy).is_ok())
    }
}

/// Whether `text` holds one of `bytes` that no backslash quotes.
fn has_unescaped(text: &str, bytes: &[u8]) -> bool {
    let mut escaped = false;
    for byte in text.bytes() {
        if escaped {
            escaped = false;
        } else if byte == b'\\' {
            escaped = true;
        } else if bytes.contains(&byte) {
            return true;
        }
    }
    false
}

/// A corrected address, written by `Display`; see [`EmailError::suggestion`].
///
/// ```
/// # use rfc_email::*;
/// let input = r"Joe.\\Blow@example.com";
/// let fix = EmailAddress::parse(input).unwrap_err().suggestion(input).unwrap();
/// assert_eq!(fix.to_string(), r#""Joe.\\Blow"@example.com"#);
/// assert!(EmailAddress::parse(&fix.to_string()).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suggestion<'i>(Fix<'i>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fix<'i> {
    /// Put `local` inside double quotes; `unescape`: resolve the backslashes of RFC
    /// 3696's printed form first.
    Quote {
        local: &'i str,
        rest: &'i str,
        unescape: bool,
    },
    /// `before`, `insert`, `after`.
    Insert {
        before: &'i str,
        insert: &'static str,
        after: &'i str,
    },
}

impl fmt::Display for Suggestion<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        match self.0 {
            Fix::Quote {
                local,
                rest,
                unescape,
            } => {
                f.write_char('"')?;
                let mut chars = local.chars();
                while let Some(c) = chars.next() {
                    let c = if c == '\\' && unescape {
                        chars.next().unwrap_or('\\')
                    } else {
                        c
                    };
                    // Inside quotes only `"` and `\` still need their backslash.
                    if c == '"' || c == '\\' {
                        f.write_char('\\')?;
                    }
                    f.write_char(c)?;
                }
                f.write_char('"')?;
                f.write_str(rest)
            }
            Fix::Insert {
                before,
                insert,
                after,
            } => {
                f.write_str(before)?;
                f.write_str(insert)?;
                f.write_str(after)
            }
        }
    }
}
