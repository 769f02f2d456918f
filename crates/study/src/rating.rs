//! Ratings: the least n such that a scheme's rules with lengths ≤ n solve a puzzle.
//!
//! Schemes ([`Scheme`]):
//! - `W`: exactly SudoRules' config W — naked and hidden singles, then whips of length
//!   1..n (`whip[1]` stands for pointing and claiming), nothing else. `B` the same with
//!   braids, `gW` with g-whips, `gB` with g-braids (SudoRules loads whips with braids and
//!   g-whips, so each kind's search also finds the simpler kinds).
//! - `BC`: singles, `whip[1]` (every SudoRules theory beyond singles has it) and bivalue
//!   chains (`nrc` chains), by length.
//! - `L`, `M`, `N` ([Berthier NRC]'s classification): the basic rules, then for each length
//!   1..n in increasing order the 2D chain families (L), plus the 3D nrc/nrct/nrcz/nrczt
//!   chains (M), plus the nrct/nrczt lassos (N), at each length in the order of
//!   [`ChainFamily`].
//!
//! W0 means solved by singles alone; Wn that whips up to length n are needed.
//!
//! # Why one run gives the rating
//!
//! The W rating is defined by the "simplest first" strategy: singles to a fixpoint, then the
//! shortest whip available, then singles again, and so on; the rating is the longest whip
//! used. Whips (and braids, g-whips, g-braids) have the *confluence property*: singles plus
//! whips of length ≤ n reach the same final state whatever the order of the eliminations,
//! and a whip found in a state still has one of the same or smaller length after other
//! eliminations. So [`rate`] runs simplest-first one *batch* at a time: in each state it
//! finds every target's whip at the least length any target has
//! ([`whips::shortest_batch`], iterative deepening over all targets) and applies them all,
//! then singles. The longest length applied is the least n such that singles plus
//! whips[≤ n] solve the puzzle — what one-at-a-time simplest-first computes — with far fewer
//! searches. Every applied step is re-checked with [`proof::check()`] on the state it was
//! found in and, when the solution is known, against it.
//!
//! Of two partial whips with the same right-linking candidates the search keeps the last
//! one found, as SudoRules does; with that, the W ratings equal SudoRules' on all 21,375
//! puzzles of Berthier's cbg-000 collection (`tests/whips.rs`).
//!
//! - `Trid-OR5W`: Berthier's "SFin + W + Trid-OR5W" level of T&E(3) puzzles
//!   ([Berthier classif], [CSP-Rules]: SudoRules' config `W+OR5W+SFin+Trid`): singles, and
//!   at each length n SudoRules' `Subsets[n]` (naked and hidden subsets, the fish of rows
//!   against columns: a complete triplet or swordfish is a `braid[3]`, not a `whip[3]`), whips
//!   and the ORk-contrad-whips and ORk-whips on the tridagons' OR-k relations with k ≤ 5
//!   (`trid-or5-contrad-whip`, `trid-or5-whip`); the tridagon rules (`tridagon`,
//!   `trid-ork`) at length 3 before `whip[3]`, where SudoRules' saliences put them. A tridagon
//!   or ORk step counts as 3 and a Subset of size n as n ([`Scheme::step_floor`]): no puzzle
//!   of mith's collection is below 3. ORk-forcing-whips are not in the set (the config
//!   string has no `OR5FW`). Finned fish of size 3 and 4 are not in it yet.
//!
//! - `Trid-OR5gW`: Berthier's "SFin + gW + Trid-OR5gW" level (SudoRules' config
//!   `gW+OR5gW+SFin+Trid`): Trid-OR5W, and at each length n after its rules `g-whip[n]`, then
//!   the ORk-contrad-g-whips and ORk-g-whips with k ≤ 5 (`trid-or5-contrad-g-whip`,
//!   `trid-or5-g-whip`: right-linking g-candidates), as SudoRules' `?*OR5-G-Whips*` turns
//!   them on with the plain ones.
//!
//! - `Select1-OR5W`, `Select2-OR5W`: Berthier's "SFin + W + (Trid+Select1)-OR5W" and
//!   "SFin + W + (Trid+Select2)-OR5W" levels ([Berthier classif]; SudoRules' config with
//!   `?*Imp630-Select1*` or `?*Imp630-Select2*`, which turns Select1 on too): Trid-OR5W with
//!   eleven's impossible patterns of the list ([`sudolink_search::imp630`]) beside the
//!   tridagons: their relations' own eliminations (`imp630-sel1-ork`) right after the
//!   tridagon rules at level 3, and the ORk-whips and ORk-contrad-whips (k ≤ 5) on the
//!   tridagons' and the patterns' relations (`sel1-or5-whip`, `sel1-or5-contrad-whip`).
//!
//! - `S+W`, `SFin+W`, `S+gW`, `SFin+gW`: Berthier's W-family schemes of cbg-000
//!   ([CSP-Rules]: CSP-Rules-Examples' `Sudoku-b/cbg-000/launch.txt` gives each config):
//!   singles, and at each length n SudoRules' `Subsets[n]` (n = 2..4), with `SFin` the finned
//!   fish of size n, then `whip[n]`, with `g` then `g-whip[n]`; a Subset or finned fish of size n
//!   counts n ([`Scheme::step_floor`]).
//!
//! - `TyW`: SudoRules' `?*Typed-Whips*` (CSP-Rules-Examples' cbg-000 `TyW` ratings):
//!   singles, `whip[1]`, then typed whips of increasing length: whips whose CSP variables all
//!   have one type, rc, rn, cn or bn (each within one of the four 2D spaces). Rated by
//!   batches as W ([`whips::typed_batch_within`]: each target searched in each space);
//!   SudoRules' partial typed whips are merged per type, as ours.
//!
//! Beside the schemes, Berthier's T&E classifications ([`TrialScheme`]: `TE`, `BxB`,
//! `BxBB`, [`crate::te`]) and `BD`, the W1-backdoor size ([`crate::backdoors`]): the least
//! number of candidates whose assertion lets W1 solve the puzzle, searched up to 3 unless
//! told (`BD>3`).
//!
//! For the chain schemes (L, M, N, BC, the Subsets schemes, Trid-OR5W, Trid-OR5gW,
//! Select1-OR5W, Select2-OR5W)
//! no such property is assumed: [`rate`] runs [`resolution::solve`] with the rules of
//! [`rules_for`] up to the maximal length; because the rules are ordered by length, that
//! run uses a rule of length n only when nothing shorter applies, so the longest length
//! it uses is the least n for which the same strategy with lengths ≤ n solves the puzzle.
//!
//! Example: `..34......5...912.7...2.....1.5.7..86...9...7.......34..2.............9.9...61.75`
//! (controlled-bias #2) is W5: SudoRules rates it 5.

use crate::resolution::{self, ResolutionError};
use crate::te::TeDepth;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::format::ParsedGrid;
use sudolink_engine::grid::singles::{self, Single};
use sudolink_engine::grid::State;
use sudolink_engine::proof::{self, Pattern, Proof};
use sudolink_search::limits::Bounds;
use sudolink_search::registry::{Class, Level, Search, Stopped, SUBSETS_SET};
use sudolink_search::whips::{self, SearchStats, WhipKind};
use sudolink_search::{BasicRule, ChainFamily, Limits, Meter, Rule, Stop, TechniqueId};
use thiserror::Error;

