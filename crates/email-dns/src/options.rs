//! How a checker asks DNS: which servers, how long to wait, how much at once.

use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use hickory_resolver::config::{NameServerConfig, ResolveHosts, ResolverConfig, ResolverOpts};
use hickory_resolver::net::runtime::TokioRuntimeProvider;
use hickory_resolver::{Resolver, TokioResolver};

/// Which DNS servers to ask.
///
/// ```
/// use email_dns::Nameservers;
/// let local = Nameservers::At(vec!["127.0.0.1:5353".parse()?]);
/// assert!(matches!(local, Nameservers::At(ref v) if v.len() == 1));
/// # Ok::<(), std::net::AddrParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Nameservers {
    /// The system configuration (`/etc/resolv.conf` on Unix, the registry on Windows).
    System,
    /// These recursive resolvers (UDP, with TCP for truncated answers), and no others.
    At(Vec<SocketAddr>),
}

/// Limits of a checker.
///
/// ```
/// use std::time::Duration;
/// let opts = email_dns::Options::default()
///     .with_query_timeout(Duration::from_millis(500))
///     .with_check_timeout(Duration::from_secs(2))
///     .with_concurrency(32);
/// assert_eq!(opts.concurrency, 32);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// How long to wait for one answer to one DNS query. Default 2 s.
    pub query_timeout: Duration,
    /// Tries per query and server (the first and the retries). Default 2.
    pub attempts: usize,
    /// How long one domain's whole check may take (MX, then addresses, then SPF);
    /// past it the answer is [`Unknown`](crate::Deliverability::Unknown) with
    /// `deadline_exceeded`. Default 5 s.
    pub check_timeout: Duration,
    /// How many domains are checked at once in a batch. Default 64, at least 1.
    pub concurrency: usize,
    /// Treat a domain without MX whose SPF record is `v=spf1 -all` as undeliverable.
    /// Default `true`.
    pub reject_all_spf: bool,
    /// How many domains the outcome cache holds at most. Default 65 536.
    pub cache_capacity: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            query_timeout: Duration::from_secs(2),
            attempts: 2,
            check_timeout: Duration::from_secs(5),
            concurrency: 64,
            reject_all_spf: true,
            cache_capacity: 65_536,
        }
    }
}

/// Defines a `with_*` setter: `$name(value)` sets `$field` to `value` (to at least
/// `$min` where one is given), documented by the doc comment before it.
macro_rules! setter {
    ($(#[$doc:meta])+ $name:ident sets $field:ident: $ty:ty $(, at least $min:literal)?) => {
        $(#[$doc])+
        #[must_use]
        pub fn $name(mut self, value: $ty) -> Self {
            self.$field = value$(.max($min))?;
            self
        }
    };
}

impl Options {
    setter! {
        /// Sets [`query_timeout`](Self::query_timeout).
        ///
        /// ```
        /// use std::time::Duration;
        /// let o = email_dns::Options::default().with_query_timeout(Duration::from_secs(1));
        /// assert_eq!(o.query_timeout, Duration::from_secs(1));
        /// ```
        with_query_timeout sets query_timeout: Duration
    }

    setter! {
        /// Sets [`check_timeout`](Self::check_timeout): the whole check of a domain, its
        /// queries one after the other, may take this long.
        ///
        /// ```
        /// use std::time::Duration;
        /// let patient = email_dns::Options::default().with_check_timeout(Duration::from_secs(30));
        /// assert!(patient.check_timeout > patient.query_timeout * 10);
        /// ```
        with_check_timeout sets check_timeout: Duration
    }

    setter! {
        /// Sets [`attempts`](Self::attempts) (at least 1).
        ///
        /// ```
        /// assert_eq!(email_dns::Options::default().with_attempts(0).attempts, 1);
        /// ```
        with_attempts sets attempts: usize, at least 1
    }

    setter! {
        /// Sets [`concurrency`](Self::concurrency) (at least 1: zero would check nothing).
        ///
        /// ```
        /// let serial = email_dns::Options::default().with_concurrency(0);
        /// assert_eq!(serial.concurrency, 1);
        /// ```
        with_concurrency sets concurrency: usize, at least 1
    }

    setter! {
        /// Sets [`reject_all_spf`](Self::reject_all_spf).
        ///
        /// ```
        /// assert!(!email_dns::Options::default().with_reject_all_spf(false).reject_all_spf);
        /// ```
        with_reject_all_spf sets reject_all_spf: bool
    }
}

/// The resolver could not be set up (the system configuration is missing or unreadable).
///
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let rt = tokio::runtime::Runtime::new()?;
/// let _guard = rt.enter();
/// let checker = email_dns::Checker::new(
///     &email_dns::Nameservers::At(vec![]),
///     email_dns::Options::default(),
/// );
/// assert!(checker.is_err());
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    message: String,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot set up the DNS resolver: {}", self.message)
    }
}

impl std::error::Error for SetupError {}

impl SetupError {
    pub(crate) fn from_message(message: String) -> Self {
        SetupError { message }
    }
}

/// Builds the hickory resolver for `nameservers` with `options`.
pub(crate) fn resolver(
    nameservers: &Nameservers,
    options: &Options,
) -> Result<TokioResolver, SetupError> {
    let (config, mut opts) = match nameservers {
        Nameservers::System => {
            hickory_resolver::system_conf::read_system_conf().map_err(|e| SetupError {
                message: e.to_string(),
            })?
        }
        Nameservers::At(addrs) => {
            if addrs.is_empty() {
                return Err(SetupError {
                    message: "no DNS server given".to_owned(),
                });
            }
            let servers = addrs
                .iter()
                .map(|addr| {
                    let mut server = NameServerConfig::udp_and_tcp(addr.ip());
                    for connection in &mut server.connections {
                        connection.port = addr.port();
                    }
                    server
                })
                .collect();
            (
                ResolverConfig::from_name_servers(servers),
                ResolverOpts::default(),
            )
        }
    };
    opts.timeout = options.query_timeout;
    opts.attempts = options.attempts.max(1);
    // Mail routing is DNS only (RFC 5321 §5.1): a hosts-file entry is no MX.
    opts.use_hosts_file = ResolveHosts::Never;
    // Names are always asked fully qualified: no search list (RFC 5321 §5.1: relays
    // "MUST NOT" infer FQDNs from partial names).
    opts.ndots = 0;
    // A batch runs `concurrency` checks at once, each with a few queries in flight.
    opts.max_active_requests = opts.max_active_requests.max(options.concurrency * 4);
    opts.num_concurrent_reqs = 1;
    let (_, _, servers) = config.into_parts();
    let config = ResolverConfig::from_parts(None, Vec::new(), servers);
    Resolver::builder_with_config(config, TokioRuntimeProvider::default())
        .with_options(opts)
        .build()
        .map_err(|e| SetupError {
            message: e.to_string(),
        })
}
