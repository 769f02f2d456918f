//! What a technique is: its entry ([`Technique`]), the search that finds it ([`Search`]),
//! its identity ([`TechniqueId`], its place in the simplest-first order), and the one
//! difficulty scale that ranks proofs.

use super::*;

/// How a technique's length is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LengthMeasure {
    /// A fixed size (pairs 2, swordfish 3, wings 3, singles 1): the technique has no lengths
    /// to search; it is tried once.
    Size(usize),
    /// Chain cells: for 2D chains the number of cells, for 3D chains and lassos the number
    /// of (L, R) pairs ([Berthier NRC]).
    Cells,
    /// CSP variables of a whip or braid (SudoRules' `whip[n]`).
    Variables,
    /// Inferences of a force chain or net, over all its branches.
    Inferences,
    /// The depth n of trial and error T&E(BRT, n) ([Berthier CRT]).
    Depth,
}

/// Which search finds a technique's instances. The one place that dispatches on it is
/// this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Search {
    Basic(BasicRule),
    Chain(ChainFamily),
    Whip(WhipKind),
    Force(ForceSpec),
    /// Hanson's hypotheses ([Hanson SA]) on the net engine: [`ForceMode::Hypothesis`] or
    /// [`ForceMode::Bivalue`].
    Hypothesis(ForceMode),
    /// Hanson's Assistant's techniques ([Hanson SA], and HoDoKu's ALS rules its ALS section
    /// describes): every instance in the state at once.
    Assistant(FindAll),
    /// gpenet's full tagging at a level ([gpenet tagging]).
    Tagging(u8),
    /// A technique of HoDoKu's catalogue with no other home.
    Hodoku(HodokuRule),
    /// Berthier's trial and error at bounded depth ([Berthier CRT]): T&E(BRT, n), and
    /// T&E(B_p, 1) and T&E(B_p, 2), the theories of the BxB and BxBB classes
    /// (`search::te`).
    Trial(TrialKind),
    /// SudoRules' chains on the OR-k relations of tridagons ([CSP-Rules]): ORk-whips,
    /// ORk-contrad-whips, ORk-forcing-whips (`search::ork`), on relations of at most so
    /// many guardians (k).
    Ork(OrkKind, usize, crate::ork::Sources),
    /// The own eliminations of the OR-k relations of eleven's impossible patterns of
    /// Berthier's list Select`j` (`search::imp630`); on a resolution path, of the relations
    /// the path asserted (`search::asserted`), as SudoRules keeps them.
    Imp630(u8),
    /// One of Sudoku Explainer 1.2.1's hint producers ([Juillerat SE], `search::ser`): the
    /// hint SE shows in the state (its first), the first proof of its step.
    Ser(crate::ser::Producer),
}

/// A search that finds every instance of its pattern in a state at once: the function
/// itself, named in the registry's line (`medusa::find`), and, when the search has one, a
/// quicker function giving its first instance alone (the resolution strategy's question).
/// Both read the state through a [`StateView`], whose shared structures (the ALS list,
/// the AIC graphs) the techniques tried on one state build once.
#[derive(Clone, Copy)]
pub struct FindAll(
    pub fn(&StateView) -> Vec<Proof>,
    pub Option<fn(&StateView) -> Option<Proof>>,
);

impl FindAll {
    /// Every instance in the state.
    pub fn find(self, state: &StateView) -> Vec<Proof> {
        (self.0)(state)
    }

    /// The first instance of [`FindAll::find`]'s, if any.
    pub fn first(self, state: &StateView) -> Option<Proof> {
        match self.1 {
            Some(first) => first(state),
            None => self.find(state).into_iter().next(),
        }
    }
}

impl PartialEq for FindAll {
    fn eq(&self, other: &FindAll) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl Eq for FindAll {}

impl std::hash::Hash for FindAll {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0 as usize).hash(state)
    }
}

impl fmt::Debug for FindAll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FindAll")
    }
}

