//! How the impossible patterns are drawn (the tridagon and its OR-k relations, the
//! oddagon): the pattern's cells outlined block by block (a tridagon) or its loop's
//! candidates marked with the variables joining them (an oddagon), the guardians marked
//! apart, the eliminations struck (as every picture strikes them).

use super::{mark, Drawn, Meanings, Parts, CHAIN_MEANINGS};
use crate::svg::{Role, SetKind};
use sudolink_engine::grid::{Candidate, State};
use sudolink_engine::proof::imp630::Imp630Pattern;
use sudolink_engine::proof::oddagon::OddagonPattern;
use sudolink_engine::proof::ork::{OrkCell, OrkChain, Relation};
use sudolink_engine::proof::tridagon::TridagonPattern;
use sudolink_engine::proof::whip::WhipCell;
use sudolink_engine::proof::Proof;

/// The tridagon's colours: its digits' candidates in the twelve cells, the guardians.
const TRIDAGON_MEANINGS: Meanings = Meanings {
    pattern: "the pattern's digits in its cells",
    extra: "guardian (one is true)",
    ..CHAIN_MEANINGS
};

/// The oddagon's colours: its loop, the guardians.
const ODDAGON_MEANINGS: Meanings = Meanings {
    pattern: "the odd loop",
    extra: "guardian (one is true)",
    ..CHAIN_MEANINGS
};

/// Each block's three cells outlined as one set (named by its block), the pattern's digits
/// marked in them, the guardians marked apart.
impl Drawn for TridagonPattern {
    /// `tridagon[12]`, `Trid-OR3`, `Degen-Cycl-Trid-OR4`.
    fn label(&self, _: &Proof) -> String {
        match self.sudorules_name() {
            "tridagon" => "tridagon[12]".to_string(),
            name => format!("{name}-OR{}", self.guardians.len()),
        }
    }

    fn picture(&self, state: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        let mut parts = Parts::default();
        for (k, block) in self.blocks.iter().enumerate() {
            let digits: Vec<Candidate> = block
                .iter()
                .flat_map(|&cell| self.digits.iter().map(move |&d| Candidate::new(cell, d)))
                .filter(|&c| state.has(c))
                .collect();
            parts
                .marks
                .extend(digits.iter().map(|&c| mark(c, Role::Pattern)));
            let i = parts.set(SetKind::Als, digits);
            let name = format!("b{}", block[0].block() + 1);
            parts.set_texts[i] = Some(format!(
                "{name}: {}",
                block.map(|c| c.to_string()).join(" ")
            ));
            parts.sets[i].name = Some(name);
            parts.sets[i].hue = k;
        }
        parts
            .marks
            .extend(self.guardians.iter().map(|&g| mark(g, Role::Extra)));
        (parts, &TRIDAGON_MEANINGS)
    }
}

/// The pattern's cells outlined block by block as the tridagon's are (one set per block
/// it meets), the digits marked in them, the guardians marked apart.
impl Drawn for Imp630Pattern {
    /// `EL14c1-OR3`.
    fn label(&self, _: &Proof) -> String {
        format!("{}-OR{}", self.name, self.guardians.len())
    }

    fn picture(&self, state: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        let mut parts = Parts::default();
        let mut blocks: Vec<usize> = self.cells.iter().map(|c| c.block()).collect();
        blocks.sort_unstable();
        blocks.dedup();
        for (k, &b) in blocks.iter().enumerate() {
            let cells: Vec<_> = self.cells.iter().filter(|c| c.block() == b).collect();
            let digits: Vec<Candidate> = cells
                .iter()
                .flat_map(|&&cell| self.digits.iter().map(move |&d| Candidate::new(cell, d)))
                .filter(|&c| state.has(c))
                .collect();
            parts
                .marks
                .extend(digits.iter().map(|&c| mark(c, Role::Pattern)));
            let i = parts.set(SetKind::Als, digits);
            let name = format!("b{}", b + 1);
            let texts: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
            parts.set_texts[i] = Some(format!("{name}: {}", texts.join(" ")));
            parts.sets[i].name = Some(name);
            parts.sets[i].hue = k;
        }
        parts
            .marks
            .extend(self.guardians.iter().map(|&g| mark(g, Role::Extra)));
        (parts, &TRIDAGON_MEANINGS)
    }
}

/// The loop's candidates, each joined to the next by its variable (weak links drawn as
/// links), the guardians marked apart.
impl Drawn for OddagonPattern {
    fn label(&self, _: &Proof) -> String {
        format!("oddagon[{}]", self.candidates.len())
    }

    fn picture(&self, _: &State, _: &Proof, _: Option<usize>) -> (Parts, &'static Meanings) {
        let mut parts = Parts::default();
        parts
            .marks
            .extend(self.candidates.iter().map(|&c| mark(c, Role::Pattern)));
        for i in 0..self.candidates.len() {
            let (a, b) = self.pair(i);
            parts.link((&[a], None), (&[b], None), false);
        }
        parts
            .marks
            .extend(self.guardians.iter().map(|&g| mark(g, Role::Extra)));
        (parts, &ODDAGON_MEANINGS)
    }
}

/// An OR-k chain ([`sudolink_engine::proof::ork`]): its relation drawn as the tridagon is, the
/// chain's L's and R's marked, each L linked to what it hangs on.
impl Drawn for OrkChain {
    /// `Trid-OR3-whip[2]`, `Trid-OR3-forcing-whip[3]`, `EL14c13s-OR2-whip[3]`.
    fn label(&self, _: &Proof) -> String {
        let (name, _, n) = self.rule_name();
        let source = match &self.relation {
            Relation::Tridagon(_) => "Trid-",
            Relation::Imp630(p) => &format!("{}-", p.name),
            Relation::Variable(_) => "",
        };
        format!("{source}{name}[{n}]")
    }

    fn picture(
        &self,
        state: &State,
        proof: &Proof,
        only: Option<usize>,
    ) -> (Parts, &'static Meanings) {
        let (mut parts, _) = match &self.relation {
            Relation::Tridagon(p) => p.picture(state, proof, only),
            Relation::Imp630(p) => p.picture(state, proof, only),
            // a CSP variable's relation: its candidates, one of which is true
            Relation::Variable(r) => {
                let mut parts = Parts::default();
                parts
                    .marks
                    .extend(r.guardians.iter().map(|&g| mark(g, Role::Extra)));
                (parts, &TRIDAGON_MEANINGS)
            }
        };
        let whip_cell = |parts: &mut Parts, w: &WhipCell, from: Option<Candidate>| {
            parts
                .marks
                .extend(w.left_linking.iter().map(|&c| mark(c, Role::Left)));
            parts.marks.extend(
                w.right_linking
                    .iter()
                    .flatten()
                    .map(|&c| mark(c, Role::Right)),
            );
            if let (Some(from), Some(&l)) = (from, w.left_linking.first()) {
                parts.link((&[from], None), (&[l], None), false);
            }
            w.right_linking.as_ref().and_then(|r| r.first().copied())
        };
        let mut prev = Some(self.target);
        for cell in &self.cells {
            prev = match cell {
                OrkCell::Variable(w) => whip_cell(&mut parts, w, prev),
                OrkCell::Or { right_linking, .. } => {
                    parts
                        .marks
                        .extend(right_linking.iter().map(|&c| mark(c, Role::Right)));
                    *right_linking
                }
            };
        }
        for (g, branch) in &self.branches {
            let mut prev = Some(*g);
            for w in branch {
                prev = whip_cell(&mut parts, w, prev);
            }
        }
        (parts, &TRIDAGON_MEANINGS)
    }
}
