//! Level-2 full tagging ([gpenet tagging], gpenet): the proof of a clearing and its checker.
//!
//! Level 2 tags, beside level 1's groups, the two sides of every almost-locked set (ALS) of
//! a house: for an ALS `A` (N cells, N+1 digits) and one of its digits `d`, the group
//! `d(A)` and its complement `d(H\A)` in the house (the **almost cell**, AC, side) are a
//! strong link. A **choice** is a set of groups of which exactly one is true: a cell's
//! candidates, a digit's places in a house, an almost cell's digits.
//!
//! The proof is data over **nodes** (a digit's open candidates in one house: a candidate,
//! a group, an ALS or AC side) and **literals** (a node with a truth value: true means one
//! of its candidates is the solution's). A [`TagBranch`] assumes a literal and derives
//! literals, each by a [`TagStep`] whose premises are the assumption or earlier
//! conclusions of the branch:
//! - `weak`: a true node makes false a node whose every candidate is nrc-linked to every
//!   candidate of it;
//! - `strong`: false premises covering every open candidate of a cell (or of a digit in a
//!   house) but the conclusion's make the conclusion true (a strong link, or a choice's
//!   last member);
//! - `within`: a true node makes true a node holding it; false nodes make false a node
//!   they cover;
//! - `als-lock`: one digit of an ALS false throughout it, the ALS holds each of its other
//!   digits: a node holding the ALS's places of one of them is true;
//! - `als-full`: N digits of an ALS of N cells true in it: its last digit is not, a node
//!   inside its places of that digit is false (this and `als-lock` are the almost cell's
//!   choice: one of its digits, exactly, is in the AC);
//! - `lemma`: an earlier branch proved `a ⇒ b` (a merge of two tags is two such lemmas);
//!   applied forwards or as its contrapositive `¬b ⇒ ¬a`.
//!
//! Every branch but the last is a lemma (its assumption implies its last conclusion); the
//! last assumes the target true and ends in a contradiction: a node derived true and false,
//! or a cell or a digit in a house with every open candidate derived false.
//!
//! [`check`] replays all of it from the grid state alone; it shares no code with
//! `search::tagging2`.

use super::facts::fail;
use super::{CheckError, Proof};
use crate::grid::{Candidate, Cell, Digit, House, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// A node: a digit's candidates (open, at least one) in cells of one house.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TagNode {
    pub digit: Digit,
    pub cells: Vec<Cell>,
}

impl TagNode {
    pub fn candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.cells.iter().map(|&c| Candidate::new(c, self.digit))
    }
}

impl fmt::Display for TagNode {
    /// The seed's form: `2r2c7`, `2(r2c7 r3c7)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let [c] = self.cells[..] {
            return write!(f, "{}{c}", self.digit);
        }
        let cells: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
        write!(f, "{}({})", self.digit, cells.join(" "))
    }
}

/// A node (index into [`TagPattern::nodes`]) with a truth value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TagLiteral {
    pub node: usize,
    pub value: bool,
}

impl TagLiteral {
    pub fn negated(self) -> TagLiteral {
        TagLiteral {
            node: self.node,
            value: !self.value,
        }
    }
}

/// What an inference rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "link", rename_all = "kebab-case")]
pub enum TagLink {
    Weak,
    /// The variable: a digit in `house`, or (no house) the cell of the conclusion.
    Strong {
        house: Option<House>,
    },
    Within,
    AlsLock {
        house: House,
        cells: Vec<Cell>,
    },
    AlsFull {
        house: House,
        cells: Vec<Cell>,
    },
    Lemma {
        index: usize,
        contrapositive: bool,
    },
    /// Level 3's extended weak link: one member of `choice` is true, and each member's
    /// branch (assuming it true) derives the premise's negation or the conclusion; so the
    /// premise implies the conclusion (the seed's `{abcd}`, `a` and `b` force `e`, `c` and
    /// `d` force `f`: a weak link `E–F`).
    Choice {
        choice: TagChoice,
        members: Vec<TagBranch>,
    },
}

