//! Interleaved A/B measurement: ours and a peer alternate in one process over many
//! rounds, and the decision number is the median of the per-round time ratios.
//!
//! Absolute times on a shared machine drift between runs (other builds, frequency
//! changes), but two closures timed back to back within one round see nearly the same
//! machine, so their ratio is steady even when both times move. Each round runs ours
//! over the whole corpus and the peer over the whole corpus, swapping which goes first
//! every round, so a slow start or a cache warmed by the other side does not always
//! favour the same one.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// The result of [`interleave`]: per-round times of both sides.
#[derive(Debug, Clone)]
pub struct AbResult {
    /// Passes over the whole corpus per side per round.
    pub passes: usize,
    /// Time of our side per round.
    pub ours: Vec<Duration>,
    /// Time of the peer per round.
    pub peer: Vec<Duration>,
}

/// Median and quartiles of a sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    /// First quartile.
    pub q1: f64,
    /// Median.
    pub median: f64,
    /// Third quartile.
    pub q3: f64,
}

/// Median and quartiles (linear interpolation between order statistics) of `values`;
/// `None` for an empty sample.
///
/// ```
/// let s = bench::ab::spread(&[4.0, 1.0, 3.0, 2.0, 5.0]).unwrap();
/// assert_eq!((s.q1, s.median, s.q3), (2.0, 3.0, 4.0));
/// ```
#[must_use]
pub fn spread(values: &[f64]) -> Option<Spread> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| {
        #[expect(
            clippy::cast_precision_loss,
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "sample sizes are a few thousand at most"
        )]
        {
            let pos = q * (sorted.len() - 1) as f64;
            let lo = pos.floor() as usize;
            let hi = pos.ceil() as usize;
            sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
        }
    };
    Some(Spread {
        q1: at(0.25),
        median: at(0.5),
        q3: at(0.75),
    })
}

impl AbResult {
    /// Per-round ratios peer time / our time: above 1 we are faster.
    #[must_use]
    pub fn ratios(&self) -> Vec<f64> {
        self.ours
            .iter()
            .zip(&self.peer)
            .map(|(o, p)| p.as_secs_f64() / o.as_secs_f64().max(f64::MIN_POSITIVE))
            .collect()
    }

    /// Median and quartiles of [`AbResult::ratios`].
    #[must_use]
    pub fn ratio_spread(&self) -> Option<Spread> {
        spread(&self.ratios())
    }

    /// The ratio of the fastest rounds, peer over ours: the round least disturbed by
    /// other processes on each side (a round can only be slowed down by them, never sped
    /// up), a second estimate next to the median of the per-round ratios.
    #[must_use]
    pub fn fastest_ratio(&self) -> Option<f64> {
        let ours = self.ours.iter().min()?;
        let peer = self.peer.iter().min()?;
        Some(peer.as_secs_f64() / ours.as_secs_f64().max(f64::MIN_POSITIVE))
    }

    /// Median throughput of each side in millions of items per second, for a corpus
    /// of `items` items: `(ours, peer)`.
    #[must_use]
    pub fn millions_per_second(&self, items: usize) -> (f64, f64) {
        #[expect(clippy::cast_precision_loss, reason = "corpus sizes fit an f64")]
        let rate = |times: &[Duration]| {
            let secs: Vec<f64> = times.iter().map(Duration::as_secs_f64).collect();
            spread(&secs).map_or(0.0, |s| (items * self.passes) as f64 / s.median / 1e6)
        };
        (rate(&self.ours), rate(&self.peer))
    }
}

/// Runs `warmup` untimed rounds and then `rounds` timed rounds of both sides; ours
/// goes first in even rounds and the peer in odd ones. Each closure processes the whole
/// corpus once and returns something derived from the results (kept with `black_box`).
/// A round repeats each side's pass over the corpus [`AbResult::passes`] times, chosen
/// from the warm-up so that ours takes about `round_target` per round (a one-millisecond
/// round is at the mercy of one scheduler tick on a shared machine).
pub fn interleave(
    ours: &mut dyn FnMut() -> usize,
    peer: &mut dyn FnMut() -> usize,
    warmup: usize,
    rounds: usize,
    round_target: Duration,
) -> AbResult {
    let mut fastest = Duration::MAX;
    for _ in 0..warmup.max(1) {
        let start = Instant::now();
        black_box(ours());
        fastest = fastest.min(start.elapsed());
        black_box(peer());
    }
    let passes = usize::try_from(round_target.as_nanos() / fastest.as_nanos().max(1))
        .unwrap_or(usize::MAX)
        .clamp(1, 10_000);
    let time = |side: &mut dyn FnMut() -> usize| {
        let start = Instant::now();
        for _ in 0..passes {
            black_box(side());
        }
        start.elapsed()
    };
    let mut result = AbResult {
        passes,
        ours: Vec::with_capacity(rounds),
        peer: Vec::with_capacity(rounds),
    };
    for round in 0..rounds {
        if round % 2 == 0 {
            result.ours.push(time(ours));
            result.peer.push(time(peer));
        } else {
            result.peer.push(time(peer));
            result.ours.push(time(ours));
        }
    }
    result
}

#[cfg(test)]
#[expect(
    clippy::float_cmp,
    reason = "the expected values are exact binary fractions of exact inputs"
)]
mod tests {
    use super::*;

    #[test]
    fn spread_of_empty_sample_is_none() {
        assert_eq!(spread(&[]), None);
    }

    #[test]
    fn spread_interpolates_between_order_statistics() {
        let s = spread(&[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert_eq!((s.q1, s.median, s.q3), (1.75, 2.5, 3.25));
        let one = spread(&[7.0]).unwrap();
        assert_eq!((one.q1, one.median, one.q3), (7.0, 7.0, 7.0));
    }

    #[test]
    fn ratios_are_peer_over_ours() {
        let r = AbResult {
            passes: 1,
            ours: vec![Duration::from_millis(2), Duration::from_millis(4)],
            peer: vec![Duration::from_millis(3), Duration::from_millis(4)],
        };
        assert_eq!(r.ratios(), vec![1.5, 1.0]);
        assert_eq!(r.ratio_spread().unwrap().median, 1.25);
        // Fastest rounds: 3 ms (peer) over 2 ms (ours).
        assert_eq!(r.fastest_ratio(), Some(1.5));
        // 1,000 items in a median of 3 ms (ours) and 3.5 ms (peer).
        let (ours, peer) = r.millions_per_second(1000);
        assert!((ours - 1000.0 / 0.003 / 1e6).abs() < 1e-9, "{ours}");
        assert!((peer - 1000.0 / 0.0035 / 1e6).abs() < 1e-9, "{peer}");
    }

    #[test]
    fn interleave_runs_each_side_once_per_round_and_alternates_order() {
        let order = std::cell::RefCell::new(Vec::new());
        let mut a = || {
            order.borrow_mut().push('o');
            0
        };
        let mut b = || {
            order.borrow_mut().push('p');
            0
        };
        // A zero target still runs one pass per round.
        let r = interleave(&mut a, &mut b, 1, 3, Duration::ZERO);
        assert_eq!(r.passes, 1);
        assert_eq!((r.ours.len(), r.peer.len()), (3, 3));
        assert_eq!(order.into_inner().iter().collect::<String>(), "opoppoop");
    }
}
