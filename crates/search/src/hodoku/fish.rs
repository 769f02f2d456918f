//! HoDoKu's fish ([hobiwan HoDoKu]'s `FishSolver`) of one size: basic (rows against columns),
//! finned and sashimi basic, and Franken (rows or columns with blocks against the other
//! lines with blocks), the first in HoDoKu's scanning order.
//!
//! For each digit ascending, rows as base first, then columns: the base sets are the
//! combinations of eligible base houses in lexicographic order (two base houses sharing
//! candidates make endo fins: allowed only in finned Franken fish, at most two); for each,
//! the cover houses touching the base, in combinations of the same size. A fish with
//! every base candidate covered removes the cover candidates outside the base (and those
//! two covers share); a finned one (at most five fins) only those that see every fin. A
//! finned basic fish is *sashimi* when a base house holds at most one candidate that is not
//! a fin: the finned search skips those, the sashimi search takes only those.

use super::grid::{Grid, PEERS};
use super::step::Step;
use super::table::Kind;

/// Basic fish (lines against lines) or Franken fish (blocks join base and cover).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Basic,
    Franken,
}

/// What the fish may have: none (`Finless`), fins (`Finned`, not sashimi) or sashimi.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fins {
    Finless,
    Finned,
    Sashimi,
}

/// HoDoKu's most fins in a finned fish, and endo fins.
const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;

/// The cells of a house as a 81-bit set.
fn unit_set(u: u8) -> u128 {
    super::grid::UNIT_SETS[u as usize]
}

/// The cells seeing every cell of `set` (not the cells themselves).
fn common_peers(set: u128) -> u128 {
    let mut out = (1u128 << 81) - 1;
    let mut s = set;
    while s != 0 {
        out &= PEERS[s.trailing_zeros() as usize];
        s &= s - 1;
    }
    out
}

fn cells_of(set: u128) -> impl Iterator<Item = u8> {
    (0..81u8).filter(move |&c| set & 1u128 << c != 0)
}

/// One search: a digit, base and cover houses with their candidates.
struct Search<'a> {
    digit: u8,
    size: usize,
    fins: Fins,
    shape: Shape,
    base: Vec<(u8, u128)>,
    cover: Vec<(u8, u128)>,
    grid: &'a Grid,
}

/// The first fish of `size` of the kind asked.
pub fn fish(g: &Grid, size: usize, shape: Shape, fins: Fins) -> Option<Step> {
    for digit in 1..=9u8 {
        let cands = (0..81u8)
            .filter(|&c| g.has(c, digit))
            .fold(0u128, |m, c| m | 1u128 << c);
        for lines in [true, false] {
            let mut s = Search {
                digit,
                size,
                fins,
                shape,
                base: Vec::new(),
                cover: Vec::new(),
                grid: g,
            };
            s.units(cands, lines);
            if let Some(step) = s.bases(0, 0, 0, &mut Vec::new()) {
                return Some(step);
            }
        }
    }
    None
}

