//! The entry each system's techniques start from: its search, system, level on the scale,
//! length measure and grading; the table's named setters ([`Technique::aka`],
//! [`Technique::says`], ...) give the rest.

use super::*;
use crate::ork::Sources;

/// The sets of the Assistant's techniques.
pub(super) const ASSISTANT: &[&str] = &["assistant"];
pub(super) const ALS: &[&str] = &["assistant", "als"];
/// The sets of the force chains and nets.
pub(super) const GNPX: &[&str] = &["force", "force-chains"];
pub(super) const CHAINS: &[&str] = &["force-chains"];
pub(super) const NETS: &[&str] = &["force-nets"];
/// The sets of the basic rules.
pub(super) const BASIC: &[&str] = &[BASIC_SET];
pub(super) const SINGLES: &[&str] = &[BASIC_SET, "singles"];
pub(super) const SUBSETS: &[&str] = &[BASIC_SET, "subsets"];
pub(super) const FISH: &[&str] = &[BASIC_SET, "fish"];

/// One of Berthier's basic rules (L4_0) of size `size`.
pub(super) const fn basic(name: &'static str, rule: BasicRule, size: usize) -> Technique {
    Technique::new(name, Search::Basic(rule), System::Basic, Level::Basic(size))
        .class(Class::Basic)
        .sets(BASIC)
}

/// SudoRules' Subsets by size ([CSP-Rules]' `Subsets[n]`, n from 2 to 4): graded by their
/// size, by name only (the Trid-OR5W schemes place them at their level).
pub(super) const fn sudorules_subsets(name: &'static str) -> Technique {
    Technique {
        graded: true,
        ..Technique::new(name, Search::Subsets, System::Whips, Level::Searched)
            .sets(&[SUBSETS_SET])
            .by_name(NameOnly::SudoRules)
            .cap(4)
    }
}

/// A chain family of [Berthier NRC], [Berthier 3D].
pub(super) const fn chain(family: ChainFamily, class: Class) -> Technique {
    let sets: &'static [&'static str] = match class {
        Class::Chain2d => &["2d", "chains"],
        Class::Chain3d => &["3d", "chains"],
        _ => &["lasso", "chains"],
    };
    Technique {
        measure: LengthMeasure::Cells,
        graded: true,
        ..Technique::new(
            family.name(),
            Search::Chain(family),
            System::Chains,
            Level::Searched,
        )
        .class(class)
        .sets(sets)
        .says("chain as [Berthier NRC] and [Berthier 3D] define it")
    }
}

/// A whip kind as SudoRules builds it.
pub(super) const fn whip(kind: WhipKind) -> Technique {
    Technique {
        measure: LengthMeasure::Variables,
        graded: true,
        ..Technique::new(
            kind.name(),
            Search::Whip(kind),
            System::Whips,
            Level::Searched,
        )
        .class(Class::Whip)
        .sets(&["whips"])
        .says("whip or braid as SudoRules builds it")
    }
}

/// SudoRules' typed whips ([CSP-Rules]: `?*Typed-Whips*`): whips whose CSP variables all have
/// one type (rc, rn, cn or bn), graded by length, by name only (the TyW scheme's whips).
pub(super) const fn typed_whip(name: &'static str) -> Technique {
    Technique {
        measure: LengthMeasure::Variables,
        graded: true,
        ..Technique::new(name, Search::TypedWhip, System::Whips, Level::Searched)
            .class(Class::Whip)
            .by_name(NameOnly::SudoRules)
    }
}

/// A chain on the OR-k relations of the tridagons ([`crate::ork`]): graded by its length as
/// SudoRules counts it, by name (in no rating scheme but the Trid-OR5W ones), listed with
/// the whips.
pub(super) const fn ork(name: &'static str, spec: (OrkKind, usize, Sources)) -> Technique {
    let t = Technique {
        measure: LengthMeasure::Variables,
        graded: true,
        ..Technique::new(
            name,
            Search::Ork(spec.0, spec.1, spec.2),
            System::Whips,
            Level::Searched,
        )
        .sets(&[ORK_SET])
        .cap(crate::ork::MAX_LENGTH)
    };
    // the ORk-forcing-whips whose branches all end on one candidate place it (`-assert`)
    if spec.0.is_forcing() {
        t.places()
    } else {
        t
    }
}

