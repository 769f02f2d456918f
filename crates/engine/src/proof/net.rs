//! Nets of inferences (ARCHITECTURE.md, `search`'s `net`): the pattern data of every proof the
//! net engine finds ([`NetPattern`]) and its checker ([`check`]); GNPX's printed form is
//! read and printed by `notation::gnpx`.
//!
//! A net starts from assumptions — one literal, or each member of a *choice* (a cell's
//! candidates, a house's places for a digit) — and derives literals (a candidate or a group,
//! true or false) by **inferences**, each naming its link:
//! - *weak* (`W`): X true ⇒ Y false, every candidate of Y nrc-linked to every candidate of X;
//! - *strong* (`S`): the other candidates of a CSP variable (a cell, or a digit in a house)
//!   are false ⇒ the rest (a candidate, or a group in that house) is true — with one premise
//!   this is a bivalue cell or a bilocal digit;
//! - *subset*: a group false ⇒ each of its candidates false, or each candidate of a group
//!   false ⇒ the group false;
//! - *ALS* (GNPX's super link): the candidates of an almost-locked set (N cells of one house
//!   holding N+1 digits) for one digit are false, so the ALS is locked on the rest: a digit
//!   with one place in it is true there, and false outside wherever a cell sees all its
//!   places. GNPX prints `[S (ALS:r2468c4) r2c4/-1 -> r4c4/+3]`.
//!
//! The conclusion is a **verity** (a literal derived in every branch of a choice: it holds)
//! or a **contradiction** (a literal derived true and false, or a CSP variable with every
//! candidate false, in the one branch: its assumption is false).
//!
//! In the *chain* form ([`NetForm::Chain`], GNPX's ForceChain) every inference has exactly
//! one premise, so each branch prints as one line per derived end; the *net* form
//! ([`NetForm::Net`], forcing nets) lets an inference need several premises at once (a
//! variable's last candidate after several falses), which a line cannot show.
//!
//! [`check`] replays every inference from the grid state alone (each link must hold in the
//! state, each premise must be the assumption or an earlier conclusion of the same branch);
//! it shares no code with `search::net`.

use super::{CheckError, Proof};
use crate::graph::cell_list;
use crate::grid::{Candidate, Cell, CspVariable, Digit, House, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// Which technique chose the assumptions: GNPX's three force techniques (the choice behind
/// the branches), and Hanson's two hypotheses ([Hanson SA]), which are nets of plain links in
/// the chain form with particular choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForceMode {
    /// Every candidate of an unsolved cell, assumed true, forces the same literal.
    Cell,
    /// Every place of a digit in a house, assumed true, forces the same literal.
    House,
    /// An assumption that forces a contradiction is false.
    Contradiction,
    /// Hanson's hypothesis and disproof: a candidate assumed true forces, through bivalue
    /// cells, bilocal digits and weak links only, two true in a cell or a house (a node
    /// both true and false) or a cell or a house's digit with every candidate false.
    Hypothesis,
    /// Gail Nelson's two-way hypothesis: both candidates of a bivalue cell, over the same
    /// links as [`ForceMode::Hypothesis`], force the same literal.
    Bivalue,
    /// Hanson's +depth: a candidate assumed true forces a contradiction through plain
    /// links, singles (several premises) and locked candidates ([`NetLink::Locked`] of one
    /// base and one cover variable) applied on the hypothetical state.
    Depth,
    /// Hanson's ++depth: as [`ForceMode::Depth`], with locked sets of up to
    /// [`MAX_LOCKED_SIZE`] variables (naked and hidden subsets, fish: Hanson's grids).
    Depth2,
}

/// The largest locked set (base variables) ++depth uses: subsets and fish up to size 4.
pub const MAX_LOCKED_SIZE: usize = 4;

