//! The Junior and Senior Exocets ([`sudolink_engine::proof::exocet`]) as text, a printer only, in the
//! compendium's terms (David P Bird, "JExocet Compendium", forum.enjoysudoku.com, 2012–2014):
//! the base cells with their digits, the targets, and each base digit's cover lines in the
//! S cells:
//!
//! ```text
//! JE: base r1c2 r1c3 {1234}, targets r2c4 r3c8; covers 1: r5 r7, 2: c1 r6, 3: c4, 4: r8 c8
//! ```
//!
//! (`SE:` for a Senior Exocet.)

use super::shown::Shown;
use sudolink_engine::grid::State;
use sudolink_engine::proof::exocet::{rule_for, ExocetKind, ExocetPattern};
use sudolink_engine::proof::Proof;

/// Our line: `JE: base r1c2 r1c3 {1234}, targets r2c4 r3c8; covers 1: r5 r7, …`.
pub fn exocet_text(p: &ExocetPattern) -> String {
    let digits: String = p.digits().iter().map(|d| d.to_string()).collect();
    let covers: Vec<String> = p
        .covers
        .iter()
        .map(|(d, lines)| {
            let lines: Vec<String> = lines.iter().map(|h| h.to_string()).collect();
            if lines.is_empty() {
                format!("{d}: none")
            } else {
                format!("{d}: {}", lines.join(" "))
            }
        })
        .collect();
    format!(
        "{}: base {} {} {{{digits}}}, targets {} {}; covers {}",
        match p.kind {
            ExocetKind::Junior => "JE",
            ExocetKind::Senior => "SE",
        },
        p.base[0],
        p.base[1],
        p.targets[0],
        p.targets[1],
        covers.join(", ")
    )
}

impl Shown for ExocetPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        // each elimination with the rule that makes it
        let rules: Vec<String> = proof
            .eliminations
            .iter()
            .map(|&e| {
                format!(
                    "{} ({})",
                    e.elimination(),
                    rule_for(state, self, e).unwrap_or("?")
                )
            })
            .collect();
        format!("{} [{}]", exocet_text(self), rules.join(", "))
    }
    fn dialect(&self) -> &'static str {
        "ours (the JExocet compendium's terms)"
    }
}
