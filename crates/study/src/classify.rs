//! Classification of a collection: every puzzle rated in one or more schemes
//! ([`rating::rate`], and SER: [`ser::rate`]), and Berthier's classification table — for each
//! level n, how many puzzles are solved at level ≤ n, side by side for the level schemes —
//! with SER's distribution of ER beside it ([`SerTable`]) and HoDoKu's of its levels
//! ([`HodokuTable`]).
//!
//! [`rate_puzzle`] rates one puzzle in every scheme asked (its solution found first, every
//! step checked against it; L, M and N in one shared pass, [`rate_schemes`]); [`Table`] and
//! [`SerTable`] tally ratings as they stream in, whether from a fresh computation or from a
//! stored run, so memory stays bounded by the number of levels.
//!
//! [Berthier NRC]'s table for 10,000 random minimal puzzles (levels 4..7): L 8271 8959 9326 9472,
//! M 9638 9893 9964 9984, N 9658 9913 9975 9991 ([`SEED_TABLE`]).

use crate::hodoku;
use crate::rating::{
    rate_schemes, rate_trial, Cut, RateOptions, RatingScheme, Scheme, TrialScheme,
};
use crate::run::{InputPuzzle, Study, StudyInput, Tally, Unstudied};
use crate::ser;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::Instant;
use sudolink_engine::grid::format::Puzzle;
use sudolink_engine::grid::State;
use sudolink_engine::solver::count_solutions;
use sudolink_search::hodoku::Level;
use sudolink_search::limits::Bounds;
use sudolink_search::ser::tenths;
use sudolink_store::study::{RatingRow, RatingValue, RowCut};
use sudolink_store::{Store, StoreError};

/// `classify` as a study run ([`crate::run::drive`]): every puzzle rated in the
/// schemes, the level schemes up to `max_len`, BxB and BxBB up to `max_p` when it is
/// asked, else up to their own bounds ([`TrialScheme::default_max_p`]).
pub struct Classify {
    pub schemes: Vec<RatingScheme>,
    pub max_len: usize,
    pub max_p: Option<usize>,
    /// Each puzzle's bounds (time, memory, budget); a rating they cut is stored as cut.
    pub bounds: Bounds,
}

impl Study for Classify {
    type Output = Vec<RatingRow>;
    const KIND: &'static str = "classify";

    fn params(&self, input: &StudyInput) -> serde_json::Value {
        let names: Vec<&str> = self.schemes.iter().map(|s| s.name()).collect();
        let mut params = json!({
            "input": input.origin,
            "schemes": names,
            "max_len": self.max_len,
            "puzzles": input.puzzles.len(),
        });
        let braids: Vec<usize> = self
            .schemes
            .iter()
            .filter(|s| matches!(s, RatingScheme::Trial(TrialScheme::BxB | TrialScheme::BxBB)))
            .map(|s| s.max_len(self.max_p, self.max_len))
            .collect();
        if !braids.is_empty() {
            params["max_p"] = json!(braids);
        }
        params
    }

    /// Always a row per scheme: a puzzle that cannot be rated is stored with its error.
    fn study(&self, item: &InputPuzzle) -> Result<Vec<RatingRow>, Unstudied> {
        Ok(rate_puzzle(
            &item.puzzle,
            &self.schemes,
            (self.max_len, self.max_p),
            &self.bounds,
        ))
    }

    fn write(
        store: &mut Store,
        run: i64,
        batch: &[(usize, String, Vec<RatingRow>)],
    ) -> Result<(), StoreError> {
        store.write_ratings(run, batch)
    }

    fn is_cut(rows: &Vec<RatingRow>) -> bool {
        rows.iter().any(|r| r.cut.is_some())
    }
}