/// A rating scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scheme {
    L,
    M,
    N,
    W,
    B,
    GW,
    GB,
    BC,
    /// Berthier's "SFin + W + Trid-OR5W" level ([Berthier classif], [CSP-Rules]).
    TridOr5W,
    /// Berthier's "SFin + gW + Trid-OR5gW" level: Trid-OR5W with g-whips and the g-forms
    /// of its OR-k chains.
    TridOr5GW,
    /// Berthier's "SFin + W + (Trid+Select1)-OR5W" level: Trid-OR5W with eleven's
    /// impossible patterns of the Select1 list beside the tridagons.
    Select1Or5W,
    /// Berthier's "SFin + W + (Trid+Select2)-OR5W" level: the same with the Select2 list
    /// (Select1's patterns and 7 more).
    Select2Or5W,
    /// Berthier's S+W (SudoRules' `?*Subsets*` with `?*Whips*`): at each length n, `Subsets[n]`
    /// then `whip[n]`.
    SW,
    /// Berthier's SFin+W: S+W with SudoRules' finned fish of size n after `Subsets[n]`.
    SFinW,
    /// Berthier's S+gW: S+W with `g-whip[n]` after `whip[n]`.
    SGW,
    /// Berthier's SFin+gW: SFin+W with `g-whip[n]` after `whip[n]`.
    SFinGW,
    /// Berthier's TyW (SudoRules' `?*Typed-Whips*`): singles, `whip[1]`, then typed whips
    /// (every CSP variable of one type: rc, rn, cn or bn) of increasing length.
    TyW,
    /// Berthier's FW (SudoRules' `?*Forcing-Whips*`): at each length n, `whip[n]` then
    /// `forcing-whip[n]` (from n = 3).
    FW,
    /// Berthier's F3W (SudoRules' `?*Forcing3-Whips*`, which turns `?*Forcing2-Whips*` on):
    /// `whip[n]`, then the forcing whips on CSP variables with two or three candidates left.
    F3W,
    /// Berthier's FgW (SudoRules' `?*Forcing-G-Whips*`, which turns `?*Forcing-Whips*` and
    /// `?*G-Whips*` on): `whip[n]`, `g-whip[n]`, `forcing-whip[n]`, `forcing-g-whip[n]`.
    FgW,
}

impl Scheme {
    /// Every scheme, in this order.
    pub const ALL: [Scheme; 20] = [
        Scheme::L,
        Scheme::M,
        Scheme::N,
        Scheme::W,
        Scheme::B,
        Scheme::GW,
        Scheme::GB,
        Scheme::BC,
        Scheme::TridOr5W,
        Scheme::TridOr5GW,
        Scheme::Select1Or5W,
        Scheme::Select2Or5W,
        Scheme::SW,
        Scheme::SFinW,
        Scheme::SGW,
        Scheme::SFinGW,
        Scheme::TyW,
        Scheme::FW,
        Scheme::F3W,
        Scheme::FgW,
    ];
    /// `L`, `M`, `N`, `W`, `B`, `gW`, `gB`, `BC`, `Trid-OR5W`, ..., `S+W`, `SFin+gW`.
    pub fn name(self) -> &'static str {
        match self {
            Scheme::L => "L",
            Scheme::M => "M",
            Scheme::N => "N",
            Scheme::W => "W",
            Scheme::B => "B",
            Scheme::GW => "gW",
            Scheme::GB => "gB",
            Scheme::BC => "BC",
            Scheme::TridOr5W => "Trid-OR5W",
            Scheme::TridOr5GW => "Trid-OR5gW",
            Scheme::Select1Or5W => "Select1-OR5W",
            Scheme::Select2Or5W => "Select2-OR5W",
            Scheme::SW => "S+W",
            Scheme::SFinW => "SFin+W",
            Scheme::SGW => "S+gW",
            Scheme::SFinGW => "SFin+gW",
            Scheme::TyW => "TyW",
            Scheme::FW => "FW",
            Scheme::F3W => "F3W",
            Scheme::FgW => "FgW",
        }
    }
    /// The whip kind of the W-like schemes.
    pub fn whip_kind(self) -> Option<WhipKind> {
        match self {
            Scheme::W => Some(WhipKind::Whip),
            Scheme::B => Some(WhipKind::Braid),
            Scheme::GW => Some(WhipKind::GWhip),
            Scheme::GB => Some(WhipKind::GBraid),
            // typed whips are whips (of one CSP variable type each)
            Scheme::TyW => Some(WhipKind::Whip),
            _ => None,
        }
    }
}

impl Scheme {
    /// Every scheme's name, comma separated (`L, M, N, W, B, gW, gB, BC`), for help texts
    /// and errors.
    pub fn names() -> String {
        Scheme::ALL.map(Scheme::name).join(", ")
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown scheme name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown rating scheme {0:?} (expected one of {names})", names = Scheme::names())]
pub struct UnknownScheme(pub String);

impl FromStr for Scheme {
    type Err = UnknownScheme;
    fn from_str(s: &str) -> Result<Scheme, UnknownScheme> {
        Scheme::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownScheme(s.to_string()))
    }
}

/// What a study rates by: a level scheme ([`Scheme`]: the least n whose rules solve the
/// puzzle) or Sudoku Explainer 1.2.1's rating, SER ([`crate::ser`]: ER/EP/ED).
/// `classify` and `rate` take either; the store keeps a level as an INTEGER rating and SER's
/// ER as a REAL one, with EP and ED beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatingScheme {
    Level(Scheme),
    Ser,
    /// Berthier's trial-and-error classifications ([`crate::te`]).
    Trial(TrialScheme),
    /// HoDoKu 2.2's level and score ([`crate::hodoku`]).
    Hodoku,
}

/// Berthier's T&E classifications: the T&E depth (0–3) of any puzzle, BxB of a T&E(2)
/// puzzle, BxBB of a T&E(3) one; and the W1-backdoor size ([`crate::backdoors`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrialScheme {
    Te,
    BxB,
    BxBB,
    /// The least number of candidates whose assertion lets W1 solve the puzzle (`BD`).
    Backdoor,
}

impl TrialScheme {
    pub const ALL: [TrialScheme; 4] = [
        TrialScheme::Te,
        TrialScheme::BxB,
        TrialScheme::BxBB,
        TrialScheme::Backdoor,
    ];

    /// `TE`, `BxB`, `BxBB`, `BD`.
    pub fn name(self) -> &'static str {
        match self {
            TrialScheme::Te => "TE",
            TrialScheme::BxB => "BxB",
            TrialScheme::BxBB => "BxBB",
            TrialScheme::Backdoor => "BD",
        }
    }

    /// What the classification is, as `classify` heads its table.
    pub fn what(self) -> &'static str {
        match self {
            TrialScheme::Te | TrialScheme::BxB | TrialScheme::BxBB => {
                "Berthier's T&E classification"
            }
            TrialScheme::Backdoor => "the W1-backdoor size",
        }
    }

    /// The longest braids a BxB or BxBB classification tries when none is asked: the
    /// SHC's bounds ([`crate::te::BXB_MAX_P`], [`crate::te::BXBB_MAX_P`]); past it the
    /// class is written `BxB>14`. A T&E depth takes no braid length (its own bound is
    /// [`TE_MAX_DEPTH`]).
    pub fn default_max_p(self) -> usize {
        match self {
            TrialScheme::Te => TE_MAX_DEPTH,
            TrialScheme::BxB => crate::te::BXB_MAX_P,
            TrialScheme::BxBB => crate::te::BXBB_MAX_P,
            TrialScheme::Backdoor => crate::backdoors::DEFAULT_MAX_SIZE,
        }
    }
}

/// The name of HoDoKu's rating scheme (`--scheme hodoku`).
pub const HODOKU_SCHEME: &str = "hodoku";

/// The T&E depth a `TE` rating searches up to (Berthier: every known puzzle is in T&E(3)).
pub const TE_MAX_DEPTH: usize = 3;

