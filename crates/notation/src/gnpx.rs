//! GNPX's force-chain text ([GNPX Force]), printed and read:
//!
//! ```text
//! ForceChain_Cell r6c6#2 is true
//! ✿[W r2c8/+1 -> r2c4/-1] => [S r2c4/-1 -> r3c5/+1] => [W r3c5/+1 -> r5c5/-1] => [W r5c5/+7 ->
//! r5c7/-7] => … ✿[W r2c8/+2 -> r2c6/-2] => [S r2c6/-2 -> r6c6/+2]
//! ```
//!
//! A heading names the technique, the choice and what holds (`ForceChain_Cell r6c6#2 is
//! true`, `ForceChain_House(row2#1) …`, `ForceChain_Contradiction r2c4#2 is false`,
//! `ForceNet_…` for nets); then one `✿` line per branch end. A bracket is one inference:
//! `W` a weak link (true ⇒ false), `S` a strong one (false ⇒ true), `M` a group from or to
//! its members, and `S (ALS:r2468c4)`/`W (ALS:…)` an ALS super link; a literal is cells, a
//! sign and a digit (`r2c4/+1`, a group `r2c45/-1`).
//!
//! Printing ([`gnpx_text`]): chains print the shortest derivation of each branch's end, as
//! GNPX does, leaving implicit an inference inside one cell between two brackets
//! (`[W r3c5/+1 -> r5c5/-1] => [W r5c5/+7 -> r5c7/-7]`: r5c5 is bivalue); nets print each
//! branch's inferences in derivation order after its assumption `✿{r2c4/+2}`, with several
//! premises where they need them.
//!
//! Reading ([`read_gnpx`]) rebuilds the [`NetPattern`] on a state: the implicit in-cell
//! inferences, the house of each strong link (the cell, then the row, column or block where
//! the premises and the conclusion hold every open place — the order the net engine tries
//! them), each ALS link's house, the choice (the one cell of a Cell heading's assumptions,
//! the house of a House heading), the branches a line leaves out (an assumption that is
//! itself the verity), which branches are refuted and the contradiction they reach. What
//! the text does not carry is the link level (it is the least the inferences need, unless
//! the caller names one) and the order of a branch's inferences beyond what each line
//! shows (lines are read in order, an inference two lines share once). The result still
//! has to pass [`sudolink_engine::proof::check`].

use crate::shown::Shown;
use std::collections::BTreeSet;
use sudolink_engine::graph::cell_list;
use sudolink_engine::grid::lexer::{self, LexError, PResult};
use sudolink_engine::grid::{Candidate, Cell, CspVariable, Digit, House, State};
use sudolink_engine::proof::net::{
    premises_text, ForceMode, LinkLevel, NetBranch, NetChoice, NetConclusion, NetForm, NetLink,
    NetLiteral, NetNode, NetPattern, NetStep,
};
use sudolink_engine::proof::{Pattern, Proof};
use thiserror::Error;
use winnow::ascii::{multispace0, multispace1, space0};
use winnow::combinator::{alt, delimited, opt, preceded, separated};
use winnow::Parser;

// ---- printer ---------------------------------------------------------------------------

/// GNPX's heading: `ForceChain_Cell r6c6#2 is true`, `ForceChain_House(row2#1) …`,
/// `ForceChain_Contradiction r2c4#2 is false` (`ForceNet_…` for nets).
pub fn gnpx_heading(net: &NetPattern, proof: &Proof) -> String {
    let kind = match net.form {
        NetForm::Chain => "ForceChain",
        NetForm::Net => "ForceNet",
    };
    let choice = match (&net.choice, net.mode) {
        (c @ NetChoice::House { .. }, _) => format!("House({})", choice_name(c)),
        (_, m) => {
            let mut s = m.name().to_string();
            s[..1].make_ascii_uppercase();
            s
        }
    };
    let what = match (proof.assertions.first(), proof.eliminations.first()) {
        (Some(c), _) => format!("{}#{} is true", c.cell(), c.digit()),
        (None, Some(c)) => format!("{}#{} is false", c.cell(), c.digit()),
        _ => String::new(),
    };
    format!("{kind}_{choice} {what}")
}