impl ForceMode {
    /// Cell 0, house 1, contradiction 2 (GNPX's modes, which index the force analysis'
    /// tables); hypothesis 3, bivalue 4.
    pub const fn index(self) -> usize {
        match self {
            ForceMode::Cell => 0,
            ForceMode::House => 1,
            ForceMode::Contradiction => 2,
            ForceMode::Hypothesis => 3,
            ForceMode::Bivalue => 4,
            ForceMode::Depth => 5,
            ForceMode::Depth2 => 6,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            ForceMode::Cell => "cell",
            ForceMode::House => "house",
            ForceMode::Contradiction => "contradiction",
            ForceMode::Hypothesis => "hypothesis",
            ForceMode::Bivalue => "bivalue",
            ForceMode::Depth => "depth",
            ForceMode::Depth2 => "depth2",
        }
    }

    /// Hanson's hypotheses: plain links in the chain form only, and a cell or a house's
    /// digit left without a true candidate is a contradiction there too.
    pub const fn is_hypothesis(self) -> bool {
        matches!(self, ForceMode::Hypothesis | ForceMode::Bivalue)
    }

    /// Hanson's +depth and ++depth: one assumption refuted by plain links and the rules
    /// allowed on the hypothetical state, in the net form.
    pub const fn is_depth(self) -> bool {
        matches!(self, ForceMode::Depth | ForceMode::Depth2)
    }

    /// [Hanson SA]'s techniques on the net engine (hypotheses and depth), which the registry
    /// finds through `search::hypothesis`.
    pub const fn is_assistant(self) -> bool {
        self.is_hypothesis() || self.is_depth()
    }

    /// The largest locked set ([`NetLink::Locked`]) the mode's inferences may use: none
    /// outside depth, locked candidates (1) for +depth, [`MAX_LOCKED_SIZE`] for ++depth.
    pub const fn max_locked(self) -> usize {
        match self {
            ForceMode::Depth => 1,
            ForceMode::Depth2 => MAX_LOCKED_SIZE,
            _ => 0,
        }
    }

    /// Refutes its one assumption from a contradiction.
    pub const fn refutes(self) -> bool {
        matches!(
            self,
            ForceMode::Contradiction | ForceMode::Hypothesis | ForceMode::Depth | ForceMode::Depth2
        )
    }
}

/// Which inferences a net may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkLevel {
    /// Weak and strong links between candidates.
    Links,
    /// And groups (a digit's candidates in a block ∩ line).
    Groups,
    /// And ALS super links.
    Als,
    /// Plain links and Sudoku Explainer's rules applied on the hypothetical state (its
    /// dynamic + and nested levels): locked sets of up to [`RULES_MAX_LOCKED`] variables
    /// (pointing, claiming, naked and hidden pairs, X-wing) and nested nets
    /// ([`NetLink::Nested`]).
    Rules,
}

/// The largest locked set the [`LinkLevel::Rules`] level uses: pairs and X-wings.
pub const RULES_MAX_LOCKED: usize = 2;

impl LinkLevel {
    pub const fn name(self) -> &'static str {
        match self {
            LinkLevel::Links => "links",
            LinkLevel::Groups => "groups",
            LinkLevel::Als => "als",
            LinkLevel::Rules => "rules",
        }
    }
}

/// One premise per inference (chains) or several (nets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NetForm {
    Chain,
    Net,
}

/// A node of a net: a candidate, or a group (candidates of one digit in a block ∩ line).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NetNode {
    Candidate(Candidate),
    Group(Vec<Candidate>),
}

impl NetNode {
    /// The node's candidates.
    pub fn candidates(&self) -> &[Candidate] {
        match self {
            NetNode::Candidate(c) => std::slice::from_ref(c),
            NetNode::Group(g) => g,
        }
    }
    pub fn digit(&self) -> Digit {
        self.candidates()[0].digit()
    }
    pub fn cells(&self) -> Vec<Cell> {
        self.candidates().iter().map(|c| c.cell()).collect()
    }
}

/// A node with a truth value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct NetLiteral {
    pub node: NetNode,
    pub value: bool,
}

impl NetLiteral {
    pub fn candidate(c: Candidate, value: bool) -> NetLiteral {
        NetLiteral {
            node: NetNode::Candidate(c),
            value,
        }
    }
    /// The same node with the other value.
    pub fn negated(&self) -> NetLiteral {
        NetLiteral {
            node: self.node.clone(),
            value: !self.value,
        }
    }
}

