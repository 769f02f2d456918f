//! Turning a `--rules SPEC` into the rule list the resolution strategy applies.
//!
//! SPEC is `basic` (the L4_0 rules), a scheme (`L`, `M`, `N`, `W`, `B`, `gW`, `gB`, `BC`),
//! or a comma list of families (`xy`, `xyt`, `xyz`, `xyzt`, `hxy-rn`, `hxyt-rn`, `hxyz-rn`,
//! `hxyzt-rn`, the same with `-cn`, `c`, `nrc`, `nrct`, `nrcz`, `nrczt`, `lasso`, `whip`,
//! `braid`, `g-whip`, `g-braid`): the basic rules, then for each length 1..=max the listed
//! families in that fixed order.

use anyhow::{bail, Result};
use std::str::FromStr;
use sudolink::search::{basic_rules, ChainFamily, Rule, WhipKind};
use sudolink::study::rating::{rules_for, Scheme};

/// One family named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Family {
    Chain(ChainFamily),
    Whip(WhipKind),
}

const FAMILY_NAMES: [(&str, &[Family]); 22] = [
    ("xy", &[Family::Chain(ChainFamily::Xy)]),
    ("xyt", &[Family::Chain(ChainFamily::Xyt)]),
    ("xyz", &[Family::Chain(ChainFamily::Xyz)]),
    ("xyzt", &[Family::Chain(ChainFamily::Xyzt)]),
    ("hxy-rn", &[Family::Chain(ChainFamily::HxyRn)]),
    ("hxyt-rn", &[Family::Chain(ChainFamily::HxytRn)]),
    ("hxyz-rn", &[Family::Chain(ChainFamily::HxyzRn)]),
    ("hxyzt-rn", &[Family::Chain(ChainFamily::HxyztRn)]),
    ("hxy-cn", &[Family::Chain(ChainFamily::HxyCn)]),
    ("hxyt-cn", &[Family::Chain(ChainFamily::HxytCn)]),
    ("hxyz-cn", &[Family::Chain(ChainFamily::HxyzCn)]),
    ("hxyzt-cn", &[Family::Chain(ChainFamily::HxyztCn)]),
    ("c", &[Family::Chain(ChainFamily::C)]),
    ("nrc", &[Family::Chain(ChainFamily::Nrc)]),
    ("nrct", &[Family::Chain(ChainFamily::Nrct)]),
    ("nrcz", &[Family::Chain(ChainFamily::Nrcz)]),
    ("nrczt", &[Family::Chain(ChainFamily::Nrczt)]),
    (
        "lasso",
        &[
            Family::Chain(ChainFamily::NrctLasso),
            Family::Chain(ChainFamily::NrcztLasso),
        ],
    ),
    ("whip", &[Family::Whip(WhipKind::Whip)]),
    ("braid", &[Family::Whip(WhipKind::Braid)]),
    ("g-whip", &[Family::Whip(WhipKind::GWhip)]),
    ("g-braid", &[Family::Whip(WhipKind::GBraid)]),
];

fn family_names() -> Vec<&'static str> {
    FAMILY_NAMES.iter().map(|(n, _)| *n).collect()
}

fn families_of(name: &str) -> Option<Vec<Family>> {
    FAMILY_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, fs)| fs.to_vec())
}

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
    let mut families = Vec::new();
    for name in spec.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let lower = name.to_ascii_lowercase();
        if lower == "basic" {
            continue;
        }
        match families_of(&lower) {
            Some(fs) => families.extend(fs),
            None => bail!(
                "unknown rule family {name:?} in --rules; use basic, a scheme (L, M, N, W, B, gW, gB, BC) or families from: {}",
                family_names().join(", ")
            ),
        }
    }
    families.sort();
    families.dedup();
    let mut rules = basic_rules();
    for n in 1..=max_len {
        rules.extend(families.iter().map(|f| match *f {
            Family::Chain(c) => Rule::Chain(c, n),
            Family::Whip(w) => Rule::Whip(w, n),
        }));
    }
    Ok(RuleSpec {
        rules,
        scheme: None,
    })
}
