//! The hunter's pipeline and the comparisons of rating schemes, as rows: what a stage of
//! `sudolink hunt` made of each of its input puzzles (`derivation`, with the ratings a rating
//! stage gave in `rating`), and the rating lists of a comparison with the puzzles each pair
//! rates differently (`compared_rating`, `rating_difference`).
//!
//! A stage is a study run (kind `hunt`) like `classify`'s: an input puzzle's rows are
//! written in one transaction with its `run_puzzle` row, the stage's done-marker for that
//! puzzle, so a stage killed at any moment resumes with the puzzles it has not stored, and a
//! puzzle is never stored twice ([`super::study`]).

use super::study::{claim_position, insert_ratings, RatingRow};
use super::{write_transaction, Store, StoreError};
use rusqlite::params;

/// What a stage made of one input puzzle: the puzzles it made, in order (81-character
/// grids), and the ratings a rating stage gave the input.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DerivedRow {
    pub puzzles: Vec<String>,
    pub ratings: Vec<RatingRow>,
}

/// One rating list of a comparison: a scheme rated here, or a published file's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComparedList {
    /// The scheme's name (`W`, `S+W`) or the published list's (`--ratings NAME=FILE`).
    pub label: String,
    /// Rated here (true) or read from a file (false).
    pub rated: bool,
    /// Puzzle k's rating at index k − 1 (`None`: no rating).
    pub values: Vec<Option<usize>>,
}

/// A puzzle two lists rate differently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DifferenceRow {
    pub a: String,
    pub b: String,
    /// The puzzle's number in the collection, from 1.
    pub number: usize,
    pub rating_a: Option<usize>,
    pub rating_b: Option<usize>,
}

impl Store {
    /// Write what a stage made of several input puzzles, each `(position, grid, derived)`,
    /// in one transaction; a puzzle stored before is written again only when a bound cut
    /// its stored ratings (its rows are replaced).
    pub fn write_derivations(
        &mut self,
        run_id: i64,
        puzzles: &[(usize, String, DerivedRow)],
    ) -> Result<(), StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        for (position, grid, derived) in puzzles {
            if !claim_position(&tx, run_id, *position, grid)? {
                continue;
            }
            insert_ratings(&tx, run_id, *position, &derived.ratings)?;
            for (ordinal, made) in derived.puzzles.iter().enumerate() {
                tx.prepare_cached("INSERT INTO puzzle (grid) VALUES (?1)")?
                    .execute(params![super::write::normalised_grid(made)?])?;
                let puzzle_id = tx.last_insert_rowid();
                tx.prepare_cached(
                    "INSERT INTO derivation (run_id, position, ordinal, puzzle_id)
                     VALUES (?1, ?2, ?3, ?4)",
                )?
                .execute(params![
                    run_id,
                    *position as i64,
                    ordinal as i64,
                    puzzle_id
                ])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Every puzzle a stage made, in (position, ordinal) order: `(position, grid)` to
    /// `visit`.
    pub fn for_each_derivation(
        &self,
        run_id: i64,
        mut visit: impl FnMut(usize, String),
    ) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT d.position, p.grid FROM derivation AS d JOIN puzzle AS p ON p.id = d.puzzle_id
             WHERE d.run_id = ?1 ORDER BY d.position, d.ordinal",
        )?;
        let mut rows = stmt.query(params![run_id])?;
        while let Some(row) = rows.next()? {
            visit(row.get::<_, i64>(0)? as usize, row.get(1)?);
        }
        Ok(())
    }