impl RatingScheme {
    /// A level scheme's name, `SER`, `TE`, `BxB`, `BxBB` or `hodoku`.
    pub fn name(self) -> &'static str {
        match self {
            RatingScheme::Level(s) => s.name(),
            RatingScheme::Ser => "SER",
            RatingScheme::Trial(t) => t.name(),
            RatingScheme::Hodoku => HODOKU_SCHEME,
        }
    }

    /// The level scheme, if this is one.
    pub fn level(self) -> Option<Scheme> {
        match self {
            RatingScheme::Level(s) => Some(s),
            RatingScheme::Ser | RatingScheme::Trial(_) | RatingScheme::Hodoku => None,
        }
    }

    /// The length bound of a rating in this scheme: `asked` when a length was asked,
    /// else a T&E classification's own default ([`TrialScheme::default_max_p`]), B's
    /// ([`B_MAX_LEN`]) and `default` for the others.
    pub fn max_len(self, asked: Option<usize>, default: usize) -> usize {
        match (self, asked) {
            (_, Some(n)) => n,
            (RatingScheme::Trial(t), None) => t.default_max_p(),
            (RatingScheme::Level(Scheme::B | Scheme::GB), None) => B_MAX_LEN,
            (RatingScheme::Level(_) | RatingScheme::Ser | RatingScheme::Hodoku, None) => default,
        }
    }

    /// Every rating scheme: the level schemes, SER, Berthier's T&E classifications, then
    /// HoDoKu's.
    pub fn all() -> impl Iterator<Item = RatingScheme> {
        Scheme::ALL
            .into_iter()
            .map(RatingScheme::Level)
            .chain([RatingScheme::Ser])
            .chain(TrialScheme::ALL.into_iter().map(RatingScheme::Trial))
            .chain([RatingScheme::Hodoku])
    }

    /// Every scheme's name, comma separated (`L, M, N, W, ..., SER, TE, BxB, BxBB, hodoku`),
    /// from [`RatingScheme::all`]: what help texts and errors list.
    pub fn names() -> String {
        RatingScheme::all()
            .map(RatingScheme::name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for RatingScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown rating scheme name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown rating scheme {0:?} (expected one of {names})", names = RatingScheme::names())]
pub struct UnknownRatingScheme(pub String);

impl FromStr for RatingScheme {
    type Err = UnknownRatingScheme;
    /// A level scheme's name as written (`gW`), or `SER`, `TE`, `BxB`, `BxBB`, `hodoku` in
    /// any case.
    fn from_str(s: &str) -> Result<RatingScheme, UnknownRatingScheme> {
        if s.eq_ignore_ascii_case("ser") {
            return Ok(RatingScheme::Ser);
        }
        if s.eq_ignore_ascii_case(HODOKU_SCHEME) {
            return Ok(RatingScheme::Hodoku);
        }
        if s.eq_ignore_ascii_case("te") || s.eq_ignore_ascii_case("t&e") {
            return Ok(RatingScheme::Trial(TrialScheme::Te));
        }
        if let Some(t) = TrialScheme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
        {
            return Ok(RatingScheme::Trial(t));
        }
        Scheme::from_str(s)
            .map(RatingScheme::Level)
            .map_err(|_| UnknownRatingScheme(s.to_string()))
    }
}

impl Scheme {
    /// Whether a technique of `class` is in this scheme's rule set (for W-like schemes, the
    /// singles and the scheme's own whip kind: see [`rules_for`]).
    pub fn includes(self, class: Class) -> bool {
        match self {
            Scheme::L => matches!(class, Class::Singles | Class::Basic | Class::Chain2d),
            Scheme::M => matches!(
                class,
                Class::Singles | Class::Basic | Class::Chain2d | Class::Chain3d
            ),
            Scheme::N => matches!(
                class,
                Class::Singles | Class::Basic | Class::Chain2d | Class::Chain3d | Class::Lasso
            ),
            _ => class == Class::Singles,
        }
    }
}

/// The level at which the tridagon rules come in the Trid-OR5W scheme.
pub const TRIDAGON_LEVEL: usize = 3;

impl Scheme {
    /// The least level a step of this scheme counts as, beside its length: a tridagon,
    /// trid-ork or ORk-whip step of Trid-OR5W counts as [`TRIDAGON_LEVEL`] (SudoRules only
    /// tries the tridagon rules, which assert the OR-k relations the ORk-whips start from,
    /// once every rule of length < 3 has failed, so its "most complex rule tried" is at
    /// least 3), a Subset or a finned fish of size n (a fixed-size rule at level n, as
    /// SudoRules' saliences place it) as n; 0 otherwise.
    pub fn step_floor(self, p: &Proof) -> usize {
        if !self.has_subsets() {
            return 0;
        }
        match &p.pattern {
            Pattern::Tridagon(_) | Pattern::Imp630(_) => TRIDAGON_LEVEL,
            // a chain on a relation split by a bivalue chain of i links is at level i
            // (SudoRules' split-ORk-ch[i])
            Pattern::OrkChain(c) => TRIDAGON_LEVEL.max(c.split_links()),
            // a Subset of size n is at level n (SudoRules' Subsets[n])
            Pattern::NakedSubset { .. } | Pattern::HiddenSubset { .. } | Pattern::Fish { .. } => {
                p.length
            }
            // a finned fish of size n at its level n (SudoRules' finned-x-wing at L2, ...)
            _ => match TechniqueId::of_proof(p).get().level {
                Level::At(n) => n,
                _ => 0,
            },
        }
    }

    /// The schemes of Berthier's T&E(3) levels, with OR-k relations: Trid-OR5W, Trid-OR5gW,
    /// Select1-OR5W, Select2-OR5W.
    pub fn has_or_relations(self) -> bool {
        matches!(
            self,
            Scheme::TridOr5W | Scheme::TridOr5GW | Scheme::Select1Or5W | Scheme::Select2Or5W
        )
    }

    /// The schemes with SudoRules' Subsets (S+W, SFin+W, S+gW, SFin+gW and the T&E(3)
    /// levels): their fixed-size rules count at their level ([`Scheme::step_floor`]).
    pub fn has_subsets(self) -> bool {
        self.has_or_relations()
            || matches!(
                self,
                Scheme::SW | Scheme::SFinW | Scheme::SGW | Scheme::SFinGW
            )
    }
}

/// SudoRules' `Subsets[n]` (naked, hidden and super-hidden: fish) at level n, before `whips[n]`
/// (`define-specific-saliences-at-Ln`: not all `Subsets[n]` are `whips[n]`, a complete triplet
/// or swordfish is a `braid[3]`, no `whip[3]`), then with `fins` SudoRules' finned fish of size
/// n (`?*FinnedFish*`: finned x-wing, swordfish, jellyfish: rows against columns, fins in
/// one block, sashimi included); nothing outside 2..=4.
fn subsets_at(n: usize, fins: bool) -> Vec<Rule> {
    let named = |name: &str| TechniqueId::from_name(name).expect("in the registry");
    if !(2..=4).contains(&n) {
        return Vec::new();
    }
    let mut rules = vec![named(SUBSETS_SET).rule(n)];
    if fins {
        let finned = ["finned-x-wing", "finned-swordfish", "finned-jellyfish"];
        rules.push(named(finned[n - 2]).rule(n));
    }
    rules
}

/// The graded rules of S+W (SudoRules' config `?*Subsets*`, `?*Whips*`), SFin+W (with
/// `?*FinnedFish*`), S+gW and SFin+gW (with `?*G-Whips*`) up to `max_len`: at each length
/// n `Subsets[n]` and the finned fish of size n (their specific saliences come before the
/// generic ones of level n), `whip[n]`, then with `g` `g-whip[n]` (SudoRules'
/// `define-generic-saliences-at-Ln`: `whip[n]` before `gwhip[n]`).
fn subsets_whips_rules(max_len: usize, fins: bool, g: bool) -> Vec<Rule> {
    let mut rules = Vec::new();
    for n in 1..=max_len {
        rules.extend(subsets_at(n, fins));
        rules.push(Rule::whip(WhipKind::Whip, n));
        if g {
            rules.push(Rule::whip(WhipKind::GWhip, n));
        }
    }
    rules
}

/// The graded rules of FW, F3W and FgW up to `max_len`: at each length n `whip[n]` (and with
/// `g` `g-whip[n]`), then the forcing whips `forcing` of length n, from n = 3 (SudoRules'
/// `Forcing-Whips[n]`, `OR2-`, `OR3-Forcing-Whips[n]` and `Forcing-gWhips[n]` files start
/// there; its saliences put them after the whips, g-whips and braids of length n).
fn forcing_whips_rules(max_len: usize, forcing: &[&str], g: bool) -> Vec<Rule> {
    let named = |name: &str| TechniqueId::from_name(name).expect("in the registry");
    let mut rules = Vec::new();
    for n in 1..=max_len {
        rules.push(Rule::whip(WhipKind::Whip, n));
        if g {
            rules.push(Rule::whip(WhipKind::GWhip, n));
        }
        if n >= sudolink_search::ork::VARIABLE_MIN_LENGTH {
            rules.extend(forcing.iter().map(|&name| named(name).rule(n)));
        }
    }
    rules
}

/// The graded rules of Trid-OR5W (`g` false: SudoRules' `W+OR5W+SFin+Trid`) or Trid-OR5gW
/// (`g`: `gW+OR5gW+SFin+Trid`) up to `max_len`: at each length n SudoRules' `Subsets[n]`,
/// `whip[n]`, `ORk-contrad-whip[n]` and `ORk-whip[n]` (k ≤ 5), and with `g` then `g-whip[n]`,
/// `ORk-contrad-g-whip[n]` and `ORk-g-whip[n]` (SudoRules' `?*OR5-G-Whips*` turns on the
/// ORk-whips and both contrad forms too); the tridagon rules at level 3 (their salience,
/// `define-specific-saliences-at-L3`).
///
/// With `select` = Some(j) (Select`j`-OR5W: SudoRules' config with `?*Imp630-Select<j>*`),
/// the relations of eleven's patterns of the list come right after the tridagon rules at
/// level 3 (`define-selected-Imp630-saliences-at-L3`), and the chains start from them too.
fn trid_or5_rules(max_len: usize, g: bool, select: Option<u8>) -> Vec<Rule> {
    let named = |name: &str| TechniqueId::from_name(name).expect("in the registry");
    let (or5, or5_contrad) = match select {
        None => (named("trid-or5-whip"), named("trid-or5-contrad-whip")),
        Some(j) => (
            named(&format!("sel{j}-or5-whip")),
            named(&format!("sel{j}-or5-contrad-whip")),
        ),
    };
    let (or5g, or5g_contrad) = (named("trid-or5-g-whip"), named("trid-or5-contrad-g-whip"));
    let mut rules = Vec::new();
    for n in 1..=max_len {
        rules.extend(subsets_at(n, true));
        if n == TRIDAGON_LEVEL {
            // before whips[3]: SudoRules defines the specific saliences of L3 (Subsets[3],
            // finned swordfish, then the tridagon rules) before the generic ones (whip[3]),
            // "available immediately after Subsets[3]"
            rules.extend(["tridagon", "trid-ork"].map(|name| named(name).rule(n)));
            if let Some(j) = select {
                rules.push(named(&format!("imp630-sel{j}-ork")).rule(n));
            }
        }
        rules.push(Rule::whip(WhipKind::Whip, n));
        if n >= 2 {
            // SudoRules' saliences at each length: ORk-contrad-whip[n], then ORk-whip[n]
            rules.push(or5_contrad.rule(n));
            rules.push(or5.rule(n));
        }
        if g {
            // then the g-forms: g-whip[n], ORk-contrad-g-whip[n], ORk-g-whip[n]
            rules.push(Rule::whip(WhipKind::GWhip, n));
            if n >= 2 {
                rules.push(or5g_contrad.rule(n));
                rules.push(or5g.rule(n));
            }
        }
    }
    rules
}

/// The rules of `scheme` with lengths ≤ `max_len`, in the scale's order ([`Rule::place`]):
/// the scheme says which rules it has, the scale where each stands (its basic rules first,
/// then for each length its other rules, SudoRules' patterns of that level before its
/// chains and whips).
pub fn rules_for(scheme: Scheme, max_len: usize) -> Vec<Rule> {
    let mut rules = scheme_rules(scheme, max_len);
    rules.sort_by_key(|r| r.place());
    rules
}

/// The rules of `scheme` with lengths ≤ `max_len` in the order the scheme's own definition
/// gives (SudoRules' saliences for the Trid-OR5W levels, [Berthier NRC]'s for L, M, N): the
/// scale agrees with every one of them (the test `scale::every_scheme_s_own_order_is_the_scale_s`).
pub fn scheme_rules(scheme: Scheme, max_len: usize) -> Vec<Rule> {
    let mut rules: Vec<Rule> = TechniqueId::all()
        .filter(|t| t.is_fixed_size() && scheme.includes(t.get().class))
        .map(|t| t.rule(0))
        .collect();
    match scheme {
        Scheme::W | Scheme::B | Scheme::GW | Scheme::GB => {
            let kind = scheme.whip_kind().expect("whip scheme");
            rules.extend((1..=max_len).map(|n| Rule::whip(kind, n)));
        }
        Scheme::TyW => {
            // whips[1] cannot be typed (SudoRules' config): whip[1], then typed-whip[n]
            let typed = TechniqueId::from_name("typed-whip").expect("in the registry");
            rules.extend((1..=max_len.min(1)).map(|n| Rule::whip(WhipKind::Whip, n)));
            rules.extend((2..=max_len).map(|n| typed.rule(n)));
        }
        Scheme::TridOr5W => rules.extend(trid_or5_rules(max_len, false, None)),
        Scheme::TridOr5GW => rules.extend(trid_or5_rules(max_len, true, None)),
        Scheme::Select1Or5W => rules.extend(trid_or5_rules(max_len, false, Some(1))),
        Scheme::Select2Or5W => rules.extend(trid_or5_rules(max_len, false, Some(2))),
        Scheme::SW => rules.extend(subsets_whips_rules(max_len, false, false)),
        Scheme::SFinW => rules.extend(subsets_whips_rules(max_len, true, false)),
        Scheme::SGW => rules.extend(subsets_whips_rules(max_len, false, true)),
        Scheme::SFinGW => rules.extend(subsets_whips_rules(max_len, true, true)),
        Scheme::FW => rules.extend(forcing_whips_rules(max_len, &["forcing-whip"], false)),
        Scheme::F3W => rules.extend(forcing_whips_rules(max_len, &["forcing3-whip"], false)),
        Scheme::FgW => rules.extend(forcing_whips_rules(
            max_len,
            &["forcing-whip", "forcing-g-whip"],
            true,
        )),
        Scheme::BC => {
            // whip[1] stands for pointing and claiming, and holds nrc[1] (a bivalue variable
            // whose two candidates see the target): the bivalue chains from length 2
            if max_len >= 1 {
                rules.push(Rule::whip(WhipKind::Whip, 1));
            }
            rules.extend((2..=max_len).map(|n| Rule::chain(ChainFamily::Nrc, n)));
        }
        Scheme::L | Scheme::M | Scheme::N => {
            let graded: Vec<TechniqueId> = TechniqueId::all()
                .filter(|t| !t.is_fixed_size() && scheme.includes(t.get().class))
                .collect();
            for n in 1..=max_len {
                rules.extend(graded.iter().map(|t| t.rule(n)));
            }
        }
    }
    rules
}

/// A puzzle's rating in one scheme.
#[derive(Clone, Debug)]
pub struct Rating {
    pub scheme: Scheme,
    /// The least n whose rules solve the puzzle, `None` when not solved up to the maximum.
    pub rating: Option<usize>,
    /// Every applied step, in order (singles included).
    pub steps: Vec<Proof>,
    /// The hardest rule used, as SudoRules names it (`whip[5]`, `singles`), if any step.
    pub hardest: Option<String>,
    /// The state reached.
    pub final_state: State,
    /// Whip search statistics (W-like schemes).
    pub stats: SearchStats,
    /// The bound that stopped the rating before it was reached (then `rating` is `None`).
    pub cut: Option<Cut>,
}

impl Rating {
    /// `W5`, `B3`, `W>20` when not solved up to `max_len`, or `B>12 (memory bound)` when a
    /// bound stopped it.
    pub fn level_text(&self, max_len: usize) -> String {
        match (self.rating, self.cut) {
            (Some(n), _) => format!("{}{n}", self.scheme),
            (None, Some(cut)) => cut.text(self.scheme.name()),
            (None, None) => format!("{}>{max_len}", self.scheme),
        }
    }
}

/// A rating stopped by a bound (time, memory, work budget) before it was reached: the
/// puzzle's level is known to be above `above` (no rule of length ≤ `above` solves it),
/// nothing more. Never written as a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The limit that stopped it.
    pub stop: Stop,
    /// The level is greater than this.
    pub above: usize,
}

impl Cut {
    /// `B>12 (memory bound)`.
    pub fn text(&self, label: &str) -> String {
        format!("{label}>{} ({} bound)", self.above, self.stop.bound())
    }
}

/// Options of [`rate_with`].
#[derive(Clone, Copy, Debug)]
pub struct RateOptions {
    /// Re-check every applied step with [`proof::check()`] (cheap; on by default).
    pub verify: bool,
    /// Keep the applied steps in [`Rating::steps`] (on by default).
    pub keep_steps: bool,
    /// The limits of the rating (none by default): a search they stop makes the rating a
    /// [`Cut`].
    pub limits: Limits,
}

impl Default for RateOptions {
    fn default() -> Self {
        RateOptions {
            verify: true,
            keep_steps: true,
            limits: Limits::unlimited(),
        }
    }
}

/// Rate `start` in `scheme` with lengths up to `max_len` (see the module documentation).
/// `solution`, when given, is checked at every step.
pub fn rate(
    start: &State,
    scheme: Scheme,
    max_len: usize,
    solution: Option<&[u8; 81]>,
) -> Result<Rating, ResolutionError> {
    rate_with(start, scheme, max_len, solution, &RateOptions::default())
}

/// [`rate`] with options.
pub fn rate_with(
    start: &State,
    scheme: Scheme,
    max_len: usize,
    solution: Option<&[u8; 81]>,
    options: &RateOptions,
) -> Result<Rating, ResolutionError> {
    match scheme.whip_kind() {
        Some(kind) => rate_whips(start, scheme, kind, max_len, solution, options),
        None => rate_by_resolution(start, scheme, max_len, solution, options.limits),
    }
}

fn rule_label(p: &Proof) -> String {
    let t = TechniqueId::of_proof(p).get();
    if t.graded {
        format!("{}[{}]", p.rule, p.length)
    } else if t.class == Class::Singles {
        "singles".to_string()
    } else {
        p.rule.clone()
    }
}

fn rate_by_resolution(
    start: &State,
    scheme: Scheme,
    max_len: usize,
    solution: Option<&[u8; 81]>,
    limits: Limits,
) -> Result<Rating, ResolutionError> {
    let r = rate_rules_within(start, &rules_for(scheme, max_len), solution, limits)?;
    let floor = r
        .steps
        .iter()
        .map(|p| scheme.step_floor(p))
        .max()
        .unwrap_or(0);
    Ok(Rating {
        scheme,
        rating: r.rating.map(|n| n.max(floor)),
        steps: r.steps,
        hardest: r.hardest,
        final_state: r.final_state,
        stats: SearchStats::default(),
        cut: r.cut,
    })
}

/// A rating by a list of rules (`rate --rules`): see [`rate_rules`].
#[derive(Clone, Debug)]
pub struct ListRating {
    /// The longest graded step used (0 when no step is graded), when the rules solve it.
    pub rating: Option<usize>,
    pub steps: Vec<Proof>,
    /// The hardest rule used, as SudoRules names it.
    pub hardest: Option<String>,
    pub final_state: State,
    /// The bound that stopped the path before it was solved or stuck.
    pub cut: Option<Cut>,
}

/// Solve `start` with `rules` (simplest first) and rate it by the longest graded step
/// used: what `rate --rules` prints for any list of techniques (the Assistant's, tagging,
/// force chains), as the L/M/N schemes are rated.
pub fn rate_rules(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
) -> Result<ListRating, ResolutionError> {
    rate_rules_within(start, rules, solution, Limits::unlimited())
}

/// [`rate_rules`] within `limits`: a path a limit stops is rated as a [`Cut`].
pub fn rate_rules_within(
    start: &State,
    rules: &[Rule],
    solution: Option<&[u8; 81]>,
    limits: Limits,
) -> Result<ListRating, ResolutionError> {
    let r = resolution::solve_within(start, rules, solution, limits)?;
    let steps: Vec<Proof> = r.steps.into_iter().map(|s| s.proof).collect();
    Ok(list_rating(steps, r.solved, r.final_state, r.stopped))
}

/// The rating of a path: its longest graded step, and the hardest rule it used; a path a
/// limit stopped is a [`Cut`] above the longest step it used and the rule it was searching
/// (every shorter rule found nothing in its last state).
fn list_rating(
    steps: Vec<Proof>,
    solved: bool,
    final_state: State,
    stopped: Option<Stopped>,
) -> ListRating {
    let level = steps
        .iter()
        .filter(|p| TechniqueId::of_proof(p).get().graded)
        .map(|p| p.length)
        .max()
        .unwrap_or(0);
    // the hardest step on the scale (the last of equally hard ones)
    let hardest = steps
        .iter()
        .max_by_key(|p| sudolink_search::registry::place(p))
        .map(rule_label);
    let cut = stopped.filter(|_| !solved).map(|s| {
        let searching = if s.rule.technique.get().graded {
            s.rule.length.saturating_sub(1)
        } else {
            0
        };
        Cut {
            stop: s.stop,
            above: searching.max(level.saturating_sub(1)),
        }
    });
    ListRating {
        rating: solved.then_some(level),
        steps,
        hardest,
        final_state,
        cut,
    }
}

/// What `rate` rates puzzles by: a scheme (SER included), or a list of rules with the
/// label it was asked by.
pub enum RateBy {
    Scheme(RatingScheme),
    Rules(Vec<Rule>, String),
}

/// One puzzle's result as `rate` reports it (its `--json` line).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RateLine {
    /// A level scheme's rating: `W5`, `W>20` when not solved up to the maximum, or
    /// `B>12 (memory bound)` when a bound cut it (then `cut` says which).
    Level {
        puzzle: String,
        rating: Option<usize>,
        scheme: String,
        level: String,
        hardest: Option<String>,
        seconds: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        cut: Option<CutLine>,
    },
    /// A list of rules' rating: its longest graded step (`hodoku:7`, `hodoku: not solved`).
    Rules {
        puzzle: String,
        rating: Option<usize>,
        rules: String,
        level: String,
        hardest: Option<String>,
        seconds: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        cut: Option<CutLine>,
    },
    /// Sudoku Explainer's rating: ER as the rating, `ER/EP/ED` as the level.
    Ser {
        puzzle: String,
        /// ER; null when a bound cut the path (`cut` says which; `er` is then the hardest
        /// step so far, a lower bound).
        rating: Option<f64>,
        scheme: &'static str,
        level: String,
        er: f64,
        ep: f64,
        ed: f64,
        hardest: Option<String>,
        steps: usize,
        solved: bool,
        seconds: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        cut: Option<CutLine>,
    },
    /// HoDoKu's rating: `hodoku:Extreme/2468` as the level, the score as the rating.
    Hodoku {
        puzzle: String,
        /// The score; null when a limit cut the path (`cut` says which; `score` is then the
        /// score so far, a lower bound) or a step is not reproduced.
        rating: Option<u32>,
        scheme: &'static str,
        level: String,
        /// HoDoKu's difficulty level: Easy, Medium, Hard, Unfair or Extreme.
        difficulty: &'static str,
        score: u32,
        hardest: Option<String>,
        steps: usize,
        /// Steps of HoDoKu's brute force (its logic was stuck).
        brute_force: usize,
        seconds: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        cut: Option<CutLine>,
        /// The step type HoDoKu would use here and the emulation lacks.
        #[serde(skip_serializing_if = "Option::is_none")]
        not_reproduced: Option<String>,
    },
    /// A puzzle that cannot be rated (malformed: no puzzle text; no or several solutions;
    /// a step that does not hold).
    Failed {
        #[serde(skip_serializing_if = "Option::is_none")]
        puzzle: Option<String>,
        /// Always null.
        rating: Option<usize>,
        error: String,
    },
}

