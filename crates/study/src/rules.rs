//! Turning a rule SPEC into the rule list the resolution strategy applies.
//!
//! SPEC is `basic` (the L4_0 rules), a scheme (`L`, `M`, `N`, `W`, `B`, `gW`, `gB`, `BC`),
//! or a comma list of techniques of the registry (`nrczt`, `lasso`, `whip`, `squirmbag`…):
//! the basic rules, the listed fixed-size techniques, then for each length 1..=max the
//! listed graded ones, all in the registry's simplest-first order
//! ([`registry::rules_with_basic`]). With [`RuleOrder::Listed`] each name of the list is a
//! tier tried in full, at every length, before the next ([`registry::rules_in_tiers`]):
//! HoDoKu's order, forcing chains before forcing nets.

use crate::rating::{rules_for, RatingScheme, Scheme};
use std::str::FromStr;
use sudolink_search::{basic_rules, registry, Rule};
use thiserror::Error;

/// The longest length any search accepts (`--max-len`, the page's max_len): chains and
/// whips never need more than the 324 CSP variables; force nets count inferences and stay
/// far below this in practice.
pub const LONGEST_MAX_LEN: usize = 999;

/// The longest proof (its length on the scale) `solve`, `rate`, `explain` and the explorer
/// search unless told: one default, so that `explain --at-step` walks the very path `solve`
/// prints and `rate` rates; the W ratings of the forum's hardest lists stay below it.
pub const DEFAULT_MAX_LEN: usize = 20;

/// The default of the collection studies (`classify`, `subsume`), which rate every puzzle of
/// a file in every scheme: [Berthier NRC]'s L, M, N classification of random puzzles counts
/// the levels up to 7, the table `classify --berthier-table` sets beside ours.
pub const STUDY_MAX_LEN: usize = 7;

/// How the rules of a comma list of techniques are ordered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RuleOrder {
    /// Simplest first: length by length, the listed techniques in the registry's order at
    /// each length (SudoRules' strategy; a shorter net comes before a longer chain).
    #[default]
    Length,
    /// Each name of the list in turn, at every length, before the next name (HoDoKu's
    /// order: `force-chains,force-nets` tries forcing chains of any length first).
    Listed,
}

/// What a SPEC resolved to.
pub struct RuleSpec {
    pub rules: Vec<Rule>,
    /// The scheme letter for the LEVEL line, when SPEC named a scheme.
    pub scheme: Option<Scheme>,
}

/// A SPEC that cannot be turned into rules.
#[derive(Debug, Error)]
pub enum BadRules {
    /// It names neither `basic`, a scheme nor known techniques.
    #[error(
        "--rules: {why}; use basic, a scheme ({schemes}) or a comma list of techniques",
        schemes = Scheme::names()
    )]
    Unknown { why: String },
    /// The listed order asked of `basic` or a scheme.
    #[error("--order listed orders a comma list of techniques; {spec:?} has a fixed order")]
    FixedOrder { spec: String },
}

/// Parse SPEC into rules with lengths up to `max_len`, simplest first.
pub fn parse(spec: &str, max_len: usize) -> Result<RuleSpec, BadRules> {
    parse_in_order(spec, max_len, RuleOrder::Length)
}

/// Parse SPEC into rules with lengths up to `max_len`, in `order`. [`RuleOrder::Listed`]
/// orders a comma list: with `basic` or a scheme (whose order is fixed) it is refused.
pub fn parse_in_order(spec: &str, max_len: usize, order: RuleOrder) -> Result<RuleSpec, BadRules> {
    order_applies(spec, order)?;
    if spec.eq_ignore_ascii_case("basic") {
        return Ok(RuleSpec {
            rules: basic_rules(),
            scheme: None,
        });
    }
    if let Ok(scheme) = Scheme::from_str(spec) {
        return Ok(RuleSpec {
            rules: rules_for(scheme, max_len),
            scheme: Some(scheme),
        });
    }
    Ok(RuleSpec {
        rules: list_rules(spec, max_len, order)
            .map_err(|e| BadRules::Unknown { why: e.to_string() })?,
        scheme: None,
    })
}

/// Whether `order` can order SPEC: [`RuleOrder::Listed`] is refused for `basic` and the
/// schemes (SER included), whose order is fixed; `hodoku` as rules is the technique list
/// in HoDoKu's order, which it may order.
pub fn order_applies(spec: &str, order: RuleOrder) -> Result<(), BadRules> {
    let fixed = spec.eq_ignore_ascii_case("basic")
        || RatingScheme::from_str(spec).is_ok_and(|s| s != RatingScheme::Hodoku);
    if fixed && order == RuleOrder::Listed {
        return Err(BadRules::FixedOrder {
            spec: spec.to_string(),
        });
    }
    Ok(())
}

