//! Published ratings on a list's lines, and whether ours agree: the forum's `;ER;EP;ED`
//! columns (Sudoku Explainer's rating as the forum's lists give it: `grid;11.9;11.9;11.3;…`),
//! or one column holding a rating (`W10` or `10`, `7.1`, `11.9/11.9/11.3`, `B5B`). `rate
//! --compare` and `classify --reference-column` read them.

use crate::ser::tenths;
use sudolink_engine::grid::format::Separator;

/// Where a list's lines hold their published rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublishedAt {
    /// Column `k` of the line (1 is the grid, 2 the first field after it).
    Column(usize),
    /// The forum's `grid;ER;EP;ED;…`: the three fields after the grid's `;`.
    ForumSer,
}

impl PublishedAt {
    /// The published rating on a line whose text after the grid is `text` (fields
    /// separated by `separator`), as written (`ER/EP/ED` for [`PublishedAt::ForumSer`]);
    /// or why there is none.
    pub fn read(self, text: &str, separator: Separator) -> Result<String, String> {
        match self {
            PublishedAt::Column(k) => separator
                .column(text, k)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
                .ok_or_else(|| format!("no column {k}")),
            PublishedAt::ForumSer => {
                let fields = separator.split(text);
                let numbers = separator == Separator::Semicolon
                    && fields.len() >= 3
                    && fields[..3].iter().all(|f| f.parse::<f64>().is_ok());
                if numbers {
                    Ok(fields[..3].join("/"))
                } else {
                    Err("no ;ER;EP;ED after the grid".to_string())
                }
            }
        }
    }
}

impl std::fmt::Display for PublishedAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PublishedAt::Column(k) => write!(f, "column {k}"),
            PublishedAt::ForumSer => write!(f, "the published ;ER;EP;ED"),
        }
    }
}

/// Our rating, as a comparison reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ours<'a> {
    /// A level scheme's or a list of rules' rating: its number (none when not rated
    /// within the bounds asked), its text (`W10`, `B5B`, `W>20`) and the scheme's name.
    Level {
        rating: Option<usize>,
        level: &'a str,
        scheme: &'a str,
    },
    /// Sudoku Explainer's ER, with EP and ED when known.
    Er {
        er: f64,
        ep: Option<f64>,
        ed: Option<f64>,
    },
}

/// Whether `published` states our rating. A level agrees with its number (`10`, or `W10`
/// with the scheme's name before it, any case) or its whole text (`B5B`); no rating agrees
/// with a published value that is not a number (`W>20`, `-`). An ER agrees to SE's tenths
/// (`7.1`), and `ER/EP/ED` (as `rate --scheme SER` prints it) when all three do.
pub fn agrees(published: &str, ours: Ours<'_>) -> bool {
    let published = published.trim();
    match ours {
        Ours::Level {
            rating,
            level,
            scheme,
        } => {
            let number = strip_prefix_ignore_case(published, scheme)
                .unwrap_or(published)
                .parse::<usize>()
                .ok();
            match rating {
                Some(n) => {
                    number == Some(n)
                        || (!level.is_empty() && published.eq_ignore_ascii_case(level))
                }
                None => number.is_none(),
            }
        }
        Ours::Er { er, ep, ed } => {
            let same = |text: &str, ours: f64| {
                text.trim()
                    .parse::<f64>()
                    .is_ok_and(|r| r >= 0.0 && tenths(r) == tenths(ours))
            };
            let parts: Vec<&str> = published.split('/').collect();
            match (parts.as_slice(), ep, ed) {
                ([e], _, _) => same(e, er),
                ([e, p, d], Some(ep), Some(ed)) => same(e, er) && same(p, ep) && same(d, ed),
                ([e, _, _], _, _) => same(e, er),
                _ => false,
            }
        }
    }
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forum_columns_are_read_and_compared() {
        let at = PublishedAt::ForumSer;
        let published = at
            .read("11.9;11.9;11.3;champagne", Separator::Semicolon)
            .unwrap();
        assert_eq!(published, "11.9/11.9/11.3");
        assert!(at.read("11.9\t11.9\t11.3", Separator::Tab).is_err());
        let ours = |ed| Ours::Er {
            er: 11.9,
            ep: Some(11.9),
            ed: Some(ed),
        };
        assert!(agrees(&published, ours(11.3)));
        assert!(!agrees(&published, ours(11.2)));
        assert!(agrees("11.9", ours(11.2)));
    }

    #[test]
    fn levels_agree_by_number_or_text() {
        let w10 = Ours::Level {
            rating: Some(10),
            level: "W10",
            scheme: "W",
        };
        assert!(agrees("10", w10) && agrees("w10", w10) && agrees("W10", w10));
        assert!(!agrees("11", w10));
        let b5b = Ours::Level {
            rating: Some(5),
            level: "B5B",
            scheme: "BxB",
        };
        assert!(agrees("B5B", b5b));
        let none = Ours::Level {
            rating: None,
            level: "W>20",
            scheme: "W",
        };
        assert!(agrees("W>20", none) && !agrees("21", none));
        assert_eq!(
            PublishedAt::Column(3).read("8.3\t5", Separator::Tab),
            Ok("5".to_string())
        );
        assert_eq!(
            PublishedAt::Column(4).read("8.3\t5", Separator::Tab),
            Err("no column 4".to_string())
        );
    }
}
