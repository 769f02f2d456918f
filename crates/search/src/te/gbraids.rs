//! gB_p on a state: whether a candidate has a g-braid of length ≤ p, by a depth-first
//! search over the sets of right-linking candidates and g-candidates, cut by waves of
//! singles and g-singles; and gB_p's closure (BRT and g-braids of length ≤ p, to a
//! fixpoint) for `rate --scheme gB`.
//!
//! **g-braids** (Berthier, *Pattern-Based Constraint Satisfaction and Logic Puzzles*, 2012,
//! ch. 7; CSP-Rules' `G-BRAIDS` rules): braids ([`super::braids`]) whose right-linking
//! elements may be g-candidates — in Sudoku the candidates of a digit in one block-line
//! segment — as the g-search of `search::whips` takes them: a house-digit variable V whose
//! candidates not linked to the target Z or to an earlier right-linking element lie, two
//! or three of them, in one segment, with a linked one outside it, extends the partial
//! g-braid by that segment's group (its open candidates of the digit); a candidate is
//! linked to a group when it is linked to every candidate of it. The braid is complete when
//! a variable holding no right-linking candidate has every open candidate linked: its
//! length is the number of right-linking elements plus one. A partial g-braid is
//! determined by its set of right-linking elements (each is kept once: `seen`).
//!
//! **Waves** ([`Search::reachable`]): from a partial g-braid, assert at once, wave after
//! wave, every single free candidate and every group that holds all the free candidates of
//! some house-digit variable. A completion by m more right-linking elements shows as a
//! variable emptied, or two linked elements asserted, by wave m + 1: the k-th element is
//! asserted by wave k (or something stronger: one of its candidates), as the waves link at
//! least what the g-braid links (they are monotone). A partial g-braid whose waves meet no
//! contradiction in time is not extended: most of the search is cut there.
//!
//! The search is exact within its length (a unit test compares it with `search::whips`'
//! exact g-braid search); `search::whips`' SudoRules merge, which ratings use, can miss a
//! g-braid, so its lengths are never below this one's. Not yet used by `rate --scheme gB`:
//! on the hardest T&E(1) puzzles (B12–B22) its exhaustive answers, one set of 12-word
//! candidate sets per partial g-braid, are too slow (PERFORMANCE.md, the gB paragraph of
//! the SHC's B section); B_p's engine ([`super::bp`]) shows what it would need (a local
//! numbering, counts kept up to date, certificates).
//!
//! **Complexity**: per partial g-braid, one scan of the 324 variables (12-word set
//! operations) and at most p − k waves of the same; the partial g-braids are at most the
//! quota's nodes (and are checked against the clock every `braids::CLOCK_EVERY`).

use super::braids::{BraidAnswer, Quota};
use super::grid::Grid;
use crate::limits::{Meter, Stop};
use rustc_hash::FxHashSet;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::tables::SEGMENTS_OF;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable};

/// Block-line segments: 9 digits × 9 blocks × 6 (three rows, three columns).
const SEGMENTS: usize = 486;

/// A right-linking element: a candidate (its index, < 729) or a group (729 + segment).
type Element = u16;

/// A set of elements (candidates, then groups): 729 + 486 bits.
type Elements = [u64; 19];

const GROUP_BASE: Element = 729;

/// The g-links of one state: its candidates' links, its live variables' candidates, and
/// each segment's group (its open candidates when there are two or three) with the
/// candidates linked to all of them.
pub struct GIndex {
    links: LinkIndex,
    /// The undecided variables with their open candidates, and whether they are
    /// house-digits (only those have g-candidates).
    variables: Vec<(CandidateSet, bool)>,
    /// Per segment: the candidates linked to every open candidate of it (`None`: fewer than
    /// two open candidates, no group).
    group_links: Vec<Option<CandidateSet>>,
}

impl GIndex {
    /// The index of `a`; `None` when `a` is contradictory.
    pub fn new(a: &Grid) -> Option<GIndex> {
        let state = a.to_state()?;
        let links = LinkIndex::new(&state);
        let variables = CspVariable::all()
            .filter(|&v| !links.is_decided(v))
            .map(|v| (*links.variable(v), v.index() >= 81))
            .filter(|(s, _)| !s.is_empty())
            .collect();
        let mut members = vec![CandidateSet::EMPTY; SEGMENTS];
        for c in links.open().iter() {
            for s in SEGMENTS_OF[c.index()] {
                members[s as usize].insert(c);
            }
        }
        let group_links = members
            .iter()
            .map(|m| {
                (m.len() >= 2).then(|| {
                    m.iter().fold(CandidateSet::full(), |mut all, c| {
                        all.intersect_with(links.linked(c));
                        all
                    })
                })
            })
            .collect();
        Some(GIndex {
            links,
            variables,
            group_links,
        })
    }