/// What `classify` adds up: the level schemes' table, SER's (when asked), and each puzzle's
/// rating in the first scheme (for `--reference-column`).
pub struct Classified {
    pub table: Table,
    pub ser: Option<SerTable>,
    pub hodoku: Option<HodokuTable>,
    pub first_scheme: BTreeMap<usize, Option<RatingValue>>,
    /// The puzzles whose rows record an error: position, the first error.
    pub errors: Vec<(usize, String)>,
    /// The T&E schemes asked (`TE`, `BxB`, `BxBB`): puzzles per class (`TE2`, `B3B`,
    /// `not in T&E(2): TE1`, a cut), each in its scheme.
    pub trial: BTreeMap<String, BTreeMap<String, usize>>,
}

impl Classified {
    pub fn new(schemes: &[RatingScheme], max_len: usize) -> Classified {
        let levels: Vec<Scheme> = schemes.iter().filter_map(|s| s.level()).collect();
        Classified {
            table: Table::new(&levels, max_len),
            ser: schemes.contains(&RatingScheme::Ser).then(SerTable::default),
            hodoku: schemes
                .contains(&RatingScheme::Hodoku)
                .then(HodokuTable::default),
            first_scheme: BTreeMap::new(),
            errors: Vec::new(),
            trial: schemes
                .iter()
                .filter(|s| matches!(s, RatingScheme::Trial(_)))
                .map(|s| (s.name().to_string(), BTreeMap::new()))
                .collect(),
        }
    }

    fn count(&mut self, position: usize, rows: &[RatingRow]) {
        self.table.add(rows);
        if let Some(ser) = &mut self.ser {
            ser.add(rows);
        }
        if let Some(hodoku) = &mut self.hodoku {
            hodoku.add(rows);
        }
        for row in rows {
            if let Some(classes) = self.trial.get_mut(&row.scheme) {
                let class = row.hardest.clone().unwrap_or_else(|| "error".to_string());
                *classes.entry(class).or_default() += 1;
            }
        }
        self.first_scheme
            .insert(position, rows.first().and_then(|r| r.rating));
        if let Some(why) = rows.iter().find_map(|r| r.error.clone()) {
            self.errors.push((position, why));
        }
    }
}

impl Tally<Vec<RatingRow>> for Classified {
    fn add(&mut self, position: usize, _grid: &str, rows: Vec<RatingRow>) {
        self.count(position, &rows);
    }

    fn read_back(&mut self, store: &Store, run: i64) -> Result<(), StoreError> {
        let mut by_position: BTreeMap<usize, Vec<RatingRow>> = BTreeMap::new();
        store.for_each_rating(run, |p, _, row| by_position.entry(p).or_default().push(row))?;
        for (p, rows) in by_position {
            self.count(p, &rows);
        }
        Ok(())
    }

    fn failed(&self) -> Vec<(usize, String)> {
        self.errors.clone()
    }
}

/// [Berthier NRC]'s classification of 10,000 random minimal puzzles: scheme, then the number
/// solved at levels 4, 5, 6 and 7.
pub const SEED_TABLE: [(Scheme, [usize; 4]); 3] = [
    (Scheme::L, [8271, 8959, 9326, 9472]),
    (Scheme::M, [9638, 9893, 9964, 9984]),
    (Scheme::N, [9658, 9913, 9975, 9991]),
];