/// HoDoKu's techniques searched on their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HodokuRule {
    /// Skyscraper, 2-string kite or turbot fish: an X-chain of two conjugate pairs
    /// (`search::single_digit`).
    SingleDigit(SingleDigitKind),
    /// W-wing: two equal bivalue cells joined by a conjugate pair (`search::w_wing`).
    WWing,
    /// Locked pair (`size` 2) or triple (3): a naked subset of a block and a line at once.
    LockedSubset { size: u8 },
    /// Empty rectangle (`dual`: two on one block, as one step).
    EmptyRectangle { dual: bool },
    /// Template set (`set`) or template delete.
    Template { set: bool },
    /// A uniqueness rule (opt-in: it assumes the puzzle has one solution).
    Uniqueness(UniquenessKind),
    /// ALS-XZ, ALS-XY-wing or death blossom whose sets may share cells (HoDoKu's "allow
    /// overlap"): the same routines as the Assistant's, with [`super::als::Overlap::Allowed`].
    AlsOverlap(AlsKind),
    /// Basic, Franken or mutant fish, basic and finned (`search::fish`), of sizes
    /// `min_size` to `max_size` (2 to 7).
    Fish {
        shape: FishShape,
        min_size: u8,
        max_size: u8,
    },
    /// Two finned fish of any shape on one base, one step.
    SiameseFish,
    /// Kraken fish of HoDoKu's type 1 or 2 (`search::fish::kraken`).
    KrakenFish { type_2: bool },
    /// Grouped AIC (`loops`: continuous nice loops) with HoDoKu's ALS nodes of any size,
    /// which may force a cell (`search::aic`, HoDoKu's "allow ALS in tabling chains").
    AlsNodeChains { loops: bool },
    /// Grouped AIC (`loops`: continuous nice loops) of candidates and groups only
    /// (`search::aic`: HoDoKu's default X-, XY-chains, nice loops and AICs).
    GroupedChains { loops: bool },
}

/// The rating class of a technique: which schemes include it ([Berthier NRC]'s L ⊂ M ⊂ N, the
/// whip schemes, and techniques outside every scheme).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Naked and hidden singles (every scheme).
    Singles,
    /// The other basic rules of L4_0 (L, M, N).
    Basic,
    /// 2D chains (L, M, N).
    Chain2d,
    /// 3D nrc chains (M, N).
    Chain3d,
    /// Lassos (N).
    Lasso,
    /// Whips, braids and their g-forms (W, B, gW, gB).
    Whip,
    /// Available by name only (e.g. fish of size 5 to 7), in no scheme.
    Extra,
    /// GNPX's force chains and the forcing nets ([GNPX Force]), by name only, in no scheme.
    Force,
    /// Hanson's Sudoku Assistant ([Hanson SA]), by name only, in no scheme.
    Assistant,
    /// gpenet's full tagging ([gpenet tagging]), by name only, in no scheme.
    Tagging,
    /// Trial and error at bounded depth ([Berthier CRT]), by name only, in no scheme (its
    /// ratings are the T&E depth, BxB and BxBB classes: `study::te`).
    Trial,
    /// Sudoku Explainer's hint producers ([Juillerat SE]), by name only, in no scheme (its
    /// rating is SER: `study::ser`).
    Explainer,
}

/// The system a technique comes from: `explain` groups its rows by it, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum System {
    /// The basic rules: singles, interactions, subsets, fish, wings ([Berthier NRC]'s L4_0 and
    /// the larger fish).
    Basic,
    /// Berthier's chains of [Berthier NRC], [Berthier 3D]: 2D chains, nrc(z)(t) chains and lassos.
    Chains,
    /// Whips, braids and their g-forms as SudoRules builds them.
    Whips,
    /// Hanson's Sudoku Assistant ([Hanson SA]): grid analysis, ALS rules, Medusa, AIC.
    Assistant,
    /// HoDoKu's catalogue: its techniques that no seed system has (empty rectangles...).
    Hodoku,
    /// Hanson's hypotheses and +depth/++depth ([Hanson SA]).
    Hypotheses,
    /// gpenet's full tagging ([gpenet tagging]).
    Tagging,
    /// GNPX's force chains and the forcing nets ([GNPX Force]).
    Force,
    /// The forum's exotic patterns: Barker's truths and links (MSLS, SK-loops), Exocets.
    Exotic,
    /// Berthier's trial and error at bounded depth ([Berthier CRT]).
    Trial,
    /// Sudoku Explainer 1.2.1's hint producers, as SE orders and names them ([Juillerat SE]).
    Explainer,
}

impl System {
    /// Every system, in `explain`'s order.
    pub const ALL: [System; 11] = [
        System::Basic,
        System::Chains,
        System::Whips,
        System::Assistant,
        System::Hodoku,
        System::Hypotheses,
        System::Tagging,
        System::Force,
        System::Exotic,
        System::Trial,
        System::Explainer,
    ];