/// A cut rating as `rate --json` prints it: `{"bound": "memory", "above": 12, "why":
/// "memory ceiling of 175 MB reached", "bounds": "60 s, 500 MB"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CutLine {
    /// `time`, `memory` or `budget`.
    pub bound: &'static str,
    /// The level is known to be greater than this.
    pub above: usize,
    /// The limit reached, in words.
    pub why: String,
    /// The bounds the puzzle was rated under.
    pub bounds: String,
}

impl CutLine {
    fn new(cut: &Cut, bounds: &Bounds) -> CutLine {
        CutLine {
            bound: cut.stop.bound(),
            above: cut.above,
            why: cut.stop.to_string(),
            bounds: bounds.describe(),
        }
    }
}

impl RateLine {
    /// A line that cannot be rated.
    pub fn failed(puzzle: Option<String>, error: impl Into<String>) -> RateLine {
        RateLine::Failed {
            puzzle,
            rating: None,
            error: error.into(),
        }
    }

    /// The puzzle's line, when it was read.
    pub fn puzzle(&self) -> Option<&str> {
        match self {
            RateLine::Level { puzzle, .. }
            | RateLine::Rules { puzzle, .. }
            | RateLine::Ser { puzzle, .. }
            | RateLine::Hodoku { puzzle, .. } => Some(puzzle),
            RateLine::Failed { puzzle, .. } => puzzle.as_deref(),
        }
    }

