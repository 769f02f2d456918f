//! Proof objects: every placement or elimination the searches find is a [`Proof`] — the
//! rule, its family and length, the pattern as typed data, and what it concludes. A proof is
//! plain data (serde) that [`check::check`] re-verifies from the grid state alone, sharing no
//! code with the searches, and that `sudolink_notation` prints (and reads) as the forums write
//! it.

pub mod aic;
pub mod aligned;
pub mod als;
pub mod assistant;
pub mod basic;
pub mod candidates;
pub mod chain;
pub mod check;
pub mod composite;
pub mod empty_rectangle;
pub mod exocet;
pub mod facts;
pub mod fish;
pub mod imp630;
pub mod kraken;
pub mod medusa;
pub mod medusa_net;
pub mod net;
pub mod oddagon;
pub mod ork;
pub mod range;
pub mod rank;
pub mod tagging;
pub mod te;
pub mod template;
pub mod tridagon;
pub mod uniqueness;
pub mod whip;

use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};

pub use check::{check, CheckError};

/// The pattern behind a proof, with everything the checker needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pattern", rename_all = "kebab-case")]
pub enum Pattern {
    /// The cell has one candidate left.
    NakedSingle { cell: Cell, digit: Digit },
    /// The digit has one place left in the house.
    HiddenSingle {
        house: House,
        digit: Digit,
        cell: Cell,
    },
    /// All candidates of `digit` in `house` lie in `into` (a block and a line that cross):
    /// the digit is removed from the rest of `into`.
    Interaction {
        digit: Digit,
        house: House,
        into: House,
    },
    /// `cells` of `house` hold only `digits`, as many as cells.
    NakedSubset {
        house: House,
        cells: Vec<Cell>,
        digits: Vec<Digit>,
    },
    /// `digits` have their places in `house` only in `cells`, as many as digits.
    HiddenSubset {
        house: House,
        digits: Vec<Digit>,
        cells: Vec<Cell>,
    },
    /// The "super-hidden" subset: every place of `digit` in the `base` lines lies in the
    /// `cover` lines (rows against columns), as many covers as bases.
    Fish {
        digit: Digit,
        base: Vec<House>,
        cover: Vec<House>,
    },
    /// Pivot {x y}, pincers {x z} and {y z}, each seeing the pivot: z is removed from cells
    /// seeing both pincers.
    XyWing {
        pivot: Cell,
        pincers: [Cell; 2],
        z: Digit,
    },
    /// Pivot {x y z}, pincers {x z} and {y z}, each seeing the pivot: z is removed from cells
    /// seeing all three.
    XyzWing {
        pivot: Cell,
        pincers: [Cell; 2],
        z: Digit,
    },
    /// A 2D or 3D chain or a lasso (see [`chain`]).
    Chain(chain::ChainPattern),
    /// A whip, braid, g-whip or g-braid (see [`whip`]).
    Whip(whip::WhipPattern),
    /// A force chain or net (see [`net`]).
    Net(net::NetPattern),
    /// Hanson's grid analysis: a subset or fish with its complement (see [`assistant`]).
    GridLock(assistant::GridLock),
    /// Hanson's bent naked subset (see [`assistant`]).
    BentSubset(assistant::BentSubset),
    /// An almost-locked-set rule: ALS-XZ, doubly linked, ALS-XY-wing, death blossom.
    Als(als::AlsPattern),
    /// A grid-based ALS: a finned or sashimi fish (see [`assistant`]).
    GridAls(Box<assistant::GridAls>),
    /// Almost-locked ranges with a strong chain (see [`range`]).
    AlmostLockedRange(Box<range::AlmostLockedRange>),
    /// Sue de Coq: two ALS on a box-line intersection (see [`als`]).
    SueDeCoq(Box<als::SueDeCoq>),
    /// An alternating inference chain over candidates and groups (see [`aic`]).
    Aic(Box<aic::AicPattern>),
    /// 3D Medusa: coloured strong chains, weak links, hinges (see [`medusa`]).
    Medusa(Box<medusa::MedusaPattern>),
    /// A level-2 full tagging clearing: lemmas and a refutation (see [`tagging`]).
    Tagging(Box<tagging::TagPattern>),
    /// A placement proved by eliminating every other candidate of its cell or every other
    /// place of its digit in a house, one proof per part (see [`composite`]).
    Composite(Box<composite::CompositePattern>),
    /// HoDoKu's locked pair or triple: a naked pair or triple where a block and a line
    /// cross, clearing both (see [`basic`]).
    LockedSubset(Box<basic::LockedSubset>),
    /// HoDoKu's empty rectangle, single or dual (see [`empty_rectangle`]).
    EmptyRectangle(Box<empty_rectangle::EmptyRectanglePattern>),
    /// HoDoKu's template set or template delete (see [`template`]).
    Template(Box<template::TemplatePattern>),
    /// A uniqueness rule: unique, hidden or avoidable rectangle, BUG+1; it assumes the
    /// puzzle has one solution (see [`uniqueness`]).
    Uniqueness(Box<uniqueness::UniquenessPattern>),
    /// HoDoKu's generalised fish: Franken, mutant, finned, sashimi, Siamese (see [`fish`]).
    GeneralFish(Box<fish::FishPattern>),
    /// HoDoKu's kraken fish (type 1): a finned fish whose every fin forces the target
    /// false through a chain (see [`kraken`]).
    KrakenFish(Box<kraken::KrakenPattern>),
    /// Sudoku Explainer's aligned pair or triplet exclusion (see [`aligned`]).
    AlignedExclusion(Box<aligned::AlignedExclusionPattern>),
    /// Berthier's trial and error, T&E(n) or T&E(B_p, n): an assumption refuted by BRT,
    /// nested refutations and braids (see [`te`]).
    Trial(Box<te::TrialPattern>),
    /// CSP-Rules' oddagon `O[n]`: an odd loop of candidates through CSP variables, whose
    /// other candidates (guardians) are not all false (see [`oddagon`]).
    Oddagon(Box<oddagon::OddagonPattern>),
    /// The tridagon (trivalue oddagon) and its anti-tridagon OR-k relations (see
    /// [`tridagon`]).
    Tridagon(Box<tridagon::TridagonPattern>),
    /// One of eleven's 630 three-digit impossible patterns and its OR-k relation (see
    /// [`imp630`]).
    Imp630(Box<imp630::Imp630Pattern>),
    /// Allan Barker's truths and links of rank 0: an MSLS, an SK-loop (see [`rank`]).
    Rank(Box<rank::RankPattern>),
    /// David P Bird's Junior or Senior Exocet: base, targets, cross-lines (see [`exocet`]).
    Exocet(Box<exocet::ExocetPattern>),
    /// SudoRules' chains on an OR-k relation: ORk-whips, ORk-forcing-whips and
    /// ORk-contrad-whips (see [`ork`]).
    OrkChain(Box<ork::OrkChain>),
}