/// Rate one puzzle in every scheme, the level schemes up to `max_len`, BxB and BxBB up to
/// `max_p` or their own bounds ([`RatingScheme::max_len`]), within `bounds` (the
/// level schemes share one puzzle's limits; a rating they cut gets a row with `cut` set). A
/// puzzle that does not parse into a state, has no or several solutions (SE's uniqueness
/// rules, like every rating here, need one), or fails a proof check gets rows with `error`
/// set.
pub fn rate_puzzle(
    puzzle: &Puzzle,
    schemes: &[RatingScheme],
    (max_len, max_p): (usize, Option<usize>),
    bounds: &Bounds,
) -> Vec<RatingRow> {
    let failed = |why: String| -> Vec<RatingRow> {
        schemes
            .iter()
            .map(|s| error_row(*s, why.clone(), 0.0))
            .collect()
    };
    let start = match puzzle.start_state() {
        Ok(s) => s,
        Err(e) => return failed(format!("contradictory givens: {e}")),
    };
    let solutions = count_solutions(&start, 2);
    match solutions.count {
        0 => return failed("no solution".into()),
        1 => {}
        _ => return failed("several solutions".into()),
    }
    let Some(solution) = solutions.solution.as_ref() else {
        return failed("no solution".into());
    };
    let solved = crate::te::Solved {
        state: &start,
        solution,
    };
    let solution = Some(solution);
    let levels: Vec<Scheme> = schemes.iter().filter_map(|s| s.level()).collect();
    let options = RateOptions {
        verify: true,
        keep_steps: false,
        limits: bounds.start(),
    };
    let mut level_rows = rate_schemes(&start, &levels, max_len, solution, &options)
        .into_iter()
        .zip(&levels)
        .map(|((r, took), scheme)| {
            let seconds = took.as_secs_f64();
            match r {
                Ok(r) => RatingRow {
                    scheme: scheme.to_string(),
                    rating: r.rating.map(RatingValue::Level),
                    ep: None,
                    ed: None,
                    difficulty: None,
                    hardest: r.hardest,
                    seconds,
                    error: None,
                    cut: r.cut.map(|c| row_cut(&c, bounds)),
                },
                Err(e) => error_row(RatingScheme::Level(*scheme), e.to_string(), seconds),
            }
        });
    schemes
        .iter()
        .map(|s| match s {
            RatingScheme::Level(_) => level_rows.next().expect("a row per level scheme"),
            RatingScheme::Ser => ser_row(&start, solution, bounds),
            RatingScheme::Trial(t) => trial_row(solved, *t, s.max_len(max_p, max_len), bounds),
            RatingScheme::Hodoku => hodoku_row(&start, solution, bounds),
        })
        .collect()
}

/// A cut rating as the store keeps it, with the bounds it ran under.
fn row_cut(cut: &Cut, bounds: &Bounds) -> RowCut {
    RowCut {
        bound: cut.stop.bound().to_string(),
        above: cut.above,
        bounds: bounds.describe(),
    }
}

fn error_row(scheme: RatingScheme, why: String, seconds: f64) -> RatingRow {
    RatingRow {
        scheme: scheme.to_string(),
        rating: None,
        ep: None,
        ed: None,
        difficulty: None,
        hardest: None,
        seconds,
        error: Some(why),
        cut: None,
    }
}

/// A T&E classification's row (`TE`, `BxB`, `BxBB`): the depth or the least p as the
/// rating, the level text (`B3B`, `not in T&E(2): TE1`) as `hardest`.
fn trial_row(
    puzzle: crate::te::Solved<'_>,
    scheme: TrialScheme,
    max_p: usize,
    bounds: &Bounds,
) -> RatingRow {
    let t = Instant::now();
    let rated = rate_trial(puzzle, scheme, max_p, bounds.start());
    RatingRow {
        scheme: scheme.name().to_string(),
        rating: rated.rating.map(RatingValue::Level),
        ep: None,
        ed: None,
        difficulty: None,
        hardest: Some(rated.level),
        seconds: t.elapsed().as_secs_f64(),
        error: None,
        cut: rated.cut.map(|c| row_cut(&c, bounds)),
    }
}

