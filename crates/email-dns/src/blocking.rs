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
/// Made for code without an async runtime. Called on a thread that runs tokio tasks (in
/// an `async fn`, where tokio's `block_on` would panic), each method does its work on a
/// thread of its own and blocks the calling thread until it is done; there, prefer
/// [`checker`](Self::checker) and `.await`. Dropping it there shuts its runtime down in
/// the background instead of waiting for it.
///
/// ```no_run
/// use email_dns::{BlockingChecker, Nameservers, Options};
/// let checker = BlockingChecker::new(&Nameservers::System, Options::default())?;
/// println!("{}", checker.check_address("user@example.net")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct BlockingChecker {
    /// `None` only while being dropped.
    runtime: Option<Runtime>,
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
            runtime: Some(runtime),
            checker: Arc::new(checker),
        })
    }

    fn runtime(&self) -> &Runtime {
        let Some(runtime) = &self.runtime else {
            unreachable!("the runtime is taken only when the checker is dropped")
        };
        runtime
    }

    /// Runs `future` to its end on the checker's runtime. `Runtime::block_on` panics on
    /// a thread that drives a tokio runtime ("Cannot start a runtime from within a
    /// runtime"): there the future is driven from a scoped thread instead.
    fn block_on<F>(&self, future: F) -> F::Output
    where
        F: Future + Send,
        F::Output: Send,
    {
        if tokio::runtime::Handle::try_current().is_err() {
            return self.runtime().block_on(future);
        }
        thread::scope(|scope| {
            scope
                .spawn(|| self.runtime().block_on(future))
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
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
        self.block_on(self.checker.check(target))
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
        self.block_on(self.checker.check_address(address))
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
        self.runtime().spawn(async move {
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

impl Drop for BlockingChecker {
    fn drop(&mut self) {
        // Dropping a runtime waits for its worker, which tokio forbids (with a panic) on a
        // thread that drives a runtime.
        if let Some(runtime) = self.runtime.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            runtime.shutdown_background();
        }
    }
}

impl<T: Send> Iterator for CheckEach<'_, T> {
    type Item = (T, Option<Deliverability>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.ready.is_empty() {
            // `blocking_recv` panics on a thread that drives a tokio runtime: there the
            // wait happens on a scoped thread.
            let chunk = if tokio::runtime::Handle::try_current().is_ok() {
                let results = &mut self.results;
                thread::scope(|scope| {
                    scope
                        .spawn(|| results.blocking_recv())
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
            } else {
                self.results.blocking_recv()
            };
            self.ready.extend(chunk?);
        }
        self.ready.pop_front()
    }
}
