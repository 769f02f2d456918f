//! `sudolink rate`: the least n whose rule set solves each puzzle (W, B, gW, gB, L, M, N,
//! BC), Sudoku Explainer's ER/EP/ED (SER) or HoDoKu's level and score (hodoku), over a file
//! in parallel (rayon), each result printed as soon as the puzzles before it are done
//! (input order). Puzzles that cannot be rated (malformed, no or several
//! solutions) are reported on stderr and make the exit status non-zero unless
//! `--keep-going`. Each line keeps the text its input line had after the grid (a name, the
//! list's columns), its number in the list with `--index`, and with `--compare` its
//! agreement with the rating published on the line; `--forum` writes the forum's list line
//! instead (`grid;ER;EP;ED;…`).

use super::input::{read_list, ListInput};
use super::progress::Status;
use super::solve::Order;
use anyhow::{bail, Result};
use std::io::Write;
use std::str::FromStr;
use sudolink_engine::grid::format::ListItem;
use sudolink_search::registry;
use sudolink_study::parallel::{each_as_done, InOrder};
use sudolink_study::published::{agrees, beyond_bound, forum_line, Ours, PublishedAt};
use sudolink_study::rating::{rate_puzzle, RateBy, RateLine, RatingScheme};
use sudolink_study::rules::{list_rules, order_applies};
use sudolink_study::workbench::keep::Keep;

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// A list of puzzles: a file (one per line with its columns, `grid;ER;EP;ED;…`, or
    /// grids over several lines, `[code]` blocks...), `-` for standard input, `FILE:K` for
    /// its puzzle K alone; or one puzzle (a grid, or a name of data/named_puzzles.txt)
    pub input: String,
    /// Rating scheme (docs/ratings.md describes each), or a family or comma list of
    /// techniques (e.g. depth2, hypothesis,depth2: the basic rules then the list, as --rules),
    /// rated by the longest step it needs
    #[arg(long, default_value = "W", long_help = scheme_help())]
    pub scheme: String,
    /// Rate by a comma list of techniques instead of a scheme (the basic rules, then the
    /// listed techniques simplest first, as `solve --rules`): the rating is the longest
    /// graded step used (chains, whips, force chains), 0 when the list solves the puzzle
    /// with fixed-size techniques only (the Assistant's, tagging)
    #[arg(long, value_name = "LIST", conflicts_with = "scheme")]
    pub rules: Option<String>,
    /// How a list of techniques is tried: `length` (simplest first) or `listed` (each name
    /// at every length before the next: HoDoKu's order), as `solve --order`
    #[arg(long, value_enum, default_value = "length")]
    pub order: Order,
    /// Longest proof to try, its length on the scale (chains and whips: CSP variables; nets:
    /// inferences); 20 by default, the one solve, rate and explain share; for B 30 (the SHC's
    /// bound); for BxB and BxBB the longest braids (default 14 and 5: the SHC's bounds, past
    /// which the class is written `BxB>14`)
    #[arg(long, value_parser = super::numbers::max_len)]
    pub max_len: Option<usize>,
    /// One JSON object per line: {"puzzle": "...", "rating": n or null, ...}
    #[arg(long)]
    pub json: bool,
    /// Exit 0 even when some puzzles could not be rated (they are still reported on
    /// stderr, with a count)
    #[arg(long)]
    pub keep_going: bool,
    /// Print each puzzle's number in the list before it (`#5`, as `FILE:5` picks it)
    #[arg(long)]
    pub index: bool,
    /// Compare each rating with the one published on its line: in column N (1 is the
    /// grid; columns split as the line is, by `;`, TAB or spaces), or with no N the forum's
    /// `grid;ER;EP;ED` (--scheme SER). Prints `=` or `≠ published X` after each rating and a
    /// summary; write it after the FILE (`rate FILE --compare`)
    #[arg(long, value_name = "N", num_args = 0..=1)]
    pub compare: Option<Option<usize>>,
    /// Write each puzzle as the forum's list line: the grid, our rating, then the rest of
    /// its input line as written (`grid;ER;EP;ED;…` with --scheme SER, ours in place of the
    /// published ;ER;EP;ED when the line had them; `grid;W10;…` for any other rating); with
    /// --compare, the summary alone
    #[arg(long, conflicts_with_all = ["index", "json"])]
    pub forum: bool,
    /// Print only the puzzles whose rating passes this filter, to pipe into the next stage
    /// of a hunt (`te>=2`, `BxB>=3`, `B<=12`, `>=9`: the scheme's name is optional; the
    /// first number of the rating is compared); a rating a bound cut never passes
    #[arg(long, value_name = "FILTER")]
    pub keep: Option<Keep>,
    #[command(flatten)]
    pub bounds: super::bounds::BoundArgs,
}