/// SER's row: ER as the rating (20.0 when SE's rules do not solve it), EP, ED as SE prints
/// them, and the hardest step's SE name (the first step as hard as ER). Rated within the
/// puzzle's bounds, checked between SE's steps: a cut row has no rating, the hardest step so
/// far as `hardest`, and its ER so far in tenths as the cut's `above` (ER is at least that).
fn ser_row(start: &State, solution: Option<&[u8; 81]>, bounds: &Bounds) -> RatingRow {
    let t = Instant::now();
    let rated = ser::rate_within(start, solution, bounds.start());
    let seconds = t.elapsed().as_secs_f64();
    match rated {
        Ok(r) => {
            let s = r.summary();
            let cut = r.cut.map(|stop| RowCut {
                bound: stop.bound().to_string(),
                above: tenths(r.er.max(0.0)) as usize,
                bounds: bounds.describe(),
            });
            RatingRow {
                scheme: RatingScheme::Ser.to_string(),
                rating: cut.is_none().then_some(RatingValue::Er(s.er)),
                ep: cut.is_none().then_some(s.ep),
                ed: cut.is_none().then_some(s.ed),
                difficulty: None,
                hardest: r
                    .steps
                    .iter()
                    .find(|step| step.difficulty == r.er)
                    .map(|step| step.name.clone()),
                seconds,
                error: None,
                cut,
            }
        }
        Err(e) => error_row(RatingScheme::Ser, e.to_string(), seconds),
    }
}

/// HoDoKu's row: its score as the rating, its level as `difficulty`, its hardest step's
/// name as `hardest`. A cut row has no rating nor level, and its score so far as the cut's
/// `above` (the score is at least that); a step type HoDoKu would use and the emulation
/// lacks is an error row naming it.
fn hodoku_row(start: &State, solution: Option<&[u8; 81]>, bounds: &Bounds) -> RatingRow {
    use crate::hodoku::HodokuCut;
    let t = Instant::now();
    let Some(solution) = solution else {
        return error_row(RatingScheme::Hodoku, "no solution".into(), 0.0);
    };
    let rated = hodoku::rate_within(start, solution, bounds.start());
    let seconds = t.elapsed().as_secs_f64();
    match rated {
        Ok(r) => {
            if let Some(HodokuCut::Lacking { .. }) = r.cut {
                return error_row(RatingScheme::Hodoku, r.text(), seconds);
            }
            let cut = match r.cut {
                Some(HodokuCut::Limit(stop)) => Some(RowCut {
                    bound: stop.bound().to_string(),
                    above: r.score as usize,
                    bounds: bounds.describe(),
                }),
                _ => None,
            };
            RatingRow {
                scheme: RatingScheme::Hodoku.to_string(),
                rating: cut
                    .is_none()
                    .then_some(RatingValue::Level(r.score as usize)),
                ep: None,
                ed: None,
                difficulty: cut.is_none().then(|| r.level.name().to_string()),
                hardest: r.hardest,
                seconds,
                error: None,
                cut,
            }
        }
        Err(e) => error_row(RatingScheme::Hodoku, e.to_string(), seconds),
    }
}

/// HoDoKu's column: how many puzzles have each of its levels.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HodokuTable {
    /// Puzzles per level, by name (`Easy` ... `Extreme`).
    pub levels: BTreeMap<String, usize>,
    /// Puzzles whose rating a bound cut.
    pub cut: usize,
    /// Puzzles that could not be rated.
    pub errors: usize,
    pub puzzles: usize,
    /// Total seconds spent rating.
    pub seconds: f64,
}

impl HodokuTable {
    /// Count one puzzle's rows (the HoDoKu row; other schemes' rows are ignored).
    pub fn add(&mut self, rows: &[RatingRow]) {
        let Some(row) = rows
            .iter()
            .find(|r| r.scheme == RatingScheme::Hodoku.name())
        else {
            return;
        };
        self.puzzles += 1;
        self.seconds += row.seconds;
        match (&row.difficulty, &row.error) {
            (_, Some(_)) => self.errors += 1,
            (Some(level), None) => *self.levels.entry(level.clone()).or_default() += 1,
            (None, None) if row.cut.is_some() => self.cut += 1,
            (None, None) => self.errors += 1,
        }
    }