/// A choice as GNPX names it: `r2c8` (a cell), `row2#1` (a digit's places in a house).
pub fn choice_name(choice: &NetChoice) -> String {
    match choice {
        NetChoice::Cell { cell } => cell.to_string(),
        NetChoice::House { house, digit } => {
            let (name, i) = match house {
                House::Row(i) => ("row", i),
                House::Column(i) => ("col", i),
                House::Block(i) => ("blk", i),
            };
            format!("{name}{}#{digit}", i + 1)
        }
        NetChoice::Assumption => "assumption".to_string(),
    }
}

/// One GNPX bracket: `[W r2c8/+1 -> r2c4/-1]`, `[S (ALS:r2468c4) r2c4/-1 -> r4c4/+3]`.
fn bracket(step: &NetStep) -> String {
    let letter = match step.link {
        NetLink::Weak => "W",
        NetLink::Strong { .. } => "S",
        NetLink::Subset | NetLink::Locked { .. } | NetLink::Nested { .. } => "M",
        NetLink::Als { .. } => {
            if step.conclusion.value {
                "S"
            } else {
                "W"
            }
        }
    };
    let als = match &step.link {
        NetLink::Als { cells, .. } => format!("(ALS:{}) ", cell_list(cells)),
        _ => String::new(),
    };
    format!(
        "[{letter} {als}{} -> {}]",
        premises_text(step),
        step.conclusion
    )
}

/// An inference inside one cell by a plain link (GNPX leaves these implicit between two
/// brackets: `[W r3c5/+1 -> r5c5/-1] => [W r5c5/+7 -> r5c7/-7]`).
fn in_one_cell(step: &NetStep) -> bool {
    matches!(step.link, NetLink::Weak | NetLink::Strong { house: None })
        && step.premises.len() == 1
        && step.premises[0].node.cells() == step.conclusion.node.cells()
        && step.conclusion.node.cells().len() == 1
}

/// The derivation of `end` in a chain-form branch, as a path of steps from the assumption.
fn path_to<'a>(branch: &'a NetBranch, end: &NetLiteral) -> Vec<&'a NetStep> {
    let mut path = Vec::new();
    let mut at = end.clone();
    while at != branch.assumption {
        let Some(step) = branch.steps.iter().find(|s| s.conclusion == at) else {
            break;
        };
        path.push(step);
        at = step.premises[0].clone();
    }
    path.reverse();
    path
}

/// One GNPX line: `✿[W r2c8/+2 -> r2c6/-2] => [S r2c6/-2 -> r6c6/+2]`, in-cell links
/// between two brackets left implicit as GNPX prints them.
fn gnpx_line(path: &[&NetStep]) -> String {
    let last = path.len().saturating_sub(1);
    let shown: Vec<String> = path
        .iter()
        .enumerate()
        .filter(|(i, s)| *i == 0 || *i == last || !in_one_cell(s))
        .map(|(_, s)| bracket(s))
        .collect();
    format!("✿{}", shown.join(" => "))
}

/// One chain-form branch's line to `end`: `✿[W r1c9/+4 -> r1c2/-4] => …`.
pub fn branch_line(branch: &NetBranch, end: &NetLiteral) -> String {
    gnpx_line(&path_to(branch, end))
}

/// The ends each branch's lines lead to: the verity, or the contradictory node's two values
/// (or each emptied candidate).
fn ends(conclusion: &NetConclusion) -> Vec<NetLiteral> {
    match conclusion {
        NetConclusion::Verity { literal } => vec![literal.clone()],
        NetConclusion::Both { node } => {
            let t = NetLiteral {
                node: node.clone(),
                value: true,
            };
            vec![t.clone(), t.negated()]
        }
        NetConclusion::Empty { .. } => vec![],
    }
}