    /// The heading `explain` prints.
    pub fn title(self) -> &'static str {
        match self {
            System::Basic => "basic rules",
            System::Chains => "chains",
            System::Whips => "whips and braids",
            System::Assistant => "Sudoku Assistant",
            System::Hypotheses => "hypotheses and depth",
            System::Tagging => "tagging",
            System::Force => "force chains and nets",
            System::Trial => "trial and error",
            System::Explainer => "Sudoku Explainer",
            System::Hodoku => "HoDoKu's catalogue",
            System::Exotic => "the forum's exotic patterns",
        }
    }

    /// The name in JSON.
    pub fn key(self) -> &'static str {
        match self {
            System::Basic => "basic",
            System::Chains => "chains",
            System::Whips => "whips",
            System::Assistant => "assistant",
            System::Hypotheses => "hypotheses",
            System::Tagging => "tagging",
            System::Force => "force",
            System::Trial => "trial",
            System::Hodoku => "hodoku",
            System::Exotic => "exotic",
            System::Explainer => "explainer",
        }
    }
}

/// A technique's place on sudolink's one difficulty scale: a proof of length `n` is
/// `base + per_length × n` hard (see [`difficulty`]). The scale is HoDoKu's step scores
/// for the human techniques (hidden single 14, x-wing 140, ALS-XZ 300, templates 10,000)
/// and, for the graded techniques, Berthier's length: 100 per CSP variable or chain cell
/// for chains and whips (so every chain of length 2 is harder than every basic rule), 10
/// per inference for nets (force chains from 500, forcing nets from 700). The README's
/// table is [`difficulty_table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Difficulty {
    pub base: u32,
    pub per_length: u32,
}

impl Difficulty {
    /// The difficulty of a proof of length `length`.
    pub const fn at(self, length: usize) -> u32 {
        self.base + self.per_length * length as u32
    }
}

/// One technique.
#[derive(Debug)]
pub struct Technique {
    /// The name users write (`naked-pairs`, `nrczt`, `whip`): lower case, unique.
    pub name: &'static str,
    /// Other names accepted on the command line (`x-wing` for `fish-2`…).
    pub aliases: &'static [&'static str],
    /// Collective names that include it (`basic`, `lasso`, `fish`, `subsets`).
    pub sets: &'static [&'static str],
    /// The search that finds it.
    pub search: Search,
    pub class: Class,
    pub measure: LengthMeasure,
    /// Whether its length grades a puzzle (the level of `solve`, a rating).
    pub graded: bool,
    /// The longest length searched unless the user asks for more (`--g-max-len`): the
    /// g-forms' searches grow fastest with length.
    pub default_cap: Option<usize>,
    /// One line for `--help` and listings.
    pub summary: &'static str,
    /// Where `explain` lists it.
    pub system: System,
    /// Its place on the difficulty scale (set by [`Technique::rated`]).
    pub difficulty: Difficulty,
}

pub(super) const BASIC_SETS: &[&str] = &["basic"];

impl Technique {
    pub(super) const fn basic(
        name: &'static str,
        aliases: &'static [&'static str],
        sets: &'static [&'static str],
        rule: BasicRule,
        class: Class,
        size: usize,
        summary: &'static str,
    ) -> Technique {
        Technique {
            name,
            aliases,
            sets,
            search: Search::Basic(rule),
            class,
            measure: LengthMeasure::Size(size),
            graded: false,
            default_cap: None,
            summary,
            system: System::Basic,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
    }

    /// This technique at `base + per_length × length` on the difficulty scale.
    /// An Assistant technique whose first instance `first` finds alone (the first of its
    /// `find`'s, found with less work).
    pub(super) const fn first_by(mut self, first: fn(&StateView) -> Option<Proof>) -> Technique {
        if let Search::Assistant(FindAll(find, _)) = self.search {
            self.search = Search::Assistant(FindAll(find, Some(first)));
        }
        self
    }

    pub(super) const fn rated(mut self, base: u32, per_length: u32) -> Technique {
        self.difficulty = Difficulty { base, per_length };
        self
    }

    pub(super) const fn chain(
        family: ChainFamily,
        class: Class,
        sets: &'static [&'static str],
    ) -> Technique {
        Technique {
            name: family.name(),
            aliases: &[],
            sets,
            search: Search::Chain(family),
            class,
            measure: LengthMeasure::Cells,
            graded: true,
            default_cap: None,
            summary: "chain as [Berthier NRC] and [Berthier 3D] define it",
            system: System::Chains,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
    }

    pub(super) const fn whip(kind: WhipKind, default_cap: Option<usize>) -> Technique {
        Technique {
            name: kind.name(),
            aliases: &[],
            sets: &["whips"],
            search: Search::Whip(kind),
            class: Class::Whip,
            measure: LengthMeasure::Variables,
            graded: true,
            default_cap,
            summary: "whip or braid as SudoRules builds it",
            system: System::Whips,
            difficulty: Difficulty {
                base: 0,
                per_length: 0,
            },
        }
    }
}

