//! The registry's own tests: names, sets, the one order, dispatch.

use super::*;
use proptest::prelude::*;

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
fn the_scale_keeps_berthier_s_order() {
    let at = |name: &str, n: usize| TechniqueId::from_name(name).unwrap().rule(n).place();
    // the basic rules before every other technique, by size (x-wing, a Subset of size 2,
    // before naked triplets), in the registry's order
    let basic: Vec<TechniqueId> = TechniqueId::all().filter(|t| t.is_basic()).collect();
    assert_eq!(
        basic,
        TechniqueId::all().take(basic.len()).collect::<Vec<_>>()
    );
    assert!(at("x-wing", 0) < at("naked-triplets", 0));
    for b in &basic {
        assert!(b.rule(0).place() < at("xy", 1), "{b}");
    }
    // a technique at a length: every chain and whip of length n before those of n + 1,
    // Berthier's chains before whips at one length, whip, g-whip, braid, g-braid
    assert!(at("nrczt", 5) < at("whip", 5) && at("whip", 5) < at("nrc", 6));
    assert!(at("whip", 7) < at("g-whip", 7) && at("g-whip", 7) < at("braid", 7));
    assert!(at("braid", 7) < at("g-braid", 7));
    // SudoRules' levels: the tridagon rules at 3, after Subsets[3], before whip[3]
    assert!(at("whip", 2) < at("tridagon", 0) && at("tridagon", 0) < at("whip", 3));
    assert!(at("sudorules-subsets", 3) < at("tridagon", 0));
    // fish at their size
    assert!(at("whip", 4) < at("squirmbag", 0) && at("squirmbag", 0) < at("whip", 6));
    // nets and tagging at their length, after a whip or braid of that length
    assert!(at("braid", 10) < at("force-cell-links", 10));
    assert!(at("g-braid", 16) < at("tag2", 16) && at("tag2", 16) < at("whip", 17));
    // after every pattern: templates, then trial and error T&E(1) < T&E(B_p, 1) < T&E(2)
    assert!(at("force-net-contradiction", 999) < at("template-set", 0));
    assert!(at("template-set", 0) < at("te", 1) && at("te", 1) < at("bxb", 14));
    assert!(at("bxb", 14) < at("te", 2) && at("te", 2) < at("bxbb", 1));
    assert!(at("bxbb", 5) < at("te", 3));
    // SE's producers last, in SE's order
    assert!(at("te", 3) < at("se-hidden-single", 0));
    assert!(at("se-naked-single", 0) < at("se-pointing", 0));
    let table = scale_table();
    assert_eq!(table.lines().count(), REGISTRY.len() + 2);
    assert!(table.contains("| whip | whips and braids | whips | by length (CSP variables) |"));
    assert!(table.contains("| tridagon | whips and braids | impossible-patterns | length 3 |"));
}

/// Any technique list's rules, with lengths up to any bound.
fn list_and_bound() -> impl Strategy<Value = (Vec<TechniqueId>, usize)> {
    let all: Vec<TechniqueId> = TechniqueId::all().collect();
    (
        proptest::sample::subsequence(all.clone(), 0..=all.len()),
        1usize..=24,
    )
}

proptest! {
    /// The one order: every rule list `solve` builds from a list of techniques is the
    /// basic rules then the list's rules, strictly increasing on the scale, every length of
    /// every technique up to its bound once; and the scale is the registry's order within a
    /// stage and level.
    #[test]
    fn every_rule_list_is_in_the_scale_s_order((list, max_len) in list_and_bound()) {
        let rules = rules_with_basic(&list, max_len);
        prop_assert!(rules.windows(2).all(|w| w[0].place() < w[1].place()));
        let basic = basic_rules();
        prop_assert_eq!(&rules[..basic.len()], &basic[..]);
        for t in &list {
            for r in t.rules_up_to(max_len, None) {
                prop_assert!(rules.contains(&r), "{} missing", r);
            }
        }
        for w in rules.windows(2) {
            let (a, b) = (w[0].place(), w[1].place());
            if (a.stage, a.level) == (b.stage, b.level) {
                prop_assert!(a.technique < b.technique);
            }
        }
    }
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
            Search::Subsets
                | Search::Chain(_)
                | Search::Whip(_)
                | Search::TypedWhip
                | Search::Force(_)
                | Search::Hypothesis(_)
                | Search::Trial(_)
                | Search::Ork(..)
        );
        assert_eq!(t.get().graded, graded, "{t}");
    }
}
