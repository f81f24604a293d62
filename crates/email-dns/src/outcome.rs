//! The three outcomes of a deliverability check, with stable codes and messages that
//! name the rule behind them.

use core::fmt;

/// Does the domain accept mail? One of three answers, never two: a transient failure
/// (a timeout, `SERVFAIL`) is [`Unknown`](Self::Unknown), not a "no" (RFC 5321 §5.1:
/// "If a temporary error is returned, the message MUST be queued and retried later";
/// RFC 3696 §3: only delivery proves an address).
///
/// ```
/// use email_dns::{Deliverability, MailHost, Reason, ReasonKind};
/// let yes = Deliverability::Deliverable {
///     mail_hosts: vec![MailHost::new(10, "mx.example.net")],
///     warnings: vec![],
/// };
/// assert_eq!(yes.status(), "deliverable");
/// let unknown = Deliverability::Unknown { reason: Reason::new(ReasonKind::Timeout) };
/// assert_eq!(unknown.status(), "unknown");
/// assert!(!unknown.is_undeliverable());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Deliverability {
    /// The domain names at least one mail host that has an address.
    Deliverable {
        /// The usable mail hosts, most preferred first (RFC 5321 §5.1).
        mail_hosts: Vec<MailHost>,
        /// Records that work but that the standards discourage.
        warnings: Vec<DnsWarning>,
    },
    /// DNS says no mail can be delivered to the domain.
    Undeliverable {
        /// Why.
        reason: Reason,
    },
    /// DNS could not answer now; try again later. Never a reason to reject an address.
    Unknown {
        /// Why.
        reason: Reason,
    },
}

impl Deliverability {
    /// `deliverable`, `undeliverable` or `unknown`.
    ///
    /// ```
    /// use email_dns::{Deliverability, Reason, ReasonKind};
    /// let no = Deliverability::Undeliverable { reason: Reason::new(ReasonKind::NullMx) };
    /// assert_eq!(no.status(), "undeliverable");
    /// ```
    #[must_use]
    pub const fn status(&self) -> &'static str {
        match self {
            Self::Deliverable { .. } => "deliverable",
            Self::Undeliverable { .. } => "undeliverable",
            Self::Unknown { .. } => "unknown",
        }
    }

    /// `true` only for [`Undeliverable`](Self::Undeliverable): the one answer that
    /// justifies refusing an address.
    ///
    /// ```
    /// use email_dns::{Deliverability, Reason, ReasonKind};
    /// let no = Deliverability::Undeliverable { reason: Reason::new(ReasonKind::NoSuchDomain) };
    /// assert!(no.is_undeliverable());
    /// ```
    #[must_use]
    pub const fn is_undeliverable(&self) -> bool {
        matches!(self, Self::Undeliverable { .. })
    }

    /// The mail hosts of a deliverable domain; empty otherwise.
    ///
    /// ```
    /// use email_dns::{Deliverability, Reason, ReasonKind};
    /// let no = Deliverability::Undeliverable { reason: Reason::new(ReasonKind::NullMx) };
    /// assert!(no.mail_hosts().is_empty());
    /// ```
    #[must_use]
    pub fn mail_hosts(&self) -> &[MailHost] {
        match self {
            Self::Deliverable { mail_hosts, .. } => mail_hosts,
            _ => &[],
        }
    }

    /// The warnings of a deliverable domain; empty otherwise.
    ///
    /// ```
    /// use email_dns::{Deliverability, Reason, ReasonKind};
    /// let unknown = Deliverability::Unknown { reason: Reason::new(ReasonKind::Timeout) };
    /// assert!(unknown.warnings().is_empty());
    /// ```
    #[must_use]
    pub fn warnings(&self) -> &[DnsWarning] {
        match self {
            Self::Deliverable { warnings, .. } => warnings,
            _ => &[],
        }
    }

    /// Why the domain is undeliverable or unknown; `None` when deliverable.
    ///
    /// ```
    /// use email_dns::{Deliverability, Reason, ReasonKind};
    /// let no = Deliverability::Undeliverable { reason: Reason::new(ReasonKind::NullMx) };
    /// assert_eq!(no.reason().map(Reason::code), Some("null_mx"));
    /// ```
    #[must_use]
    pub const fn reason(&self) -> Option<&Reason> {
        match self {
            Self::Deliverable { .. } => None,
            Self::Undeliverable { reason } | Self::Unknown { reason } => Some(reason),
        }
    }
}