pub(super) const fn force(
    name: &'static str,
    sets: &'static [&'static str],
    mode: ForceMode,
    level: LinkLevel,
    form: NetForm,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases: &[],
        sets,
        search: Search::Force(ForceSpec::new(mode, level, form)),
        class: Class::Force,
        measure: LengthMeasure::Inferences,
        graded: true,
        default_cap: None,
        summary,
        system: System::Force,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

pub(super) const fn assistant(
    name: &'static str,
    aliases: &'static [&'static str],
    sets: &'static [&'static str],
    find: fn(&StateView) -> Vec<Proof>,
    size: usize,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases,
        sets,
        search: Search::Assistant(FindAll(find, None)),
        class: Class::Assistant,
        measure: LengthMeasure::Size(size),
        graded: false,
        default_cap: None,
        summary,
        system: System::Assistant,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

pub(super) const fn hypothesis(
    name: &'static str,
    aliases: &'static [&'static str],
    mode: ForceMode,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases,
        sets: if mode.is_depth() {
            &["depths"]
        } else {
            &["hypotheses"]
        },
        search: Search::Hypothesis(mode),
        class: Class::Assistant,
        measure: LengthMeasure::Inferences,
        graded: true,
        default_cap: None,
        summary,
        system: System::Hypotheses,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

pub(super) const fn hodoku(
    name: &'static str,
    aliases: &'static [&'static str],
    rule: HodokuRule,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases,
        sets: match rule {
            HodokuRule::LockedSubset { .. } => &["hodoku-catalogue"],
            HodokuRule::SingleDigit(_) => &["single-digit", "hodoku-catalogue"],
            HodokuRule::WWing => &["hodoku-catalogue"],
            HodokuRule::EmptyRectangle { .. } => &["single-digit", "hodoku-catalogue"],
            HodokuRule::Template { .. } => &["templates", "hodoku-catalogue"],
            // never in a set the user did not name for them
            HodokuRule::Uniqueness(_) => &[UNIQUENESS_SET],
            HodokuRule::AlsOverlap(_) => &["als-overlap", "hodoku-catalogue"],
            HodokuRule::AlsNodeChains { .. } | HodokuRule::GroupedChains { .. } => {
                &["hodoku-catalogue"]
            }
            // HoDoKu's basic fish search is fast (about 1 ms a state): asked by default
            HodokuRule::Fish {
                shape: FishShape::Basic,
                ..
            } => &["hodoku-catalogue"],
            HodokuRule::Fish { .. } | HodokuRule::SiameseFish | HodokuRule::KrakenFish { .. } => {
                &[FISH_HODOKU_SET, "hodoku-catalogue"]
            }
        },
        search: Search::Hodoku(rule),
        class: Class::Extra,
        measure: LengthMeasure::Size(match rule {
            HodokuRule::AlsOverlap(AlsKind::Xz) => 2,
            HodokuRule::AlsOverlap(_) => 3,
            HodokuRule::AlsNodeChains { .. } | HodokuRule::GroupedChains { .. } => 2,
            HodokuRule::LockedSubset { size } => size as usize,
            HodokuRule::Fish { .. } | HodokuRule::SiameseFish | HodokuRule::KrakenFish { .. } => 7,
            _ => 1,
        }),
        graded: false,
        default_cap: None,
        summary,
        system: System::Hodoku,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

/// The set naming the chains on OR-k relations.
pub const ORK_SET: &str = "ork-chains";

