//! How each kind of pattern is written: the [`Shown`] trait, implemented for each kind
//! beside its own printer — the basic rules in `nrc::basic`, chains in `nrc::chain`, whips
//! in `sudorules`, force chains and nets in `gnpx`, the Assistant's patterns in
//! `nrc::hanson`, AIC in `eureka`, tagging in `tags`, HoDoKu's catalogue and SE's aligned
//! exclusion in `nrc::catalogue`, a composite placement in `common` — and reached through
//! [`sudolink_engine::proof::on_pattern`], so a new kind of pattern must say how it is written in
//! every dialect it has a form in: its own text and whose notation that is have no default;
//! a dialect that has no form for it (SudoRules, HoDoKu, the 2007 forum) is `None` by
//! default, and further texts none.

use super::NamedText;
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;

/// How one kind of pattern is written in each dialect.
pub trait Shown {
    /// The pattern part of our text, without the conclusions: Berthier's nrc notation where
    /// they define a form, otherwise the notation of the system the pattern comes from.
    fn ours(&self, state: &State, proof: &Proof) -> String;
    /// Whose notation [`Shown::ours`] is (`nrc`, `SudoRules`, `GNPX`, `Hanson`, …).
    fn dialect(&self) -> &'static str;
    /// The whole step in SudoRules' modern notation, when SudoRules has a form of its own
    /// (otherwise SudoRules' text is ours with SudoRules' conclusions).
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = (state, proof);
        None
    }
    /// HoDoKu's step line, when HoDoKu has the technique.
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = (state, proof);
        None
    }
    /// [Berthier 3D]'s 2007 forum form, for the rules its posts used.
    fn forum2007(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = (state, proof);
        None
    }
    /// Further texts the pattern has (a chain in Eureka, a 3D Medusa step's refutations
    /// as GNPX nets).
    fn more_texts(&self, state: &State, proof: &Proof) -> Vec<NamedText> {
        let _ = (state, proof);
        Vec::new()
    }
}
