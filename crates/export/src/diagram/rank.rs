//! How a rank-0 set of truths and links ([`sudolink_engine::proof::rank`]) is drawn: the truths'
//! candidates marked in the pattern's colour, each link outlined as a group of its open
//! candidates and named in XSudo's notation (`38r2` is the link of digits 3 and 8 in row 2),
//! the eliminations struck (as every picture strikes them).

use super::{mark, Drawn, Meanings, Parts, CHAIN_MEANINGS};
use crate::svg::{Role, SetKind};
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::rank::RankPattern;
use sudolink_engine::proof::Proof;
use sudolink_notation::rank::xsudo_sets;

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