impl fmt::Display for Deliverability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Deliverable { mail_hosts, .. } => {
                f.write_str("deliverable:")?;
                for host in mail_hosts {
                    write!(f, " {} {}", host.preference, host.host)?;
                    if host.implicit {
                        f.write_str(" (implicit MX)")?;
                    }
                }
                Ok(())
            }
            Self::Undeliverable { reason } => write!(f, "undeliverable: {reason}"),
            Self::Unknown { reason } => write!(f, "unknown: {reason}"),
        }
    }
}

/// A mail host of a domain: an MX target that has an address, the domain itself (the
/// implicit MX of RFC 5321 §5.1), or an address literal.
///
/// ```
/// use email_dns::MailHost;
/// let host = MailHost::new(10, "mx.example.net");
/// assert_eq!((host.preference, host.host.as_str(), host.implicit), (10, "mx.example.net", false));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct MailHost {
    /// The MX preference: lower is more preferred (RFC 5321 §5.1). 0 for the implicit MX.
    pub preference: u16,
    /// The host name in lower-case A-label form without the final dot, or the address
    /// literal as written.
    pub host: String,
    /// The domain has no MX record and this is the domain itself (RFC 5321 §5.1).
    pub implicit: bool,
}

impl MailHost {
    /// An MX target.
    ///
    /// ```
    /// assert!(!email_dns::MailHost::new(5, "mx.example.net").implicit);
    /// ```
    #[must_use]
    pub fn new(preference: u16, host: impl Into<String>) -> Self {
        MailHost {
            preference,
            host: host.into(),
            implicit: false,
        }
    }

    /// The implicit MX: the domain itself, preference 0 (RFC 5321 §5.1).
    ///
    /// ```
    /// let host = email_dns::MailHost::implicit("example.net");
    /// assert_eq!((host.preference, host.implicit), (0, true));
    /// ```
    #[must_use]
    pub fn implicit(domain: impl Into<String>) -> Self {
        MailHost {
            preference: 0,
            host: domain.into(),
            implicit: true,
        }
    }
}

/// Why a domain is undeliverable or its deliverability unknown: a kind (stable code and
/// message) and what was seen (a host name, the server's error).
///
/// ```
/// use email_dns::{Reason, ReasonKind};
/// let r = Reason::with_detail(ReasonKind::ServerFailure, "SERVFAIL for example.net MX");
/// assert_eq!(r.code(), "server_failure");
/// assert!(r.to_string().ends_with("(SERVFAIL for example.net MX)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    kind: ReasonKind,
    detail: Option<String>,
}

impl Reason {
    /// A reason without detail.
    ///
    /// ```
    /// assert_eq!(email_dns::Reason::new(email_dns::ReasonKind::NullMx).detail(), None);
    /// ```
    #[must_use]
    pub const fn new(kind: ReasonKind) -> Self {
        Reason { kind, detail: None }
    }

    /// A reason with what was seen.
    ///
    /// ```
    /// use email_dns::{Reason, ReasonKind};
    /// assert_eq!(Reason::with_detail(ReasonKind::Timeout, "x").detail(), Some("x"));
    /// ```
    #[must_use]
    pub fn with_detail(kind: ReasonKind, detail: impl Into<String>) -> Self {
        Reason {
            kind,
            detail: Some(detail.into()),
        }
    }

    /// The kind.
    ///
    /// ```
    /// use email_dns::{Reason, ReasonKind};
    /// assert_eq!(Reason::new(ReasonKind::Refused).kind(), ReasonKind::Refused);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ReasonKind {
        self.kind
    }

    /// Stable `snake_case` code.
    ///
    /// ```
    /// use email_dns::{Reason, ReasonKind};
    /// assert_eq!(Reason::new(ReasonKind::RejectAllSpf).code(), "reject_all_spf");
    /// ```
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// What was seen, if anything.
    ///
    /// ```
    /// use email_dns::{Reason, ReasonKind};
    /// assert_eq!(Reason::new(ReasonKind::Refused).detail(), None);
    /// ```
    #[must_use]
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.message())?;
        if let Some(detail) = &self.detail {
            write!(f, " ({detail})")?;
        }
        Ok(())
    }
}