impl Search<'_> {
    /// The eligible base and cover houses, in HoDoKu's order (rows, columns, blocks).
    fn units(&mut self, cands: u128, lines: bool) {
        for u in 0..27u8 {
            if u >= 18 && self.shape == Shape::Basic {
                continue;
            }
            let set = unit_set(u) & cands;
            if set == 0 {
                continue;
            }
            let is_row = u < 9;
            let base = if u >= 18 { None } else { Some(is_row == lines) };
            match base {
                Some(true) => self.add_base(u, set),
                Some(false) => self.cover.push((u, set)),
                None => {
                    self.cover.push((u, set));
                    self.add_base(u, set);
                }
            }
        }
    }

    fn add_base(&mut self, u: u8, set: u128) {
        if self.fins != Fins::Finless || set.count_ones() as usize <= self.size {
            self.base.push((u, set));
        }
    }

    /// Base combinations from `start`, lexicographic; `used` the base houses so far.
    fn bases(&self, start: usize, set: u128, endo: u128, used: &mut Vec<usize>) -> Option<Step> {
        for i in start..self.base.len() {
            let new_endo = set & self.base[i].1;
            if new_endo != 0
                && (self.fins == Fins::Finless
                    || self.shape == Shape::Basic
                    || endo.count_ones() + new_endo.count_ones() > MAX_ENDO_FINS)
            {
                continue;
            }
            used.push(i);
            let found = if used.len() == self.size {
                self.covers(set | self.base[i].1, endo | new_endo, used)
            } else {
                self.bases(i + 1, set | self.base[i].1, endo | new_endo, used)
            };
            used.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The cover combinations of a base set, lexicographic.
    fn covers(&self, base: u128, endo: u128, used: &[usize]) -> Option<Step> {
        let mut covers = [(0u8, 0u128); 27];
        let mut n = 0;
        for &(u, set) in &self.cover {
            if set & base != 0 && !used.iter().any(|&i| self.base[i].0 == u) {
                covers[n] = (u, set);
                n += 1;
            }
        }
        let mut chosen = Vec::with_capacity(self.size);
        self.cover_rec(&covers[..n], 0, 0, 0, &mut chosen, base, endo, used)
    }

    #[allow(clippy::too_many_arguments)]
    fn cover_rec(
        &self,
        covers: &[(u8, u128)],
        start: usize,
        set: u128,
        cannibal: u128,
        chosen: &mut Vec<u8>,
        base: u128,
        endo: u128,
        used: &[usize],
    ) -> Option<Step> {
        for i in start..covers.len() {
            let (u, cs) = covers[i];
            let new_set = set | cs;
            let new_cannibal = cannibal | (set & cs);
            chosen.push(u);
            let found = if chosen.len() == self.size {
                self.try_fish(base, endo, new_set, new_cannibal, chosen, used)
            } else {
                self.cover_rec(
                    covers,
                    i + 1,
                    new_set,
                    new_cannibal,
                    chosen,
                    base,
                    endo,
                    used,
                )
            };
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    fn try_fish(
        &self,
        base: u128,
        endo: u128,
        cover: u128,
        cannibal: u128,
        cover_units: &[u8],
        used: &[usize],
    ) -> Option<Step> {
        let fins = (base & !cover) | endo;
        if fins == 0 {
            if self.fins != Fins::Finless {
                return None;
            }
            let del = cover & !base;
            if del == 0 && cannibal == 0 {
                return None;
            }
            return self.step(base, fins, endo, del, cannibal, cover_units, used, false);
        }
        if self.fins == Fins::Finless || fins.count_ones() > MAX_FINS {
            return None;
        }
        let peers = common_peers(fins);
        if peers == 0 {
            return None;
        }
        let del = cover & !base & peers;
        let can = cannibal & peers;
        if del == 0 && can == 0 {
            return None;
        }
        self.step(base, fins, endo, del, can, cover_units, used, true)
    }

    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        base: u128,
        fins: u128,
        endo: u128,
        del: u128,
        cannibal: u128,
        cover_units: &[u8],
        used: &[usize],
        finned: bool,
    ) -> Option<Step> {
        let kind_of = |u: u8| u / 9; // 0 row, 1 column, 2 block
        let base_kinds: Vec<u8> = used.iter().map(|&i| kind_of(self.base[i].0)).collect();
        let cover_kinds: Vec<u8> = cover_units.iter().map(|&u| kind_of(u)).collect();
        let pure = |ks: &[u8], k: u8| ks.iter().all(|&x| x == k);
        let basic = (pure(&base_kinds, 0) && pure(&cover_kinds, 1))
            || (pure(&base_kinds, 1) && pure(&cover_kinds, 0));
        let sashimi = basic
            && used
                .iter()
                .any(|&i| (self.base[i].1 & !fins).count_ones() <= 1);
        let n = self.size - 2;
        let kind = if basic {
            if sashimi {
                [
                    Kind::SashimiXWing,
                    Kind::SashimiSwordfish,
                    Kind::SashimiJellyfish,
                ][n]
            } else if finned {
                [
                    Kind::FinnedXWing,
                    Kind::FinnedSwordfish,
                    Kind::FinnedJellyfish,
                ][n]
            } else {
                [Kind::XWing, Kind::Swordfish, Kind::Jellyfish][n]
            }
        } else if finned {
            [
                Kind::FinnedFrankenXWing,
                Kind::FinnedFrankenSwordfish,
                Kind::FinnedFrankenJellyfish,
            ][n]
        } else {
            [
                Kind::FrankenXWing,
                Kind::FrankenSwordfish,
                Kind::FrankenJellyfish,
            ][n]
        };
        if self.shape == Shape::Basic && finned && (self.fins == Fins::Sashimi) != sashimi {
            return None;
        }
        let _ = endo;
        let mut step = Step::new(kind);
        step.values.push(self.digit);
        step.indices = cells_of(base & !fins).collect();
        step.deletions = cells_of(del)
            .chain(cells_of(cannibal))
            .map(|c| (c, self.digit))
            .collect();
        debug_assert!(step.deletions.iter().all(|&(c, d)| self.grid.has(c, d)));
        Some(step)
    }
}
