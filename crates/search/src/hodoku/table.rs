//! HoDoKu 2.2's step types and its default solver configuration, as data ([hobiwan HoDoKu]:
//! `SolutionType`, and `Options.DEFAULT_SOLVER_STEPS` and `DEFAULT_DIFFICULTY_LEVELS`):
//! each step's place in the solver's order (its index: lower is tried first), its
//! difficulty level, its score and whether the default configuration enables it; and each
//! level's maximal score.

/// A step type of HoDoKu (its `SolutionType`): the name it prints and its short name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Full House (`fh`)
    FullHouse,
    /// Hidden Single (`h1`)
    HiddenSingle,
    /// Hidden Pair (`h2`)
    HiddenPair,
    /// Hidden Triple (`h3`)
    HiddenTriple,
    /// Hidden Quadruple (`h4`)
    HiddenQuadruple,
    /// Naked Single (`n1`)
    NakedSingle,
    /// Naked Pair (`n2`)
    NakedPair,
    /// Naked Triple (`n3`)
    NakedTriple,
    /// Naked Quadruple (`n4`)
    NakedQuadruple,
    /// Locked Pair (`l2`)
    LockedPair,
    /// Locked Triple (`l3`)
    LockedTriple,
    /// Locked Candidates (`lc`)
    LockedCandidates,
    /// Locked Candidates Type 1 (Pointing) (`lc1`)
    LockedCandidates1,
    /// Locked Candidates Type 2 (Claiming) (`lc2`)
    LockedCandidates2,
    /// Skyscraper (`sk`)
    Skyscraper,
    /// 2-String Kite (`2sk`)
    TwoStringKite,
    /// Uniqueness Test 1 (`u1`)
    Uniqueness1,
    /// Uniqueness Test 2 (`u2`)
    Uniqueness2,
    /// Uniqueness Test 3 (`u3`)
    Uniqueness3,
    /// Uniqueness Test 4 (`u4`)
    Uniqueness4,
    /// Uniqueness Test 5 (`u5`)
    Uniqueness5,
    /// Uniqueness Test 6 (`u6`)
    Uniqueness6,
    /// Bivalue Universal Grave + 1 (`bug1`)
    BugPlus1,
    /// XY-Wing (`xy`)
    XyWing,
    /// XYZ-Wing (`xyz`)
    XyzWing,
    /// W-Wing (`w`)
    WWing,
    /// X-Chain (`x`)
    XChain,
    /// XY-Chain (`xyc`)
    XyChain,
    /// Remote Pair (`rp`)
    RemotePair,
    /// Nice Loop/AIC (`nl`)
    NiceLoop,
    /// Continuous Nice Loop (`cnl`)
    ContinuousNiceLoop,
    /// Discontinuous Nice Loop (`dnl`)
    DiscontinuousNiceLoop,
    /// X-Wing (`bf2`)
    XWing,
    /// Swordfish (`bf3`)
    Swordfish,
    /// Jellyfish (`bf4`)
    Jellyfish,
    /// Squirmbag (`bf5`)
    Squirmbag,
    /// Whale (`bf6`)
    Whale,
    /// Leviathan (`bf7`)
    Leviathan,
    /// Finned X-Wing (`fbf2`)
    FinnedXWing,
    /// Finned Swordfish (`fbf3`)
    FinnedSwordfish,
    /// Finned Jellyfish (`fbf4`)
    FinnedJellyfish,
    /// Finned Squirmbag (`fbf5`)
    FinnedSquirmbag,
    /// Finned Whale (`fbf6`)
    FinnedWhale,
    /// Finned Leviathan (`fbf7`)
    FinnedLeviathan,
    /// Sashimi X-Wing (`sbf2`)
    SashimiXWing,
    /// Sashimi Swordfish (`sbf3`)
    SashimiSwordfish,
    /// Sashimi Jellyfish (`sbf4`)
    SashimiJellyfish,
    /// Sashimi Squirmbag (`sbf5`)
    SashimiSquirmbag,
    /// Sashimi Whale (`sbf6`)
    SashimiWhale,
    /// Sashimi Leviathan (`sbf7`)
    SashimiLeviathan,
    /// Franken X-Wing (`ff2`)
    FrankenXWing,
    /// Franken Swordfish (`ff3`)
    FrankenSwordfish,
    /// Franken Jellyfish (`ff4`)
    FrankenJellyfish,
    /// Franken Squirmbag (`ff5`)
    FrankenSquirmbag,
    /// Franken Whale (`ff6`)
    FrankenWhale,
    /// Franken Leviathan (`ff7`)
    FrankenLeviathan,
    /// Finned Franken X-Wing (`fff2`)
    FinnedFrankenXWing,
    /// Finned Franken Swordfish (`fff3`)
    FinnedFrankenSwordfish,
    /// Finned Franken Jellyfish (`fff4`)
    FinnedFrankenJellyfish,
    /// Finned Franken Squirmbag (`fff5`)
    FinnedFrankenSquirmbag,
    /// Finned Franken Whale (`fff6`)
    FinnedFrankenWhale,
    /// Finned Franken Leviathan (`fff7`)
    FinnedFrankenLeviathan,
    /// Mutant X-Wing (`mf2`)
    MutantXWing,
    /// Mutant Swordfish (`mf3`)
    MutantSwordfish,
    /// Mutant Jellyfish (`mf4`)
    MutantJellyfish,
    /// Mutant Squirmbag (`mf5`)
    MutantSquirmbag,
    /// Mutant Whale (`mf6`)
    MutantWhale,
    /// Mutant Leviathan (`mf7`)
    MutantLeviathan,
    /// Finned Mutant X-Wing (`fmf2`)
    FinnedMutantXWing,
    /// Finned Mutant Swordfish (`fmf3`)
    FinnedMutantSwordfish,
    /// Finned Mutant Jellyfish (`fmf4`)
    FinnedMutantJellyfish,
    /// Finned Mutant Squirmbag (`fmf5`)
    FinnedMutantSquirmbag,
    /// Finned Mutant Whale (`fmf6`)
    FinnedMutantWhale,
    /// Finned Mutant Leviathan (`fmf7`)
    FinnedMutantLeviathan,
    /// Sue de Coq (`sdc`)
    SueDeCoq,
    /// Almost Locked Set XZ-Rule (`axz`)
    AlsXz,
    /// Almost Locked Set XY-Wing (`axy`)
    AlsXyWing,
    /// Almost Locked Set Chain (`ach`)
    AlsXyChain,
    /// Death Blossom (`db`)
    DeathBlossom,
    /// Template Set (`ts`)
    TemplateSet,
    /// Template Delete (`td`)
    TemplateDel,
    /// Forcing Chain (`fc`)
    ForcingChain,
    /// Forcing Chain Contradiction (`fcc`)
    ForcingChainContradiction,
    /// Forcing Chain Verity (`fcv`)
    ForcingChainVerity,
    /// Forcing Net (`fn`)
    ForcingNet,
    /// Forcing Net Contradiction (`fnc`)
    ForcingNetContradiction,
    /// Forcing Net Verity (`fnv`)
    ForcingNetVerity,
    /// Brute Force (`bf`)
    BruteForce,
    /// Incomplete Solution! (`in`)
    Incomplete,
    /// Give Up (`gu`)
    GiveUp,
    /// Grouped Nice Loop/AIC (`gnl`)
    GroupedNiceLoop,
    /// Grouped Continuous Nice Loop (`gcnl`)
    GroupedContinuousNiceLoop,
    /// Grouped Discontinuous Nice Loop (`gdnl`)
    GroupedDiscontinuousNiceLoop,
    /// Empty Rectangle (`er`)
    EmptyRectangle,
    /// Hidden Rectangle (`hr`)
    HiddenRectangle,
    /// Avoidable Rectangle Type 1 (`ar1`)
    AvoidableRectangle1,
    /// Avoidable Rectangle Type 2 (`ar2`)
    AvoidableRectangle2,
    /// AIC (`aic`)
    Aic,
    /// Grouped AIC (`gaic`)
    GroupedAic,
    /// Simple Colors (`sc`)
    SimpleColors,
    /// Multi Colors (`mc`)
    MultiColors,
    /// Kraken Fish (`kf`)
    KrakenFish,
    /// Turbot Fish (`tf`)
    TurbotFish,
    /// Kraken Fish Type 1 (`kf1`)
    KrakenFishType1,
    /// Kraken Fish Type 2 (`kf2`)
    KrakenFishType2,
    /// Dual 2-String Kite (`d2sk`)
    DualTwoStringKite,
    /// Dual Empty Rectangle (`der`)
    DualEmptyRectangle,
    /// Simple Colors Trap (`sc1`)
    SimpleColorsTrap,
    /// Simple Colors Wrap (`sc2`)
    SimpleColorsWrap,
    /// Multi Colors 1 (`mc1`)
    MultiColors1,
    /// Multi Colors 2 (`mc2`)
    MultiColors2,
}
impl Kind {
    /// Every step type, in HoDoKu's declaration order.
    pub const ALL: [Kind; 111] = [
        Kind::FullHouse,
        Kind::HiddenSingle,
        Kind::HiddenPair,
        Kind::HiddenTriple,
        Kind::HiddenQuadruple,
        Kind::NakedSingle,
        Kind::NakedPair,
        Kind::NakedTriple,
        Kind::NakedQuadruple,
        Kind::LockedPair,
        Kind::LockedTriple,
        Kind::LockedCandidates,
        Kind::LockedCandidates1,
        Kind::LockedCandidates2,
        Kind::Skyscraper,
        Kind::TwoStringKite,
        Kind::Uniqueness1,
        Kind::Uniqueness2,
        Kind::Uniqueness3,
        Kind::Uniqueness4,
        Kind::Uniqueness5,
        Kind::Uniqueness6,
        Kind::BugPlus1,
        Kind::XyWing,
        Kind::XyzWing,
        Kind::WWing,
        Kind::XChain,
        Kind::XyChain,
        Kind::RemotePair,
        Kind::NiceLoop,
        Kind::ContinuousNiceLoop,
        Kind::DiscontinuousNiceLoop,
        Kind::XWing,
        Kind::Swordfish,
        Kind::Jellyfish,
        Kind::Squirmbag,
        Kind::Whale,
        Kind::Leviathan,
        Kind::FinnedXWing,
        Kind::FinnedSwordfish,
        Kind::FinnedJellyfish,
        Kind::FinnedSquirmbag,
        Kind::FinnedWhale,
        Kind::FinnedLeviathan,
        Kind::SashimiXWing,
        Kind::SashimiSwordfish,
        Kind::SashimiJellyfish,
        Kind::SashimiSquirmbag,
        Kind::SashimiWhale,
        Kind::SashimiLeviathan,
        Kind::FrankenXWing,
        Kind::FrankenSwordfish,
        Kind::FrankenJellyfish,
        Kind::FrankenSquirmbag,
        Kind::FrankenWhale,
        Kind::FrankenLeviathan,
        Kind::FinnedFrankenXWing,
        Kind::FinnedFrankenSwordfish,
        Kind::FinnedFrankenJellyfish,
        Kind::FinnedFrankenSquirmbag,
        Kind::FinnedFrankenWhale,
        Kind::FinnedFrankenLeviathan,
        Kind::MutantXWing,
        Kind::MutantSwordfish,
        Kind::MutantJellyfish,
        Kind::MutantSquirmbag,
        Kind::MutantWhale,
        Kind::MutantLeviathan,
        Kind::FinnedMutantXWing,
        Kind::FinnedMutantSwordfish,
        Kind::FinnedMutantJellyfish,
        Kind::FinnedMutantSquirmbag,
        Kind::FinnedMutantWhale,
        Kind::FinnedMutantLeviathan,
        Kind::SueDeCoq,
        Kind::AlsXz,
        Kind::AlsXyWing,
        Kind::AlsXyChain,
        Kind::DeathBlossom,
        Kind::TemplateSet,
        Kind::TemplateDel,
        Kind::ForcingChain,
        Kind::ForcingChainContradiction,
        Kind::ForcingChainVerity,
        Kind::ForcingNet,
        Kind::ForcingNetContradiction,
        Kind::ForcingNetVerity,
        Kind::BruteForce,
        Kind::Incomplete,
        Kind::GiveUp,
        Kind::GroupedNiceLoop,
        Kind::GroupedContinuousNiceLoop,
        Kind::GroupedDiscontinuousNiceLoop,
        Kind::EmptyRectangle,
        Kind::HiddenRectangle,
        Kind::AvoidableRectangle1,
        Kind::AvoidableRectangle2,
        Kind::Aic,
        Kind::GroupedAic,
        Kind::SimpleColors,
        Kind::MultiColors,
        Kind::KrakenFish,
        Kind::TurbotFish,
        Kind::KrakenFishType1,
        Kind::KrakenFishType2,
        Kind::DualTwoStringKite,
        Kind::DualEmptyRectangle,
        Kind::SimpleColorsTrap,
        Kind::SimpleColorsWrap,
        Kind::MultiColors1,
        Kind::MultiColors2,
    ];

