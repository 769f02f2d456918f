//! HoDoKu 2.2's solver ([hobiwan HoDoKu]), emulated: its steps in its order, each found as
//! HoDoKu's finder finds it first, on a grid that records singles as HoDoKu's does — the
//! path HoDoKu's batch solver (`/bs`) takes, and from it HoDoKu's rating: the sum of the
//! steps' scores and the hardest step's level, raised while the score exceeds the
//! level's maximum ([`table`]).
//!
//! The solver asks the enabled steps of its configuration by ascending index and applies
//! the first step found, then starts again from the top ([`solve`]). Which step of a
//! technique comes first depends on each finder's scanning order, and which single comes
//! first on the order in which the grid queued it, so each module keeps HoDoKu's orders:
//!
//! - [`grid`]: the grid and its singles queues;
//! - [`simple`]: singles, locked candidates, locked, naked and hidden subsets;
//! - [`fish`]: basic, finned, sashimi and Franken fish;
//! - [`patterns`]: skyscraper, 2-string kite, empty rectangle, XY-, XYZ- and W-wings;
//! - [`uniqueness`]: BUG+1, unique, hidden and avoidable rectangles;
//! - [`misc`]: Sue de Coq; [`coloring`]: simple and multi colours;
//! - [`chains`]: remote pairs, turbot fish, X- and XY-chains;
//! - [`als`]: ALS-XZ, ALS-XY-wing, ALS chains;
//! - [`tabling`]: nice loops and AICs, grouped or not, forcing chains and nets;
//! - [`table`]: step types, levels, scores and the default order, as data.
//!
//! A step type the default configuration enables but this emulation lacks stops the path
//! where HoDoKu would first ask it: the rating is then cut, never guessed.

pub mod als;
pub mod chains;
pub mod coloring;
pub mod fish;
pub mod grid;
pub mod misc;
pub mod patterns;
pub mod simple;
pub mod step;
pub mod table;
pub mod tabling;
pub mod uniqueness;

use crate::limits::{Limits, Meter, Stop};
use grid::Grid;
pub use step::Step;
use sudolink_engine::grid::State;
pub use table::{Kind, Level, StepConfig};

/// Why the emulated path stopped before the grid was solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// HoDoKu would ask this step type here, and the emulation lacks it.
    Lacking(Kind),
    /// A limit stopped the path.
    Limit(Stop),
    /// A step left the grid invalid (a bug in the emulation: never expected).
    Invalid,
}

/// HoDoKu's path and rating of a puzzle.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps in order, each with the configuration that found it.
    pub steps: Vec<(StepConfig, Step)>,
    /// The sum of the steps' scores.
    pub score: u32,
    /// HoDoKu's level: the hardest step's, raised while the score exceeds its maximum;
    /// Extreme when the grid is not solved.
    pub level: Level,
    /// The grid was solved (brute force included).
    pub solved: bool,
    /// What stopped the path early, if anything.
    pub halt: Option<Halt>,
}

/// The outcome of asking one step type.
enum Found {
    Step(Step),
    Nothing,
    Lacking,
}

