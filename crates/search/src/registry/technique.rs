//! What a technique is: its entry ([`Technique`]), the search that finds it ([`Search`]),
//! its identity ([`TechniqueId`], its place in the registry), and the one simplest-first
//! scale every ordering of rules and proofs reads ([`Place`]).

use super::*;

/// What a proof's own length counts (the unit of its rule's name: `nrc4`, `whip[4]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LengthMeasure {
    /// A pattern with a size of its own (pairs 2, swordfish 3, an ALS's cells) or none.
    Size,
    /// Chain cells: for 2D chains the number of cells, for 3D chains and lassos the number
    /// of (L, R) pairs ([Berthier NRC]): either way the CSP variables of the chain.
    Cells,
    /// CSP variables of a whip or braid (SudoRules' `whip[n]`).
    Variables,
    /// Inferences of a force chain or net, over all its branches.
    Inferences,
    /// The depth n of trial and error T&E(BRT, n) ([Berthier CRT]), or the braid length p
    /// of T&E(B_p, n).
    Depth,
}

/// Which search finds a technique's instances. The one place that dispatches on it is
/// the [`Searcher`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Search {
    Basic(BasicRule),
    /// SudoRules' Subsets of size n ([CSP-Rules]: naked, hidden and super-hidden subsets —
    /// the fish of rows against columns), as one rule at level n.
    Subsets,
    Chain(ChainFamily),
    Whip(WhipKind),
    /// SudoRules' typed whips: whips within one CSP variable type (`whips::typed_batch_within`).
    TypedWhip,
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
    /// In no scheme of its own (by name, or placed by a scheme's own list).
    Extra,
}

/// The system a technique comes from: `explain` groups its rows by it, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum System {
    /// The basic rules: singles, interactions, subsets, fish, wings ([Berthier NRC]'s L4_0 and
    /// the larger fish).
    Basic,
    /// Berthier's chains of [Berthier NRC], [Berthier 3D]: 2D chains, nrc(z)(t) chains and lassos.
    Chains,
    /// Whips, braids and their g-forms as SudoRules builds them, and SudoRules' patterns.
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

/// Why a technique is asked only by name, never in a default (`explain`'s techniques): the
/// groups `explain` names when it leaves them out, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NameOnly {
    /// Trial and error (the set `trial`): a procedure, not a pattern; T&E(2) and T&E(3)
    /// passes take tens of milliseconds to seconds.
    Trial,
    /// SudoRules' Subsets and finned fish by size (the level schemes of Berthier's T&E(3)
    /// puzzles and the Subsets schemes place them at their level; the basic rules and
    /// `finned-fish` find the same patterns), and its typed whips (whips restricted to one
    /// CSP variable type, the TyW scheme's) and forcing whips (on a CSP variable's two or
    /// three candidates: the FW, F3W and FgW schemes').
    SudoRules,
    /// eleven's Imp630 patterns and their chains ([`IMP630_SET`]).
    Imp630,
    /// The uniqueness rules: they assume the puzzle has one solution.
    Uniqueness,
    /// Sudoku Explainer's producers: SE's own rating asks them, in SE's order (`ser`).
    Explainer,
}

impl NameOnly {
    /// Every group, in the order `explain` names them.
    pub const ALL: [NameOnly; 5] = [
        NameOnly::Trial,
        NameOnly::SudoRules,
        NameOnly::Imp630,
        NameOnly::Uniqueness,
        NameOnly::Explainer,
    ];

    /// What `explain` says it left out: `te, bxb, bxbb (trial and error)`, `SudoRules'
    /// Subsets and finned fish by size (sudorules-subsets, sudorules-finned-fish)`, given the
    /// techniques of the group left out.
    pub fn left_out(self, names: &[&str]) -> String {
        match self {
            NameOnly::Trial => format!("{} (trial and error)", names.join(", ")),
            NameOnly::SudoRules => {
                format!("SudoRules' Subsets and finned fish by size ({SUBSETS_SET}, {SFIN_SET})")
            }
            NameOnly::Imp630 => {
                format!("eleven's Imp630 patterns and their chains ({IMP630_SET})")
            }
            NameOnly::Uniqueness => "the uniqueness rules (--uniqueness)".to_string(),
            NameOnly::Explainer => format!("Sudoku Explainer's producers ({EXPLAINER_SET})"),
        }
    }
}