/// What `rate` does, every scheme named ([`RatingScheme::names`]).
pub fn about() -> String {
    format!(
        "Rate puzzles: the least n whose rule set solves each, or SER's ER/EP/ED, the T&E depth, \
         BxB, BxBB, HoDoKu's level and score; schemes: {}",
        RatingScheme::names()
    )
}

/// The long help of `--scheme`: every scheme ([`RatingScheme::names`]).
fn scheme_help() -> String {
    format!(
        "Rating scheme: one of {} (docs/ratings.md describes each; SER prints ER/EP/ED, TE the \
         T&E depth 0-3, BxB and BxBB Berthier's classes of T&E(2) and T&E(3) puzzles with braids \
         up to --max-len, hodoku HoDoKu 2.2's level and score with its default configuration, \
         printed as `hodoku:Extreme/2468`), or a family or comma list of techniques (e.g. \
         depth2, hypothesis,depth2: the basic rules then the list, as --rules), rated by the \
         longest step it needs",
        RatingScheme::names()
    )
}

/// The longest chain or whip `rate` tries when `--max-len` is not given: the one default.
const MAX_LEN: usize = sudolink_study::rules::DEFAULT_MAX_LEN;

/// Rate by the basic rules then `list`'s techniques in `order`, labelled by `list`.
fn by_rules(
    list: &str,
    max_len: usize,
    order: Order,
) -> Result<RateBy, registry::UnknownTechnique> {
    let rules = list_rules(list, max_len, order.into())?;
    Ok(RateBy::Rules(rules, list.to_string()))
}

/// Where `--compare` reads the published ratings, checked against the scheme.
fn published_at(args: &RateArgs, by: &RateBy) -> Result<Option<PublishedAt>> {
    let ser = matches!(by, RateBy::Scheme(RatingScheme::Ser));
    Ok(match args.compare {
        None => None,
        Some(Some(k)) if k < 2 => {
            bail!("--compare {k}: name a column after the grid (2 or more; 1 is the grid)")
        }
        Some(Some(k)) => Some(PublishedAt::Column(k)),
        Some(None) if ser => Some(PublishedAt::ForumSer),
        Some(None) => bail!(
            "--compare with no column compares the forum's ;ER;EP;ED, which --scheme SER \
             rates; name the column that holds the published rating (--compare 3)"
        ),
    })
}

/// One rating's agreement with the rating published on its line.
enum Agreement {
    /// Equal to the published rating (as written).
    Equal(String),
    /// Not equal to it.
    Differs(String),
    /// No published rating on the line (why).
    Missing(String),
    /// Ours is not known (a bound cut it, or HoDoKu's path has a step not reproduced):
    /// nothing to compare (why).
    Cut(&'static str),
}

impl Agreement {
    fn of(at: PublishedAt, item: &ListItem, rated: &RateLine) -> Agreement {
        let ours = match rated {
            RateLine::Level {
                rating,
                level,
                scheme,
                cut: None,
                ..
            } => Ours::Level {
                rating: *rating,
                level,
                scheme,
            },
            RateLine::Rules {
                rating,
                level,
                rules,
                cut: None,
                ..
            } => Ours::Level {
                rating: *rating,
                level,
                scheme: rules,
            },
            RateLine::Ser {
                er,
                ep,
                ed,
                cut: None,
                ..
            } => Ours::Er {
                er: *er,
                ep: Some(*ep),
                ed: Some(*ed),
            },
            RateLine::Hodoku {
                difficulty,
                score,
                cut: None,
                not_reproduced: None,
                ..
            } => Ours::Hodoku {
                difficulty,
                score: *score,
            },
            RateLine::Hodoku { cut: None, .. } => return Agreement::Cut("not reproduced"),
            _ => return Agreement::Cut("cut"),
        };
        match at.read(&item.text, item.separator) {
            Err(why) => Agreement::Missing(why),
            Ok(published) if agrees(&published, ours) => Agreement::Equal(published),
            Ok(published) if beyond_bound(&published, ours) => {
                Agreement::Cut("published beyond the bound")
            }
            Ok(published) => Agreement::Differs(published),
        }
    }