    /// Whether a bound cut the rating.
    pub fn is_cut(&self) -> bool {
        matches!(
            self,
            RateLine::Level { cut: Some(_), .. }
                | RateLine::Rules { cut: Some(_), .. }
                | RateLine::Ser { cut: Some(_), .. }
                | RateLine::Hodoku { cut: Some(_), .. }
        )
    }

    /// The level text (`W5`, `7.1/1.2/1.2`), or the error.
    pub fn outcome(&self) -> Result<&str, &str> {
        match self {
            RateLine::Level { level, .. }
            | RateLine::Rules { level, .. }
            | RateLine::Ser { level, .. }
            | RateLine::Hodoku { level, .. } => Ok(level),
            RateLine::Failed { error, .. } => Err(error),
        }
    }
}

/// Rate one puzzle (or a state with candidates: a sukaku, pencil marks): its start state,
/// its solution (a puzzle with none or several is not rated), then the scheme or the
/// rules, timed, within `bounds` (its limits start when its rating does).
pub fn rate_puzzle(p: &ParsedGrid, by: &RateBy, max_len: usize, bounds: &Bounds) -> RateLine {
    let start = match p.start_state() {
        Ok(s) => s,
        Err(e) => return RateLine::failed(Some(p.line()), e.to_string()),
    };
    let solutions = sudolink_engine::solver::count_solutions(&start, 2);
    if solutions.count != 1 {
        let why = if solutions.count == 0 {
            "no solution"
        } else {
            "several solutions"
        };
        return RateLine::failed(Some(p.line()), why);
    }
    let Some(solution) = solutions.solution.as_ref() else {
        return RateLine::failed(Some(p.line()), "no solution");
    };
    let solved = crate::te::Solved {
        state: &start,
        solution,
    };
    let solution = Some(solution);
    let t = std::time::Instant::now();
    let puzzle = p.line();
    let options = RateOptions {
        limits: bounds.start(),
        ..RateOptions::default()
    };
    match by {
        RateBy::Scheme(RatingScheme::Level(scheme @ (Scheme::W | Scheme::B)))
            if !in_te1(solved, &options.limits) =>
        {
            // Berthier: braids solve exactly the T&E(1) puzzles, and whips are braids; no
            // blind search up to the length bound. Not so for gW and gB: g-whips reach
            // beyond T&E(1) (top1465 has T&E(2) puzzles rated gW16)
            RateLine::Level {
                rating: None,
                scheme: scheme.to_string(),
                level: format!("not in T&E(1): no {scheme} rating"),
                hardest: None,
                seconds: t.elapsed().as_secs_f64(),
                cut: None,
                puzzle,
            }
        }
        RateBy::Scheme(RatingScheme::Trial(trial)) => {
            let rated = rate_trial(solved, *trial, max_len, options.limits);
            RateLine::Level {
                rating: rated.rating,
                scheme: trial.name().to_string(),
                level: rated.level,
                hardest: None,
                seconds: t.elapsed().as_secs_f64(),
                cut: rated.cut.map(|c| CutLine::new(&c, bounds)),
                puzzle,
            }
        }
        RateBy::Scheme(RatingScheme::Level(scheme @ (Scheme::B | Scheme::GB)))
            if let Some(line) = closure_line(solved, *scheme, max_len, options.limits) =>
        {
            line.rate_line(puzzle, t.elapsed().as_secs_f64(), bounds)
        }
        RateBy::Scheme(RatingScheme::Level(scheme)) => {
            match rate_with(&start, *scheme, max_len, solution, &options) {
                Ok(r) => RateLine::Level {
                    rating: r.rating,
                    scheme: scheme.to_string(),
                    level: r.level_text(max_len),
                    hardest: r.hardest,
                    seconds: t.elapsed().as_secs_f64(),
                    cut: r.cut.map(|c| CutLine::new(&c, bounds)),
                    puzzle,
                },
                Err(e) => RateLine::failed(Some(puzzle), e.to_string()),
            }
        }
        RateBy::Scheme(RatingScheme::Ser) => {
            match super::ser::rate_within(&start, solution, options.limits) {
                Ok(r) => {
                    let s = r.summary();
                    let cut = r.cut.map(|stop| {
                        // ER is at least the hardest step so far
                        let line = CutLine::new(&Cut { stop, above: 0 }, bounds);
                        (
                            line,
                            format!(
                                "SER>={} ({} bound)",
                                super::ser::difficulty_text(r.er.max(0.0)),
                                stop.bound()
                            ),
                        )
                    });
                    RateLine::Ser {
                        rating: cut.is_none().then_some(s.er),
                        scheme: "SER",
                        level: cut
                            .as_ref()
                            .map_or_else(|| r.text(), |(_, text)| text.clone()),
                        er: s.er,
                        ep: s.ep,
                        ed: s.ed,
                        hardest: r
                            .steps
                            .iter()
                            .find(|st| st.difficulty == r.er)
                            .map(|st| st.name.clone()),
                        steps: s.steps,
                        solved: !r.stuck && r.cut.is_none(),
                        seconds: t.elapsed().as_secs_f64(),
                        cut: cut.map(|(line, _)| line),
                        puzzle,
                    }
                }
                Err(e) => RateLine::failed(Some(puzzle), e.to_string()),
            }
        }
        RateBy::Scheme(RatingScheme::Hodoku) => {
            let Some(solution) = solution else {
                return RateLine::failed(Some(puzzle), "no solution");
            };
            match super::hodoku::rate_within(&start, solution, options.limits) {
                Ok(r) => hodoku_line(puzzle, &r, t.elapsed().as_secs_f64(), bounds),
                Err(e) => RateLine::failed(Some(puzzle), e.to_string()),
            }
        }
        RateBy::Rules(rules, label) => {
            match rate_rules_within(&start, rules, solution, options.limits) {
                Ok(r) => RateLine::Rules {
                    rating: r.rating,
                    rules: label.clone(),
                    level: match (r.rating, r.cut) {
                        (Some(n), _) => format!("{label}:{n}"),
                        (None, Some(cut)) => cut.text(label),
                        (None, None) if rules.iter().any(|r| r.technique.get().graded) => {
                            format!("{label}>{max_len}")
                        }
                        (None, None) => format!("{label}: not solved"),
                    },
                    hardest: r.hardest,
                    seconds: t.elapsed().as_secs_f64(),
                    cut: r.cut.map(|c| CutLine::new(&c, bounds)),
                    puzzle,
                },
                Err(e) => RateLine::failed(Some(puzzle), e.to_string()),
            }
        }
    }
}