/// Where a technique's proofs stand on the one simplest-first scale ([`Place`]).
///
/// The scale is Berthier's: a technique at a length, the length counting the CSP variables
/// a proof uses ([Berthier NRC], [Berthier CRT]). Chains and whips count their CSP
/// variables; a pattern of fixed size stands at its size (a skyscraper's two conjugate
/// pairs at 2, a W-wing at 3, fish at their size), and SudoRules' patterns at the level its
/// saliences give them (the tridagon rules at 3, [CSP-Rules]). What has no CSP length of its
/// own is placed by an equivalent length drawn from its structure: force chains and nets,
/// hypotheses and tagging by their inferences (every elimination and every forced value of
/// every branch: at least one per CSP variable they make true, so never fewer than the
/// variables a whip or braid for the same conclusion would use), an AIC by its strong links
/// (an ALS link by its cells), Medusa by its coloured candidates, an ALS rule by its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// One of Berthier's basic rules (L4_0, the set `basic`), at its size: before every other
    /// technique, as every rule set that holds them applies them first (the L, M, N
    /// classification counts them as level 0).
    Basic(usize),
    /// Every proof at this level.
    At(usize),
    /// Searched length by length: a proof's length is its level.
    Searched,
    /// Found whole; each proof at its own length on the scale ([`length_on_scale`]).
    Found,
    /// After every pattern of any length, before trial and error: HoDoKu's templates (every
    /// placement of a digit tried, no pattern of bounded size).
    Beyond,
    /// Berthier's trial and error: T&E(BRT, n) at depth n (`over` None), T&E(B_p, d) between
    /// T&E(d) and T&E(d + 1), by p (`over` Some(d)).
    Trial { over: Option<u8> },
    /// Sudoku Explainer's producers: SE rates on its own scale (ER), so they stand after
    /// every other technique, in SE's order.
    Explainer,
}

/// The stages of the scale, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    Basic,
    Pattern,
    Beyond,
    /// Trial and error within T&E(d) and before T&E(d + 1).
    Trial(u8),
    Explainer,
}

/// A place on the one simplest-first scale: the stage, the level within it (the length on
/// the scale), then the technique's place in [`REGISTRY`]. Every order of rules and of
/// proofs reads it: `solve`'s rule lists and its most complex rule, `explain`'s simplest
/// proof and its `--all` order, `rate`'s hardest step, the explorer and `techniques`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    pub stage: Stage,
    pub level: usize,
    pub technique: TechniqueId,
}

impl Place {
    /// The place of `technique`'s rule at `length` (its level for the techniques searched
    /// or found by length).
    pub fn of_rule(technique: TechniqueId, length: usize) -> Place {
        let (stage, level) = match technique.get().level {
            Level::Basic(size) => (Stage::Basic, size),
            Level::At(n) => (Stage::Pattern, n),
            Level::Searched | Level::Found => (Stage::Pattern, length),
            Level::Beyond => (Stage::Beyond, 0),
            Level::Trial { over: None } => (Stage::Trial(length.min(u8::MAX as usize) as u8), 0),
            Level::Trial { over: Some(d) } => (Stage::Trial(d), length),
            Level::Explainer => (Stage::Explainer, 0),
        };
        Place {
            stage,
            level,
            technique,
        }
    }
}

/// One technique: a line of the [`REGISTRY`], built by its system's constructor
/// (`registry::systems`) and the named setters below.
#[derive(Clone, Copy, Debug)]
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
    /// What its proofs' own length counts.
    pub measure: LengthMeasure,
    /// Where its proofs stand on the scale.
    pub level: Level,
    /// Whether its length grades a puzzle (the level of `solve`, a rating).
    pub graded: bool,
    /// The longest length searched unless the user asks for more (`--g-max-len`): the
    /// g-forms' searches grow fastest with length.
    pub default_cap: Option<usize>,
    /// Whether it can assert a value (a placement), not only eliminate.
    pub places: bool,
    /// Whether it assumes that the puzzle has one solution.
    pub assumes_uniqueness: bool,
    /// Asked only by name, and why (None: asked by default).
    pub name_only: Option<NameOnly>,
    /// HoDoKu's step score in its default configuration, where HoDoKu has the step at one
    /// score ([hobiwan HoDoKu]: hidden single 14, x-wing 140, ALS-XZ 300): HoDoKu's data,
    /// for HoDoKu's own rating; sudolink's order is the [`Place`].
    pub hodoku_score: Option<u32>,
    /// One line for `--help` and listings.
    pub summary: &'static str,
    /// Where `explain` lists it.
    pub system: System,
}