/// GNPX's printed form: the heading, then one `✿…` line per branch (chains), or for nets
/// each branch's inferences in derivation order, several premises where they need them.
pub fn gnpx_text(net: &NetPattern, proof: &Proof) -> String {
    let mut out = gnpx_heading(net, proof);
    match net.form {
        NetForm::Chain => {
            for b in &net.branches {
                let ends = match &b.refuted {
                    Some(c) => ends(c),
                    None => ends(&net.conclusion),
                };
                for end in ends {
                    let path = path_to(b, &end);
                    if !path.is_empty() {
                        out.push('\n');
                        out.push_str(&gnpx_line(&path));
                    }
                }
            }
        }
        NetForm::Net => {
            for b in &net.branches {
                let steps: Vec<String> = b.steps.iter().map(bracket).collect();
                let refuted = if b.refuted.is_some() {
                    " (refuted)"
                } else {
                    ""
                };
                out.push_str(&format!(
                    "\n✿{{{}}}{refuted} {}",
                    b.assumption,
                    steps.join(" => ")
                ));
            }
        }
    }
    out
}

// ---- reader ----------------------------------------------------------------------------

/// Why a text does not read as GNPX's force-chain text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GnpxError {
    #[error("line {line}, {error}")]
    Syntax { line: usize, error: LexError },
    #[error("line {line}: {why}")]
    Shape { line: usize, why: String },
    #[error("{0}")]
    Net(String),
}

/// A choice as GNPX names it: a cell `r2c8` (its candidates) or a house and digit
/// `row2#1`, `col3#5`, `blk4#2` (the digit's places; `r2#1`, `c3#5`, `b4#2` too).
pub fn read_choice(text: &str) -> Result<NetChoice, LexError> {
    lexer::parse_all(
        alt((
            (lexer::house, '#', lexer::digit)
                .map(|(house, _, digit)| NetChoice::House { house, digit }),
            lexer::cell.map(|cell| NetChoice::Cell { cell }),
        ))
        .context(lexer::expected("a cell r2c8 or a house and digit row2#1")),
        text,
    )
}

/// The heading: form, mode, choice (a House heading's), the literal that holds.
struct Heading {
    form: NetForm,
    mode: ForceMode,
    house: Option<(House, Digit)>,
    literal: (Candidate, bool),
}

fn heading(i: &mut &str) -> PResult<Heading> {
    let form = alt((
        "ForceChain".value(NetForm::Chain),
        "ForceNet".value(NetForm::Net),
    ))
    .context(lexer::expected("ForceChain_ or ForceNet_"))
    .parse_next(i)?;
    '_'.parse_next(i)?;
    let (mode, house) = alt((
        "Cell".value((ForceMode::Cell, None)),
        "Contradiction".value((ForceMode::Contradiction, None)),
        delimited("House(", (lexer::house, '#', lexer::digit), ')')
            .map(|(h, _, d)| (ForceMode::House, Some((h, d)))),
    ))
    .context(lexer::expected("Cell, House(row2#1) or Contradiction"))
    .parse_next(i)?;
    let (_, candidate, _, value) = (
        multispace1,
        lexer::candidate_hash,
        multispace1,
        alt(("is true".value(true), "is false".value(false)))
            .context(lexer::expected("is true or is false")),
    )
        .parse_next(i)?;
    Ok(Heading {
        form,
        mode,
        house,
        literal: (candidate, value),
    })
}

/// A literal `r2c4/+1` as a net literal.
fn literal(i: &mut &str) -> PResult<NetLiteral> {
    lexer::signed_literal
        .map(|(cells, value, d)| {
            let cands: Vec<Candidate> = cells.iter().map(|&c| Candidate::new(c, d)).collect();
            let node = match cands[..] {
                [c] => NetNode::Candidate(c),
                _ => NetNode::Group(cands),
            };
            NetLiteral { node, value }
        })
        .parse_next(i)
}