/// A chain on the OR-k relations of the tridagons ([`crate::ork`]): graded by its
/// length as SudoRules counts it, by name only (in no rating scheme yet), listed with the
/// whips; on relations of at most `max_k` guardians.
pub(super) const fn ork(
    name: &'static str,
    aliases: &'static [&'static str],
    (kind, max_k, sources): (OrkKind, usize, crate::ork::Sources),
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases,
        sets: &[ORK_SET],
        search: Search::Ork(kind, max_k, sources),
        class: Class::Extra,
        measure: LengthMeasure::Variables,
        graded: true,
        default_cap: Some(crate::ork::MAX_LENGTH),
        summary,
        system: System::Whips,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

/// The set naming SudoRules' finned fish by size (by name only: the rating schemes of
/// Berthier's T&E(3) levels place them at their level; `finned-fish` and `sashimi-fish` find
/// them all at once).
pub const SFIN_SET: &str = "sudorules-finned-fish";

/// The set naming the trial techniques (by name only: see [`TechniqueId::by_name_only`]).
pub const TRIAL_SET: &str = "trial";
/// The techniques on eleven's Imp630 patterns (Berthier's Select lists): asked by name or by
/// a rating scheme, never by default (a few milliseconds a state for the patterns, more for
/// the chains on their relations; on a path, SudoRules' order decides which relations are
/// asserted: `search::asserted`).
pub const IMP630_SET: &str = "imp630";

pub(super) const fn trial(
    name: &'static str,
    aliases: &'static [&'static str],
    kind: TrialKind,
    default_cap: usize,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases,
        sets: &[TRIAL_SET],
        search: Search::Trial(kind),
        class: Class::Trial,
        measure: match kind {
            TrialKind::Te => LengthMeasure::Depth,
            TrialKind::BxB | TrialKind::BxBB => LengthMeasure::Variables,
        },
        graded: true,
        default_cap: Some(default_cap),
        summary,
        system: System::Trial,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

/// The set naming Sudoku Explainer's producers (by name only: SE's order and its hint per
/// state are SER's, `--rules ser`; these entries let `explain` and `solve` ask each alone).
pub const EXPLAINER_SET: &str = "sudoku-explainer";

/// One of Sudoku Explainer 1.2.1's producers as a technique: fixed size, by name only,
/// placed on our scale at its least difficulty (`rated`: SE's ER × 100, so SE's 7.1 sits
/// with our chains of length 7).
pub(super) const fn explainer(
    name: &'static str,
    producer: Producer,
    summary: &'static str,
) -> Technique {
    Technique {
        name,
        aliases: &[],
        sets: &[EXPLAINER_SET],
        search: Search::Ser(producer),
        class: Class::Explainer,
        measure: LengthMeasure::Size(1),
        graded: false,
        default_cap: None,
        summary,
        system: System::Explainer,
        difficulty: Difficulty {
            base: 0,
            per_length: 0,
        },
    }
}

/// A technique, by its place in [`REGISTRY`] (so ordering ids is the simplest-first order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TechniqueId(u8);

impl TechniqueId {
    /// Every technique, simplest first.
    pub fn all() -> impl Iterator<Item = TechniqueId> {
        (0..REGISTRY.len()).map(|i| TechniqueId(i as u8))
    }