    /// What asserting `e` links: a candidate's links and itself; a group's links.
    fn links_of(&self, e: Element) -> CandidateSet {
        if e < GROUP_BASE {
            let c = Candidate::from_index(e as usize);
            let mut l = *self.links.linked(c);
            l.insert(c);
            l
        } else {
            self.group_links[(e - GROUP_BASE) as usize].unwrap_or(CandidateSet::EMPTY)
        }
    }

    /// The element a variable whose open candidates are `open` offers when `free` are its
    /// candidates not linked: the candidate when there is one; the group of the segment
    /// holding two or three, for a house-digit with a linked candidate outside it
    /// (`strict`; the waves take the group without that condition).
    fn element(
        &self,
        open: &CandidateSet,
        house: bool,
        free: &CandidateSet,
        strict: bool,
    ) -> Offer {
        let (mut found, mut n) = ([0usize; 3], 0);
        for c in free.iter() {
            if n == 3 {
                return Offer::None;
            }
            found[n] = c.index();
            n += 1;
        }
        match n {
            0 => return Offer::Empty,
            1 => return Offer::One(found[0] as Element),
            _ if !house => return Offer::None,
            _ => {}
        }
        let (first, rest) = (found[0], &found[1..n]);
        let [row, col] = SEGMENTS_OF[first];
        for (k, seg) in [row, col].into_iter().enumerate() {
            if rest.iter().all(|&c| SEGMENTS_OF[c][k] == seg)
                && self.group_links[seg as usize].is_some()
            {
                let outside = open
                    .difference(free)
                    .iter()
                    .any(|c| SEGMENTS_OF[c.index()][k] != seg);
                return if outside || !strict {
                    Offer::One(GROUP_BASE + seg)
                } else {
                    Offer::None
                };
            }
        }
        Offer::None
    }

    /// Whether waves of singles and g-singles from `z` alone meet a contradiction within
    /// `p` waves (else `z` has no g-braid of length ≤ p).
    pub fn may_have(&self, z: Candidate, p: usize) -> bool {
        let mut rights = [0u64; 19];
        put(&mut rights, z.index() as Element);
        self.waves(self.links_of(z.index() as Element), rights, p)
            .is_some()
    }

    /// [`Search::reachable`] from the linked candidates and elements given: the wave in
    /// which the first contradiction shows (1: before any assertion), if any by wave
    /// `waves` + 1.
    fn waves(
        &self,
        mut linked: CandidateSet,
        mut asserted: Elements,
        waves: usize,
    ) -> Option<usize> {
        for wave in 1..=waves {
            let mut offers: Vec<Element> = Vec::new();
            for (open, house) in &self.variables {
                if holds(&asserted, open) {
                    continue;
                }
                let free = open.difference(&linked);
                match self.element(open, *house, &free, false) {
                    Offer::Empty => return Some(wave),
                    Offer::One(e) => offers.push(e),
                    Offer::None => {}
                }
            }
            if offers.is_empty() {
                return None;
            }
            for e in offers {
                let l = self.links_of(e);
                if e < GROUP_BASE && linked.contains(Candidate::from_index(e as usize)) {
                    return Some(wave + 1); // linked to an element asserted before
                }
                if meets_candidates(&asserted, &l) {
                    return Some(wave + 1);
                }
                linked.union_with(&l);
                put(&mut asserted, e);
            }
        }
        self.variables
            .iter()
            .any(|(open, _)| !holds(&asserted, open) && open.is_subset(&linked))
            .then_some(waves + 1)
    }

