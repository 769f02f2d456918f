//! Bit iteration and counting, the one copy every search uses: the set bits of a mask (a
//! cell's 9 digits, a house's 9 places, an 81-bit set of cells, a 27-bit set of houses) with
//! [`bits`], of a set of several words (`[u64; N]`: candidates, CSP variables, a context's
//! local candidates) with [`word_bits`] ([`slice_bits`] for a set sized at run time) or, in
//! the hottest loops, [`for_each_word_bit`],
//! and the size of a digit or place mask with [`ones`], [`is_single`] and [`is_pair`].
//!
//! [`bit_masks`] gives the bits as one-bit masks, and a [`Tally`] counts members over
//! several masks (seen once, seen twice), the core of every singles finder.
//!
//! Each is the lowest-bit loop (`trailing_zeros`, then `m & (m - 1)`) and inlines to it: a
//! `for` over [`bits`] compiles to the same instructions as the hand-written `while` loop.

/// A machine word whose set bits [`bits`] iterates: `u16`, `u32`, `u64` or `u128`.
pub trait Mask:
    Copy
    + Default
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + sealed::Sealed
{
    #[doc(hidden)]
    fn is_zero(self) -> bool;
    #[doc(hidden)]
    fn lowest(self) -> usize;
    #[doc(hidden)]
    fn without_lowest(self) -> Self;
    #[doc(hidden)]
    fn lowest_bit(self) -> Self;
    #[doc(hidden)]
    fn ones(self) -> u32;
}

use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

mod sealed {
    pub trait Sealed {}
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Mask for $t {
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
        }
    )*};
}

mask!(u16, u32, u64, u128);

/// The set bits of a mask, lowest first (made by [`bits`]).
#[derive(Clone, Copy, Debug)]
pub struct Bits<M>(M);

impl<M: Mask> Iterator for Bits<M> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            return None;
        }
        let b = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(b)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.ones() as usize;
        (n, Some(n))
    }
}

impl<M: Mask> ExactSizeIterator for Bits<M> {}
impl<M: Mask> std::iter::FusedIterator for Bits<M> {}

/// The set bits of `mask`, lowest first: `bits(0b1010u16)` gives 1 and 3.
#[inline(always)]
pub fn bits<M: Mask>(mask: M) -> Bits<M> {
    Bits(mask)
}

/// The set bits of a mask as one-bit masks, lowest first (made by [`bit_masks`]).
#[derive(Clone, Copy, Debug)]
pub struct BitMasks<M>(M);

impl<M: Mask> Iterator for BitMasks<M> {
    type Item = M;
    #[inline(always)]
    fn next(&mut self) -> Option<M> {
        if self.0.is_zero() {
            return None;
        }
        let bit = self.0.lowest_bit();
        self.0 = self.0.without_lowest();
        Some(bit)
    }
}

/// The set bits of `mask` as one-bit masks, lowest first: `bit_masks(0b1010u16)` gives
/// `0b10` and `0b1000`.
#[inline(always)]
pub fn bit_masks<M: Mask>(mask: M) -> BitMasks<M> {
    BitMasks(mask)
}

/// Members counted over several masks: those in at least one and those in at least two (a
/// house's digits over its cells: the digits seen once are its hidden singles; a band's
/// cells over the digits: the cells with one digit are its naked singles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally<M> {
    seen: M,
    twice: M,
}

impl<M: Mask> Tally<M> {
    /// Counts one more mask.
    #[inline(always)]
    pub fn add(&mut self, mask: M) {
        self.twice |= self.seen & mask;
        self.seen |= mask;
    }
    /// The members in at least one of the masks.
    #[inline(always)]
    pub fn seen(self) -> M {
        self.seen
    }
    /// The members in at least two of the masks.
    #[inline(always)]
    pub fn twice(self) -> M {
        self.twice
    }
    /// The members in exactly one of the masks.
    #[inline(always)]
    pub fn once(self) -> M {
        self.seen & !self.twice
    }
}

/// The set bits of a set of `N` words (bit `i % 64` of word `i / 64` is member `i`),
/// lowest first (made by [`word_bits`]).
#[derive(Clone, Debug)]
pub struct WordBits<const N: usize> {
    words: [u64; N],
    word: usize,
}

impl<const N: usize> Iterator for WordBits<N> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < N {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl<const N: usize> std::iter::FusedIterator for WordBits<N> {}

/// The members of a set of `N` words, lowest first.
#[inline]
pub fn word_bits<const N: usize>(words: &[u64; N]) -> WordBits<N> {
    WordBits {
        words: *words,
        word: 0,
    }
}

/// The members of a set held in a slice of words (a set sized at run time), lowest first.
#[inline]
pub fn slice_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words
        .iter()
        .enumerate()
        .flat_map(|(k, &w)| bits(w).map(move |b| k * 64 + b))
}

