//! Hanson's Sudoku Assistant techniques (seed 002) as the registry runs them: which rule,
//! and the search that finds its instances (HoDoKu's ALS rules, which the seed's ALS
//! section describes, are here too).

use super::{aic, als, bent, grid_analysis, medusa, ranges};
use crate::graph::LinkIndex;
use crate::proof::assistant::FinKind;
use crate::proof::Proof;

/// One technique of the Assistant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssistantRule {
    /// Grid analysis: subsets and fish of every size as one routine, with complements.
    GridAnalysis,
    /// Bent naked subsets (XY-, XYZ-, WXYZ-wings and larger).
    BentSubsets,
    /// ALS-XZ: two ALS singly linked, with a common digit.
    AlsXz,
    /// Two ALS doubly linked.
    AlsDoublyLinked,
    /// ALS-XY-wing.
    AlsXyWing,
    /// Death blossom.
    DeathBlossom,
    /// Sue de Coq.
    SueDeCoq,
    /// Grid-based ALS: finned and sashimi fish, or one kind of them.
    GridAls(Option<FinKind>),
    /// Almost-locked ranges with strong chains.
    AlmostLockedRanges,
    /// 3D Medusa: coloured strong chains, weak links, weak corners and hinges.
    Medusa,
    /// Alternating inference chains with group and ALS nodes.
    Aic,
    /// Continuous nice loops over the same nodes and links as [`AssistantRule::Aic`].
    NiceLoop,
    /// The Assistant's step 4: a strong chain taking two digits from an ALS.
    AlsStrongChains,
}

/// Every instance of `rule` in the state.
pub fn find(rule: AssistantRule, links: &LinkIndex) -> Vec<Proof> {
    match rule {
        AssistantRule::GridAnalysis => grid_analysis::find(links),
        AssistantRule::BentSubsets => bent::find(links),
        AssistantRule::AlsXz => als::xz(links, als::Overlap::Disjoint),
        AssistantRule::AlsDoublyLinked => als::doubly_linked(links),
        AssistantRule::AlsXyWing => als::xy_wing(links, als::Overlap::Disjoint),
        AssistantRule::DeathBlossom => als::death_blossom(links, als::Overlap::Disjoint),
        AssistantRule::SueDeCoq => als::sue_de_coq(links),
        AssistantRule::GridAls(kind) => grid_analysis::grid_als(links, kind),
        AssistantRule::AlmostLockedRanges => ranges::find(links),
        AssistantRule::Medusa => medusa::find(links),
        AssistantRule::Aic => aic::find(links),
        AssistantRule::NiceLoop => aic::find_loops(links),
        AssistantRule::AlsStrongChains => ranges::als_strong_chains(links),
    }
}