/// Asks the finder of `kind` on `g` (`solution`: the puzzle's, which brute force reads).
fn find(kind: Kind, g: &mut Grid, solution: &[u8; 81]) -> Found {
    use fish::{Fins, Shape};
    let step = match kind {
        Kind::FullHouse => simple::full_house(g),
        Kind::NakedSingle => simple::naked_single(g),
        Kind::HiddenSingle => simple::hidden_single(g),
        Kind::LockedPair => simple::naked_subset(g, 2, true),
        Kind::LockedTriple => simple::naked_subset(g, 3, true),
        Kind::LockedCandidates1 => simple::locked_candidates(g, false),
        Kind::LockedCandidates2 => simple::locked_candidates(g, true),
        Kind::NakedPair => simple::naked_subset(g, 2, false),
        Kind::NakedTriple => simple::naked_subset(g, 3, false),
        Kind::NakedQuadruple => simple::naked_subset(g, 4, false),
        Kind::HiddenPair => simple::hidden_subset(g, 2),
        Kind::HiddenTriple => simple::hidden_subset(g, 3),
        Kind::HiddenQuadruple => simple::hidden_subset(g, 4),
        Kind::XWing => fish::fish(g, 2, Shape::Basic, Fins::Finless),
        Kind::Swordfish => fish::fish(g, 3, Shape::Basic, Fins::Finless),
        Kind::Jellyfish => fish::fish(g, 4, Shape::Basic, Fins::Finless),
        Kind::FinnedXWing => fish::fish(g, 2, Shape::Basic, Fins::Finned),
        Kind::FinnedSwordfish => fish::fish(g, 3, Shape::Basic, Fins::Finned),
        Kind::FinnedJellyfish => fish::fish(g, 4, Shape::Basic, Fins::Finned),
        Kind::SashimiXWing => fish::fish(g, 2, Shape::Basic, Fins::Sashimi),
        Kind::SashimiSwordfish => fish::fish(g, 3, Shape::Basic, Fins::Sashimi),
        Kind::SashimiJellyfish => fish::fish(g, 4, Shape::Basic, Fins::Sashimi),
        Kind::FrankenXWing => fish::fish(g, 2, Shape::Franken, Fins::Finless),
        Kind::FrankenSwordfish => fish::fish(g, 3, Shape::Franken, Fins::Finless),
        Kind::FinnedFrankenXWing => fish::fish(g, 2, Shape::Franken, Fins::Finned),
        Kind::FinnedFrankenSwordfish => fish::fish(g, 3, Shape::Franken, Fins::Finned),
        Kind::Skyscraper => patterns::skyscraper(g),
        Kind::TwoStringKite => patterns::two_string_kite(g),
        Kind::EmptyRectangle => patterns::empty_rectangle(g),
        Kind::WWing => patterns::w_wing(g),
        Kind::XyWing => patterns::wing(g, false),
        Kind::XyzWing => patterns::wing(g, true),
        Kind::BugPlus1 => uniqueness::bug_plus_1(g),
        Kind::Uniqueness1
        | Kind::Uniqueness2
        | Kind::Uniqueness3
        | Kind::Uniqueness4
        | Kind::Uniqueness5
        | Kind::Uniqueness6
        | Kind::HiddenRectangle => uniqueness::unique_rectangle(g, kind),
        Kind::AvoidableRectangle1 | Kind::AvoidableRectangle2 => {
            uniqueness::avoidable_rectangle(g, kind)
        }
        Kind::SueDeCoq => misc::sue_de_coq(g),
        Kind::SimpleColors => coloring::simple_colors(g),
        Kind::MultiColors => coloring::multi_colors(g),
        Kind::RemotePair => chains::chain(g, chains::ChainType::RemotePair),
        Kind::TurbotFish => chains::chain(g, chains::ChainType::TurbotFish),
        Kind::XChain => chains::chain(g, chains::ChainType::XChain),
        Kind::XyChain => chains::chain(g, chains::ChainType::XyChain),
        Kind::NiceLoop => tabling::tabling(g, tabling::Mode::Loops { grouped: false }),
        Kind::GroupedNiceLoop => tabling::tabling(g, tabling::Mode::Loops { grouped: true }),
        Kind::ForcingChain => tabling::tabling(g, tabling::Mode::Forcing { nets: false }),
        Kind::ForcingNet => tabling::tabling(g, tabling::Mode::Forcing { nets: true }),
        Kind::AlsXz => als::als_xz(g),
        Kind::AlsXyWing => als::als_xy_wing(g),
        Kind::AlsXyChain => als::als_chain(g),
        Kind::BruteForce => brute_force(g, solution),
        Kind::GiveUp => Some(Step::new(Kind::GiveUp)),
        _ => return Found::Lacking,
    };
    step.map_or(Found::Nothing, Found::Step)
}

/// HoDoKu's brute force: the middle one of the open cells (in reading order) gets its
/// solution digit.
fn brute_force(g: &Grid, solution: &[u8; 81]) -> Option<Step> {
    let open: Vec<u8> = (0..81u8).filter(|&c| g.values[c as usize] == 0).collect();
    let cell = *open.get(open.len() / 2)?;
    Some(Step::placing(
        Kind::BruteForce,
        cell,
        solution[cell as usize],
    ))
}