    /// The registry entry.
    pub fn get(self) -> &'static Technique {
        &REGISTRY[self.0 as usize]
    }

    /// The position in the simplest-first order.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Where `explain` lists it.
    pub fn system(self) -> System {
        self.get().system
    }

    /// The difficulty of this technique's proofs of length `length` (fixed-size techniques
    /// whose proofs carry a size, such as grid analysis, use it too).
    pub fn difficulty(self, length: usize) -> u32 {
        self.get().difficulty.at(length)
    }

    /// The technique's name.
    pub fn name(self) -> &'static str {
        self.get().name
    }

    /// The technique found by `search`.
    pub fn of(search: Search) -> TechniqueId {
        TechniqueId::all()
            .find(|t| t.get().search == search)
            .expect("every search has a registry entry")
    }

    /// The technique called `name` (its name or an alias, any case).
    pub fn from_name(name: &str) -> Option<TechniqueId> {
        let low = name.trim().to_ascii_lowercase();
        TechniqueId::all().find(|t| {
            let e = t.get();
            e.name == low || e.aliases.contains(&low.as_str())
        })
    }

    /// Whether the technique can assert a value (a placement), not only eliminate: the
    /// singles, the force chains and nets in cell and house mode (their verities), the
    /// two-way bivalue hypothesis and the ORk-forcing-whips (their `-assert` form). Hanson's disproofs and depth, chains, whips, tagging and
    /// the other rules only eliminate: a placement they explain is a composite of
    /// eliminations.
    pub fn may_place(self) -> bool {
        match self.get().search {
            Search::Basic(b) => matches!(b, BasicRule::NakedSingle | BasicRule::HiddenSingle),
            Search::Force(spec) => spec.mode != ForceMode::Contradiction,
            Search::Hypothesis(mode) => mode == ForceMode::Bivalue,
            Search::Chain(_)
            | Search::Whip(_)
            | Search::Assistant(_)
            | Search::Tagging(_)
            | Search::Hodoku(HodokuRule::LockedSubset { .. })
            | Search::Hodoku(HodokuRule::SingleDigit(_))
            | Search::Hodoku(HodokuRule::WWing)
            | Search::Hodoku(HodokuRule::EmptyRectangle { .. })
            | Search::Hodoku(HodokuRule::Uniqueness(_))
            | Search::Hodoku(HodokuRule::AlsOverlap(_))
            | Search::Hodoku(HodokuRule::AlsNodeChains { .. })
            | Search::Hodoku(HodokuRule::GroupedChains { .. })
            | Search::Hodoku(HodokuRule::Fish { .. })
            | Search::Hodoku(HodokuRule::SiameseFish)
            | Search::Hodoku(HodokuRule::KrakenFish { .. })
            | Search::Imp630(_)
            | Search::Trial(_) => false,
            // the ORk-forcing-whips whose branches all end on one candidate (`-assert`)
            Search::Ork(kind, ..) => kind.is_forcing(),
            Search::Hodoku(HodokuRule::Template { set }) => set,
            // SE's singles, and its multiple and dynamic forcing chains (cell and region
            // chains conclude a value)
            Search::Ser(p) => matches!(
                p,
                Producer::HiddenSingle | Producer::NakedSingle | Producer::Chaining(_)
            ),
        }
    }

    /// A uniqueness rule (the `uniqueness` set): it assumes the puzzle has one solution.
    pub fn assumes_uniqueness(self) -> bool {
        self.get().sets.contains(&UNIQUENESS_SET)
            || matches!(
                self.get().search,
                Search::Ser(Producer::UniqueLoops | Producer::Bug)
            )
    }

    /// Asked only by name, never in a default (`explain`'s default families): the
    /// uniqueness rules (they assume one solution), trial and error (the set `trial`: a
    /// procedure, not a pattern; T&E(2) and T&E(3) passes take tens of milliseconds to
    /// seconds) and the Imp630 techniques (the set `imp630`, see [`IMP630_SET`]). HoDoKu's generalised fish (the set `fish-hodoku`) are asked by default
    /// since their searches take under 2 ms a state (medians, PERFORMANCE.md).
    pub fn by_name_only(self) -> bool {
        let sets = self.get().sets;
        self.assumes_uniqueness()
            || sets.contains(&TRIAL_SET)
            || sets.contains(&EXPLAINER_SET)
            || sets.contains(&IMP630_SET)
            || sets.contains(&SFIN_SET)
    }

    /// A fixed-size technique (tried once) rather than one searched by length.
    pub fn is_fixed_size(self) -> bool {
        matches!(self.get().measure, LengthMeasure::Size(_))
    }

    /// Whether every proof of `other` of length n is also a proof of this technique of
    /// length ≤ n, as Berthier defines them: braids contain whips, and whips contain every
    /// chain family of [Berthier NRC], [Berthier 3D] (2D and 3D chains and lassos, one CSP
    /// variable per
    /// cell: [Berthier 3D], "nrczt-chains and lassos have been subsumed by whips"). A study may
    /// skip `other` for a target where this technique's search proves that no proof exists
    /// ([`TargetAnswer::proven_none`]: only an exhaustive search does, today the whips'
    /// exact search; a merged search's "none" is not proof).
    pub fn contains_family(self, other: TechniqueId) -> bool {
        use WhipKind::{Braid, Whip};
        matches!(
            (self.get().search, other.get().search),
            (Search::Whip(Braid), Search::Whip(Whip))
                | (Search::Whip(Braid | Whip), Search::Chain(_))
        )
    }

    /// In the basic rules of L4_0 (the set `basic`).
    pub fn is_basic(self) -> bool {
        self.get().sets.contains(&"basic")
    }

    /// The longest length to search when a caller allows `max_len` and, for the g-forms,
    /// `cap` (None: the technique's default cap).
    pub fn length_bound(self, max_len: usize, cap: Option<usize>) -> usize {
        match (self.get().default_cap, cap) {
            // `cap` is the g-forms' option; a trial's depth keeps its own bound
            (Some(_), Some(c)) if self.get().class != Class::Trial => c,
            (Some(d), _) => d.min(max_len),
            (None, _) => max_len,
        }
    }

    /// This technique at length `n` (fixed-size techniques keep their size).
    pub fn rule(self, n: usize) -> Rule {
        let length = match self.get().measure {
            LengthMeasure::Size(s) => s,
            _ => n,
        };
        Rule {
            technique: self,
            length,
        }
    }

    /// The technique called exactly `name`, a registry name as [`Proof::technique`] records
    /// it (no alias, no case folding).
    fn by_registry_name(name: &str) -> Option<TechniqueId> {
        TechniqueId::all().find(|t| t.name() == name)
    }

    /// The technique whose search made `proof`: recorded by the [`Searcher`] when it returned
    /// the proof (a composite placement records its hardest part's). A proof made by calling
    /// a search routine directly records none; it is taken as the hardest technique (and is
    /// a bug in debug builds), so it is never ranked simpler than it is.
    pub fn of_proof(proof: &Proof) -> TechniqueId {
        let found = proof
            .technique
            .as_deref()
            .and_then(TechniqueId::by_registry_name);
        debug_assert!(
            found.is_some(),
            "proof {} was not made through the registry's searcher",
            proof.rule
        );
        found.unwrap_or_else(|| {
            TechniqueId::all()
                .last()
                .expect("the registry is not empty")
        })
    }
}

