//! The catalogue: every technique, simplest first, one entry each.

use super::*;
use crate::ork::Sources;

pub(super) const ASSISTANT: &[&str] = &["assistant"];
pub(super) const ALS: &[&str] = &["assistant", "als"];
pub(super) const GNPX: &[&str] = &["force", "force-chains"];
pub(super) const CHAINS: &[&str] = &["force-chains"];
pub(super) const NETS: &[&str] = &["force-nets"];

/// Every technique, simplest first: the basic rules of L4_0 in their order (singles,
/// interactions, then by size naked/hidden subsets and fish, the wings with the triplets),
/// the larger fish, the chain families in [Berthier NRC]'s order (2D, 3D, lassos), the whips.
pub static REGISTRY: [Technique; 184] = {
    use BasicRule as B;
    use ChainFamily as F;
    use Class::*;
    use LinkLevel::{Als, Groups, Links};
    [
        Technique::basic(
            "naked-single",
            &[],
            &["basic", "singles"],
            B::NakedSingle,
            Singles,
            1,
            "the only candidate of a cell",
        )
        .rated(4, 0),
        Technique::basic(
            "hidden-single",
            &[],
            &["basic", "singles"],
            B::HiddenSingle,
            Singles,
            1,
            "the only place of a digit in a house",
        )
        .rated(14, 0),
        Technique::basic(
            "interaction",
            &["pointing", "claiming", "locked-candidates"],
            BASIC_SETS,
            B::Interaction,
            Basic,
            1,
            "a digit of a block in one line, or of a line in one block",
        )
        .rated(50, 0),
        Technique::basic(
            "naked-pairs",
            &[],
            &["basic", "subsets"],
            B::NakedSubset(2),
            Basic,
            2,
            "two cells of a house holding two digits",
        )
        .rated(60, 0),
        Technique::basic(
            "hidden-pairs",
            &[],
            &["basic", "subsets"],
            B::HiddenSubset(2),
            Basic,
            2,
            "two digits of a house in two cells",
        )
        .rated(70, 0),
        Technique::basic(
            "x-wing",
            &["fish-2"],
            &["basic", "fish"],
            B::Fish(2),
            Basic,
            2,
            "a digit's places in two lines within two cross lines",
        )
        .rated(140, 0),
        Technique::basic(
            "naked-triplets",
            &[],
            &["basic", "subsets"],
            B::NakedSubset(3),
            Basic,
            3,
            "three cells of a house holding three digits",
        )
        .rated(80, 0),
        Technique::basic(
            "hidden-triplets",
            &[],
            &["basic", "subsets"],
            B::HiddenSubset(3),
            Basic,
            3,
            "three digits of a house in three cells",
        )
        .rated(100, 0),
        Technique::basic(
            "swordfish",
            &["fish-3"],
            &["basic", "fish"],
            B::Fish(3),
            Basic,
            3,
            "a digit's places in three lines within three cross lines",
        )
        .rated(150, 0),
        Technique::basic(
            "xy-wing",
            &[],
            BASIC_SETS,
            B::XyWing,
            Basic,
            3,
            "pivot {x y}, pincers {x z} and {y z}",
        )
        .rated(160, 0),
        Technique::basic(
            "xyz-wing",
            &[],
            BASIC_SETS,
            B::XyzWing,
            Basic,
            3,
            "pivot {x y z}, pincers {x z} and {y z}",
        )
        .rated(180, 0),
        Technique::basic(
            "naked-quads",
            &[],
            &["basic", "subsets"],
            B::NakedSubset(4),
            Basic,
            4,
            "four cells of a house holding four digits",
        )
        .rated(120, 0),
        Technique::basic(
            "hidden-quads",
            &[],
            &["basic", "subsets"],
            B::HiddenSubset(4),
            Basic,
            4,
            "four digits of a house in four cells",
        )
        .rated(150, 0),
        Technique::basic(
            "jellyfish",
            &["fish-4"],
            &["basic", "fish"],
            B::Fish(4),
            Basic,
            4,
            "a digit's places in four lines within four cross lines",
        )
        .rated(160, 0),
        Technique::basic(
            "squirmbag",
            &["fish-5"],
            &["fish"],
            B::Fish(5),
            Extra,
            5,
            "a digit's places in five lines within five cross lines",
        )
        .rated(470, 0),
        Technique::basic(
            "whale",
            &["fish-6"],
            &["fish"],
            B::Fish(6),
            Extra,
            6,
            "a digit's places in six lines within six cross lines",
        )
        .rated(470, 0),
        Technique::basic(
            "leviathan",
            &["fish-7"],
            &["fish"],
            B::Fish(7),
            Extra,
            7,
            "a digit's places in seven lines within seven cross lines",
        )
        .rated(470, 0),
        hodoku(
            "locked-pair",
            &["l2"],
            HodokuRule::LockedSubset { size: 2 },
            "a naked pair where a block and a line cross, clearing both (HoDoKu)",
        )
        .rated(40, 0),
        hodoku(
            "locked-triple",
            &["l3"],
            HodokuRule::LockedSubset { size: 3 },
            "a naked triple where a block and a line cross, clearing both (HoDoKu)",
        )
        .rated(60, 0),
        hodoku(
            "skyscraper",
            &["sk"],
            HodokuRule::SingleDigit(SingleDigitKind::Skyscraper),
            "two conjugate pairs of a digit in parallel lines, joined at one end by a cross line (HoDoKu)",
        )
        .rated(130, 0),
        hodoku(
            "two-string-kite",
            &["2-string-kite", "2sk"],
            HodokuRule::SingleDigit(SingleDigitKind::TwoStringKite),
            "a digit's conjugate pairs in a row and a column, joined in a block (HoDoKu)",
        )
        .rated(150, 0),
        hodoku(
            "turbot-fish",
            &["tf"],
            HodokuRule::SingleDigit(SingleDigitKind::TurbotFish),
            "any other X-chain of two conjugate pairs of a digit (HoDoKu)",
        )
        .rated(120, 0),
        hodoku(
            "empty-rectangle",
            &["er"],
            HodokuRule::EmptyRectangle { dual: false },
            "a block's digit in one row and column, with a conjugate pair (HoDoKu)",
        )
        .rated(120, 0),
        hodoku(
            "w-wing",
            &["ww"],
            HodokuRule::WWing,
            "two bivalue cells with the same digits joined by a conjugate pair of one of them (HoDoKu)",
        )
        .rated(150, 0),
        hodoku(
            "dual-empty-rectangle",
            &["dual-er"],
            HodokuRule::EmptyRectangle { dual: true },
            "two empty rectangles on one block with two eliminations, one step (HoDoKu)",
        )
        .rated(121, 0),
        hodoku(
            "als-xz-overlap",
            &["als-xz-allow-overlap"],
            HodokuRule::AlsOverlap(AlsKind::Xz),
            "ALS-XZ whose two ALS may share cells holding no X (HoDoKu's allow overlap)",
        )
        .rated(305, 0),
        hodoku(
            "als-xy-wing-overlap",
            &["als-xy-wing-allow-overlap"],
            HodokuRule::AlsOverlap(AlsKind::XyWing),
            "ALS-XY-wing whose ALS may share cells holding no X or Y (HoDoKu's allow overlap)",
        )
        .rated(325, 0),
        hodoku(
            "death-blossom-overlap",
            &["death-blossom-allow-overlap"],
            HodokuRule::AlsOverlap(AlsKind::DeathBlossom),
            "a death blossom whose petals may share cells (HoDoKu's allow overlap)",
        )
        .rated(365, 0),
        hodoku(
            "grouped-aic",
            &["x-chain", "xy-chain", "grouped-discontinuous-nice-loop"],
            HodokuRule::GroupedChains { loops: false },
            "alternating inference chain through candidates and groups only (HoDoKu's default X-, XY-chains, AICs and discontinuous nice loops)",
        )
        .rated(280, 0),
        hodoku(
            "grouped-nice-loop",
            &["grouped-continuous-nice-loop"],
            HodokuRule::GroupedChains { loops: true },
            "continuous nice loop through candidates and groups only (HoDoKu's default)",
        )
        .rated(280, 0),
        hodoku(
            "aic-als-nodes",
            &["als-xy-chain", "grouped-aic-als"],
            HodokuRule::AlsNodeChains { loops: false },
            "alternating inference chain through ALS of any size, which may force a cell (HoDoKu's ALS in tabling chains, ALS-XY-chains)",
        )
        .rated(300, 0),
        hodoku(
            "nice-loop-als-nodes",
            &["grouped-nice-loop-als"],
            HodokuRule::AlsNodeChains { loops: true },
            "continuous nice loop through ALS of any size, which may force a cell (HoDoKu's ALS in tabling chains)",
        )
        .rated(300, 0),
        hodoku(
            "siamese-fish",
            &["siamese-finned-fish"],
            HodokuRule::SiameseFish,
            "two finned or sashimi fish (of any shape) on one base with different eliminations, one step (HoDoKu)",
        )
        .rated(150, 10),
        hodoku(
            "hodoku-finned-fish",
            &["hodoku-fish"],
            HodokuRule::Fish {
                shape: FishShape::Basic,
                min_size: 2,
                max_size: 4,
            },
            "basic, finned and sashimi fish of rows against columns, size 2 to 4, as HoDoKu's fish search finds them (cannibalism included)",
        )
        .rated(290, 10),
        hodoku(
            "franken-fish",
            &["franken"],
            HodokuRule::Fish {
                shape: FishShape::Franken,
                min_size: 2,
                max_size: 4,
            },
            "a fish whose base or cover takes blocks (rows and blocks against columns and blocks), basic or finned, size 2 to 4 (HoDoKu)",
        )
        .rated(300, 10),
        hodoku(
            "small-franken-fish",
            &[
                "franken-x-wing",
                "franken-swordfish",
                "finned-franken-x-wing",
                "finned-franken-swordfish",
            ],
            HodokuRule::Fish {
                shape: FishShape::Franken,
                min_size: 2,
                max_size: 3,
            },
            "a Franken fish of size 2 or 3, basic or finned: the Franken steps HoDoKu's default configuration enables",
        )
        .rated(300, 10),
        hodoku(
            "mutant-fish",
            &["mutant"],
            HodokuRule::Fish {
                shape: FishShape::Mutant,
                min_size: 2,
                max_size: 4,
            },
            "a fish of any houses on either side (rows and columns on one side), basic or finned, size 2 to 4 (HoDoKu)",
        )
        .rated(450, 10),
        hodoku(
            "kraken-fish",
            &["kraken-fish-type-1", "kraken"],
            HodokuRule::KrakenFish { type_2: false },
            "a finned fish (rows against columns, size 2 to 4) whose every fin forces a place it would eliminate without fins false through a chain (HoDoKu's kraken type 1)",
        )
        .rated(500, 0),
        hodoku(
            "kraken-fish-type-2",
            &["kraken-2"],
            HodokuRule::KrakenFish { type_2: true },
            "a finned fish (rows against columns, size 2 to 4, one or two fins) and one of its covers: its base places there (no cannibal) and the fins each force a candidate false through a chain (HoDoKu's kraken type 2)",
        )
        .rated(500, 0),
        hodoku(
            "large-franken-fish",
            &["franken-squirmbag", "franken-whale", "franken-leviathan"],
            HodokuRule::Fish {
                shape: FishShape::Franken,
                min_size: 5,
                max_size: 7,
            },
            "Franken fish of size 5 to 7, basic or finned (HoDoKu)",
        )
        .rated(310, 10),
        hodoku(
            "large-mutant-fish",
            &["mutant-squirmbag", "mutant-whale", "mutant-leviathan"],
            HodokuRule::Fish {
                shape: FishShape::Mutant,
                min_size: 5,
                max_size: 7,
            },
            "mutant fish of size 5 to 7, basic or finned (HoDoKu)",
        )
        .rated(460, 10),
        hodoku(
            "bug+1",
            &["bug-plus-1", "bug1"],
            HodokuRule::Uniqueness(UniquenessKind::BugPlus1),
            "every open cell bivalue but one, every digit twice per house but one: that cell takes the digit placed three times (assumes a unique solution)",
        )
        .rated(100, 0),
        hodoku(
            "unique-rectangle-1",
            &["ur1", "uniqueness-test-1"],
            HodokuRule::Uniqueness(UniquenessKind::Ur1),
            "a deadly rectangle with one cell holding other digits: that cell is neither (assumes a unique solution)",
        )
        .rated(101, 0),
        hodoku(
            "unique-rectangle-2",
            &["ur2", "uniqueness-test-2"],
            HodokuRule::Uniqueness(UniquenessKind::Ur2),
            "a deadly rectangle whose two aligned roof cells add one digit: it leaves their common peers (assumes a unique solution)",
        )
        .rated(102, 0),
        hodoku(
            "unique-rectangle-3",
            &["ur3", "uniqueness-test-3"],
            HodokuRule::Uniqueness(UniquenessKind::Ur3),
            "a deadly rectangle's roof as one cell of a naked subset (assumes a unique solution)",
        )
        .rated(103, 0),
        hodoku(
            "unique-rectangle-4",
            &["ur4", "uniqueness-test-4"],
            HodokuRule::Uniqueness(UniquenessKind::Ur4),
            "a deadly rectangle's roof holding one digit's every place in a house: the other digit leaves the roof (assumes a unique solution)",
        )
        .rated(104, 0),
        hodoku(
            "unique-rectangle-5",
            &["ur5", "uniqueness-test-5"],
            HodokuRule::Uniqueness(UniquenessKind::Ur5),
            "a deadly rectangle whose diagonal or three roof cells add one digit: it leaves their common peers (assumes a unique solution)",
        )
        .rated(105, 0),
        hodoku(
            "unique-rectangle-6",
            &["ur6", "uniqueness-test-6"],
            HodokuRule::Uniqueness(UniquenessKind::Ur6),
            "a deadly rectangle with a digit an x-wing on it and a diagonal roof: the digit leaves the roof (assumes a unique solution)",
        )
        .rated(106, 0),
        hodoku(
            "hidden-rectangle",
            &["hr"],
            HodokuRule::Uniqueness(UniquenessKind::HiddenRectangle),
            "a deadly rectangle with a digit confined in the far corner's row and column (assumes a unique solution)",
        )
        .rated(107, 0),
        hodoku(
            "avoidable-rectangle-1",
            &["ar1"],
            HodokuRule::Uniqueness(UniquenessKind::Ar1),
            "a rectangle of placed non-givens that one open cell would make deadly (assumes a unique solution)",
        )
        .rated(108, 0),
        hodoku(
            "avoidable-rectangle-2",
            &["ar2"],
            HodokuRule::Uniqueness(UniquenessKind::Ar2),
            "a rectangle of placed non-givens whose two open cells add one digit (assumes a unique solution)",
        )
        .rated(109, 0),
        hodoku(
            "bug-lite",
            &["bug-lite+1"],
            HodokuRule::Uniqueness(UniquenessKind::BugLite),
            "a deadly pattern of six or more bivalue cells, each digit twice in each of its houses, but one cell holding other digits: that cell takes one of them (assumes a unique solution)",
        )
        .rated(110, 0),
        assistant(
            "grid-analysis",
            &["analyze-x"],
            ASSISTANT,
            |s| grid_analysis::find(s.links),
            2,
            "Hanson: n lines × n cross lines (subsets and fish of any size), with complements",
        )
        .rated(100, 30),
        assistant(
            "bent-naked-subsets",
            &["bent-subsets"],
            ASSISTANT,
            |s| bent::find(s.links),
            3,
            "Hanson: N cells over two houses holding N digits (XY-, XYZ-, WXYZ-wings…)",
        )
        .rated(70, 30),
        assistant(
            "als-xz",
            &["als-singly-linked", "assistant-step-3"],
            ALS,
            |s| als::xz_in(s.als()),
            2,
            "two ALS with a restricted common X and another common digit Z (Hanson's step 3)",
        )
        .rated(300, 0),
        assistant(
            "als-doubly-linked",
            &["als-xz-doubly-linked"],
            ALS,
            |s| als::doubly_linked(s.links),
            2,
            "two ALS with two restricted common digits: each is locked but for one",
        )
        .rated(300, 0),
        assistant(
            "als-xy-wing",
            &[],
            ALS,
            |s| als::xy_wing_in(s.als()),
            3,
            "ALS A and B linked to a pivot ALS C by X and Y, Z common to A and B",
        )
        .rated(320, 0),
        assistant(
            "death-blossom",
            &["als-death-blossom"],
            ALS,
            |s| als::death_blossom(s.links, Overlap::Disjoint),
            3,
            "a stem cell and one ALS per candidate, Z common to every petal",
        )
        .rated(360, 0),
        assistant(
            "sue-de-coq",
            &["als-sue-de-coq"],
            ALS,
            |s| als::sue_de_coq(s.links),
            4,
            "two ALS on a box-line intersection: the core, line cells and box cells",
        )
        .rated(250, 0),
        assistant(
            "grid-als",
            &["grid-based-als"],
            ASSISTANT,
            |s| grid_analysis::grid_als_in(s.masks(), None),
            2,
            "Hanson: a digit's n lines in n + 1 cross lines; a candidate knocking two out",
        )
        .rated(90, 40),
        assistant(
            "finned-fish",
            &[],
            ASSISTANT,
            |s| grid_analysis::grid_als_in(s.masks(), Some(FinKind::Finned)),
            2,
            "a fish with fins in one block (a grid ALS)",
        )
        .rated(50, 40),
        // SudoRules' finned fish by size (`SUBSETS/FSH<n>-finned-*.clp`), for the level
        // schemes of Berthier's T&E(3) puzzles, which place each at its level
        assistant(
            "finned-x-wing",
            &["sudorules-finned-x-wing"],
            &[SFIN_SET],
            |s| grid_analysis::finned_fish_of_size(s.masks(), 2),
            2,
            "a finned or sashimi x-wing of rows against columns, fins in one block (SudoRules' finned-x-wing, Subsets and finned fish at level 2)",
        )
        .rated(50, 40),
        assistant(
            "finned-swordfish",
            &["sudorules-finned-swordfish"],
            &[SFIN_SET],
            |s| grid_analysis::finned_fish_of_size(s.masks(), 3),
            3,
            "a finned or sashimi swordfish of rows against columns, fins in one block (SudoRules' finned-swordfish, at level 3)",
        )
        .rated(50, 40),
        assistant(
            "finned-jellyfish",
            &["sudorules-finned-jellyfish"],
            &[SFIN_SET],
            |s| grid_analysis::finned_fish_of_size(s.masks(), 4),
            4,
            "a finned or sashimi jellyfish of rows against columns, fins in one block (SudoRules' finned-jellyfish, at level 4)",
        )
        .rated(50, 40),
        assistant(
            "sashimi-fish",
            &[],
            ASSISTANT,
            |s| grid_analysis::grid_als_in(s.masks(), Some(FinKind::Sashimi)),
            2,
            "a finned fish with a base line left one place without its fins (a grid ALS)",
        )
        .rated(70, 40),
        assistant(
            "almost-locked-ranges",
            &["alr"],
            ASSISTANT,
            |s| ranges::find(s.links),
            2,
            "Hanson: a block's digit on two line segments redirects a weak link into a strong chain",
        )
        .rated(280, 0),
        assistant(
            "medusa",
            &["3d-medusa", "medusa-3d", "medusa-colouring", "medusa-coloring"],
            ASSISTANT,
            |s| medusa::find(s.links),
            2,
            "Hanson's 3D Medusa: two-coloured strong chains, weak links, weak corners, hinges",
        )
        .rated(320, 0),
        assistant(
            "aic",
            &["g-aic", "als-aic", "als-chain"],
            ALS,
            |s| aic::find(s.links),
            2,
            "alternating inference chain through candidates, groups and ALS (Eureka)",
        )
        .first_by(|s| aic::first(s.links))
        .rated(280, 0),
        assistant(
            "nice-loop",
            &["continuous-nice-loop", "cnl"],
            ALS,
            |s| aic::find_loops(s.links),
            2,
            "continuous nice loop through candidates, groups and ALS: two neighbours, one true",
        )
        .rated(280, 0),
        assistant(
            "als-strong-chains",
            &["assistant-step-4"],
            ALS,
            |s| ranges::als_strong_chains(s.links),
            2,
            "Hanson's step 4: one colour of a strong chain would take two digits from an ALS",
        )
        .rated(340, 0),
        hypothesis(
            "hypothesis",
            &["disproof", "hypothesis-disproof"],
            ForceMode::Hypothesis,
            "Hanson: a candidate assumed true, marked a/A/B… through strong chains, is disproved",
        )
        .rated(400, 10),
        hypothesis(
            "bivalue-hypothesis",
            &["two-way-hypothesis", "circles-and-squares"],
            ForceMode::Bivalue,
            "Gail Nelson: both candidates of a bivalue cell force the same literal",
        )
        .rated(410, 10),
        hypothesis(
            "depth",
            &["+depth", "plus-depth"],
            ForceMode::Depth,
            "Hanson's +depth: a hypothesis restarted at dead ends with singles and locked candidates",
        )
        .rated(600, 10),
        hypothesis(
            "depth2",
            &["++depth", "plus-plus-depth"],
            ForceMode::Depth2,
            "Hanson's ++depth: +depth with naked and hidden subsets and fish (grids) up to size 4",
        )
        .rated(650, 10),
        Technique {
            name: "tag1",
            aliases: &["tagging-1"],
            sets: &["tagging"],
            search: Search::Tagging(1),
            class: Tagging,
            measure: LengthMeasure::Size(1),
            graded: false,
            default_cap: None,
            summary: "gpenet: layers of strong links (groups included), tags, alternate chains",
            system: System::Tagging,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
        .rated(300, 0),
        Technique {
            name: "tag2",
            aliases: &["tagging-2", "full-tagging"],
            sets: &["tagging"],
            search: Search::Tagging(2),
            class: Tagging,
            measure: LengthMeasure::Size(2),
            graded: false,
            default_cap: None,
            summary: "gpenet: tagging with ALS and almost cells, choices and merged tags",
            system: System::Tagging,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
        .rated(450, 0),
        Technique {
            name: "tag3",
            aliases: &["tagging-3"],
            sets: &["tagging"],
            search: Search::Tagging(3),
            class: Tagging,
            measure: LengthMeasure::Size(3),
            graded: false,
            default_cap: None,
            summary: "gpenet: tagging whose weak links are extended through choices, pass by pass",
            system: System::Tagging,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
        .rated(600, 0),
        Technique::chain(F::Xy, Chain2d, &["2d", "chains"])
        .rated(0, 100),
        Technique::chain(F::Xyt, Chain2d, &["2d", "chains"])
        .rated(1, 100),
        Technique::chain(F::Xyz, Chain2d, &["2d", "chains"])
        .rated(2, 100),
        Technique::chain(F::Xyzt, Chain2d, &["2d", "chains"])
        .rated(3, 100),
        Technique::chain(F::HxyRn, Chain2d, &["2d", "chains"])
        .rated(4, 100),
        Technique::chain(F::HxytRn, Chain2d, &["2d", "chains"])
        .rated(5, 100),
        Technique::chain(F::HxyzRn, Chain2d, &["2d", "chains"])
        .rated(6, 100),
        Technique::chain(F::HxyztRn, Chain2d, &["2d", "chains"])
        .rated(7, 100),
        Technique::chain(F::HxyCn, Chain2d, &["2d", "chains"])
        .rated(8, 100),
        Technique::chain(F::HxytCn, Chain2d, &["2d", "chains"])
        .rated(9, 100),
        Technique::chain(F::HxyzCn, Chain2d, &["2d", "chains"])
        .rated(10, 100),
        Technique::chain(F::HxyztCn, Chain2d, &["2d", "chains"])
        .rated(11, 100),
        Technique::chain(F::C, Chain2d, &["2d", "chains"])
        .rated(12, 100),
        Technique::chain(F::Nrc, Chain3d, &["3d", "chains"])
        .rated(13, 100),
        Technique::chain(F::Nrct, Chain3d, &["3d", "chains"])
        .rated(14, 100),
        Technique::chain(F::Nrcz, Chain3d, &["3d", "chains"])
        .rated(15, 100),
        Technique::chain(F::Nrczt, Chain3d, &["3d", "chains"])
        .rated(16, 100),
        Technique::chain(F::NrctLasso, Lasso, &["lasso", "chains"])
        .rated(17, 100),
        Technique::chain(F::NrcztLasso, Lasso, &["lasso", "chains"])
        .rated(18, 100),
        Technique::whip(WhipKind::Whip, None)
        .rated(20, 100),
        Technique::whip(WhipKind::Braid, None)
        .rated(22, 100),
        Technique::whip(WhipKind::GWhip, Some(16))
        .rated(21, 100),
        Technique::whip(WhipKind::GBraid, Some(10))
        .rated(23, 100),
        // CSP-Rules' impossible patterns (see `impossible`): an oddagon O[n] just above the
        // whips and braids of its length n; a tridagon (12 cells, CSP-Rules' complexity 12)
        // above every whip and braid of length 12, its OR-k relation's elimination one step
        // further (the relation and its ORk-whip[1])
        impossible(
            "oddagon",
            &["oddagons", "o"],
            |s| crate::oddagon::find(s.links),
            crate::oddagon::MAX_LENGTH,
            "an odd loop of candidates through CSP variables: what sees every guardian (the variables' other candidates) goes (CSP-Rules' oddagons, length n ≤ 15)",
        )
        .rated(30, 100),
        impossible(
            "tridagon",
            &["trivalue-oddagon", "tridagon-12"],
            |s| crate::tridagon::find(s.links, crate::tridagon::Wanted::Tridagon),
            12,
            "three digits in 3 cells of each of 4 blocks (2 bands × 2 stacks), oddly oriented: impossible, so the one cell with other digits loses the three (SudoRules' tridagon, length 12)",
        )
        .rated(1240, 0),
        impossible(
            "trid-ork",
            &["anti-tridagon", "ork-anti-tridagon", "degen-cycl-trid-ork"],
            |s| crate::tridagon::find(s.links, crate::tridagon::Wanted::OrK),
            12,
            "a tridagon (or its degenerate-cyclic form) with k guardians in several cells: one is true, so what sees every guardian goes (SudoRules' Trid-ORk relation and its ORk-whips of length 1)",
        )
        .rated(1250, 0),
        // eleven's impossible patterns of Berthier's Select1 and Select2 lists (CSP-Rules 2.1,
        // `SudoRules-V20.1/EXOTIC/Imp630`), their OR-k relation's elimination just after the
        // tridagon's, as SudoRules' saliences put them
        imp630(
            "imp630-sel1-ork",
            &["select1-ork", "imp630-select1"],
            1,
            "one of eleven's 3-digit impossible patterns of Berthier's Select1 list (5 of the 630, matched up to band, row, stack and column permutations and transposition), asserted when each cell holds the three digits and kept on a path while they lose digits, as SudoRules does: one guardian is true, so what sees every guardian goes (SudoRules' EL<n>c<i>-ORk relation and its ORk-whips of length 1)",
        )
        .rated(1260, 0),
        imp630(
            "imp630-sel2-ork",
            &["select2-ork", "imp630-select2"],
            2,
            "one of eleven's 3-digit impossible patterns of Berthier's Select2 list (Select1 and 7 more), asserted when each cell holds the three digits and kept on a path while they lose digits, as SudoRules does: one guardian is true, so what sees every guardian goes (SudoRules' EL<n>c<i>-ORk relation and its ORk-whips of length 1)",
        )
        .rated(1270, 0),
        // the forum's exotic patterns (see `exotic`): Barker's rank-0 truths and links, rated
        // as a whip of as many CSP variables as their truths
        exotic(
            "msls",
            &["multi-sector-locked-set", "multi-fish"],
            |s| crate::rank::find_msls(s.links),
            2 * crate::rank::MSLS_MAX_LINES * crate::rank::MSLS_MAX_LINES,
            "the empty cells of k rows × m columns as truths, each digit linked in their rows or their columns, as many links as cells: the links' other candidates go (the forum's multi-sector locked set, XSudo's rank 0)",
        )
        .rated(50, 100),
        exotic(
            "sk-loop",
            &["sk-loops", "domino-loop"],
            |s| crate::rank::find_sk_loops(s.links),
            16,
            "the 16 cells beside four placed corners of a rectangle across four blocks, linked by digits of their blocks, rows and columns at rank 0: the links' other candidates go (Kurzhals' SK-loop)",
        )
        .rated(50, 100),
        exotic(
            "belt4",
            &["belt-4", "belt4-of-crosses"],
            |s| crate::rank::find_belts(s.links, 4),
            16,
            "four crosses (a centre's two mini-row ends with digits h ∪ i, its two mini-column ends with v ∪ i) in four blocks of a rectangle, neighbours sharing h along rows and v along columns: rank 0, the rows' h, columns' v and blocks' i go elsewhere (Berthier's Belt4, the SK-loop with any centres)",
        )
        .rated(50, 100),
        exotic(
            "belt6",
            &["belt-6", "belt6-of-crosses"],
            |s| crate::rank::find_belts(s.links, 6),
            24,
            "six crosses in six blocks, a ring over three rows and three columns, neighbours sharing their outer digits along rows and columns: rank 0, the rows', columns' and blocks' digits go elsewhere (Berthier's Belt6)",
        )
        .rated(50, 100),
        exotic(
            "junior-exocet",
            &["je", "jexocet", "exocet"],
            |s| crate::exocet::find(s.links),
            4,
            "two base cells of a mini-line with 3 or 4 digits, two targets in the band's other boxes, each base digit's cells on the cross-lines outside the band in two lines: the targets hold the base digits (Bird's Junior Exocet: target, base, cover-line, cross-line cover, mirror, mirror cell and two-digit rules)",
        )
        .rated(1000, 0),
        exotic(
            "senior-exocet",
            &["se-exocet", "sexocet"],
            |s| crate::exocet::find_senior(s.links),
            4,
            "a Junior Exocet's base, its targets on two cross-lines outside the base box's stack, one at least outside the band, each base digit's other cells on the three cross-lines (outside the base band for the base box's) in two lines: the targets hold the base digits (Bird's Senior Exocet, Blue's fish-column form: target, base, cover-line, cross-line cover and two-digit rules)",
        )
        .rated(1010, 0),
        // SudoRules' chains on a tridagon's OR-k relation: at their length n with the whips
        // (SudoRules tries them after whip[n], before g-whip[n] and braid[n]; ties go by
        // this order: whip, forcing, contrad, ORk-whip, as its saliences)
        ork(
            "ork-forcing-whip",
            &["ork-forcing-whips", "orkfw"],
            (OrkKind::ForcingWhip, crate::ork::largest_k(OrkKind::ForcingWhip), Sources::Tridagons),
            "from each guardian of a tridagon's OR-k relation (k ≤ 8) a partial whip, all ending on what sees the target, which goes, or all on one candidate, which is placed: one guardian is true (SudoRules' ORk-forcing-whips, elim and assert)",
        )
        .rated(20, 100),
        ork(
            "ork-contrad-whip",
            &["ork-contrad-whips", "orkcw", "ork-ctr-whip"],
            (OrkKind::ContradWhip, crate::ork::largest_k(OrkKind::ContradWhip), Sources::Tridagons),
            "a partial whip on the target whose right-linking candidates see every guardian of a tridagon's OR-k relation (k ≤ 6): the target goes (SudoRules' ORk-ctr-whips)",
        )
        .rated(20, 100),
        ork(
            "ork-whip",
            &["ork-whips", "orkw"],
            (OrkKind::Whip, crate::ork::largest_k(OrkKind::Whip), Sources::Tridagons),
            "a whip one of whose cells is a tridagon's OR-k relation (k ≤ 6), its guardians but one linked to the target or an earlier R (SudoRules' ORk-whips)",
        )
        .rated(20, 100),
        // the ORk-whips of Berthier's Trid-OR5W level (k ≤ 5: SudoRules' ?*OR5-Whips*)
        ork(
            "trid-or5-whip",
            &["or5-whip", "or5w"],
            (OrkKind::Whip, 5, Sources::Tridagons),
            "an ORk-whip on a tridagon's OR-k relation with k ≤ 5 (SudoRules' ?*OR5-Whips*, the chains of the Trid-OR5W level)",
        )
        .rated(20, 100),
        // SudoRules' ?*OR5-Whips* brings the ORk-contrad-whips with k ≤ 5 too
        ork(
            "trid-or5-contrad-whip",
            &["or5-contrad-whip", "or5cw"],
            (OrkKind::ContradWhip, 5, Sources::Tridagons),
            "an ORk-contrad-whip on a tridagon's OR-k relation with k ≤ 5 (SudoRules' ?*OR5-Whips* turns its OR5-contrad-whips on: the other chains of the Trid-OR5W level)",
        )
        .rated(20, 100),
        // the chains of Berthier's Select1-OR5W and Select2-OR5W levels: the same ORk-whips
        // and ORk-contrad-whips (k ≤ 5) on the tridagons' relations and on those of eleven's
        // patterns of the Select1 (Select2) list
        imp630_ork(
            "sel1-or5-whip",
            &["select1-or5-whip"],
            (OrkKind::Whip, 5, Sources::WithImp630(1)),
            "an ORk-whip with k ≤ 5 on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select1 list (the chains of the Select1-OR5W level)",
        )
        .rated(20, 100),
        imp630_ork(
            "sel1-or5-contrad-whip",
            &["select1-or5-contrad-whip"],
            (OrkKind::ContradWhip, 5, Sources::WithImp630(1)),
            "an ORk-contrad-whip with k ≤ 5 on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select1 list (the other chains of the Select1-OR5W level)",
        )
        .rated(20, 100),
        imp630_ork(
            "sel2-or5-whip",
            &["select2-or5-whip"],
            (OrkKind::Whip, 5, Sources::WithImp630(2)),
            "an ORk-whip with k ≤ 5 on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list (the chains of the Select2-OR5W level)",
        )
        .rated(20, 100),
        imp630_ork(
            "sel2-or5-contrad-whip",
            &["select2-or5-contrad-whip"],
            (OrkKind::ContradWhip, 5, Sources::WithImp630(2)),
            "an ORk-contrad-whip with k ≤ 5 on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list (the other chains of the Select2-OR5W level)",
        )
        .rated(20, 100),
        // every OR-k chain of SudoRules on the relations of eleven's patterns too (Select2,
        // which holds Select1), in no scheme
        imp630_ork(
            "sel2-ork-forcing-whip",
            &["select2-ork-forcing-whip"],
            (OrkKind::ForcingWhip, crate::ork::largest_k(OrkKind::ForcingWhip), Sources::WithImp630(2)),
            "an ORk-forcing-whip (elim and assert, k ≤ 8) from the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list",
        )
        .rated(20, 100),
        imp630_ork(
            "sel2-ork-contrad-whip",
            &["select2-ork-contrad-whip"],
            (OrkKind::ContradWhip, crate::ork::largest_k(OrkKind::ContradWhip), Sources::WithImp630(2)),
            "an ORk-contrad-whip (k ≤ 6) on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list",
        )
        .rated(20, 100),
        imp630_ork(
            "sel2-ork-whip",
            &["select2-ork-whip"],
            (OrkKind::Whip, crate::ork::largest_k(OrkKind::Whip), Sources::WithImp630(2)),
            "an ORk-whip (k ≤ 6) on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list",
        )
        .rated(20, 100),
        imp630_ork(
            "sel2-ork-forcing-g-whip",
            &["select2-ork-forcing-g-whip"],
            (OrkKind::ForcingGWhip, crate::ork::largest_k(OrkKind::ForcingGWhip), Sources::WithImp630(2)),
            "an ORk-forcing-g-whip (k ≤ 8) from the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list",
        )
        .rated(21, 100),
        imp630_ork(
            "sel2-ork-contrad-g-whip",
            &["select2-ork-contrad-g-whip"],
            (OrkKind::ContradGWhip, crate::ork::largest_k(OrkKind::ContradGWhip), Sources::WithImp630(2)),
            "an ORk-contrad-g-whip (k ≤ 6) on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list",
        )
        .rated(21, 100),
        imp630_ork(
            "sel2-ork-g-whip",
            &["select2-ork-g-whip"],
            (OrkKind::GWhip, crate::ork::largest_k(OrkKind::GWhip), Sources::WithImp630(2)),
            "an ORk-g-whip (k ≤ 6) on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list",
        )
        .rated(21, 100),
        // the g-forms (SudoRules' ORk-gwhips and ORk-ctr-gwhips: R's may be g-candidates),
        // just above the plain ones as g-whips are above whips
        ork(
            "ork-forcing-g-whip",
            &["ork-forcing-g-whips", "orkfgw", "ork-forcing-gwhip"],
            (OrkKind::ForcingGWhip, crate::ork::largest_k(OrkKind::ForcingGWhip), Sources::Tridagons),
            "an ORk-forcing-whip whose branches' right-linking candidates may be g-candidates (a digit's candidates in a block-line segment), from each guardian of a tridagon's OR-k relation (k ≤ 8) (SudoRules' ORk-forcing-gwhips)",
        )
        .rated(21, 100),
        ork(
            "ork-contrad-g-whip",
            &["ork-contrad-g-whips", "orkcgw", "ork-ctr-gwhip"],
            (OrkKind::ContradGWhip, crate::ork::largest_k(OrkKind::ContradGWhip), Sources::Tridagons),
            "an ORk-contrad-whip whose right-linking candidates may be g-candidates (a digit's candidates in a block-line segment), on a tridagon's OR-k relation (k ≤ 6) (SudoRules' ORk-ctr-gwhips)",
        )
        .rated(21, 100),
        ork(
            "ork-g-whip",
            &["ork-g-whips", "orkgw", "ork-gwhip"],
            (OrkKind::GWhip, crate::ork::largest_k(OrkKind::GWhip), Sources::Tridagons),
            "an ORk-whip whose right-linking candidates may be g-candidates (a digit's candidates in a block-line segment), on a tridagon's OR-k relation (k ≤ 6) (SudoRules' ORk-gwhips)",
        )
        .rated(21, 100),
        // the chains of Berthier's Trid-OR5gW level (k ≤ 5: SudoRules' ?*OR5-G-Whips*, which
        // turns its OR5-contrad-gwhips on too)
        ork(
            "trid-or5-contrad-g-whip",
            &["or5-contrad-g-whip", "or5cgw"],
            (OrkKind::ContradGWhip, 5, Sources::Tridagons),
            "an ORk-contrad-g-whip on a tridagon's OR-k relation with k ≤ 5 (SudoRules' ?*OR5-G-Whips* turns its OR5-contrad-gwhips on: chains of the Trid-OR5gW level)",
        )
        .rated(21, 100),
        ork(
            "trid-or5-g-whip",
            &["or5-g-whip", "or5gw"],
            (OrkKind::GWhip, 5, Sources::Tridagons),
            "an ORk-g-whip on a tridagon's OR-k relation with k ≤ 5 (SudoRules' ?*OR5-G-Whips*, the chains of the Trid-OR5gW level)",
        )
        .rated(21, 100),
        force(
            "force-cell-links",
            CHAINS,
            ForceMode::Cell,
            Links,
            NetForm::Chain,
            "force chain over a cell's candidates, plain links",
        )
        .rated(500, 10),
        force(
            "force-house-links",
            CHAINS,
            ForceMode::House,
            Links,
            NetForm::Chain,
            "force chain over a digit's places in a house, plain links",
        )
        .rated(501, 10),
        force(
            "force-contradiction-links",
            CHAINS,
            ForceMode::Contradiction,
            Links,
            NetForm::Chain,
            "assumption forcing a contradiction, plain links",
        )
        .rated(502, 10),
        force(
            "force-cell-groups",
            CHAINS,
            ForceMode::Cell,
            Groups,
            NetForm::Chain,
            "force chain over a cell's candidates, links and groups",
        )
        .rated(510, 10),
        force(
            "force-house-groups",
            CHAINS,
            ForceMode::House,
            Groups,
            NetForm::Chain,
            "force chain over a digit's places in a house, links and groups",
        )
        .rated(511, 10),
        force(
            "force-contradiction-groups",
            CHAINS,
            ForceMode::Contradiction,
            Groups,
            NetForm::Chain,
            "assumption forcing a contradiction, links and groups",
        )
        .rated(512, 10),
        force(
            "force-cell",
            GNPX,
            ForceMode::Cell,
            Als,
            NetForm::Chain,
            "GNPX ForceChain_Cell: links, groups and ALS super links",
        )
        .rated(520, 10),
        force(
            "force-house",
            GNPX,
            ForceMode::House,
            Als,
            NetForm::Chain,
            "GNPX ForceChain_House: links, groups and ALS super links",
        )
        .rated(521, 10),
        force(
            "force-contradiction",
            GNPX,
            ForceMode::Contradiction,
            Als,
            NetForm::Chain,
            "GNPX ForceChain_Contradiction: links, groups and ALS super links",
        )
        .rated(522, 10),
        force(
            "force-net-cell-links",
            NETS,
            ForceMode::Cell,
            Links,
            NetForm::Net,
            "forcing net over a cell's candidates, plain links",
        )
        .rated(700, 10),
        force(
            "force-net-house-links",
            NETS,
            ForceMode::House,
            Links,
            NetForm::Net,
            "forcing net over a digit's places in a house, plain links",
        )
        .rated(701, 10),
        force(
            "force-net-contradiction-links",
            NETS,
            ForceMode::Contradiction,
            Links,
            NetForm::Net,
            "assumption forcing a contradiction in a net, plain links",
        )
        .rated(702, 10),
        force(
            "force-net-cell-groups",
            NETS,
            ForceMode::Cell,
            Groups,
            NetForm::Net,
            "forcing net over a cell's candidates, links and groups",
        )
        .rated(710, 10),
        force(
            "force-net-house-groups",
            NETS,
            ForceMode::House,
            Groups,
            NetForm::Net,
            "forcing net over a digit's places in a house, links and groups",
        )
        .rated(711, 10),
        force(
            "force-net-contradiction-groups",
            NETS,
            ForceMode::Contradiction,
            Groups,
            NetForm::Net,
            "assumption forcing a contradiction in a net, links and groups",
        )
        .rated(712, 10),
        force(
            "force-net-cell",
            NETS,
            ForceMode::Cell,
            Als,
            NetForm::Net,
            "forcing net over a cell's candidates, with groups and ALS",
        )
        .rated(720, 10),
        force(
            "force-net-house",
            NETS,
            ForceMode::House,
            Als,
            NetForm::Net,
            "forcing net over a digit's places in a house, with groups and ALS",
        )
        .rated(721, 10),
        force(
            "force-net-contradiction",
            NETS,
            ForceMode::Contradiction,
            Als,
            NetForm::Net,
            "assumption forcing a contradiction in a net, with groups and ALS",
        )
        .rated(722, 10),
        hodoku(
            "template-set",
            &["templates-set"],
            HodokuRule::Template { set: true },
            "a digit's cells common to all its templates are placed (HoDoKu)",
        )
        .rated(10_000, 0),
        hodoku(
            "template-delete",
            &["template-del"],
            HodokuRule::Template { set: false },
            "a digit's candidates in none of its templates are eliminated (HoDoKu)",
        )
        .rated(10_001, 0),
        // trial and error above every pattern: te[n] at 100,000 × n; T&E(B_p, 1) lies
        // between T&E(1) and T&E(2) (braids are in T&E(1)), T&E(B_p, 2) between T&E(2)
        // and T&E(3); their own defaults are the SHC's bounds (BxB 14, BxBB 5)
        trial(
            "te",
            &["t&e", "trial-and-error"],
            TrialKind::Te,
            3,
            "Berthier: T&E(BRT, n), a candidate whose trial under T&E(n-1) ends in a contradiction",
        )
        .rated(0, 100_000),
        trial(
            "bxb",
            &["t&e-b"],
            TrialKind::BxB,
            14,
            "Berthier: T&E(B_p, 1), trials under BRT and braids of length <= p (BxB's theory)",
        )
        .rated(100_000, 1_000),
        trial(
            "bxbb",
            &["t&e-bb"],
            TrialKind::BxBB,
            5,
            "Berthier: T&E(B_p, 2), trials under T&E(B_p, 1) (BxBB's theory)",
        )
        .rated(200_000, 1_000),
        explainer(
            "se-hidden-single",
            se::PRODUCERS[0],
            "Sudoku Explainer's Hidden Single (ER 1.2 in a block, 1.5 in a line)",
        )
        .rated(120, 0),
        explainer(
            "se-direct-pointing",
            se::PRODUCERS[1],
            "Sudoku Explainer's Direct Pointing / Direct Claiming (ER 1.7, 1.9): an interaction that leaves a hidden single",
        )
        .rated(170, 0),
        explainer(
            "se-direct-hidden-pair",
            se::PRODUCERS[2],
            "Sudoku Explainer's Direct Hidden Pair (ER 2.0): a hidden pair that leaves a hidden single",
        )
        .rated(200, 0),
        explainer(
            "se-naked-single",
            se::PRODUCERS[3],
            "Sudoku Explainer's Naked Single (ER 2.3)",
        )
        .rated(230, 0),
        explainer(
            "se-direct-hidden-triplet",
            se::PRODUCERS[4],
            "Sudoku Explainer's Direct Hidden Triplet (ER 2.5): a hidden triplet that leaves a hidden single",
        )
        .rated(250, 0),
        explainer(
            "se-pointing",
            se::PRODUCERS[5],
            "Sudoku Explainer's Pointing / Claiming (ER 2.6, 2.8)",
        )
        .rated(260, 0),
        explainer(
            "se-naked-pair",
            se::PRODUCERS[6],
            "Sudoku Explainer's Naked Pair (ER 3.0)",
        )
        .rated(300, 0),
        explainer(
            "se-x-wing",
            se::PRODUCERS[7],
            "Sudoku Explainer's X-Wing (ER 3.2)",
        )
        .rated(320, 0),
        explainer(
            "se-hidden-pair",
            se::PRODUCERS[8],
            "Sudoku Explainer's Hidden Pair (ER 3.4)",
        )
        .rated(340, 0),
        explainer(
            "se-naked-triplet",
            se::PRODUCERS[9],
            "Sudoku Explainer's Naked Triplet (ER 3.6)",
        )
        .rated(360, 0),
        explainer(
            "se-swordfish",
            se::PRODUCERS[10],
            "Sudoku Explainer's Swordfish (ER 3.8)",
        )
        .rated(380, 0),
        explainer(
            "se-hidden-triplet",
            se::PRODUCERS[11],
            "Sudoku Explainer's Hidden Triplet (ER 4.0)",
        )
        .rated(400, 0),
        explainer(
            "se-xy-wing",
            se::PRODUCERS[12],
            "Sudoku Explainer's XY-Wing (ER 4.2)",
        )
        .rated(420, 0),
        explainer(
            "se-xyz-wing",
            se::PRODUCERS[13],
            "Sudoku Explainer's XYZ-Wing (ER 4.4)",
        )
        .rated(440, 0),
        explainer(
            "se-unique-loops",
            se::PRODUCERS[14],
            "Sudoku Explainer's Unique Rectangles and Loops (ER 4.5 and up; they assume one solution)",
        )
        .rated(450, 0),
        explainer(
            "se-naked-quad",
            se::PRODUCERS[15],
            "Sudoku Explainer's Naked Quad (ER 5.0)",
        )
        .rated(500, 0),
        explainer(
            "se-jellyfish",
            se::PRODUCERS[16],
            "Sudoku Explainer's Jellyfish (ER 5.2)",
        )
        .rated(520, 0),
        explainer(
            "se-hidden-quad",
            se::PRODUCERS[17],
            "Sudoku Explainer's Hidden Quad (ER 5.4)",
        )
        .rated(540, 0),
        explainer(
            "se-bug",
            se::PRODUCERS[18],
            "Sudoku Explainer's Bivalue Universal Graves (ER 5.6 and up; they assume one solution)",
        )
        .rated(560, 0),
        explainer(
            "se-aligned-pair-exclusion",
            se::PRODUCERS[19],
            "Sudoku Explainer's Aligned Pair Exclusion (ER 6.2)",
        )
        .rated(620, 0),
        explainer(
            "se-forcing-chains",
            se::PRODUCERS[20],
            "Sudoku Explainer's Forcing Chains and Cycles (ER 6.5 and up, by length)",
        )
        .rated(650, 0),
        explainer(
            "se-aligned-triplet-exclusion",
            se::PRODUCERS[21],
            "Sudoku Explainer's Aligned Triplet Exclusion (ER 7.5)",
        )
        .rated(750, 0),
        explainer(
            "se-nishio",
            se::PRODUCERS[22],
            "Sudoku Explainer's Nishio Forcing Chains (ER 7.5 and up, by length)",
        )
        .rated(750, 0),
        explainer(
            "se-multiple-forcing-chains",
            se::PRODUCERS[23],
            "Sudoku Explainer's Cell and Region Forcing Chains (ER 8.0 and up, by length)",
        )
        .rated(800, 0),
        explainer(
            "se-dynamic-forcing-chains",
            se::PRODUCERS[24],
            "Sudoku Explainer's Dynamic Forcing Chains (ER 8.5 and up, by length)",
        )
        .rated(850, 0),
        explainer(
            "se-dynamic-forcing-chains-plus",
            se::PRODUCERS[25],
            "Sudoku Explainer's Dynamic Forcing Chains (+) (ER 9.0 and up, by length)",
        )
        .rated(900, 0),
        explainer(
            "se-nested-forcing-chains",
            se::PRODUCERS[26],
            "Sudoku Explainer's Dynamic Forcing Chains (+ Forcing Chains) (ER 9.5 and up)",
        )
        .rated(950, 0),
        explainer(
            "se-nested-multiple-forcing-chains",
            se::PRODUCERS[27],
            "Sudoku Explainer's Dynamic Forcing Chains (+ Multiple Forcing Chains) (ER 10.0 and up)",
        )
        .rated(1000, 0),
        explainer(
            "se-nested-dynamic-forcing-chains",
            se::PRODUCERS[28],
            "Sudoku Explainer's Dynamic Forcing Chains (+ Dynamic Forcing Chains) (ER 10.5 and up)",
        )
        .rated(1050, 0),
        explainer(
            "se-nested-dynamic-forcing-chains-plus",
            se::PRODUCERS[29],
            "Sudoku Explainer's Dynamic Forcing Chains (+ Dynamic Forcing Chains (+)) (ER 11.0 and up)",
        )
        .rated(1100, 0),
    ]
};

/// One of CSP-Rules' impossible patterns ([`crate::oddagon`],
/// [`crate::tridagon`]): every instance in the state at once, in no rating scheme,
/// listed with SudoRules' rules (`explain`'s whips and braids); the set
/// `impossible-patterns` names them all.
const fn impossible(
    name: &'static str,
    aliases: &'static [&'static str],
    find: fn(&StateView) -> Vec<Proof>,
    size: usize,
    summary: &'static str,
) -> Technique {
    // an Assistant-style search (every instance at once), in its own set and class
    Technique {
        class: Class::Extra,
        system: System::Whips,
        ..assistant(name, aliases, &["impossible-patterns"], find, size, summary)
    }
}

/// eleven's impossible patterns of Berthier's list Select`select`
/// ([`crate::imp630`]): their OR-k relations' own eliminations, every instance at
/// once, in the set `imp630` alone (by name or a Select scheme), listed with SudoRules'
/// rules.
const fn imp630(
    name: &'static str,
    aliases: &'static [&'static str],
    select: u8,
    summary: &'static str,
) -> Technique {
    Technique {
        sets: &[IMP630_SET],
        search: Search::Imp630(select),
        class: Class::Extra,
        measure: LengthMeasure::Size(16),
        graded: false,
        default_cap: None,
        summary,
        system: System::Whips,
        name,
        aliases,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

/// An OR-k chain on the relations of the tridagons and of eleven's patterns
/// ([`crate::ork::Sources::WithImp630`]), in the set `imp630` alone.
const fn imp630_ork(
    name: &'static str,
    aliases: &'static [&'static str],
    spec: (OrkKind, usize, Sources),
    summary: &'static str,
) -> Technique {
    Technique {
        sets: &[IMP630_SET],
        ..ork(name, aliases, spec, summary)
    }
}

/// One of the forum's exotic patterns ([`crate::rank`]): every instance in the
/// state at once, in no rating scheme (by name or the set `exotic`), in its own system.
const fn exotic(
    name: &'static str,
    aliases: &'static [&'static str],
    find: fn(&StateView) -> Vec<Proof>,
    size: usize,
    summary: &'static str,
) -> Technique {
    Technique {
        class: Class::Extra,
        system: System::Exotic,
        ..assistant(name, aliases, &["exotic"], find, size, summary)
    }
}