/// Evaluates `$body` with `$x` bound to the data of `$pattern`'s kind (`$pattern` a
/// `&Pattern`): a reference to its payload or, for a basic rule, a view of the variant's
/// fields ([`basic`]). This is the one list of the kinds of pattern: every per-kind trait —
/// [`PatternKind`] here, `notation`'s and `export`'s — is reached through it, so a new kind
/// is one line here and the compiler then asks for each trait's impl.
#[macro_export]
macro_rules! on_pattern {
    ($pattern:expr, $x:ident => $body:expr) => {
        match $pattern {
            $crate::proof::Pattern::NakedSingle { cell, digit } => {
                let $x = &$crate::proof::basic::NakedSingle {
                    cell: *cell,
                    digit: *digit,
                };
                $body
            }
            $crate::proof::Pattern::HiddenSingle { house, digit, cell } => {
                let $x = &$crate::proof::basic::HiddenSingle {
                    house: *house,
                    digit: *digit,
                    cell: *cell,
                };
                $body
            }
            $crate::proof::Pattern::Interaction { digit, house, into } => {
                let $x = &$crate::proof::basic::Interaction {
                    digit: *digit,
                    house: *house,
                    into: *into,
                };
                $body
            }
            $crate::proof::Pattern::NakedSubset {
                house,
                cells,
                digits,
            } => {
                let $x = &$crate::proof::basic::NakedSubset {
                    house: *house,
                    cells,
                    digits,
                };
                $body
            }
            $crate::proof::Pattern::HiddenSubset {
                house,
                digits,
                cells,
            } => {
                let $x = &$crate::proof::basic::HiddenSubset {
                    house: *house,
                    digits,
                    cells,
                };
                $body
            }
            $crate::proof::Pattern::Fish { digit, base, cover } => {
                let $x = &$crate::proof::basic::LineFish {
                    digit: *digit,
                    base,
                    cover,
                };
                $body
            }
            $crate::proof::Pattern::XyWing { pivot, pincers, z } => {
                let $x = &$crate::proof::basic::XyWing {
                    pivot: *pivot,
                    pincers: *pincers,
                    z: *z,
                };
                $body
            }
            $crate::proof::Pattern::XyzWing { pivot, pincers, z } => {
                let $x = &$crate::proof::basic::XyzWing {
                    pivot: *pivot,
                    pincers: *pincers,
                    z: *z,
                };
                $body
            }
            $crate::proof::Pattern::Chain($x) => $body,
            $crate::proof::Pattern::Whip($x) => $body,
            $crate::proof::Pattern::Net($x) => $body,
            $crate::proof::Pattern::GridLock($x) => $body,
            $crate::proof::Pattern::BentSubset($x) => $body,
            $crate::proof::Pattern::Als($x) => $body,
            $crate::proof::Pattern::GridAls($x) => $body,
            $crate::proof::Pattern::AlmostLockedRange($x) => $body,
            $crate::proof::Pattern::SueDeCoq($x) => $body,
            $crate::proof::Pattern::Aic($x) => $body,
            $crate::proof::Pattern::Medusa($x) => $body,
            $crate::proof::Pattern::Tagging($x) => $body,
            $crate::proof::Pattern::Composite($x) => $body,
            $crate::proof::Pattern::LockedSubset($x) => $body,
            $crate::proof::Pattern::EmptyRectangle($x) => $body,
            $crate::proof::Pattern::Template($x) => $body,
            $crate::proof::Pattern::Uniqueness($x) => $body,
            $crate::proof::Pattern::GeneralFish($x) => $body,
            $crate::proof::Pattern::KrakenFish($x) => $body,
            $crate::proof::Pattern::AlignedExclusion($x) => $body,
            $crate::proof::Pattern::Trial($x) => $body,
            $crate::proof::Pattern::Oddagon($x) => $body,
            $crate::proof::Pattern::Tridagon($x) => $body,
            $crate::proof::Pattern::Imp630($x) => $body,
            $crate::proof::Pattern::Rank($x) => $body,
            $crate::proof::Pattern::Exocet($x) => $body,
            $crate::proof::Pattern::OrkChain($x) => $body,
        }
    };
}
pub use on_pattern;