/// The kinds of [`Reason`]. The first six make a domain undeliverable, the rest make
/// the answer unknown ([`ReasonKind::is_transient`]).
///
/// ```
/// use email_dns::ReasonKind;
/// assert!(!ReasonKind::NoSuchDomain.is_transient());
/// assert!(ReasonKind::Timeout.is_transient());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReasonKind {
    /// The domain does not exist: `NXDOMAIN` (RFC 5321 §5.1: "MUST be reported as an
    /// error").
    NoSuchDomain,
    /// The domain publishes a null MX, `MX 0 .` (RFC 7505 §3).
    NullMx,
    /// Neither an MX target nor the domain itself (without MX) has an address (RFC 5321
    /// §5.1: "none of them are usable ... MUST be reported as an error").
    NoMailHosts,
    /// No MX record and an SPF record that authorizes no sender, `v=spf1 -all` (RFC 7208
    /// §4.6, §5.1): the domain says it sends no mail, and without MX it receives none.
    RejectAllSpf,
    /// A special-use name (RFC 6761, RFC 6762, RFC 7686, RFC 8375, RFC 9476): never sent
    /// to DNS, never reachable for mail on the Internet.
    SpecialUseDomain,
    /// The domain part is not a DNS host name that mail can be routed to (RFC 5321
    /// §2.3.5).
    NotAMailDomain,
    /// A DNS query got no answer in time.
    Timeout,
    /// The DNS server answered `SERVFAIL` (RFC 1035 §4.1.1).
    ServerFailure,
    /// The DNS server answered `REFUSED` (RFC 1035 §4.1.1).
    Refused,
    /// The DNS server could not be reached.
    NetworkError,
    /// The whole check took longer than its deadline.
    DeadlineExceeded,
    /// Another DNS failure (a malformed answer, an unexpected response code such as one
    /// RFC 6895 §2.3 lists as unassigned).
    DnsError,
    /// A CNAME chain that comes back to a name already in it (RFC 1034 §3.6.2: a loop is
    /// signalled as an error): a configuration failure, not an answer.
    CnameLoop,
    /// A CNAME chain longer than [`MAX_CNAME_CHAIN`](crate::MAX_CNAME_CHAIN) aliases
    /// (RFC 1034 §3.6.2 asks resolvers to follow chains, RFC 2181 §10.1 discourages
    /// them): a configuration failure, not an answer.
    CnameChainTooLong,
}

impl ReasonKind {
    /// Stable `snake_case` code.
    ///
    /// ```
    /// assert_eq!(email_dns::ReasonKind::NoMailHosts.code(), "no_mail_hosts");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::NoSuchDomain => "no_such_domain",
            Self::NullMx => "null_mx",
            Self::NoMailHosts => "no_mail_hosts",
            Self::RejectAllSpf => "reject_all_spf",
            Self::SpecialUseDomain => "special_use_domain",
            Self::NotAMailDomain => "not_a_mail_domain",
            Self::Timeout => "timeout",
            Self::ServerFailure => "server_failure",
            Self::Refused => "refused",
            Self::NetworkError => "network_error",
            Self::DeadlineExceeded => "deadline_exceeded",
            Self::DnsError => "dns_error",
            Self::CnameLoop => "cname_loop",
            Self::CnameChainTooLong => "cname_chain_too_long",
        }
    }

    /// Human message naming the rule.
    ///
    /// ```
    /// assert!(email_dns::ReasonKind::NullMx.message().contains("RFC 7505"));
    /// ```
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Self::NoSuchDomain => {
                "the domain does not exist (NXDOMAIN): no mail can be delivered to it (RFC 5321 §5.1)"
            }
            Self::NullMx => {
                "the domain publishes a null MX record (`MX 0 .`): it accepts no mail (RFC 7505 §3)"
            }
            Self::NoMailHosts => {
                "the domain names no mail host with an address: no MX target resolves, or there is no MX and the domain has no A/AAAA record (RFC 5321 §5.1)"
            }
            Self::RejectAllSpf => {
                "the domain has no MX record and its SPF record `v=spf1 -all` says it sends no mail: it is not used for mail (RFC 7208 §4.6, RFC 5321 §5.1)"
            }
            Self::SpecialUseDomain => {
                "the domain is a special-use name that is never looked up in the global DNS (RFC 6761 §6)"
            }
            Self::NotAMailDomain => {
                "the domain part is not a host name that mail can be routed to (RFC 5321 §2.3.5)"
            }
            Self::Timeout => {
                "a DNS query timed out: deliverability is unknown, try again later (RFC 5321 §5.1)"
            }
            Self::ServerFailure => {
                "the DNS server failed (SERVFAIL): deliverability is unknown, try again later (RFC 5321 §5.1)"
            }
            Self::Refused => {
                "the DNS server refused the query (REFUSED): deliverability is unknown; check the resolver"
            }
            Self::NetworkError => {
                "the DNS server could not be reached: deliverability is unknown; check the network and resolver"
            }
            Self::DeadlineExceeded => {
                "the check did not finish before its deadline: deliverability is unknown, try again later"
            }
            Self::DnsError => "the DNS answer could not be used: deliverability is unknown",
            Self::CnameLoop => {
                "the domain's CNAME records form a loop (RFC 1034 §3.6.2): a DNS configuration error, deliverability is unknown"
            }
            Self::CnameChainTooLong => {
                "the domain's CNAME chain is too long to follow (RFC 1034 §3.6.2): a DNS configuration error, deliverability is unknown"
            }
        }
    }

    /// `true` for the kinds that make the answer [`Deliverability::Unknown`].
    ///
    /// ```
    /// assert!(email_dns::ReasonKind::DeadlineExceeded.is_transient());
    /// ```
    #[must_use]
    pub const fn is_transient(self) -> bool {
        matches!(
            self,
            Self::Timeout
                | Self::ServerFailure
                | Self::Refused
                | Self::NetworkError
                | Self::DeadlineExceeded
                | Self::DnsError
                | Self::CnameLoop
                | Self::CnameChainTooLong
        )
    }
}