/// A set of nodes of which one at least is true (its members are the branches' assumed
/// nodes, which must cover it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "choice", rename_all = "kebab-case")]
pub enum TagChoice {
    /// A cell's open candidates.
    Cell { cell: Cell },
    /// A digit's open places in a house.
    House { house: House, digit: Digit },
    /// The almost cell of the ALS `cells` of `house`: one of the ALS's digits is in the
    /// house's other cells (the ALS holds all its digits but one).
    AlmostCell { house: House, cells: Vec<Cell> },
}

/// One inference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagStep {
    pub premises: Vec<TagLiteral>,
    pub conclusion: TagLiteral,
    #[serde(flatten)]
    pub link: TagLink,
}

/// An assumption and its inferences.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagBranch {
    pub assumption: TagLiteral,
    pub steps: Vec<TagStep>,
}

/// How the last branch ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "end", rename_all = "kebab-case")]
pub enum TagContradiction {
    /// A node derived true and false.
    Both { node: usize },
    /// Every open candidate of a digit in a house, or (no house) of a cell, derived false.
    Empty {
        house: Option<House>,
        cell: Option<Cell>,
        digit: Option<Digit>,
    },
}

/// A level-2 tagging clearing: lemmas (the merges it uses), then the refutation of the
/// target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagPattern {
    pub nodes: Vec<TagNode>,
    /// Lemmas first, the target's refutation last.
    pub branches: Vec<TagBranch>,
    pub contradiction: TagContradiction,
    /// The seed's tags of the state, for the reader (`[] AB bC` of the merges and of the
    /// refutation); not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<String>,
}

impl TagPattern {
    /// Inferences over all branches.
    pub fn length(&self) -> usize {
        self.branches.iter().map(branch_length).sum()
    }

    /// The tagging level the proof needs: 3 when a lemma extends a weak link through a
    /// choice, else 2.
    pub fn level(&self) -> u8 {
        let extends = self.branches.iter().any(|b| {
            b.steps
                .iter()
                .any(|s| matches!(s.link, TagLink::Choice { .. }))
        });
        if extends {
            3
        } else {
            2
        }
    }

    pub fn rule_name(&self) -> (String, String, usize) {
        (
            format!("tag{}", self.level()),
            "tagging".to_string(),
            self.length(),
        )
    }
}

/// A branch's inferences, a choice's members' included.
fn branch_length(b: &TagBranch) -> usize {
    b.steps
        .iter()
        .map(|s| match &s.link {
            TagLink::Choice { members, .. } => 1 + members.iter().map(branch_length).sum::<usize>(),
            _ => 1,
        })
        .sum()
}

/// Every literal of a branch (a choice's members' included) names one of `n` nodes.
fn literals_in_range(b: &TagBranch, n: usize) -> bool {
    let ok = |l: &TagLiteral| l.node < n;
    ok(&b.assumption)
        && b.steps.iter().all(|s| {
            ok(&s.conclusion)
                && s.premises.iter().all(ok)
                && match &s.link {
                    TagLink::Choice { members, .. } => {
                        members.iter().all(|m| literals_in_range(m, n))
                    }
                    _ => true,
                }
        })
}

/// An unsolved cell's candidates (none for a solved cell).
fn open_cell(state: &State, cell: Cell) -> BTreeSet<Candidate> {
    if state.value(cell).is_some() {
        return BTreeSet::new();
    }
    Digit::all()
        .map(|d| Candidate::new(cell, d))
        .filter(|&c| state.has(c))
        .collect()
}

/// A digit's places in a house (none when the digit is placed in it).
fn open_house(state: &State, house: House, d: Digit) -> BTreeSet<Candidate> {
    if house.cells().iter().any(|&c| state.value(c) == Some(d)) {
        return BTreeSet::new();
    }
    super::net::open_places(state, house, d)
}

fn check_nodes(state: &State, nodes: &[TagNode]) -> Result<(), CheckError> {
    for n in nodes {
        let distinct = n.cells.iter().collect::<BTreeSet<_>>().len() == n.cells.len();
        let one_house = House::all().any(|h| n.cells.iter().all(|&c| h.contains(c)));
        if n.cells.is_empty() || !distinct || !one_house {
            return fail(format!("{n} is not a digit's cells in one house"));
        }
        if let Some(c) = n.candidates().find(|&c| !state.has(c)) {
            return Err(CheckError::NotOpen(c));
        }
    }
    Ok(())
}