/// What each kind of pattern says of itself, beside its data in its own module: its rule
/// name, its check from the state alone, and the candidates it is made of.
pub trait PatternKind {
    /// The rule's name as Berthier prints it, its family and its length.
    fn rule_name(&self) -> (String, String, usize);
    /// Whether a proof of this pattern holds on `state` (its conclusions are open
    /// candidates: [`check()`] has seen to that).
    fn check(&self, state: &State, proof: &Proof) -> Result<(), CheckError>;
    /// The candidates it is made of, each once, in order ([`candidates`]).
    fn collect_candidates(&self, out: &mut candidates::Collected);
}

/// A checked step: a pattern and what it concludes. Two proofs are equal when they are the
/// same step (rule, pattern, conclusions), whichever technique recorded finding them: a
/// proof read back from its text equals the one printed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Proof {
    /// The rule's name as Berthier prints it, e.g. `naked-pairs-in-a-row`.
    pub rule: String,
    /// The family, e.g. `subsets`, `fish`, `xy-wing`.
    pub family: String,
    /// Size or length in the family's own measure.
    pub length: usize,
    #[serde(flatten)]
    pub pattern: Pattern,
    pub eliminations: Vec<Candidate>,
    pub assertions: Vec<Candidate>,
    /// The registry name of the technique whose search made the proof, recorded by the
    /// search dispatcher when it returns the proof (`search::registry`); `None` only for a
    /// proof made by calling a search routine directly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub technique: Option<std::borrow::Cow<'static, str>>,
}

/// The name of a subset or fish size.
pub fn subset_name(size: usize) -> &'static str {
    match size {
        1 => "single",
        2 => "pairs",
        3 => "triplets",
        4 => "quads",
        5 => "quintuplets",
        6 => "sextuplets",
        7 => "septuplets",
        _ => "octuplets",
    }
}

/// The fish name of a size, as the forums and HoDoKu name them.
pub fn fish_name(size: usize) -> &'static str {
    match size {
        2 => "x-wing",
        3 => "swordfish",
        4 => "jellyfish",
        5 => "squirmbag",
        6 => "whale",
        _ => "leviathan",
    }
}

/// `in-a-row`, `in-a-column`, `in-a-block`.
pub fn in_a_house(h: House) -> String {
    format!("in-a-{}", h.kind_name())
}

impl PartialEq for Proof {
    fn eq(&self, other: &Proof) -> bool {
        let Proof {
            rule,
            family,
            length,
            pattern,
            eliminations,
            assertions,
            technique: _,
        } = self;
        *rule == other.rule
            && *family == other.family
            && *length == other.length
            && *pattern == other.pattern
            && *eliminations == other.eliminations
            && *assertions == other.assertions
    }
}

impl Eq for Proof {}

impl Proof {
    /// Build a proof with its rule name derived from the pattern.
    pub fn new(
        pattern: Pattern,
        eliminations: Vec<Candidate>,
        assertions: Vec<Candidate>,
    ) -> Proof {
        let naming = on_pattern!(&pattern, x => x.rule_name());
        Proof::named(naming, pattern, eliminations, assertions)
    }

    fn named(
        (rule, family, length): (String, String, usize),
        pattern: Pattern,
        eliminations: Vec<Candidate>,
        assertions: Vec<Candidate>,
    ) -> Proof {
        Proof {
            rule,
            family,
            length,
            pattern,
            eliminations,
            assertions,
            technique: None,
        }
    }

    /// The proof, recording that `technique` (a registry name) made it.
    pub fn made_by(mut self, technique: &'static str) -> Proof {
        self.technique = Some(std::borrow::Cow::Borrowed(technique));
        self
    }

    /// Eliminations as `r3c9<>8`.
    pub fn elimination_texts(&self) -> Vec<String> {
        self.eliminations.iter().map(|c| c.elimination()).collect()
    }
    /// Assertions as `r1c1=7`.
    pub fn assertion_texts(&self) -> Vec<String> {
        self.assertions.iter().map(|c| c.assertion()).collect()
    }
}

/// Candidates of one digit in a cell list.
pub fn candidates_of(cells: &[Cell], d: Digit) -> Vec<Candidate> {
    cells.iter().map(|&c| Candidate::new(c, d)).collect()
}
