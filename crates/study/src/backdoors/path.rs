//! A one-step solution as a path to step through: T's steps to its closure, the one step,
//! and T's steps to the solution, each a proof checked on the state it is found in, as
//! `solve --rules` takes them. The explorer opens a one-step solution this way.

use super::Theory;
use crate::resolution::{Resolution, ResolutionError, Walk};
use sudolink_engine::grid::State;
use sudolink_engine::proof::Proof;
use sudolink_search::basic::BasicRule;
use sudolink_search::limits::Limits;
use sudolink_search::registry::SUBSETS_SET;
use sudolink_search::whips::WhipKind;
use sudolink_search::{Rule, Searcher, TechniqueId};

/// The most steps of each of T's two walks (a puzzle has at most 729 candidates to decide).
const MAX_STEPS: usize = 729;

/// T's rules as the resolution walks them, in SudoRules' order: the singles (BRT), whips of
/// length 1 (W1: the locked candidates), and SudoRules' Subsets of sizes 2 to p (S_p).
pub fn theory_rules(theory: Theory) -> Vec<Rule> {
    let mut rules = vec![
        Rule::basic(BasicRule::NakedSingle),
        Rule::basic(BasicRule::HiddenSingle),
    ];
    if theory == Theory::Brt {
        return rules;
    }
    rules.push(Rule::whip(WhipKind::Whip, 1));
    if let Theory::S(p) = theory {
        let subsets = TechniqueId::from_name(SUBSETS_SET).expect("SudoRules' Subsets");
        rules.extend((2..=p).map(|n| subsets.rule(n)));
    }
    rules
}

/// The path of a one-step solution from `start`: T to its closure, `step` (a proof found in
/// that closure), then T to the end. The path is cut, not stuck, when `limits` stop a walk.
pub fn one_step_path(
    start: &State,
    solution: Option<&[u8; 81]>,
    theory: Theory,
    step: Proof,
    limits: Limits,
) -> Result<Resolution, ResolutionError> {
    let rules = theory_rules(theory);
    let mut walk = Walk::new(start);
    let mut searcher = Searcher::within(limits);
    if let Some(cut) = walk.extend(&rules, solution, MAX_STEPS, &mut searcher)? {
        return Ok(walk.finish(Some(cut)));
    }
    walk.take(step, solution)?;
    let cut = walk.extend(&rules, solution, 2 * MAX_STEPS, &mut searcher)?;
    Ok(walk.finish(searcher.stopped().or(cut)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::format::parse_line;

    /// The "Anti-backdoors" thread's puzzle [Berthier anti-backdoors]: with n9r4c4 gone by
    /// a `whip[3]` found in W1's closure, W1 solves it; the path is singles, `whips[1]`, the whip.
    #[test]
    fn a_one_step_solution_walks_w1_the_step_then_w1() {
        let p = "..9......8....97...7..6..5..5..4..6.9....38....2.......6..5.17.2....84......1....";
        let state = parse_line(p, 1).unwrap().start_state().unwrap();
        let closed = super::super::Closed::of_puzzle(&state, Theory::W1).unwrap();
        let rules = super::super::steps::StepRules {
            techniques: vec![TechniqueId::from_name("whip").unwrap()],
            max_len: 12,
            limits: Limits::default(),
        };
        let target = "n9r4c4".parse().unwrap();
        let (found, _) = super::super::steps::one_steps_among(&closed, &[target], &rules).unwrap();
        let step = found[0].proof.clone();
        let r = one_step_path(&state, None, Theory::W1, step, Limits::default()).unwrap();
        assert!(r.solved);
        let whips: Vec<&str> = r
            .steps
            .iter()
            .map(|s| s.text.as_str())
            .filter(|t| t.starts_with("whip[") && !t.starts_with("whip[1]"))
            .collect();
        assert_eq!(whips.len(), 1, "{whips:?}");
        assert!(whips[0].ends_with("==> r4c4 <> 9"), "{whips:?}");
        let kinds = ["naked-single", "hidden-single", "whip[1]", "whip[3]"];
        for s in &r.steps {
            assert!(kinds.iter().any(|k| s.text.starts_with(k)), "{}", s.text);
        }
    }
}
