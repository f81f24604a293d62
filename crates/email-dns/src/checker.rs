//! The asynchronous checker: one domain, or a stream of them in input order.

use std::time::Instant;

use futures_util::{Stream, StreamExt};
use hickory_resolver::TokioResolver;
use rfc_email::{EmailAddress, EmailError, Policy};

use crate::cache::{Cache, Entry};
use crate::lookup::{self, Resolved};
use crate::options::{self, Nameservers, Options, SetupError};
use crate::outcome::{Deliverability, MailHost, Reason, ReasonKind};
use crate::target::Target;

/// Checks whether domains accept mail, on the current tokio runtime.
///
/// ```no_run
/// use email_dns::{Checker, Nameservers, Options};
/// # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
/// let checker = Checker::new(&Nameservers::System, Options::default())?;
/// let answer = checker.check_address("user@example.net").await?;
/// println!("{answer}");
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct Checker {
    resolver: TokioResolver,
    options: Options,
    cache: Cache,
}

impl Checker {
    /// A checker asking `nameservers`. Call it inside a tokio runtime.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), email_dns::SetupError> {
    /// use email_dns::{Checker, Nameservers, Options};
    /// let checker = Checker::new(&Nameservers::At(vec!["127.0.0.1:53".parse().unwrap()]), Options::default())?;
    /// assert_eq!(checker.options().concurrency, 64);
    /// # Ok(()) }
    /// ```
    pub fn new(nameservers: &Nameservers, options: Options) -> Result<Self, SetupError> {
        Ok(Checker {
            resolver: options::resolver(nameservers, &options)?,
            cache: Cache::new(options.cache_capacity),
            options,
        })
    }

    /// The options in use.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), email_dns::SetupError> {
    /// use email_dns::{Checker, Nameservers, Options};
    /// let c = Checker::new(&Nameservers::At(vec!["127.0.0.1:53".parse().unwrap()]), Options::default().with_concurrency(3))?;
    /// assert_eq!(c.options().concurrency, 3);
    /// # Ok(()) }
    /// ```
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Checks one target. Address literals and special-use names are answered without
    /// DNS; a name is looked up once while its outcome is fresh, however many checks
    /// ask for it at once.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use email_dns::{Checker, Nameservers, Options, Target};
    /// let checker = Checker::new(&Nameservers::At(vec!["127.0.0.1:53".parse()?]), Options::default())?;
    /// // Neither needs a query.
    /// let literal = checker.check(&Target::Literal("[192.0.2.1]".into())).await;
    /// assert_eq!(literal.status(), "deliverable");
    /// let special = checker.check(&Target::parse_domain("mail.invalid")?).await;
    /// assert_eq!(special.reason().map(|r| r.code()), Some("special_use_domain"));
    /// # Ok(()) }
    /// ```
    pub async fn check(&self, target: &Target) -> Deliverability {
        match target {
            // RFC 5321 §4.1.3: the literal is the address; there is nothing to look up.
            Target::Literal(literal) => Deliverability::Deliverable {
                mail_hosts: vec![MailHost::new(0, literal.clone())],
                warnings: Vec::new(),
            },
            Target::SpecialUse(special) => Deliverability::Undeliverable {
                reason: Reason::with_detail(ReasonKind::SpecialUseDomain, special.message()),
            },
            Target::NotDns(text) => Deliverability::Undeliverable {
                reason: Reason::with_detail(ReasonKind::NotAMailDomain, text.clone()),
            },
            Target::Name(name) => self.check_name(name).await,
        }
    }

    async fn check_name(&self, name: &str) -> Deliverability {
        let slot = self.cache.slot(name);
        let entry = slot
            .get_or_init(|| async {
                let started = Instant::now();
                let resolved = tokio::time::timeout(
                    self.options.check_timeout,
                    lookup::resolve(&self.resolver, name, self.options.reject_all_spf),
                )
                .await
                .unwrap_or_else(|_| {
                    Resolved::unknown(Reason::with_detail(
                        ReasonKind::DeadlineExceeded,
                        format!(
                            "{name}: no answer within {} ms",
                            self.options.check_timeout.as_millis()
                        ),
                    ))
                });
                Entry {
                    outcome: resolved.outcome,
                    expires: started + resolved.ttl,
                }
            })
            .await;
        entry.outcome.clone()
    }

