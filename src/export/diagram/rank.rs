//! How a rank-0 set of truths and links ([`crate::proof::rank`]) is drawn: the truths'
//! candidates marked in the pattern's colour, each link outlined as a group of its open
//! candidates and named in XSudo's notation (`38r2` is the link of digits 3 and 8 in row 2),
//! the eliminations struck (as every picture strikes them).

use super::{mark, Drawn, Meanings, Parts, CHAIN_MEANINGS};
use crate::export::svg::{Role, SetKind};
use crate::grid::{Candidate, State};
use crate::notation::rank::xsudo_sets;
use crate::proof::rank::RankPattern;
use crate::proof::Proof;

/// The colours of truths and links: the truths' candidates; links are outlined.
const RANK_MEANINGS: Meanings = Meanings {
    pattern: "in a truth (exactly one true each)",
    extra: "in a link only",
    ..CHAIN_MEANINGS
};

impl Drawn for RankPattern {
    fn label(&self, _: &Proof) -> String {
        format!("{}[{}]", self.form.name(), self.truths.len())
    }

    fn picture(
        &self,
        state: &State,
        proof: &Proof,
        _: Option<usize>,
    ) -> (Parts, &'static Meanings) {
        let mut parts = Parts::default();
        let truths = self.truth_candidates(state);
        parts
            .marks
            .extend(truths.iter().map(|c| mark(c, Role::Pattern)));
        for &l in &self.links {
            let cands: Vec<Candidate> = state.variable_candidates(l).iter().collect();
            parts.marks.extend(
                cands
                    .iter()
                    .filter(|&&c| !truths.contains(c) && !proof.eliminations.contains(&c))
                    .map(|&c| mark(c, Role::Extra)),
            );
            let i = parts.set(SetKind::Group, cands);
            let name = xsudo_sets(&[l], false);
            parts.set_texts[i] = Some(format!("link {name}"));
            parts.sets[i].name = Some(name);
        }
        (parts, &RANK_MEANINGS)
    }
}
