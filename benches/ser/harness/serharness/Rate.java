// Harness for Sudoku Explainer 1.2.1 (+ gsf serate 1.2.1.3), written for sudolink research.
// Modes:
//   rate  FILE   : per puzzle "grid ER/EP/ED cpu_ms" using Solver.getDifficulty() (the serate code path),
//                  cpu_ms = this thread's CPU time for that puzzle (one JVM, one thread).
//   path  FILE   : per puzzle, the step-by-step resolution path the rating loop follows
//                  (same producer order as Solver.getDifficulty), one line per step:
//                  step <TAB> difficulty <TAB> rule name <TAB> hint text
package serharness;

import java.io.*;
import java.lang.management.*;
import java.lang.reflect.*;
import java.util.*;
import diuf.sudoku.*;
import diuf.sudoku.solver.*;

public class Rate {
    static Grid parse(String line) {
        Grid grid = new Grid();
        for (int i = 0; i < 81; i++) {
            char ch = line.charAt(i);
            if (ch >= '1' && ch <= '9')
                grid.setCellValue(i % 9, i / 9, ch - '0');
        }
        return grid;
    }
    static String fmt(double d) {
        int w = (int)((d + 0.05) * 10);
        return (w / 10) + "." + (w % 10);
    }
    static List<String> read(String file) throws IOException {
        List<String> out = new ArrayList<String>();
        BufferedReader r = new BufferedReader(new FileReader(file));
        String s;
        while ((s = r.readLine()) != null) {
            if (s.length() >= 81 && s.substring(0, 81).matches("[0-9.]{81}"))
                out.add(s.substring(0, 81));
        }
        r.close();
        return out;
    }
    @SuppressWarnings("unchecked")
    static List<HintProducer> field(Solver s, String name) throws Exception {
        Field f = Solver.class.getDeclaredField(name);
        f.setAccessible(true);
        return (List<HintProducer>) f.get(s);
    }
    static boolean solved(Grid g) {
        for (int i = 0; i < 81; i++) if (g.getCellValue(i % 9, i / 9) == 0) return false;
        return true;
    }
    static String pot(diuf.sudoku.solver.rules.chaining.Potential p) {
        return p.cell.toString() + "." + p.value + (p.isOn ? "+" : "-");
    }
    @SuppressWarnings("unchecked")
    static void dumpChains(PrintWriter out, Hint hint, String indent) throws Exception {
        Class<?> ch = diuf.sudoku.solver.rules.chaining.ChainingHint.class;
        Method targets = ch.getDeclaredMethod("getChainsTargets");
        targets.setAccessible(true);
        Method chain = ch.getDeclaredMethod("getChain", diuf.sudoku.solver.rules.chaining.Potential.class);
        chain.setAccessible(true);
        for (Object t0 : (Collection<Object>) targets.invoke(hint)) {
            diuf.sudoku.solver.rules.chaining.Potential t = (diuf.sudoku.solver.rules.chaining.Potential) t0;
            Collection<Object> anc = (Collection<Object>) chain.invoke(hint, t);
            out.println(indent + "target " + pot(t) + " ancestors " + anc.size());
            for (Object a0 : anc) {
                diuf.sudoku.solver.rules.chaining.Potential a = (diuf.sudoku.solver.rules.chaining.Potential) a0;
                StringBuilder b = new StringBuilder(indent + "  " + pot(a) + " <=");
                for (diuf.sudoku.solver.rules.chaining.Potential q : a.parents) b.append(" " + pot(q));
                if (a.cause != null) b.append("  [" + a.cause + "]");
                out.println(b);
                if (a.nestedChain != null) {
                    out.println(indent + "  nested: " + a.nestedChain.toString() + " {complexity " + a.nestedChain.getComplexity() + "}");
                    dumpChains(out, a.nestedChain, indent + "    ");
                }
            }
        }
    }
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        List<String> puzzles = read(args[1]);
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long totalCpu = 0;
        int n = 0;
        for (String p : puzzles) {
            n++;
            Grid grid = parse(p);
            if (mode.equals("rate")) {
                long t0 = mx.getCurrentThreadCpuTime();
                Solver solver = new Solver(grid);
                solver.rebuildPotentialValues();
                try {
                    solver.getDifficulty();
                } catch (UnsupportedOperationException ex) {
                    solver.difficulty = solver.pearl = solver.diamond = 0.0;
                }
                long dt = mx.getCurrentThreadCpuTime() - t0;
                totalCpu += dt;
                out.println(p + "\t" + fmt(solver.difficulty) + "/" + fmt(solver.pearl) + "/" + fmt(solver.diamond)
                        + "\t" + String.format(Locale.ROOT, "%.1f", dt / 1e6));
                out.flush();
            } else {
                Solver solver = new Solver(grid);
                solver.rebuildPotentialValues();
                String[] lists = {"directHintProducers", "indirectHintProducers", "chainingHintProducers",
                        "chainingHintProducers2", "advancedHintProducers", "experimentalHintProducers"};
                List<List<HintProducer>> producers = new ArrayList<List<HintProducer>>();
                for (String l : lists) producers.add(field(solver, l));
                out.println("# puzzle " + n + " " + p);
                double er = Double.NEGATIVE_INFINITY, ep = 0, ed = 0;
                int step = 0;
                long tStart = mx.getCurrentThreadCpuTime();
                while (!solved(grid)) {
                    long tStep = mx.getCurrentThreadCpuTime();
                    SingleHintAccumulator accu = new SingleHintAccumulator();
                    try {
                        for (List<HintProducer> l : producers)
                            for (HintProducer hp : l) hp.getHints(grid, accu);
                    } catch (InterruptedException expected) {}
                    Hint hint = accu.getHint();
                    if (hint == null) { out.println("# no hint found: rating 20.0"); er = 20.0; break; }
                    Rule rule = (Rule) hint;
                    double d = rule.getDifficulty();
                    if (d > er) er = d;
                    step++;
                    String text = hint.toString().replace('\n', ' ');
                    if (hint instanceof diuf.sudoku.solver.rules.chaining.ChainingHint)
                        text += " {complexity " + ((diuf.sudoku.solver.rules.chaining.ChainingHint) hint).getComplexity() + "}";
                    out.println(step + "\t" + fmt(d) + "\t" + rule.getName() + "\t" + text
                            + (hint.getCell() != null ? "\t[places " + hint.getCell() + "=" + hint.getValue() + "]" : "")
                            + "\t(" + String.format(Locale.ROOT, "%.1f", (mx.getCurrentThreadCpuTime() - tStep) / 1e6) + " ms)");
                    if (mode.equals("chains") && hint instanceof diuf.sudoku.solver.rules.chaining.ChainingHint)
                        dumpChains(out, hint, "\t\t");
                    out.flush();
                    hint.apply();
                    if (ep == 0.0) {
                        if (ed == 0.0) ed = er;
                        if (hint.getCell() != null) ep = er;
                    }
                }
                out.println("# ER/EP/ED " + fmt(er) + "/" + fmt(ep) + "/" + fmt(ed) + " steps " + step
                        + String.format(Locale.ROOT, " cpu_ms %.1f", (mx.getCurrentThreadCpuTime() - tStart) / 1e6));
                out.flush();
            }
        }
        if (mode.equals("rate"))
            out.println(String.format(Locale.ROOT, "# puzzles %d total_cpu_ms %.1f mean_cpu_ms %.2f", n, totalCpu / 1e6, totalCpu / 1e6 / Math.max(1, n)));
        out.close();
    }
}
