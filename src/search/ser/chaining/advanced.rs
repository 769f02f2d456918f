//! SE's rules inside the chains at levels ≥ 1 (`getAdvancedPotentials`; not built yet).

use super::multiple::Run;
use super::potential::Pot;
use super::propagate::Chain;
use crate::proof::net::NetStep;
use crate::search::ser::ChainingMode;

/// A rule's hint applied inside a chain.
#[derive(Clone, Debug)]
pub struct AdvancedHint {}

/// What the rules keep between calls (SE's nested producers).
#[derive(Default)]
pub struct Rules {}

/// The *off* potentials SE's rules give on the working grid, each with its hint and its
/// parents (nodes of `chain`).
pub fn potentials(
    _work: &[u16; 81],
    _source: &[u16; 81],
    _chain: &Chain,
    _mode: ChainingMode,
    _rules: &mut Rules,
) -> Vec<(Pot, AdvancedHint, Vec<u32>)> {
    Vec::new()
}

/// The complexity SE adds for the nested hints a hint's branches rest on.
pub fn nested_complexity(_chains: &[Chain], _branches: &[(usize, u32)]) -> usize {
    0
}

/// The inference of a potential a rule gave.
pub fn proof_step(_run: &Run, _hint: &AdvancedHint, _parents: &[Pot], _pot: Pot) -> NetStep {
    unreachable!("no rule runs inside chains yet")
}