/// An ALS: distinct unsolved cells of one house holding one digit more than cells. Returns
/// its candidates.
fn als(state: &State, house: House, cells: &[Cell]) -> Result<BTreeSet<Candidate>, String> {
    let distinct = cells.iter().collect::<BTreeSet<_>>().len() == cells.len();
    if cells.is_empty() || !distinct || cells.iter().any(|&c| !house.contains(c)) {
        return Err("not cells of one house".into());
    }
    let inside: BTreeSet<Candidate> = cells.iter().flat_map(|&c| open_cell(state, c)).collect();
    let digits: BTreeSet<Digit> = inside.iter().map(|c| c.digit()).collect();
    if cells.iter().any(|&c| state.value(c).is_some()) || digits.len() != cells.len() + 1 {
        return Err("not an almost-locked set".into());
    }
    Ok(inside)
}

/// What a step's rules read of its premises and conclusion.
struct Premises {
    /// The conclusion's candidates.
    target: BTreeSet<Candidate>,
    /// The conclusion's value.
    value: bool,
    all_false: bool,
    all_true: bool,
    /// The candidates of the false premises.
    false_cands: BTreeSet<Candidate>,
}

impl Premises {
    fn of(ctx: &Ctx, step: &TagStep) -> Premises {
        Premises {
            target: ctx.cands(step.conclusion),
            value: step.conclusion.value,
            all_false: step.premises.iter().all(|p| !p.value),
            all_true: step.premises.iter().all(|p| p.value),
            false_cands: step
                .premises
                .iter()
                .filter(|p| !p.value)
                .flat_map(|&p| ctx.cands(p))
                .collect(),
        }
    }
}

struct Ctx<'a> {
    state: &'a State,
    nodes: &'a [TagNode],
    /// Per lemma branch: (assumption, last conclusion).
    lemmas: &'a [(TagLiteral, TagLiteral)],
}

