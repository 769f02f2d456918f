//! Sudoku Explainer 1.2.1's hint producers (the rating the forums quote as SER), in SE's
//! order and with SE's difficulties, each hint carried by our proofs.
//!
//! SE asks its producers in a fixed order and takes the first hint of the first producer
//! that has one: the order of the registry's `sudoku-explainer` techniques, SE's steps as
//! techniques (`registry::explainer_order`); each producer enumerates cells, regions, positions and
//! values in SE's own order, so which hint comes first — and hence the rating — depends on
//! those orders, which the rules here keep. Difficulties are SE's f64 sums (ties between
//! chains depend on them). The rating loop (ER, EP, ED) is `study::ser`.
//!
//! - [`grid`]: the view SE's rules read ([`SeGrid`]: values and candidate masks, regions
//!   with SE's position order);
//! - [`basic`]: singles, direct hints, locking, naked and hidden sets, fish, XY/XYZ-wings;
//! - [`unique`]: unique rectangles and loops, the bivalue universal grave;
//! - [`aligned`]: aligned pair and triplet exclusion;
//! - [`chaining`]: forcing chains and cycles, Nishio, multiple and dynamic forcing chains,
//!   and the nested levels.

pub mod aligned;
pub mod basic;
pub mod chaining;
pub mod grid;
pub mod unique;

pub use grid::SeGrid;

use crate::limits::Stop;
use chaining::kept::{ChainStore, Fruitless};
pub use chaining::Interrupt;
use grid::Region;
use std::rc::Rc;
use sudolink_engine::grid::Candidate;
use sudolink_engine::proof::Proof;

/// One SE hint: its name and difficulty as SE prints them, what it removes and places,
/// and the proofs that carry it — checked in order, each on the state the previous ones
/// leave (a direct pointing is an interaction, then a hidden single).
#[derive(Clone, Debug)]
pub struct SeStep {
    /// SE's hint name: `Hidden Single`, `Direct Pointing`, `Forcing Chain`…
    pub name: String,
    /// SE's difficulty, the f64 it computes (print with [`tenths`]).
    pub difficulty: f64,
    /// Candidates the hint removes (SE's removable potentials).
    pub eliminations: Vec<Candidate>,
    /// The value the hint places, if any.
    pub placement: Option<Candidate>,
    /// The proofs, in order; together they conclude exactly the eliminations and the
    /// placement.
    pub proofs: Vec<Proof>,
    /// The chain length SE counts ("complexity"), for chaining hints.
    pub complexity: Option<usize>,
}

/// A difficulty in tenths as SE prints it: `(int)((x + 0.05) * 10)`.
pub fn tenths(x: f64) -> u32 {
    ((x + 0.05) * 10.0) as u32
}

/// A difficulty as SE prints it: `7.1`.
pub fn difficulty_text(x: f64) -> String {
    let t = tenths(x);
    format!("{}.{}", t / 10, t % 10)
}

/// The chaining producers' parameters (SE's `Chaining(multiple, dynamic, nishio, level)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainingMode {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u8,
}

/// One hint producer in SE's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Producer {
    HiddenSingle,
    DirectLocking,
    DirectHiddenSet(usize),
    NakedSingle,
    Locking,
    NakedSet(usize),
    Fish(usize),
    HiddenSet(usize),
    XyWing,
    XyzWing,
    UniqueLoops,
    Bug,
    AlignedPairExclusion,
    AlignedTripletExclusion,
    Chaining(ChainingMode),
}

