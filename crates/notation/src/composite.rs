//! How a composite placement is written in every dialect: its reason, then one line per
//! part in that dialect ([`super::common::composite_text`]).

use super::common::{composite_text, conclusions};
use super::shown::Shown;
use super::sudorules;
use sudolink_engine::grid::State;
use sudolink_engine::proof::composite::CompositePattern;
use sudolink_engine::proof::{on_pattern, Proof};

impl Shown for CompositePattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = proof;
        composite_text(self, |part| {
            let text = on_pattern!(&part.pattern, x => x.ours(state, part));
            format!("{text} ==> {}", conclusions(part))
        })
    }
    fn dialect(&self) -> &'static str {
        "ours, one line per part"
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = proof;
        let text = composite_text(self, |part| sudorules::sudorules_text(state, part));
        Some(format!(
            "{text} ==> {}",
            sudorules::modern_conclusions(proof)
        ))
    }
}
