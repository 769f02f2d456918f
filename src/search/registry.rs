//! The technique registry: one entry per technique, the only table of techniques there is.
//!
//! A [`Technique`] says what users call it (its name, its aliases and the sets that name it
//! collectively, such as `basic` or `lasso`), where it stands in the simplest-first order
//! (its position in [`REGISTRY`]), how its length is measured, whether its length grades a
//! puzzle (chains and whips do; the basic rules do not), which rating class it belongs to,
//! and which search finds it ([`Search`]). Everything else — `solve --rules`,
//! `rate --scheme`, `explain --families`, `subsume --families`, the study tables, the store
//! and the exports — reads this table; none keeps a list of its own.
//!
//! A [`Rule`] is a technique at one length: what the resolution strategy applies.
//!
//! # Adding a technique
//!
//! Write its search (a module under `search/`, returning [`Proof`]s), its pattern and
//! checker (under `proof/`, sharing no code with the search), give [`Search`] a variant if it
//! is a new kind of search, and add one line to [`REGISTRY`] at its place in the
//! simplest-first order.
//!
//! Example: `squirmbag` (fish of size 5) is the line
//! `Technique::basic("squirmbag", &["fish-5"], &["fish"], BasicRule::Fish(5), Class::Extra, ...)`.

use super::assistant::{self, AssistantRule};
use super::force::{self, ForceSpec};
use super::hypothesis;
use super::limits::{Meter, Stop};
use super::{basic, chains, tagging, tagging2, tagging3, whips, BasicRule, ChainFamily, WhipKind};
use crate::graph::LinkIndex;
use crate::grid::{Candidate, CandidateSet};
use crate::proof::als::AlsKind;
use crate::proof::assistant::FinKind;
use crate::proof::fish::FishShape;
use crate::proof::net::{ForceMode, LinkLevel, NetForm};
use crate::proof::uniqueness::UniquenessKind;
use crate::proof::Proof;
use std::fmt;
use thiserror::Error;

/// How a technique's length is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LengthMeasure {
    /// A fixed size (pairs 2, swordfish 3, wings 3, singles 1): the technique has no lengths
    /// to search; it is tried once.
    Size(usize),
    /// Chain cells: for 2D chains the number of cells, for 3D chains and lassos the number
    /// of (L, R) pairs (seed 000).
    Cells,
    /// CSP variables of a whip or braid (SudoRules' `whip[n]`).
    Variables,
    /// Inferences of a force chain or net, over all its branches.
    Inferences,
}

/// Which search finds a technique's instances. The one place that dispatches on it is
/// this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Search {
    Basic(BasicRule),
    Chain(ChainFamily),
    Whip(WhipKind),
    Force(ForceSpec),
    /// Hanson's hypotheses (seed 002) on the net engine: [`ForceMode::Hypothesis`] or
    /// [`ForceMode::Bivalue`].
    Hypothesis(ForceMode),
    Assistant(AssistantRule),
    /// gpenet's full tagging at a level (seed 004).
    Tagging(u8),
    /// A technique of HoDoKu's catalogue with no other home.
    Hodoku(HodokuRule),
}

/// HoDoKu's techniques searched on their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HodokuRule {
    /// Empty rectangle (`dual`: two on one block, as one step).
    EmptyRectangle { dual: bool },
    /// Template set (`set`) or template delete.
    Template { set: bool },
    /// A uniqueness rule (opt-in: it assumes the puzzle has one solution).
    Uniqueness(UniquenessKind),
    /// ALS-XZ, ALS-XY-wing or death blossom whose sets may share cells (HoDoKu's "allow
    /// overlap"): the same routines as the Assistant's, with [`super::als::Overlap::Allowed`].
    AlsOverlap(AlsKind),
    /// Franken or mutant fish, basic and finned (`search::fish`): sizes 2 to 4, or
    /// (`large`) 5 to 7.
    Fish { shape: FishShape, large: bool },
    /// Two finned fish of any shape on one base, one step.
    SiameseFish,
    /// Kraken fish type 1 (`search::fish::kraken`).
    KrakenFish,
}

impl HodokuRule {
    /// Every instance in the state.
    fn find(self, links: &LinkIndex) -> Vec<Proof> {
        match self {
            HodokuRule::EmptyRectangle { dual } => super::empty_rectangle::find(links, dual),
            HodokuRule::Template { set } => super::templates::find(links, set),
            HodokuRule::Uniqueness(kind) => super::uniqueness::find(links, kind),
            HodokuRule::AlsOverlap(kind) => {
                let overlap = super::als::Overlap::Allowed;
                match kind {
                    AlsKind::Xz => super::als::xz(links, overlap),
                    AlsKind::XyWing => super::als::xy_wing(links, overlap),
                    AlsKind::DeathBlossom => super::als::death_blossom(links, overlap),
                    AlsKind::DoublyLinked => Vec::new(),
                }
            }
            HodokuRule::Fish { shape, large } => {
                let sizes = if large { 5..=7 } else { 2..=4 };
                super::fish::search(links, shape, false, sizes).proofs
            }
            HodokuRule::KrakenFish => super::fish::kraken(links),
            HodokuRule::SiameseFish => {
                let mut all: Vec<Proof> = [FishShape::Basic, FishShape::Franken, FishShape::Mutant]
                    .into_iter()
                    .flat_map(|shape| super::fish::search(links, shape, true, 2..=4).proofs)
                    .collect();
                all.sort_by_key(|p| p.length);
                all
            }
        }
    }
}

/// The rating class of a technique: which schemes include it (seed 000's L ⊂ M ⊂ N, the
/// whip schemes, and techniques outside every scheme).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Naked and hidden singles (every scheme).
    Singles,
    /// The other basic rules of L4_0 (L, M, N).
    Basic,
    /// 2D chains (L, M, N).
    Chain2d,
    /// 3D nrc chains (M, N).
    Chain3d,
    /// Lassos (N).
    Lasso,
    /// Whips, braids and their g-forms (W, B, gW, gB).
    Whip,
    /// Available by name only (e.g. fish of size 5 to 7), in no scheme.
    Extra,
    /// GNPX's force chains and the forcing nets (seed 003), by name only, in no scheme.
    Force,
    /// Hanson's Sudoku Assistant (seed 002), by name only, in no scheme.
    Assistant,
    /// gpenet's full tagging (seed 004), by name only, in no scheme.
    Tagging,
}

/// The system a technique comes from: `explain` groups its rows by it, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum System {
    /// The basic rules: singles, interactions, subsets, fish, wings (seed 000's L4_0 and
    /// the larger fish).
    Basic,
    /// Berthier's chains of seeds 000/001: 2D chains, nrc(z)(t) chains and lassos.
    Chains,
    /// Whips, braids and their g-forms as SudoRules builds them.
    Whips,
    /// Hanson's Sudoku Assistant (seed 002): grid analysis, ALS rules, Medusa, AIC.
    Assistant,
    /// HoDoKu's catalogue: its techniques that no seed system has (empty rectangles...).
    Hodoku,
    /// Hanson's hypotheses and +depth/++depth (seed 002).
    Hypotheses,
    /// gpenet's full tagging (seed 004).
    Tagging,
    /// GNPX's force chains and the forcing nets (seed 003).
    Force,
}

impl System {
    /// Every system, in `explain`'s order.
    pub const ALL: [System; 8] = [
        System::Basic,
        System::Chains,
        System::Whips,
        System::Assistant,
        System::Hodoku,
        System::Hypotheses,
        System::Tagging,
        System::Force,
    ];