impl Producer {
    /// A chaining producer (SE's `Chaining(multiple, dynamic, nishio, level)`).
    pub const fn chaining(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> Producer {
        Producer::Chaining(ChainingMode {
            multiple,
            dynamic,
            nishio,
            level,
        })
    }

    /// The producer's first hint on the grid, in its own order (sorted producers: their
    /// easiest).
    pub fn first_hint(self, grid: &SeGrid) -> Option<SeStep> {
        match self {
            Producer::HiddenSingle => basic::hidden_single(grid),
            Producer::DirectLocking => basic::locking(grid, true),
            Producer::DirectHiddenSet(n) => basic::hidden_set(grid, n, true),
            Producer::NakedSingle => basic::naked_single(grid),
            Producer::Locking => basic::locking(grid, false),
            Producer::NakedSet(n) => basic::naked_set(grid, n),
            Producer::Fish(n) => basic::fish(grid, n),
            Producer::HiddenSet(n) => basic::hidden_set(grid, n, false),
            Producer::XyWing => basic::xy_wing(grid, false),
            Producer::XyzWing => basic::xy_wing(grid, true),
            Producer::UniqueLoops => unique::unique_loops(grid),
            Producer::Bug => unique::bug(grid),
            Producer::AlignedPairExclusion => aligned::aligned_exclusion(grid, 2),
            Producer::AlignedTripletExclusion => aligned::aligned_exclusion(grid, 3),
            Producer::Chaining(mode) => chaining::first_hint(grid, mode),
        }
    }

    /// [`Producer::first_hint`], the multiple and dynamic chaining modes stopping at their
    /// next start once `interrupt` is hit (no hint then: read [`Interrupt::stopped`]); the
    /// other producers take at most seconds and are not interrupted.
    pub fn first_hint_within(self, grid: &SeGrid, interrupt: &Rc<Interrupt>) -> Option<SeStep> {
        match self {
            Producer::Chaining(mode) if mode.multiple || mode.dynamic => {
                let mut chains = ChainStore::default();
                let interrupt = Some(interrupt.clone());
                chaining::multiple::first_hint_reaching(grid, mode, &mut chains, None, interrupt)
            }
            _ => self.first_hint(grid),
        }
    }
}

/// The first hint of the first of `producers` (SE's order: the registry's
/// `sudoku-explainer` techniques, `registry::explainer_order`) that has one: SE's next step.
pub fn next_step(grid: &SeGrid, producers: &[Producer]) -> Option<SeStep> {
    producers.iter().find_map(|p| p.first_hint(grid))
}

/// What the producers keep from one rating step to the next (see [`chaining::kept`]): each
/// level-0 chaining mode's propagations, and the forcing chains and cycles' fruitless
/// searches. The next step is the same with it or without it.
#[derive(Default)]
pub struct Kept {
    chains: Vec<(ChainingMode, ChainStore)>,
    unary: Option<Fruitless>,
    /// The forcing chains and cycles' closures over the X links.
    unary_x_closures: Option<chaining::kept::ClosureStore>,
    /// The reach over the static links of the grid of the forcing chains and cycles' last
    /// call (the multiple forcing chains' closures on that grid).
    static_reach: Option<([u16; 81], std::rc::Rc<chaining::reach::Reach>)>,
    /// Aligned pair and triplet exclusion's last calls, when they found nothing.
    aligned: [Option<aligned::Fruitless>; 2],
    /// The unique loops' last call, when it found nothing.
    unique_loops: Option<unique::LoopsFruitless>,
    /// The naked and hidden sets', locking and fish producers, each with the grid of its
    /// last call when that found nothing.
    last_fruitless: Vec<(Producer, Option<SeGrid>)>,
}

impl Kept {
    fn last_fruitless(&mut self, producer: Producer) -> &mut Option<SeGrid> {
        let at = match self.last_fruitless.iter().position(|(p, _)| *p == producer) {
            Some(at) => at,
            None => {
                self.last_fruitless.push((producer, None));
                self.last_fruitless.len() - 1
            }
        };
        &mut self.last_fruitless[at].1
    }
    fn unary(&mut self) -> (&mut Fruitless, &mut chaining::kept::ClosureStore) {
        (
            self.unary
                .get_or_insert_with(chaining::unary::fruitless_store),
            self.unary_x_closures.get_or_insert_with(Default::default),
        )
    }

