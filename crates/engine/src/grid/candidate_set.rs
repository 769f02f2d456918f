//! [`CandidateSet`]: a 729-bit set of candidates (`[u64; 12]`), the hot-path type of every
//! search ("is this candidate linked to something in S?" is one AND and a zero test).

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
    pub fn first(&self) -> Option<Candidate> {
        self.iter().next()
    }
    /// Candidates in increasing index order.
    pub fn iter(&self) -> CandidateSetIter {
        CandidateSetIter {
            words: self.words,
            word: 0,
        }
    }
}

/// Iterator over a [`CandidateSet`] in increasing index order.
pub struct CandidateSetIter {
    words: [u64; 12],
    word: usize,
}

impl Iterator for CandidateSetIter {
    type Item = Candidate;
    #[inline]
    fn next(&mut self) -> Option<Candidate> {
        while self.word < 12 {
            let w = self.words[self.word];
            if w != 0 {
                let b = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(Candidate::from_index(self.word * 64 + b));
            }
            self.word += 1;
        }
        None
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
}
