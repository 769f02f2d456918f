//! HoDoKu's large fish (sizes 5 to 7) are searched under a work bound
//! (`search::fish::MAX_WORK`): where the bound cut a digit's search, a question about one
//! of that digit's candidates is answered "cut", never "none" (explain's nothing-found line
//! then names it with the cut ones).

use crate::common;

use common::{collection, start_and_solution};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::proof::fish::FishShape;
use sudolink_search::fish::search;
use sudolink_search::limits::{Meter, Stop};
use sudolink_search::registry::{basic_rules, Searcher, TechniqueId};
use sudolink_study::resolution::solve;

#[test]
fn a_target_whose_digit_the_large_fish_bound_cut_is_answered_cut() {
    let large = TechniqueId::from_name("large-mutant-fish").unwrap();
    let mut asked = 0;
    for p in collection("top1465.txt", 1465) {
        let (start, solution) = start_and_solution(&p);
        let r = solve(&start, &basic_rules(), Some(&solution)).unwrap();
        if r.solved {
            continue;
        }
        let links = LinkIndex::new(&r.final_state);
        let s = search(&links, FishShape::Mutant, false, 5..=7);
        let Some(&digit) = s.cut.first() else {
            continue;
        };
        // a candidate of the cut digit that no fish found eliminates
        let target = links
            .open()
            .iter()
            .find(|c| c.digit() == digit && !s.proofs.iter().any(|p| p.eliminations.contains(c)))
            .expect("an open candidate of the cut digit");
        let a = Searcher::new().search_target(large, &links, target, 7, &mut Meter::unlimited());
        assert!(a.proof.is_none());
        assert_eq!(
            a.stopped,
            Some(Stop::SearchBudget),
            "{target} in {}",
            p.line()
        );
        asked += 1;
        break;
    }
    assert_eq!(
        asked, 1,
        "top1465 has a state where the large fish bound cuts a digit"
    );
}