impl Ctx<'_> {
    fn cands(&self, l: TagLiteral) -> BTreeSet<Candidate> {
        self.nodes[l.node].candidates().collect()
    }

    /// Does `step` hold, given that its premises hold? Each link by its own rule.
    fn step(&self, step: &TagStep) -> Result<(), String> {
        let read = Premises::of(self, step);
        if step.premises.is_empty() {
            return Err("no premise".into());
        }
        match &step.link {
            TagLink::Weak => self.weak_holds(step, &read),
            TagLink::Strong { house } => self.strong_holds(step, &read, *house),
            TagLink::Within => self.within_holds(step, &read),
            TagLink::AlsLock { house, cells } => self.als_lock_holds(step, &read, *house, cells),
            TagLink::AlsFull { house, cells } => self.als_full_holds(step, &read, *house, cells),
            TagLink::Lemma {
                index,
                contrapositive,
            } => self.lemma_holds(step, *index, *contrapositive),
            TagLink::Choice { choice, members } => self.choice_holds(step, choice, members),
        }
    }

    /// `weak`: one true premise, every candidate of which is nrc-linked to every candidate
    /// of the false conclusion.
    fn weak_holds(&self, step: &TagStep, read: &Premises) -> Result<(), String> {
        let [p] = step.premises[..] else {
            return Err("a weak link has one premise".into());
        };
        if !p.value || read.value {
            return Err("a weak link goes from true to false".into());
        }
        let from = self.cands(p);
        if !from
            .iter()
            .all(|a| read.target.iter().all(|&b| a.is_linked(b)))
        {
            return Err("not nrc-linked".into());
        }
        Ok(())
    }

    /// `strong`: false premises cover every open candidate of the cell (or of the digit in
    /// `house`) but the true conclusion's, which holds one of them.
    fn strong_holds(
        &self,
        step: &TagStep,
        read: &Premises,
        house: Option<House>,
    ) -> Result<(), String> {
        if !read.all_false || !read.value {
            return Err("a strong link goes from false to true".into());
        }
        let variable = match house {
            Some(h) => open_house(self.state, h, self.nodes[step.conclusion.node].digit),
            None => {
                let [c] = self.nodes[step.conclusion.node].cells[..] else {
                    return Err("a cell's strong link concludes a candidate".into());
                };
                open_cell(self.state, c)
            }
        };
        if let Some(c) = variable
            .iter()
            .find(|c| !read.false_cands.contains(c) && !read.target.contains(c))
        {
            return Err(format!("{c} is neither false nor concluded"));
        }
        if !variable.iter().any(|c| read.target.contains(c)) {
            return Err("the conclusion is not in the variable".into());
        }
        Ok(())
    }

    /// `within`: a true conclusion holds its one true premise; a false one is covered by
    /// its false premises.
    fn within_holds(&self, step: &TagStep, read: &Premises) -> Result<(), String> {
        if read.value {
            let [p] = step.premises[..] else {
                return Err("a node is true within one true node".into());
            };
            if !p.value || !self.cands(p).is_subset(&read.target) {
                return Err("the premise is not a true part of the conclusion".into());
            }
        } else if !read.all_false || !read.target.is_subset(&read.false_cands) {
            return Err("the conclusion is not covered by false premises".into());
        }
        Ok(())
    }

    /// `als-lock`: an ALS of `house`, another digit of it false throughout it by false
    /// premises; the true conclusion holds the ALS's places of its digit.
    fn als_lock_holds(
        &self,
        step: &TagStep,
        read: &Premises,
        house: House,
        cells: &[Cell],
    ) -> Result<(), String> {
        let inside = als(self.state, house, cells)?;
        if !read.all_false || !read.value {
            return Err("an ALS locks from false to true".into());
        }
        let freed = super::facts::digits_false_throughout(&inside, &read.false_cands);
        let d = self.nodes[step.conclusion.node].digit;
        if freed.is_empty() || freed.contains(&d) {
            return Err("no other digit of the ALS is false throughout it".into());
        }
        let places: BTreeSet<Candidate> =
            inside.iter().copied().filter(|c| c.digit() == d).collect();
        if places.is_empty() || !places.is_subset(&read.target) {
            return Err("the conclusion does not hold the ALS's places".into());
        }
        Ok(())
    }

    /// `als-full`: true premises inside an ALS of `house`, as many digits as it has cells;
    /// the false conclusion is inside it, of its last digit.
    fn als_full_holds(
        &self,
        step: &TagStep,
        read: &Premises,
        house: House,
        cells: &[Cell],
    ) -> Result<(), String> {
        let inside = als(self.state, house, cells)?;
        if !read.all_true || read.value {
            return Err("a full ALS goes from true to false".into());
        }
        let mut present = BTreeSet::new();
        for &p in &step.premises {
            let cs = self.cands(p);
            if !cs.is_subset(&inside) {
                return Err("a premise is not inside the ALS".into());
            }
            present.insert(self.nodes[p.node].digit);
        }
        let d = self.nodes[step.conclusion.node].digit;
        if present.len() != cells.len() || present.contains(&d) {
            return Err("the premises are not as many digits as cells".into());
        }
        if !read.target.is_subset(&inside) {
            return Err("the conclusion is not inside the ALS".into());
        }
        Ok(())
    }

    /// `lemma`: the earlier lemma `index` proves premise ⇒ conclusion (or its
    /// contrapositive).
    fn lemma_holds(
        &self,
        step: &TagStep,
        index: usize,
        contrapositive: bool,
    ) -> Result<(), String> {
        let [p] = step.premises[..] else {
            return Err("a lemma has one premise".into());
        };
        let Some(&(a, b)) = self.lemmas.get(index) else {
            return Err(format!("no earlier lemma {index}"));
        };
        let (from, to) = if contrapositive {
            (b.negated(), a.negated())
        } else {
            (a, b)
        };
        if p != from || step.conclusion != to {
            return Err(format!("not what lemma {index} proves"));
        }
        Ok(())
    }

    /// A choice's weak link: the members, each assumed true, cover the choice's places,
    /// and each member's branch forces the premise false or the conclusion.
    fn choice_holds(
        &self,
        step: &TagStep,
        choice: &TagChoice,
        members: &[TagBranch],
    ) -> Result<(), String> {
        let [p] = step.premises[..] else {
            return Err("a choice's weak link has one premise".into());
        };
        let covered: BTreeSet<Candidate> = members
            .iter()
            .filter(|m| m.assumption.value)
            .flat_map(|m| self.cands(m.assumption))
            .collect();
        if members.iter().any(|m| !m.assumption.value) {
            return Err("a choice's member is assumed true".into());
        }
        let needed = self.choice_places(choice)?;
        if let Some(c) = needed.iter().find(|c| !covered.contains(c)) {
            return Err(format!("{c} is in the choice but in no member"));
        }
        for m in members {
            let known = self.replay(m).map_err(|e| e.to_string())?;
            if !known.contains(&p.negated()) && !known.contains(&step.conclusion) {
                return Err(format!(
                    "the member {} forces neither {} nor {}",
                    self.text(m.assumption),
                    self.text(p.negated()),
                    self.text(step.conclusion)
                ));
            }
        }
        Ok(())
    }

    /// The candidates a choice's members must cover (one of them is true).
    fn choice_places(&self, choice: &TagChoice) -> Result<BTreeSet<Candidate>, String> {
        let places = match choice {
            TagChoice::Cell { cell } => open_cell(self.state, *cell),
            TagChoice::House { house, digit } => open_house(self.state, *house, *digit),
            TagChoice::AlmostCell { house, cells } => {
                let inside = als(self.state, *house, cells)?;
                let digits: BTreeSet<Digit> = inside.iter().map(|c| c.digit()).collect();
                let mut ac = BTreeSet::new();
                for d in digits {
                    let placed = house
                        .cells()
                        .iter()
                        .any(|&c| self.state.value(c) == Some(d));
                    if placed {
                        return Err(format!("{d} of the ALS is placed in {house}"));
                    }
                    ac.extend(
                        open_house(self.state, *house, d)
                            .into_iter()
                            .filter(|c| !cells.contains(&c.cell())),
                    );
                }
                ac
            }
        };
        if places.is_empty() {
            return Err("the choice is empty or decided in the state".into());
        }
        Ok(places)
    }

    /// Replay a branch; returns the literals it derives (assumption first).
    fn replay(&self, b: &TagBranch) -> Result<Vec<TagLiteral>, CheckError> {
        let mut known = vec![b.assumption];
        for s in &b.steps {
            if s.premises.iter().any(|p| !known.contains(p)) {
                return fail(format!(
                    "a premise of the inference giving {} is not derived before it",
                    self.text(s.conclusion)
                ));
            }
            self.step(s)
                .or_else(|why| fail(format!("{}: {why}", self.text(s.conclusion))))?;
            known.push(s.conclusion);
        }
        Ok(known)
    }

    fn text(&self, l: TagLiteral) -> String {
        let sign = if l.value { '+' } else { '-' };
        match self.nodes.get(l.node) {
            Some(n) => format!("{n}{sign}"),
            None => format!("node {}{sign}", l.node),
        }
    }
}

