//! Does the domain of an email address accept mail? The question a sign-up form asks
//! after the syntax check, answered the way a mail server finds where to deliver.
//!
//! A syntactically valid address such as `user@gmial.com` can still be one no mail
//! will ever reach. This crate looks up the domain as RFC 5321 §5.1 says a sender
//! must, on [`hickory-resolver`](hickory_resolver):
//!
//! 1. Address literals (`user@[192.0.2.1]`) need no lookup; special-use names
//!    (`example`, `test`, `invalid`, `localhost` of RFC 6761, `local` of RFC 6762,
//!    `onion` of RFC 7686, `home.arpa` of RFC 8375, `alt` of RFC 9476) are never sent
//!    to DNS.
//! 2. The MX records of the domain, lowest preference first. `NXDOMAIN` means the
//!    domain does not exist. A single `MX 0 .` is a null MX: the domain takes no mail
//!    (RFC 7505).
//! 3. Each MX target must have an address (A or AAAA); one that has none does not count,
//!    one written as an IP address is skipped, one that is an alias (CNAME) is followed
//!    with a warning (RFC 2181 §10.3).
//! 4. Without MX records, the domain itself is the mail host if it has an address (the
//!    implicit MX), unless its SPF record is `v=spf1 -all` (it sends no mail and has no
//!    MX: it is not a mail domain).
//!
//! The answer has three values, never two ([`Deliverability`]): deliverable with its
//! mail hosts, undeliverable with a reason, or unknown with a reason (a timeout, a
//! `SERVFAIL`, a response code RFC 6895 §2.3 leaves unassigned, a CNAME loop or a
//! chain of more than [`MAX_CNAME_CHAIN`] aliases). Unknown is never invalid: RFC 5321 §5.1 says temporary errors are
//! retried, and RFC 3696 §3 that only delivery proves an address.
//!
//! Outcomes are cached per domain for their DNS TTL (negative answers for the SOA
//! minimum, RFC 2308 §5), concurrent checks of a domain share one set of queries, and
//! batches ([`Checker::check_stream`], [`BlockingChecker::check_each`]) run a bounded
//! number of domains at once and yield results in input order.
//!
//! ```no_run
//! use email_dns::{BlockingChecker, Deliverability, Nameservers, Options};
//! let checker = BlockingChecker::new(&Nameservers::System, Options::default())?;
//! match checker.check_address("user@example.net")? {
//!     Deliverability::Deliverable { mail_hosts, .. } => println!("mail goes to {}", mail_hosts[0].host),
//!     Deliverability::Undeliverable { reason } => println!("no mail can reach it: {reason}"),
//!     Deliverability::Unknown { reason } => println!("try again later: {reason}"),
//!     _ => {}
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod blocking;
mod cache;
mod checker;
mod lookup;
mod options;
mod outcome;
mod spf;
mod target;

pub use blocking::{BlockingChecker, CheckEach};
pub use checker::Checker;
/// The stream types of [`Checker::check_stream`], from `futures-util`: `stream::iter`
/// to make a stream of targets, `StreamExt` for `next`, `map` and `collect` on the
/// outcomes, so that a caller needs no `futures-util` of its own.
pub use futures_util::{Stream, StreamExt, stream};
pub use lookup::MAX_CNAME_CHAIN;
pub use options::{Nameservers, Options, SetupError};
pub use outcome::{Deliverability, DnsWarning, MailHost, Reason, ReasonKind, WarningKind};
pub use spf::spf_rejects_all;
pub use target::Target;

// The README's example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