/// A bracket as written: its letter, ALS cells, premises and conclusion.
struct Written {
    letter: char,
    als: Option<Vec<Cell>>,
    premises: Vec<NetLiteral>,
    conclusion: NetLiteral,
}

fn written_bracket(i: &mut &str) -> PResult<Written> {
    '['.parse_next(i)?;
    let letter = alt(('W', 'S', 'M'))
        .context(lexer::expected("W, S or M"))
        .parse_next(i)?;
    space0.parse_next(i)?;
    let als: Option<Vec<Vec<Cell>>> = opt(delimited(
        "(ALS:",
        separated(1.., lexer::cells_compact, ' '),
        (')', space0),
    ))
    .parse_next(i)?;
    let premises = separated(1.., literal, ' ').parse_next(i)?;
    let (_, _, _, conclusion, _) = (
        space0,
        "->".context(lexer::expected("->")),
        space0,
        literal,
        ']'.context(lexer::expected("]")),
    )
        .parse_next(i)?;
    Ok(Written {
        letter,
        als: als.map(|cells| cells.concat()),
        premises,
        conclusion,
    })
}

/// A line: `✿` then, for nets, `{assumption}` and ` (refuted)`, then brackets joined by
/// `=>`.
type Line = (Option<NetLiteral>, Vec<Written>);

fn line(i: &mut &str) -> PResult<Line> {
    '✿'.context(lexer::expected("✿")).parse_next(i)?;
    let assumption = opt(delimited('{', literal, '}')).parse_next(i)?;
    opt(preceded(space0, "(refuted)")).parse_next(i)?;
    space0.parse_next(i)?;
    // a net's branch whose assumption is the verity prints no inference
    let brackets = if assumption.is_some() {
        separated(0.., written_bracket, (space0, "=>", space0)).parse_next(i)?
    } else {
        separated(1.., written_bracket, (space0, "=>", space0)).parse_next(i)?
    };
    Ok((assumption, brackets))
}

/// The first of the houses holding every cell (rows, columns, blocks).
fn house_of(cells: &[Cell]) -> Option<House> {
    House::all().find(|h| cells.iter().all(|&c| h.contains(c)))
}

/// The variable a strong link rests on: the cell when premises and conclusion are
/// candidates of one cell and cover its open candidates, else the first house (row, column,
/// block) where they cover every open place of the digit.
fn strong_support(state: &State, premises: &[NetLiteral], conclusion: &NetLiteral) -> NetLink {
    let covered: BTreeSet<Candidate> = premises
        .iter()
        .chain([conclusion])
        .flat_map(|l| l.node.candidates().iter().copied())
        .collect();
    let target = conclusion.node.candidates();
    if let [c] = target {
        let cell_open: Vec<Candidate> = Digit::all()
            .map(|d| Candidate::new(c.cell(), d))
            .filter(|&x| state.has(x))
            .collect();
        if premises.iter().all(|p| p.node.cells() == [c.cell()])
            && cell_open.iter().all(|x| covered.contains(x))
        {
            return NetLink::Strong { house: None };
        }
    }
    let d = conclusion.node.digit();
    let house = House::all().find(|h| {
        target.iter().all(|c| h.contains(c.cell()))
            && h.cells()
                .into_iter()
                .map(|c| Candidate::new(c, d))
                .filter(|&x| state.has(x))
                .all(|x| covered.contains(&x))
    });
    NetLink::Strong { house }
}

/// The inferences of one chain-form line, with the in-cell ones GNPX leaves implicit.
fn chain_steps(
    state: &State,
    brackets: &[Written],
    line: usize,
) -> Result<Vec<NetStep>, GnpxError> {
    let mut steps: Vec<NetStep> = Vec::new();
    for (k, w) in brackets.iter().enumerate() {
        if let (Some(prev), [premise]) = (steps.last(), &w.premises[..]) {
            let from = &prev.conclusion;
            if from != premise {
                let one_cell =
                    from.node.cells().len() == 1 && from.node.cells() == premise.node.cells();
                let link = match (from.value, premise.value) {
                    (true, false) if one_cell => NetLink::Weak,
                    (false, true) if one_cell => NetLink::Strong { house: None },
                    _ => {
                        return Err(GnpxError::Shape {
                            line,
                            why: format!(
                            "bracket {} starts from {premise}, which does not follow from {from}",
                            k + 1
                        ),
                        })
                    }
                };
                steps.push(NetStep {
                    premises: vec![from.clone()],
                    conclusion: premise.clone(),
                    link,
                });
            }
        }
        steps.push(step_of(state, w));
    }
    Ok(steps)
}