impl Technique {
    /// A technique of `system` found by `search`, searched length by length when `level` is
    /// [`Level::Searched`]; the setters give the rest.
    pub(super) const fn new(
        name: &'static str,
        search: Search,
        system: System,
        level: Level,
    ) -> Technique {
        Technique {
            name,
            aliases: &[],
            sets: &[],
            search,
            class: Class::Extra,
            measure: LengthMeasure::Size,
            level,
            graded: false,
            default_cap: None,
            places: false,
            assumes_uniqueness: false,
            name_only: None,
            hodoku_score: None,
            summary: "",
            system,
        }
    }

    /// Other names it answers to.
    pub(super) const fn aka(mut self, aliases: &'static [&'static str]) -> Technique {
        self.aliases = aliases;
        self
    }

    /// The sets that name it.
    pub(super) const fn sets(mut self, sets: &'static [&'static str]) -> Technique {
        self.sets = sets;
        self
    }

    /// Its one line of description.
    pub(super) const fn says(mut self, summary: &'static str) -> Technique {
        self.summary = summary;
        self
    }

    /// Its rating class.
    pub(super) const fn class(mut self, class: Class) -> Technique {
        self.class = class;
        self
    }

    /// Every proof at level `n` on the scale.
    pub(super) const fn at(mut self, n: usize) -> Technique {
        self.level = Level::At(n);
        self
    }

    /// HoDoKu's step score for it.
    pub(super) const fn hodoku(mut self, score: u32) -> Technique {
        self.hodoku_score = Some(score);
        self
    }

    /// It can place a value.
    pub(super) const fn places(mut self) -> Technique {
        self.places = true;
        self
    }

    /// It assumes one solution.
    pub(super) const fn assumes_uniqueness(mut self) -> Technique {
        self.assumes_uniqueness = true;
        self
    }

    /// Asked only by name, in `group`.
    pub(super) const fn by_name(mut self, group: NameOnly) -> Technique {
        self.name_only = Some(group);
        self
    }

    /// Searched up to `n` unless asked for more.
    pub(super) const fn cap(mut self, n: usize) -> Technique {
        self.default_cap = Some(n);
        self
    }

    /// An Assistant technique whose first instance `first` finds alone (the first of its
    /// `find`'s, found with less work).
    pub(super) const fn first_by(mut self, first: fn(&StateView) -> Option<Proof>) -> Technique {
        if let Search::Assistant(FindAll(find, _)) = self.search {
            self.search = Search::Assistant(FindAll(find, Some(first)));
        }
        self
    }
}

/// The set naming the basic rules.
pub const BASIC_SET: &str = "basic";
/// The set naming the chains on OR-k relations.
pub const ORK_SET: &str = "ork-chains";
/// The set of SudoRules' forcing whips on CSP variables (`forcing-whip`, `forcing3-whip`,
/// `forcing-g-whip`).
pub const FORCING_SET: &str = "forcing-whips";
/// The set naming SudoRules' finned fish by size (by name only: the rating schemes of
/// Berthier's T&E(3) levels place them at their level; `finned-fish` and `sashimi-fish` find
/// them all at once).
pub const SFIN_SET: &str = "sudorules-finned-fish";
/// The set naming SudoRules' Subsets by size (by name only: the Trid-OR5W schemes place them
/// at their size; the basic rules find the same patterns first).
pub const SUBSETS_SET: &str = "sudorules-subsets";
/// The set naming the trial techniques (by name only: see [`NameOnly::Trial`]).
pub const TRIAL_SET: &str = "trial";
/// The techniques on eleven's Imp630 patterns (Berthier's Select lists): asked by name or by
/// a rating scheme, never by default (a few milliseconds a state for the patterns, more for
/// the chains on their relations; on a path, SudoRules' order decides which relations are
/// asserted: `search::asserted`).
pub const IMP630_SET: &str = "imp630";
/// The set naming Sudoku Explainer's producers (by name only: SE's order and its hint per
/// state are SER's, `--rules ser`; these entries let `explain` and `solve` ask each alone).
pub const EXPLAINER_SET: &str = "sudoku-explainer";