    /// The mark printed after the rating.
    fn mark(&self) -> String {
        match self {
            Agreement::Equal(_) => "=".to_string(),
            Agreement::Differs(p) => format!("≠ published {p}"),
            Agreement::Missing(why) => format!("? {why}"),
            Agreement::Cut(why) => format!("? {why}"),
        }
    }

    fn json(&self) -> serde_json::Value {
        let (published, equal) = match self {
            Agreement::Equal(p) => (Some(p.as_str()), Some(true)),
            Agreement::Differs(p) => (Some(p.as_str()), Some(false)),
            Agreement::Missing(_) | Agreement::Cut(_) => (None, None),
        };
        serde_json::json!({"published": published, "equal": equal, "mark": self.mark()})
    }
}

/// What `--compare` found over a run: the puzzles' numbers in each case.
#[derive(Default)]
struct Compared {
    equal: usize,
    differ: Vec<usize>,
    missing: Vec<usize>,
    cut: Vec<usize>,
}

impl Compared {
    fn add(&mut self, k: usize, agreement: &Agreement) {
        match agreement {
            Agreement::Equal(_) => self.equal += 1,
            Agreement::Differs(_) => self.differ.push(k),
            Agreement::Missing(_) => self.missing.push(k),
            Agreement::Cut(_) => self.cut.push(k),
        }
    }