impl fmt::Display for NetLiteral {
    /// GNPX's form: `r2c4/+1`, `r2c4/-8`; a group `r2c45/-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.value { '+' } else { '-' };
        write!(
            f,
            "{}/{sign}{}",
            cell_list(&self.node.cells()),
            self.node.digit()
        )
    }
}

/// The link an inference rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "link", rename_all = "kebab-case")]
pub enum NetLink {
    /// The premise true ⇒ the conclusion false (nrc-link or group link).
    Weak,
    /// The premises false ⇒ the conclusion true: they cover every other open candidate of
    /// the conclusion's digit in `house`, or, without a house, of the conclusion's cell.
    Strong { house: Option<House> },
    /// Premises false ⇒ a subset of their candidates false (a group's members, or a group
    /// from all its members).
    Subset,
    /// The ALS `cells` of `house`, whose candidates of the premises' digit are all false.
    Als { house: House, cells: Vec<Cell> },
    /// A locked set (Hanson's grids; Berthier's subsets in the four spaces): `base` are N
    /// CSP variables sharing no open candidate, `cover` N CSP variables; every open
    /// candidate of the base outside the cover is a premise (false), so the base's N true
    /// candidates fill the N covers, and the conclusion — a candidate of a cover outside
    /// the base — is false. One block and one line of a digit: locked candidates; N cells
    /// and N house-digits: a naked subset; N house-digits and N cells: a hidden subset; N
    /// rows (columns) of a digit and N columns (rows): a fish.
    Locked {
        base: Vec<CspVariable>,
        cover: Vec<CspVariable>,
    },
    /// A nested proof (Sudoku Explainer's nested levels): the premises are false; on the
    /// state they leave (the state without their candidates) `proof` holds, and it
    /// eliminates the conclusion (false) or asserts a candidate linked to it.
    Nested { proof: Box<Proof> },
}

/// One inference: premises ⇒ conclusion, by a link.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetStep {
    pub premises: Vec<NetLiteral>,
    pub conclusion: NetLiteral,
    #[serde(flatten)]
    pub link: NetLink,
}

/// One branch: an assumption and the inferences the conclusion needs, in derivation order.
///
/// A branch of a choice whose assumption forces a contradiction is not used for the verity
/// (GNPX leaves it to ForceChain_Contradiction): it is *refuted*, `refuted` names its
/// contradiction and `steps` are the inferences that reach it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetBranch {
    pub assumption: NetLiteral,
    pub steps: Vec<NetStep>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuted: Option<NetConclusion>,
}

/// What the branches are the members of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "choice", rename_all = "kebab-case")]
pub enum NetChoice {
    /// One assumption (contradiction).
    Assumption,
    /// The candidates of a cell.
    Cell { cell: Cell },
    /// The places of a digit in a house.
    House { house: House, digit: Digit },
}

/// The conclusion of a net.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "end", rename_all = "kebab-case")]
pub enum NetConclusion {
    /// A literal derived in every branch.
    Verity { literal: NetLiteral },
    /// A node derived both true and false in the one branch.
    Both { node: NetNode },
    /// Every open candidate of a digit in a house (or of a cell, without a house) derived
    /// false in the one branch.
    Empty {
        house: Option<House>,
        cell: Option<Cell>,
        digit: Option<Digit>,
    },
}

/// A force chain or net.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetPattern {
    pub mode: ForceMode,
    pub level: LinkLevel,
    pub form: NetForm,
    #[serde(flatten)]
    pub choice: NetChoice,
    pub branches: Vec<NetBranch>,
    pub conclusion: NetConclusion,
}

impl NetPattern {
    /// The registry name of the technique: `force-cell`, `force-house-groups`,
    /// `force-net-contradiction-links`…
    pub fn technique_name(&self) -> String {
        technique_name(self.mode, self.level, self.form)
    }

    /// Inferences over all branches.
    pub fn length(&self) -> usize {
        self.branches.iter().map(|b| b.steps.len()).sum()
    }