/// A record that works for delivery but that the standards discourage, or an MX target
/// that was skipped.
///
/// ```
/// use email_dns::{DnsWarning, WarningKind};
/// let w = DnsWarning::new(WarningKind::MxTargetIsAlias, "alias.example.net");
/// assert_eq!(w.kind.code(), "mx_target_is_alias");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DnsWarning {
    /// What was seen.
    pub kind: WarningKind,
    /// The host name it was seen at.
    pub host: String,
}

impl DnsWarning {
    /// A warning about `host`.
    ///
    /// ```
    /// use email_dns::{DnsWarning, WarningKind};
    /// assert_eq!(DnsWarning::new(WarningKind::ImplicitMx, "example.net").host, "example.net");
    /// ```
    #[must_use]
    pub fn new(kind: WarningKind, host: impl Into<String>) -> Self {
        DnsWarning {
            kind,
            host: host.into(),
        }
    }
}

impl fmt::Display for DnsWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.host, self.kind.message())
    }
}

/// The kinds of [`DnsWarning`].
///
/// ```
/// assert_eq!(email_dns::WarningKind::ImplicitMx.code(), "implicit_mx");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// No MX record: mail goes to the domain's own address (RFC 5321 §5.1).
    ImplicitMx,
    /// An MX target is an IP address, not a name; it is skipped (RFC 5321 §5.1: "the data
    /// field of that response MUST contain a domain name").
    MxTargetIsAddress,
    /// An MX target is an alias (CNAME); it is followed (RFC 5321 §5.1, RFC 2181 §10.3).
    MxTargetIsAlias,
    /// An MX target has no A/AAAA record; it does not count (RFC 5321 §5.1).
    MxTargetWithoutAddress,
    /// A null MX `.` next to other MX records; the `.` is skipped (RFC 7505 §3: a domain
    /// with a null MX "MUST NOT" publish any other MX record).
    NullMxWithOtherRecords,
}

impl WarningKind {
    /// Stable `snake_case` code.
    ///
    /// ```
    /// assert_eq!(email_dns::WarningKind::MxTargetIsAddress.code(), "mx_target_is_address");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::ImplicitMx => "implicit_mx",
            Self::MxTargetIsAddress => "mx_target_is_address",
            Self::MxTargetIsAlias => "mx_target_is_alias",
            Self::MxTargetWithoutAddress => "mx_target_without_address",
            Self::NullMxWithOtherRecords => "null_mx_with_other_records",
        }
    }

    /// Human message naming the rule.
    ///
    /// ```
    /// assert!(email_dns::WarningKind::MxTargetIsAlias.message().contains("RFC 2181"));
    /// ```
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Self::ImplicitMx => {
                "no MX record: mail goes to the domain's own A/AAAA address (implicit MX, RFC 5321 §5.1)"
            }
            Self::MxTargetIsAddress => {
                "the MX target is an IP address, but it must be a host name; skipped (RFC 5321 §5.1)"
            }
            Self::MxTargetIsAlias => {
                "the MX target is an alias (CNAME), which MX records must not name; followed (RFC 5321 §5.1, RFC 2181 §10.3)"
            }
            Self::MxTargetWithoutAddress => {
                "the MX target has no A/AAAA record; it does not count (RFC 5321 §5.1)"
            }
            Self::NullMxWithOtherRecords => {
                "a null MX `.` stands next to other MX records, which RFC 7505 §3 forbids; the `.` is skipped"
            }
        }
    }
}
