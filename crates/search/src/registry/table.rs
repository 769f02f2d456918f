//! The catalogue: every technique, one entry each, in the scale's order among techniques at
//! one level (the basic rules by size; at each level SudoRules' patterns, Berthier's chains,
//! whips and the OR-k chains in SudoRules' order, then the other systems; trial and error
//! and Sudoku Explainer's producers last). Each entry is its system's constructor
//! (`registry::systems`) and named setters: `aka` (aliases), `sets`, `at` (its level on the
//! scale), `hodoku` (HoDoKu's step score), `places`, `by_name`, `cap`, `says` (its summary).

use super::systems::*;
use super::*;
use crate::ork::{largest_k, Sources};
use crate::ser::Producer as P;
use ForceMode::{Cell, Contradiction as Contra, House};
use LinkLevel::{Als, Groups, Links};
use NetForm::{Chain as FChain, Net};
use OrkKind as K;
use Sources::{Tridagons as Trid, WithImp630 as Sel};

/// Every technique (see the module doc for the order).
#[rustfmt::skip]
pub static REGISTRY: [Technique; 189] = {
    use BasicRule as B;
    use ChainFamily as F;
    use Class::*;
    use HodokuRule as H;
    use UniquenessKind as U;
    [
        // Berthier's basic rules (L4_0), by size
        basic("naked-single", B::NakedSingle, 1).class(Singles).sets(SINGLES).places().hodoku(4).says("the only candidate of a cell"),
        basic("hidden-single", B::HiddenSingle, 1).class(Singles).sets(SINGLES).places().hodoku(14).says("the only place of a digit in a house"),
        basic("interaction", B::Interaction, 1).aka(&["pointing", "claiming", "locked-candidates"]).hodoku(50).says("a digit of a block in one line, or of a line in one block"),
        basic("naked-pairs", B::NakedSubset(2), 2).sets(SUBSETS).hodoku(60).says("two cells of a house holding two digits"),
        basic("hidden-pairs", B::HiddenSubset(2), 2).sets(SUBSETS).hodoku(70).says("two digits of a house in two cells"),
        basic("x-wing", B::Fish(2), 2).aka(&["fish-2"]).sets(FISH).hodoku(140).says("a digit's places in two lines within two cross lines"),
        basic("naked-triplets", B::NakedSubset(3), 3).sets(SUBSETS).hodoku(80).says("three cells of a house holding three digits"),
        basic("hidden-triplets", B::HiddenSubset(3), 3).sets(SUBSETS).hodoku(100).says("three digits of a house in three cells"),
        basic("swordfish", B::Fish(3), 3).aka(&["fish-3"]).sets(FISH).hodoku(150).says("a digit's places in three lines within three cross lines"),
        basic("xy-wing", B::XyWing, 3).hodoku(160).says("pivot {x y}, pincers {x z} and {y z}"),
        basic("xyz-wing", B::XyzWing, 3).hodoku(180).says("pivot {x y z}, pincers {x z} and {y z}"),
        basic("naked-quads", B::NakedSubset(4), 4).sets(SUBSETS).hodoku(120).says("four cells of a house holding four digits"),
        basic("hidden-quads", B::HiddenSubset(4), 4).sets(SUBSETS).hodoku(150).says("four digits of a house in four cells"),
        basic("jellyfish", B::Fish(4), 4).aka(&["fish-4"]).sets(FISH).hodoku(160).says("a digit's places in four lines within four cross lines"),
        // SudoRules' patterns of a level (its specific saliences, before the generic rules
        // of that level): Subsets and finned fish at their size, the larger fish at theirs,
        // the tridagon rules and eleven's patterns' relations at level 3
        sudorules_subsets("sudorules-subsets").aka(&["subsets[n]"])
            .says("SudoRules' Subsets by size n: naked, hidden and super-hidden subsets (the fish of rows against columns) of size n (2 to 4), as one rule at level n (the Trid-OR5W schemes' Subsets)"),
        assistant("finned-x-wing", |s| grid_analysis::finned_fish_of_size(s.masks(), 2)).aka(&["sudorules-finned-x-wing"]).sets(&[SFIN_SET]).at(2).by_name(NameOnly::SudoRules)
            .says("a finned or sashimi x-wing of rows against columns, fins in one block (SudoRules' finned-x-wing, Subsets and finned fish at level 2)"),
        assistant("finned-swordfish", |s| grid_analysis::finned_fish_of_size(s.masks(), 3)).aka(&["sudorules-finned-swordfish"]).sets(&[SFIN_SET]).at(3).by_name(NameOnly::SudoRules)
            .says("a finned or sashimi swordfish of rows against columns, fins in one block (SudoRules' finned-swordfish, at level 3)"),
        assistant("finned-jellyfish", |s| grid_analysis::finned_fish_of_size(s.masks(), 4)).aka(&["sudorules-finned-jellyfish"]).sets(&[SFIN_SET]).at(4).by_name(NameOnly::SudoRules)
            .says("a finned or sashimi jellyfish of rows against columns, fins in one block (SudoRules' finned-jellyfish, at level 4)"),
        basic("squirmbag", B::Fish(5), 5).at(5).class(Extra).aka(&["fish-5"]).sets(&["fish"]).hodoku(470).says("a digit's places in five lines within five cross lines"),
        basic("whale", B::Fish(6), 6).at(6).class(Extra).aka(&["fish-6"]).sets(&["fish"]).hodoku(470).says("a digit's places in six lines within six cross lines"),
        basic("leviathan", B::Fish(7), 7).at(7).class(Extra).aka(&["fish-7"]).sets(&["fish"]).hodoku(470).says("a digit's places in seven lines within seven cross lines"),
        impossible("tridagon", |s| crate::tridagon::find(s.links, crate::tridagon::Wanted::Tridagon)).aka(&["trivalue-oddagon", "tridagon-12"]).at(3)
            .says("three digits in 3 cells of each of 4 blocks (2 bands × 2 stacks), oddly oriented: impossible, so the one cell with other digits loses the three (SudoRules' tridagon, at its level 3)"),
        impossible("trid-ork", |s| crate::tridagon::find(s.links, crate::tridagon::Wanted::OrK)).aka(&["anti-tridagon", "ork-anti-tridagon", "degen-cycl-trid-ork"]).at(3)
            .says("a tridagon (or its degenerate-cyclic form) with k guardians in several cells: one is true, so what sees every guardian goes (SudoRules' Trid-ORk relation and its ORk-whips of length 1, at level 3)"),
        // eleven's impossible patterns of Berthier's Select1 and Select2 lists (CSP-Rules 2.1,
        // `SudoRules-V20.1/EXOTIC/Imp630`), just after the tridagon's, as SudoRules' saliences
        imp630("imp630-sel1-ork", 1).aka(&["select1-ork", "imp630-select1"])
            .says("one of eleven's 3-digit impossible patterns of Berthier's Select1 list (5 of the 630, matched up to band, row, stack and column permutations and transposition), asserted when each cell holds the three digits and kept on a path while they lose digits, as SudoRules does: one guardian is true, so what sees every guardian goes (SudoRules' EL<n>c<i>-ORk relation and its ORk-whips of length 1)"),
        imp630("imp630-sel2-ork", 2).aka(&["select2-ork", "imp630-select2"])
            .says("one of eleven's 3-digit impossible patterns of Berthier's Select2 list (Select1 and 7 more), asserted when each cell holds the three digits and kept on a path while they lose digits, as SudoRules does: one guardian is true, so what sees every guardian goes (SudoRules' EL<n>c<i>-ORk relation and its ORk-whips of length 1)"),
        // Berthier's chains, in [Berthier NRC]'s order: 2D, 3D, lassos
        chain(F::Xy, Chain2d),
        chain(F::Xyt, Chain2d),
        chain(F::Xyz, Chain2d),
        chain(F::Xyzt, Chain2d),
        chain(F::HxyRn, Chain2d),
        chain(F::HxytRn, Chain2d),
        chain(F::HxyzRn, Chain2d),
        chain(F::HxyztRn, Chain2d),
        chain(F::HxyCn, Chain2d),
        chain(F::HxytCn, Chain2d),
        chain(F::HxyzCn, Chain2d),
        chain(F::HxyztCn, Chain2d),
        chain(F::C, Chain2d),
        chain(F::Nrc, Chain3d),
        chain(F::Nrct, Chain3d),
        chain(F::Nrcz, Chain3d),
        chain(F::Nrczt, Chain3d),
        chain(F::NrctLasso, Lasso),
        chain(F::NrcztLasso, Lasso),
        // whips, then SudoRules' chains on OR-k relations (its saliences at each length:
        // forcing, contrad, ORk-whip), then the g-forms likewise, braids, g-braids
        // SudoRules' typed whips: at each length before whip[n] (its saliences), by name
        typed_whip("typed-whip").aka(&["typed-whips", "tyw"])
            .says("a whip whose CSP variables all have one type: rc, rn, cn or bn (one of the four 2D spaces; SudoRules' typed-whip, the TyW scheme's whips)"),
        whip(WhipKind::Whip),
        ork("ork-forcing-whip", (K::ForcingWhip, largest_k(K::ForcingWhip), Trid)).aka(&["ork-forcing-whips", "orkfw"])
            .says("from each guardian of a tridagon's OR-k relation (k ≤ 8) a partial whip, all ending on what sees the target, which goes, or all on one candidate, which is placed: one guardian is true (SudoRules' ORk-forcing-whips, elim and assert)"),
        ork("ork-contrad-whip", (K::ContradWhip, largest_k(K::ContradWhip), Trid)).aka(&["ork-contrad-whips", "orkcw", "ork-ctr-whip"])
            .says("a partial whip on the target whose right-linking candidates see every guardian of a tridagon's OR-k relation (k ≤ 6): the target goes (SudoRules' ORk-ctr-whips)"),
        ork("ork-whip", (K::Whip, largest_k(K::Whip), Trid)).aka(&["ork-whips", "orkw"])
            .says("a whip one of whose cells is a tridagon's OR-k relation (k ≤ 6), its guardians but one linked to the target or an earlier R (SudoRules' ORk-whips)"),
        // the chains of Berthier's Trid-OR5W level (k ≤ 5: SudoRules' ?*OR5-Whips*, which
        // turns the OR5-contrad-whips on too)
        ork("trid-or5-contrad-whip", (K::ContradWhip, 5, Trid)).aka(&["or5-contrad-whip", "or5cw"])
            .says("an ORk-contrad-whip on a tridagon's OR-k relation with k ≤ 5 (SudoRules' ?*OR5-Whips* turns its OR5-contrad-whips on: the other chains of the Trid-OR5W level)"),
        ork("trid-or5-whip", (K::Whip, 5, Trid)).aka(&["or5-whip", "or5w"])
            .says("an ORk-whip on a tridagon's OR-k relation with k ≤ 5 (SudoRules' ?*OR5-Whips*, the chains of the Trid-OR5W level)"),
        // the chains of Berthier's Select1-OR5W and Select2-OR5W levels: the same on the
        // tridagons' relations and on those of eleven's patterns of the list
        imp630_ork("sel1-or5-contrad-whip", (K::ContradWhip, 5, Sel(1))).aka(&["select1-or5-contrad-whip"])
            .says("an ORk-contrad-whip with k ≤ 5 on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select1 list (the other chains of the Select1-OR5W level)"),
        imp630_ork("sel1-or5-whip", (K::Whip, 5, Sel(1))).aka(&["select1-or5-whip"])
            .says("an ORk-whip with k ≤ 5 on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select1 list (the chains of the Select1-OR5W level)"),
        imp630_ork("sel2-or5-contrad-whip", (K::ContradWhip, 5, Sel(2))).aka(&["select2-or5-contrad-whip"])
            .says("an ORk-contrad-whip with k ≤ 5 on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list (the other chains of the Select2-OR5W level)"),
        imp630_ork("sel2-or5-whip", (K::Whip, 5, Sel(2))).aka(&["select2-or5-whip"])
            .says("an ORk-whip with k ≤ 5 on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list (the chains of the Select2-OR5W level)"),
        // every OR-k chain of SudoRules on the relations of eleven's patterns too (Select2,
        // which holds Select1), in no scheme
        imp630_ork("sel2-ork-forcing-whip", (K::ForcingWhip, largest_k(K::ForcingWhip), Sel(2))).aka(&["select2-ork-forcing-whip"])
            .says("an ORk-forcing-whip (elim and assert, k ≤ 8) from the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list"),
        imp630_ork("sel2-ork-contrad-whip", (K::ContradWhip, largest_k(K::ContradWhip), Sel(2))).aka(&["select2-ork-contrad-whip"])
            .says("an ORk-contrad-whip (k ≤ 6) on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list"),
        imp630_ork("sel2-ork-whip", (K::Whip, largest_k(K::Whip), Sel(2))).aka(&["select2-ork-whip"])
            .says("an ORk-whip (k ≤ 6) on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list"),
        whip(WhipKind::GWhip).cap(16),
        // SudoRules' forcing whips on bivalue (trivalue) CSP variables: at each length after
        // whip[n] and g-whip[n] (its saliences; the braids, in no forcing scheme, come between)
        forcing_whip("forcing-whip", K::ForcingWhip, 2).aka(&["forcing-whips", "fw", "forcing2-whip"])
            .says("from each of the two candidates of a bivalue CSP variable a partial whip, both ending on candidates linked to the target, which goes, or both on one candidate, which is placed (SudoRules' forcing whips, of length 1 + p1 + p2 ≥ 3; the FW scheme's)"),
        forcing_whip("forcing3-whip", K::ForcingWhip, 3).aka(&["forcing3-whips", "f3w"])
            .says("a forcing whip from a CSP variable with two or three candidates left, a partial whip from each (SudoRules' Forcing3-whips: its OR2- and OR3-forcing-whips on its 2-value and 3-value relations, of length 1 + Σp ≥ 3; the F3W scheme's)"),
        forcing_whip("forcing-g-whip", K::ForcingGWhip, 2).aka(&["forcing-g-whips", "fgw", "forcing-gwhip"])
            .says("a forcing whip from a bivalue CSP variable whose partial whips' right-linking candidates may be g-candidates (SudoRules' forcing g-whips; the FgW scheme's)"),
        // the g-forms (SudoRules' ORk-gwhips and ORk-ctr-gwhips: R's may be g-candidates)
        ork("ork-forcing-g-whip", (K::ForcingGWhip, largest_k(K::ForcingGWhip), Trid)).aka(&["ork-forcing-g-whips", "orkfgw", "ork-forcing-gwhip"])
            .says("an ORk-forcing-whip whose branches' right-linking candidates may be g-candidates (a digit's candidates in a block-line segment), from each guardian of a tridagon's OR-k relation (k ≤ 8) (SudoRules' ORk-forcing-gwhips)"),
        ork("ork-contrad-g-whip", (K::ContradGWhip, largest_k(K::ContradGWhip), Trid)).aka(&["ork-contrad-g-whips", "orkcgw", "ork-ctr-gwhip"])
            .says("an ORk-contrad-whip whose right-linking candidates may be g-candidates (a digit's candidates in a block-line segment), on a tridagon's OR-k relation (k ≤ 6) (SudoRules' ORk-ctr-gwhips)"),
        ork("ork-g-whip", (K::GWhip, largest_k(K::GWhip), Trid)).aka(&["ork-g-whips", "orkgw", "ork-gwhip"])
            .says("an ORk-whip whose right-linking candidates may be g-candidates (a digit's candidates in a block-line segment), on a tridagon's OR-k relation (k ≤ 6) (SudoRules' ORk-gwhips)"),
        // the chains of Berthier's Trid-OR5gW level (k ≤ 5: SudoRules' ?*OR5-G-Whips*, which
        // turns its OR5-contrad-gwhips on too)
        ork("trid-or5-contrad-g-whip", (K::ContradGWhip, 5, Trid)).aka(&["or5-contrad-g-whip", "or5cgw"])
            .says("an ORk-contrad-g-whip on a tridagon's OR-k relation with k ≤ 5 (SudoRules' ?*OR5-G-Whips* turns its OR5-contrad-gwhips on: chains of the Trid-OR5gW level)"),
        ork("trid-or5-g-whip", (K::GWhip, 5, Trid)).aka(&["or5-g-whip", "or5gw"])
            .says("an ORk-g-whip on a tridagon's OR-k relation with k ≤ 5 (SudoRules' ?*OR5-G-Whips*, the chains of the Trid-OR5gW level)"),
        imp630_ork("sel2-ork-forcing-g-whip", (K::ForcingGWhip, largest_k(K::ForcingGWhip), Sel(2))).aka(&["select2-ork-forcing-g-whip"])
            .says("an ORk-forcing-g-whip (k ≤ 8) from the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list"),
        imp630_ork("sel2-ork-contrad-g-whip", (K::ContradGWhip, largest_k(K::ContradGWhip), Sel(2))).aka(&["select2-ork-contrad-g-whip"])
            .says("an ORk-contrad-g-whip (k ≤ 6) on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list"),
        imp630_ork("sel2-ork-g-whip", (K::GWhip, largest_k(K::GWhip), Sel(2))).aka(&["select2-ork-g-whip"])
            .says("an ORk-g-whip (k ≤ 6) on the OR-k relation of a tridagon or of one of eleven's patterns of Berthier's Select2 list"),
        whip(WhipKind::Braid),
        whip(WhipKind::GBraid).cap(10),
        // an oddagon O[n] just after the whips and braids of its length n
        impossible("oddagon", |s| crate::oddagon::find(s.links)).aka(&["oddagons", "o"])
            .says("an odd loop of candidates through CSP variables: what sees every guardian (the variables' other candidates) goes (CSP-Rules' oddagons, length n ≤ 15)"),
        // HoDoKu's catalogue: its techniques no seed system has
        hodoku("locked-pair", H::LockedSubset { size: 2 }).aka(&["l2"]).hodoku(40).says("a naked pair where a block and a line cross, clearing both (HoDoKu)"),
        hodoku("locked-triple", H::LockedSubset { size: 3 }).aka(&["l3"]).hodoku(60).says("a naked triple where a block and a line cross, clearing both (HoDoKu)"),
        hodoku("skyscraper", H::SingleDigit(SingleDigitKind::Skyscraper)).aka(&["sk"]).hodoku(130).says("two conjugate pairs of a digit in parallel lines, joined at one end by a cross line (HoDoKu)"),
        hodoku("two-string-kite", H::SingleDigit(SingleDigitKind::TwoStringKite)).aka(&["2-string-kite", "2sk"]).hodoku(150).says("a digit's conjugate pairs in a row and a column, joined in a block (HoDoKu)"),
        hodoku("turbot-fish", H::SingleDigit(SingleDigitKind::TurbotFish)).aka(&["tf"]).hodoku(120).says("any other X-chain of two conjugate pairs of a digit (HoDoKu)"),
        hodoku("empty-rectangle", H::EmptyRectangle { dual: false }).aka(&["er"]).hodoku(120).says("a block's digit in one row and column, with a conjugate pair (HoDoKu)"),
        hodoku("w-wing", H::WWing).aka(&["ww"]).hodoku(150).says("two bivalue cells with the same digits joined by a conjugate pair of one of them (HoDoKu)"),
        hodoku("dual-empty-rectangle", H::EmptyRectangle { dual: true }).aka(&["dual-er"]).hodoku(120).says("two empty rectangles on one block with two eliminations, one step (HoDoKu)"),
        hodoku("als-xz-overlap", H::AlsOverlap(AlsKind::Xz)).aka(&["als-xz-allow-overlap"]).hodoku(300).says("ALS-XZ whose two ALS may share cells holding no X (HoDoKu's allow overlap)"),
        hodoku("als-xy-wing-overlap", H::AlsOverlap(AlsKind::XyWing)).aka(&["als-xy-wing-allow-overlap"]).hodoku(320).says("ALS-XY-wing whose ALS may share cells holding no X or Y (HoDoKu's allow overlap)"),
        hodoku("death-blossom-overlap", H::AlsOverlap(AlsKind::DeathBlossom)).aka(&["death-blossom-allow-overlap"]).hodoku(360).says("a death blossom whose petals may share cells (HoDoKu's allow overlap)"),
        hodoku("grouped-aic", H::GroupedChains { loops: false }).aka(&["x-chain", "xy-chain", "grouped-discontinuous-nice-loop"]).hodoku(280)
            .says("alternating inference chain through candidates and groups only (HoDoKu's default X-, XY-chains, AICs and discontinuous nice loops)"),
        hodoku("grouped-nice-loop", H::GroupedChains { loops: true }).aka(&["grouped-continuous-nice-loop"]).hodoku(280)
            .says("continuous nice loop through candidates and groups only (HoDoKu's default)"),
        hodoku("aic-als-nodes", H::AlsNodeChains { loops: false }).aka(&["als-xy-chain", "grouped-aic-als"]).hodoku(300)
            .says("alternating inference chain through ALS of any size, which may force a cell (HoDoKu's ALS in tabling chains, ALS-XY-chains)"),
        hodoku("nice-loop-als-nodes", H::AlsNodeChains { loops: true }).aka(&["grouped-nice-loop-als"]).hodoku(300)
            .says("continuous nice loop through ALS of any size, which may force a cell (HoDoKu's ALS in tabling chains)"),
        hodoku("siamese-fish", H::SiameseFish).aka(&["siamese-finned-fish"])
            .says("two finned or sashimi fish (of any shape) on one base with different eliminations, one step (HoDoKu)"),
        hodoku("hodoku-finned-fish", H::Fish { shape: FishShape::Basic, min_size: 2, max_size: 4 }).aka(&["hodoku-fish"])
            .says("basic, finned and sashimi fish of rows against columns, size 2 to 4, as HoDoKu's fish search finds them (cannibalism included)"),
        hodoku("franken-fish", H::Fish { shape: FishShape::Franken, min_size: 2, max_size: 4 }).aka(&["franken"])
            .says("a fish whose base or cover takes blocks (rows and blocks against columns and blocks), basic or finned, size 2 to 4 (HoDoKu)"),
        hodoku("small-franken-fish", H::Fish { shape: FishShape::Franken, min_size: 2, max_size: 3 }).aka(&["franken-x-wing", "franken-swordfish", "finned-franken-x-wing", "finned-franken-swordfish"])
            .says("a Franken fish of size 2 or 3, basic or finned: the Franken steps HoDoKu's default configuration enables"),
        hodoku("mutant-fish", H::Fish { shape: FishShape::Mutant, min_size: 2, max_size: 4 }).aka(&["mutant"])
            .says("a fish of any houses on either side (rows and columns on one side), basic or finned, size 2 to 4 (HoDoKu)"),
        hodoku("kraken-fish", H::KrakenFish { type_2: false }).aka(&["kraken-fish-type-1", "kraken"]).hodoku(500)
            .says("a finned fish (rows against columns, size 2 to 4) whose every fin forces a place it would eliminate without fins false through a chain (HoDoKu's kraken type 1)"),
        hodoku("kraken-fish-type-2", H::KrakenFish { type_2: true }).aka(&["kraken-2"]).hodoku(500)
            .says("a finned fish (rows against columns, size 2 to 4, one or two fins) and one of its covers: its base places there (no cannibal) and the fins each force a candidate false through a chain (HoDoKu's kraken type 2)"),
        hodoku("large-franken-fish", H::Fish { shape: FishShape::Franken, min_size: 5, max_size: 7 }).aka(&["franken-squirmbag", "franken-whale", "franken-leviathan"])
            .says("Franken fish of size 5 to 7, basic or finned (HoDoKu)"),
        hodoku("large-mutant-fish", H::Fish { shape: FishShape::Mutant, min_size: 5, max_size: 7 }).aka(&["mutant-squirmbag", "mutant-whale", "mutant-leviathan"])
            .says("mutant fish of size 5 to 7, basic or finned (HoDoKu)"),
        hodoku("bug+1", H::Uniqueness(U::BugPlus1)).aka(&["bug-plus-1", "bug1"]).hodoku(100)
            .says("every open cell bivalue but one, every digit twice per house but one: that cell takes the digit placed three times (assumes a unique solution)"),
        hodoku("unique-rectangle-1", H::Uniqueness(U::Ur1)).aka(&["ur1", "uniqueness-test-1"]).hodoku(100)
            .says("a deadly rectangle with one cell holding other digits: that cell is neither (assumes a unique solution)"),
        hodoku("unique-rectangle-2", H::Uniqueness(U::Ur2)).aka(&["ur2", "uniqueness-test-2"]).hodoku(100)
            .says("a deadly rectangle whose two aligned roof cells add one digit: it leaves their common peers (assumes a unique solution)"),
        hodoku("unique-rectangle-3", H::Uniqueness(U::Ur3)).aka(&["ur3", "uniqueness-test-3"]).hodoku(100)
            .says("a deadly rectangle's roof as one cell of a naked subset (assumes a unique solution)"),
        hodoku("unique-rectangle-4", H::Uniqueness(U::Ur4)).aka(&["ur4", "uniqueness-test-4"]).hodoku(100)
            .says("a deadly rectangle's roof holding one digit's every place in a house: the other digit leaves the roof (assumes a unique solution)"),
        hodoku("unique-rectangle-5", H::Uniqueness(U::Ur5)).aka(&["ur5", "uniqueness-test-5"]).hodoku(100)
            .says("a deadly rectangle whose diagonal or three roof cells add one digit: it leaves their common peers (assumes a unique solution)"),
        hodoku("unique-rectangle-6", H::Uniqueness(U::Ur6)).aka(&["ur6", "uniqueness-test-6"]).hodoku(100)
            .says("a deadly rectangle with a digit an x-wing on it and a diagonal roof: the digit leaves the roof (assumes a unique solution)"),
        hodoku("hidden-rectangle", H::Uniqueness(U::HiddenRectangle)).aka(&["hr"]).hodoku(100)
            .says("a deadly rectangle with a digit confined in the far corner's row and column (assumes a unique solution)"),
        hodoku("avoidable-rectangle-1", H::Uniqueness(U::Ar1)).aka(&["ar1"]).hodoku(100)
            .says("a rectangle of placed non-givens that one open cell would make deadly (assumes a unique solution)"),
        hodoku("avoidable-rectangle-2", H::Uniqueness(U::Ar2)).aka(&["ar2"]).hodoku(100)
            .says("a rectangle of placed non-givens whose two open cells add one digit (assumes a unique solution)"),
        hodoku("bug-lite", H::Uniqueness(U::BugLite)).aka(&["bug-lite+1"])
            .says("a deadly pattern of six or more bivalue cells, each digit twice in each of its houses, but one cell holding other digits: that cell takes one of them (assumes a unique solution)"),
        // Hanson's Sudoku Assistant
        assistant("grid-analysis", |s| grid_analysis::find(s.links)).aka(&["analyze-x"]).says("Hanson: n lines × n cross lines (subsets and fish of any size), with complements"),
        assistant("bent-naked-subsets", |s| bent::find(s.links)).aka(&["bent-subsets"]).says("Hanson: N cells over two houses holding N digits (XY-, XYZ-, WXYZ-wings…)"),
        assistant("als-xz", |s| als::xz_in(s.als())).aka(&["als-singly-linked", "assistant-step-3"]).sets(ALS).hodoku(300).says("two ALS with a restricted common X and another common digit Z (Hanson's step 3)"),
        assistant("als-doubly-linked", |s| als::doubly_linked(s.links)).aka(&["als-xz-doubly-linked"]).sets(ALS).hodoku(300).says("two ALS with two restricted common digits: each is locked but for one"),
        assistant("als-xy-wing", |s| als::xy_wing_in(s.als())).sets(ALS).hodoku(320).says("ALS A and B linked to a pivot ALS C by X and Y, Z common to A and B"),
        assistant("death-blossom", |s| als::death_blossom(s.links, Overlap::Disjoint)).aka(&["als-death-blossom"]).sets(ALS).hodoku(360).says("a stem cell and one ALS per candidate, Z common to every petal"),
        assistant("sue-de-coq", |s| als::sue_de_coq(s.links)).aka(&["als-sue-de-coq"]).sets(ALS).hodoku(250).says("two ALS on a box-line intersection: the core, line cells and box cells"),
        assistant("grid-als", |s| grid_analysis::grid_als_in(s.masks(), None)).aka(&["grid-based-als"]).says("Hanson: a digit's n lines in n + 1 cross lines; a candidate knocking two out"),
        assistant("finned-fish", |s| grid_analysis::grid_als_in(s.masks(), Some(FinKind::Finned))).says("a fish with fins in one block (a grid ALS)"),
        assistant("sashimi-fish", |s| grid_analysis::grid_als_in(s.masks(), Some(FinKind::Sashimi))).says("a finned fish with a base line left one place without its fins (a grid ALS)"),
        assistant("almost-locked-ranges", |s| ranges::find(s.links)).aka(&["alr"]).says("Hanson: a block's digit on two line segments redirects a weak link into a strong chain"),
        assistant("medusa", |s| medusa::find(s.links)).aka(&["3d-medusa", "medusa-3d", "medusa-colouring", "medusa-coloring"]).says("Hanson's 3D Medusa: two-coloured strong chains, weak links, weak corners, hinges"),
        assistant("aic", |s| aic::find(s.links)).first_by(|s| aic::first(s.links)).aka(&["g-aic", "als-aic", "als-chain"]).sets(ALS).hodoku(280)
            .says("alternating inference chain through candidates, groups and ALS (Eureka)"),
        assistant("nice-loop", |s| aic::find_loops(s.links)).aka(&["continuous-nice-loop", "cnl"]).sets(ALS).hodoku(280)
            .says("continuous nice loop through candidates, groups and ALS: two neighbours, one true"),
        assistant("als-strong-chains", |s| ranges::als_strong_chains(s.links)).aka(&["assistant-step-4"]).sets(ALS).says("Hanson's step 4: one colour of a strong chain would take two digits from an ALS"),
        // the forum's exotic patterns: Barker's rank-0 truths and links at their truths,
        // Bird's Exocets at their cells and cover lines
        exotic("msls", |s| crate::rank::find_msls(s.links)).aka(&["multi-sector-locked-set", "multi-fish"])
            .says("the empty cells of k rows × m columns as truths, each digit linked in their rows or their columns, as many links as cells: the links' other candidates go (the forum's multi-sector locked set, XSudo's rank 0)"),
        exotic("sk-loop", |s| crate::rank::find_sk_loops(s.links)).aka(&["sk-loops", "domino-loop"])
            .says("the 16 cells beside four placed corners of a rectangle across four blocks, linked by digits of their blocks, rows and columns at rank 0: the links' other candidates go (Kurzhals' SK-loop)"),
        exotic("belt4", |s| crate::rank::find_belts(s.links, 4)).aka(&["belt-4", "belt4-of-crosses"])
            .says("four crosses (a centre's two mini-row ends with digits h ∪ i, its two mini-column ends with v ∪ i) in four blocks of a rectangle, neighbours sharing h along rows and v along columns: rank 0, the rows' h, columns' v and blocks' i go elsewhere (Berthier's Belt4, the SK-loop with any centres)"),
        exotic("belt6", |s| crate::rank::find_belts(s.links, 6)).aka(&["belt-6", "belt6-of-crosses"])
            .says("six crosses in six blocks, a ring over three rows and three columns, neighbours sharing their outer digits along rows and columns: rank 0, the rows', columns' and blocks' digits go elsewhere (Berthier's Belt6)"),
        exotic("junior-exocet", |s| crate::exocet::find(s.links)).aka(&["je", "jexocet", "exocet"])
            .says("two base cells of a mini-line with 3 or 4 digits, two targets in the band's other boxes, each base digit's cells on the cross-lines outside the band in two lines: the targets hold the base digits (Bird's Junior Exocet: target, base, cover-line, cross-line cover, mirror, mirror cell and two-digit rules)"),
        exotic("senior-exocet", |s| crate::exocet::find_senior(s.links)).aka(&["se-exocet", "sexocet"])
            .says("a Junior Exocet's base, its targets on two cross-lines outside the base box's stack, one at least outside the band, each base digit's other cells on the three cross-lines (outside the base band for the base box's) in two lines: the targets hold the base digits (Bird's Senior Exocet, Blue's fish-column form: target, base, cover-line, cross-line cover and two-digit rules)"),
        // Hanson's hypotheses and depths, gpenet's tagging, GNPX's force chains and nets: at
        // their inferences
        hypothesis("hypothesis", ForceMode::Hypothesis).aka(&["disproof", "hypothesis-disproof"]).says("Hanson: a candidate assumed true, marked a/A/B… through strong chains, is disproved"),
        hypothesis("bivalue-hypothesis", ForceMode::Bivalue).aka(&["two-way-hypothesis", "circles-and-squares"]).says("Gail Nelson: both candidates of a bivalue cell force the same literal"),
        hypothesis("depth", ForceMode::Depth).aka(&["+depth", "plus-depth"]).says("Hanson's +depth: a hypothesis restarted at dead ends with singles and locked candidates"),
        hypothesis("depth2", ForceMode::Depth2).aka(&["++depth", "plus-plus-depth"]).says("Hanson's ++depth: +depth with naked and hidden subsets and fish (grids) up to size 4"),
        tagging("tag1", 1).aka(&["tagging-1"]).says("gpenet: layers of strong links (groups included), tags, alternate chains"),
        tagging("tag2", 2).aka(&["tagging-2", "full-tagging"]).says("gpenet: tagging with ALS and almost cells, choices and merged tags"),
        tagging("tag3", 3).aka(&["tagging-3"]).says("gpenet: tagging whose weak links are extended through choices, pass by pass"),
        force("force-cell-links", Cell, Links, FChain).says("force chain over a cell's candidates, plain links"),
        force("force-house-links", House, Links, FChain).says("force chain over a digit's places in a house, plain links"),
        force("force-contradiction-links", Contra, Links, FChain).says("assumption forcing a contradiction, plain links"),
        force("force-cell-groups", Cell, Groups, FChain).says("force chain over a cell's candidates, links and groups"),
        force("force-house-groups", House, Groups, FChain).says("force chain over a digit's places in a house, links and groups"),
        force("force-contradiction-groups", Contra, Groups, FChain).says("assumption forcing a contradiction, links and groups"),
        force("force-cell", Cell, Als, FChain).says("GNPX ForceChain_Cell: links, groups and ALS super links"),
        force("force-house", House, Als, FChain).says("GNPX ForceChain_House: links, groups and ALS super links"),
        force("force-contradiction", Contra, Als, FChain).says("GNPX ForceChain_Contradiction: links, groups and ALS super links"),
        force("force-net-cell-links", Cell, Links, Net).says("forcing net over a cell's candidates, plain links"),
        force("force-net-house-links", House, Links, Net).says("forcing net over a digit's places in a house, plain links"),
        force("force-net-contradiction-links", Contra, Links, Net).says("assumption forcing a contradiction in a net, plain links"),
        force("force-net-cell-groups", Cell, Groups, Net).says("forcing net over a cell's candidates, links and groups"),
        force("force-net-house-groups", House, Groups, Net).says("forcing net over a digit's places in a house, links and groups"),
        force("force-net-contradiction-groups", Contra, Groups, Net).says("assumption forcing a contradiction in a net, links and groups"),
        force("force-net-cell", Cell, Als, Net).says("forcing net over a cell's candidates, with groups and ALS"),
        force("force-net-house", House, Als, Net).says("forcing net over a digit's places in a house, with groups and ALS"),
        force("force-net-contradiction", Contra, Als, Net).says("assumption forcing a contradiction in a net, with groups and ALS"),
        // after every pattern: HoDoKu's templates
        hodoku("template-set", H::Template { set: true }).aka(&["templates-set"]).hodoku(10_000).says("a digit's cells common to all its templates are placed (HoDoKu)"),
        hodoku("template-delete", H::Template { set: false }).aka(&["template-del"]).hodoku(10_000).says("a digit's candidates in none of its templates are eliminated (HoDoKu)"),
        // trial and error: T&E(1) < T&E(B_p, 1) < T&E(2) < T&E(B_p, 2) < T&E(3), each to the
        // SHC's bound by default
        trial("te", TrialKind::Te, 3).aka(&["t&e", "trial-and-error"])
            .says("Berthier: T&E(BRT, n), a candidate whose trial under T&E(n-1) ends in a contradiction"),
        trial("bxb", TrialKind::BxB, 14).aka(&["t&e-b"]).says("Berthier: T&E(B_p, 1), trials under BRT and braids of length <= p (BxB's theory)"),
        trial("bxbb", TrialKind::BxBB, 5).aka(&["t&e-bb"]).says("Berthier: T&E(B_p, 2), trials under T&E(B_p, 1) (BxBB's theory)"),
        // Sudoku Explainer 1.2.1's producers, in the order its solver asks them: SE's order
        // (`ser`'s rating loop reads it here); each hint's difficulty is SE's (`search::ser`)
        explainer("se-hidden-single", P::HiddenSingle).says("Sudoku Explainer's Hidden Single (in a block, in a line)"),
        explainer("se-direct-pointing", P::DirectLocking).says("Sudoku Explainer's Direct Pointing / Direct Claiming: an interaction that leaves a hidden single"),
        explainer("se-direct-hidden-pair", P::DirectHiddenSet(2)).says("Sudoku Explainer's Direct Hidden Pair: a hidden pair that leaves a hidden single"),
        explainer("se-naked-single", P::NakedSingle).says("Sudoku Explainer's Naked Single"),
        explainer("se-direct-hidden-triplet", P::DirectHiddenSet(3)).says("Sudoku Explainer's Direct Hidden Triplet: a hidden triplet that leaves a hidden single"),
        explainer("se-pointing", P::Locking).says("Sudoku Explainer's Pointing / Claiming"),
        explainer("se-naked-pair", P::NakedSet(2)).says("Sudoku Explainer's Naked Pair"),
        explainer("se-x-wing", P::Fish(2)).says("Sudoku Explainer's X-Wing"),
        explainer("se-hidden-pair", P::HiddenSet(2)).says("Sudoku Explainer's Hidden Pair"),
        explainer("se-naked-triplet", P::NakedSet(3)).says("Sudoku Explainer's Naked Triplet"),
        explainer("se-swordfish", P::Fish(3)).says("Sudoku Explainer's Swordfish"),
        explainer("se-hidden-triplet", P::HiddenSet(3)).says("Sudoku Explainer's Hidden Triplet"),
        explainer("se-xy-wing", P::XyWing).says("Sudoku Explainer's XY-Wing"),
        explainer("se-xyz-wing", P::XyzWing).says("Sudoku Explainer's XYZ-Wing"),
        explainer("se-unique-loops", P::UniqueLoops).says("Sudoku Explainer's Unique Rectangles and Loops (they assume one solution)"),
        explainer("se-naked-quad", P::NakedSet(4)).says("Sudoku Explainer's Naked Quad"),
        explainer("se-jellyfish", P::Fish(4)).says("Sudoku Explainer's Jellyfish"),
        explainer("se-hidden-quad", P::HiddenSet(4)).says("Sudoku Explainer's Hidden Quad"),
        explainer("se-bug", P::Bug).says("Sudoku Explainer's Bivalue Universal Graves (they assume one solution)"),
        explainer("se-aligned-pair-exclusion", P::AlignedPairExclusion).says("Sudoku Explainer's Aligned Pair Exclusion"),
        explainer("se-forcing-chains", P::chaining(false, false, false, 0)).says("Sudoku Explainer's Forcing Chains and Cycles (by length)"),
        explainer("se-aligned-triplet-exclusion", P::AlignedTripletExclusion).says("Sudoku Explainer's Aligned Triplet Exclusion"),
        explainer("se-nishio", P::chaining(false, true, true, 0)).says("Sudoku Explainer's Nishio Forcing Chains (by length)"),
        explainer("se-multiple-forcing-chains", P::chaining(true, false, false, 0)).says("Sudoku Explainer's Cell and Region Forcing Chains (by length)"),
        explainer("se-dynamic-forcing-chains", P::chaining(true, true, false, 0)).says("Sudoku Explainer's Dynamic Forcing Chains (by length)"),
        explainer("se-dynamic-forcing-chains-plus", P::chaining(true, true, false, 1)).says("Sudoku Explainer's Dynamic Forcing Chains (+) (by length)"),
        explainer("se-nested-forcing-chains", P::chaining(true, true, false, 2)).says("Sudoku Explainer's Dynamic Forcing Chains (+ Forcing Chains)"),
        explainer("se-nested-multiple-forcing-chains", P::chaining(true, true, false, 3)).says("Sudoku Explainer's Dynamic Forcing Chains (+ Multiple Forcing Chains)"),
        explainer("se-nested-dynamic-forcing-chains", P::chaining(true, true, false, 4)).says("Sudoku Explainer's Dynamic Forcing Chains (+ Dynamic Forcing Chains)"),
        explainer("se-nested-dynamic-forcing-chains-plus", P::chaining(true, true, false, 5)).says("Sudoku Explainer's Dynamic Forcing Chains (+ Dynamic Forcing Chains (+))"),
    ]
};