    pub fn rule_name(&self) -> (String, String, usize) {
        let family = match self.form {
            _ if self.mode.is_hypothesis() => "hypothesis",
            _ if self.mode.is_depth() => "depth",
            NetForm::Chain => "force-chains",
            NetForm::Net => "force-nets",
        };
        (self.technique_name(), family.to_string(), self.length())
    }
}

/// `force-cell` (GNPX: chains at the ALS level), `force-cell-links`, `force-cell-groups`,
/// `force-net-cell`, `force-net-cell-links`…; Hanson's `hypothesis` and
/// `bivalue-hypothesis`.
pub fn technique_name(mode: ForceMode, level: LinkLevel, form: NetForm) -> String {
    match mode {
        ForceMode::Hypothesis => return "hypothesis".into(),
        ForceMode::Bivalue => return "bivalue-hypothesis".into(),
        ForceMode::Depth | ForceMode::Depth2 => return mode.name().into(),
        _ => {}
    }
    let net = if form == NetForm::Net { "net-" } else { "" };
    let level = match level {
        LinkLevel::Als => String::new(),
        l => format!("-{}", l.name()),
    };
    format!("force-{net}{}{level}", mode.name())
}

fn fail<T>(msg: impl Into<String>) -> Result<T, CheckError> {
    Err(CheckError::Pattern(msg.into()))
}

/// A digit's open candidates in a house.
pub(super) fn open_places(state: &State, house: House, d: Digit) -> BTreeSet<Candidate> {
    house
        .cells()
        .into_iter()
        .map(|c| Candidate::new(c, d))
        .filter(|&c| state.has(c))
        .collect()
}

fn open_in_cell(state: &State, cell: Cell) -> BTreeSet<Candidate> {
    Digit::all()
        .map(|d| Candidate::new(cell, d))
        .filter(|&c| state.has(c))
        .collect()
}

/// A node is a candidate, or a group of 2 or 3 open candidates of one digit in one block
/// and one line.
fn check_node(state: &State, node: &NetNode) -> Result<(), CheckError> {
    let cands = node.candidates();
    if cands.is_empty() {
        return fail("an empty node");
    }
    for &c in cands {
        if !state.has(c) {
            return Err(CheckError::NotOpen(c));
        }
    }
    if let NetNode::Group(g) = node {
        let first = g[0].cell();
        let one_block = g.iter().all(|c| c.cell().block() == first.block());
        let one_line = g.iter().all(|c| c.cell().row() == first.row())
            || g.iter().all(|c| c.cell().col() == first.col());
        let distinct = g.iter().collect::<BTreeSet<_>>().len() == g.len();
        if g.len() < 2
            || !one_block
            || !one_line
            || !distinct
            || g.iter().any(|c| c.digit() != g[0].digit())
        {
            return fail(format!("{} is not a group", cell_list(&node.cells())));
        }
    }
    Ok(())
}

/// Does the step hold in the state, given that its premises hold?
fn check_step(
    state: &State,
    step: &NetStep,
    form: NetForm,
    level: LinkLevel,
    max_locked: usize,
) -> Result<(), CheckError> {
    let bad = |why: &str| {
        fail(format!(
            "{} => {}: {why}",
            premises_text(step),
            step.conclusion
        ))
    };
    check_node(state, &step.conclusion.node)?;
    for p in &step.premises {
        check_node(state, &p.node)?;
    }
    step_fits_form_and_level(step, form, level).or_else(bad)?;
    let premise_false: BTreeSet<Candidate> = step
        .premises
        .iter()
        .filter(|p| !p.value)
        .flat_map(|p| p.node.candidates().iter().copied())
        .collect();
    let all_false = step.premises.iter().all(|p| !p.value);
    match &step.link {
        NetLink::Weak => check_weak_step(step),
        NetLink::Strong { house } => {
            check_strong_step(state, step, *house, &premise_false, all_false)
        }
        NetLink::Subset => check_subset_step(step, &premise_false, all_false),
        NetLink::Als { house, cells } => {
            if level != LinkLevel::Als {
                return bad("ALS links are used at the ALS level only");
            }
            check_als_step(state, step, *house, cells, &premise_false, all_false)
        }
        NetLink::Locked { base, cover } => {
            let max_locked = if level == LinkLevel::Rules {
                max_locked.max(RULES_MAX_LOCKED)
            } else {
                max_locked
            };
            if base.len() > max_locked {
                return bad(&format!(
                    "a locked set of {} variables is beyond this technique ({max_locked})",
                    base.len()
                ));
            }
            check_locked_step(state, step, base, cover, &premise_false, all_false)
        }
        NetLink::Nested { proof } => {
            if level != LinkLevel::Rules {
                return bad("nested proofs are used at the rules level only");
            }
            check_nested_step(state, step, proof, &premise_false, all_false)
        }
    }
    .or_else(|e| bad(&e))
}