fn step_of(state: &State, w: &Written) -> NetStep {
    let link = match (&w.als, w.letter) {
        (Some(cells), _) => NetLink::Als {
            house: house_of(cells).unwrap_or(House::Row(0)),
            cells: cells.clone(),
        },
        (None, 'W') => NetLink::Weak,
        (None, 'M') => NetLink::Subset,
        (None, _) => strong_support(state, &w.premises, &w.conclusion),
    };
    NetStep {
        premises: w.premises.clone(),
        conclusion: w.conclusion.clone(),
        link,
    }
}

/// The variables (a cell; a digit in a house) of a candidate, as a conclusion names them.
fn emptied(state: &State, derived: &BTreeSet<NetLiteral>, c: Candidate) -> Option<NetConclusion> {
    c.variables().into_iter().find_map(|v| {
        let open: Vec<Candidate> = v
            .candidates()
            .into_iter()
            .filter(|&x| state.has(x))
            .collect();
        let all_false = !open.is_empty()
            && open
                .iter()
                .all(|&x| derived.contains(&NetLiteral::candidate(x, false)));
        all_false.then_some(match v {
            CspVariable::Rc(cell) => NetConclusion::Empty {
                house: None,
                cell: Some(cell),
                digit: None,
            },
            CspVariable::Rn(r, d) => NetConclusion::Empty {
                house: Some(House::Row(r)),
                cell: None,
                digit: Some(d),
            },
            CspVariable::Cn(col, d) => NetConclusion::Empty {
                house: Some(House::Column(col)),
                cell: None,
                digit: Some(d),
            },
            CspVariable::Bn(b, d) => NetConclusion::Empty {
                house: Some(House::Block(b)),
                cell: None,
                digit: Some(d),
            },
        })
    })
}

/// The first contradiction a branch's inferences reach, in their order: a node derived
/// both ways, or (nets) a variable whose open candidates are all derived false.
fn contradiction(state: &State, branch: &NetBranch, form: NetForm) -> Option<NetConclusion> {
    let mut derived = BTreeSet::from([branch.assumption.clone()]);
    for s in &branch.steps {
        if derived.contains(&s.conclusion.negated()) {
            return Some(NetConclusion::Both {
                node: s.conclusion.node.clone(),
            });
        }
        derived.insert(s.conclusion.clone());
        if let (NetForm::Net, NetNode::Candidate(c), false) =
            (form, &s.conclusion.node, s.conclusion.value)
        {
            if let Some(e) = emptied(state, &derived, *c) {
                return Some(e);
            }
        }
    }
    None
}

/// The least level the inferences need.
fn least_level(branches: &[NetBranch]) -> LinkLevel {
    let steps = || branches.iter().flat_map(|b| &b.steps);
    if steps().any(|s| matches!(s.link, NetLink::Als { .. })) {
        LinkLevel::Als
    } else if steps().any(|s| {
        std::iter::once(&s.conclusion)
            .chain(&s.premises)
            .any(|l| matches!(l.node, NetNode::Group(_)))
    }) {
        LinkLevel::Groups
    } else {
        LinkLevel::Links
    }
}