impl fmt::Display for TechniqueId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a proof is on sudolink's one difficulty scale (see [`Difficulty`]): its
/// technique's difficulty at its length, and a composite placement's hardest part's.
/// Every ranking of proofs reads this function — `explain`'s simplest proof and its `--all`
/// list, `solve`'s most complex rule, `rate`'s hardest rule and the explorer — through
/// [`rank`].
pub fn difficulty(proof: &Proof) -> u32 {
    if let sudolink_engine::proof::Pattern::Composite(c) = &proof.pattern {
        return c.parts.iter().map(difficulty).max().unwrap_or(0);
    }
    TechniqueId::of_proof(proof).difficulty(proof.length)
}

/// The order of proofs from simplest to hardest: difficulty, then the technique's place in
/// the registry (so of two equally hard proofs the one of the earlier technique is simpler).
pub fn rank(proof: &Proof) -> (u32, TechniqueId) {
    (difficulty(proof), TechniqueId::of_proof(proof))
}

/// The difficulty scale as a Markdown table, one row per technique in registry order
/// (the README prints it; `sudolink techniques` too).
pub fn difficulty_table() -> String {
    let mut out = String::from(
        "| technique | system | sets | difficulty | what it is |\n|---|---|---|---|---|\n",
    );
    for t in TechniqueId::all() {
        let e = t.get();
        let d = e.difficulty;
        let scale = match (e.measure, d.per_length) {
            (_, 0) => d.base.to_string(),
            (LengthMeasure::Size(_), p) => format!("{} + {p} × size", d.base),
            (LengthMeasure::Inferences, p) => format!("{} + {p} × inferences", d.base),
            (LengthMeasure::Variables, p) => format!("{} + {p} × variables", d.base),
            (LengthMeasure::Cells, p) => format!("{} + {p} × length", d.base),
            (LengthMeasure::Depth, p) => format!("{} + {p} × depth", d.base),
        };
        out.push_str(&format!(
            "| {} | {} | {} | {scale} | {} |\n",
            e.name,
            e.system.title(),
            e.sets.join(", "),
            e.summary.replace('|', "/"),
        ));
    }
    out
}

/// The length a proof grades a puzzle with: its length for graded techniques (chains,
/// whips), 0 for the others.
pub fn graded_length(proof: &Proof) -> usize {
    if TechniqueId::of_proof(proof).get().graded {
        proof.length
    } else {
        0
    }
}