    /// The heading `explain` prints.
    pub fn title(self) -> &'static str {
        match self {
            System::Basic => "basic rules",
            System::Chains => "chains",
            System::Whips => "whips and braids",
            System::Assistant => "Sudoku Assistant",
            System::Hypotheses => "hypotheses and depth",
            System::Tagging => "tagging",
            System::Force => "force chains and nets",
            System::Hodoku => "HoDoKu's catalogue",
        }
    }

    /// The name in JSON.
    pub fn key(self) -> &'static str {
        match self {
            System::Basic => "basic",
            System::Chains => "chains",
            System::Whips => "whips",
            System::Assistant => "assistant",
            System::Hypotheses => "hypotheses",
            System::Tagging => "tagging",
            System::Force => "force",
            System::Hodoku => "hodoku",
        }
    }
}

/// A technique's place on sudolink's one difficulty scale: a proof of length `n` is
/// `base + per_length × n` hard (see [`difficulty`]). The scale is HoDoKu's step scores
/// for the human techniques (hidden single 14, x-wing 140, ALS-XZ 300, templates 10,000)
/// and, for the graded techniques, Berthier's length: 100 per CSP variable or chain cell
/// for chains and whips (so every chain of length 2 is harder than every basic rule), 10
/// per inference for nets (force chains from 500, forcing nets from 700). The README's
/// table is [`difficulty_table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Difficulty {
    pub base: u32,
    pub per_length: u32,
}

impl Difficulty {
    /// The difficulty of a proof of length `length`.
    pub const fn at(self, length: usize) -> u32 {
        self.base + self.per_length * length as u32
    }
}

/// One technique.
#[derive(Debug)]
pub struct Technique {
    /// The name users write (`naked-pairs`, `nrczt`, `whip`): lower case, unique.
    pub name: &'static str,
    /// Other names accepted on the command line (`x-wing` for `fish-2`…).
    pub aliases: &'static [&'static str],
    /// Collective names that include it (`basic`, `lasso`, `fish`, `subsets`).
    pub sets: &'static [&'static str],
    /// The search that finds it.
    pub search: Search,
    pub class: Class,
    pub measure: LengthMeasure,
    /// Whether its length grades a puzzle (the level of `solve`, a rating).
    pub graded: bool,
    /// The longest length searched unless the user asks for more (`--g-max-len`): the
    /// g-forms' searches grow fastest with length.
    pub default_cap: Option<usize>,
    /// One line for `--help` and listings.
    pub summary: &'static str,
    /// Where `explain` lists it.
    pub system: System,
    /// Its place on the difficulty scale (set by [`Technique::rated`]).
    pub difficulty: Difficulty,
}

const BASIC_SETS: &[&str] = &["basic"];

impl Technique {
    const fn basic(
        name: &'static str,
        aliases: &'static [&'static str],
        sets: &'static [&'static str],
        rule: BasicRule,
        class: Class,
        size: usize,
        summary: &'static str,
    ) -> Technique {
        Technique {
            name,
            aliases,
            sets,
            search: Search::Basic(rule),
            class,
            measure: LengthMeasure::Size(size),
            graded: false,
            default_cap: None,
            summary,
            system: System::Basic,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
    }

    /// This technique at `base + per_length × length` on the difficulty scale.
    const fn rated(mut self, base: u32, per_length: u32) -> Technique {
        self.difficulty = Difficulty { base, per_length };
        self
    }

    const fn chain(family: ChainFamily, class: Class, sets: &'static [&'static str]) -> Technique {
        Technique {
            name: family.name(),
            aliases: &[],
            sets,
            search: Search::Chain(family),
            class,
            measure: LengthMeasure::Cells,
            graded: true,
            default_cap: None,
            summary: "chain of seeds 000/001",
            system: System::Chains,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
    }

    const fn whip(kind: WhipKind, default_cap: Option<usize>) -> Technique {
        Technique {
            name: kind.name(),
            aliases: &[],
            sets: &["whips"],
            search: Search::Whip(kind),
            class: Class::Whip,
            measure: LengthMeasure::Variables,
            graded: true,
            default_cap,
            summary: "whip or braid as SudoRules builds it",
            system: System::Whips,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
    }
}

const fn force(
    name: &'static str,
    sets: &'static [&'static str],
    mode: ForceMode,
    level: LinkLevel,
    form: NetForm,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases: &[],
        sets,
        search: Search::Force(ForceSpec::new(mode, level, form)),
        class: Class::Force,
        measure: LengthMeasure::Inferences,
        graded: true,
        default_cap: None,
        summary,
        system: System::Force,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

const fn assistant(
    name: &'static str,
    aliases: &'static [&'static str],
    sets: &'static [&'static str],
    rule: AssistantRule,
    size: usize,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases,
        sets,
        search: Search::Assistant(rule),
        class: Class::Assistant,
        measure: LengthMeasure::Size(size),
        graded: false,
        default_cap: None,
        summary,
        system: System::Assistant,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

const fn hypothesis(
    name: &'static str,
    aliases: &'static [&'static str],
    mode: ForceMode,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases,
        sets: if mode.is_depth() {
            &["depths"]
        } else {
            &["hypotheses"]
        },
        search: Search::Hypothesis(mode),
        class: Class::Assistant,
        measure: LengthMeasure::Inferences,
        graded: true,
        default_cap: None,
        summary,
        system: System::Hypotheses,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

const fn hodoku(
    name: &'static str,
    aliases: &'static [&'static str],
    rule: HodokuRule,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases,
        sets: match rule {
            HodokuRule::EmptyRectangle { .. } => &["single-digit", "hodoku-catalogue"],
            HodokuRule::Template { .. } => &["templates", "hodoku-catalogue"],
            // never in a set the user did not name for them
            HodokuRule::Uniqueness(_) => &[UNIQUENESS_SET],
            HodokuRule::AlsOverlap(_) => &["als-overlap", "hodoku-catalogue"],
            // HoDoKu's basic fish search is fast (about 1 ms a state): asked by default
            HodokuRule::Fish {
                shape: FishShape::Basic,
                ..
            } => &["hodoku-catalogue"],
            HodokuRule::Fish { .. } | HodokuRule::SiameseFish | HodokuRule::KrakenFish => {
                &[FISH_HODOKU_SET, "hodoku-catalogue"]
            }
        },
        search: Search::Hodoku(rule),
        class: Class::Extra,
        measure: LengthMeasure::Size(match rule {
            HodokuRule::AlsOverlap(AlsKind::Xz) => 2,
            HodokuRule::AlsOverlap(_) => 3,
            HodokuRule::Fish { .. } | HodokuRule::SiameseFish | HodokuRule::KrakenFish => 7,
            _ => 1,
        }),
        graded: false,
        default_cap: None,
        summary,
        system: System::Hodoku,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

const ASSISTANT: &[&str] = &["assistant"];
const ALS: &[&str] = &["assistant", "als"];
const GNPX: &[&str] = &["force", "force-chains"];
const CHAINS: &[&str] = &["force-chains"];
const NETS: &[&str] = &["force-nets"];