    /// The distribution as text: a row per level, easiest first (puzzles with that level,
    /// and with at most it), then the cut and error counts, and milliseconds per puzzle.
    pub fn to_text(&self) -> String {
        let mut out = format!("{:>10} {:>9} {:>9}\n", "level", "puzzles", "<= level");
        let mut total = 0;
        for level in Level::ALL.iter().skip(1) {
            let n = self.levels.get(level.name()).copied().unwrap_or(0);
            total += n;
            out += &format!("{:>10} {n:>9} {total:>9}\n", level.name());
        }
        if self.cut > 0 {
            out += &format!("{:>10} {:>9}\n", "cut", self.cut);
        }
        out += &format!("{:>10} {:>9}\n", "errors", self.errors);
        out += &format!(
            "{:>10} {:>9.1}\n",
            "ms/puzzle",
            1000.0 * self.seconds / self.puzzles.max(1) as f64
        );
        out
    }
}

/// SER's column: how many puzzles have each ER (in SE's tenths), how many SE's rules do
/// not solve (ER 20.0), and errors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SerTable {
    /// Puzzles per ER in tenths (71: ER 7.1), below 20.0.
    pub er: BTreeMap<u32, usize>,
    /// Puzzles SE's rules do not solve (ER 20.0).
    pub unsolved: usize,
    /// Puzzles whose rating a bound (time, memory, budget) cut before SE's rules ended.
    pub cut: usize,
    /// Puzzles that could not be rated.
    pub errors: usize,
    pub puzzles: usize,
    /// Total seconds spent rating.
    pub seconds: f64,
}

/// SER's ER of a grid SE's rules do not solve.
pub const SER_NOT_SOLVED: f64 = 20.0;

impl SerTable {
    /// Count one puzzle's rows (the SER row; other schemes' rows are ignored).
    pub fn add(&mut self, rows: &[RatingRow]) {
        let Some(row) = rows.iter().find(|r| r.scheme == RatingScheme::Ser.name()) else {
            return;
        };
        self.puzzles += 1;
        self.seconds += row.seconds;
        match (row.rating, &row.error) {
            (_, Some(_)) => self.errors += 1,
            (None, None) if row.cut.is_some() => self.cut += 1,
            (None, None) => self.errors += 1,
            (Some(RatingValue::Er(er)), None) if er < SER_NOT_SOLVED => {
                *self.er.entry(tenths(er)).or_default() += 1
            }
            (Some(_), None) => self.unsolved += 1,
        }
    }

    /// The distribution as text: a row per ER (puzzles with that ER, and with ER at most
    /// it), then the unsolved and error counts, and milliseconds per puzzle.
    pub fn to_text(&self) -> String {
        let mut out = format!("{:>10} {:>9} {:>9}\n", "ER", "puzzles", "<= ER");
        let mut total = 0;
        for (&t, &n) in &self.er {
            total += n;
            out += &format!(
                "{:>10} {n:>9} {total:>9}\n",
                format!("{}.{}", t / 10, t % 10)
            );
        }
        out += &format!("{:>10} {:>9}\n", "20.0", self.unsolved);
        if self.cut > 0 {
            out += &format!("{:>10} {:>9}\n", "cut", self.cut);
        }
        out += &format!("{:>10} {:>9}\n", "errors", self.errors);
        out += &format!(
            "{:>10} {:>9.1}\n",
            "ms/puzzle",
            1000.0 * self.seconds / self.puzzles.max(1) as f64
        );
        out
    }
}

/// One scheme's column of the table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Column {
    /// `exact[n]`: puzzles whose rating is exactly n (0..=max_len).
    pub exact: Vec<usize>,
    /// Puzzles not solved up to max_len (cut ones apart).
    pub unsolved: usize,
    /// Puzzles whose rating a bound (time, memory, budget) cut before it was reached.
    pub cut: usize,
    /// Puzzles that could not be rated (bad grid, not unique, failed check).
    pub errors: usize,
    /// Total seconds spent rating.
    pub seconds: f64,
}