/// HoDoKu's path of `start` with its default configuration: the steps, the score and the
/// level; `solution` is the puzzle's (brute force places from it). Every step's
/// conclusions are checked against the solution as they are applied.
pub fn solve(start: &State, solution: &[u8; 81], limits: &Limits) -> Path {
    let order = table::solver_order();
    let mut meter = Meter::new(*limits);
    let mut path = Path {
        steps: Vec::new(),
        score: 0,
        level: Level::Easy,
        solved: false,
        halt: None,
    };
    let Some(mut g) = Grid::from_state(start) else {
        path.halt = Some(Halt::Invalid);
        return finish(path);
    };
    'steps: while !g.is_solved() {
        if let Some(stop) = meter.check() {
            path.halt = Some(Halt::Limit(stop));
            break;
        }
        for config in &order {
            match find(config.kind, &mut g, solution) {
                Found::Nothing => continue,
                Found::Lacking => {
                    path.halt = Some(Halt::Lacking(config.kind));
                    break 'steps;
                }
                Found::Step(step) => {
                    path.score += config.score;
                    path.level = path.level.max(config.level);
                    let wrong = step
                        .placements
                        .iter()
                        .any(|&(c, d)| solution[c as usize] != d)
                        || step
                            .deletions
                            .iter()
                            .any(|&(c, d)| solution[c as usize] == d);
                    if wrong || !step.apply(&mut g) {
                        path.steps.push((*config, step));
                        path.halt = Some(Halt::Invalid);
                        break 'steps;
                    }
                    let give_up = step.kind == Kind::GiveUp;
                    path.steps.push((*config, step));
                    if give_up {
                        break 'steps;
                    }
                    continue 'steps;
                }
            }
        }
        break;
    }
    path.solved = g.is_solved();
    finish(path)
}

/// HoDoKu's final level: raised while the score exceeds the level's maximum; Extreme for
/// a grid left unsolved.
fn finish(mut path: Path) -> Path {
    while path.score > path.level.max_score() {
        path.level = path.level.next();
    }
    if !path.solved {
        path.level = Level::Extreme;
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::format::parse_line;

    fn start(grid: &str) -> (State, [u8; 81]) {
        let s = parse_line(grid, 1).unwrap().start_state().unwrap();
        let r = sudolink_engine::solver::count_solutions(&s, 2);
        (s, r.solution.unwrap())
    }

    #[test]
    fn the_default_order_starts_with_the_singles_and_ends_with_brute_force_and_giving_up() {
        let order = table::solver_order();
        let kinds: Vec<Kind> = order.iter().map(|c| c.kind).collect();
        assert_eq!(
            &kinds[..3],
            [Kind::FullHouse, Kind::NakedSingle, Kind::HiddenSingle]
        );
        assert_eq!(&kinds[kinds.len() - 2..], [Kind::BruteForce, Kind::GiveUp]);
        // HoDoKu's default enables 57 steps: the uniqueness tests, not kraken fish, templates
        // nor death blossoms
        assert_eq!(kinds.len(), 57);
        assert!(kinds.contains(&Kind::Uniqueness1) && !kinds.contains(&Kind::KrakenFish));
        let score = |k: Kind| table::config_of(k).unwrap().score;
        assert_eq!(
            (score(Kind::HiddenSingle), score(Kind::NakedSingle)),
            (14, 4)
        );
        assert_eq!(
            (score(Kind::ForcingChain), score(Kind::ForcingNet)),
            (500, 700)
        );
    }

    #[test]
    fn a_score_above_the_levels_maximum_raises_the_level() {
        // top1465 #4: no step above Medium, a score of 1032 > 1000: Hard
        let (s, sol) = start(
            "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
        );
        let path = solve(&s, &sol, &Limits::unlimited());
        assert!(path.solved && path.halt.is_none());
        assert!(path.steps.iter().all(|(c, _)| c.level <= Level::Medium));
        assert_eq!((path.level, path.score), (Level::Hard, 1032));
    }

    #[test]
    fn placing_a_digit_queues_the_singles_it_makes_in_order() {
        // a row with one cell left: placing the others leaves a naked single there
        let s = parse_line(
            "12345678.........................................................................",
            1,
        )
        .unwrap()
        .start_state()
        .unwrap();
        let g = Grid::from_state(&s).unwrap();
        assert_eq!(g.naked.pending().first(), Some(&(8, 9)));
        assert_eq!(simple::full_house(&g).unwrap().placements, [(8, 9)]);
    }

    #[test]
    fn every_step_of_a_path_is_true_and_the_grid_ends_solved() {
        let (s, sol) = start(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let path = solve(&s, &sol, &Limits::unlimited());
        assert!(path.solved);
        for (_, step) in &path.steps {
            assert!(step.placements.iter().all(|&(c, d)| sol[c as usize] == d));
            assert!(step.deletions.iter().all(|&(c, d)| sol[c as usize] != d));
        }
        assert_eq!((path.level, path.score), (Level::Extreme, 5328));
    }
}
