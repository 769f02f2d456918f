//! Published ratings on a list's lines, and whether ours agree: the forum's `;ER;EP;ED`
//! columns (Sudoku Explainer's rating as the forum's lists give it: `grid;11.9;11.9;11.3;…`),
//! or one column holding a rating (`W10` or `10`, `7.1`, `11.9/11.9/11.3`, `B5B`,
//! `Extreme/2468`). `rate --compare` and `classify --reference-column` read them; `rate
//! --forum` writes our ratings back in the forum's line ([`forum_line`]).

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
    /// HoDoKu's level (`Extreme`) and score (`2468`).
    Hodoku { difficulty: &'a str, score: u32 },
}

/// Whether `published` states our rating. A level agrees with its number (`10`, or `W10`
/// with the scheme's name before it, any case) or its whole text (`B5B`); no rating agrees
/// with a published value that is not a number (`W>20`, `-`). An ER agrees to SE's tenths
/// (`7.1`), and `ER/EP/ED` (as `rate --scheme SER` prints it) when all three do. HoDoKu's
/// rating agrees by its level (`Extreme`, any case), its score (`2468`) or both as `rate
/// --scheme hodoku` prints them (`Extreme/2468`, `hodoku:` before it or not).
pub fn agrees(published: &str, ours: Ours<'_>) -> bool {
    let published = published.trim();
    match ours {
        Ours::Hodoku { difficulty, score } => {
            let text = strip_prefix_ignore_case(published, "hodoku:").unwrap_or(published);
            let level = |t: &str| t.trim().eq_ignore_ascii_case(difficulty);
            let number = |t: &str| t.trim().parse::<u32>().ok() == Some(score);
            match text.split_once('/') {
                Some((l, n)) => level(l) && number(n),
                None => level(text) || number(text),
            }
        }
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

/// Whether an unrated level (`B>12`, `W>20 (memory bound)`: our search stopped at that
/// bound) is consistent with `published`, a number above the bound (`20`, `B20`): the
/// published rating lies beyond what we searched, which is a cut, not a disagreement. A
/// published number at or under the bound is one.
pub fn beyond_bound(published: &str, ours: Ours<'_>) -> bool {
    let Ours::Level {
        rating: None,
        level,
        scheme,
    } = ours
    else {
        return false;
    };
    let published = published.trim();
    let number = strip_prefix_ignore_case(published, scheme)
        .unwrap_or(published)
        .parse::<usize>();
    let bound = level.split_once('>').and_then(|(_, rest)| {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<usize>().ok()
    });
    matches!((number, bound), (Ok(n), Some(b)) if n > b)
}

/// The forum's list line for a rated puzzle: the grid, our rating in the list's columns
/// (`ER;EP;ED` for Sudoku Explainer's when `ser`, `ours` being `ER/EP/ED`; one column for
/// any other rating), then the rest of the input line (`text`, its fields separated by
/// `separator`) as written. Where the line held the forum's published `;ER;EP;ED` and ours
/// is SE's, ours takes their place: a line whose published rating equals ours is written
/// back as it was.
pub fn forum_line(grid: &str, ours: &str, ser: bool, text: &str, separator: Separator) -> String {
    let (fields, rest) = if ser {
        let rest = match PublishedAt::ForumSer.read(text, separator) {
            Ok(_) => text.splitn(4, ';').nth(3).unwrap_or(""),
            Err(_) => text,
        };
        (ours.replace('/', ";"), rest)
    } else {
        (ours.to_string(), text)
    };
    let mut line = format!("{grid};{fields}");
    if !rest.is_empty() {
        line.push(';');
        line.push_str(rest);
    }
    line
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
    fn a_rating_beyond_our_bound_is_a_cut_not_a_difference() {
        let cut = |level| Ours::Level {
            rating: None,
            level,
            scheme: "B",
        };
        // Sample40's minimal rated B20 by Berthier, ours stopped at length 12
        assert!(beyond_bound("20", cut("B>12")));
        assert!(beyond_bound("B20", cut("B>12 (memory bound)")));
        assert!(!beyond_bound("12", cut("B>12")), "12 is within the bound");
        assert!(!beyond_bound("B>20", cut("B>12")), "not a number");
        let rated = Ours::Level {
            rating: Some(9),
            level: "B9",
            scheme: "B",
        };
        assert!(!beyond_bound("20", rated));
    }

    #[test]
    fn forum_lines_are_written_back_with_our_rating_in_place() {
        let grid =
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
        let line = |text, separator| forum_line(grid, "11.9/11.9/11.3", true, text, separator);
        let semi = Separator::Semicolon;
        assert_eq!(
            line("11.9;11.9;11.3;EasterMonster;JPF", semi),
            format!("{grid};11.9;11.9;11.3;EasterMonster;JPF")
        );
        assert_eq!(
            line("11.9;11.9;11.3", semi),
            format!("{grid};11.9;11.9;11.3")
        );
        // a published rating that differs is replaced by ours
        assert_eq!(
            line("11.8;11.9;11.3;x", semi),
            format!("{grid};11.9;11.9;11.3;x")
        );
        // no published ;ER;EP;ED: ours go in front of the line's text
        assert_eq!(
            line("EasterMonster", Separator::Space),
            format!("{grid};11.9;11.9;11.3;EasterMonster")
        );
        assert_eq!(line("", Separator::Space), format!("{grid};11.9;11.9;11.3"));
        assert_eq!(
            forum_line(grid, "TE2", false, "11.9;11.9;11.3;EM", semi),
            format!("{grid};TE2;11.9;11.9;11.3;EM")
        );
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
        let hodoku = Ours::Hodoku {
            difficulty: "Extreme",
            score: 2468,
        };
        for published in [
            "Extreme",
            "extreme",
            "2468",
            "Extreme/2468",
            "hodoku:Extreme/2468",
        ] {
            assert!(agrees(published, hodoku), "{published}");
        }
        for published in ["Unfair", "2467", "Extreme/2467", "Unfair/2468"] {
            assert!(!agrees(published, hodoku), "{published}");
        }
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
