//! The study tables: a run's puzzles (`run_puzzle`), classification ratings (`rating`) and
//! subsumption eliminations (`elimination`, on `state` rows of the run), and the lookups a
//! resumed run needs. Rows here are plain data; `study` turns its results into them.
//!
//! A puzzle's rows are written in one transaction together with its `run_puzzle` row, so a
//! run interrupted at any moment holds whole puzzles only, and "done" means "has a
//! `run_puzzle` row". Writers batch several puzzles in one transaction (the CLI commits
//! about once a second); a puzzle another writer of the same run already stored is skipped,
//! so two processes on one run both finish without a constraint error.

use super::{write_transaction, Store, StoreError};
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSqlOutput, Value, ValueRef};
use rusqlite::{params, OptionalExtension, ToSql, Transaction};
use std::collections::{HashMap, HashSet};

/// One scheme's rating of one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub scheme: String,
    /// `None`: not solved up to the run's maximal length (level schemes), or an error.
    pub rating: Option<RatingValue>,
    /// SER's EP and ED, as SE prints them (`None` for the level schemes and errors).
    pub ep: Option<f64>,
    pub ed: Option<f64>,
    /// HoDoKu's difficulty level (`Easy` ... `Extreme`) beside its score in `rating`
    /// (`None` for the other schemes and errors).
    pub difficulty: Option<String>,
    pub hardest: Option<String>,
    pub seconds: f64,
    pub error: Option<String>,
    /// The bound that cut the rating before it was reached (then `rating` is `None`).
    pub cut: Option<RowCut>,
}

/// A rating cut by a bound, as the store keeps it: `cut` (the kind of bound: `time`,
/// `memory` or `budget`), `cut_above` (the level it is known to exceed) and `bounds` (what
/// the run was given: `60 s, 500 MB`). A later run of the same study studies these puzzles
/// again ([`Store::cut_positions`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowCut {
    pub bound: String,
    pub above: usize,
    pub bounds: String,
}

/// A rating as the `rating` column holds it: a level scheme's least n or HoDoKu's score
/// (INTEGER), or Sudoku Explainer's ER (REAL, one decimal; 20.0 when SE's rules do not
/// solve the puzzle).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RatingValue {
    Level(usize),
    Er(f64),
}

impl RatingValue {
    /// The level of a level scheme.
    pub fn level(self) -> Option<usize> {
        match self {
            RatingValue::Level(n) => Some(n),
            RatingValue::Er(_) => None,
        }
    }
}

impl std::fmt::Display for RatingValue {
    /// `5` for a level, `7.1` for an ER.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RatingValue::Level(n) => write!(f, "{n}"),
            RatingValue::Er(er) => write!(f, "{er:.1}"),
        }
    }
}

impl ToSql for RatingValue {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Owned(match *self {
            RatingValue::Level(n) => Value::Integer(n as i64),
            RatingValue::Er(er) => Value::Real(er),
        }))
    }
}

impl FromSql for RatingValue {
    /// INTEGER a level, REAL an ER (NULL is `Option`'s `None`).
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<RatingValue> {
        match value {
            ValueRef::Integer(n) => usize::try_from(n)
                .map(RatingValue::Level)
                .map_err(|_| FromSqlError::OutOfRange(n)),
            ValueRef::Real(er) => Ok(RatingValue::Er(er)),
            _ => Err(FromSqlError::InvalidType),
        }
    }
}

/// One eliminated candidate of a studied state: the family and its shortest proof length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EliminationRow {
    pub family: String,
    /// Candidate index (0..729).
    pub cand: usize,
    /// `r4c5<>6`.
    pub label: String,
    pub length: usize,
}

/// One studied state of a puzzle: its index along the path, the placed digits and the
/// 729-character pencil marks, and what every family eliminates there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudiedStateRow {
    pub step_index: usize,
    pub grid: String,
    pub pencil_marks: String,
    pub eliminations: Vec<EliminationRow>,
}