/// The step has a premise (one in a force chain), and uses groups only at the groups and
/// ALS levels.
fn step_fits_form_and_level(
    step: &NetStep,
    form: NetForm,
    level: LinkLevel,
) -> Result<(), &'static str> {
    if step.premises.is_empty() {
        return Err("no premise");
    }
    if form == NetForm::Chain && step.premises.len() != 1 {
        return Err("a force chain's inference has one premise");
    }
    let uses_group = std::iter::once(&step.conclusion)
        .chain(&step.premises)
        .any(|l| matches!(l.node, NetNode::Group(_)));
    if uses_group && !matches!(level, LinkLevel::Groups | LinkLevel::Als) {
        return Err("groups are used at the groups and ALS levels only");
    }
    Ok(())
}

/// The weak inference: one true premise, every candidate of which is nrc-linked to every
/// candidate of the false conclusion.
fn check_weak_step(step: &NetStep) -> Result<(), String> {
    let [p] = step.premises.as_slice() else {
        return Err("a weak link has one premise".into());
    };
    if !p.value || step.conclusion.value {
        return Err("a weak link goes from true to false".into());
    }
    let target = step.conclusion.node.candidates();
    let linked = p
        .node
        .candidates()
        .iter()
        .all(|&a| target.iter().all(|&b| a.is_linked(b)));
    if !linked {
        return Err("not nrc-linked".into());
    }
    Ok(())
}

/// The strong inference: false premises cover every open candidate of the cell (or of the
/// conclusion's digit in `house`, which holds the conclusion) but the true conclusion's.
fn check_strong_step(
    state: &State,
    step: &NetStep,
    house: Option<House>,
    premise_false: &BTreeSet<Candidate>,
    all_false: bool,
) -> Result<(), String> {
    if !all_false || !step.conclusion.value {
        return Err("a strong link goes from false to true".into());
    }
    let target = step.conclusion.node.candidates();
    let variable = match house {
        Some(h) => {
            let d = step.conclusion.node.digit();
            if target.iter().any(|c| !h.cells().contains(&c.cell())) {
                return Err("the conclusion is not in the house".into());
            }
            open_places(state, h, d)
        }
        None => {
            let [c] = target else {
                return Err("a cell's strong link concludes a candidate".into());
            };
            open_in_cell(state, c.cell())
        }
    };
    let rest: Vec<&Candidate> = variable
        .iter()
        .filter(|c| !premise_false.contains(c) && !target.contains(c))
        .collect();
    if !rest.is_empty() {
        return Err(format!("{} is neither false nor concluded", rest[0]));
    }
    Ok(())
}

/// The subset inference: a false conclusion within the false premises.
fn check_subset_step(
    step: &NetStep,
    premise_false: &BTreeSet<Candidate>,
    all_false: bool,
) -> Result<(), String> {
    if !all_false || step.conclusion.value {
        return Err("a subset inference goes from false to false".into());
    }
    if step
        .conclusion
        .node
        .candidates()
        .iter()
        .any(|c| !premise_false.contains(c))
    {
        return Err("the conclusion is not within the premises".into());
    }
    Ok(())
}