    /// The name HoDoKu prints (`Locked Candidates Type 1 (Pointing)`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::FullHouse => "Full House",
            Kind::HiddenSingle => "Hidden Single",
            Kind::HiddenPair => "Hidden Pair",
            Kind::HiddenTriple => "Hidden Triple",
            Kind::HiddenQuadruple => "Hidden Quadruple",
            Kind::NakedSingle => "Naked Single",
            Kind::NakedPair => "Naked Pair",
            Kind::NakedTriple => "Naked Triple",
            Kind::NakedQuadruple => "Naked Quadruple",
            Kind::LockedPair => "Locked Pair",
            Kind::LockedTriple => "Locked Triple",
            Kind::LockedCandidates => "Locked Candidates",
            Kind::LockedCandidates1 => "Locked Candidates Type 1 (Pointing)",
            Kind::LockedCandidates2 => "Locked Candidates Type 2 (Claiming)",
            Kind::Skyscraper => "Skyscraper",
            Kind::TwoStringKite => "2-String Kite",
            Kind::Uniqueness1 => "Uniqueness Test 1",
            Kind::Uniqueness2 => "Uniqueness Test 2",
            Kind::Uniqueness3 => "Uniqueness Test 3",
            Kind::Uniqueness4 => "Uniqueness Test 4",
            Kind::Uniqueness5 => "Uniqueness Test 5",
            Kind::Uniqueness6 => "Uniqueness Test 6",
            Kind::BugPlus1 => "Bivalue Universal Grave + 1",
            Kind::XyWing => "XY-Wing",
            Kind::XyzWing => "XYZ-Wing",
            Kind::WWing => "W-Wing",
            Kind::XChain => "X-Chain",
            Kind::XyChain => "XY-Chain",
            Kind::RemotePair => "Remote Pair",
            Kind::NiceLoop => "Nice Loop/AIC",
            Kind::ContinuousNiceLoop => "Continuous Nice Loop",
            Kind::DiscontinuousNiceLoop => "Discontinuous Nice Loop",
            Kind::XWing => "X-Wing",
            Kind::Swordfish => "Swordfish",
            Kind::Jellyfish => "Jellyfish",
            Kind::Squirmbag => "Squirmbag",
            Kind::Whale => "Whale",
            Kind::Leviathan => "Leviathan",
            Kind::FinnedXWing => "Finned X-Wing",
            Kind::FinnedSwordfish => "Finned Swordfish",
            Kind::FinnedJellyfish => "Finned Jellyfish",
            Kind::FinnedSquirmbag => "Finned Squirmbag",
            Kind::FinnedWhale => "Finned Whale",
            Kind::FinnedLeviathan => "Finned Leviathan",
            Kind::SashimiXWing => "Sashimi X-Wing",
            Kind::SashimiSwordfish => "Sashimi Swordfish",
            Kind::SashimiJellyfish => "Sashimi Jellyfish",
            Kind::SashimiSquirmbag => "Sashimi Squirmbag",
            Kind::SashimiWhale => "Sashimi Whale",
            Kind::SashimiLeviathan => "Sashimi Leviathan",
            Kind::FrankenXWing => "Franken X-Wing",
            Kind::FrankenSwordfish => "Franken Swordfish",
            Kind::FrankenJellyfish => "Franken Jellyfish",
            Kind::FrankenSquirmbag => "Franken Squirmbag",
            Kind::FrankenWhale => "Franken Whale",
            Kind::FrankenLeviathan => "Franken Leviathan",
            Kind::FinnedFrankenXWing => "Finned Franken X-Wing",
            Kind::FinnedFrankenSwordfish => "Finned Franken Swordfish",
            Kind::FinnedFrankenJellyfish => "Finned Franken Jellyfish",
            Kind::FinnedFrankenSquirmbag => "Finned Franken Squirmbag",
            Kind::FinnedFrankenWhale => "Finned Franken Whale",
            Kind::FinnedFrankenLeviathan => "Finned Franken Leviathan",
            Kind::MutantXWing => "Mutant X-Wing",
            Kind::MutantSwordfish => "Mutant Swordfish",
            Kind::MutantJellyfish => "Mutant Jellyfish",
            Kind::MutantSquirmbag => "Mutant Squirmbag",
            Kind::MutantWhale => "Mutant Whale",
            Kind::MutantLeviathan => "Mutant Leviathan",
            Kind::FinnedMutantXWing => "Finned Mutant X-Wing",
            Kind::FinnedMutantSwordfish => "Finned Mutant Swordfish",
            Kind::FinnedMutantJellyfish => "Finned Mutant Jellyfish",
            Kind::FinnedMutantSquirmbag => "Finned Mutant Squirmbag",
            Kind::FinnedMutantWhale => "Finned Mutant Whale",
            Kind::FinnedMutantLeviathan => "Finned Mutant Leviathan",
            Kind::SueDeCoq => "Sue de Coq",
            Kind::AlsXz => "Almost Locked Set XZ-Rule",
            Kind::AlsXyWing => "Almost Locked Set XY-Wing",
            Kind::AlsXyChain => "Almost Locked Set Chain",
            Kind::DeathBlossom => "Death Blossom",
            Kind::TemplateSet => "Template Set",
            Kind::TemplateDel => "Template Delete",
            Kind::ForcingChain => "Forcing Chain",
            Kind::ForcingChainContradiction => "Forcing Chain Contradiction",
            Kind::ForcingChainVerity => "Forcing Chain Verity",
            Kind::ForcingNet => "Forcing Net",
            Kind::ForcingNetContradiction => "Forcing Net Contradiction",
            Kind::ForcingNetVerity => "Forcing Net Verity",
            Kind::BruteForce => "Brute Force",
            Kind::Incomplete => "Incomplete Solution!",
            Kind::GiveUp => "Give Up",
            Kind::GroupedNiceLoop => "Grouped Nice Loop/AIC",
            Kind::GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop",
            Kind::GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop",
            Kind::EmptyRectangle => "Empty Rectangle",
            Kind::HiddenRectangle => "Hidden Rectangle",
            Kind::AvoidableRectangle1 => "Avoidable Rectangle Type 1",
            Kind::AvoidableRectangle2 => "Avoidable Rectangle Type 2",
            Kind::Aic => "AIC",
            Kind::GroupedAic => "Grouped AIC",
            Kind::SimpleColors => "Simple Colors",
            Kind::MultiColors => "Multi Colors",
            Kind::KrakenFish => "Kraken Fish",
            Kind::TurbotFish => "Turbot Fish",
            Kind::KrakenFishType1 => "Kraken Fish Type 1",
            Kind::KrakenFishType2 => "Kraken Fish Type 2",
            Kind::DualTwoStringKite => "Dual 2-String Kite",
            Kind::DualEmptyRectangle => "Dual Empty Rectangle",
            Kind::SimpleColorsTrap => "Simple Colors Trap",
            Kind::SimpleColorsWrap => "Simple Colors Wrap",
            Kind::MultiColors1 => "Multi Colors 1",
            Kind::MultiColors2 => "Multi Colors 2",
        }
    }

    /// HoDoKu's short name (`lc1`), as its command line takes it.
    pub fn arg(self) -> &'static str {
        match self {
            Kind::FullHouse => "fh",
            Kind::HiddenSingle => "h1",
            Kind::HiddenPair => "h2",
            Kind::HiddenTriple => "h3",
            Kind::HiddenQuadruple => "h4",
            Kind::NakedSingle => "n1",
            Kind::NakedPair => "n2",
            Kind::NakedTriple => "n3",
            Kind::NakedQuadruple => "n4",
            Kind::LockedPair => "l2",
            Kind::LockedTriple => "l3",
            Kind::LockedCandidates => "lc",
            Kind::LockedCandidates1 => "lc1",
            Kind::LockedCandidates2 => "lc2",
            Kind::Skyscraper => "sk",
            Kind::TwoStringKite => "2sk",
            Kind::Uniqueness1 => "u1",
            Kind::Uniqueness2 => "u2",
            Kind::Uniqueness3 => "u3",
            Kind::Uniqueness4 => "u4",
            Kind::Uniqueness5 => "u5",
            Kind::Uniqueness6 => "u6",
            Kind::BugPlus1 => "bug1",
            Kind::XyWing => "xy",
            Kind::XyzWing => "xyz",
            Kind::WWing => "w",
            Kind::XChain => "x",
            Kind::XyChain => "xyc",
            Kind::RemotePair => "rp",
            Kind::NiceLoop => "nl",
            Kind::ContinuousNiceLoop => "cnl",
            Kind::DiscontinuousNiceLoop => "dnl",
            Kind::XWing => "bf2",
            Kind::Swordfish => "bf3",
            Kind::Jellyfish => "bf4",
            Kind::Squirmbag => "bf5",
            Kind::Whale => "bf6",
            Kind::Leviathan => "bf7",
            Kind::FinnedXWing => "fbf2",
            Kind::FinnedSwordfish => "fbf3",
            Kind::FinnedJellyfish => "fbf4",
            Kind::FinnedSquirmbag => "fbf5",
            Kind::FinnedWhale => "fbf6",
            Kind::FinnedLeviathan => "fbf7",
            Kind::SashimiXWing => "sbf2",
            Kind::SashimiSwordfish => "sbf3",
            Kind::SashimiJellyfish => "sbf4",
            Kind::SashimiSquirmbag => "sbf5",
            Kind::SashimiWhale => "sbf6",
            Kind::SashimiLeviathan => "sbf7",
            Kind::FrankenXWing => "ff2",
            Kind::FrankenSwordfish => "ff3",
            Kind::FrankenJellyfish => "ff4",
            Kind::FrankenSquirmbag => "ff5",
            Kind::FrankenWhale => "ff6",
            Kind::FrankenLeviathan => "ff7",
            Kind::FinnedFrankenXWing => "fff2",
            Kind::FinnedFrankenSwordfish => "fff3",
            Kind::FinnedFrankenJellyfish => "fff4",
            Kind::FinnedFrankenSquirmbag => "fff5",
            Kind::FinnedFrankenWhale => "fff6",
            Kind::FinnedFrankenLeviathan => "fff7",
            Kind::MutantXWing => "mf2",
            Kind::MutantSwordfish => "mf3",
            Kind::MutantJellyfish => "mf4",
            Kind::MutantSquirmbag => "mf5",
            Kind::MutantWhale => "mf6",
            Kind::MutantLeviathan => "mf7",
            Kind::FinnedMutantXWing => "fmf2",
            Kind::FinnedMutantSwordfish => "fmf3",
            Kind::FinnedMutantJellyfish => "fmf4",
            Kind::FinnedMutantSquirmbag => "fmf5",
            Kind::FinnedMutantWhale => "fmf6",
            Kind::FinnedMutantLeviathan => "fmf7",
            Kind::SueDeCoq => "sdc",
            Kind::AlsXz => "axz",
            Kind::AlsXyWing => "axy",
            Kind::AlsXyChain => "ach",
            Kind::DeathBlossom => "db",
            Kind::TemplateSet => "ts",
            Kind::TemplateDel => "td",
            Kind::ForcingChain => "fc",
            Kind::ForcingChainContradiction => "fcc",
            Kind::ForcingChainVerity => "fcv",
            Kind::ForcingNet => "fn",
            Kind::ForcingNetContradiction => "fnc",
            Kind::ForcingNetVerity => "fnv",
            Kind::BruteForce => "bf",
            Kind::Incomplete => "in",
            Kind::GiveUp => "gu",
            Kind::GroupedNiceLoop => "gnl",
            Kind::GroupedContinuousNiceLoop => "gcnl",
            Kind::GroupedDiscontinuousNiceLoop => "gdnl",
            Kind::EmptyRectangle => "er",
            Kind::HiddenRectangle => "hr",
            Kind::AvoidableRectangle1 => "ar1",
            Kind::AvoidableRectangle2 => "ar2",
            Kind::Aic => "aic",
            Kind::GroupedAic => "gaic",
            Kind::SimpleColors => "sc",
            Kind::MultiColors => "mc",
            Kind::KrakenFish => "kf",
            Kind::TurbotFish => "tf",
            Kind::KrakenFishType1 => "kf1",
            Kind::KrakenFishType2 => "kf2",
            Kind::DualTwoStringKite => "d2sk",
            Kind::DualEmptyRectangle => "der",
            Kind::SimpleColorsTrap => "sc1",
            Kind::SimpleColorsWrap => "sc2",
            Kind::MultiColors1 => "mc1",
            Kind::MultiColors2 => "mc2",
        }
    }
}