/// One puzzle (or state) studied under one theory by `sudolink backdoors`
/// (`backdoor_study`), with what it found (`backdoor`).
#[derive(Clone, Debug, PartialEq)]
pub struct BackdoorStudyRow {
    /// `BRT`, `W1`, `S2`, `S3`, `S4`.
    pub theory: String,
    /// The backdoor size (`None`: not asked, above the largest size searched, or cut).
    pub size: Option<usize>,
    /// When the size is not known: it is more than this.
    pub size_above: Option<usize>,
    /// The bound that cut a search (`time`, `memory`, `budget`).
    pub cut: Option<String>,
    pub seconds: f64,
    /// Why the puzzle could not be studied.
    pub error: Option<String>,
    pub items: Vec<BackdoorItemRow>,
}

/// One candidate, pair or step of a backdoor study (`backdoor`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackdoorItemRow {
    /// `backdoor`, `size_witness`, `anti_backdoor`, `anti_backdoor_pair`, `one_step`,
    /// `two_step`, `fewer_step`.
    pub kind: String,
    /// Its place in its list, from 1.
    pub ordinal: usize,
    /// The step of a solution (from 1), 0 for the lists without steps.
    pub step: usize,
    /// Candidate indexes (0..729): the candidate, and a pair's second.
    pub cand: usize,
    pub cand2: Option<usize>,
    /// `n8r9c2`, or `n8r9c2 n7r1c3` for a pair.
    pub label: String,
    /// The step's proof view as JSON.
    pub proof: Option<String>,
}

/// A studied state read back, with its puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredState {
    pub position: usize,
    pub puzzle: String,
    pub state: StudiedStateRow,
}

