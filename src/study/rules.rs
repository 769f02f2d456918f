//! Turning a rule SPEC into the rule list the resolution strategy applies.
//!
//! SPEC is `basic` (the L4_0 rules), a scheme (`L`, `M`, `N`, `W`, `B`, `gW`, `gB`, `BC`),
//! or a comma list of techniques of the registry (`nrczt`, `lasso`, `whip`, `squirmbag`…):
//! the basic rules, the listed fixed-size techniques, then for each length 1..=max the
//! listed graded ones, all in the registry's simplest-first order
//! ([`registry::rules_with_basic`]).

use crate::search::{basic_rules, registry, Rule};
use crate::study::rating::{rules_for, Scheme};
use std::str::FromStr;
use thiserror::Error;

/// What a SPEC resolved to.
pub struct RuleSpec {
    pub rules: Vec<Rule>,
    /// The scheme letter for the LEVEL line, when SPEC named a scheme.
    pub scheme: Option<Scheme>,
}

/// A SPEC that names neither `basic`, a scheme nor known techniques.
#[derive(Debug, Error)]
#[error(
    "--rules: {why}; use basic, a scheme (L, M, N, W, B, gW, gB, BC) or a comma list of techniques"
)]
pub struct BadRules {
    pub why: String,
}

/// Parse SPEC into rules with lengths up to `max_len`.
pub fn parse(spec: &str, max_len: usize) -> Result<RuleSpec, BadRules> {
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
    let techniques = registry::parse_list(spec).map_err(|e| BadRules { why: e.to_string() })?;
    Ok(RuleSpec {
        rules: registry::rules_with_basic(&techniques, max_len),
        scheme: None,
    })
}