/// Read GNPX's text of one force chain or net (a heading and its `✿` lines; blank lines
/// skipped) into a proof on `state`. `level` is the link level to claim (the least the
/// inferences need when `None`). See the module doc for what is rebuilt.
pub fn read_gnpx(state: &State, text: &str, level: Option<LinkLevel>) -> Result<Proof, GnpxError> {
    let (head, read) = read_lines(text)?;
    let mut branches = branches_of(state, head.form, &read)?;
    let (candidate, value) = head.literal;
    let verity = NetLiteral::candidate(candidate, value);
    let choice = choice_of(state, &head, &verity, &mut branches)?;
    let conclusion = conclusion_of(state, &head, &verity, &mut branches)?;
    let level = level.unwrap_or_else(|| least_level(&branches));
    let bad = |why: String| GnpxError::Net(why);
    let (eliminations, assertions) = match (head.mode, value) {
        (ForceMode::Contradiction, true) => {
            return Err(bad("a contradiction shows its assumption false".into()))
        }
        (_, true) => (vec![], vec![candidate]),
        (_, false) => (vec![candidate], vec![]),
    };
    if head.mode == ForceMode::Contradiction
        && branches[0].assumption != NetLiteral::candidate(candidate, true)
    {
        return Err(bad(format!(
            "the heading's {} is not the lines' assumption {}",
            candidate, branches[0].assumption
        )));
    }
    let pattern = NetPattern {
        mode: head.mode,
        level,
        form: head.form,
        choice,
        branches,
        conclusion,
    };
    Ok(Proof::new(Pattern::Net(pattern), eliminations, assertions))
}

/// The syntax error of `line` (its text `text`) where `rest` is left.
fn syntax(line: usize, text: &str, rest: &str, e: &winnow::error::ContextError) -> GnpxError {
    GnpxError::Syntax {
        line,
        error: LexError::at(text, rest, e),
    }
}

/// The heading and the `✿` lines of `text`, each line with its number (from 1), blank
/// lines skipped; a heading without lines is refused.
fn read_lines(text: &str) -> Result<(Heading, Vec<(usize, Line)>), GnpxError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let (head_no, head_text) = lines.next().ok_or(GnpxError::Shape {
        line: 1,
        why: "no heading (ForceChain_Cell r6c6#2 is true, …)".into(),
    })?;
    let mut rest = head_text;
    let head = heading
        .parse_next(&mut rest)
        .map_err(|e| syntax(head_no, head_text, rest, &e))?;
    let mut read: Vec<(usize, Line)> = Vec::new();
    for (no, l) in lines {
        let mut rest = l;
        let parsed = (line, multispace0)
            .map(|(x, _)| x)
            .parse_next(&mut rest)
            .map_err(|e| syntax(no, l, rest, &e))?;
        if !rest.is_empty() {
            return Err(GnpxError::Syntax {
                line: no,
                error: LexError::expecting(l, rest, "=> and a bracket, or the end of the line"),
            });
        }
        read.push((no, parsed));
    }
    if read.is_empty() {
        return Err(GnpxError::Shape {
            line: head_no,
            why: "a heading without lines".into(),
        });
    }
    Ok((head, read))
}

/// The branches of the lines, in the order of their first line: a line's steps (a chain's
/// linked bracket by bracket) join the branch of its assumption (written, or its first
/// premise), each step once.
fn branches_of(
    state: &State,
    form: NetForm,
    read: &[(usize, Line)],
) -> Result<Vec<NetBranch>, GnpxError> {
    let mut branches: Vec<NetBranch> = Vec::new();
    for (no, (assumption, brackets)) in read {
        let steps = match form {
            NetForm::Chain => {
                if assumption.is_some() {
                    return Err(GnpxError::Shape {
                        line: *no,
                        why: "a chain's line starts with its first bracket, not {assumption}"
                            .into(),
                    });
                }
                chain_steps(state, brackets, *no)?
            }
            NetForm::Net => brackets.iter().map(|w| step_of(state, w)).collect(),
        };
        let assumption = match (assumption, steps.first()) {
            (Some(a), _) => a.clone(),
            (None, Some(s)) => s.premises[0].clone(),
            (None, None) => unreachable!("a line has a bracket"),
        };
        let at = match branches.iter().position(|b| b.assumption == assumption) {
            Some(at) => at,
            None => {
                branches.push(NetBranch {
                    assumption,
                    steps: Vec::new(),
                    refuted: None,
                });
                branches.len() - 1
            }
        };
        let branch = &mut branches[at];
        for s in steps {
            if !branch.steps.contains(&s) {
                branch.steps.push(s);
            }
        }
    }
    Ok(branches)
}