impl Column {
    /// Puzzles solved at level ≤ n.
    pub fn at_most(&self, n: usize) -> usize {
        self.exact.iter().take(n + 1).sum()
    }
}

/// The classification table, filled one rating at a time.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub schemes: Vec<Scheme>,
    pub max_len: usize,
    pub puzzles: usize,
    pub columns: Vec<Column>,
}

impl Table {
    pub fn new(schemes: &[Scheme], max_len: usize) -> Table {
        Table {
            schemes: schemes.to_vec(),
            max_len,
            puzzles: 0,
            columns: schemes
                .iter()
                .map(|_| Column {
                    exact: vec![0; max_len + 1],
                    ..Column::default()
                })
                .collect(),
        }
    }

    /// Count one puzzle's rows (one per scheme; rows of other schemes are ignored).
    pub fn add(&mut self, rows: &[RatingRow]) {
        self.puzzles += 1;
        for row in rows {
            let Some(k) = self.schemes.iter().position(|s| s.name() == row.scheme) else {
                continue;
            };
            let col = &mut self.columns[k];
            col.seconds += row.seconds;
            match (row.rating.and_then(RatingValue::level), &row.error) {
                (_, Some(_)) => col.errors += 1,
                (Some(n), None) if n <= self.max_len => col.exact[n] += 1,
                _ if row.cut.is_some() => col.cut += 1,
                _ => col.unsolved += 1,
            }
        }
    }

    /// The column of `scheme`, if the table has it.
    pub fn column(&self, scheme: Scheme) -> Option<&Column> {
        self.schemes
            .iter()
            .position(|&s| s == scheme)
            .map(|k| &self.columns[k])
    }

    /// The table as text: a row per level n (puzzles solved at level ≤ n), a column per
    /// scheme; then the unsolved and error counts, and seconds per puzzle.
    pub fn to_text(&self) -> String {
        let mut out = format!("{:>10}", "n");
        for s in &self.schemes {
            out += &format!(" {:>9}", s.name());
        }
        out.push('\n');
        for n in 0..=self.max_len {
            out += &format!("{:>10}", format!("<= {n}"));
            for c in &self.columns {
                out += &format!(" {:>9}", c.at_most(n));
            }
            out.push('\n');
        }
        let mut line = |label: &str, f: &dyn Fn(&Column) -> String| {
            out += &format!("{label:>10}");
            for c in &self.columns {
                out += &format!(" {:>9}", f(c));
            }
            out.push('\n');
        };
        line(&format!("> {}", self.max_len), &|c| c.unsolved.to_string());
        if self.columns.iter().any(|c| c.cut > 0) {
            line("cut", &|c| c.cut.to_string());
        }
        line("errors", &|c| c.errors.to_string());
        let puzzles = self.puzzles.max(1) as f64;
        line("ms/puzzle", &|c| {
            format!("{:.1}", 1000.0 * c.seconds / puzzles)
        });
        out
    }

