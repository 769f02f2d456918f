// throwaway: every ORk-forcing-(g-)whip (eliminations and assertions) at the ORk steps' states is checked and agrees with the solution
use std::io::BufRead;
use sudolink::graph::LinkIndex;
use sudolink::grid::State;
use sudolink::proof::ork::OrkKind;
use sudolink::search::limits::Meter;
use sudolink::search::ork;
use sudolink::solver::count_solutions;
use sudolink::study::resolution::{apply, is_solution, solve};
use sudolink::study::rules;

fn main() {
    let spec = rules::parse("basic,whip,tridagon,trid-ork,ork-forcing-whip", 8).unwrap();
    let (mut states, mut proofs, mut asserts, mut bad) = (0, 0, 0, 0);
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        if line.len() < 81 || line.starts_with('#') {
            continue;
        }
        let p = &line[..81];
        let vals: Vec<u8> = p
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let state = State::from_givens(&vals.try_into().unwrap()).unwrap();
        let sol = count_solutions(&state, 2).solution.unwrap();
        let r = solve(&state, &spec.rules, Some(&sol)).unwrap();
        let mut st = state.clone();
        for step in r.steps.iter() {
            if step.proof.family.contains("ork") {
                states += 1;
                let links = LinkIndex::new(&st);
                for kind in [OrkKind::ForcingWhip, OrkKind::ForcingGWhip] {
                    for n in 2..=5 {
                        let Ok(found) =
                            ork::find_within(&links, kind, n, usize::MAX, &mut Meter::unlimited())
                        else {
                            continue;
                        };
                        for f in &found {
                            proofs += 1;
                            asserts += (!f.assertions.is_empty()) as usize;
                            let ok = sudolink::proof::check(&st, f).is_ok()
                                && f.eliminations.iter().all(|&c| !is_solution(&sol, c))
                                && f.assertions.iter().all(|&c| is_solution(&sol, c));
                            if !ok {
                                bad += 1;
                                println!(
                                    "BAD {p} {}",
                                    sudolink::notation::sudorules::sudorules_text(&st, f)
                                );
                            }
                        }
                    }
                }
            }
            apply(&mut st, &step.proof).unwrap();
        }
    }
    println!("states {states} proofs {proofs} assertions {asserts} bad {bad}");
}
