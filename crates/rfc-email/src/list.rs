//! [`mailboxes`]: the `addr-spec`s of an RFC 5322 §3.4 `address-list` (`To:`, `Cc:` and
//! `Bcc:` values, and RFC 6068 `to`/`cc`/`bcc` header fields), without allocation.

use crate::error::{EmailError, EmailErrorKind};
use crate::grammar::address_list::{Item, item};
use crate::grammar::rfc5322::opt_cfws;
use crate::grammar::{Cx, In, Span};
use crate::policy::Policy;

/// One mailbox of an address list.
///
/// ```
/// let first = rfc_email::mailboxes("Bob <bob@example.com>").next().unwrap()?;
/// assert_eq!((first.addr_spec(), first.display_name(), first.offset()), ("bob@example.com", Some("Bob"), 5));
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListedMailbox<'a> {
    addr_spec: &'a str,
    offset: usize,
    display_name: Option<&'a str>,
    group: Option<&'a str>,
}

impl<'a> ListedMailbox<'a> {
    /// The `addr-spec` as written, without the angle brackets and outer comments or
    /// white space: check it with [`EmailAddress::parse_with`](crate::EmailAddress::parse_with).
    ///
    /// ```
    /// let m = rfc_email::mailboxes(" (c) a@example.com ").next().unwrap()?;
    /// assert_eq!(m.addr_spec(), "a@example.com");
    /// # Ok::<(), rfc_email::EmailError>(())
    /// ```
    #[must_use]
    pub const fn addr_spec(&self) -> &'a str {
        self.addr_spec
    }

    /// Byte offset of [`addr_spec`](Self::addr_spec) in the list.
    ///
    /// ```
    /// let second = rfc_email::mailboxes("a@example.com, b@example.com").nth(1).unwrap()?;
    /// assert_eq!(second.offset(), 15);
    /// # Ok::<(), rfc_email::EmailError>(())
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The display name of a `name-addr` (RFC 5322 §3.4), as written (quotes kept).
    ///
    /// ```
    /// let m = rfc_email::mailboxes("\"Doe, J\" <j@example.com>").next().unwrap()?;
    /// assert_eq!(m.display_name(), Some("\"Doe, J\""));
    /// # Ok::<(), rfc_email::EmailError>(())
    /// ```
    #[must_use]
    pub const fn display_name(&self) -> Option<&'a str> {
        self.display_name
    }

    /// The display name of the group that holds this mailbox, if any.
    ///
    /// ```
    /// let m = rfc_email::mailboxes("team: a@example.com;").next().unwrap()?;
    /// assert_eq!(m.group(), Some("team"));
    /// # Ok::<(), rfc_email::EmailError>(())
    /// ```
    #[must_use]
    pub const fn group(&self) -> Option<&'a str> {
        self.group
    }
}

/// The mailboxes of an RFC 5322 §3.4 `address-list`, in order: quote-aware (a comma
/// inside `"…"` or a comment does not separate), with CFWS, `name-addr`
/// (`Bob <bob@example.com>`) and groups (`team: a@x.example, b@x.example;`, RFC 5322
/// §3.4). UTF-8 is allowed as RFC 6532 §3.2 allows it in headers. Each `addr-spec` is
/// only located, not checked against a profile: check it with
/// [`EmailAddress::parse_with`](crate::EmailAddress::parse_with). An empty element (the
/// obsolete `a@x,,b@x` of RFC 5322 §4.4) is [`EmailErrorKind::Empty`]; after the first
/// error the iterator ends.
///
/// ```
/// use rfc_email::mailboxes;
/// let specs: Vec<_> = mailboxes("chris@example.com, \"Tony, Jr\" <tony@example.com>, g: c@example.com;")
///     .map(|m| m.map(|m| m.addr_spec()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(specs, ["chris@example.com", "tony@example.com", "c@example.com"]);
/// let err = mailboxes("a@example.com b@example.com").last().unwrap().unwrap_err();
/// assert_eq!((err.code(), err.offset()), ("unexpected_in_address_list", 14));
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[must_use]
pub fn mailboxes(list: &str) -> Mailboxes<'_> {
    Mailboxes {
        list,
        pos: 0,
        group: None,
        done: false,
    }
}