/// The rules of a comma list of techniques (no scheme): the basic rules, then the list's
/// in `order`; a list naming `hodoku` is HoDoKu's order, tier by tier, with the basic
/// rules at HoDoKu's places.
pub fn list_rules(
    list: &str,
    max_len: usize,
    order: RuleOrder,
) -> Result<Vec<Rule>, registry::UnknownTechnique> {
    let (names, caps) = split_caps(list)?;
    let longest = caps.iter().map(|&(_, c)| c).fold(max_len, usize::max);
    let mut rules = uncapped_list_rules(&names, longest, order)?;
    rules
        .retain(|r| r.technique.is_fixed_size() || r.length <= cap_of(r.technique, &caps, max_len));
    Ok(rules)
}

/// The longest length of `technique` a list asks for: its `name:n` cap, else its default
/// cap ([`registry::Technique::default_cap`], e.g. T&E's depth 3) within `max_len`, else
/// `max_len`.
fn cap_of(
    technique: registry::TechniqueId,
    caps: &[(registry::TechniqueId, usize)],
    max_len: usize,
) -> usize {
    caps.iter()
        .find(|&&(t, _)| t == technique)
        .map(|&(_, c)| c)
        .or_else(|| technique.get().default_cap.map(|d| d.min(max_len)))
        .unwrap_or(max_len)
}

/// A comma list without its `name:n` caps (`te:2`, `bxb:4`, `whip:5`: the techniques the
/// name stands for up to length n), and the caps per technique.
fn split_caps(
    list: &str,
) -> Result<(String, Vec<(registry::TechniqueId, usize)>), registry::UnknownTechnique> {
    let mut names = Vec::new();
    let mut caps = Vec::new();
    for item in list.split(',') {
        let Some((name, n)) = item.split_once(':') else {
            names.push(item.to_string());
            continue;
        };
        let bad = || registry::UnknownTechnique::BadLength {
            item: item.trim().to_string(),
            max: LONGEST_MAX_LEN,
        };
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if !(1..=LONGEST_MAX_LEN).contains(&n) {
            return Err(bad());
        }
        for t in registry::expand(name).unwrap_or_default() {
            caps.push((t, n));
        }
        names.push(name.to_string());
    }
    Ok((names.join(","), caps))
}

/// [`list_rules`] of a list without caps.
fn uncapped_list_rules(
    list: &str,
    max_len: usize,
    order: RuleOrder,
) -> Result<Vec<Rule>, registry::UnknownTechnique> {
    let tiers = registry::parse_tiers(list)?;
    // HoDoKu's order is an order: a list naming it is tried tier by tier
    let hodoku = list
        .split(',')
        .any(|n| n.trim().eq_ignore_ascii_case(registry::HODOKU_SET));
    if hodoku {
        // its tiers place the basic rules at HoDoKu's places (locked pairs before
        // locked candidates, subsets before fish)
        return Ok(registry::rules_in_tiers_placing_basic(&tiers, max_len));
    }
    Ok(match order {
        RuleOrder::Length => registry::rules_with_basic(&tiers.concat(), max_len),
        RuleOrder::Listed => registry::rules_in_tiers(&tiers, max_len),
    })
}

/// Uniqueness rules asked of a puzzle whose several solutions are allowed.
#[derive(Debug, Error)]
#[error(
    "{} {} the puzzle has one solution: {} refused when several solutions are allowed",
    names.join(", "),
    if names.len() == 1 { "assumes" } else { "assume" },
    if names.len() == 1 { "it is" } else { "they are" }
)]
pub struct UniquenessRefused {
    /// The uniqueness techniques asked for.
    pub names: Vec<&'static str>,
}

/// Refuse the uniqueness rules (the registry's `uniqueness` set) among `techniques` when
/// the puzzle is analysed with several solutions allowed: they assume one solution, and on
/// a puzzle with two their conclusions can be false.
pub fn refuse_uniqueness(
    techniques: impl IntoIterator<Item = registry::TechniqueId>,
    several_solutions_allowed: bool,
) -> Result<(), UniquenessRefused> {
    if !several_solutions_allowed {
        return Ok(());
    }
    let mut names: Vec<&'static str> = techniques
        .into_iter()
        .filter(|t| t.get().sets.contains(&registry::UNIQUENESS_SET))
        .map(|t| t.name())
        .collect();
    names.dedup();
    if names.is_empty() {
        Ok(())
    } else {
        Err(UniquenessRefused { names })
    }
}