/// Every technique, simplest first: the basic rules of L4_0 in their order (singles,
/// interactions, then by size naked/hidden subsets and fish, the wings with the triplets),
/// the larger fish, the chain families in seed 000's order (2D, 3D, lassos), the whips.
pub static REGISTRY: [Technique; 104] = {
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
            "empty-rectangle",
            &["er"],
            HodokuRule::EmptyRectangle { dual: false },
            "a block's digit in one row and column, with a conjugate pair (HoDoKu)",
        )
        .rated(120, 0),
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
                large: false,
            },
            "basic, finned and sashimi fish of rows against columns, size 2 to 4, as HoDoKu's fish search finds them (cannibalism included)",
        )
        .rated(290, 10),
        hodoku(
            "franken-fish",
            &["franken"],
            HodokuRule::Fish {
                shape: FishShape::Franken,
                large: false,
            },
            "a fish whose base or cover takes blocks (rows and blocks against columns and blocks), basic or finned, size 2 to 4 (HoDoKu)",
        )
        .rated(300, 10),
        hodoku(
            "mutant-fish",
            &["mutant"],
            HodokuRule::Fish {
                shape: FishShape::Mutant,
                large: false,
            },
            "a fish of any houses on either side (rows and columns on one side), basic or finned, size 2 to 4 (HoDoKu)",
        )
        .rated(450, 10),
        hodoku(
            "kraken-fish",
            &["kraken-fish-type-1", "kraken"],
            HodokuRule::KrakenFish,
            "a finned fish (rows against columns, size 2 to 4) whose every fin forces a place it would eliminate without fins false through a chain (HoDoKu's kraken type 1)",
        )
        .rated(500, 0),
        hodoku(
            "large-franken-fish",
            &["franken-squirmbag", "franken-whale", "franken-leviathan"],
            HodokuRule::Fish {
                shape: FishShape::Franken,
                large: true,
            },
            "Franken fish of size 5 to 7, basic or finned (HoDoKu)",
        )
        .rated(310, 10),
        hodoku(
            "large-mutant-fish",
            &["mutant-squirmbag", "mutant-whale", "mutant-leviathan"],
            HodokuRule::Fish {
                shape: FishShape::Mutant,
                large: true,
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
        assistant(
            "grid-analysis",
            &["analyze-x"],
            ASSISTANT,
            AssistantRule::GridAnalysis,
            2,
            "Hanson: n lines × n cross lines (subsets and fish of any size), with complements",
        )
        .rated(100, 30),
        assistant(
            "bent-naked-subsets",
            &["bent-subsets"],
            ASSISTANT,
            AssistantRule::BentSubsets,
            3,
            "Hanson: N cells over two houses holding N digits (XY-, XYZ-, WXYZ-wings…)",
        )
        .rated(70, 30),
        assistant(
            "als-xz",
            &["als-singly-linked", "assistant-step-3"],
            ALS,
            AssistantRule::AlsXz,
            2,
            "two ALS with a restricted common X and another common digit Z (Hanson's step 3)",
        )
        .rated(300, 0),
        assistant(
            "als-doubly-linked",
            &["als-xz-doubly-linked"],
            ALS,
            AssistantRule::AlsDoublyLinked,
            2,
            "two ALS with two restricted common digits: each is locked but for one",
        )
        .rated(300, 0),
        assistant(
            "als-xy-wing",
            &[],
            ALS,
            AssistantRule::AlsXyWing,
            3,
            "ALS A and B linked to a pivot ALS C by X and Y, Z common to A and B",
        )
        .rated(320, 0),
        assistant(
            "death-blossom",
            &["als-death-blossom"],
            ALS,
            AssistantRule::DeathBlossom,
            3,
            "a stem cell and one ALS per candidate, Z common to every petal",
        )
        .rated(360, 0),
        assistant(
            "sue-de-coq",
            &["als-sue-de-coq"],
            ALS,
            AssistantRule::SueDeCoq,
            4,
            "two ALS on a box-line intersection: the core, line cells and box cells",
        )
        .rated(250, 0),
        assistant(
            "grid-als",
            &["grid-based-als"],
            ASSISTANT,
            AssistantRule::GridAls(None),
            2,
            "Hanson: a digit's n lines in n + 1 cross lines; a candidate knocking two out",
        )
        .rated(90, 40),
        assistant(
            "finned-fish",
            &[],
            ASSISTANT,
            AssistantRule::GridAls(Some(FinKind::Finned)),
            2,
            "a fish with fins in one block (a grid ALS)",
        )
        .rated(50, 40),
        assistant(
            "sashimi-fish",
            &[],
            ASSISTANT,
            AssistantRule::GridAls(Some(FinKind::Sashimi)),
            2,
            "a finned fish with a base line left one place without its fins (a grid ALS)",
        )
        .rated(70, 40),
        assistant(
            "almost-locked-ranges",
            &["alr"],
            ASSISTANT,
            AssistantRule::AlmostLockedRanges,
            2,
            "Hanson: a block's digit on two line segments redirects a weak link into a strong chain",
        )
        .rated(280, 0),
        assistant(
            "medusa",
            &["3d-medusa", "medusa-3d", "medusa-colouring", "medusa-coloring"],
            ASSISTANT,
            AssistantRule::Medusa,
            2,
            "Hanson's 3D Medusa: two-coloured strong chains, weak links, weak corners, hinges",
        )
        .rated(320, 0),
        assistant(
            "aic",
            &["g-aic", "als-aic", "als-chain"],
            ALS,
            AssistantRule::Aic,
            2,
            "alternating inference chain through candidates, groups and ALS (Eureka)",
        )
        .rated(280, 0),
        assistant(
            "nice-loop",
            &["continuous-nice-loop", "cnl"],
            ALS,
            AssistantRule::NiceLoop,
            2,
            "continuous nice loop through candidates, groups and ALS: two neighbours, one true",
        )
        .rated(280, 0),
        assistant(
            "als-strong-chains",
            &["assistant-step-4"],
            ALS,
            AssistantRule::AlsStrongChains,
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
    ]
};

/// A technique, by its place in [`REGISTRY`] (so ordering ids is the simplest-first order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TechniqueId(u8);

impl TechniqueId {
    /// Every technique, simplest first.
    pub fn all() -> impl Iterator<Item = TechniqueId> {
        (0..REGISTRY.len()).map(|i| TechniqueId(i as u8))
    }

    /// The registry entry.
    pub fn get(self) -> &'static Technique {
        &REGISTRY[self.0 as usize]
    }

    /// The position in the simplest-first order.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Where `explain` lists it.
    pub fn system(self) -> System {
        self.get().system
    }

    /// The difficulty of this technique's proofs of length `length` (fixed-size techniques
    /// whose proofs carry a size, such as grid analysis, use it too).
    pub fn difficulty(self, length: usize) -> u32 {
        self.get().difficulty.at(length)
    }

    /// The technique's name.
    pub fn name(self) -> &'static str {
        self.get().name
    }

    /// The technique found by `search`.
    pub fn of(search: Search) -> TechniqueId {
        TechniqueId::all()
            .find(|t| t.get().search == search)
            .expect("every search has a registry entry")
    }

    /// The technique called `name` (its name or an alias, any case).
    pub fn from_name(name: &str) -> Option<TechniqueId> {
        let low = name.trim().to_ascii_lowercase();
        TechniqueId::all().find(|t| {
            let e = t.get();
            e.name == low || e.aliases.contains(&low.as_str())
        })
    }

    /// Whether the technique can assert a value (a placement), not only eliminate: the
    /// singles, the force chains and nets in cell and house mode (their verities) and the
    /// two-way bivalue hypothesis. Hanson's disproofs and depth, chains, whips, tagging and
    /// the other rules only eliminate: a placement they explain is a composite of
    /// eliminations.
    pub fn may_place(self) -> bool {
        match self.get().search {
            Search::Basic(b) => matches!(b, BasicRule::NakedSingle | BasicRule::HiddenSingle),
            Search::Force(spec) => spec.mode != ForceMode::Contradiction,
            Search::Hypothesis(mode) => mode == ForceMode::Bivalue,
            Search::Chain(_)
            | Search::Whip(_)
            | Search::Assistant(_)
            | Search::Tagging(_)
            | Search::Hodoku(HodokuRule::EmptyRectangle { .. })
            | Search::Hodoku(HodokuRule::Uniqueness(_))
            | Search::Hodoku(HodokuRule::AlsOverlap(_))
            | Search::Hodoku(HodokuRule::Fish { .. })
            | Search::Hodoku(HodokuRule::SiameseFish)
            | Search::Hodoku(HodokuRule::KrakenFish) => false,
            Search::Hodoku(HodokuRule::Template { set }) => set,
        }
    }

    /// A uniqueness rule (the `uniqueness` set): it assumes the puzzle has one solution.
    pub fn assumes_uniqueness(self) -> bool {
        self.get().sets.contains(&UNIQUENESS_SET)
    }

    /// Asked only by name, never in a default (`explain`'s default families): the
    /// uniqueness rules (they assume one solution) and HoDoKu's generalised fish (the set
    /// `fish-hodoku`: tens to hundreds of milliseconds a state, see `search::fish`).
    pub fn by_name_only(self) -> bool {
        self.assumes_uniqueness() || self.get().sets.contains(&FISH_HODOKU_SET)
    }

    /// A fixed-size technique (tried once) rather than one searched by length.
    pub fn is_fixed_size(self) -> bool {
        matches!(self.get().measure, LengthMeasure::Size(_))
    }

    /// Whether every proof of `other` of length n is also a proof of this technique of
    /// length ≤ n, as the seeds define them: braids contain whips, and whips contain every
    /// chain family of seeds 000/001 (2D and 3D chains and lassos, one CSP variable per
    /// cell: seed 001, "nrczt-chains and lassos have been subsumed by whips"). A study may
    /// skip `other` for a target where this technique's search proves that no proof exists
    /// ([`TargetAnswer::proven_none`]: only an exhaustive search does, today the whips'
    /// exact search; a merged search's "none" is not proof).
    pub fn contains_family(self, other: TechniqueId) -> bool {
        use WhipKind::{Braid, Whip};
        matches!(
            (self.get().search, other.get().search),
            (Search::Whip(Braid), Search::Whip(Whip))
                | (Search::Whip(Braid | Whip), Search::Chain(_))
        )
    }

    /// In the basic rules of L4_0 (the set `basic`).
    pub fn is_basic(self) -> bool {
        self.get().sets.contains(&"basic")
    }

    /// The longest length to search when a caller allows `max_len` and, for the g-forms,
    /// `cap` (None: the technique's default cap).
    pub fn length_bound(self, max_len: usize, cap: Option<usize>) -> usize {
        match (self.get().default_cap, cap) {
            (Some(_), Some(c)) => c,
            (Some(d), None) => d.min(max_len),
            (None, _) => max_len,
        }
    }

    /// This technique at length `n` (fixed-size techniques keep their size).
    pub fn rule(self, n: usize) -> Rule {
        let length = match self.get().measure {
            LengthMeasure::Size(s) => s,
            _ => n,
        };
        Rule {
            technique: self,
            length,
        }
    }

    /// The shortest proof of this technique (length ≤ `max_len`) eliminating `target`.
    /// Chain families are searched exactly here (every partial chain kept, see
    /// [`chains::Options::same_rights`]), so a `None` means none exists up to `max_len`
    /// unless the node budget stopped the search ([`TechniqueId::search_target`] says so).
    pub fn shortest_for_target(
        self,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
    ) -> Option<Proof> {
        self.search_target(links, target, max_len, &mut Meter::unlimited())
            .proof
    }

    /// [`TechniqueId::shortest_for_target`] under a meter's limits, saying whether a limit
    /// stopped it.
    pub fn search_target(
        self,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        self.search_target_in(
            &mut chains::ChainCache::new(),
            links,
            target,
            max_len,
            meter,
        )
    }

    fn search_target_in(
        self,
        cache: &mut chains::ChainCache,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        if let Some(stop) = meter.check() {
            return TargetAnswer::stopped(stop, 0);
        }
        match self.get().search {
            Search::Basic(b) => TargetAnswer::complete(
                basic::find(b, links)
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            Search::Assistant(a) => TargetAnswer::complete(
                assistant::find(a, links)
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            Search::Tagging(level) => TargetAnswer::complete(
                tagging_find(level, links)
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            Search::Hodoku(rule) => TargetAnswer::complete(
                rule.find(links)
                    .into_iter()
                    .find(|p| p.eliminations.contains(&target)),
            ),
            Search::Chain(f) => {
                // a question about one target is answered exactly: every partial chain is
                // kept (no `same_rights` cap, which can miss the shortest chain), within
                // the node budget; the resolution strategy's `find` keeps the cap
                let options = chains::Options {
                    max_nodes: meter.per_search_nodes(chains::DEFAULT_MAX_NODES),
                    same_rights: 0,
                    ..chains::Options::default()
                };
                let s = cache.search_target(links, f, target, max_len, options);
                meter.spend(s.nodes);
                if s.complete {
                    TargetAnswer::complete(s.proof)
                } else {
                    TargetAnswer {
                        proof: s.proof,
                        stopped: Some(meter.check().unwrap_or(Stop::SearchBudget)),
                        searched_to: s.depth,
                        dead: false,
                        proven_none: false,
                    }
                }
            }
            Search::Hypothesis(mode) => {
                let targets = crate::grid::CandidateSet::from_candidates([target]);
                let a = hypothesis::find(mode, links, Some(&targets), meter);
                TargetAnswer {
                    proof: a
                        .proofs
                        .into_iter()
                        .find(|p| p.eliminations.contains(&target) && p.length <= max_len),
                    searched_to: if a.stopped.is_some() { 0 } else { usize::MAX },
                    stopped: a.stopped,
                    dead: false,
                    proven_none: false,
                }
            }
            Search::Force(spec) => {
                let a = force::search_target(links, spec, target, max_len, meter);
                TargetAnswer {
                    proof: a.proofs.into_iter().next(),
                    searched_to: if a.stopped.is_some() { 0 } else { usize::MAX },
                    stopped: a.stopped,
                    dead: false,
                    proven_none: false,
                }
            }
            Search::Whip(k) => {
                let s = whips::search_target_metered(links, k, target, max_len, meter);
                TargetAnswer {
                    searched_to: if s.stopped.is_some() {
                        s.depth
                    } else {
                        max_len
                    },
                    proof: s.proof,
                    stopped: s.stopped,
                    dead: s.dead,
                    proven_none: s.proven_none,
                }
            }
        }
    }
}

/// What one target's search gave.
#[derive(Clone, Debug)]
pub struct TargetAnswer {
    pub proof: Option<Proof>,
    /// The limit that stopped the search before it finished, if any.
    pub stopped: Option<Stop>,
    /// With `stopped`: the length up to which the answer is complete.
    pub searched_to: usize,
    /// Known to have no proof at any length (its partial chains or whips died out).
    pub dead: bool,
    /// No proof up to the length searched exists: an exhaustive search found none (set by
    /// the whip searches' exact search; false whenever that is not known, e.g. for a search
    /// that merges or caps its partial chains).
    pub proven_none: bool,
}

impl TargetAnswer {
    fn complete(proof: Option<Proof>) -> TargetAnswer {
        TargetAnswer {
            proof,
            stopped: None,
            searched_to: usize::MAX,
            dead: false,
            proven_none: false,
        }
    }
    fn stopped(stop: Stop, searched_to: usize) -> TargetAnswer {
        TargetAnswer {
            proof: None,
            stopped: Some(stop),
            searched_to,
            dead: false,
            proven_none: false,
        }
    }
}

impl fmt::Display for TechniqueId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A technique name that is in the registry under no name, alias or set.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UnknownTechnique {
    #[error("unknown technique {name:?}; known: {known}")]
    Unknown { name: String, known: String },
    #[error("the list of techniques is empty")]
    Empty,
}

/// Every name, alias and set a user may write, for error messages.
pub fn known_names() -> String {
    let mut names: Vec<&str> = Vec::new();
    for t in TechniqueId::all() {
        for s in t.get().sets {
            if !names.contains(s) {
                names.push(s);
            }
        }
    }
    names.push(HODOKU_SET);
    names.extend(TechniqueId::all().map(|t| t.name()));
    names.join(", ")
}

/// The name of HoDoKu's order as a rule set: `solve --rules basic,hodoku`.
pub const HODOKU_SET: &str = "hodoku";

/// HoDoKu's generalised fish (Franken, mutant, Siamese): asked by name only.
pub const FISH_HODOKU_SET: &str = "fish-hodoku";

/// The set of the uniqueness rules: named only by the user (no default set, scheme or
/// `explain` default holds them; they assume the puzzle has one solution).
pub const UNIQUENESS_SET: &str = "uniqueness";

/// HoDoKu's solver order (the steps its default configuration enables, by their index in
/// HoDoKu's step table), as our techniques, each a tier tried whole before the next:
/// singles; locked candidates; naked and hidden pairs, triples, quads; x-wing, swordfish,
/// jellyfish; XY- and XYZ-wing; finned and sashimi fish; Sue de Coq; X-, XY-chains and
/// nice loops (our AIC, which also finds HoDoKu's ALS chains, and nice loops); ALS-XZ,
/// ALS-XY-wing; forcing chains, then forcing nets. Uniqueness steps (enabled in HoDoKu) are
/// left out: they join only when named (`hodoku,uniqueness`). HoDoKu's remote pairs,
/// skyscraper, 2-string kite, turbot fish, W-wing and colouring have no technique of their
/// own here: the AIC tier finds them (they are short X-/XY-chains and AICs).
pub const HODOKU_ORDER: &[&str] = &[
    "naked-single",
    "hidden-single",
    "interaction",
    "naked-pairs",
    "naked-triplets",
    "hidden-pairs",
    "hidden-triplets",
    "naked-quads",
    "hidden-quads",
    "x-wing",
    "swordfish",
    "jellyfish",
    "bug+1",
    "empty-rectangle",
    "xy-wing",
    "xyz-wing",
    "unique-rectangle-1",
    "unique-rectangle-2",
    "unique-rectangle-3",
    "unique-rectangle-4",
    "unique-rectangle-5",
    "unique-rectangle-6",
    "hidden-rectangle",
    "avoidable-rectangle-1",
    "avoidable-rectangle-2",
    "finned-fish",
    "sashimi-fish",
    "sue-de-coq",
    "aic",
    "nice-loop",
    "als-xz",
    "als-xy-wing",
    "force-chains",
    "force-nets",
];

/// The techniques a name stands for: one (its name or alias) or a set (`basic`, `lasso`,
/// `fish`, `subsets`, `singles`, `2d`, `3d`, `whips`), simplest first.
pub fn expand(name: &str) -> Option<Vec<TechniqueId>> {
    let low = name.trim().to_ascii_lowercase();
    if low == HODOKU_SET {
        let mut all: Vec<TechniqueId> = HODOKU_ORDER
            .iter()
            .filter_map(|n| expand(n))
            .flatten()
            .filter(|t| !t.assumes_uniqueness())
            .collect();
        all.sort();
        all.dedup();
        return Some(all);
    }
    if let Some(t) = TechniqueId::from_name(&low) {
        return Some(vec![t]);
    }
    let set: Vec<TechniqueId> = TechniqueId::all()
        .filter(|t| t.get().sets.contains(&low.as_str()))
        .collect();
    (!set.is_empty()).then_some(set)
}

/// A comma list of names (case-insensitive; sets expand), without duplicates, in the
/// order given. An empty list or an unknown name is an error.
pub fn parse_list(text: &str) -> Result<Vec<TechniqueId>, UnknownTechnique> {
    Ok(parse_tiers(text)?.concat())
}

/// A comma list of names as tiers, one per name in the order given: the techniques the
/// name stands for (a set expands), less those an earlier name already gave (a name that
/// adds nothing adds no tier). An empty list or an unknown name is an error.
pub fn parse_tiers(text: &str) -> Result<Vec<Vec<TechniqueId>>, UnknownTechnique> {
    let mut seen = Vec::new();
    let mut tiers = Vec::new();
    // `hodoku` stands for HoDoKu's order: one name (tier) per step, in its order; its
    // uniqueness rules only when the list names them too (they are opt-in), then at
    // HoDoKu's places
    let with_uniqueness = text
        .split(',')
        .any(|n| expand(n).is_some_and(|ts| ts.iter().any(|t| t.assumes_uniqueness())));
    let names = text.split(',').map(str::trim).flat_map(|n| {
        if n.eq_ignore_ascii_case(HODOKU_SET) {
            HODOKU_ORDER
                .iter()
                .copied()
                .filter(|step| {
                    with_uniqueness
                        || !TechniqueId::from_name(step).is_some_and(|t| t.assumes_uniqueness())
                })
                .collect()
        } else {
            vec![n]
        }
    });
    for name in names.filter(|n| !n.is_empty()) {
        let found = expand(name).ok_or_else(|| UnknownTechnique::Unknown {
            name: name.to_ascii_lowercase(),
            known: known_names(),
        })?;
        let mut tier = Vec::new();
        for t in found {
            if !seen.contains(&t) {
                seen.push(t);
                tier.push(t);
            }
        }
        if !tier.is_empty() {
            tiers.push(tier);
        }
    }
    if tiers.is_empty() {
        return Err(UnknownTechnique::Empty);
    }
    Ok(tiers)
}

/// A technique at one length: what the resolution strategy applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    pub technique: TechniqueId,
    pub length: usize,
}

impl Rule {
    /// A basic rule.
    pub fn basic(rule: BasicRule) -> Rule {
        TechniqueId::of(Search::Basic(rule)).rule(0)
    }
    /// A chain family at length `n`.
    pub fn chain(family: ChainFamily, n: usize) -> Rule {
        TechniqueId::of(Search::Chain(family)).rule(n)
    }
    /// A whip kind at length `n`.
    pub fn whip(kind: WhipKind, n: usize) -> Rule {
        TechniqueId::of(Search::Whip(kind)).rule(n)
    }

    /// This rule's place on the difficulty scale.
    pub fn difficulty(self) -> u32 {
        self.technique.difficulty(self.length)
    }

    /// Every instance of this rule in the state (no cache kept: see [`Searcher`]).
    pub fn find(self, links: &LinkIndex) -> Vec<Proof> {
        Searcher::new().find(self, links, usize::MAX)
    }

    /// The first instance of this rule in the state, if any.
    pub fn first(self, links: &LinkIndex) -> Option<Proof> {
        Searcher::new().find(self, links, 1).into_iter().next()
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.technique.get().measure {
            LengthMeasure::Size(_) => f.write_str(self.technique.name()),
            _ => write!(f, "{}[{}]", self.technique.name(), self.length),
        }
    }
}

/// Runs rules on states and owns what the searches remember between calls (the chain
/// searches' per-state results). The caller keeps one per job (a resolution path, a rated
/// puzzle) and drops it after: nothing is kept per thread.
#[derive(Default)]
pub struct Searcher {
    chains: chains::ChainCache,
    force: ForceCache,
    hypotheses: HypothesisCache,
}

/// Each hypothesis technique's proofs of the last state (shortest first), computed once:
/// the resolution strategy asks for them length by length, explain target by target.
#[derive(Default)]
struct HypothesisCache {
    entries: std::collections::HashMap<ForceMode, (crate::grid::CandidateSet, Vec<Proof>)>,
}

impl HypothesisCache {
    /// The state's proofs of `mode`, computed once under `meter` (not kept when a limit
    /// stopped it).
    fn proofs(
        &mut self,
        mode: ForceMode,
        links: &LinkIndex,
        meter: &mut Meter,
    ) -> Result<&[Proof], Stop> {
        let key = *links.open();
        if self.entries.get(&mode).is_none_or(|(k, _)| *k != key) {
            let answer = hypothesis::find(mode, links, None, meter);
            if let Some(stop) = answer.stopped {
                return Err(stop);
            }
            self.entries.insert(mode, (key, answer.proofs));
        }
        Ok(&self.entries.get(&mode).expect("just inserted").1)
    }
}

/// The force analysis of the last state at each level and form (shared by the three
/// modes), with the proofs built from it so far: the resolution strategy asks for them
/// length by length, so the analysis derives only what each length needs
/// ([`force::ForceAnalysis::up_to`]); explain asks target by target, for every length.
#[derive(Default)]
struct ForceCache {
    entries: std::collections::HashMap<(LinkLevel, NetForm), ForceEntry>,
    /// The last state's graph parts (and links), and its assumptions and choices, shared
    /// by its analyses.
    graphs: Option<(super::net::StateGraphs, force::StateChoices)>,
    /// Propagations of earlier states' analyses, reused by the next ones (their memory
    /// only: each is reset when it starts). Not kept beyond the searcher: propagations
    /// kept from puzzle to puzzle on a thread made a collection's solve slower (the
    /// memory of the largest runs stays in use) and doubled its peak memory.
    pool: super::net::PropagationPool,
}

struct ForceEntry {
    key: crate::grid::CandidateSet,
    analysis: force::ForceAnalysis,
    /// Per mode: the proofs built, by conclusion index.
    built: [std::collections::HashMap<usize, Proof>; 3],
}

impl ForceCache {
    /// The state's analysis for `spec`'s level and form, started lazily, and whether it is
    /// new.
    fn entry(&mut self, spec: ForceSpec, links: &LinkIndex) -> (&mut ForceEntry, bool) {
        let key = *links.open();
        let slot = (spec.level, spec.form);
        let fresh = self.entries.get(&slot).is_none_or(|e| e.key != key);
        if fresh {
            if let Some(old) = self.entries.remove(&slot) {
                old.analysis.recycle(&mut self.pool);
            }
            if self
                .graphs
                .as_ref()
                .is_none_or(|(g, _)| g.links().open() != links.open())
            {
                let shared = std::sync::Arc::new(links.clone());
                self.graphs = Some((
                    super::net::StateGraphs::new(shared),
                    force::StateChoices::new(links),
                ));
            }
            let (graphs, choices) = self.graphs.as_mut().expect("just set");
            let graph = graphs.graph(spec.level, spec.form);
            self.entries.insert(
                slot,
                ForceEntry {
                    key,
                    analysis: force::ForceAnalysis::lazy_shared(graph, choices, &mut self.pool),
                    built: Default::default(),
                },
            );
        }
        (self.entries.get_mut(&slot).expect("just inserted"), fresh)
    }

    /// Up to `limit` proofs of `spec` of exactly `length`, in the analysis' order.
    fn of_length(
        &mut self,
        spec: ForceSpec,
        links: &LinkIndex,
        length: usize,
        limit: usize,
    ) -> Vec<Proof> {
        let (entry, _) = self.entry(spec, links);
        entry.analysis.up_to(length);
        let picks: Vec<usize> = entry
            .analysis
            .lengths(spec.mode)
            .enumerate()
            .filter(|(_, (_, _, l))| *l == length)
            .map(|(i, _)| i)
            .take(limit)
            .collect();
        picks
            .into_iter()
            .filter_map(|i| entry.proof(spec.mode, i))
            .collect()
    }

    /// The shortest proof of `spec` concluding `target` false (`value` false: an
    /// elimination) or true (a placement, from a cell or house verity), of length at most
    /// `max_len`. A
    /// new state's analysis is finished under `meter` (and not kept when a limit stops it);
    /// one the resolution already started is finished without charging it.
    fn search_target(
        &mut self,
        spec: ForceSpec,
        links: &LinkIndex,
        (target, value): (Candidate, bool),
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        let (entry, fresh) = self.entry(spec, links);
        let finished = if fresh {
            entry.analysis.finish(meter)
        } else {
            entry.analysis.finish(&mut Meter::unlimited())
        };
        if let Err(stop) = finished {
            self.entries.remove(&(spec.level, spec.form));
            return TargetAnswer::stopped(stop, 0);
        }
        entry.analysis.up_to(max_len);
        let pick = entry
            .analysis
            .lengths(spec.mode)
            .position(|(c, v, l)| c == target && v == value && l <= max_len);
        TargetAnswer::complete(pick.and_then(|i| entry.proof(spec.mode, i)))
    }
}

impl ForceEntry {
    fn proof(&mut self, mode: ForceMode, i: usize) -> Option<Proof> {
        let m = mode.index();
        if !self.built[m].contains_key(&i) {
            let proof = self.analysis.proof(mode, i)?;
            self.built[m].insert(i, proof);
        }
        self.built[m].get(&i).cloned()
    }
}

impl Searcher {
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// A searcher whose chain searches never take one of `known_true` as a target: the
    /// candidates of the puzzle's solution, which no sound proof eliminates (a caller that
    /// knows the solution checks every proof against it too). Every other target's answer
    /// is the same as [`Searcher::new`]'s, so a `find` gives the same proofs unless one of
    /// them would have eliminated a true candidate.
    pub fn sparing(known_true: CandidateSet) -> Searcher {
        Searcher {
            chains: chains::ChainCache::sparing(known_true),
            ..Searcher::default()
        }
    }

    /// Up to `limit` instances of `rule` in the state.
    pub fn find(&mut self, rule: Rule, links: &LinkIndex, limit: usize) -> Vec<Proof> {
        match rule.technique.get().search {
            Search::Basic(b) => basic::find(b, links),
            Search::Assistant(a) => assistant::find(a, links),
            Search::Tagging(level) => tagging_find(level, links),
            Search::Hodoku(rule) => rule.find(links),
            Search::Chain(f) => {
                self.chains
                    .find(links, f, rule.length, limit, chains::Options::default())
            }
            Search::Whip(k) => whips::find(links, k, rule.length, limit),
            Search::Force(spec) => self.force.of_length(spec, links, rule.length, limit),
            Search::Hypothesis(mode) => self
                .hypotheses
                .proofs(mode, links, &mut Meter::unlimited())
                .expect("an unlimited meter never stops")
                .iter()
                .filter(|p| p.length == rule.length)
                .take(limit)
                .cloned()
                .collect(),
        }
    }

    /// The first step of the first rule (in the given order) that has one.
    pub fn first_step(&mut self, rules: &[Rule], links: &LinkIndex) -> Option<Proof> {
        rules
            .iter()
            .find_map(|&r| self.find(r, links, 1).into_iter().next())
    }

    /// [`TechniqueId::search_target`], with this searcher's chain cache.
    pub fn search_target(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        if let Search::Force(spec) = technique.get().search {
            // every conclusion of the state at once, kept for the state's other targets
            return self
                .force
                .search_target(spec, links, (target, false), max_len, meter);
        }
        if let Search::Hypothesis(mode) = technique.get().search {
            // every conclusion of the state at once, kept for the state's other targets
            return match self.hypotheses.proofs(mode, links, meter) {
                Ok(proofs) => TargetAnswer::complete(
                    proofs
                        .iter()
                        .find(|p| p.eliminations.contains(&target) && p.length <= max_len)
                        .cloned(),
                ),
                Err(stop) => TargetAnswer::stopped(stop, 0),
            };
        }
        technique.search_target_in(&mut self.chains, links, target, max_len, meter)
    }

    /// The shortest proof of `technique` placing `target` (length ≤ `max_len`, a
    /// fixed-size technique's first proof asserting it), for the techniques that can assert
    /// a value ([`TechniqueId::may_place`]); an empty answer for the others.
    pub fn search_placement(
        &mut self,
        technique: TechniqueId,
        links: &LinkIndex,
        target: Candidate,
        max_len: usize,
        meter: &mut Meter,
    ) -> TargetAnswer {
        if let Some(stop) = meter.check() {
            return TargetAnswer::stopped(stop, 0);
        }
        match technique.get().search {
            Search::Force(spec) if spec.mode != ForceMode::Contradiction => self
                .force
                .search_target(spec, links, (target, true), max_len, meter),
            Search::Hypothesis(mode) => match self.hypotheses.proofs(mode, links, meter) {
                Ok(proofs) => TargetAnswer::complete(
                    proofs
                        .iter()
                        .find(|p| p.assertions.contains(&target) && p.length <= max_len)
                        .cloned(),
                ),
                Err(stop) => TargetAnswer::stopped(stop, 0),
            },
            _ if technique.is_fixed_size() => TargetAnswer::complete(
                self.find(technique.rule(0), links, usize::MAX)
                    .into_iter()
                    .find(|p| p.assertions.contains(&target)),
            ),
            _ => TargetAnswer::complete(None),
        }
    }
}

/// The clearings of full tagging at a level (1, 2 or 3).
fn tagging_find(level: u8, links: &LinkIndex) -> Vec<Proof> {
    match level {
        1 => tagging::level1(links),
        2 => tagging2::level2(links),
        _ => tagging3::level3(links),
    }
}

/// The technique a proof is an instance of (its pattern says which search found it).
/// A subset or fish larger than any registered size is reported as the largest registered.
pub fn technique_of(proof: &Proof) -> TechniqueId {
    use crate::proof::Pattern as P;
    let search = match &proof.pattern {
        P::NakedSingle { .. } => Search::Basic(BasicRule::NakedSingle),
        P::HiddenSingle { .. } => Search::Basic(BasicRule::HiddenSingle),
        P::Interaction { .. } => Search::Basic(BasicRule::Interaction),
        P::NakedSubset { cells, .. } => Search::Basic(BasicRule::NakedSubset(cells.len())),
        P::HiddenSubset { cells, .. } => Search::Basic(BasicRule::HiddenSubset(cells.len())),
        P::Fish { base, .. } => Search::Basic(BasicRule::Fish(base.len())),
        P::XyWing { .. } => Search::Basic(BasicRule::XyWing),
        P::XyzWing { .. } => Search::Basic(BasicRule::XyzWing),
        P::Chain(c) => Search::Chain(c.family),
        P::Whip(w) => Search::Whip(w.kind),
        P::Net(n) if n.mode.is_assistant() => Search::Hypothesis(n.mode),
        P::Net(n) => Search::Force(ForceSpec::new(n.mode, n.level, n.form)),
        P::GridLock(_) => Search::Assistant(AssistantRule::GridAnalysis),
        P::BentSubset(_) => Search::Assistant(AssistantRule::BentSubsets),
        P::SueDeCoq(_) => Search::Assistant(AssistantRule::SueDeCoq),
        P::Aic(a) if a.technique == "aic" => Search::Assistant(AssistantRule::Aic),
        P::Aic(a) if a.technique == "nice-loop" => Search::Assistant(AssistantRule::NiceLoop),
        P::Aic(a) if a.technique == "als-strong-chains" => {
            Search::Assistant(AssistantRule::AlsStrongChains)
        }
        P::Aic(_) => Search::Tagging(1),
        P::AlmostLockedRange(_) => Search::Assistant(AssistantRule::AlmostLockedRanges),
        P::Medusa(_) => Search::Assistant(AssistantRule::Medusa),
        P::Tagging(t) => Search::Tagging(t.level()),
        P::EmptyRectangle(e) => Search::Hodoku(HodokuRule::EmptyRectangle {
            dual: e.links.len() > 1,
        }),
        P::Template(t) => Search::Hodoku(HodokuRule::Template { set: t.set }),
        P::Uniqueness(u) => Search::Hodoku(HodokuRule::Uniqueness(u.kind)),
        // a composite placement is as hard as its hardest part
        P::Composite(c) => {
            return c
                .parts
                .iter()
                .max_by_key(|p| difficulty(p))
                .map(technique_of)
                .unwrap_or_else(|| TechniqueId::of(Search::Basic(BasicRule::NakedSingle)))
        }
        P::GridAls(g) => Search::Assistant(AssistantRule::GridAls(match g.kind {
            FinKind::Skyscraper => None,
            kind => Some(kind),
        })),
        P::Als(a) if a.overlap => Search::Hodoku(HodokuRule::AlsOverlap(a.kind)),
        P::GeneralFish(f) if f.bodies.len() > 1 => Search::Hodoku(HodokuRule::SiameseFish),
        P::KrakenFish(_) => Search::Hodoku(HodokuRule::KrakenFish),
        P::GeneralFish(f) => Search::Hodoku(HodokuRule::Fish {
            shape: f.shape,
            large: f.base.len() > 4,
        }),
        P::Als(a) => Search::Assistant(match a.kind {
            AlsKind::Xz => AssistantRule::AlsXz,
            AlsKind::DoublyLinked => AssistantRule::AlsDoublyLinked,
            AlsKind::XyWing => AssistantRule::AlsXyWing,
            AlsKind::DeathBlossom => AssistantRule::DeathBlossom,
        }),
    };
    TechniqueId::all()
        .find(|t| t.get().search == search)
        .unwrap_or_else(|| TechniqueId::of(Search::Basic(BasicRule::Fish(7))))
}

/// How hard a proof is on sudolink's one difficulty scale (see [`Difficulty`]): its
/// technique's difficulty at its length. Every ranking of proofs reads this function —
/// `explain`'s simplest proof and its `--all` list, `solve`'s most complex rule, `rate`'s
/// hardest rule and the explorer — through [`rank`].
pub fn difficulty(proof: &Proof) -> u32 {
    if let crate::proof::Pattern::Composite(c) = &proof.pattern {
        return c.parts.iter().map(difficulty).max().unwrap_or(0);
    }
    technique_of(proof).difficulty(proof.length)
}

/// The order of proofs from simplest to hardest: difficulty, then the technique's place in
/// the registry (so of two equally hard proofs the one of the earlier technique is simpler).
pub fn rank(proof: &Proof) -> (u32, TechniqueId) {
    (difficulty(proof), technique_of(proof))
}

/// The difficulty scale as a Markdown table, one row per technique in registry order
/// (the README prints it; `sudolink techniques` too).
pub fn difficulty_table() -> String {
    let mut out = String::from(
        "| technique | system | sets | difficulty | what it is |\n|---|---|---|---|---|\n",
    );
    for t in TechniqueId::all() {
        let e = t.get();
        let d = e.difficulty;
        let scale = match (e.measure, d.per_length) {
            (_, 0) => d.base.to_string(),
            (LengthMeasure::Size(_), p) => format!("{} + {p} × size", d.base),
            (LengthMeasure::Inferences, p) => format!("{} + {p} × inferences", d.base),
            (LengthMeasure::Variables, p) => format!("{} + {p} × variables", d.base),
            (LengthMeasure::Cells, p) => format!("{} + {p} × length", d.base),
        };
        out.push_str(&format!(
            "| {} | {} | {} | {scale} | {} |\n",
            e.name,
            e.system.title(),
            e.sets.join(", "),
            e.summary.replace('|', "/"),
        ));
    }
    out
}

/// The sets a user may name (`basic`, `chains`, `force`, ...), each with its techniques, for
/// `--help`.
pub fn sets_help() -> String {
    let mut sets: Vec<&str> = Vec::new();
    for t in TechniqueId::all() {
        for s in t.get().sets {
            if !sets.contains(s) {
                sets.push(s);
            }
        }
    }
    sets.push(HODOKU_SET);
    sets.iter()
        .map(|s| {
            let names: Vec<&str> = expand(s)
                .unwrap_or_default()
                .iter()
                .map(|t| t.name())
                .collect();
            format!("{s} = {}", names.join(" "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The length a proof grades a puzzle with: its length for graded techniques (chains,
/// whips), 0 for the others.
pub fn graded_length(proof: &Proof) -> usize {
    if technique_of(proof).get().graded {
        proof.length
    } else {
        0
    }
}

/// The basic rules (the seeds' L4_0 level) in their order.
pub fn basic_rules() -> Vec<Rule> {
    TechniqueId::all()
        .filter(|t| t.is_basic())
        .map(|t| t.rule(0))
        .collect()
}

/// The rules of a list of techniques, simplest first: the basic rules, the listed
/// fixed-size techniques that are not basic, then for each length 1..=`max_len` the listed
/// graded techniques — all in the registry's order, whatever the list's.
pub fn rules_with_basic(techniques: &[TechniqueId], max_len: usize) -> Vec<Rule> {
    let mut rules = basic_rules();
    rules.extend(tier_rules(techniques, max_len));
    rules
}

/// The rules of tiers of techniques (see [`parse_tiers`]): the basic rules, then each tier
/// in turn, whole — its fixed-size techniques that are not basic, then its graded ones
/// length by length 1..=`max_len`, in the registry's order within the tier. A later tier
/// is tried only where no rule of an earlier one applies, at any length: HoDoKu's order,
/// where forcing chains of every length come before forcing nets. One tier gives
/// [`rules_with_basic`]'s list.
pub fn rules_in_tiers(tiers: &[Vec<TechniqueId>], max_len: usize) -> Vec<Rule> {
    let mut rules = basic_rules();
    for tier in tiers {
        rules.extend(tier_rules(tier, max_len));
    }
    rules
}

/// One tier's rules (no basic rule): fixed-size techniques, then graded ones by length.
fn tier_rules(techniques: &[TechniqueId], max_len: usize) -> Vec<Rule> {
    let mut sorted = techniques.to_vec();
    sorted.sort();
    let mut rules: Vec<Rule> = sorted
        .iter()
        .filter(|t| t.is_fixed_size() && !t.is_basic())
        .map(|t| t.rule(0))
        .collect();
    let graded: Vec<TechniqueId> = sorted.into_iter().filter(|t| !t.is_fixed_size()).collect();
    for n in 1..=max_len {
        rules.extend(graded.iter().map(|t| t.rule(n)));
    }
    rules
}

/// The first step of the first rule (in the given order) that has one (a fresh
/// [`Searcher`]: keep one instead when stepping through a path).
pub fn first_step(rules: &[Rule], links: &LinkIndex) -> Option<Proof> {
    Searcher::new().first_step(rules, links)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for t in TechniqueId::all() {
            let e = t.get();
            for n in std::iter::once(&e.name).chain(e.aliases) {
                assert!(seen.insert(*n), "{n} is used twice");
                assert_eq!(TechniqueId::from_name(n), Some(t));
            }
            assert_eq!(TechniqueId::of(e.search), t);
        }
    }

    #[test]
    fn sets_expand_and_lists_refuse_unknown_or_empty() {
        let list = parse_list("NRCZT, lasso,whip,nrczt").unwrap();
        let names: Vec<&str> = list.iter().map(|t| t.name()).collect();
        assert_eq!(names, ["nrczt", "nrct-lasso", "nrczt-lasso", "whip"]);
        assert_eq!(expand("basic").unwrap().len(), 14);
        assert_eq!(parse_list(" , ").unwrap_err(), UnknownTechnique::Empty);
        let err = parse_list("nrc,zebra").unwrap_err();
        assert!(err.to_string().contains("zebra") && err.to_string().contains("g-braid"));
    }

    #[test]
    fn tiers_keep_each_name_whole_and_in_the_order_given() {
        let tiers = parse_tiers("force-nets, force-chains, force-net-cell, x-wing").unwrap();
        // force-net-cell was already in the first tier: it adds no tier
        assert_eq!(tiers.len(), 3);
        assert!(tiers[0].iter().all(|t| t.name().starts_with("force-net")));
        assert!(tiers[1].iter().all(|t| !t.name().starts_with("force-net")));
        assert_eq!(tiers[0].len() + tiers[1].len(), 18);
        assert_eq!(tiers[2], [TechniqueId::from_name("x-wing").unwrap()]);
        assert_eq!(parse_tiers(" , ").unwrap_err(), UnknownTechnique::Empty);
        // each tier whole, at every length, before the next
        let rules = rules_in_tiers(&tiers[..2], 2);
        let basic = basic_rules().len();
        assert_eq!(rules.len(), basic + 2 * 18);
        let shape: Vec<(bool, usize)> = rules[basic..]
            .iter()
            .map(|r| (r.technique.name().starts_with("force-net"), r.length))
            .collect();
        let expected: Vec<(bool, usize)> = [(true, 1), (true, 2), (false, 1), (false, 2)]
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, 9))
            .collect();
        assert_eq!(shape, expected);
        // one tier is the simplest-first list
        let one = parse_tiers("force").unwrap();
        assert_eq!(rules_in_tiers(&one, 5), rules_with_basic(&one.concat(), 5));
    }

    #[test]
    fn every_technique_is_rated_and_the_scale_keeps_the_documented_order() {
        for t in TechniqueId::all() {
            assert!(
                t.get().difficulty.base > 0 || t.get().difficulty.per_length > 0,
                "{t}"
            );
        }
        let d = |name: &str, n: usize| TechniqueId::from_name(name).unwrap().difficulty(n);
        // HoDoKu's scores for the human techniques
        assert!(d("naked-single", 1) < d("hidden-single", 1));
        assert!(d("interaction", 1) < d("naked-pairs", 2));
        assert!(d("x-wing", 2) < d("xy-wing", 3));
        assert!(d("als-xz", 2) < d("death-blossom", 3));
        // Berthier's length for chains and whips: every chain of length 2 is harder than
        // every basic rule, and within a length the registry's order holds
        for b in TechniqueId::all().filter(|t| t.is_basic()) {
            assert!(d("xy", 2) > b.difficulty(4), "{b}");
        }
        assert!(d("nrczt", 5) < d("whip", 5) && d("whip", 5) < d("nrczt", 6));
        assert!(d("force-cell-links", 10) < d("force-net-cell-links", 10));
        let table = difficulty_table();
        assert_eq!(table.lines().count(), REGISTRY.len() + 2);
        assert!(table.contains("| whip | whips and braids | whips | 20 + 100 × variables |"));
    }

    #[test]
    fn hodoku_names_its_order_tier_by_tier() {
        for name in HODOKU_ORDER {
            assert!(expand(name).is_some(), "{name}");
        }
        let tiers = parse_tiers("hodoku").unwrap();
        assert_eq!(tiers[0], [TechniqueId::from_name("naked-single").unwrap()]);
        assert!(tiers
            .last()
            .unwrap()
            .iter()
            .all(|t| t.name().starts_with("force-net")));
        assert_eq!(
            parse_list("hodoku").unwrap().len(),
            expand("hodoku").unwrap().len()
        );
    }

    #[test]
    fn graded_techniques_are_the_chains_and_whips() {
        for t in TechniqueId::all() {
            let graded = matches!(
                t.get().search,
                Search::Chain(_) | Search::Whip(_) | Search::Force(_) | Search::Hypothesis(_)
            );
            assert_eq!(t.get().graded, graded, "{t}");
        }
    }
}
