//! Keeping puzzles by their rating, the filter between the workbench's stages: an
//! expression such as `te>=2`, `BxB>=3`, `B>12` or `>=9` (a scheme's name, optional, then
//! `>=`, `<=`, `>`, `<` or `=`, then a number) compared with the first number of a rating
//! as `rate` prints it (`TE2` → 2, `B3B` → 3, `14` → 14, SER's `9.0/9.0/2.6` → its ER 9.0).
//! A rating a bound cut (`B>20`) is never kept: it is not known.

use std::str::FromStr;
use thiserror::Error;

/// A filter on ratings.
#[derive(Debug, Clone, PartialEq)]
pub struct Keep {
    /// The scheme named before the comparison, when one is.
    pub scheme: Option<String>,
    op: Op,
    value: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    AtLeast,
    AtMost,
    Above,
    Below,
    Equal,
}

/// Why a filter does not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a filter: write a scheme (optional), one of >= <= > < =, then a number, as `te>=2` or `BxB>=3`")]
pub struct KeepError(pub String);

impl FromStr for Keep {
    type Err = KeepError;

    fn from_str(text: &str) -> Result<Keep, KeepError> {
        let bad = || KeepError(text.to_string());
        let at = text.find(['>', '<', '=']).ok_or_else(bad)?;
        let (name, rest) = text.split_at(at);
        let (op, number) = [
            (">=", Op::AtLeast),
            ("<=", Op::AtMost),
            (">", Op::Above),
            ("<", Op::Below),
            ("=", Op::Equal),
        ]
        .into_iter()
        .find_map(|(sign, op)| rest.strip_prefix(sign).map(|n| (op, n)))
        .ok_or_else(bad)?;
        let value: f64 = number.trim().parse().map_err(|_| bad())?;
        let name = name.trim();
        Ok(Keep {
            scheme: (!name.is_empty()).then(|| name.to_string()),
            op,
            value,
        })
    }
}

impl Keep {
    /// Whether a rating, as printed, passes the filter; a cut or unnumbered rating never does.
    pub fn accepts(&self, rating: &str) -> bool {
        if rating.contains(['>', '<']) {
            return false;
        }
        let Some(n) = first_number(rating) else {
            return false;
        };
        match self.op {
            Op::AtLeast => n >= self.value,
            Op::AtMost => n <= self.value,
            Op::Above => n > self.value,
            Op::Below => n < self.value,
            Op::Equal => n == self.value,
        }
    }
}

/// The first number written in `text` (digits with an optional decimal point).
fn first_number(text: &str) -> Option<f64> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let tail = &text[start..];
    let end = tail
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(tail.len());
    tail[..end].trim_end_matches('.').parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_read_and_compare() {
        let te: Keep = "te>=2".parse().unwrap();
        assert_eq!(te.scheme.as_deref(), Some("te"));
        assert!(te.accepts("TE2") && te.accepts("3") && !te.accepts("TE1"));
        let bxb: Keep = "BxB > 3".parse().unwrap();
        assert!(bxb.accepts("B4B") && !bxb.accepts("B3B") && !bxb.accepts("BxB>14"));
        let b: Keep = "<=12".parse().unwrap();
        assert!(b.scheme.is_none());
        assert!(b.accepts("12") && !b.accepts("13") && !b.accepts("B>12"));
        let ser: Keep = "ser=9.1".parse().unwrap();
        assert!(ser.accepts("9.1/9.1/2.6") && !ser.accepts("9.0/9.0/2.6"));
        for bad in ["te", "te>=", "te>=x", "=>2"] {
            assert!(bad.parse::<Keep>().is_err(), "{bad}");
        }
    }
}
