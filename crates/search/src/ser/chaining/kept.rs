//! Chaining work kept from one call of a producer to the next (one rating step to the
//! next): SE asks every producer again after each step, and a step removes a few
//! candidates, so most propagations of the Nishio, multiple and dynamic producers, and most
//! cycle searches, would be made again unchanged.
//!
//! A level-0 propagation reads only the candidates of its [`ReadSet`] (the cell and region
//! rules of the potentials it processes), and it is a function of them: on a grid where
//! those candidates are the same, it builds the same chain, node for node. The rating only
//! removes candidates, so a kept chain stays exact while no removed candidate is in its
//! read set; [`ChainStore::rebase`] drops the others (and everything when the new grid is
//! not a subset of the old one). [`Fruitless`] keeps, the same way, the cycle searches of
//! the forcing chains and cycles producer that found nothing.

use super::closure::{self, Reached};
use super::potential::{Pot, POTS};
use super::propagate::{Chain, ReadSet, Removed};
use crate::ser::ChainingMode;
use std::rc::Rc;
use sudolink_engine::grid::bits::bits;

/// The chains of one producer, by start potential, each exact on [`ChainStore::grid`], and
/// what each propagation reaches ([`Reached`]: also kept where the chain was not built).
/// An empty store holds no table (it stands in for a store taken away for a run).
#[derive(Clone)]
pub struct ChainStore {
    grid: [u16; 81],
    /// By start index: empty until the first insertion, then one slot per potential.
    chains: Vec<Option<Rc<Chain>>>,
    reached: Vec<Option<Rc<Reached>>>,
    /// The starts whose last propagation met a contradiction, on this grid or an earlier
    /// one (kept through rebases: a guess that it meets one again, when a closure would be
    /// wasted work).
    contradicted: [u64; POTS.div_ceil(64)],
}

impl Default for ChainStore {
    fn default() -> ChainStore {
        ChainStore {
            grid: [0; 81],
            chains: Vec::new(),
            reached: Vec::new(),
            contradicted: [0; POTS.div_ceil(64)],
        }
    }
}

impl ChainStore {
    /// Makes the store exact on `grid`: keeps the chains whose read candidates are the same
    /// there, and the reached sets of those and of the propagations without a chain whose
    /// reached potentials read the same (`y`: the propagations use the cell rule).
    pub fn rebase(&mut self, grid: &[u16; 81], y: bool) {
        match removed_since(&self.grid, grid) {
            Some(removed) => {
                if !removed.is_empty() {
                    for (chain, reached) in self.chains.iter_mut().zip(&mut self.reached) {
                        let stale = match (&*chain, &*reached) {
                            (Some(c), _) => c.read.meets(&removed),
                            (None, Some(r)) => r.reads_any(&removed, y),
                            (None, None) => false,
                        };
                        if stale {
                            *chain = None;
                            *reached = None;
                        }
                    }
                }
            }
            None => {
                self.chains.fill(None);
                self.reached.fill(None);
            }
        }
        self.grid = *grid;
    }

    /// What the propagation from `start` reaches, if kept.
    #[inline]
    pub fn reached(&self, start: Pot) -> Option<&Rc<Reached>> {
        self.reached.get(start.index())?.as_ref()
    }

    pub fn insert_reached(&mut self, start: Pot, reached: Rc<Reached>) {
        self.make_slots();
        self.reached[start.index()] = Some(reached);
    }

    /// One slot per potential in each table.
    fn make_slots(&mut self) {
        if self.chains.is_empty() {
            self.chains = vec![None; POTS];
            self.reached = vec![None; POTS];
        }
    }

    /// Did the last propagation from `start` meet a contradiction?
    #[inline]
    pub fn was_contradicted(&self, start: Pot) -> bool {
        self.contradicted[start.index() / 64] >> (start.index() % 64) & 1 != 0
    }

    pub fn set_contradicted(&mut self, start: Pot, contradicted: bool) {
        let (word, bit) = (start.index() / 64, 1u64 << (start.index() % 64));
        if contradicted {
            self.contradicted[word] |= bit;
        } else {
            self.contradicted[word] &= !bit;
        }
    }

    /// The chain from `start`, if kept.
    #[inline]
    pub fn get(&self, start: Pot) -> Option<&Rc<Chain>> {
        self.chains.get(start.index())?.as_ref()
    }

    pub fn insert(&mut self, start: Pot, chain: Rc<Chain>) {
        self.make_slots();
        self.chains[start.index()] = Some(chain);
    }
}

