//! One lookup per domain: concurrent checks of a domain share one query set, and the
//! outcome is reused until its TTL runs out (RFC 1035 §3.2.1 for answers, RFC 2308 §5
//! for negative answers).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use tokio::sync::OnceCell;

use crate::outcome::Deliverability;

/// A finished check.
#[derive(Debug)]
pub(crate) struct Entry {
    pub outcome: Deliverability,
    pub expires: Instant,
}

/// The slot of one domain: empty while its check runs, then filled.
pub(crate) type Slot = Arc<OnceCell<Entry>>;

/// Domain → slot, bounded by `capacity`.
#[derive(Debug)]
pub(crate) struct Cache {
    slots: Mutex<HashMap<String, Slot>>,
    capacity: usize,
}

impl Cache {
    pub(crate) fn new(capacity: usize) -> Self {
        Cache {
            slots: Mutex::new(HashMap::new()),
            capacity: capacity.max(1),
        }
    }

    /// The slot for `name`: the running or fresh one if any, else a new empty one.
    pub(crate) fn slot(&self, name: &str) -> Slot {
        let now = Instant::now();
        // A panic while the lock is held leaves the map consistent (one insert).
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(slot) = slots.get(name)
            && slot.get().is_none_or(|entry| entry.expires > now)
        {
            return Arc::clone(slot);
        }
        if slots.len() >= self.capacity {
            // Expired entries go first; if that is not enough, every finished one.
            slots.retain(|_, slot| slot.get().is_none_or(|entry| entry.expires > now));
            if slots.len() >= self.capacity {
                slots.retain(|_, slot| slot.get().is_none());
            }
        }
        let slot = Slot::default();
        slots.insert(name.to_owned(), Arc::clone(&slot));
        slot
    }

    /// Domains held (running and finished).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.slots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::outcome::{Reason, ReasonKind};

    fn fill(slot: &Slot, ttl: Duration) {
        let entry = Entry {
            outcome: Deliverability::Undeliverable {
                reason: Reason::new(ReasonKind::NullMx),
            },
            expires: Instant::now() + ttl,
        };
        slot.set(entry).unwrap();
    }

    #[test]
    fn a_running_or_fresh_slot_is_shared() {
        let cache = Cache::new(8);
        let running = cache.slot("a.example");
        assert!(Arc::ptr_eq(&running, &cache.slot("a.example")));
        fill(&running, Duration::from_mins(1));
        assert!(Arc::ptr_eq(&running, &cache.slot("a.example")));
    }

    #[test]
    fn rfc2308_5_an_expired_outcome_is_asked_again() {
        let cache = Cache::new(8);
        let old = cache.slot("a.example");
        fill(&old, Duration::ZERO);
        let new = cache.slot("a.example");
        assert!(!Arc::ptr_eq(&old, &new));
        assert!(new.get().is_none());
    }

    #[test]
    fn the_cache_never_holds_more_than_its_capacity_of_finished_checks() {
        let cache = Cache::new(4);
        for i in 0..100 {
            fill(
                &cache.slot(&format!("d{i}.example")),
                Duration::from_mins(1),
            );
            assert!(cache.len() <= 4, "{}", cache.len());
        }
    }
}
