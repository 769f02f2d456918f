//! A proof's text in each notation it has, named as the forums name them, for the page's
//! one-box-per-notation view with its copy buttons. The texts are the library's printers
//! ([`crate::notation`]); this module only picks which apply and names them: our own
//! (nrc) form, SudoRules, HoDoKu, Eureka, GNPX (a force chain's, a Medusa step's nets),
//! tags; a text another printer falls back to is not repeated under a second name.

use crate::grid::State;
use crate::notation::{eureka, gnpx, hodoku, nrc, sudorules};
use crate::proof::{medusa_net, Pattern, Proof};
use serde::Serialize;

/// One notation of a proof: its name as the page shows it, and the text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedText {
    pub name: &'static str,
    pub text: String,
}

/// The page's name for the notation [`nrc::nrc_text`] prints a proof in.
fn first_name(proof: &Proof) -> &'static str {
    match nrc::text_dialect(proof) {
        "nrc" => "ours (nrc)",
        "SudoRules" => "SudoRules",
        "Eureka" => "Eureka",
        "GNPX" => "GNPX",
        "Hanson" => "ours (Hanson)",
        d if d.starts_with("tags") => "tags",
        _ => "ours",
    }
}

/// Every notation `proof` has on `state`, ours first.
pub fn named_texts(state: &State, proof: &Proof) -> Vec<NamedText> {
    let first = first_name(proof);
    let mut out = vec![NamedText {
        name: first,
        text: nrc::nrc_text(state, proof),
    }];
    if first != "SudoRules" {
        out.push(NamedText {
            name: "SudoRules",
            text: sudorules::sudorules_text(state, proof),
        });
    }
    if let Some(text) = hodoku::hodoku_text(state, proof) {
        out.push(NamedText {
            name: "HoDoKu",
            text,
        });
    }
    if let Pattern::Chain(c) = &proof.pattern {
        if let Some(text) = eureka::eureka_text(c) {
            out.push(NamedText {
                name: "Eureka",
                text,
            });
        }
    }
    if let Pattern::Medusa(m) = &proof.pattern {
        let nets: Vec<String> = proof
            .eliminations
            .iter()
            .filter_map(|&t| medusa_net::refutation_net(state, m, t).ok())
            .filter_map(|p| match &p.pattern {
                Pattern::Net(net) => Some(gnpx::gnpx_text(net, &p)),
                _ => None,
            })
            .collect();
        if !nets.is_empty() {
            out.push(NamedText {
                name: "GNPX",
                text: nets.join("\n"),
            });
        }
    }
    // a printer without a form of its own for a pattern falls back to another's text
    // (SudoRules prints a force chain's GNPX line): that text is shown once, under the
    // name of the notation it is in
    let mut seen: Vec<String> = Vec::new();
    out.retain(|n| {
        let fresh = !n.text.trim().is_empty() && !seen.contains(&n.text);
        seen.push(n.text.clone());
        fresh
    });
    out
}