/// Verify a level-2 tagging clearing on `state`.
pub fn check(state: &State, proof: &Proof, t: &TagPattern) -> Result<(), CheckError> {
    check_nodes(state, &t.nodes)?;
    let Some((main, lemma_branches)) = t.branches.split_last() else {
        return fail("no branch");
    };
    if !t
        .branches
        .iter()
        .all(|b| literals_in_range(b, t.nodes.len()))
    {
        return fail("a literal names no node");
    }
    let mut lemmas: Vec<(TagLiteral, TagLiteral)> = Vec::new();
    for b in lemma_branches {
        let ctx = Ctx {
            state,
            nodes: &t.nodes,
            lemmas: &lemmas,
        };
        ctx.replay(b)?;
        let Some(last) = b.steps.last() else {
            return fail("a lemma proves nothing");
        };
        lemmas.push((b.assumption, last.conclusion));
    }
    let ctx = Ctx {
        state,
        nodes: &t.nodes,
        lemmas: &lemmas,
    };
    let known = ctx.replay(main)?;
    match &t.contradiction {
        TagContradiction::Both { node } => {
            let l = TagLiteral {
                node: *node,
                value: true,
            };
            if !known.contains(&l) || !known.contains(&l.negated()) {
                return fail("the node is not derived both true and false");
            }
        }
        TagContradiction::Empty { house, cell, digit } => {
            let variable = match (house, cell, digit) {
                (Some(h), None, Some(d)) => open_house(state, *h, *d),
                (None, Some(c), None) => open_cell(state, *c),
                _ => return fail("an emptied variable is a cell or a digit in a house"),
            };
            let false_cands: BTreeSet<Candidate> = known
                .iter()
                .filter(|l| !l.value)
                .flat_map(|&l| ctx.cands(l))
                .collect();
            if variable.is_empty() {
                return fail("the emptied variable is decided in the state");
            }
            if let Some(c) = variable.iter().find(|c| !false_cands.contains(c)) {
                return fail(format!("{c} is not derived false"));
            }
        }
    }
    let assumed = &t.nodes[main.assumption.node];
    let target = match assumed.cells[..] {
        [cell] if main.assumption.value => Candidate::new(cell, assumed.digit),
        _ => return fail("the refutation assumes a candidate true"),
    };
    if proof.eliminations != [target] || !proof.assertions.is_empty() {
        return Err(CheckError::Conclusion {
            target: target.elimination(),
            why: "the refutation eliminates its assumption only".into(),
        });
    }
    Ok(())
}