/// The choice the heading names (a house's places for a digit, or the one cell the lines
/// assume candidates of; none for a contradiction), with a branch for each of its open
/// members in candidate order: a member whose assumption is the `verity` itself prints no
/// line, and gets an empty branch.
fn choice_of(
    state: &State,
    head: &Heading,
    verity: &NetLiteral,
    branches: &mut Vec<NetBranch>,
) -> Result<NetChoice, GnpxError> {
    let bad = |why: String| GnpxError::Net(why);
    let (choice, members): (NetChoice, Vec<Candidate>) = match (head.mode, head.house) {
        (ForceMode::Contradiction, _) => (NetChoice::Assumption, vec![]),
        (ForceMode::House, Some((house, digit))) => {
            let members = house
                .cells()
                .into_iter()
                .map(|c| Candidate::new(c, digit))
                .filter(|&c| state.has(c))
                .collect();
            (NetChoice::House { house, digit }, members)
        }
        (_, _) => {
            let cells: BTreeSet<Cell> = branches
                .iter()
                .flat_map(|b| b.assumption.node.cells())
                .collect();
            let [cell] = cells.into_iter().collect::<Vec<_>>()[..] else {
                return Err(bad(
                    "a Cell heading's lines assume candidates of one cell".into()
                ));
            };
            let members = Digit::all()
                .map(|d| Candidate::new(cell, d))
                .filter(|&c| state.has(c))
                .collect();
            (NetChoice::Cell { cell }, members)
        }
    };
    if head.mode != ForceMode::Contradiction {
        // a member whose assumption is the verity itself prints no line
        for &m in &members {
            let a = NetLiteral::candidate(m, true);
            if !branches.iter().any(|b| b.assumption == a) {
                if a != *verity {
                    return Err(bad(format!("no line for the branch assuming {a}")));
                }
                branches.push(NetBranch {
                    assumption: a,
                    steps: Vec::new(),
                    refuted: None,
                });
            }
        }
        branches.sort_by_key(|b| b.assumption.node.candidates()[0]);
    }
    Ok(choice)
}

/// What the branches conclude: a contradiction's one branch reaches one; every branch of a
/// choice reaches the `verity` or a contradiction (kept as its refutation).
fn conclusion_of(
    state: &State,
    head: &Heading,
    verity: &NetLiteral,
    branches: &mut [NetBranch],
) -> Result<NetConclusion, GnpxError> {
    let bad = |why: String| GnpxError::Net(why);
    let form = head.form;
    Ok(match head.mode {
        ForceMode::Contradiction => {
            let [branch] = &branches[..] else {
                return Err(bad("a contradiction has one branch (one assumption)".into()));
            };
            contradiction(state, branch, form)
                .ok_or_else(|| bad("the branch reaches no contradiction".into()))?
        }
        _ => {
            for b in branches.iter_mut() {
                let reaches =
                    b.assumption == *verity || b.steps.iter().any(|s| s.conclusion == *verity);
                if !reaches {
                    b.refuted = Some(contradiction(state, b, form).ok_or_else(|| {
                        bad(format!(
                            "the branch assuming {} neither reaches {verity} nor a contradiction",
                            b.assumption
                        ))
                    })?);
                }
            }
            NetConclusion::Verity {
                literal: verity.clone(),
            }
        }
    })
}

/// Split a text of several force chains (GNPX's result listing: headings each followed by
/// their lines, blank lines between) into one text per heading.
pub fn split_listing(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        if t.starts_with("ForceChain") || t.starts_with("ForceNet") {
            out.push(t.to_string());
        } else if let Some(last) = out.last_mut() {
            if !t.is_empty() {
                last.push('\n');
                last.push_str(t);
            }
        }
    }
    out
}