/// Calls `f` on each member of a set of `N` words, lowest first: [`word_bits`] for the
/// hottest loops, where an iterator's state costs more than the loop it drives.
#[inline(always)]
pub fn for_each_word_bit<const N: usize>(words: &[u64; N], mut f: impl FnMut(usize)) {
    for (k, &w) in words.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(k * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

/// The number of set bits of a digit or place mask (bits 0..=9; any `u16` is counted right).
/// A build with the POPCNT instruction counts with it; one without (baseline x86-64) reads a
/// table, where `count_ones` would be a dozen instructions.
#[inline(always)]
pub fn ones(mask: u16) -> u32 {
    #[cfg(any(target_feature = "popcnt", not(target_arch = "x86_64")))]
    {
        mask.count_ones()
    }
    #[cfg(not(any(target_feature = "popcnt", not(target_arch = "x86_64"))))]
    {
        if mask < 1024 {
            COUNTS[mask as usize] as u32
        } else {
            mask.count_ones()
        }
    }
}

/// [`ones`]' table: the number of set bits of each 10-bit mask.
#[cfg(not(any(target_feature = "popcnt", not(target_arch = "x86_64"))))]
const COUNTS: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut m = 1;
    while m < 1024 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

/// Whether a mask has exactly one set bit (a cell with one digit, a house-digit with one
/// place).
#[inline(always)]
pub fn is_single<M: Mask>(mask: M) -> bool {
    !mask.is_zero() && mask.without_lowest().is_zero()
}

/// Whether a mask has exactly two set bits (a bivalue cell, a conjugate pair), without a
/// count: the lowest bit cleared leaves a single.
#[inline(always)]
pub fn is_pair<M: Mask>(mask: M) -> bool {
    let rest = mask.without_lowest();
    !rest.is_zero() && rest.without_lowest().is_zero()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set bits the slow way: test each position.
    fn slow(mask: u128, width: usize) -> Vec<usize> {
        (0..width).filter(|&i| mask >> i & 1 == 1).collect()
    }

    #[test]
    fn bits_are_the_set_positions_lowest_first() {
        for m in 0..=u16::MAX {
            assert_eq!(bits(m).collect::<Vec<_>>(), slow(m as u128, 16), "{m:#b}");
            assert_eq!(bits(m).len(), m.count_ones() as usize);
            assert_eq!(ones(m), m.count_ones(), "{m:#b}");
            assert_eq!(is_single(m), m.count_ones() == 1, "{m:#b}");
            assert_eq!(is_pair(m), m.count_ones() == 2, "{m:#b}");
            let masks: Vec<u16> = bits(m).map(|b| 1 << b).collect();
            assert_eq!(bit_masks(m).collect::<Vec<_>>(), masks);
        }
        let wide = [
            0u128,
            1,
            1 << 80,
            (1 << 81) - 1,
            0x8000_0000_0000_0000_0000_0000_0000_0001,
            0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
            1 << 3 | 1 << 100,
        ];
        for m in wide {
            assert_eq!(bits(m).collect::<Vec<_>>(), slow(m, 128));
            assert_eq!(is_single(m), m.count_ones() == 1);
            assert_eq!(is_pair(m), m.count_ones() == 2);
            assert_eq!(
                bits(m as u64).collect::<Vec<_>>(),
                slow(m as u64 as u128, 64)
            );
            assert_eq!(
                bits(m as u32).collect::<Vec<_>>(),
                slow(m as u32 as u128, 32)
            );
        }
    }

    /// A tally's counts against each member counted the slow way.
    #[test]
    fn a_tally_counts_each_member_once_or_twice() {
        let masks = [0b0110_0011u32, 0b0100_0110, 0b1000_0100, 0, 0b0000_0001];
        let mut t = Tally::default();
        for m in masks {
            t.add(m);
        }
        for b in 0..32 {
            let n = masks.iter().filter(|&&m| m >> b & 1 == 1).count();
            assert_eq!(t.seen() >> b & 1 == 1, n >= 1, "bit {b}");
            assert_eq!(t.twice() >> b & 1 == 1, n >= 2, "bit {b}");
            assert_eq!(t.once() >> b & 1 == 1, n == 1, "bit {b}");
        }
    }

    #[test]
    fn word_bits_are_the_members_in_order() {
        let sets: [[u64; 3]; 4] = [
            [0, 0, 0],
            [1, 0, 1 << 63],
            [u64::MAX, 0, 5],
            [0, 0x8000_0000_0001, 0],
        ];
        for set in sets {
            let want: Vec<usize> = (0..192)
                .filter(|&i| set[i / 64] >> (i % 64) & 1 == 1)
                .collect();
            assert_eq!(word_bits(&set).collect::<Vec<_>>(), want);
            assert_eq!(slice_bits(&set).collect::<Vec<_>>(), want);
            let mut got = Vec::new();
            for_each_word_bit(&set, |i| got.push(i));
            assert_eq!(got, want);
        }
    }
}