    /// `compared with column 3: 7 of 9 equal; 2 differ: #3, #8; 1 with no published
    /// rating: #4` (at most 20 numbers listed per case).
    fn summary(&self, at: PublishedAt) -> String {
        let total = self.equal + self.differ.len() + self.missing.len() + self.cut.len();
        let list = |ks: &[usize]| {
            let mut shown: Vec<String> = ks.iter().take(20).map(|k| format!("#{k}")).collect();
            if ks.len() > 20 {
                shown.push("…".to_string());
            }
            shown.join(", ")
        };
        let mut out = format!("compared with {at}: {} of {total} equal", self.equal);
        for (ks, what) in [
            (&self.differ, "differ"),
            (&self.missing, "with no published rating"),
            (
                &self.cut,
                "with no rating of ours (cut by a bound, or a step not reproduced)",
            ),
        ] {
            if !ks.is_empty() {
                out.push_str(&format!("; {} {what}: {}", ks.len(), list(ks)));
            }
        }
        out
    }
}

/// The text line of one rated puzzle: `[#K ]GRID LEVEL[ MARK][  TEXT]`.
fn text_line(
    index: Option<usize>,
    item: &ListItem,
    rated: &RateLine,
    level: &str,
    mark: Option<&str>,
) -> String {
    let mut out = String::new();
    if let Some(k) = index {
        out.push_str(&format!("#{k} "));
    }
    out.push_str(rated.puzzle().unwrap_or(""));
    out.push(' ');
    out.push_str(level);
    if let Some(mark) = mark {
        out.push(' ');
        out.push_str(mark);
    }
    if !item.text.is_empty() {
        out.push_str("  ");
        out.push_str(&item.text);
    }
    out
}

/// The output line of one rated puzzle (number `k` in the list): its JSON object, its
/// forum list line (`--forum`), or its text line.
fn output_line(
    args: &RateArgs,
    k: usize,
    item: &ListItem,
    rated: &RateLine,
    level: &str,
    agreement: Option<&Agreement>,
) -> Result<String> {
    let grid = rated.puzzle().unwrap_or("");
    if args.json {
        // as a JSON value: its keys in order, as every JSON line prints them
        let mut v = serde_json::to_value(rated)?;
        v["index"] = k.into();
        if !item.text.is_empty() {
            v["text"] = item.text.clone().into();
        }
        if let Some(a) = agreement {
            v["compare"] = a.json();
        }
        return Ok(v.to_string());
    }
    if args.forum {
        let ser = matches!(rated, RateLine::Ser { cut: None, .. });
        return Ok(forum_line(grid, level, ser, &item.text, item.separator));
    }
    let mark = agreement.map(Agreement::mark);
    let index = args.index.then_some(k);
    Ok(text_line(index, item, rated, level, mark.as_deref()))
}

/// What `rate` rates puzzles by, from `--rules` or `--scheme`.
fn rate_by(args: &RateArgs, list_len: usize) -> Result<RateBy> {
    Ok(match &args.rules {
        Some(list) => {
            by_rules(list, list_len, args.order).map_err(|e| anyhow::anyhow!("--rules: {e}"))?
        }
        None => match RatingScheme::from_str(&args.scheme) {
            Ok(RatingScheme::Hodoku) if args.order == Order::Listed => bail!(
                "--order listed orders a comma list of techniques; the scheme hodoku follows \
                 HoDoKu's own order (for the technique list in HoDoKu's order: --rules hodoku)"
            ),
            Ok(scheme) => {
                order_applies(&args.scheme, args.order.into())?;
                RateBy::Scheme(scheme)
            }
            // not one of the fixed schemes: a family or a list of techniques, as --rules
            Err(e) => by_rules(&args.scheme, list_len, args.order).map_err(|_| {
                anyhow::anyhow!("--scheme: {e}, or a technique or list of techniques")
            })?,
        },
    })
}

pub fn run(args: &RateArgs) -> Result<()> {
    let list_len = args.max_len.unwrap_or(MAX_LEN);
    let by = rate_by(args, list_len)?;
    let max_len = match &by {
        RateBy::Scheme(scheme) => scheme.max_len(args.max_len, MAX_LEN),
        RateBy::Rules(..) => list_len,
    };
    let compare = published_at(args, &by)?;
    if let Some(name) = args.keep.as_ref().and_then(|k| k.scheme.as_deref()) {
        if !name.eq_ignore_ascii_case(&args.scheme) || args.rules.is_some() {
            bail!(
                "--keep names {name}, but the puzzles are rated by {}",
                args.scheme
            );
        }
    }
    let ListInput { origin, items, .. } = read_list(&args.input)?;
    if items.is_empty() {
        bail!("{origin}: holds no puzzle (only blank or comment lines)");
    }
    let status = Status::new("rate", "puzzles");
    let total = items.len() as u64;
    let bounds = args.bounds.batch_bounds(items.len());
    let mut order = InOrder::new();
    let mut done = 0u64;
    let mut failed = 0usize;
    // the lines whose rating a bound cut, in input order
    let mut cut_lines: Vec<usize> = Vec::new();
    let mut cut_now = 0usize;
    let mut compared = Compared::default();
    let mut out = std::io::stdout().lock();
    each_as_done(
        &items,
        |(_, read)| match read {
            Ok(item) => rate_puzzle(&item.grid, &by, max_len, &bounds),
            Err(e) => RateLine::failed(None, e.to_string()),
        },
        |i, rated| {
            done += 1;
            cut_now += usize::from(rated.is_cut());
            status.update(done, total, &format!("{failed} failed, {cut_now} cut"));
            order.push(i, (i, rated), |(i, rated)| {
                let (k, read) = &items[i];
                let line = read.as_ref().map_or_else(|e| e.line, |item| item.line);
                if rated.is_cut() {
                    cut_lines.push(line);
                }
                let level = match rated.outcome() {
                    Ok(level) => level,
                    Err(error) => {
                        failed += 1;
                        // a parse error already names its line
                        let (at, puzzle) = match rated.puzzle() {
                            Some(p) => (format!("line {line}: "), format!(" {p}")),
                            None => (String::new(), String::new()),
                        };
                        eprintln!("error: {origin}: {at}{error}{puzzle}");
                        return Ok(());
                    }
                };
                // an item that does not read is a failed rating (above)
                let Ok(item) = read else { return Ok(()) };
                let kept = args
                    .keep
                    .as_ref()
                    .is_none_or(|k| !rated.is_cut() && k.accepts(level));
                if !kept {
                    return Ok(());
                }
                let agreement = compare.map(|at| Agreement::of(at, item, &rated));
                if let Some(a) = &agreement {
                    compared.add(*k, a);
                }
                let line = output_line(args, *k, item, &rated, level, agreement.as_ref())?;
                writeln!(out, "{line}")?;
                out.flush()?;
                Ok::<(), anyhow::Error>(())
            })
        },
    )?;
    status.finish();
    if let Some(at) = compare {
        let summary = compared.summary(at);
        if args.json {
            // the JSON lines stay JSON
            eprintln!("note: {summary}");
        } else {
            // a comment line: the output is still a list every command reads
            writeln!(out, "# {summary}")?;
        }
    }
    if !cut_lines.is_empty() {
        let lines: Vec<String> = cut_lines.iter().map(|l| l.to_string()).collect();
        eprintln!(
            "note: {} of {} puzzle(s) cut by a bound ({}), not rated: line(s) {}; raise \
             --timeout, --memory or --budget to go further",
            cut_lines.len(),
            items.len(),
            bounds.describe(),
            lines.join(", ")
        );
    }
    super::study_run::some_failed(failed, items.len(), "rated", args.keep_going)
}