/// The longest braids a B rating tries when none is asked: the SHC's bound for its
/// truncated B rating; B_p's closures ([`closure_line`]) keep no partial braids, so every
/// T&E(1) puzzle up to B30 is rated within the default 500 MB (Berthier's published B
/// ratings of eleven's minimals reach B22).
pub const B_MAX_LEN: usize = 30;

/// B ratings up to this are also given the simplest-first resolution path ([`rate_with`]),
/// for the name of its hardest step (`whip[5]` or `braid[5]`: the path's last step of the
/// rating's length); above it, the rating is B_p's closures' alone ([`closure_line`]) and
/// the hardest step is named `braid[n]` (whips are braids). The path's whip searches keep
/// their partial braids: from B6 on they cost 10 to 40 times the closures a puzzle (on
/// Sample40's 397 T&E(1) minimals, a path up to B11 took 55 s and 534 MB, up to B5 6.6 s
/// and 42 MB), and above B11 they outgrow memory (of 85 of Berthier's minimals with B12 to
/// B22, the path cut 6 at 500 MB).
pub const B_PATH_MAX: usize = 5;

/// gB ratings up to this are also given the simplest-first resolution path ([`rate_with`],
/// with SudoRules' g-braid search), for its hardest step's name; above it, the rating is
/// gB_p's closures' alone ([`closure_line`]), which equal SudoRules' published gB on all
/// 21,375 puzzles of cbg-000 (PERFORMANCE.md), where the path's partial g-braids take up to
/// 480 MB a puzzle from gB8 on (on the hardest T&E(1) puzzles, B12 to B22, the path rated 4
/// of 34 and cut 30 at 500 MB).
pub const GB_PATH_MAX: usize = 7;