impl Shown for NetPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        if self.mode.is_hypothesis() {
            super::hypothesis::hypothesis_text(state, proof, self)
        } else if self.mode.is_depth() {
            super::depth::depth_text(state, proof, self)
        } else {
            gnpx_text(self, proof)
        }
    }
    fn dialect(&self) -> &'static str {
        if self.mode.is_hypothesis() || self.mode.is_depth() {
            "Hanson"
        } else {
            "GNPX"
        }
    }
    fn sudorules(&self, state: &State, proof: &Proof) -> Option<String> {
        // SudoRules has no force chains: GNPX's lines, with the conclusion SudoRules' way
        let _ = state;
        Some(format!(
            "{} ==> {}",
            gnpx_text(self, proof),
            super::sudorules::modern_conclusions(proof)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::format::parse_pencil_mark_grid;

    fn seed_state() -> State {
        parse_pencil_mark_grid(
            include_str!("../../../tests/fixtures/gnpx_force_state.txt"),
            1,
        )
        .unwrap()
    }

    #[test]
    fn reads_the_seeds_first_cell_chain() {
        let state = seed_state();
        let text = "ForceChain_Cell r6c6#2 is true\n\
            ✿[W r2c8/+1 -> r2c4/-1] => [S r2c4/-1 -> r3c5/+1] => [W r3c5/+1 -> r5c5/-1] => [W r5c5/+7 -> r5c7/-7] => [S r5c7/-7 -> r8c7/+7] => [W r8c7/+7 -> r8c4/-7] => [W r8c4/+2 -> r6c4/-2] => [S r6c4/-2 -> r6c6/+2]\n\
            ✿[W r2c8/+2 -> r2c6/-2] => [S r2c6/-2 -> r6c6/+2]";
        let proof = read_gnpx(&state, text, None).unwrap();
        sudolink_engine::proof::check(&state, &proof).unwrap();
        let Pattern::Net(net) = &proof.pattern else {
            panic!("not a net")
        };
        assert_eq!(
            net.choice,
            NetChoice::Cell {
                cell: Cell::at(1, 7)
            }
        );
        assert_eq!(net.level, LinkLevel::Links);
        // the two implicit in-cell links of the first line are rebuilt
        assert_eq!(net.branches[0].steps.len(), 10);
        assert_eq!(gnpx_text(net, &proof), text.replace("            ", ""));
    }

    #[test]
    fn malformed_text_names_its_line_and_column() {
        let state = seed_state();
        let e = read_gnpx(
            &state,
            "ForceChain_Cell r6c6#2 is true\n✿[W r2c8/+1 => r2c4/-1]",
            None,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 13: expected ->, found \"=>\""
        );
        let e = read_gnpx(&state, "ForceChain_Hose r6c6#2 is true", None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1, column 12: expected Cell"),
            "{e}"
        );
    }

    proptest::proptest! {
        #[test]
        fn reading_never_panics(s in "\\PC{0,80}") {
            let _ = read_gnpx(&State::empty(), &s, None);
        }

        #[test]
        fn reading_gnpx_like_text_never_panics(
            s in "Force(Chain|Net)_(Cell|Contradiction|House\\(row[0-9]#[0-9]\\)) r[0-9]c[0-9]#[0-9] is (true|false)\n(✿(\\{r[1-9]c[1-9]/[+-][1-9]\\})?(\\[[WSM] (\\(ALS:r[0-9]{1,3}c[0-9]\\) )?r[1-9]c[1-9]{1,2}/[+-][0-9] -> r[1-9]c[1-9]/[+-][1-9]\\]( => )?){1,3}\n){1,3}"
        ) {
            let state = seed_state();
            if let Ok(p) = read_gnpx(&state, &s, None) {
                let _ = sudolink_engine::proof::check(&state, &p);
            }
        }
    }
}
