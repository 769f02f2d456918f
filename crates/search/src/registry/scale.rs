//! The one simplest-first scale applied to proofs: a proof's [`Place`] (its technique's
//! stage, its length on the scale, the technique's place in the registry), the length every
//! table shows, the name a level line gives a step, and the scale as `sudolink techniques`
//! prints it.

use super::*;
use sudolink_engine::proof::aic::{AicConclusion, AicPattern};
use sudolink_engine::proof::Pattern;

/// A proof's place on the scale: its technique at its length on the scale; a composite
/// placement's hardest part's. Every ranking of proofs reads it: `explain`'s simplest proof
/// and its `--all` order, `solve`'s most complex rule, `rate`'s hardest step, the explorer.
pub fn place(proof: &Proof) -> Place {
    if let Pattern::Composite(c) = &proof.pattern {
        if let Some(hardest) = c.parts.iter().map(place).max() {
            return hardest;
        }
    }
    let technique = TechniqueId::of_proof(proof);
    Place::of_rule(technique, level_of(technique, proof))
}

/// The length a proof stands at on the scale, as every table shows it: its CSP variables
/// (or equivalent length: see [`Level`]) for the basic rules and the patterns, its depth or
/// braid length for trial and error; a composite placement's hardest part's.
pub fn length_on_scale(proof: &Proof) -> usize {
    if let Pattern::Composite(c) = &proof.pattern {
        if let Some(hardest) = c.parts.iter().max_by_key(|p| place(p)) {
            return length_on_scale(hardest);
        }
    }
    match place(proof) {
        Place {
            stage: Stage::Basic | Stage::Pattern,
            level,
            ..
        } => level,
        _ => proof.length,
    }
}

/// The level of a proof of `technique`: its length, or for a technique found whole its
/// length on the scale drawn from its pattern.
pub(super) fn level_of(technique: TechniqueId, proof: &Proof) -> usize {
    if technique.get().level != Level::Found {
        return proof.length;
    }
    match &proof.pattern {
        Pattern::Aic(a) => aic_variables(a),
        // the base cells and targets, and each base digit's cover lines
        Pattern::Exocet(e) => 4 + e.covers.iter().map(|(_, lines)| lines.len()).sum::<usize>(),
        // ALS rules their cells, Medusa its coloured candidates, fish their size, tagging its
        // inferences, truths and links their truths: each pattern's own length
        _ => proof.length,
    }
}

/// The CSP variables of an alternating inference chain: one per strong link, an ALS link
/// its cells (an ALS of n cells is n CSP variables; a group is one, as a g-candidate of a
/// g-whip is).
fn aic_variables(a: &AicPattern) -> usize {
    let links = match a.conclusion {
        AicConclusion::Ends => a.nodes.len().saturating_sub(1),
        AicConclusion::Loop | AicConclusion::Continuous => a.nodes.len(),
    };
    // which links are strong: the first for a chain with strong ends and a continuous loop,
    // the second for a discontinuous loop (weak first)
    let first_strong = usize::from(a.conclusion == AicConclusion::Loop);
    (first_strong..links)
        .step_by(2)
        .map(|k| match a.als_links.get(k) {
            Some(Some(cells)) => cells.len(),
            _ => 1,
        })
        .sum()
}

/// The length a proof grades a puzzle with: its length for graded techniques (chains,
/// whips), 0 for the others.
pub fn graded_length(proof: &Proof) -> usize {
    if TechniqueId::of_proof(proof).get().graded {
        proof.length
    } else {
        0
    }
}

/// `NRCZT5`, `BRAID[9]`, `T&E(3)`, `SE-FORCING-CHAINS`, `HIDDEN-SINGLE`: a step's rule as a
/// level line names it (SudoRules' `MOST COMPLEX RULE`): a graded step by its family and
/// length (in brackets for CSP variables), trial and error by Berthier's name of its theory,
/// Sudoku Explainer's step by its producer (not the pattern its proof is written in), any
/// other by its rule.
pub fn step_label(proof: &Proof) -> String {
    let technique = TechniqueId::of_proof(proof);
    let e = technique.get();
    match (e.level, graded_length(proof)) {
        (Level::Explainer, _) => e.name.to_uppercase(),
        (_, 0) => proof.rule.to_uppercase(),
        (Level::Trial { .. }, _) => proof.rule.clone(),
        _ if e.measure == LengthMeasure::Variables => {
            format!("{}[{}]", proof.family.to_uppercase(), proof.length)
        }
        _ => format!("{}{}", proof.family.to_uppercase(), proof.length),
    }
}

impl Level {
    /// Where a technique stands, in words, for the table: `basic, size 2`, `length 3`,
    /// `each proof at its length`.
    pub fn text(self, measure: LengthMeasure) -> String {
        match (self, measure) {
            (Level::Basic(size), _) => format!("basic, size {size}"),
            (Level::At(n), _) => format!("length {n}"),
            (Level::Searched, LengthMeasure::Inferences) => "by length (inferences)".into(),
            (Level::Searched, LengthMeasure::Cells) => "by length (chain cells)".into(),
            (Level::Searched, _) => "by length (CSP variables)".into(),
            (Level::Found, _) => "each proof at its length".into(),
            (Level::Beyond, _) => "after every pattern".into(),
            (Level::Trial { over: None }, _) => "T&E(n), by depth n".into(),
            (Level::Trial { over: Some(d) }, _) => {
                format!("T&E(B_p, {d}), after T&E({d}), by p")
            }
            (Level::Explainer, _) => "SE's order, after every other".into(),
        }
    }
}

/// The scale as a Markdown table, one row per technique in registry order (`sudolink
/// techniques` prints it; docs/techniques.md holds it).
pub fn scale_table() -> String {
    let mut out = String::from(
        "| technique | system | sets | place on the scale | what it is |\n|---|---|---|---|---|\n",
    );
    for t in TechniqueId::all() {
        let e = t.get();
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            e.name,
            e.system.title(),
            e.sets.join(", "),
            e.level.text(e.measure),
            e.summary.replace('|', "/"),
        ));
    }
    out
}
