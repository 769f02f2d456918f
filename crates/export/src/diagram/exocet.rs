//! How a Junior or Senior Exocet ([`sudolink_engine::proof::exocet`]) is drawn: the base cells' digits as the
//! pattern, the targets' base digits apart, a Junior's mirror nodes' base digits apart again,
//! the eliminations struck (as every picture strikes them).

use super::{mark, Drawn, Meanings, Parts, CHAIN_MEANINGS};
use crate::svg::Role;
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::exocet::{mirror_node, ExocetPattern};
use sudolink_engine::proof::Proof;

/// The Exocet's colours: base, targets, mirror nodes.
const EXOCET_MEANINGS: Meanings = Meanings {
    pattern: "base cells' digits",
    extra: "targets' base digits",
    right: "mirror nodes' base digits",
    ..CHAIN_MEANINGS
};

impl Drawn for ExocetPattern {
    fn label(&self, _: &Proof) -> String {
        self.rule_name().0
    }

    fn picture(&self, state: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        let mut parts = Parts::default();
        let digits = self.digits();
        for (cells, role) in [(&self.base, Role::Pattern), (&self.targets, Role::Extra)] {
            for &c in cells {
                parts.marks.extend(
                    digits
                        .iter()
                        .map(|&d| Candidate::new(c, d))
                        .filter(|&x| state.has(x))
                        .map(|x| mark(x, role)),
                );
            }
        }
        for m in (0..2).filter_map(|i| mirror_node(self, i)) {
            for c in m {
                parts.marks.extend(
                    digits
                        .iter()
                        .map(|&d| Candidate::new(c, d))
                        .filter(|&x| state.has(x))
                        .map(|x| mark(x, Role::Right)),
                );
            }
        }
        (parts, &EXOCET_MEANINGS)
    }
}
