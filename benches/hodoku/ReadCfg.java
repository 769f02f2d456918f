// Reads a HoDoKu .hcfg back the way sudoku.Main /c does and prints the enabled steps.
import sudoku.*;
public class ReadCfg {
    public static void main(String[] a) {
        Options.readOptions(a[0]);
        Options o = Options.getInstance();
        StringBuilder sb = new StringBuilder();
        for (StepConfig sc : o.solverSteps) if (sc.isEnabled()) sb.append(sc.getType().getArgName()).append(' ');
        System.out.println(sb.toString().trim());
        System.out.println("allowAlsInTablingChains=" + o.isAllowAlsInTablingChains());
        System.exit(0);
    }
}
