//! [`CandidateSet`]: a 729-bit set of candidates (`[u64; 12]`), the hot-path type of every
//! search ("is this candidate linked to something in S?" is one AND and a zero test).

use super::bits::{word_bits, WordBits};
use super::types::Candidate;
use std::fmt;

/// A set of candidates, one bit per candidate index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CandidateSet {
    words: [u64; 12],
}

impl CandidateSet {
    pub const EMPTY: CandidateSet = CandidateSet { words: [0; 12] };

    /// Every one of the 729 candidates.
    pub fn full() -> CandidateSet {
        let mut s = CandidateSet {
            words: [u64::MAX; 12],
        };
        s.words[11] = (1u64 << (729 - 11 * 64)) - 1;
        s
    }
    pub fn from_candidates<I: IntoIterator<Item = Candidate>>(it: I) -> CandidateSet {
        let mut s = CandidateSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
    #[inline]
    pub fn insert(&mut self, c: Candidate) -> bool {
        let (w, b) = (c.index() >> 6, c.index() & 63);
        let had = self.words[w] >> b & 1 == 1;
        self.words[w] |= 1 << b;
        !had
    }
    #[inline]
    pub fn remove(&mut self, c: Candidate) -> bool {
        let (w, b) = (c.index() >> 6, c.index() & 63);
        let had = self.words[w] >> b & 1 == 1;
        self.words[w] &= !(1 << b);
        had
    }
    #[inline]
    pub fn contains(&self, c: Candidate) -> bool {
        self.words[c.index() >> 6] >> (c.index() & 63) & 1 == 1
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    #[inline]
    pub fn intersects(&self, other: &CandidateSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }
    #[inline]
    pub fn intersection(&self, other: &CandidateSet) -> CandidateSet {
        let mut out = *self;
        out.intersect_with(other);
        out
    }
    #[inline]
    pub fn union(&self, other: &CandidateSet) -> CandidateSet {
        let mut out = *self;
        out.union_with(other);
        out
    }
    #[inline]
    pub fn difference(&self, other: &CandidateSet) -> CandidateSet {
        let mut out = *self;
        out.subtract(other);
        out
    }
    #[inline]
    pub fn intersect_with(&mut self, other: &CandidateSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }
    #[inline]
    pub fn union_with(&mut self, other: &CandidateSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }
    #[inline]
    pub fn subtract(&mut self, other: &CandidateSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
    }
    pub fn is_subset(&self, other: &CandidateSet) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }
    /// The smallest candidate in the set.
    /// The 12 words of the set (bit `i % 64` of word `i / 64` is candidate index `i`), for
    /// searches that test many candidates of one word at once.
    #[inline]
    pub fn words(&self) -> &[u64; 12] {
        &self.words
    }
    /// Each cell's candidates as a 9-bit digit mask (bit d-1: digit d), read a cell's nine
    /// bits at a time from the words.
    pub fn cell_masks(&self) -> [u16; 81] {
        std::array::from_fn(|i| {
            let (w, b) = (i * 9 / 64, i * 9 % 64);
            let mut bits = self.words[w] >> b;
            if b > 55 {
                bits |= self.words[w + 1] << (64 - b);
            }
            (bits & 0x1ff) as u16
        })
    }
    pub fn first(&self) -> Option<Candidate> {
        self.iter().next()
    }
    /// Candidates in increasing index order.
    pub fn iter(&self) -> CandidateSetIter {
        CandidateSetIter(word_bits(&self.words))
    }
}

/// Iterator over a [`CandidateSet`] in increasing index order.
pub struct CandidateSetIter(WordBits<12>);

impl Iterator for CandidateSetIter {
    type Item = Candidate;
    #[inline]
    fn next(&mut self) -> Option<Candidate> {
        self.0.next().map(Candidate::from_index)
    }
}

impl IntoIterator for &CandidateSet {
    type Item = Candidate;
    type IntoIter = CandidateSetIter;
    fn into_iter(self) -> CandidateSetIter {
        self.iter()
    }
}

impl FromIterator<Candidate> for CandidateSet {
    fn from_iter<I: IntoIterator<Item = Candidate>>(iter: I) -> Self {
        CandidateSet::from_candidates(iter)
    }
}

impl fmt::Debug for CandidateSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|c| c.to_string()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_has_729() {
        assert_eq!(CandidateSet::full().len(), 729);
        assert_eq!(CandidateSet::full().iter().last().unwrap().index(), 728);
    }

    #[test]
    fn set_operations() {
        let a: CandidateSet = [1, 64, 700]
            .map(Candidate::from_index)
            .into_iter()
            .collect();
        let b: CandidateSet = [64, 5].map(Candidate::from_index).into_iter().collect();
        assert!(a.intersects(&b));
        assert_eq!(a.intersection(&b).len(), 1);
        assert_eq!(a.union(&b).len(), 4);
        assert_eq!(a.difference(&b).len(), 2);
        assert!(a.intersection(&b).is_subset(&a));
    }

    #[test]
    fn cell_masks_are_each_cells_digits() {
        let set: CandidateSet = (0..729)
            .filter(|i| i % 7 == 0 || i % 11 == 3)
            .map(Candidate::from_index)
            .collect();
        for set in [set, CandidateSet::full(), CandidateSet::EMPTY] {
            let masks = set.cell_masks();
            for c in Candidate::all() {
                let bit = masks[c.cell().index()] >> c.digit().index() & 1 == 1;
                assert_eq!(bit, set.contains(c), "{c}");
            }
        }
    }
}