/// Level 1's layers as plain data, what the tagged grid's picture and the layers graph
/// show: each node (a candidate, or a group of one digit's candidates) with its tag (layer
/// and parity, 0 for the upper-case tag; none when the node is in no strong link), and
/// the strong links, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagLayers {
    pub nodes: Vec<super::aic::AicNode>,
    pub tags: Vec<Option<(usize, u8)>>,
    pub strong_links: Vec<(usize, usize)>,
    /// How many layers (two tags each).
    pub layers: usize,
}

impl TagLayers {
    /// The layer of a candidate (a node of one cell) and whether its tag is the upper-case
    /// one.
    pub fn candidate_layer(&self, c: Candidate) -> Option<(usize, bool)> {
        self.nodes
            .iter()
            .position(|n| n.digit == c.digit() && n.cells[..] == [c.cell()])
            .and_then(|i| self.tags[i])
            .map(|(layer, parity)| (layer, parity == 0))
    }
}

// Tag names: the display forms of a tag literal (`layer * 2 + parity`, parity 0 for the
// upper-case tag), as the seed writes them; notation::tags reads them back.

/// The prefixes of the seed's tag names after the first 26 layers.
pub const TAG_PREFIXES: [&str; 6] = ["", "£", "$", "&", "§", "%"];

/// The seed's tag name of a layer's upper (`parity` 0) or lower (1) tag: a letter, then
/// with a prefix `£ $ & § %`, then `#`, `##`, … (one more `#` per 26 layers), so that every
/// layer has its own name and a name reads back to its layer.
pub fn tag_name(layer: usize, parity: u8) -> String {
    let letter = (b'A' + (layer % 26) as u8) as char;
    let letter = if parity == 0 {
        letter
    } else {
        letter.to_ascii_lowercase()
    };
    let block = layer / 26;
    let prefix = match TAG_PREFIXES.get(block) {
        Some(p) => p.to_string(),
        None => "#".repeat(block - TAG_PREFIXES.len() + 1),
    };
    format!("{prefix}{letter}")
}

/// The name of a tag literal (`layer * 2 + parity`).
pub fn literal_name(literal: usize) -> String {
    tag_name(literal / 2, (literal % 2) as u8)
}

/// `[] AB bC`: a path's weak links as (from, to) tag literals; with none, the start layer's
/// own OR `[] Aa`.
pub fn tag_chain_text(start: usize, pairs: &[(usize, usize)]) -> String {
    if pairs.is_empty() {
        return format!("[] {}{}", literal_name(start), literal_name(start ^ 1));
    }
    let pairs: Vec<String> = pairs
        .iter()
        .map(|&(a, b)| format!("{}{}", literal_name(a), literal_name(b)))
        .collect();
    format!("[] {}", pairs.join(" "))
}

impl crate::proof::PatternKind for TagPattern {
    fn rule_name(&self) -> (String, String, usize) {
        TagPattern::rule_name(self)
    }

    fn check(
        &self,
        state: &crate::grid::State,
        proof: &crate::proof::Proof,
    ) -> Result<(), crate::proof::CheckError> {
        check(state, proof, self)
    }

    fn collect_candidates(&self, out: &mut crate::proof::candidates::Collected) {
        for n in &self.nodes {
            out.named(n.candidates());
        }
    }
}