    /// Store a comparison as one finished run of kind `compare` with `params`: every list's
    /// ratings and every difference of every pair, in one transaction. Returns the run id.
    pub fn write_comparison(
        &mut self,
        params: &serde_json::Value,
        lists: &[ComparedList],
        differences: &[DifferenceRow],
    ) -> Result<i64, StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        tx.execute(
            "INSERT INTO run (kind, params, finished)
             VALUES ('compare', ?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
            params![params.to_string()],
        )?;
        let run_id = tx.last_insert_rowid();
        {
            let mut stmt = tx.prepare_cached(
                "INSERT INTO compared_rating (run_id, label, source, number, rating)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for list in lists {
                let source = if list.rated { "scheme" } else { "published" };
                for (i, value) in list.values.iter().enumerate() {
                    let rating = value.map(|n| n as i64);
                    stmt.execute(params![run_id, list.label, source, i as i64 + 1, rating])?;
                }
            }
            let mut stmt = tx.prepare_cached(
                "INSERT INTO rating_difference (run_id, a, b, number, rating_a, rating_b)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for d in differences {
                stmt.execute(params![
                    run_id,
                    d.a,
                    d.b,
                    d.number as i64,
                    d.rating_a.map(|n| n as i64),
                    d.rating_b.map(|n| n as i64)
                ])?;
            }
        }
        tx.commit()?;
        Ok(run_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::RatingValue;
    use serde_json::json;

    const GRID: &str =
        "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....";
    const OTHER: &str =
        "1.....7.9...1..2...6...7.1..3..45..1...9...2...8.....4..5..8...6..7...9..4..3....";

    fn te_row(level: Option<usize>, cut: bool) -> RatingRow {
        RatingRow {
            scheme: "TE".into(),
            rating: level.map(RatingValue::Level),
            ep: None,
            ed: None,
            difficulty: None,
            hardest: Some("TE2".into()),
            seconds: 0.01,
            error: None,
            cut: cut.then(|| crate::study::RowCut {
                bound: "time".into(),
                above: 1,
                bounds: "1 s".into(),
            }),
        }
    }

    fn derived(store: &Store, run: i64) -> Vec<(usize, String)> {
        let mut seen = Vec::new();
        store
            .for_each_derivation(run, |p, g| seen.push((p, g)))
            .unwrap();
        seen
    }

    /// A stage's rows round-trip in order; a puzzle stored whole is not written twice, one
    /// whose rating a bound cut is replaced whole.
    #[test]
    fn derivations_round_trip_once_and_a_cut_one_is_replaced() {
        let mut store = Store::in_memory().unwrap();
        let run = store.start_run("hunt", &json!({})).unwrap();
        let made = DerivedRow {
            puzzles: vec![OTHER.into(), GRID.into()],
            ratings: Vec::new(),
        };
        let cut = DerivedRow {
            puzzles: vec![GRID.into()],
            ratings: vec![te_row(None, true)],
        };
        let batch = vec![(0, GRID.to_string(), made.clone()), (1, OTHER.into(), cut)];
        store.write_derivations(run, &batch).unwrap();
        store.write_derivations(run, &batch[..1]).unwrap();
        let kept = DerivedRow {
            puzzles: vec![OTHER.into()],
            ratings: vec![te_row(Some(2), false)],
        };
        store
            .write_derivations(run, &[(1, OTHER.into(), kept)])
            .unwrap();
        assert_eq!(
            derived(&store, run),
            [(0, OTHER.into()), (0, GRID.into()), (1, OTHER.into())]
        );
        let mut ratings = Vec::new();
        store
            .for_each_rating(run, |p, _, r| ratings.push((p, r)))
            .unwrap();
        assert_eq!(ratings, [(1, te_row(Some(2), false))]);
    }

    #[test]
    fn a_comparison_is_one_finished_run_with_its_lists_and_differences() {
        let mut store = Store::in_memory().unwrap();
        let list = |label: &str, rated, values: Vec<Option<usize>>| ComparedList {
            label: label.into(),
            rated,
            values,
        };
        let lists = [
            list("W", true, vec![Some(2), Some(5)]),
            list("S+W", false, vec![Some(2), None]),
        ];
        let difference = DifferenceRow {
            a: "W".into(),
            b: "S+W".into(),
            number: 2,
            rating_a: Some(5),
            rating_b: None,
        };
        let run = store
            .write_comparison(
                &json!({"schemes": ["W"]}),
                &lists,
                std::slice::from_ref(&difference),
            )
            .unwrap();
        assert_eq!(
            store
                .find_run("compare", &json!({"schemes": ["W"]}))
                .unwrap(),
            Some((run, true))
        );
        let count = |store: &Store, sql: &str| -> i64 {
            store.conn.query_row(sql, [], |r| r.get(0)).unwrap()
        };
        assert_eq!(count(&store, "SELECT count(*) FROM compared_rating"), 4);
        assert_eq!(
            count(
                &store,
                "SELECT count(*) FROM compared_rating WHERE rating IS NULL"
            ),
            1
        );
        assert_eq!(
            count(
                &store,
                "SELECT rating_a FROM rating_difference WHERE b = 'S+W'"
            ),
            5
        );
        // a difference naming a puzzle no list has is refused, and nothing of it stays
        let mut bad = difference;
        bad.number = 3;
        assert!(store.write_comparison(&json!({}), &lists, &[bad]).is_err());
        assert_eq!(count(&store, "SELECT count(*) FROM run"), 1);
    }

    /// A version 7 store (before the pipeline) gains its tables on its first write and
    /// keeps its runs.
    #[test]
    fn a_version_7_store_gets_the_pipeline_and_comparison_tables() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v7.db");
        {
            let mut store = Store::create(&path).unwrap();
            let run = store.start_run("classify", &json!({})).unwrap();
            store
                .write_ratings(run, &[(0, GRID.to_string(), vec![te_row(Some(1), false)])])
                .unwrap();
            store
                .conn
                .execute_batch(
                    "DROP TABLE rating_difference; DROP TABLE compared_rating;
                     DROP TABLE derivation; PRAGMA user_version = 7;",
                )
                .unwrap();
        }
        let mut store = Store::create(&path).unwrap();
        let version: i64 = store
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, crate::schema::SCHEMA_VERSION);
        let run = store.start_run("hunt", &json!({})).unwrap();
        let made = DerivedRow {
            puzzles: vec![OTHER.into()],
            ratings: Vec::new(),
        };
        store
            .write_derivations(run, &[(0, GRID.into(), made)])
            .unwrap();
        assert_eq!(derived(&store, run), [(0, OTHER.into())]);
        let count = |sql: &str| -> i64 { store.conn.query_row(sql, [], |r| r.get(0)).unwrap() };
        assert_eq!(count("SELECT count(*) FROM rating"), 1);
    }
}
