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
}
