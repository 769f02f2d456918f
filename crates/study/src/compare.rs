//! Berthier's comparisons of rating schemes over a collection (CSP-Rules-Examples,
//! `Sudoku-b/cbg-000/comparisons.txt`, [CSP-Rules]): for two schemes rated on the same
//! puzzles, how many puzzles they rate differently, and the list of them with both ratings,
//! in his layout (`#382; W5; S+W3 <<<<<<<<`: one `<<<<<<<<` when the ratings differ by more
//! than 1, two when by more than 2).
//!
//! The ratings come from our schemes ([`crate::rating`]) or from a published file (one
//! rating per line, in the collection's order: SudoRules' `W-ratings-000.txt`), so that a
//! comparison of SudoRules' files and one of our ratings print alike and can be compared line
//! by line.

use thiserror::Error;

/// One scheme's ratings over a collection, puzzle k (from 1) at index k − 1; `None` where the
/// puzzle has no rating (not solved up to the length bound, cut by a bound, or failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ratings {
    /// The scheme's name as the comparison prints it (`W`, `S+W`).
    pub label: String,
    pub values: Vec<Option<usize>>,
}

/// A puzzle the two schemes rate differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The puzzle's number in the collection, from 1.
    pub number: usize,
    pub a: Option<usize>,
    pub b: Option<usize>,
}

impl Difference {
    /// |a − b|, when both are rated.
    pub fn gap(&self) -> Option<usize> {
        Some(self.a?.abs_diff(self.b?))
    }
}

/// Two schemes compared over one collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    pub a: String,
    pub b: String,
    /// How many puzzles were compared.
    pub puzzles: usize,
    /// Every puzzle rated differently, in the collection's order.
    pub differences: Vec<Difference>,
}

/// Why two rating lists cannot be compared, or a ratings file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CompareError {
    #[error("{a} has {na} ratings and {b} has {nb}: a comparison needs one rating per puzzle of the same collection")]
    Lengths {
        a: String,
        b: String,
        na: usize,
        nb: usize,
    },
    #[error("{label}, line {line}: {text:?} is not a rating (a whole number, one per line)")]
    NotARating {
        label: String,
        line: usize,
        text: String,
    },
}

/// Read a ratings file: one whole number per line (blank lines and `#` comments skipped;
/// `-` for a puzzle with no rating).
pub fn read_ratings(label: &str, text: &str) -> Result<Ratings, CompareError> {
    let mut values = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t == "-" {
            values.push(None);
            continue;
        }
        let n = t.parse().map_err(|_| CompareError::NotARating {
            label: label.to_string(),
            line: i + 1,
            text: t.to_string(),
        })?;
        values.push(Some(n));
    }
    Ok(Ratings {
        label: label.to_string(),
        values,
    })
}

