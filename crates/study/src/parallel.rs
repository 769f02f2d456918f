//! Work on a rayon pool, results on the calling thread as each is done: what lets `rate`
//! print in input order without waiting for a chunk, and a study run ([`super::run`]) store
//! every puzzle within a second of finishing it.

use rayon::iter::{ParallelBridge, ParallelIterator};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Run `work` on every item on the rayon pool (items are taken in order, so early items
/// finish first) and hand each `(index, result)` to `done` on this thread as it arrives.
/// An error from `done` stops the pool from starting more items and is returned.
pub fn each_as_done<T: Sync, R: Send, E>(
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
    mut done: impl FnMut(usize, R) -> Result<(), E>,
) -> Result<(), E> {
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        let stop = &stop;
        let work = &work;
        scope.spawn(move || {
            items
                .iter()
                .enumerate()
                .par_bridge()
                .for_each_with(tx, |tx, (i, item)| {
                    if !stop.load(Ordering::Relaxed) {
                        let _ = tx.send((i, work(item)));
                    }
                });
        });
        let mut result = Ok(());
        for (i, r) in rx {
            if result.is_ok() {
                result = done(i, r);
                if result.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        result
    })
}

/// Results that arrive out of order, handed on in order: index 0, 1, 2, ...
pub struct InOrder<R> {
    next: usize,
    waiting: BTreeMap<usize, R>,
}

impl<R> Default for InOrder<R> {
    fn default() -> InOrder<R> {
        InOrder::new()
    }
}

impl<R> InOrder<R> {
    pub fn new() -> InOrder<R> {
        InOrder {
            next: 0,
            waiting: BTreeMap::new(),
        }
    }

    /// Take result `i`; hand every result now in order to `emit`.
    pub fn push<E>(
        &mut self,
        i: usize,
        r: R,
        mut emit: impl FnMut(R) -> Result<(), E>,
    ) -> Result<(), E> {
        self.waiting.insert(i, r);
        while let Some(r) = self.waiting.remove(&self.next) {
            self.next += 1;
            emit(r)?;
        }
        Ok(())
    }
}

/// How often a study stores what it has: one transaction per this long.
pub const COMMIT_EVERY: Duration = Duration::from_secs(1);

/// Results gathered for one transaction, flushed when [`COMMIT_EVERY`] has passed.
pub struct Batch<R> {
    pending: Vec<R>,
    since: Instant,
}

impl<R> Default for Batch<R> {
    fn default() -> Batch<R> {
        Batch::new()
    }
}

impl<R> Batch<R> {
    pub fn new() -> Batch<R> {
        Batch {
            pending: Vec::new(),
            since: Instant::now(),
        }
    }

    /// Add `r`; when the batch is due, hand it to `write`.
    pub fn push<E>(&mut self, r: R, write: impl FnOnce(&[R]) -> Result<(), E>) -> Result<(), E> {
        self.pending.push(r);
        if self.since.elapsed() >= COMMIT_EVERY {
            self.flush(write)?;
        }
        Ok(())
    }

    /// Hand what is pending to `write` (nothing when empty).
    pub fn flush<E>(&mut self, write: impl FnOnce(&[R]) -> Result<(), E>) -> Result<(), E> {
        if !self.pending.is_empty() {
            write(&self.pending)?;
            self.pending.clear();
        }
        self.since = Instant::now();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_waits_for_the_earlier_ones() {
        let mut order = InOrder::new();
        let mut out = Vec::new();
        for i in [2, 0, 3, 1, 4] {
            order
                .push(i, i * 10, |r| {
                    out.push(r);
                    Ok::<(), ()>(())
                })
                .unwrap();
        }
        assert_eq!(out, vec![0, 10, 20, 30, 40]);
    }

    #[test]
    fn every_item_is_done_once() {
        let items: Vec<usize> = (0..100).collect();
        let mut seen = vec![0; 100];
        each_as_done(
            &items,
            |&x| x * 2,
            |i, r| {
                assert_eq!(r, i * 2);
                seen[i] += 1;
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert!(seen.iter().all(|&n| n == 1));
    }
}
