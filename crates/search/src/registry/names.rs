//! The names users write: each technique's name and aliases, the sets that name several
//! (`basic`, `lasso`, `uniqueness`, ...), HoDoKu's order as the set `hodoku`, and parsing a
//! comma list of them into techniques or tiers.

use super::*;

/// A technique name that is in the registry under no name, alias or set.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UnknownTechnique {
    #[error("unknown technique {name:?}{}; `sudolink techniques` lists every name", nearest.map(|n| format!(" (did you mean {n}?)")).unwrap_or_default())]
    Unknown {
        name: String,
        /// The known name nearest to it, when one is close (a typing slip).
        nearest: Option<&'static str>,
    },
    #[error("the list of techniques is empty")]
    Empty,
    /// A `name:n` item whose n is not a length from 1 to `max`.
    #[error("{item:?}: the length after ':' must be a whole number from 1 to {max}")]
    BadLength { item: String, max: usize },
}

/// Every set a user may name, in the registry's order, `hodoku` (HoDoKu's order) last.
pub fn set_names() -> Vec<&'static str> {
    let mut sets: Vec<&'static str> = Vec::new();
    for t in TechniqueId::all() {
        for s in t.get().sets {
            if !sets.contains(s) {
                sets.push(s);
            }
        }
    }
    sets.push(HODOKU_SET);
    sets
}

/// Every name and set a user may write.
pub fn known_names() -> Vec<&'static str> {
    let mut names = set_names();
    names.extend(TechniqueId::all().map(|t| t.name()));
    names
}

/// The known name nearest to `asked` by edit distance, when at most two edits away (what
/// an error suggests instead of listing 150 names).
pub fn nearest_name(asked: &str) -> Option<&'static str> {
    let asked = asked.to_ascii_lowercase();
    known_names()
        .into_iter()
        .map(|n| (strsim::levenshtein(&asked, n), n))
        .min()
        .filter(|&(d, _)| d <= 2)
        .map(|(_, n)| n)
}

/// The technique `sudolink bench` times where the basic rules are stuck, unless told
/// another (`--technique`): 3D Medusa, every colour, corner and hinge rule.
pub const BENCH_TECHNIQUE: &str = "medusa";

/// The name of HoDoKu's order as a rule set: `solve --rules basic,hodoku`.
pub const HODOKU_SET: &str = "hodoku";

/// HoDoKu's generalised fish (Franken, mutant, Siamese): asked by name only.
pub const FISH_HODOKU_SET: &str = "fish-hodoku";

/// The set of the uniqueness rules: named only by the user (no default set, scheme or
/// `explain` default holds them; they assume the puzzle has one solution).
pub const UNIQUENESS_SET: &str = "uniqueness";

/// HoDoKu's solver order (the steps its default configuration enables, by their index in
/// HoDoKu's step table), as our techniques, each a tier tried whole before the next:
/// singles; locked pairs and triples; locked candidates; naked and hidden pairs, triples,
/// quads; x-wing, swordfish, jellyfish; skyscraper, 2-string kite, turbot fish, empty
/// rectangle; W-wing; XY- and XYZ-wing; finned and
/// sashimi fish; Sue de Coq; X-, XY-chains, AICs and nice loops, grouped (our AIC and
/// nice loops of candidates and groups); ALS-XZ, ALS-XY-wing;
/// ALS-XY-chains (our AIC with HoDoKu's ALS nodes); Franken x-wings and swordfish, basic
/// and finned; forcing chains, then forcing nets. Uniqueness steps (enabled in HoDoKu) are
/// left out: they join only when named (`hodoku,uniqueness`). HoDoKu's remote pairs and
/// colouring have no technique of their own here: the AIC tier finds them (they are
/// XY-chains and AICs).
pub const HODOKU_ORDER: &[&str] = &[
    "naked-single",
    "hidden-single",
    "locked-pair",
    "locked-triple",
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
    "skyscraper",
    "two-string-kite",
    "turbot-fish",
    "empty-rectangle",
    "w-wing",
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
    "grouped-aic",
    "grouped-nice-loop",
    "als-xz",
    "als-xy-wing",
    "aic-als-nodes",
    "small-franken-fish",
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
    // HoDoKu's order places every basic rule itself: `basic` beside it adds nothing
    let names_hodoku = text
        .split(',')
        .any(|n| n.trim().eq_ignore_ascii_case(HODOKU_SET));
    let names = text
        .split(',')
        .map(str::trim)
        .filter(move |n| !(names_hodoku && n.eq_ignore_ascii_case("basic")));
    let names = names.flat_map(|n| {
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
            nearest: nearest_name(name),
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

/// The sets a user may name (`basic`, `chains`, `force`, ...), each with its techniques, for
/// `--help`.
pub fn sets_help() -> String {
    set_names()
        .iter()
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
