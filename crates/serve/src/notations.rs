//! A proof's text in each notation it has, named as the forums name them, for the page's
//! one-box-per-notation view with its copy buttons. The texts are the library's printers
//! ([`sudolink_notation`]); this module only picks which apply and names them: our own
//! (nrc) form, SudoRules, HoDoKu, Eureka, GNPX (a force chain's, a Medusa step's nets),
//! tags; a text another printer falls back to is not repeated under a second name.

use serde::Serialize;
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;
use sudolink_notation as notation;

/// One notation of a proof: its name as the page shows it, and the text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedText {
    pub name: &'static str,
    pub text: String,
}

/// Every notation `proof` has on `state`, ours first, each text once: a printer without a
/// form of its own for a pattern falls back to another's text (SudoRules prints a force
/// chain's GNPX line), which is shown once, under the name of the notation it is in.
pub fn named_texts(state: &State, proof: &Proof) -> Vec<NamedText> {
    let mut seen: Vec<String> = Vec::new();
    notation::texts(state, proof)
        .into_iter()
        .filter(|t| {
            let fresh = !t.text.trim().is_empty() && !seen.contains(&t.text);
            seen.push(t.text.clone());
            fresh
        })
        .map(|t| NamedText {
            name: t.name,
            text: t.text,
        })
        .collect()
}