    /// Parses `address` under the SMTPUTF8 profile ([`Policy::SMTPUTF8`]: RFC 5321 with
    /// the UTF-8 local parts and U-label domains of RFC 6531 §3.3) and checks its domain,
    /// looked up by its A-labels (RFC 5891 §5). Deliverability depends on the domain only,
    /// so an address of ASCII text and one that needs SMTPUTF8 are checked alike; whether
    /// the receiving server speaks SMTPUTF8 is not something DNS tells. To refuse
    /// addresses that need SMTPUTF8, parse under [`Policy::RFC5321`] first and pass
    /// [`Target::of_address`] to [`check`](Self::check).
    ///
    /// The error is the parse error of the address as written (the domain is not mapped
    /// by UTS #46: `rfc_email::ValidatedAddress` does that, and its normalized form can
    /// be checked here).
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use email_dns::{Checker, Nameservers, Options};
    /// let checker = Checker::new(&Nameservers::At(vec!["127.0.0.1:53".parse()?]), Options::default())?;
    /// assert!(checker.check_address("not an address").await.is_err());
    /// let onion = checker.check_address("user@example.onion").await?;
    /// assert!(onion.is_undeliverable());
    /// // RFC 6531: a UTF-8 local part; the literal needs no lookup.
    /// assert_eq!(checker.check_address("j\u{fc}rgen@[192.0.2.1]").await?.status(), "deliverable");
    /// # Ok(()) }
    /// ```
    pub async fn check_address(&self, address: &str) -> Result<Deliverability, EmailError> {
        let parsed = EmailAddress::parse_with(address, &Policy::SMTPUTF8)?;
        Ok(self.check(&Target::of_address(&parsed)).await)
    }

    /// Checks a stream of targets, at most [`Options::concurrency`] domains at once,
    /// yielding each outcome in input order as soon as it and those before it are done.
    /// Outcomes not ready by `deadline` are `Unknown` (`deadline_exceeded`).
    ///
    /// The crate re-exports what a caller needs to make the stream and read the outcomes
    /// ([`stream`](crate::stream), [`StreamExt`](crate::StreamExt)):
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use email_dns::{Checker, Nameservers, Options, StreamExt, Target, stream};
    /// let checker = Checker::new(&Nameservers::At(vec!["127.0.0.1:53".parse()?]), Options::default())?;
    /// let targets = stream::iter([
    ///     Target::Literal("[192.0.2.1]".into()),
    ///     Target::parse_domain("printer.home.arpa")?,
    /// ]);
    /// let statuses: Vec<_> = checker.check_stream(targets, None).map(|d| d.status()).collect().await;
    /// assert_eq!(statuses, ["deliverable", "undeliverable"]);
    /// # Ok(()) }
    /// ```
    pub fn check_stream<'a, S>(
        &'a self,
        targets: S,
        deadline: Option<Instant>,
    ) -> impl Stream<Item = Deliverability> + 'a
    where
        S: Stream<Item = Target> + 'a,
    {
        targets
            .map(move |target| async move { self.check_until(&target, deadline).await })
            .buffered(self.options.concurrency.max(1))
    }

    /// [`check`](Self::check), giving up at `deadline`.
    pub(crate) async fn check_until(
        &self,
        target: &Target,
        deadline: Option<Instant>,
    ) -> Deliverability {
        let Some(deadline) = deadline else {
            return self.check(target).await;
        };
        tokio::time::timeout_at(deadline.into(), self.check(target))
            .await
            .unwrap_or_else(|_| Deliverability::Unknown {
                reason: Reason::with_detail(
                    ReasonKind::DeadlineExceeded,
                    "the batch deadline passed before this check finished",
                ),
            })
    }
}