    /// Berthier's classification table beside this one, for the schemes both have: per level 4..7,
    /// Berthier's count, ours scaled to 10,000 puzzles, and the difference in points of percent.
    pub fn seed_comparison(&self) -> String {
        let mut out =
            String::from("level   seed (of 10,000)   ours (per 10,000)   difference (% points)\n");
        let scale = 10_000.0 / self.puzzles.max(1) as f64;
        for (scheme, counts) in SEED_TABLE {
            let Some(col) = self.column(scheme) else {
                continue;
            };
            for (k, &seed) in counts.iter().enumerate() {
                let n = k + 4;
                if n > self.max_len {
                    continue;
                }
                let ours = col.at_most(n) as f64 * scale;
                out += &format!(
                    "{:<7} {:>16} {:>19.0} {:>+23.2}\n",
                    format!("{scheme}{n}"),
                    seed,
                    ours,
                    (ours - seed as f64) / 100.0
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::format::parse_line;

    fn row(scheme: &str, rating: Option<usize>) -> RatingRow {
        RatingRow {
            scheme: scheme.into(),
            rating: rating.map(RatingValue::Level),
            ep: None,
            ed: None,
            difficulty: None,
            hardest: None,
            seconds: 0.25,
            error: None,
            cut: None,
        }
    }

    #[test]
    fn the_table_counts_puzzles_at_most_each_level() {
        let mut t = Table::new(&[Scheme::L, Scheme::M], 3);
        t.add(&[row("L", Some(0)), row("M", Some(0))]);
        t.add(&[row("L", Some(3)), row("M", Some(2))]);
        t.add(&[row("L", None), row("M", Some(3))]);
        let l = t.column(Scheme::L).unwrap();
        let m = t.column(Scheme::M).unwrap();
        assert_eq!(
            (0..=3).map(|n| l.at_most(n)).collect::<Vec<_>>(),
            [1, 1, 1, 2]
        );
        assert_eq!(
            (0..=3).map(|n| m.at_most(n)).collect::<Vec<_>>(),
            [1, 1, 2, 3]
        );
        assert_eq!((l.unsolved, m.unsolved), (1, 0));
        let text = t.to_text();
        assert!(text.contains("      <= 3         2         3"), "{text}");
        assert!(text.contains("       > 3         1         0"), "{text}");
    }

    #[test]
    fn ocean_1_is_rated_in_each_scheme_and_bad_puzzles_get_errors() {
        let ocean1 = parse_line(
            "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
            1,
        )
        .unwrap();
        let schemes = [Scheme::L, Scheme::M, Scheme::W].map(RatingScheme::Level);
        let rows = rate_puzzle(&ocean1, &schemes, (7, None), &Bounds::none());
        // [Berthier NRC]: Ocean #1 is solved with nrc chains of length ≤ 4 after the basic rules
        assert_eq!(rows[1].rating, Some(RatingValue::Level(4)), "{rows:?}");
        assert!(rows.iter().all(|r| r.error.is_none()));
        let several = parse_line(&format!("1{}", ".".repeat(80)), 1).unwrap();
        let rows = rate_puzzle(
            &several,
            &[RatingScheme::Level(Scheme::M), RatingScheme::Ser],
            (7, None),
            &Bounds::none(),
        );
        assert_eq!(rows.len(), 2);
        for row in rows {
            assert_eq!(row.error.as_deref(), Some("several solutions"));
        }
    }

    #[test]
    fn ser_rows_keep_se_s_numbers_in_the_asked_order() {
        // controlled-bias #1 (published SER 2.0): singles only
        let p = parse_line(
            "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361",
            1,
        )
        .unwrap();
        let schemes = [
            RatingScheme::Ser,
            RatingScheme::Level(Scheme::W),
            RatingScheme::Level(Scheme::L),
        ];
        let rows = rate_puzzle(&p, &schemes, (7, None), &Bounds::none());
        let names: Vec<&str> = rows.iter().map(|r| r.scheme.as_str()).collect();
        assert_eq!(names, ["SER", "W", "L"]);
        let start = p.start_state().unwrap();
        let solution = count_solutions(&start, 2).solution.unwrap();
        let se = ser::rate(&start, Some(&solution)).unwrap().summary();
        let ser = &rows[0];
        assert_eq!(ser.rating, Some(RatingValue::Er(se.er)), "{ser:?}");
        assert_eq!((ser.ep, ser.ed), (Some(se.ep), Some(se.ed)));
        assert_eq!(rows[1].rating, Some(RatingValue::Level(0)));
        assert_eq!((rows[1].ep, rows[1].ed), (None, None));
        let mut table = SerTable::default();
        table.add(&rows);
        assert_eq!(table.puzzles, 1);
        assert_eq!(
            table.er.values().sum::<usize>() + table.unsolved + table.errors,
            1
        );
    }
}