/// A technique, by its place in [`REGISTRY`] (so ordering ids is the registry's order, the
/// scale's order among techniques at one level).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TechniqueId(u8);

impl TechniqueId {
    /// Every technique, in the registry's order.
    pub fn all() -> impl Iterator<Item = TechniqueId> {
        (0..REGISTRY.len()).map(|i| TechniqueId(i as u8))
    }

    /// The registry entry.
    pub fn get(self) -> &'static Technique {
        &REGISTRY[self.0 as usize]
    }

    /// The position in the registry.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Where `explain` lists it.
    pub fn system(self) -> System {
        self.get().system
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
    /// two-way bivalue hypothesis, the ORk-forcing-whips (their `-assert` form), template
    /// set and SE's singles and multiple and dynamic forcing chains. The others only
    /// eliminate: a placement they explain is a composite of eliminations.
    pub fn may_place(self) -> bool {
        self.get().places
    }

    /// A uniqueness rule: it assumes the puzzle has one solution.
    pub fn assumes_uniqueness(self) -> bool {
        self.get().assumes_uniqueness
    }

    /// Asked only by name, never in a default (`explain`'s default techniques), and why
    /// ([`NameOnly`]). HoDoKu's generalised fish (the set `fish-hodoku`) are asked by
    /// default since their searches take under 2 ms a state (medians, PERFORMANCE.md).
    pub fn by_name_only(self) -> bool {
        self.get().name_only.is_some()
    }

    /// A technique found whole on a state (every instance at once) rather than searched
    /// length by length.
    pub fn is_fixed_size(self) -> bool {
        !matches!(self.get().level, Level::Searched | Level::Trial { .. })
    }

    /// A technique found whole whose proofs stand at their own lengths ([`Level::Found`]).
    pub fn has_levels(self) -> bool {
        self.get().level == Level::Found
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
        matches!(self.get().level, Level::Basic(_))
    }

    /// The longest length to search when a caller allows `max_len` and, for the g-forms,
    /// `cap` (None: the technique's default cap).
    pub fn length_bound(self, max_len: usize, cap: Option<usize>) -> usize {
        match (self.get().default_cap, cap) {
            // `cap` is the g-forms' option; a trial's depth keeps its own bound
            (Some(_), Some(c)) if self.get().system != System::Trial => c,
            (Some(d), _) => d.min(max_len),
            (None, _) => max_len,
        }
    }

    /// This technique at length `n`: its level for the techniques with one level, `n` for
    /// those searched or found by length.
    pub fn rule(self, n: usize) -> Rule {
        let length = match self.get().level {
            Level::Basic(size) | Level::At(size) => size,
            Level::Beyond | Level::Explainer => 0,
            Level::Searched | Level::Found | Level::Trial { .. } => n,
        };
        Rule {
            technique: self,
            length,
        }
    }

    /// Every instance of this technique found whole on a state, whatever its length (a
    /// technique searched by length has no such rule: its rule at length 0).
    pub fn whole(self) -> Rule {
        match self.get().level {
            Level::Found => Rule {
                technique: self,
                length: 0,
            },
            _ => self.rule(0),
        }
    }

    /// The rules of this technique up to length `max_len` (its cap within `max_len` for
    /// those searched by length), in the scale's order: one for the techniques with one
    /// level (none when the level is above `max_len`), one per length 1..=bound for those
    /// searched or found by length.
    pub fn rules_up_to(self, max_len: usize, cap: Option<usize>) -> Vec<Rule> {
        match self.get().level {
            Level::At(n) if n > max_len => Vec::new(),
            Level::Basic(_) | Level::At(_) | Level::Beyond | Level::Explainer => {
                vec![self.rule(0)]
            }
            Level::Found => (1..=max_len).map(|n| self.rule(n)).collect(),
            Level::Searched | Level::Trial { .. } => (1..=self.length_bound(max_len, cap))
                .map(|n| self.rule(n))
                .collect(),
        }
    }

    /// The technique called exactly `name`, a registry name as [`Proof::technique`] records
    /// it (no alias, no case folding).
    fn by_registry_name(name: &str) -> Option<TechniqueId> {
        TechniqueId::all().find(|t| t.name() == name)
    }

    /// The technique whose search made `proof`: recorded by the [`Searcher`] when it returned
    /// the proof (a composite placement records its hardest part's). A proof made by calling
    /// a search routine directly records none; it is taken as the last technique (and is
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
