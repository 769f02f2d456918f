//! The registry's own tests: names, sets, order, dispatch.

use super::*;

#[test]
fn names_are_unique_and_round_trip() {
    let mut seen = std::collections::HashSet::new();
    for t in TechniqueId::all() {
        let e = t.get();
        for n in std::iter::once(&e.name).chain(e.aliases) {
            assert!(seen.insert(*n), "{n} is used twice");
            assert_eq!(TechniqueId::from_name(n), Some(t));
        }
        assert_eq!(TechniqueId::of(e.search), t);
    }
}

#[test]
fn sets_expand_and_lists_refuse_unknown_or_empty() {
    let list = parse_list("NRCZT, lasso,whip,nrczt").unwrap();
    let names: Vec<&str> = list.iter().map(|t| t.name()).collect();
    assert_eq!(names, ["nrczt", "nrct-lasso", "nrczt-lasso", "whip"]);
    assert_eq!(expand("basic").unwrap().len(), 14);
    assert_eq!(parse_list(" , ").unwrap_err(), UnknownTechnique::Empty);
    let err = parse_list("nrc,zebra").unwrap_err();
    assert!(
        err.to_string().contains("unknown technique \"zebra\""),
        "{err}"
    );
    // a slip gets the nearest name, not the whole list
    let err = parse_list("nrc,g-brade").unwrap_err().to_string();
    assert!(err.contains("(did you mean g-braid?)"), "{err}");
    assert!(!err.contains("x-wing"), "{err}");
}

#[test]
fn tiers_keep_each_name_whole_and_in_the_order_given() {
    let tiers = parse_tiers("force-nets, force-chains, force-net-cell, x-wing").unwrap();
    // force-net-cell was already in the first tier: it adds no tier
    assert_eq!(tiers.len(), 3);
    assert!(tiers[0].iter().all(|t| t.name().starts_with("force-net")));
    assert!(tiers[1].iter().all(|t| !t.name().starts_with("force-net")));
    assert_eq!(tiers[0].len() + tiers[1].len(), 18);
    assert_eq!(tiers[2], [TechniqueId::from_name("x-wing").unwrap()]);
    assert_eq!(parse_tiers(" , ").unwrap_err(), UnknownTechnique::Empty);
    // each tier whole, at every length, before the next
    let rules = rules_in_tiers(&tiers[..2], 2);
    let basic = basic_rules().len();
    assert_eq!(rules.len(), basic + 2 * 18);
    let shape: Vec<(bool, usize)> = rules[basic..]
        .iter()
        .map(|r| (r.technique.name().starts_with("force-net"), r.length))
        .collect();
    let expected: Vec<(bool, usize)> = [(true, 1), (true, 2), (false, 1), (false, 2)]
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, 9))
        .collect();
    assert_eq!(shape, expected);
    // one tier is the simplest-first list
    let one = parse_tiers("force").unwrap();
    assert_eq!(rules_in_tiers(&one, 5), rules_with_basic(&one.concat(), 5));
}

#[test]
fn every_technique_is_rated_and_the_scale_keeps_the_documented_order() {
    for t in TechniqueId::all() {
        assert!(
            t.get().difficulty.base > 0 || t.get().difficulty.per_length > 0,
            "{t}"
        );
    }
    let d = |name: &str, n: usize| TechniqueId::from_name(name).unwrap().difficulty(n);
    // HoDoKu's scores for the human techniques
    assert!(d("naked-single", 1) < d("hidden-single", 1));
    assert!(d("interaction", 1) < d("naked-pairs", 2));
    assert!(d("x-wing", 2) < d("xy-wing", 3));
    assert!(d("als-xz", 2) < d("death-blossom", 3));
    // Berthier's length for chains and whips: every chain of length 2 is harder than
    // every basic rule, and within a length the registry's order holds
    for b in TechniqueId::all().filter(|t| t.is_basic()) {
        assert!(d("xy", 2) > b.difficulty(4), "{b}");
    }
    assert!(d("nrczt", 5) < d("whip", 5) && d("whip", 5) < d("nrczt", 6));
    assert!(d("force-cell-links", 10) < d("force-net-cell-links", 10));
    let table = difficulty_table();
    assert_eq!(table.lines().count(), REGISTRY.len() + 2);
    assert!(table.contains("| whip | whips and braids | whips | 20 + 100 × variables |"));
}

#[test]
fn hodoku_names_its_order_tier_by_tier() {
    for name in HODOKU_ORDER {
        assert!(expand(name).is_some(), "{name}");
    }
    let tiers = parse_tiers("hodoku").unwrap();
    assert_eq!(tiers[0], [TechniqueId::from_name("naked-single").unwrap()]);
    assert!(tiers
        .last()
        .unwrap()
        .iter()
        .all(|t| t.name().starts_with("force-net")));
    assert_eq!(
        parse_list("hodoku").unwrap().len(),
        expand("hodoku").unwrap().len()
    );
}

#[test]
fn graded_techniques_are_the_chains_whips_nets_and_trials() {
    for t in TechniqueId::all() {
        let graded = matches!(
            t.get().search,
            Search::Chain(_)
                | Search::Whip(_)
                | Search::Force(_)
                | Search::Hypothesis(_)
                | Search::Trial(_)
                | Search::Ork(..)
        );
        assert_eq!(t.get().graded, graded, "{t}");
    }
}