    /// Whether `z` has a g-braid of length ≤ `max_len` (`Length(l)`: one of length l, not
    /// necessarily the shortest), within `quota` (`spent` counts the partial g-braids kept).
    pub fn g_braid_within(
        &self,
        z: Candidate,
        max_len: usize,
        quota: Quota,
        spent: &mut u64,
    ) -> BraidAnswer {
        if max_len == 0 || !self.links.open().contains(z) {
            return BraidAnswer::NoneUpTo;
        }
        let mut search = Search {
            index: self,
            linked: self.links_of(z.index() as Element),
            rights: [0; 19],
            seen: FxHashSet::default(),
            max_len,
            quota,
            spent,
        };
        put(&mut search.rights, z.index() as Element);
        match search.search(1, usize::MAX) {
            Ok(Some(len)) => BraidAnswer::Length(len),
            Ok(None) => BraidAnswer::NoneUpTo,
            Err(stop) => stop,
        }
    }
}

/// What a variable offers a partial g-braid.
enum Offer {
    /// Every open candidate linked: the g-braid is complete.
    Empty,
    /// A right-linking element.
    One(Element),
    /// Nothing.
    None,
}

fn put(s: &mut Elements, e: Element) {
    s[e as usize >> 6] |= 1 << (e & 63);
}

fn has(s: &Elements, e: Element) -> bool {
    s[e as usize >> 6] >> (e & 63) & 1 == 1
}

/// Whether the candidate part of `s` meets `c`.
fn meets_candidates(s: &Elements, c: &CandidateSet) -> bool {
    c.words().iter().zip(s).any(|(a, b)| a & b != 0)
}

/// Whether a variable with open candidates `open` holds a right-linking candidate of `s`.
fn holds(s: &Elements, open: &CandidateSet) -> bool {
    meets_candidates(s, open)
}

/// The depth-first existence search of one target: the current partial g-braid.
struct Search<'i, 's> {
    index: &'i GIndex,
    /// Z, the right-linking candidates and the candidates linked to Z or to an element.
    linked: CandidateSet,
    /// Z and the right-linking elements.
    rights: Elements,
    /// The partial g-braids kept (their sets of elements).
    seen: FxHashSet<Elements>,
    max_len: usize,
    quota: Quota,
    spent: &'s mut u64,
}

