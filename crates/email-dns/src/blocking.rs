//! For callers without an async runtime: the checker on a runtime of its own.

use std::marker::PhantomData;
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use futures_util::StreamExt;
use rfc_email::EmailError;
use tokio::runtime::Runtime;
use tokio::sync::mpsc;

use crate::checker::Checker;
use crate::options::{Nameservers, Options, SetupError};
use crate::outcome::Deliverability;
use crate::target::Target;

/// A [`Checker`] with its own tokio runtime (one worker thread: the work is waiting
/// for DNS).
///
/// ```no_run
/// use email_dns::{BlockingChecker, Nameservers, Options};
/// let checker = BlockingChecker::new(&Nameservers::System, Options::default())?;
/// println!("{}", checker.check_address("user@example.net")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct BlockingChecker {
    runtime: Runtime,
    checker: Arc<Checker>,
}

impl BlockingChecker {
    /// A checker asking `nameservers`, with its own runtime.
    ///
    /// ```
    /// use email_dns::{BlockingChecker, Nameservers, Options, Target};
    /// let checker = BlockingChecker::new(&Nameservers::At(vec!["127.0.0.1:53".parse()?]), Options::default())?;
    /// assert_eq!(checker.check(&Target::Literal("[192.0.2.1]".into())).status(), "deliverable");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(nameservers: &Nameservers, options: Options) -> Result<Self, SetupError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("email-dns")
            .enable_all()
            .build()
            .map_err(|e| SetupError::from_message(e.to_string()))?;
        let checker = {
            let _guard = runtime.enter();
            Checker::new(nameservers, options)?
        };
        Ok(BlockingChecker {
            runtime,
            checker: Arc::new(checker),
        })
    }

    /// The async checker inside.
    ///
    /// ```
    /// use email_dns::{BlockingChecker, Nameservers, Options};
    /// let c = BlockingChecker::new(&Nameservers::At(vec!["127.0.0.1:53".parse()?]), Options::default())?;
    /// assert_eq!(c.checker().options().concurrency, 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn checker(&self) -> &Checker {
        &self.checker
    }

    /// [`Checker::check`], blocking.
    ///
    /// ```
    /// use email_dns::{BlockingChecker, Nameservers, Options, Target};
    /// let c = BlockingChecker::new(&Nameservers::At(vec!["127.0.0.1:53".parse()?]), Options::default())?;
    /// assert!(c.check(&Target::parse_domain("example.test")?).is_undeliverable());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, target: &Target) -> Deliverability {
        self.runtime.block_on(self.checker.check(target))
    }

    /// [`Checker::check_address`], blocking.
    ///
    /// ```
    /// use email_dns::{BlockingChecker, Nameservers, Options};
    /// let c = BlockingChecker::new(&Nameservers::At(vec!["127.0.0.1:53".parse()?]), Options::default())?;
    /// assert!(c.check_address("user@localhost").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_address(&self, address: &str) -> Result<Deliverability, EmailError> {
        self.runtime.block_on(self.checker.check_address(address))
    }

    /// Checks a sequence of items in a pipeline: `items` is read on a thread of its own
    /// (it may block, like lines from standard input), at most
    /// [`Options::concurrency`] domains are checked at once, and each item comes back
    /// with its outcome (`None` for an item without target) in input order, as soon as
    /// it and those before it are done. Memory stays bounded: reading waits while the
    /// pipeline is full.
    ///
    /// ```
    /// use email_dns::{BlockingChecker, Nameservers, Options, Target};
    /// let c = BlockingChecker::new(&Nameservers::At(vec!["127.0.0.1:53".parse()?]), Options::default())?;
    /// let items = vec![
    ///     ("a", Some(Target::Literal("[192.0.2.1]".into()))),
    ///     ("b", None),
    ///     ("c", Some(Target::parse_domain("x.onion")?)),
    /// ];
    /// let out: Vec<_> = c.check_each(items, None).map(|(tag, d)| (tag, d.map(|d| d.status()))).collect();
    /// assert_eq!(out, [("a", Some("deliverable")), ("b", None), ("c", Some("undeliverable"))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_each<T, I>(&self, items: I, deadline: Option<Instant>) -> CheckEach<'_, T>
    where
        T: Send + 'static,
        I: IntoIterator<Item = (T, Option<Target>)>,
        I::IntoIter: Send + 'static,
    {
        let depth = self.checker.options().concurrency.max(1);
        let (in_tx, in_rx) = mpsc::channel::<(T, Option<Target>)>(depth);
        // Results travel in chunks of those ready at once: one hand-over per chunk, not
        // per item, which matters when most answers come from the cache.
        let (out_tx, out_rx) = mpsc::channel::<Vec<(T, Option<Deliverability>)>>(depth);
        let items = items.into_iter();
        // A send fails only when the pipeline is gone (the caller dropped the iterator).
        thread::spawn(move || {
            for item in items {
                if in_tx.blocking_send(item).is_err() {
                    return;
                }
            }
        });
        let checker = Arc::clone(&self.checker);
        self.runtime.spawn(async move {
            let input = futures_util::stream::unfold(in_rx, |mut rx| async move {
                rx.recv().await.map(|item| (item, rx))
            });
            let checker = &checker;
            let results = input
                .map(|(tag, target)| async move {
                    let outcome = match target {
                        Some(target) => Some(checker.check_until(&target, deadline).await),
                        None => None,
                    };
                    (tag, outcome)
                })
                .buffered(depth)
                .ready_chunks(depth);
            let mut results = std::pin::pin!(results);
            while let Some(chunk) = results.next().await {
                if out_tx.send(chunk).await.is_err() {
                    return;
                }
            }
        });
        CheckEach {
            results: out_rx,
            ready: std::collections::VecDeque::new(),
            _checker: PhantomData,
        }
    }
}

/// The outcomes of [`BlockingChecker::check_each`], in input order.
#[derive(Debug)]
pub struct CheckEach<'a, T> {
    results: mpsc::Receiver<Vec<(T, Option<Deliverability>)>>,
    ready: std::collections::VecDeque<(T, Option<Deliverability>)>,
    _checker: PhantomData<&'a BlockingChecker>,
}

impl<T> Iterator for CheckEach<'_, T> {
    type Item = (T, Option<Deliverability>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.ready.is_empty() {
            self.ready.extend(self.results.blocking_recv()?);
        }
        self.ready.pop_front()
    }
}
