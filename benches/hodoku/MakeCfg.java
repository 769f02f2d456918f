// Writes HoDoKu option files (hodoku.hcfg, java.beans XML of sudoku.Options) for the
// comparison runs. Only the step list's "enabled" flags (and allowAlsInTablingChains)
// are changed from HoDoKu's defaults. Usage: java MakeCfg <set> <out.hcfg>
// sets: basic | matched | matchedals | allnonfc | forcing | default
import sudoku.*;
import java.util.*;

public class MakeCfg {
    public static void main(String[] args) throws Exception {
        String set = args[0];
        Options.resetAll();
        Options o = Options.getInstance();
        // the matched set: sudolink's basic + assistant (+ als) coverage
        EnumSet<SolutionType> matched = EnumSet.of(
            SolutionType.FULL_HOUSE, SolutionType.NAKED_SINGLE, SolutionType.HIDDEN_SINGLE,
            SolutionType.LOCKED_PAIR, SolutionType.LOCKED_TRIPLE,
            SolutionType.LOCKED_CANDIDATES_1, SolutionType.LOCKED_CANDIDATES_2,
            SolutionType.NAKED_PAIR, SolutionType.NAKED_TRIPLE, SolutionType.NAKED_QUADRUPLE,
            SolutionType.HIDDEN_PAIR, SolutionType.HIDDEN_TRIPLE, SolutionType.HIDDEN_QUADRUPLE,
            SolutionType.X_WING, SolutionType.SWORDFISH, SolutionType.JELLYFISH,
            SolutionType.SQUIRMBAG, SolutionType.WHALE, SolutionType.LEVIATHAN,
            SolutionType.FINNED_X_WING, SolutionType.SASHIMI_X_WING,
            SolutionType.FINNED_SWORDFISH, SolutionType.SASHIMI_SWORDFISH,
            SolutionType.FINNED_JELLYFISH, SolutionType.SASHIMI_JELLYFISH,
            SolutionType.REMOTE_PAIR, SolutionType.SKYSCRAPER, SolutionType.TWO_STRING_KITE,
            SolutionType.TURBOT_FISH, SolutionType.EMPTY_RECTANGLE,
            SolutionType.XY_WING, SolutionType.XYZ_WING,
            SolutionType.SUE_DE_COQ, SolutionType.X_CHAIN, SolutionType.XY_CHAIN,
            SolutionType.NICE_LOOP, SolutionType.GROUPED_NICE_LOOP,
            SolutionType.ALS_XZ, SolutionType.ALS_XY_WING, SolutionType.ALS_XY_CHAIN,
            SolutionType.DEATH_BLOSSOM,
            SolutionType.GIVE_UP);   // GIVE_UP = HoDoKu's "gu" marker when nothing else applies
        EnumSet<SolutionType> never = EnumSet.of(
            SolutionType.BRUTE_FORCE, SolutionType.TEMPLATE_SET, SolutionType.TEMPLATE_DEL,
            SolutionType.INCOMPLETE, SolutionType.KRAKEN_FISH,
            SolutionType.UNIQUENESS_1, SolutionType.UNIQUENESS_2, SolutionType.UNIQUENESS_3,
            SolutionType.UNIQUENESS_4, SolutionType.UNIQUENESS_5, SolutionType.UNIQUENESS_6,
            SolutionType.HIDDEN_RECTANGLE, SolutionType.AVOIDABLE_RECTANGLE_1,
            SolutionType.AVOIDABLE_RECTANGLE_2, SolutionType.BUG_PLUS_1);
        for (StepConfig sc : o.solverSteps) {
            SolutionType t = sc.getType();
            boolean on;
            switch (set) {
                case "basic":      // sudolink's basic rules: singles, interactions, subsets <= 4, fish <= 4, XY-/XYZ-wing
                    on = EnumSet.of(SolutionType.FULL_HOUSE, SolutionType.NAKED_SINGLE, SolutionType.HIDDEN_SINGLE,
                        SolutionType.LOCKED_PAIR, SolutionType.LOCKED_TRIPLE,
                        SolutionType.LOCKED_CANDIDATES_1, SolutionType.LOCKED_CANDIDATES_2,
                        SolutionType.NAKED_PAIR, SolutionType.NAKED_TRIPLE, SolutionType.NAKED_QUADRUPLE,
                        SolutionType.HIDDEN_PAIR, SolutionType.HIDDEN_TRIPLE, SolutionType.HIDDEN_QUADRUPLE,
                        SolutionType.X_WING, SolutionType.SWORDFISH, SolutionType.JELLYFISH,
                        SolutionType.XY_WING, SolutionType.XYZ_WING, SolutionType.GIVE_UP).contains(t);
                    break;
                case "matched":
                case "matchedals":
                    on = matched.contains(t);
                    break;
                case "allnonfc":   // HoDoKu's default step list (sc.isEnabled() as shipped) minus
                                   // uniqueness, FC/FN, brute force; plus the matched set (Death Blossom, fish 5-7)
                    on = (sc.isEnabled() || matched.contains(t)) && !never.contains(t)
                        && t != SolutionType.FORCING_CHAIN && t != SolutionType.FORCING_NET;
                    break;
                case "forcing":    // the same plus forcing chains and forcing nets
                    on = (sc.isEnabled() || matched.contains(t)) && !never.contains(t);
                    break;
                case "default":    // HoDoKu's default step list exactly as shipped, minus uniqueness:
                                   // what sudolink's `hodoku` set mirrors (`solve --rules basic,hodoku`)
                    on = sc.isEnabled() && !never.contains(t);
                    break;
                default:
                    throw new IllegalArgumentException(set);
            }
            sc.setEnabled(on);
        }
        o.adjustOrgSolverSteps();
        if (set.equals("matchedals")) {
            // sudolink's aic runs through candidates, groups and ALS: let HoDoKu's
            // grouped nice loops/AICs use ALS nodes too (HoDoKu's default: false)
            o.setAllowAlsInTablingChains(true);
        }
        o.writeOptions(args[1]);
        for (StepConfig sc : o.solverSteps) {
            System.out.printf("%-5s %-28s %s%n", sc.getType().getArgName(), sc.getType().getStepName(), sc.isEnabled() ? "ON" : "off");
        }
        System.exit(0);   // HoDoKu's Options start a non-daemon background thread
    }
}