impl Search<'_, '_> {
    /// The elements the live variables offer, or `Err(())` when one is complete.
    fn offers(&self) -> Result<Vec<Element>, ()> {
        let mut out = Vec::new();
        for (open, house) in &self.index.variables {
            if holds(&self.rights, open) {
                continue;
            }
            let free = open.difference(&self.linked);
            match self.index.element(open, *house, &free, true) {
                Offer::Empty => return Err(()),
                Offer::One(e) if !has(&self.rights, e) => out.push(e),
                _ => {}
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// The wave (≤ `waves` + 1) in which waves from the current partial g-braid meet a
    /// contradiction (`None`: no extension by at most `waves` elements is complete). An
    /// extension's waves meet theirs no later (they are monotone).
    fn reachable(&self, waves: usize) -> Option<usize> {
        self.index.waves(self.linked, self.rights, waves)
    }

    /// Below the current partial g-braid of `len` variables' worth (Z and its elements, no
    /// live variable empty): the length of a g-braid found, if any. `bound`: a wave by
    /// which the waves from it are known to meet a contradiction (an ancestor's), or
    /// `usize::MAX`.
    fn search(&mut self, len: usize, mut bound: usize) -> Result<Option<usize>, BraidAnswer> {
        let Ok(offers) = self.offers() else {
            return Ok(Some(len));
        };
        if len >= self.max_len {
            return Ok(None);
        }
        let more = self.max_len - len;
        if more >= 2 && bound > more + 1 {
            match self.reachable(more) {
                Some(wave) => bound = wave,
                None => return Ok(None),
            }
        }
        for e in offers {
            let (linked, rights) = (self.linked, self.rights);
            put(&mut self.rights, e);
            if !self.seen.insert(self.rights) {
                self.rights = rights;
                continue;
            }
            if let Some(stop) = self.quota.charge(self.spent) {
                return Err(stop);
            }
            self.linked.union_with(&self.index.links_of(e));
            let found = self.search(len + 1, bound)?;
            self.linked = linked;
            self.rights = rights;
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}

/// gB_p's closure of `a` (BRT-closed), in place: g-braids of length ≤ p and BRT, to the
/// fixpoint (the same in any order: g-braids have the confluence property), or until `a`
/// is solved. A candidate of `truth` (the solution, when known) is never a target. False:
/// a contradiction.
pub fn closure(
    a: &mut Grid,
    p: usize,
    truth: Option<&[u16; 81]>,
    quota: Quota,
    meter: &mut Meter,
) -> Result<bool, Stop> {
    loop {
        let Some(index) = GIndex::new(a) else {
            return Ok(false);
        };
        let targets: Vec<Candidate> = a
            .trial_candidates()
            .filter(|z| truth.is_none_or(|t| t[z.cell().index()] >> z.digit().index() & 1 == 0))
            .collect();
        let mut changed = false;
        for z in targets {
            // a g-braid found in the round's (larger) state stays one in the smaller
            if !a.has(z) || !index.may_have(z, p) {
                continue;
            }
            if quota.clock.past_deadline() {
                return Err(meter.check().unwrap_or(Stop::Deadline));
            }
            let mut spent = 0;
            let answer = index.g_braid_within(z, p, quota, &mut spent);
            meter.spend(spent as usize);
            match answer {
                BraidAnswer::Length(_) => {
                    if !a.eliminate(z) {
                        return Ok(false);
                    }
                    if a.is_solved() {
                        return Ok(true);
                    }
                    changed = true;
                }
                BraidAnswer::NoneUpTo => {}
                BraidAnswer::OverBudget => return Err(Stop::SearchBudget),
                BraidAnswer::Interrupted => return Err(meter.check().unwrap_or(Stop::Deadline)),
            }
            if let Some(stop) = meter.check() {
                return Err(stop);
            }
        }
        if !changed {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whips::{shortest_for_target_with, Merge, WhipKind};
    use sudolink_engine::grid::State;

    /// Eleven's #1 and #2 (2011), T&E(2): g-braids reach beyond braids there.
    const ELEVEN_1_2: [&str; 2] = [
        "..3....8..5.1....66....74....8.9..4.7....5....1.6..8.....9...2.....2...8..2...3.4",
        ".2.4...8.....8...68....71..2..5...9..95.......4..3.........1..7..28...4.....6.3..",
    ];

    /// The shortest length ≤ `max` of a g-braid on `z` by [`GIndex::g_braid_within`].
    fn ours(index: &GIndex, z: Candidate, max: usize) -> Option<usize> {
        (1..=max).find(|&len| {
            let mut spent = 0;
            match index.g_braid_within(z, len, Quota::nodes(u64::MAX), &mut spent) {
                BraidAnswer::Length(n) => {
                    assert!(n <= len);
                    true
                }
                BraidAnswer::NoneUpTo => false,
                other => panic!("{other:?}"),
            }
        })
    }

    /// Every target of the BRT-closed states of eleven's #1 and #2, and of a few states
    /// after one assumption, gets the shortest length the whip module's exact g-braid
    /// search gives (partial g-braids merged only when the same for every later purpose),
    /// never longer than its SudoRules merge gives; and the waves never say "none" where
    /// there is one.
    #[test]
    fn g_braid_lengths_equal_the_whip_modules_exact_search() {
        const MAX: usize = 5;
        let (mut compared, mut found) = (0, 0);
        for line in ELEVEN_1_2 {
            let puzzle = sudolink_engine::grid::format::parse_line(line, 1).unwrap();
            let state = State::from_givens(&puzzle.givens).unwrap();
            let mut real = Grid::from_state(&state);
            assert!(real.brt(real.decided()));
            let mut grids = vec![real];
            for y in real.trial_candidates().step_by(23).collect::<Vec<_>>() {
                let mut a = real;
                if a.assume(y) {
                    grids.push(a);
                }
            }
            for a in grids {
                let index = GIndex::new(&a).expect("not contradictory");
                let links = LinkIndex::new(&a.to_state().unwrap());
                for z in a.trial_candidates().step_by(2).collect::<Vec<_>>() {
                    let len = ours(&index, z, MAX);
                    let exact =
                        shortest_for_target_with(&links, WhipKind::GBraid, z, MAX, Merge::Exact)
                            .map(|p| p.length);
                    let sudorules = shortest_for_target_with(
                        &links,
                        WhipKind::GBraid,
                        z,
                        MAX,
                        Merge::SudoRules,
                    )
                    .map(|p| p.length);
                    assert_eq!(len, exact, "{z:?} in {line}");
                    if let Some(b) = sudorules {
                        assert!(len.is_some_and(|a| a <= b), "{z:?} in {line}");
                    }
                    if let Some(n) = len {
                        assert!(index.may_have(z, n), "{z:?} in {line}");
                        found += 1;
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 300 && found > 30, "{compared} {found}");
    }
}