impl Store {
    /// The latest run of `kind` whose parameters equal `params`: its id and whether it
    /// finished.
    pub fn find_run(
        &self,
        kind: &str,
        params: &serde_json::Value,
    ) -> Result<Option<(i64, bool)>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, finished IS NOT NULL FROM run WHERE kind = ?1 AND params = ?2
                 ORDER BY id DESC LIMIT 1",
                params![kind, params.to_string()],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?)
    }

    /// The puzzles a run has finished: position → 81-character grid.
    pub fn run_puzzles(&self, run_id: i64) -> Result<HashMap<usize, String>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT rp.position, p.grid FROM run_puzzle AS rp
             JOIN puzzle AS p ON p.id = rp.puzzle_id WHERE rp.run_id = ?1",
        )?;
        let rows = stmt.query_map(params![run_id], |row| {
            Ok((row.get::<_, i64>(0)? as usize, row.get(1)?))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The positions of a run whose ratings a bound cut: a later run of the same study
    /// studies them again (with the bounds it is given) and replaces their rows.
    pub fn cut_positions(&self, run_id: i64) -> Result<HashSet<usize>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT DISTINCT position FROM rating WHERE run_id = ?1 AND cut IS NOT NULL",
        )?;
        let rows = stmt.query_map(params![run_id], |row| Ok(row.get::<_, i64>(0)? as usize))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Write the ratings of several puzzles of a run, each `(position, grid, ratings)`, in
    /// one transaction; a puzzle stored before is written again only when a bound cut its
    /// stored ratings.
    pub fn write_ratings(
        &mut self,
        run_id: i64,
        puzzles: &[(usize, String, Vec<RatingRow>)],
    ) -> Result<(), StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        for (position, grid, ratings) in puzzles {
            if claim_position(&tx, run_id, *position, grid)? {
                insert_ratings(&tx, run_id, *position, ratings)?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Write the backdoor studies of several puzzles of a run, each `(position, grid,
    /// studies)`, in one transaction (a puzzle stored before is left as it is).
    pub fn write_backdoor_studies(
        &mut self,
        run_id: i64,
        puzzles: &[(usize, String, Vec<BackdoorStudyRow>)],
    ) -> Result<(), StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        for (position, grid, studies) in puzzles {
            if insert_run_puzzle(&tx, run_id, *position, grid)?.is_none() {
                continue;
            }
            for study in studies {
                insert_backdoor_study(&tx, run_id, *position, study)?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Every rating of a run in position order: `(position, grid, row)` to `visit`.
    pub fn for_each_rating(
        &self,
        run_id: i64,
        mut visit: impl FnMut(usize, &str, RatingRow),
    ) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT r.position, p.grid, r.scheme, r.rating, r.hardest, r.seconds, r.error,
                    r.ep, r.ed, r.cut, r.cut_above, r.bounds, r.difficulty
             FROM rating AS r
             JOIN run_puzzle AS rp ON rp.run_id = r.run_id AND rp.position = r.position
             JOIN puzzle AS p ON p.id = rp.puzzle_id
             WHERE r.run_id = ?1 ORDER BY r.position, r.scheme",
        )?;
        let mut rows = stmt.query(params![run_id])?;
        while let Some(row) = rows.next()? {
            let grid: String = row.get(1)?;
            let rating = RatingRow {
                scheme: row.get(2)?,
                rating: row.get(3)?,
                ep: row.get(7)?,
                ed: row.get(8)?,
                difficulty: row.get(12)?,
                hardest: row.get(4)?,
                seconds: row.get(5)?,
                error: row.get(6)?,
                cut: match row.get::<_, Option<String>>(9)? {
                    Some(bound) => Some(RowCut {
                        bound,
                        above: row.get::<_, i64>(10)? as usize,
                        bounds: row.get::<_, Option<String>>(11)?.unwrap_or_default(),
                    }),
                    None => None,
                },
            };
            visit(row.get::<_, i64>(0)? as usize, &grid, rating);
        }
        Ok(())
    }

    /// Write one puzzle of a subsumption run: its studied states (as `state` rows of the
    /// run, without candidate rows: the pencil marks say it) and their eliminations, in one
    /// transaction.
    pub fn write_studied_puzzle(
        &mut self,
        run_id: i64,
        position: usize,
        grid: &str,
        states: &[StudiedStateRow],
    ) -> Result<(), StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        insert_studied_puzzle(&tx, run_id, position, grid, states)?;
        tx.commit()?;
        Ok(())
    }

    /// Write several puzzles of a subsumption run, each `(position, grid, states)`, in one
    /// transaction.
    pub fn write_studied_puzzles(
        &mut self,
        run_id: i64,
        puzzles: &[(usize, String, Vec<StudiedStateRow>)],
    ) -> Result<(), StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        for (position, grid, states) in puzzles {
            insert_studied_puzzle(&tx, run_id, *position, grid, states)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Every studied state of a run, in (position, step) order, with its eliminations.
    pub fn for_each_studied_state(
        &self,
        run_id: i64,
        mut visit: impl FnMut(StoredState),
    ) -> Result<(), StoreError> {
        let mut states = self.conn.prepare(
            "SELECT s.id, rp.position, p.grid, s.step_index, s.grid, s.pencil_marks
             FROM state AS s
             JOIN run_puzzle AS rp ON rp.run_id = s.run_id AND rp.puzzle_id = s.puzzle_id
             JOIN puzzle AS p ON p.id = s.puzzle_id
             WHERE s.run_id = ?1 ORDER BY rp.position, s.step_index",
        )?;
        let mut elims = self.conn.prepare(
            "SELECT family, cand, label, length FROM elimination WHERE state_id = ?1
             ORDER BY family, cand",
        )?;
        let mut rows = states.query(params![run_id])?;
        while let Some(row) = rows.next()? {
            let state_id: i64 = row.get(0)?;
            let eliminations = elims
                .query_map(params![state_id], |e| {
                    Ok(EliminationRow {
                        family: e.get(0)?,
                        cand: e.get::<_, i64>(1)? as usize,
                        label: e.get(2)?,
                        length: e.get::<_, i64>(3)? as usize,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            visit(StoredState {
                position: row.get::<_, i64>(1)? as usize,
                puzzle: row.get(2)?,
                state: StudiedStateRow {
                    step_index: row.get::<_, i64>(3)? as usize,
                    grid: row.get(4)?,
                    pencil_marks: row.get(5)?,
                    eliminations,
                },
            });
        }
        Ok(())
    }
}

fn insert_studied_puzzle(
    tx: &Transaction<'_>,
    run_id: i64,
    position: usize,
    grid: &str,
    states: &[StudiedStateRow],
) -> Result<(), StoreError> {
    let Some(puzzle_id) = insert_run_puzzle(tx, run_id, position, grid)? else {
        return Ok(());
    };
    for s in states {
        tx.prepare_cached(
            "INSERT INTO state (puzzle_id, run_id, step_index, grid, pencil_marks)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            puzzle_id,
            run_id,
            s.step_index as i64,
            s.grid,
            s.pencil_marks
        ])?;
        let state_id = tx.last_insert_rowid();
        let mut stmt = tx.prepare_cached(
            "INSERT INTO elimination (run_id, state_id, family, cand, label, length)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for e in &s.eliminations {
            stmt.execute(params![
                run_id,
                state_id,
                e.family,
                e.cand as i64,
                e.label,
                e.length as i64
            ])?;
        }
    }
    Ok(())
}

/// One `backdoor_study` row and its `backdoor` rows.
fn insert_backdoor_study(
    tx: &Transaction<'_>,
    run_id: i64,
    position: usize,
    study: &BackdoorStudyRow,
) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO backdoor_study
         (run_id, position, theory, size, size_above, cut, seconds, error)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        run_id,
        position as i64,
        study.theory,
        study.size.map(|k| k as i64),
        study.size_above.map(|k| k as i64),
        study.cut,
        study.seconds,
        study.error,
    ])?;
    let mut stmt = tx.prepare_cached(
        "INSERT INTO backdoor
         (run_id, position, theory, kind, ordinal, step, cand, cand2, label, proof)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for item in &study.items {
        stmt.execute(params![
            run_id,
            position as i64,
            study.theory,
            item.kind,
            item.ordinal as i64,
            item.step as i64,
            item.cand as i64,
            item.cand2.map(|c| c as i64),
            item.label,
            item.proof,
        ])?;
    }
    Ok(())
}

/// Take `position` of a run for writing its rows: a new position gets its puzzle and
/// `run_puzzle` row (true); a stored one is written again (true) only when a bound cut its
/// stored ratings, which are deleted with what it derived (`derivation`), else left as it is
/// (false: another writer, or an earlier session, stored it whole).
pub(crate) fn claim_position(
    tx: &Transaction<'_>,
    run_id: i64,
    position: usize,
    grid: &str,
) -> Result<bool, StoreError> {
    if insert_run_puzzle(tx, run_id, position, grid)?.is_some() {
        return Ok(true);
    }
    let cut: bool = tx
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM rating WHERE run_id = ?1 AND position = ?2
                            AND cut IS NOT NULL)",
        )?
        .query_row(params![run_id, position as i64], |row| row.get(0))?;
    if cut {
        for table in ["rating", "derivation"] {
            tx.prepare_cached(&format!(
                "DELETE FROM {table} WHERE run_id = ?1 AND position = ?2"
            ))?
            .execute(params![run_id, position as i64])?;
        }
    }
    Ok(cut)
}

/// One puzzle's `rating` rows.
pub(crate) fn insert_ratings(
    tx: &Transaction<'_>,
    run_id: i64,
    position: usize,
    ratings: &[RatingRow],
) -> Result<(), StoreError> {
    let mut stmt = tx.prepare_cached(
        "INSERT INTO rating
         (run_id, position, scheme, rating, hardest, seconds, error, ep, ed,
          cut, cut_above, bounds, difficulty)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?;
    for r in ratings {
        stmt.execute(params![
            run_id,
            position as i64,
            r.scheme,
            r.rating,
            r.hardest,
            r.seconds,
            r.error,
            r.ep,
            r.ed,
            r.cut.as_ref().map(|c| c.bound.as_str()),
            r.cut.as_ref().map(|c| c.above as i64),
            r.cut.as_ref().map(|c| c.bounds.as_str()),
            r.difficulty,
        ])?;
    }
    Ok(())
}

/// Insert the puzzle and its `run_puzzle` row; returns the puzzle id, or `None` when the
/// run already has this position (stored by another writer: nothing is inserted).
pub(crate) fn insert_run_puzzle(
    tx: &Transaction<'_>,
    run_id: i64,
    position: usize,
    grid: &str,
) -> Result<Option<i64>, StoreError> {
    let stored: Option<i64> = tx
        .prepare_cached("SELECT 1 FROM run_puzzle WHERE run_id = ?1 AND position = ?2")?
        .query_row(params![run_id, position as i64], |row| row.get(0))
        .optional()?;
    if stored.is_some() {
        return Ok(None);
    }
    tx.prepare_cached("INSERT INTO puzzle (grid) VALUES (?1)")?
        .execute(params![super::write::normalised_grid(grid)?])?;
    let puzzle_id = tx.last_insert_rowid();
    tx.prepare_cached("INSERT INTO run_puzzle (run_id, position, puzzle_id) VALUES (?1, ?2, ?3)")?
        .execute(params![run_id, position as i64, puzzle_id])?;
    Ok(Some(puzzle_id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const GRID: &str =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";

    fn level_row(scheme: &str, level: Option<usize>) -> RatingRow {
        RatingRow {
            scheme: scheme.into(),
            rating: level.map(RatingValue::Level),
            ep: None,
            ed: None,
            difficulty: None,
            hardest: Some("nrc[4]".into()),
            seconds: 0.5,
            error: None,
            cut: None,
        }
    }

    fn ser_row(er: f64, ep: f64, ed: f64) -> RatingRow {
        RatingRow {
            scheme: "SER".into(),
            rating: Some(RatingValue::Er(er)),
            ep: Some(ep),
            ed: Some(ed),
            difficulty: None,
            hardest: Some("Forcing Chain".into()),
            seconds: 0.01,
            error: None,
            cut: None,
        }
    }

    fn hodoku_row(level: &str, score: usize) -> RatingRow {
        RatingRow {
            scheme: "hodoku".into(),
            rating: Some(RatingValue::Level(score)),
            ep: None,
            ed: None,
            difficulty: Some(level.into()),
            hardest: Some("Forcing Chain Verity".into()),
            seconds: 0.02,
            error: None,
            cut: None,
        }
    }

    #[test]
    fn a_hodoku_row_keeps_its_level_beside_its_score_and_refuses_an_unknown_level() {
        let mut store = Store::in_memory().unwrap();
        let run = store.start_run("classify", &json!({})).unwrap();
        let row = hodoku_row("Extreme", 2468);
        store
            .write_ratings(run, &[(0, GRID.to_string(), vec![row.clone()])])
            .unwrap();
        let mut seen = Vec::new();
        store.for_each_rating(run, |_, _, r| seen.push(r)).unwrap();
        assert_eq!(seen, [row]);
        let batch = vec![(1, GRID.to_string(), vec![hodoku_row("Hardest", 10)])];
        assert!(store.write_ratings(run, &batch).is_err());
    }

    #[test]
    fn a_version_4_store_gets_the_difficulty_column_and_keeps_its_ratings() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v4.db");
        let run = {
            let mut store = Store::create(&path).unwrap();
            let run = store.start_run("classify", &json!({})).unwrap();
            store
                .write_ratings(run, &[(0, GRID.to_string(), vec![ser_row(7.1, 1.2, 1.2)])])
                .unwrap();
            // version 4's rating table: no difficulty column
            store
                .conn
                .execute_batch(
                    "ALTER TABLE rating DROP COLUMN difficulty; PRAGMA user_version = 4;",
                )
                .unwrap();
            run
        };
        let mut store = Store::create(&path).unwrap();
        let version: i64 = store
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, super::super::schema::SCHEMA_VERSION);
        store
            .write_ratings(
                run,
                &[(1, GRID.to_string(), vec![hodoku_row("Hard", 1042)])],
            )
            .unwrap();
        let mut seen = Vec::new();
        store
            .for_each_rating(run, |p, _, r| seen.push((p, r)))
            .unwrap();
        assert_eq!(
            seen,
            [(0, ser_row(7.1, 1.2, 1.2)), (1, hodoku_row("Hard", 1042))]
        );
    }

    #[test]
    fn a_rating_row_mixing_a_level_with_ser_numbers_is_refused() {
        let mut store = Store::in_memory().unwrap();
        let run = store.start_run("classify", &json!({})).unwrap();
        let mut mixed = level_row("W", Some(3));
        mixed.ep = Some(1.2);
        mixed.ed = Some(1.2);
        let mut no_ep = ser_row(7.1, 1.2, 1.2);
        no_ep.ep = None;
        for row in [mixed, no_ep] {
            let batch = vec![(0, GRID.to_string(), vec![row.clone()])];
            assert!(store.write_ratings(run, &batch).is_err(), "{row:?}");
        }
        assert!(store.run_puzzles(run).unwrap().is_empty());
    }

    #[test]
    fn a_version_1_store_is_upgraded_by_its_first_writer_keeping_its_ratings() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v1.db");
        // version 1's rating table, as sudolink wrote it before SER
        let run = {
            let mut store = Store::create(&path).unwrap();
            let run = store
                .start_run("classify", &json!({"schemes": ["W"]}))
                .unwrap();
            store
                .write_ratings(run, &[(0, GRID.to_string(), vec![level_row("W", Some(5))])])
                .unwrap();
            store
                .conn
                .execute_batch(
                    "PRAGMA foreign_keys = OFF;
                     ALTER TABLE rating RENAME TO r2;
                     CREATE TABLE rating (
                         run_id INTEGER NOT NULL, position INTEGER NOT NULL,
                         scheme TEXT NOT NULL, rating INTEGER, hardest TEXT,
                         seconds REAL NOT NULL, error TEXT,
                         PRIMARY KEY (run_id, position, scheme),
                         FOREIGN KEY (run_id, position) REFERENCES run_puzzle(run_id, position)
                     ) STRICT, WITHOUT ROWID;
                     INSERT INTO rating SELECT run_id, position, scheme, rating, hardest,
                         seconds, error FROM r2;
                     DROP TABLE r2;
                     PRAGMA user_version = 1;",
                )
                .unwrap();
            run
        };
        let mut store = Store::create(&path).unwrap();
        let version: i64 = store
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, super::super::schema::SCHEMA_VERSION);
        store
            .write_ratings(run, &[(1, GRID.to_string(), vec![ser_row(2.0, 2.0, 1.2)])])
            .unwrap();
        let mut seen = Vec::new();
        store
            .for_each_rating(run, |p, _, r| seen.push((p, r)))
            .unwrap();
        assert_eq!(
            seen,
            [(0, level_row("W", Some(5))), (1, ser_row(2.0, 2.0, 1.2))]
        );
    }

    #[test]
    fn ratings_round_trip_and_runs_are_found_by_parameters() {
        let mut store = Store::in_memory().unwrap();
        let params = json!({"input": "x.txt", "max_len": 7});
        assert_eq!(store.find_run("classify", &params).unwrap(), None);
        let run = store.start_run("classify", &params).unwrap();
        assert_eq!(
            store.find_run("classify", &params).unwrap(),
            Some((run, false))
        );
        assert_eq!(store.find_run("subsume", &params).unwrap(), None);
        let rows = vec![level_row("M", Some(4)), ser_row(7.1, 1.2, 1.2)];
        store
            .write_ratings(run, &[(3, GRID.to_string(), rows.clone())])
            .unwrap();
        assert_eq!(store.run_puzzles(run).unwrap()[&3], GRID);
        let mut seen = Vec::new();
        store
            .for_each_rating(run, |p, g, r| seen.push((p, g.to_string(), r)))
            .unwrap();
        let expected: Vec<_> = rows.into_iter().map(|r| (3, GRID.to_string(), r)).collect();
        assert_eq!(seen, expected);
        // the level is an INTEGER, the ER a REAL: what Python's sqlite3 reads as int, float
        let types: Vec<(String, String)> = store
            .conn
            .prepare("SELECT scheme, typeof(rating) FROM rating ORDER BY scheme")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            types,
            [
                ("M".into(), "integer".into()),
                ("SER".into(), "real".into())
            ]
        );
        store.finish_run(run).unwrap();
        assert_eq!(
            store.find_run("classify", &params).unwrap(),
            Some((run, true))
        );
    }

    #[test]
    fn a_failed_write_leaves_no_puzzle_behind() {
        let mut store = Store::in_memory().unwrap();
        let run = store.start_run("classify", &json!({})).unwrap();
        let row = level_row("M", None);
        // the same scheme twice violates the primary key: nothing of the batch stays
        let batch = vec![(0, GRID.to_string(), vec![row.clone(), row])];
        assert!(store.write_ratings(run, &batch).is_err());
        assert!(store.run_puzzles(run).unwrap().is_empty());
    }

    #[test]
    fn studied_states_round_trip() {
        let mut store = Store::in_memory().unwrap();
        let run = store.start_run("subsume", &json!({})).unwrap();
        let state = StudiedStateRow {
            step_index: 2,
            grid: GRID.to_string(),
            pencil_marks: "1".repeat(729),
            eliminations: vec![EliminationRow {
                family: "nrc".into(),
                cand: 40,
                label: "r1c5<>5".into(),
                length: 3,
            }],
        };
        store
            .write_studied_puzzle(run, 0, GRID, std::slice::from_ref(&state))
            .unwrap();
        let mut seen = Vec::new();
        store.for_each_studied_state(run, |s| seen.push(s)).unwrap();
        assert_eq!(
            seen,
            vec![StoredState {
                position: 0,
                puzzle: GRID.to_string(),
                state
            }]
        );
    }

    fn backdoor_row() -> BackdoorStudyRow {
        let item = |kind: &str, ordinal, step, cand, cand2| BackdoorItemRow {
            kind: kind.into(),
            ordinal,
            step,
            cand,
            cand2,
            label: "n1r1c1".into(),
            proof: None,
        };
        BackdoorStudyRow {
            theory: "W1".into(),
            size: Some(1),
            size_above: None,
            cut: None,
            seconds: 0.001,
            error: None,
            items: vec![
                item("backdoor", 1, 0, 0, None),
                item("anti_backdoor_pair", 1, 0, 0, Some(10)),
                item("two_step", 1, 1, 0, Some(10)),
                item("two_step", 1, 2, 0, Some(10)),
            ],
        }
    }

    /// A version 6 store (before the backdoor studies) gains their tables on its first
    /// write, keeps its runs, and takes a backdoor run; an unknown kind is refused.
    #[test]
    fn a_version_6_store_gets_the_backdoor_tables() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v6.db");
        {
            let mut store = Store::create(&path).unwrap();
            let run = store.start_run("classify", &json!({})).unwrap();
            store
                .write_ratings(run, &[(0, GRID.to_string(), vec![ser_row(7.1, 1.2, 1.2)])])
                .unwrap();
            store
                .conn
                .execute_batch(
                    "DROP TABLE backdoor; DROP TABLE backdoor_study; PRAGMA user_version = 6;",
                )
                .unwrap();
        }
        let mut store = Store::create(&path).unwrap();
        let version: i64 = store
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, super::super::schema::SCHEMA_VERSION);
        let run = store.start_run("backdoors", &json!({})).unwrap();
        store
            .write_backdoor_studies(run, &[(0, GRID.to_string(), vec![backdoor_row()])])
            .unwrap();
        let count = |sql: &str| -> i64 { store.conn.query_row(sql, [], |r| r.get(0)).unwrap() };
        assert_eq!(
            count("SELECT count(*) FROM backdoor_study WHERE size = 1"),
            1
        );
        assert_eq!(count("SELECT count(*) FROM backdoor WHERE cand2 = 10"), 3);
        assert_eq!(count("SELECT count(*) FROM rating"), 1);
        let mut bad = backdoor_row();
        bad.items[0].kind = "guess".into();
        assert!(store
            .write_backdoor_studies(run, &[(1, GRID.to_string(), vec![bad])])
            .is_err());
    }
}