/// The nested inference: the premises are false candidates, the conclusion a false
/// candidate; without the premises' candidates the nested proof holds and concludes it.
fn check_nested_step(
    state: &State,
    step: &NetStep,
    nested: &Proof,
    premise_false: &BTreeSet<Candidate>,
    all_false: bool,
) -> Result<(), String> {
    if !all_false || step.conclusion.value {
        return Err("a nested proof goes from false to false".into());
    }
    let [target] = step.conclusion.node.candidates() else {
        return Err("a nested proof concludes a candidate".into());
    };
    let mut hypothetical = state.clone();
    for &c in premise_false {
        // a variable left empty makes the hypothesis contradictory: the nested proof is
        // still checked on what remains
        let _ = hypothetical.eliminate(c);
    }
    super::check::check(&hypothetical, nested)
        .map_err(|e| format!("the nested proof does not hold without the premises: {e}"))?;
    let reaches = nested.eliminations.contains(target)
        || nested
            .assertions
            .iter()
            .any(|a| a != target && a.is_linked(*target));
    if !reaches {
        return Err(format!("the nested proof does not conclude {target} false"));
    }
    Ok(())
}

/// The open candidates of a CSP variable.
fn open_of(state: &State, v: CspVariable) -> BTreeSet<Candidate> {
    v.candidates()
        .into_iter()
        .filter(|&c| state.has(c))
        .collect()
}

/// The locked-set inference: `base` and `cover` have as many variables; the base's
/// variables share no open candidate; each open candidate of the base is in a cover or a
/// premise (false); the conclusion is an open candidate of a cover outside the base,
/// concluded false.
fn check_locked_step(
    state: &State,
    step: &NetStep,
    base: &[CspVariable],
    cover: &[CspVariable],
    premise_false: &BTreeSet<Candidate>,
    all_false: bool,
) -> Result<(), String> {
    if base.is_empty() || base.len() != cover.len() {
        return Err("a locked set has as many cover as base variables".into());
    }
    if !all_false || step.conclusion.value {
        return Err("a locked set goes from false to false".into());
    }
    let mut in_base = BTreeSet::new();
    for &v in base {
        for c in open_of(state, v) {
            if !in_base.insert(c) {
                return Err(format!("{c} is in two base variables"));
            }
        }
    }
    let covered: BTreeSet<Candidate> = cover.iter().flat_map(|&v| open_of(state, v)).collect();
    if let Some(c) = in_base
        .iter()
        .find(|c| !covered.contains(c) && !premise_false.contains(c))
    {
        return Err(format!("{c} of the base is neither covered nor false"));
    }
    if let Some(c) = premise_false.iter().find(|c| !in_base.contains(c)) {
        return Err(format!("premise {c} is not in the base"));
    }
    let [target] = step.conclusion.node.candidates() else {
        return Err("a locked set concludes a candidate".into());
    };
    if !covered.contains(target) || in_base.contains(target) {
        return Err(format!("{target} is not in the cover outside the base"));
    }
    Ok(())
}

/// The ALS inference: `cells` of `house` hold N+1 digits; the premises (false) cover every
/// ALS candidate of at least one digit; the conclusion is a candidate of another digit,
/// either its only place in the ALS (true) or outside, seeing all its places (false).
fn check_als_step(
    state: &State,
    step: &NetStep,
    house: House,
    cells: &[Cell],
    premise_false: &BTreeSet<Candidate>,
    all_false: bool,
) -> Result<(), String> {
    let distinct = cells.iter().collect::<BTreeSet<_>>().len() == cells.len();
    if cells.is_empty() || !distinct || cells.iter().any(|c| !house.cells().contains(c)) {
        return Err("not cells of one house".into());
    }
    let inside: BTreeSet<Candidate> = cells.iter().flat_map(|&c| open_in_cell(state, c)).collect();
    let digits: BTreeSet<Digit> = inside.iter().map(|c| c.digit()).collect();
    if cells.iter().any(|&c| state.value(c).is_some()) || digits.len() != cells.len() + 1 {
        return Err(format!("{} is not an almost-locked set", cell_list(cells)));
    }
    if !all_false || premise_false.iter().any(|c| !inside.contains(c)) {
        return Err("the premises are false candidates of the ALS".into());
    }
    let freed = super::facts::digits_false_throughout(&inside, premise_false);
    if freed.is_empty() {
        return Err("no digit of the ALS is false throughout it".into());
    }
    let [target] = step.conclusion.node.candidates() else {
        return Err("an ALS concludes a candidate".into());
    };
    let d = target.digit();
    if freed.contains(&d) || !digits.contains(&d) {
        return Err("the conclusion's digit is not one the ALS is locked on".into());
    }
    let places: Vec<Candidate> = inside.iter().copied().filter(|c| c.digit() == d).collect();
    if step.conclusion.value {
        if places != [*target] {
            return Err(format!("{target} is not the only place of {d} in the ALS"));
        }
    } else if inside.contains(target) || !places.iter().all(|&p| p.is_linked(*target)) {
        return Err(format!(
            "{target} does not see every place of {d} in the ALS"
        ));
    }
    Ok(())
}