    fn chains(&mut self, mode: ChainingMode) -> &mut ChainStore {
        let at = match self.chains.iter().position(|(m, _)| *m == mode) {
            Some(at) => at,
            None => {
                self.chains.push((mode, ChainStore::default()));
                self.chains.len() - 1
            }
        };
        &mut self.chains[at].1
    }
}

/// [`next_step`], reusing what `kept` holds from the previous steps of the same rating
/// (and keeping this step's work for the next), and stopped by `interrupt` between the
/// starts of the multiple and dynamic chaining producers: `Err` with the limit reached.
pub fn next_step_keeping(
    grid: &SeGrid,
    producers: &[Producer],
    kept: &mut Kept,
    interrupt: &Rc<Interrupt>,
) -> Result<Option<SeStep>, Stop> {
    for &p in producers {
        let step = producer_step(p, grid, kept, interrupt);
        if let Some(stop) = interrupt.stopped() {
            return Err(stop);
        }
        if step.is_some() {
            return Ok(step);
        }
    }
    Ok(None)
}

/// One producer's first hint for [`next_step_keeping`].
fn producer_step(
    p: Producer,
    grid: &SeGrid,
    kept: &mut Kept,
    interrupt: &Rc<Interrupt>,
) -> Option<SeStep> {
    match p {
        Producer::Chaining(mode) if mode.level == 0 && (mode.multiple || mode.dynamic) => {
            let reach = match &kept.static_reach {
                Some((on, reach)) if !mode.dynamic && *on == grid.cands => Some(reach.clone()),
                _ => None,
            };
            let interrupt = Some(interrupt.clone());
            chaining::multiple::first_hint_reaching(grid, mode, kept.chains(mode), reach, interrupt)
        }
        Producer::Chaining(mode) if mode.multiple || mode.dynamic => {
            p.first_hint_within(grid, interrupt)
        }
        Producer::NakedSet(_) | Producer::HiddenSet(_) | Producer::DirectHiddenSet(_) => {
            regional_first_hint(p, grid, kept.last_fruitless(p))
        }
        Producer::DirectLocking | Producer::Locking | Producer::Fish(_) => {
            layered_first_hint(p, grid, kept.last_fruitless(p))
        }
        Producer::UniqueLoops => unique::unique_loops_keeping(grid, &mut kept.unique_loops),
        Producer::AlignedPairExclusion => {
            aligned::aligned_exclusion_keeping(grid, 2, &mut kept.aligned[0])
        }
        Producer::AlignedTripletExclusion => {
            aligned::aligned_exclusion_keeping(grid, 3, &mut kept.aligned[1])
        }
        Producer::Chaining(mode) if !mode.multiple && !mode.dynamic => {
            let (fruitless, x_closures) = kept.unary();
            let (step, reach) = chaining::unary::first_hint_reaching(grid, fruitless, x_closures);
            kept.static_reach = reach.map(|r| (grid.cands, std::rc::Rc::new(r)));
            step
        }
        _ => p.first_hint(grid),
    }
}

/// The first hint of a producer whose every hint lies in one region and depends on that
/// region's cells only (naked and hidden sets): after a call that found nothing (`last`),
/// only the regions with a changed cell can have one. `last` then holds this call's grid
/// if it finds nothing.
fn regional_first_hint(
    producer: Producer,
    grid: &SeGrid,
    last: &mut Option<SeGrid>,
) -> Option<SeStep> {
    let changed = last.take().map(|old| grid.changed_since(&old));
    let visit = |region: Region| changed.is_none_or(|c| region.cell_mask() & c != 0);
    let hint = match producer {
        Producer::NakedSet(n) => basic::naked_set_in(grid, n, visit),
        Producer::HiddenSet(n) => basic::hidden_set_in(grid, n, false, visit),
        Producer::DirectHiddenSet(n) => basic::hidden_set_in(grid, n, true, visit),
        _ => producer.first_hint(grid),
    };
    if hint.is_none() {
        *last = Some(grid.clone());
    }
    hint
}

/// The first hint of a producer whose every hint concerns one value and depends on that
/// value's candidates only (locking, fish): after a call that found nothing (`last`), only
/// the values with a changed candidate can have one. `last` then holds this call's grid if
/// it finds nothing.
fn layered_first_hint(
    producer: Producer,
    grid: &SeGrid,
    last: &mut Option<SeGrid>,
) -> Option<SeStep> {
    // a value's candidates, or its placed copies (which fish count), changed
    let changed = last.take().map(|old| {
        (0..81).fold(0u16, |m, c| {
            let placed = (1u16 << grid.values[c]) ^ (1 << old.values[c]);
            m | (grid.cands[c] ^ old.cands[c]) | placed
        })
    });
    let visit = |value: u8| changed.is_none_or(|c| c & (1 << value) != 0);
    let hint = match producer {
        Producer::DirectLocking => basic::locking_in(grid, true, visit),
        Producer::Locking => basic::locking_in(grid, false, visit),
        Producer::Fish(n) => basic::fish_in(grid, n, visit),
        _ => producer.first_hint(grid),
    };
    if hint.is_none() {
        *last = Some(grid.clone());
    }
    hint
}
