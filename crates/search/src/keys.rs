//! Zobrist keys and the hasher for them, shared by the chain and whip searches: both
//! dedupe partial chains by 128-bit keys built from fixed random tables (reproducible run
//! to run), and both hash those keys without mixing them again.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The splitmix64 stream from the fixed seed both searches use.
pub fn splitmix64() -> impl FnMut() -> u64 {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A hasher for keys that are random already: it folds them instead of mixing. A 64-bit
/// word is taken as it is, a 128-bit key folds its two words, bytes are rotated in.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 ^= i;
    }
    #[inline]
    fn write_u128(&mut self, k: u128) {
        self.0 = (k as u64) ^ ((k >> 64) as u64);
    }
    // slice lengths are not worth hashing next to random keys
    #[inline]
    fn write_usize(&mut self, _: usize) {}
}

/// A map keyed by random keys.
pub type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;
/// A set of random keys.
pub type KeySet<K> = HashSet<K, BuildHasherDefault<KeyHasher>>;

/// A map from random 128-bit keys to counts, for searches that empty it after every use:
/// open addressing on the key's first word, and a stamp per slot, so that emptying it is
/// one increment (no pass over its slots) and a search that fits never allocates.
#[derive(Clone)]
pub struct StampedKeyMap {
    slots: Vec<StampedSlot>,
    /// The stamp of the slots in use; never 0 (the stamp of fresh slots).
    stamp: u32,
    len: usize,
}

#[derive(Clone, Copy, Default)]
struct StampedSlot {
    key: [u64; 2],
    stamp: u32,
    value: u32,
}

impl Default for StampedKeyMap {
    fn default() -> Self {
        StampedKeyMap {
            slots: Vec::new(),
            stamp: 1,
            len: 0,
        }
    }
}

impl StampedKeyMap {
    /// Slots of a map's first allocation.
    const MIN_SLOTS: usize = 256;

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Slots allocated (twice the most keys held before growing).
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Forget every key, keeping the slots.
    pub fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            for s in &mut self.slots {
                s.stamp = 0;
            }
            self.stamp = 1;
        }
    }

    /// The count of `key` (0 when it was absent: it is inserted) and whether it was absent.
    #[inline]
    pub fn entry(&mut self, key: [u64; 2]) -> (&mut u32, bool) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = key[0] as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                self.slots[i] = StampedSlot {
                    key,
                    stamp: self.stamp,
                    value: 0,
                };
                self.len += 1;
                return (&mut self.slots[i].value, true);
            }
            if slot.key == key {
                return (&mut self.slots[i].value, false);
            }
            i = (i + 1) & mask;
        }
    }

    /// Insert `key`; true when it was absent.
    #[inline]
    pub fn insert(&mut self, key: [u64; 2]) -> bool {
        self.entry(key).1
    }

    fn grow(&mut self) {
        let slots = (self.slots.len() * 2).max(Self::MIN_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![StampedSlot::default(); slots]);
        let (stamp, fresh) = (self.stamp, 1);
        self.stamp = fresh;
        self.len = 0;
        for s in old.into_iter().filter(|s| s.stamp == stamp) {
            *self.entry(s.key).0 = s.value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    #[test]
    fn keys_are_folded_not_mixed() {
        let mut h = KeyHasher::default();
        0xABCDu64.hash(&mut h);
        assert_eq!(h.finish(), 0xABCD);
        let mut h = KeyHasher::default();
        (5u128 << 64 | 3).hash(&mut h);
        assert_eq!(h.finish(), 6);
    }

    #[test]
    fn the_stream_is_fixed() {
        let mut a = splitmix64();
        let mut b = splitmix64();
        assert_eq!((a(), a()), (b(), b()));
    }

    #[test]
    fn a_stamped_map_counts_keys_and_forgets_them_when_cleared() {
        let mut m = StampedKeyMap::default();
        let mut next = splitmix64();
        let keys: Vec<[u64; 2]> = (0..1000).map(|_| [next(), next()]).collect();
        for k in &keys {
            assert!(m.insert(*k));
        }
        for k in &keys {
            *m.entry(*k).0 += 2;
        }
        assert!(keys.iter().all(|k| !m.insert(*k)));
        assert_eq!((m.len(), *m.entry(keys[7]).0), (1000, 2));
        // same first word, other second word: another key
        assert!(m.insert([keys[3][0], !keys[3][1]]));
        m.clear();
        assert!(m.is_empty());
        assert_eq!(m.entry(keys[7]), (&mut 0, true));
    }
}