/// The B or gB rating of a puzzle as `rate` gives it: the least p ≤ `max_len` such that
/// B_p (BRT and braids of length ≤ p), or gB_p (with g-braids), solves it — the rating of
/// the simplest-first path, as braids and g-braids have the confluence property (Berthier,
/// *Pattern-Based Constraint Satisfaction and Logic Puzzles*, 2012) — found by the
/// closures at p = 1, 2, … applied in turn, each from the last one's fixpoint, on the T&E
/// engine ([`sudolink_search::te::Engine::apply_braids`],
/// [`sudolink_search::te::Engine::apply_g_braids`]: no partial braids kept, no proof
/// built). `None` when the path is wanted instead: a rating up to [`B_PATH_MAX`]
/// ([`GB_PATH_MAX`]) for its hardest step's name, or none up to `max_len` with `max_len`
/// at most that.
fn closure_line(
    puzzle: crate::te::Solved<'_>,
    scheme: Scheme,
    max_len: usize,
    limits: Limits,
) -> Option<ClosureLine> {
    let (path_max, kind) = match scheme {
        Scheme::GB => (GB_PATH_MAX, WhipKind::GBraid),
        _ => (B_PATH_MAX, WhipKind::Braid),
    };
    let mut meter = Meter::new(limits);
    let mut engine =
        sudolink_search::te::Engine::new(puzzle.state, Some(puzzle.solution), &mut meter).ok()?;
    if engine.is_solved() {
        return None; // BRT solves it: rated 0 by the path
    }
    for p in 1..=max_len {
        let applied = match scheme {
            Scheme::GB => engine.apply_g_braids(p),
            _ => engine.apply_braids(p),
        };
        match applied {
            Err(stop) if p > path_max => {
                let cut = Cut { stop, above: p - 1 };
                return Some(ClosureLine {
                    scheme,
                    rating: None,
                    level: cut.text(scheme.name()),
                    hardest: None,
                    cut: Some(cut),
                });
            }
            // a cut the path would have met too, as before
            Err(_) => return None,
            // a contradiction: not with a unique solution; the path says what is wrong
            Ok(false) => return None,
            Ok(true) if engine.is_solved() => {
                return (p > path_max).then(|| ClosureLine {
                    scheme,
                    rating: Some(p),
                    level: format!("{scheme}{p}"),
                    hardest: Some(format!("{}[{p}]", kind.name())),
                    cut: None,
                });
            }
            Ok(true) => {}
        }
    }
    (max_len > path_max).then(|| ClosureLine {
        scheme,
        rating: None,
        level: format!("{scheme}>{max_len}"),
        hardest: None,
        cut: None,
    })
}

/// What [`closure_line`] found: a B or gB rating's fields of its [`RateLine::Level`].
struct ClosureLine {
    scheme: Scheme,
    rating: Option<usize>,
    level: String,
    hardest: Option<String>,
    cut: Option<Cut>,
}

impl ClosureLine {
    /// The rating as `rate` reports it.
    fn rate_line(self, puzzle: String, seconds: f64, bounds: &Bounds) -> RateLine {
        RateLine::Level {
            rating: self.rating,
            scheme: self.scheme.to_string(),
            level: self.level,
            hardest: self.hardest,
            seconds,
            cut: self.cut.map(|c| CutLine::new(&c, bounds)),
            puzzle,
        }
    }
}

/// HoDoKu's rating as `rate` reports it.
fn hodoku_line(
    puzzle: String,
    r: &super::hodoku::HodokuRating,
    seconds: f64,
    bounds: &Bounds,
) -> RateLine {
    use super::hodoku::HodokuCut;
    let cut = match r.cut {
        Some(HodokuCut::Limit(stop)) => Some(CutLine::new(
            &Cut {
                stop,
                above: r.score as usize,
            },
            bounds,
        )),
        _ => None,
    };
    let not_reproduced = match r.cut {
        Some(HodokuCut::Lacking { kind, .. }) => Some(kind.name().to_string()),
        _ => None,
    };
    RateLine::Hodoku {
        rating: r.cut.is_none().then_some(r.score),
        scheme: HODOKU_SCHEME,
        level: r.text(),
        difficulty: r.level.name(),
        score: r.score,
        hardest: r.hardest.clone(),
        steps: r.steps,
        brute_force: r.brute_force,
        seconds,
        cut,
        not_reproduced,
        puzzle,
    }
}

/// Whether T&E(BRT, 1) solves the puzzle (what W and B ratings need: Berthier's theorem,
/// braids solve exactly the T&E(1) puzzles, and whips are braids; g-whips and g-braids
/// reach beyond). A limit that
/// stops the check leaves the answer to the chain search (true).
pub fn in_te1(puzzle: crate::te::Solved<'_>, limits: &Limits) -> bool {
    !matches!(puzzle.te_depth(1, *limits), Ok(TeDepth::Beyond(_)))
}

/// A T&E classification of one puzzle: its level (`TE2`, `B3B`, `B2BB`), or what is known
/// when it has none (`not in T&E(2): TE1`, `TE>3`, `BxB>14`, a cut).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrialRating {
    pub rating: Option<usize>,
    pub level: String,
    pub cut: Option<Cut>,
}

/// `TE1`, `TE>3`, `TE>1 (time bound)`: a T&E depth as a level.
fn depth_text(depth: &TeDepth) -> String {
    match depth {
        TeDepth::Depth(n) => format!("TE{n}"),
        TeDepth::Beyond(n) => format!("TE>{n}"),
        TeDepth::Cut { stop, above } => Cut {
            stop: *stop,
            above: *above,
        }
        .text("TE"),
    }
}

/// Classify `start` in a T&E scheme ([`crate::te`]): the T&E depth up to
/// [`TE_MAX_DEPTH`], BxB of a T&E(2) puzzle or BxBB of a T&E(3) one with braids of length
/// ≤ `max_p`, within `limits`.
pub fn rate_trial(
    puzzle: crate::te::Solved<'_>,
    scheme: TrialScheme,
    max_p: usize,
    limits: Limits,
) -> TrialRating {
    use crate::te::BClass;
    let rated =
        |rating: Option<usize>, level: String, cut: Option<Cut>| TrialRating { rating, level, cut };
    let (class, suffix, depth) = match scheme {
        TrialScheme::Te => {
            return match puzzle.te_depth(TE_MAX_DEPTH, limits) {
                Ok(d @ TeDepth::Depth(n)) => rated(Some(n), depth_text(&d), None),
                Ok(d @ TeDepth::Beyond(_)) => rated(None, depth_text(&d), None),
                Ok(d @ TeDepth::Cut { stop, above }) => {
                    rated(None, depth_text(&d), Some(Cut { stop, above }))
                }
                Err(e) => rated(None, e.to_string(), None),
            };
        }
        TrialScheme::BxB => (puzzle.bxb(max_p, limits), "B", 2),
        TrialScheme::BxBB => (puzzle.bxbb(max_p, limits), "BB", 3),
        TrialScheme::Backdoor => return backdoor_size(puzzle, max_p, limits),
    };
    let name = scheme.name();
    match class {
        Ok(BClass::Class(p)) => rated(Some(p), format!("B{p}{suffix}"), None),
        Ok(BClass::WrongDepth(d)) => rated(
            None,
            format!("not in T&E({depth}): {}", depth_text(&d)),
            None,
        ),
        Ok(BClass::Above(p)) => rated(None, format!("{name}>{p}"), None),
        Ok(BClass::Cut { stop, above }) => {
            let cut = Cut { stop, above };
            rated(None, cut.text(name), Some(cut))
        }
        Err(e) => rated(None, e.to_string(), None),
    }
}

/// The W1-backdoor size as a rating (`BD1`, `BD>3`, `BD>1 (time bound)`), the largest size
/// searched `max_size`.
fn backdoor_size(puzzle: crate::te::Solved<'_>, max_size: usize, limits: Limits) -> TrialRating {
    use crate::backdoors::{Closed, Size, Theory};
    let name = TrialScheme::Backdoor.name();
    let closed = match Closed::new(puzzle.state, Theory::W1, Some(puzzle.solution)) {
        Ok(c) => c,
        Err(e) => {
            return TrialRating {
                rating: None,
                level: e.to_string(),
                cut: None,
            }
        }
    };
    let size = closed.backdoor_size(max_size, &mut Meter::new(limits)).size;
    let (rating, cut) = match size {
        Size::Exactly(k) => (Some(k), None),
        Size::Above(_) => (None, None),
        Size::Cut { stop, above } => (None, Some(Cut { stop, above })),
    };
    let level = match &cut {
        Some(c) => c.text(name),
        None => format!("{name}{size}"),
    };
    TrialRating { rating, level, cut }
}