/// Whether the level-0 closure from each start meets a contradiction, on
/// [`ClosureStore::grid`], each kept while what it reached reads the same (a closure
/// stopped at a contradiction read no more than what it reached).
#[derive(Clone)]
pub struct ClosureStore {
    grid: [u16; 81],
    closures: Vec<Option<Box<(Reached, bool)>>>,
}

impl Default for ClosureStore {
    fn default() -> ClosureStore {
        ClosureStore {
            grid: [0; 81],
            closures: vec![None; POTS],
        }
    }
}

impl ClosureStore {
    /// Makes the store exact on `grid` (`y`: the closures use the cell rule).
    pub fn rebase(&mut self, grid: &[u16; 81], y: bool) {
        match removed_since(&self.grid, grid) {
            Some(removed) if removed.is_empty() => {}
            Some(removed) => {
                for slot in &mut self.closures {
                    if slot.as_ref().is_some_and(|c| c.0.reads_any(&removed, y)) {
                        *slot = None;
                    }
                }
            }
            None => self.closures.fill(None),
        }
        self.grid = *grid;
    }

    /// Does the closure from `start` under `mode` on `grid` (built on the store's grid)
    /// meet a contradiction? Kept, or made and kept. `cands` is any buffer.
    pub fn contradiction(
        &mut self,
        grid: &closure::Grid,
        start: Pot,
        mode: ChainingMode,
        cands: &mut [u16; 81],
    ) -> bool {
        self.closures[start.index()]
            .get_or_insert_with(|| {
                let found = closure::closure(grid, start, mode, cands);
                Box::new((found.reached, found.contradiction))
            })
            .1
    }
}

/// Searches that found nothing on [`Fruitless::grid`], by key, with the candidates each
/// read: each finds nothing again while those are the same.
#[derive(Clone)]
pub struct Fruitless {
    grid: [u16; 81],
    /// Per key, its entry in `reads` (`u32::MAX`: none).
    slots: Vec<u32>,
    reads: Vec<(u32, ReadSet)>,
}

impl Fruitless {
    /// A store for keys `0..keys`.
    pub fn new(keys: usize) -> Fruitless {
        Fruitless {
            grid: [0; 81],
            slots: vec![u32::MAX; keys],
            reads: Vec::new(),
        }
    }

    /// Makes the store exact on `grid`: keeps the searches whose read candidates are the
    /// same there.
    pub fn rebase(&mut self, grid: &[u16; 81]) {
        match removed_since(&self.grid, grid) {
            Some(removed) if removed.is_empty() => {}
            Some(removed) => self.reads.retain(|(_, read)| !read.meets(&removed)),
            None => self.reads.clear(),
        }
        self.grid = *grid;
        self.slots.fill(u32::MAX);
        for (at, &(key, _)) in self.reads.iter().enumerate() {
            self.slots[key as usize] = at as u32;
        }
    }

    /// Did the search of `key` find nothing (on this grid)?
    #[inline]
    pub fn holds(&self, key: usize) -> bool {
        self.slots[key] != u32::MAX
    }

    /// The search of `key` found nothing, reading `read`.
    pub fn insert(&mut self, key: usize, read: ReadSet) {
        self.slots[key] = self.reads.len() as u32;
        self.reads.push((key as u32, read));
    }
}

/// The candidates of `old` missing from `new`; `None` when `new` holds a candidate `old`
/// does not.
fn removed_since(old: &[u16; 81], new: &[u16; 81]) -> Option<Removed> {
    removed_by_value(old, new).map(|removed| Removed::new(&removed))
}

/// The candidates of `old` missing from `new`, per value (bit `c` for cell `c`); `None`
/// when `new` holds a candidate `old` does not.
fn removed_by_value(old: &[u16; 81], new: &[u16; 81]) -> Option<[u128; 9]> {
    let mut removed = [0u128; 9];
    for (cell, (&o, &n)) in old.iter().zip(new).enumerate() {
        if n & !o != 0 {
            return None;
        }
        for v in bits(o & !n) {
            removed[v - 1] |= 1 << cell;
        }
    }
    Some(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removed_candidates_are_listed_per_value() {
        let mut old = [0u16; 81];
        old[3] = 0b10_0110;
        let mut new = old;
        new[3] = 0b00_0100;
        let removed = removed_by_value(&old, &new).expect("a subset");
        assert_eq!(removed[0], 1 << 3);
        assert_eq!(removed[4], 1 << 3);
        assert_eq!(removed.iter().filter(|&&r| r != 0).count(), 2);
        new[4] = 0b10;
        assert!(removed_by_value(&old, &new).is_none());
    }
}