/// HoDoKu's difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Incomplete,
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 6] = [
        Level::Incomplete,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The name HoDoKu prints: `Easy` ... `Extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Incomplete => "Incomplete",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// The highest score a puzzle of this level may have (HoDoKu's default `maxScore`): a
    /// puzzle whose score is higher moves up a level.
    pub fn max_score(self) -> u32 {
        match self {
            Level::Incomplete => 0,
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The next level up (Extreme stays).
    pub fn next(self) -> Level {
        Level::ALL
            .get(self as usize + 1)
            .copied()
            .unwrap_or(Level::Extreme)
    }
}

/// One step of HoDoKu's solver configuration (its `StepConfig`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepConfig {
    /// HoDoKu's order: the solver tries the steps by ascending index.
    pub index: u32,
    pub kind: Kind,
    pub level: Level,
    /// What each use of the step adds to the puzzle's score.
    pub score: u32,
    /// Whether the default configuration lets the solver use it.
    pub enabled: bool,
}

const fn config(index: u32, kind: Kind, level: Level, score: u32, enabled: bool) -> StepConfig {
    StepConfig {
        index,
        kind,
        level,
        score,
        enabled,
    }
}

/// HoDoKu 2.2's default solver steps, in the order its source lists them.
pub const DEFAULT_STEPS: [StepConfig; 92] = [
    config(u32::MAX - 1, Kind::Incomplete, Level::Incomplete, 0, false),
    config(u32::MAX, Kind::GiveUp, Level::Extreme, 20000, true),
    config(100, Kind::FullHouse, Level::Easy, 4, true),
    config(200, Kind::NakedSingle, Level::Easy, 4, true),
    config(300, Kind::HiddenSingle, Level::Easy, 14, true),
    config(1000, Kind::LockedPair, Level::Medium, 40, true),
    config(1100, Kind::LockedTriple, Level::Medium, 60, true),
    config(1200, Kind::LockedCandidates1, Level::Medium, 50, true),
    config(1300, Kind::NakedPair, Level::Medium, 60, true),
    config(1400, Kind::NakedTriple, Level::Medium, 80, true),
    config(1500, Kind::HiddenPair, Level::Medium, 70, true),
    config(1600, Kind::HiddenTriple, Level::Medium, 100, true),
    config(2000, Kind::NakedQuadruple, Level::Hard, 120, true),
    config(2100, Kind::HiddenQuadruple, Level::Hard, 150, true),
    config(2200, Kind::XWing, Level::Hard, 140, true),
    config(2300, Kind::Swordfish, Level::Hard, 150, true),
    config(2400, Kind::Jellyfish, Level::Hard, 160, true),
    config(2500, Kind::Squirmbag, Level::Unfair, 470, false),
    config(2600, Kind::Whale, Level::Unfair, 470, false),
    config(2700, Kind::Leviathan, Level::Unfair, 470, false),
    config(2800, Kind::RemotePair, Level::Hard, 110, true),
    config(2900, Kind::BugPlus1, Level::Hard, 100, true),
    config(3000, Kind::Skyscraper, Level::Hard, 130, true),
    config(3200, Kind::WWing, Level::Hard, 150, true),
    config(3100, Kind::TwoStringKite, Level::Hard, 150, true),
    config(3300, Kind::XyWing, Level::Hard, 160, true),
    config(3400, Kind::XyzWing, Level::Hard, 180, true),
    config(3500, Kind::Uniqueness1, Level::Hard, 100, true),
    config(3600, Kind::Uniqueness2, Level::Hard, 100, true),
    config(3700, Kind::Uniqueness3, Level::Hard, 100, true),
    config(3800, Kind::Uniqueness4, Level::Hard, 100, true),
    config(3900, Kind::Uniqueness5, Level::Hard, 100, true),
    config(4000, Kind::Uniqueness6, Level::Hard, 100, true),
    config(4100, Kind::FinnedXWing, Level::Hard, 130, true),
    config(4200, Kind::SashimiXWing, Level::Hard, 150, true),
    config(4300, Kind::FinnedSwordfish, Level::Unfair, 200, true),
    config(4400, Kind::SashimiSwordfish, Level::Unfair, 240, true),
    config(4500, Kind::FinnedJellyfish, Level::Unfair, 250, true),
    config(4600, Kind::SashimiJellyfish, Level::Unfair, 260, true),
    config(4700, Kind::FinnedSquirmbag, Level::Unfair, 470, false),
    config(4800, Kind::SashimiSquirmbag, Level::Unfair, 470, false),
    config(4900, Kind::FinnedWhale, Level::Unfair, 470, false),
    config(5000, Kind::SashimiWhale, Level::Unfair, 470, false),
    config(5100, Kind::FinnedLeviathan, Level::Unfair, 470, false),
    config(5200, Kind::SashimiLeviathan, Level::Unfair, 470, false),
    config(5300, Kind::SueDeCoq, Level::Unfair, 250, true),
    config(5400, Kind::XChain, Level::Unfair, 260, true),
    config(5500, Kind::XyChain, Level::Unfair, 260, true),
    config(5600, Kind::NiceLoop, Level::Unfair, 280, true),
    config(5700, Kind::AlsXz, Level::Unfair, 300, true),
    config(5800, Kind::AlsXyWing, Level::Unfair, 320, true),
    config(5900, Kind::AlsXyChain, Level::Unfair, 340, true),
    config(6000, Kind::DeathBlossom, Level::Unfair, 360, false),
    config(6100, Kind::FrankenXWing, Level::Unfair, 300, true),
    config(6200, Kind::FrankenSwordfish, Level::Unfair, 350, true),
    config(6300, Kind::FrankenJellyfish, Level::Unfair, 370, false),
    config(6400, Kind::FrankenSquirmbag, Level::Extreme, 470, false),
    config(6500, Kind::FrankenWhale, Level::Extreme, 470, false),
    config(6600, Kind::FrankenLeviathan, Level::Extreme, 470, false),
    config(6700, Kind::FinnedFrankenXWing, Level::Unfair, 390, true),
    config(6800, Kind::FinnedFrankenSwordfish, Level::Unfair, 410, true),
    config(
        6900,
        Kind::FinnedFrankenJellyfish,
        Level::Unfair,
        430,
        false,
    ),
    config(
        7000,
        Kind::FinnedFrankenSquirmbag,
        Level::Extreme,
        470,
        false,
    ),
    config(7100, Kind::FinnedFrankenWhale, Level::Extreme, 470, false),
    config(
        7200,
        Kind::FinnedFrankenLeviathan,
        Level::Extreme,
        470,
        false,
    ),
    config(7300, Kind::MutantXWing, Level::Extreme, 450, false),
    config(7400, Kind::MutantSwordfish, Level::Extreme, 450, false),
    config(7500, Kind::MutantJellyfish, Level::Extreme, 450, false),
    config(7600, Kind::MutantSquirmbag, Level::Extreme, 470, false),
    config(7700, Kind::MutantWhale, Level::Extreme, 470, false),
    config(7800, Kind::MutantLeviathan, Level::Extreme, 470, false),
    config(7900, Kind::FinnedMutantXWing, Level::Extreme, 470, false),
    config(
        8000,
        Kind::FinnedMutantSwordfish,
        Level::Extreme,
        470,
        false,
    ),
    config(
        8100,
        Kind::FinnedMutantJellyfish,
        Level::Extreme,
        470,
        false,
    ),
    config(
        8200,
        Kind::FinnedMutantSquirmbag,
        Level::Extreme,
        470,
        false,
    ),
    config(8300, Kind::FinnedMutantWhale, Level::Extreme, 470, false),
    config(
        8400,
        Kind::FinnedMutantLeviathan,
        Level::Extreme,
        470,
        false,
    ),
    config(8700, Kind::TemplateSet, Level::Extreme, 10000, false),
    config(8800, Kind::TemplateDel, Level::Extreme, 10000, false),
    config(8500, Kind::ForcingChain, Level::Extreme, 500, true),
    config(8600, Kind::ForcingNet, Level::Extreme, 700, true),
    config(8900, Kind::BruteForce, Level::Extreme, 10000, true),
    config(5650, Kind::GroupedNiceLoop, Level::Unfair, 300, true),
    config(3170, Kind::EmptyRectangle, Level::Hard, 120, true),
    config(4010, Kind::HiddenRectangle, Level::Hard, 100, true),
    config(4020, Kind::AvoidableRectangle1, Level::Hard, 100, true),
    config(4030, Kind::AvoidableRectangle2, Level::Hard, 100, true),
    config(5330, Kind::SimpleColors, Level::Hard, 150, true),
    config(5360, Kind::MultiColors, Level::Hard, 200, true),
    config(8450, Kind::KrakenFish, Level::Extreme, 500, false),
    config(3120, Kind::TurbotFish, Level::Hard, 120, true),
    config(1210, Kind::LockedCandidates2, Level::Medium, 50, true),
];

/// The enabled default steps in the solver's order (ascending index).
pub fn solver_order() -> Vec<StepConfig> {
    let mut steps: Vec<StepConfig> = DEFAULT_STEPS
        .iter()
        .copied()
        .filter(|s| s.enabled)
        .collect();
    steps.sort_by_key(|s| s.index);
    steps
}

/// The configuration of a step type, if it has one of its own.
pub fn config_of(kind: Kind) -> Option<StepConfig> {
    DEFAULT_STEPS.iter().copied().find(|s| s.kind == kind)
}