impl Comparison {
    /// Compare `a` and `b`, puzzle by puzzle.
    pub fn of(a: &Ratings, b: &Ratings) -> Result<Comparison, CompareError> {
        if a.values.len() != b.values.len() {
            return Err(CompareError::Lengths {
                a: a.label.clone(),
                b: b.label.clone(),
                na: a.values.len(),
                nb: b.values.len(),
            });
        }
        let differences = a
            .values
            .iter()
            .zip(&b.values)
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, (&x, &y))| Difference {
                number: i + 1,
                a: x,
                b: y,
            })
            .collect();
        Ok(Comparison {
            a: a.label.clone(),
            b: b.label.clone(),
            puzzles: a.values.len(),
            differences,
        })
    }

    /// How many differences are larger than `gap`.
    pub fn larger_than(&self, gap: usize) -> usize {
        self.differences
            .iter()
            .filter(|d| d.gap().is_some_and(|g| g > gap))
            .count()
    }

    /// Puzzles where `a` is higher than `b`, and where it is lower (Berthier's "positive"
    /// and "negative" differences).
    pub fn signs(&self) -> (usize, usize) {
        let higher = self
            .differences
            .iter()
            .filter(|d| matches!((d.a, d.b), (Some(x), Some(y)) if x > y))
            .count();
        let lower = self
            .differences
            .iter()
            .filter(|d| matches!((d.a, d.b), (Some(x), Some(y)) if x < y))
            .count();
        (higher, lower)
    }

    /// One difference as Berthier lists it: `#382; W5; S+W3 <<<<<<<<` (`W-` for no rating).
    pub fn line(&self, d: &Difference) -> String {
        let rated = |label: &str, r: Option<usize>| match r {
            Some(n) => format!("{label}{n}"),
            None => format!("{label}-"),
        };
        let marks = match d.gap() {
            Some(g) if g > 2 => " <<<<<<<< <<<<<<<<",
            Some(g) if g > 1 => " <<<<<<<<",
            _ => "",
        };
        format!(
            "#{}; {}; {}{marks}",
            d.number,
            rated(&self.a, d.a),
            rated(&self.b, d.b)
        )
    }

    /// The whole comparison in Berthier's layout: the heading, the counts, the list.
    pub fn text(&self) -> String {
        let pct = |k: usize| 100.0 * k as f64 / self.puzzles.max(1) as f64;
        let n = self.differences.len();
        let (higher, lower) = self.signs();
        let mut out = format!(
            "{} vs {}: {n} differences in {} puzzles ({:.3} %); {higher} with {} > {}, {lower} with {} < {}\n",
            self.a,
            self.b,
            self.puzzles,
            pct(n),
            self.a,
            self.b,
            self.a,
            self.b
        );
        out.push_str(&format!(
            "{} with difference > 1 ({:.3} %), {} with difference > 2 ({:.3} %)\n",
            self.larger_than(1),
            pct(self.larger_than(1)),
            self.larger_than(2),
            pct(self.larger_than(2))
        ));
        for d in &self.differences {
            out.push_str(&self.line(d));
            out.push('\n');
        }
        out
    }
}

/// Every pair of `ratings` in the order given (the first against each later one, then the
/// second...).
pub fn every_pair(ratings: &[Ratings]) -> Result<Vec<Comparison>, CompareError> {
    let mut out = Vec::new();
    for (i, a) in ratings.iter().enumerate() {
        for b in &ratings[i + 1..] {
            out.push(Comparison::of(a, b)?);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratings(label: &str, v: &[usize]) -> Ratings {
        Ratings {
            label: label.into(),
            values: v.iter().map(|&x| Some(x)).collect(),
        }
    }

    #[test]
    fn berthier_layout_marks_gaps_above_one_and_two() {
        let w = ratings("W", &[0, 5, 7, 4, 3]);
        let sw = ratings("S+W", &[0, 3, 3, 3, 3]);
        let c = Comparison::of(&w, &sw).unwrap();
        let lines: Vec<String> = c.differences.iter().map(|d| c.line(d)).collect();
        assert_eq!(
            lines,
            [
                "#2; W5; S+W3 <<<<<<<<",
                "#3; W7; S+W3 <<<<<<<< <<<<<<<<",
                "#4; W4; S+W3"
            ]
        );
        assert_eq!((c.larger_than(1), c.larger_than(2)), (2, 1));
        assert_eq!(c.signs(), (3, 0));
        assert!(c
            .text()
            .starts_with("W vs S+W: 3 differences in 5 puzzles (60.000 %)"));
    }

    #[test]
    fn files_of_other_lengths_and_bad_lines_are_errors() {
        let err = read_ratings("W", "0\n5\nx\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "W, line 3: \"x\" is not a rating (a whole number, one per line)"
        );
        let a = ratings("W", &[1, 2]);
        let b = ratings("B", &[1]);
        assert!(matches!(
            Comparison::of(&a, &b),
            Err(CompareError::Lengths { .. })
        ));
        assert_eq!(
            read_ratings("W", "# c\n3\n-\n").unwrap().values,
            [Some(3), None]
        );
    }
}