pub fn premises_text(step: &NetStep) -> String {
    step.premises
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Replay a branch: every premise is the assumption or an earlier conclusion. Returns the
/// literals it derives (assumption included).
pub(super) fn replay(
    state: &State,
    branch: &NetBranch,
    form: NetForm,
    level: LinkLevel,
    max_locked: usize,
) -> Result<BTreeSet<NetLiteral>, CheckError> {
    check_node(state, &branch.assumption.node)?;
    let mut known = BTreeSet::from([branch.assumption.clone()]);
    for step in &branch.steps {
        if let Some(p) = step.premises.iter().find(|p| !known.contains(p)) {
            return fail(format!(
                "premise {p} of the inference giving {} is not derived before it",
                step.conclusion
            ));
        }
        check_step(state, step, form, level, max_locked)?;
        known.insert(step.conclusion.clone());
    }
    Ok(known)
}

/// Verify a force chain or net on `state`.
pub fn check(state: &State, proof: &Proof, net: &NetPattern) -> Result<(), CheckError> {
    if net.branches.is_empty() {
        return fail("a net without branches");
    }
    if net.mode.is_hypothesis() && (net.level != LinkLevel::Links || net.form != NetForm::Chain) {
        return fail("a hypothesis uses plain links in the chain form");
    }
    if net.mode.is_depth() && (net.level != LinkLevel::Links || net.form != NetForm::Net) {
        return fail("depth uses plain links in the net form");
    }
    let mut derived = Vec::new();
    for b in &net.branches {
        derived.push(replay(
            state,
            b,
            net.form,
            net.level,
            net.mode.max_locked(),
        )?);
    }
    let assumptions: BTreeSet<Candidate> = net
        .branches
        .iter()
        .map(|b| match (&b.assumption.node, b.assumption.value) {
            (NetNode::Candidate(c), true) => Ok(*c),
            _ => fail(format!(
                "assumption {} is not a candidate assumed true",
                b.assumption
            )),
        })
        .collect::<Result<_, _>>()?;
    if assumptions.len() != net.branches.len() {
        return fail("two branches make the same assumption");
    }
    // the choice: the branches' assumptions are exactly its members
    match (&net.choice, net.mode) {
        (NetChoice::Assumption, m) if m.refutes() => {
            if net.branches.len() != 1 {
                return fail("a contradiction has one branch");
            }
        }
        (NetChoice::Cell { cell }, ForceMode::Bivalue) => {
            if assumptions != open_in_cell(state, *cell) || assumptions.len() != 2 {
                return fail(format!("the branches are not the two candidates of {cell}"));
            }
        }
        (NetChoice::Cell { cell }, ForceMode::Cell) => {
            if assumptions != open_in_cell(state, *cell) || assumptions.len() < 2 {
                return fail(format!("the branches are not the candidates of {cell}"));
            }
        }
        (NetChoice::House { house, digit }, ForceMode::House) => {
            if assumptions != open_places(state, *house, *digit) || assumptions.len() < 2 {
                return fail(format!(
                    "the branches are not the places of {digit} in {house}"
                ));
            }
        }
        _ => return fail("the choice does not fit the technique"),
    }
    let concluded = |why: &str, c: Candidate| CheckError::Conclusion {
        target: c.elimination(),
        why: why.to_string(),
    };
    match &net.conclusion {
        NetConclusion::Verity { literal } => {
            if net.mode.refutes() {
                return fail("a contradiction concludes no verity");
            }
            let NetNode::Candidate(c) = literal.node else {
                return fail("a verity is a candidate");
            };
            for (i, (b, k)) in net.branches.iter().zip(&derived).enumerate() {
                match &b.refuted {
                    None if !k.contains(literal) => {
                        return fail(format!("branch {} does not derive {literal}", i + 1))
                    }
                    None => {}
                    Some(c) => contradiction_holds(state, net, k, c)?,
                }
            }
            if net.branches.iter().all(|b| b.refuted.is_some()) {
                return fail("every branch is refuted");
            }
            let expected = if literal.value {
                (vec![], vec![c])
            } else {
                (vec![c], vec![])
            };
            if (proof.eliminations.clone(), proof.assertions.clone()) != expected {
                return Err(concluded("not what the verity concludes", c));
            }
        }
        contradiction => {
            if !net.mode.refutes() || net.branches[0].refuted.is_some() {
                return fail("only the contradiction technique concludes from a contradiction");
            }
            contradiction_holds(state, net, &derived[0], contradiction)?;
        }
    }
    if !matches!(net.conclusion, NetConclusion::Verity { .. }) {
        let a = net.branches[0].assumption.node.candidates()[0];
        if proof.eliminations != [a] || !proof.assertions.is_empty() {
            return Err(concluded("a contradiction eliminates its assumption", a));
        }
    }
    Ok(())
}

/// A branch's derived literals hold a contradiction: a node both true and false, or (nets
/// and hypotheses) every open candidate of a variable false.
fn contradiction_holds(
    state: &State,
    net: &NetPattern,
    derived: &BTreeSet<NetLiteral>,
    contradiction: &NetConclusion,
) -> Result<(), CheckError> {
    match contradiction {
        NetConclusion::Verity { .. } => fail("a verity is not a contradiction"),
        NetConclusion::Both { node } => {
            let t = NetLiteral {
                node: node.clone(),
                value: true,
            };
            if !derived.contains(&t) || !derived.contains(&t.negated()) {
                return fail("the node is not derived both true and false");
            }
            Ok(())
        }
        NetConclusion::Empty { house, cell, digit } => {
            if net.form != NetForm::Net && !net.mode.is_hypothesis() {
                return fail(
                    "an emptied variable is a forcing net's or a hypothesis' contradiction",
                );
            }
            let (variable, decided) = match (house, cell, digit) {
                (Some(h), None, Some(d)) => (
                    open_places(state, *h, *d),
                    h.cells().into_iter().any(|c| state.value(c) == Some(*d)),
                ),
                (None, Some(c), None) => (open_in_cell(state, *c), state.value(*c).is_some()),
                _ => return fail("an emptied variable is a cell or a digit in a house"),
            };
            // a solved cell or a digit placed in the house is decided: "every candidate
            // false" would hold vacuously there
            if decided || variable.is_empty() {
                return fail("the emptied variable has no open candidate (it is decided)");
            }
            if let Some(c) = variable
                .iter()
                .find(|&&c| !derived.contains(&NetLiteral::candidate(c, false)))
            {
                return fail(format!("{c} is not derived false"));
            }
            Ok(())
        }
    }
}

impl crate::proof::PatternKind for NetPattern {
    fn rule_name(&self) -> (String, String, usize) {
        NetPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        collect_branches(out, &self.branches);
        match &self.conclusion {
            NetConclusion::Verity { literal } => collect_literal(out, literal),
            NetConclusion::Both { node } => out.named(node.candidates().iter().copied()),
            NetConclusion::Empty { .. } => {}
        }
    }
}

/// A literal's candidates, into a pattern's candidates.
fn collect_literal(out: &mut crate::proof::candidates::Collected, l: &NetLiteral) {
    out.named(l.node.candidates().iter().copied());
}

/// Every branch's assumption, premises and conclusions, into a pattern's candidates.
pub(crate) fn collect_branches(
    out: &mut crate::proof::candidates::Collected,
    branches: &[NetBranch],
) {
    for b in branches {
        collect_literal(out, &b.assumption);
        for s in &b.steps {
            s.premises.iter().for_each(|p| collect_literal(out, p));
            collect_literal(out, &s.conclusion);
        }
    }
}
