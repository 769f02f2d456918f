//! Turning a `--rules SPEC` into the rule list the resolution strategy applies.
//!
//! SPEC is `basic` (the L4_0 rules), a scheme (`L`, `M`, `N`, `W`, `B`, `gW`, `gB`, `BC`),
//! or a comma list of families (`xy`, `xyt`, `xyz`, `xyzt`, `hxy-rn`, `hxyt-rn`, `hxyz-rn`,
//! `hxyzt-rn`, the same with `-cn`, `c`, `nrc`, `nrct`, `nrcz`, `nrczt`, `lasso`, `whip`,
//! `braid`, `g-whip`, `g-braid`): the basic rules, then for each length 1..=max the listed
//! families in that fixed order.

use anyhow::Result;
use std::str::FromStr;
use sudolink::search::{basic_rules, Family, Rule};
use sudolink::study::rating::{rules_for, Scheme};

/// What a SPEC resolved to.
pub struct RuleSpec {
    pub rules: Vec<Rule>,
    /// The scheme letter for the LEVEL line, when SPEC named a scheme.
    pub scheme: Option<Scheme>,
}

/// Parse SPEC into rules with lengths up to `max_len`.
pub fn parse(spec: &str, max_len: usize) -> Result<RuleSpec> {
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
    let listed: Vec<&str> = spec
        .split(',')
        .map(str::trim)
        .filter(|n| !n.eq_ignore_ascii_case("basic"))
        .collect();
    let mut families = Family::parse_list(&listed.join(",")).map_err(|e| {
        anyhow::anyhow!(
            "unknown rule family {:?} in --rules; use basic, a scheme (L, M, N, W, B, gW, gB, BC) or families from: lasso, {}",
            e.name,
            e.known
        )
    })?;
    // at each length, families in their fixed order
    families.sort();
    let mut rules = basic_rules();
    for n in 1..=max_len {
        rules.extend(families.iter().map(|f| f.rule(n)));
    }
    Ok(RuleSpec {
        rules,
        scheme: None,
    })
}
