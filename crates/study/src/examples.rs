//! Berthier's worked examples: each puzzle with its resolution path as the work prints it
//! (the gallery exports them; the explorer offers them to pick from).

/// A worked example of [Berthier NRC]: its puzzle, its path as the work prints it, and
/// the steps (1-based) the work points at beside the first and the longest chain.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    pub name: &'static str,
    pub title: &'static str,
    pub puzzle: &'static str,
    pub path: &'static str,
    pub also: &'static [usize],
}

pub const EXAMPLES: [Example; 6] = [
    Example {
        name: "ocean-1",
        title: "Ocean #1 ([Berthier NRC] A4): nrc chains of length at most 4",
        puzzle: "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
        path: include_str!("../../../tests/fixtures/seed_paths/ocean-1.path"),
        also: &[],
    },
    Example {
        name: "ocean-3",
        title: "Ocean #3 ([Berthier NRC] A4): nrct chains of length at most 4 and 2D chains",
        puzzle: "....1...2..1....3..4...56.......74..3.......6..89.......63...8..5....1..2...4....",
        path: include_str!("../../../tests/fixtures/seed_paths/ocean-3.path"),
        also: &[],
    },
    Example {
        name: "ocean-6",
        title: "Ocean #6 ([Berthier NRC] A4): nrczt chains of length at most 4",
        puzzle: "....1...2..1....3..4...56.......78..1.......5..34.......63...9..5....4..2...8....",
        path: include_str!("../../../tests/fixtures/seed_paths/ocean-6.path"),
        also: &[],
    },
    Example {
        name: "top1465-3",
        title: "top1465 #3 ([Berthier NRC] A7): up to the nrczt28 lr-lasso",
        puzzle: "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        path: include_str!("../../../tests/fixtures/seed_paths/top1465-3.path"),
        also: &[],
    },
    Example {
        name: "eastermonster-r4c8-7",
        title: "EasterMonster with r4c8=7 ([Berthier NRC] A5): the nrczt25 chain",
        puzzle: "1.......2.9.4...5...6...7...5.9.3.7.....7.......85..4.7.....6...3...9.8...2.....1",
        path: include_str!("../../../tests/fixtures/seed_paths/eastermonster-r4c8-7.path"),
        also: &[],
    },
    Example {
        name: "sudogen0-707",
        title: "Sudogen0 #707 ([Berthier NRC] A5): each step one nrc(z)(t) rule, chains up to length 14",
        puzzle: "4..3..6.8..5..1.3..16.4...7.7.....8......2....51..637...2.9.8.....1..........4..9",
        path: include_str!("../../../tests/fixtures/seed_paths/sudogen0-707.path"),
        // step 12: the first nrczt13 chain (A7: "the longest nrczt-chain I had found in the
        // Sudogen0 collection had length 13 (in puzzle Sudogen0 #707)"); step 37: the chain
        // the seed writes as a list of candidates
        also: &[12, 37],
    },
];