/// Iterator returned by [`mailboxes`].
///
/// ```
/// assert_eq!(rfc_email::mailboxes("a@example.com,b@example.com").count(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Mailboxes<'a> {
    list: &'a str,
    pos: usize,
    group: Option<Span>,
    done: bool,
}

impl<'a> Mailboxes<'a> {
    fn text(&self, span: Span) -> &'a str {
        self.list.get(span.start..span.end).unwrap_or_default()
    }

    fn error(&mut self, kind: EmailErrorKind, offset: usize) -> EmailError {
        self.done = true;
        EmailError::new(kind, offset)
    }

    /// After a mailbox or a group's `;`: `,`, the group's `;`, or the end.
    fn separator(&mut self, cx: &Cx<'a>, rest: In<'a>) -> Result<(), EmailError> {
        let rest = match opt_cfws(cx, rest) {
            Ok((rest, _)) => rest,
            Err(_) => rest,
        };
        match rest.first() {
            None if self.group.is_some() => Err(EmailError::new(
                EmailErrorKind::UnterminatedGroup,
                cx.pos(rest),
            )),
            None => {
                self.done = true;
                self.pos = cx.pos(rest);
                Ok(())
            }
            Some(b',') => {
                self.pos = cx.pos(rest) + 1;
                Ok(())
            }
            Some(b';') if self.group.is_some() => {
                self.group = None;
                self.separator(cx, rest.get(1..).unwrap_or_default())
            }
            Some(b'@') => Err(EmailError::new(EmailErrorKind::MultipleAt, cx.pos(rest))),
            Some(_) => Err(EmailError::new(
                EmailErrorKind::UnexpectedInAddressList,
                cx.pos(rest),
            )),
        }
    }
}

/// The grammar's context: RFC 5322 with UTF-8 (RFC 6532) and no length limits (those
/// belong to the policy that checks each addr-spec).
const LIST_POLICY: Policy = Policy::RFC5322;

impl<'a> Iterator for Mailboxes<'a> {
    type Item = Result<ListedMailbox<'a>, EmailError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            let full = self.list.as_bytes();
            let cx = Cx::new(full, &LIST_POLICY);
            let input = full.get(self.pos..).unwrap_or_default();
            let start = opt_cfws(&cx, input).map_or(input, |(rest, _)| rest);
            match start.first() {
                Some(b';') if self.group.is_some() => {
                    self.group = None;
                    if let Err(e) = self.separator(&cx, start.get(1..).unwrap_or_default()) {
                        self.done = true;
                        return Some(Err(e));
                    }
                    continue;
                }
                None if self.group.is_some() => {
                    return Some(Err(
                        self.error(EmailErrorKind::UnterminatedGroup, cx.pos(start))
                    ));
                }
                Some(b',') | None => {
                    return Some(Err(self.error(EmailErrorKind::Empty, cx.pos(start))));
                }
                _ => {}
            }
            match item(&cx, start) {
                Ok((rest, Item::Mailbox { display, spec })) => {
                    let mailbox = ListedMailbox {
                        addr_spec: self.text(spec),
                        offset: spec.start,
                        display_name: display.map(|d| self.text(d)),
                        group: self.group.map(|g| self.text(g)),
                    };
                    if let Err(e) = self.separator(&cx, rest) {
                        self.done = true;
                        return Some(Err(e));
                    }
                    return Some(Ok(mailbox));
                }
                Ok((_, Item::GroupStart(_))) if self.group.is_some() => {
                    return Some(Err(
                        self.error(EmailErrorKind::UnexpectedInAddressList, cx.pos(start))
                    ));
                }
                Ok((rest, Item::GroupStart(name))) => {
                    self.group = Some(name);
                    self.pos = cx.pos(rest);
                }
                Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                    let kind = e
                        .kind
                        .unwrap_or_else(|| cx.unexpected(e.at, crate::Syntax::Message));
                    return Some(Err(self.error(kind, cx.pos(e.at))));
                }
                Err(nom::Err::Incomplete(_)) => {
                    return Some(Err(self.error(EmailErrorKind::InvalidCharacter, full.len())));
                }
            }
        }
    }
}