/// SudoRules' forcing whips on the CSP variables with two (`k` = 2) or at most three
/// candidates left ([`crate::ork`] on [`Sources::Variables`]): graded by length as SudoRules
/// counts it (1 + the branches' cells), by name only (the FW, F3W and FgW schemes'
/// chains), in the set `forcing-whips`, listed after the whips of their kind.
pub(super) const fn forcing_whip(name: &'static str, kind: OrkKind, k: usize) -> Technique {
    ork(name, (kind, k, Sources::Variables))
        .sets(&[FORCING_SET])
        .by_name(NameOnly::SudoRules)
        .cap(16)
}

/// An OR-k chain on the relations of the tridagons and of eleven's patterns
/// ([`crate::ork::Sources::WithImp630`]), in the set `imp630` alone.
pub(super) const fn imp630_ork(name: &'static str, spec: (OrkKind, usize, Sources)) -> Technique {
    ork(name, spec)
        .sets(&[IMP630_SET])
        .by_name(NameOnly::Imp630)
}

/// One of CSP-Rules' impossible patterns ([`crate::oddagon`], [`crate::tridagon`]): every
/// instance in the state at once, listed with SudoRules' rules, in the set
/// `impossible-patterns`.
pub(super) const fn impossible(
    name: &'static str,
    find: fn(&StateView) -> Vec<Proof>,
) -> Technique {
    Technique::new(
        name,
        Search::Assistant(FindAll(find, None)),
        System::Whips,
        Level::Found,
    )
    .sets(&["impossible-patterns"])
}

/// eleven's impossible patterns of Berthier's list Select`select` ([`crate::imp630`]):
/// their OR-k relations' own eliminations at SudoRules' level 3, every instance at once, in
/// the set `imp630` alone (by name or a Select scheme), listed with SudoRules' rules.
pub(super) const fn imp630(name: &'static str, select: u8) -> Technique {
    Technique::new(name, Search::Imp630(select), System::Whips, Level::At(3))
        .sets(&[IMP630_SET])
        .by_name(NameOnly::Imp630)
}

/// A force chain or net of GNPX's ([GNPX Force]) in `mode` over links of `level`.
pub(super) const fn force(
    name: &'static str,
    mode: ForceMode,
    level: LinkLevel,
    form: NetForm,
) -> Technique {
    let (sets, score): (&'static [&'static str], u32) = match (form, level) {
        (NetForm::Net, _) => (NETS, 700),
        (NetForm::Chain, LinkLevel::Als) => (GNPX, 500),
        (NetForm::Chain, _) => (CHAINS, 500),
    };
    let t = Technique {
        measure: LengthMeasure::Inferences,
        graded: true,
        ..Technique::new(
            name,
            Search::Force(ForceSpec::new(mode, level, form)),
            System::Force,
            Level::Searched,
        )
        .sets(sets)
        .hodoku(score)
    };
    // a cell or house force chain concludes its verities too
    if matches!(mode, ForceMode::Contradiction) {
        t
    } else {
        t.places()
    }
}

/// One of Hanson's hypotheses or depths ([Hanson SA]) on the net engine.
pub(super) const fn hypothesis(name: &'static str, mode: ForceMode) -> Technique {
    let sets: &'static [&'static str] = if mode.is_depth() {
        &["depths"]
    } else {
        &["hypotheses"]
    };
    let t = Technique {
        measure: LengthMeasure::Inferences,
        graded: true,
        ..Technique::new(
            name,
            Search::Hypothesis(mode),
            System::Hypotheses,
            Level::Searched,
        )
        .sets(sets)
    };
    // the two-way hypothesis concludes the literal both branches force
    if matches!(mode, ForceMode::Bivalue) {
        t.places()
    } else {
        t
    }
}

/// One of Hanson's Assistant's techniques ([Hanson SA]): every instance in the state at
/// once, each proof at its own length.
pub(super) const fn assistant(name: &'static str, find: fn(&StateView) -> Vec<Proof>) -> Technique {
    Technique::new(
        name,
        Search::Assistant(FindAll(find, None)),
        System::Assistant,
        Level::Found,
    )
    .sets(ASSISTANT)
}

/// One of the forum's exotic patterns ([`crate::rank`], [`crate::exocet`]): every instance
/// in the state at once, by name or the set `exotic`, in its own system.
pub(super) const fn exotic(name: &'static str, find: fn(&StateView) -> Vec<Proof>) -> Technique {
    Technique::new(
        name,
        Search::Assistant(FindAll(find, None)),
        System::Exotic,
        Level::Found,
    )
    .sets(&["exotic"])
}