/// Rate `start` in several schemes, each as [`rate_with`] would, with the time each took.
/// The chain schemes (L, M, N, BC) share one pass ([`resolution::solve_shared`]): seed
/// 000's L, M and N search each rule once per state while their paths agree; a scheme's
/// time is from the start of that pass until its own path ended.
pub fn rate_schemes(
    start: &State,
    schemes: &[Scheme],
    max_len: usize,
    solution: Option<&[u8; 81]>,
    options: &RateOptions,
) -> Vec<(Result<Rating, ResolutionError>, Duration)> {
    let mut out: Vec<Option<(Result<Rating, ResolutionError>, Duration)>> =
        vec![None; schemes.len()];
    let chained: Vec<usize> = (0..schemes.len())
        .filter(|&k| schemes[k].whip_kind().is_none())
        .collect();
    let lists: Vec<Vec<Rule>> = chained
        .iter()
        .map(|&k| rules_for(schemes[k], max_len))
        .collect();
    for (&k, path) in chained.iter().zip(resolution::solve_shared_within(
        start,
        &lists,
        solution,
        options.limits,
    )) {
        out[k] = Some(match path {
            Ok(p) => {
                let r = list_rating(p.steps, p.solved, p.final_state, p.stopped);
                let rating = Rating {
                    scheme: schemes[k],
                    rating: r.rating,
                    steps: if options.keep_steps {
                        r.steps
                    } else {
                        Vec::new()
                    },
                    hardest: r.hardest,
                    final_state: r.final_state,
                    stats: SearchStats::default(),
                    cut: r.cut,
                };
                (Ok(rating), p.elapsed)
            }
            Err(e) => (Err(e), Duration::ZERO),
        });
    }
    for (k, &scheme) in schemes.iter().enumerate() {
        if out[k].is_none() {
            let t = Instant::now();
            let r = rate_with(start, scheme, max_len, solution, options);
            out[k] = Some((r, t.elapsed()));
        }
    }
    out.into_iter()
        .map(|r| r.expect("every scheme rated"))
        .collect()
}

/// Book-keeping of the W-like loop.
struct Run<'a> {
    state: State,
    solution: Option<&'a [u8; 81]>,
    options: &'a RateOptions,
    steps: Vec<Proof>,
    count: usize,
}

impl Run<'_> {
    /// Verify `proof` on `at` (the state it was found in) and apply it to the current state.
    fn apply(&mut self, at: &State, proof: Proof) -> Result<(), ResolutionError> {
        self.count += 1;
        let n = self.count;
        if self.options.verify {
            proof::check(at, &proof).map_err(|e| ResolutionError::Unsound {
                step: n,
                text: sudolink_notation::nrc::nrc_text(at, &proof),
                why: e.to_string(),
            })?;
        }
        if let Some(sol) = self.solution {
            let wrong = proof
                .eliminations
                .iter()
                .find(|&&c| resolution::is_solution(sol, c))
                .or_else(|| {
                    proof
                        .assertions
                        .iter()
                        .find(|&&c| !resolution::is_solution(sol, c))
                });
            if let Some(c) = wrong {
                return Err(ResolutionError::AgainstSolution {
                    step: n,
                    text: sudolink_notation::nrc::nrc_text(at, &proof),
                    candidate: c.to_string(),
                });
            }
        }
        resolution::apply(&mut self.state, &proof).map_err(|source| {
            ResolutionError::Contradiction {
                step: n,
                text: sudolink_notation::nrc::nrc_text(at, &proof),
                source,
            }
        })?;
        if self.options.keep_steps {
            self.steps.push(proof);
        }
        Ok(())
    }

    /// Naked and hidden singles to a fixpoint.
    fn singles(&mut self) -> Result<(), ResolutionError> {
        while let Some(p) = next_single(&self.state) {
            let at = self.state.clone();
            self.apply(&at, p)?;
        }
        Ok(())
    }
}

/// The registry name of a basic rule, which the fast paths' proofs record.
fn basic_name(rule: BasicRule) -> &'static str {
    TechniqueId::of(Search::Basic(rule)).name()
}

/// The first naked single (cells in order), else the first hidden single (houses rows,
/// columns, blocks; digits ascending): `grid::singles::first_single` on the state's cell
/// masks (a placed cell has none, so none is a single).
fn next_single(state: &State) -> Option<Proof> {
    let single = singles::first_single(&state.cell_masks(), 0)?;
    let (pattern, rule) = match single {
        Single::Naked { cell, digit } => {
            (Pattern::NakedSingle { cell, digit }, BasicRule::NakedSingle)
        }
        Single::Hidden { house, digit, cell } => (
            Pattern::HiddenSingle { house, digit, cell },
            BasicRule::HiddenSingle,
        ),
    };
    Some(Proof::new(pattern, vec![], vec![single.candidate()]).made_by(basic_name(rule)))
}

fn rate_whips(
    start: &State,
    scheme: Scheme,
    kind: WhipKind,
    max_len: usize,
    solution: Option<&[u8; 81]>,
    options: &RateOptions,
) -> Result<Rating, ResolutionError> {
    let mut run = Run {
        state: start.clone(),
        solution,
        options,
        steps: Vec::new(),
        count: 0,
    };
    let mut stats = SearchStats::default();
    let mut level = 0usize;
    let mut cut = None;
    run.singles()?;
    while !run.state.is_solved() {
        let links = LinkIndex::new(&run.state);
        // the budget is the whole rating's: each batch gets what is left of it
        let limits = Limits {
            budget: options
                .limits
                .budget
                .map(|b| b.saturating_sub(stats.partial_whips)),
            ..options.limits
        };
        let batch = if scheme == Scheme::TyW {
            whips::typed_batch_within(&links, max_len, &limits)
        } else {
            whips::shortest_batch_within(&links, kind, max_len, &limits)
        };
        stats.merge(&batch.stats);
        if let Some(c) = batch.cut {
            // no whip up to c.complete_to here, and one of length `level` was needed before
            cut = Some(Cut {
                stop: c.stop,
                above: c.complete_to.max(level.saturating_sub(1)),
            });
            break;
        }
        let proofs = batch.proofs;
        if proofs.is_empty() {
            break;
        }
        let at = run.state.clone();
        let made_by = TechniqueId::of(Search::Whip(kind)).name();
        for p in proofs {
            // a typed whip of length 1 is a whip[1] (SudoRules types whips from length 2)
            let p = if scheme == Scheme::TyW && p.length > 1 {
                p.made_by(TechniqueId::of(Search::TypedWhip).name())
            } else {
                p.made_by(made_by)
            };
            level = level.max(p.length);
            // a batch member may already be gone (eliminated by an earlier member's step)
            if p.eliminations.iter().all(|&c| run.state.has(c)) {
                run.apply(&at, p)?;
            }
        }
        run.singles()?;
    }
    let solved = run.state.is_solved();
    let hardest = if scheme == Scheme::TyW && level > 1 {
        Some(format!("typed-whip[{level}]"))
    } else if level > 0 {
        Some(format!("{}[{level}]", kind_label(&run.steps, level, kind)))
    } else if run.count > 0 {
        Some("singles".to_string())
    } else {
        None
    };
    Ok(Rating {
        scheme,
        rating: solved.then_some(level),
        steps: run.steps,
        hardest,
        final_state: run.state,
        stats,
        cut,
    })
}

/// The rule name of the hardest step (`whip`, `braid`, ...): the hardest kind used at the
/// top level on the scale (whip, g-whip, braid, g-braid, as CSP-Rules orders them).
fn kind_label(steps: &[Proof], level: usize, kind: WhipKind) -> String {
    steps
        .iter()
        .filter(|p| p.length == level && matches!(p.pattern, Pattern::Whip(_)))
        .max_by_key(|p| sudolink_search::registry::place(p))
        .map(|p| p.rule.clone())
        .unwrap_or_else(|| kind.name().to_string())
}