/// gpenet's full tagging at `level` ([gpenet tagging]): every clearing at once, each at its
/// inferences (level 1's alternate chains at their strong links).
pub(super) const fn tagging(name: &'static str, level: u8) -> Technique {
    Technique::new(name, Search::Tagging(level), System::Tagging, Level::Found).sets(&["tagging"])
}

/// A technique of HoDoKu's catalogue with no other home, at the level its pattern's size
/// gives it.
pub(super) const fn hodoku(name: &'static str, rule: HodokuRule) -> Technique {
    let (level, sets): (Level, &'static [&'static str]) = match rule {
        HodokuRule::LockedSubset { size } => (Level::At(size as usize), &["hodoku-catalogue"]),
        // two conjugate pairs: two CSP variables
        HodokuRule::SingleDigit(_) | HodokuRule::EmptyRectangle { .. } => {
            (Level::At(2), &["single-digit", "hodoku-catalogue"])
        }
        // two bivalue cells and a conjugate pair
        HodokuRule::WWing => (Level::At(3), &["hodoku-catalogue"]),
        HodokuRule::Template { .. } => (Level::Beyond, &["templates", "hodoku-catalogue"]),
        // never in a set the user did not name for them; at the deadly rectangle's cells
        HodokuRule::Uniqueness(_) => (Level::At(4), &[UNIQUENESS_SET]),
        HodokuRule::AlsOverlap(_) => (Level::Found, &["als-overlap", "hodoku-catalogue"]),
        HodokuRule::AlsNodeChains { .. } | HodokuRule::GroupedChains { .. } => {
            (Level::Found, &["hodoku-catalogue"])
        }
        // HoDoKu's basic fish search is fast (about 1 ms a state): asked by default
        HodokuRule::Fish {
            shape: FishShape::Basic,
            ..
        } => (Level::Found, &["hodoku-catalogue"]),
        HodokuRule::Fish { .. } | HodokuRule::SiameseFish | HodokuRule::KrakenFish { .. } => {
            (Level::Found, &[FISH_HODOKU_SET, "hodoku-catalogue"])
        }
    };
    let t = Technique::new(name, Search::Hodoku(rule), System::Hodoku, level).sets(sets);
    match rule {
        HodokuRule::Uniqueness(_) => t.assumes_uniqueness().by_name(NameOnly::Uniqueness),
        HodokuRule::Template { set: true } => t.places(),
        _ => t,
    }
}

/// Berthier's trial and error at bounded depth ([Berthier CRT]), by name only: T&E(n) at
/// depth n; T&E(B_p, 1) between T&E(1) and T&E(2) (braids are in T&E(1)), T&E(B_p, 2)
/// between T&E(2) and T&E(3); each searched up to `cap` (the SHC's bounds: BxB 14,
/// BxBB 5).
pub(super) const fn trial(name: &'static str, kind: TrialKind, cap: usize) -> Technique {
    let (measure, over) = match kind {
        TrialKind::Te => (LengthMeasure::Depth, None),
        TrialKind::BxB => (LengthMeasure::Variables, Some(1)),
        TrialKind::BxBB => (LengthMeasure::Variables, Some(2)),
    };
    Technique {
        measure,
        graded: true,
        ..Technique::new(
            name,
            Search::Trial(kind),
            System::Trial,
            Level::Trial { over },
        )
        .sets(&[TRIAL_SET])
        .by_name(NameOnly::Trial)
        .cap(cap)
    }
}

/// One of Sudoku Explainer 1.2.1's producers as a technique, by name only, in SE's order
/// after every other technique (SE's difficulty of a step is SE's: `search::ser`).
pub(super) const fn explainer(name: &'static str, producer: Producer) -> Technique {
    let t = Technique::new(
        name,
        Search::Ser(producer),
        System::Explainer,
        Level::Explainer,
    )
    .sets(&[EXPLAINER_SET])
    .by_name(NameOnly::Explainer);
    match producer {
        // SE's singles, and its multiple and dynamic forcing chains (cell and region
        // chains conclude a value)
        Producer::HiddenSingle | Producer::NakedSingle | Producer::Chaining(_) => t.places(),
        // unique rectangles and loops, the bivalue universal grave
        Producer::UniqueLoops | Producer::Bug => t.assumes_uniqueness(),
        _ => t,
    }
}
