//! Our printed forms of HoDoKu's catalogue (empty rectangles, templates, uniqueness rules,
//! generalised and kraken fish) and of Sudoku Explainer's aligned exclusion: Berthier's works
//! print none of these, so the text is ours, with HoDoKu's line beside it where HoDoKu has
//! the technique.

use crate::hodoku;
use crate::shown::Shown;
use sudolink_engine::grid::State;
use sudolink_engine::proof::aligned::AlignedExclusionPattern;
use sudolink_engine::proof::empty_rectangle::EmptyRectanglePattern;
use sudolink_engine::proof::fish::FishPattern;
use sudolink_engine::proof::kraken::KrakenPattern;
use sudolink_engine::proof::template::TemplatePattern;
use sudolink_engine::proof::uniqueness::UniquenessPattern;
use sudolink_engine::proof::Proof;

/// `empty-rectangle: 9 in b5{r4 c5}: 9r4c8 = 9r6c8` (a dual one lists both links): the
/// block with the row and column of its group, each conjugate pair with the end on the
/// ER's line first.
pub fn empty_rectangle_text(
    e: &sudolink_engine::proof::empty_rectangle::EmptyRectanglePattern,
) -> String {
    let links: Vec<String> = e
        .links
        .iter()
        .map(|l| {
            format!(
                "{}{{r{} c{}}}: {d}{} = {d}{}",
                e.house(),
                l.row + 1,
                l.col + 1,
                l.a,
                l.b,
                d = e.digit
            )
        })
        .collect();
    format!(
        "{}: {} in {}",
        if e.links.len() > 1 {
            "dual-empty-rectangle"
        } else {
            "empty-rectangle"
        },
        e.digit,
        links.join(", ")
    )
}

/// `4/7 in r24c15`: a rectangle's digits and its rows and columns.
/// `finned-franken-swordfish: n4 base r25b4, cover c148, fins r5c9, endo fins r4c2` (a
/// Siamese fish: its two covers and fins, `|` between them).
pub fn fish_text(f: &sudolink_engine::proof::fish::FishPattern) -> String {
    let houses = |hs: &[sudolink_engine::grid::House]| {
        hs.iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let cells = |cs: &[sudolink_engine::grid::Cell]| {
        cs.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let bodies: Vec<String> = f
        .bodies
        .iter()
        .map(|b| {
            let mut text = format!("cover {}", houses(&b.cover));
            if !b.fins.is_empty() {
                text.push_str(&format!(", fins {}", cells(&b.fins)));
            }
            if !b.endo_fins.is_empty() {
                text.push_str(&format!(", endo fins {}", cells(&b.endo_fins)));
            }
            text
        })
        .collect();
    format!(
        "{}: n{} base {}, {}",
        f.rule_name().0,
        f.digit,
        houses(&f.base),
        bodies.join(" | ")
    )
}

/// `kraken-fish: finned-swordfish: n4 base …, fins r1c9; target r5c8#4; fin r1c9#4:
/// ✿[W r1c9/+4 -> …] => …` — the fish, then each fin's chain to the target false (GNPX's
/// bracket form); type 2 (`kraken-fish-type-2: …; cover c5; target …`) names the cover and
/// gives a chain from each of its non-cannibal base places and fins.
pub fn kraken_text(k: &sudolink_engine::proof::kraken::KrakenPattern) -> String {
    let end = k.end();
    let fins: Vec<sudolink_engine::grid::Cell> = {
        let body = &k.fish.bodies[0];
        body.fins.iter().chain(&body.endo_fins).copied().collect()
    };
    let chains: Vec<String> = k
        .branches
        .iter()
        .map(|b| {
            let c = b.assumption.node.candidates()[0];
            format!(
                "{} {}: {}",
                if fins.contains(&c.cell()) {
                    "fin"
                } else {
                    "base"
                },
                c,
                crate::gnpx::branch_line(b, &end)
            )
        })
        .collect();
    let (name, cover) = match k.cover {
        None => ("kraken-fish", String::new()),
        Some(h) => ("kraken-fish-type-2", format!("; cover {h}")),
    };
    format!(
        "{name}: {}{cover}; target {}; {}",
        fish_text(&k.fish),
        k.target,
        chains.join("; ")
    )
}

pub fn rectangle_text(u: &sudolink_engine::proof::uniqueness::UniquenessPattern) -> String {
    let mut rows: Vec<usize> = u.cells.iter().map(|c| c.row() + 1).collect();
    let mut cols: Vec<usize> = u.cells.iter().map(|c| c.col() + 1).collect();
    rows.dedup();
    cols.sort();
    cols.dedup();
    let join = |v: &[usize]| v.iter().map(|n| n.to_string()).collect::<String>();
    format!(
        "{}/{} in r{}c{}",
        u.digits[0],
        u.digits[1],
        join(&rows),
        join(&cols)
    )
}

/// A uniqueness step: `unique-rectangle-1: 4/7 in r24c15, roof r2c5 (assumes a unique
/// solution)`, each kind naming what it rests on (the roof and its extra digit, the
/// subset, the confined digit, the placed cells, BUG+1's trivalue cell).
pub fn uniqueness_text(
    state: &State,
    u: &sudolink_engine::proof::uniqueness::UniquenessPattern,
) -> String {
    use sudolink_engine::proof::uniqueness::{UniquenessKind as K, ASSUMPTION};
    let roof = u.roof(state);
    let roof_text = sudolink_engine::graph::cell_list(&roof);
    let extra = || {
        let digits: std::collections::BTreeSet<String> = roof
            .iter()
            .flat_map(|&c| {
                sudolink_engine::grid::Digit::all()
                    .filter(move |&d| {
                        !u.digits.contains(&d)
                            && state.has(sudolink_engine::grid::Candidate::new(c, d))
                    })
                    .map(|d| d.to_string())
            })
            .collect();
        digits.into_iter().collect::<Vec<_>>().join("")
    };
    let detail = match u.kind {
        K::BugPlus1 => {
            return format!(
                "bug+1: {} takes {}, three times in its row, column and block, every other open cell bivalue ({ASSUMPTION})",
                u.cells[0], u.digits[0]
            )
        }
        K::BugLite => {
            let cells: Vec<String> = u
                .cells
                .iter()
                .enumerate()
                .map(|(k, &c)| {
                    let digits: String = if k == 0 {
                        format!("{}{}", u.digits[0], u.digits[1])
                    } else {
                        sudolink_engine::grid::Digit::all()
                            .filter(|&d| state.has(sudolink_engine::grid::Candidate::new(c, d)))
                            .map(|d| d.to_string())
                            .collect()
                    };
                    format!("{{{digits}}}{c}")
                })
                .collect();
            let others: String = sudolink_engine::grid::Digit::all()
                .filter(|&d| {
                    !u.digits.contains(&d)
                        && state.has(sudolink_engine::grid::Candidate::new(u.cells[0], d))
                })
                .map(|d| d.to_string())
                .collect();
            return format!(
                "bug-lite: {}, each digit twice in each of their houses; roof {} takes {others} ({ASSUMPTION})",
                cells.join(" "),
                u.cells[0],
            );
        }
        K::Bug1 | K::Bug2 | K::Bug3 | K::Bug4 => {
            let extras: Vec<String> = u.extras.iter().map(|c| c.to_string()).collect();
            let detail = match u.kind {
                K::Bug1 => "the BUG cell takes one".to_string(),
                K::Bug2 => "one of them is true in a cell seeing all".to_string(),
                K::Bug3 => format!(
                    "with {} in {}: naked subset",
                    sudolink_engine::graph::cell_list(&u.subset),
                    u.house.map(|h| h.to_string()).unwrap_or_default()
                ),
                _ => format!(
                    "{} only in the BUG cells in {}",
                    u.locked.map(|d| d.to_string()).unwrap_or_default(),
                    u.house.map(|h| h.to_string()).unwrap_or_default()
                ),
            };
            return format!(
                "{}: grave without {}, {detail} ({ASSUMPTION})",
                u.kind.rule(),
                extras.join(" ")
            );
        }
        K::Ul3Hidden => format!(
            "roof {roof_text} as one place in {}: {}{}{} hidden in {}",
            u.house.map(|h| h.to_string()).unwrap_or_default(),
            u.digits[0],
            u.digits[1],
            u.hidden.iter().map(|d| d.to_string()).collect::<String>(),
            sudolink_engine::graph::cell_list(&u.subset)
        ),
        K::Ur1 | K::Ul1 => format!("roof {roof_text}"),
        K::Ur2 | K::Ur5 | K::Ar2 | K::Ul2 => format!("roof {roof_text} adds {}", extra()),
        K::Ur3 | K::Ul3 => format!(
            "roof {roof_text} with {} in {}: naked subset of {}",
            sudolink_engine::graph::cell_list(&u.subset),
            u.house.map(|h| h.to_string()).unwrap_or_default(),
            extra()
        ),
        K::Ur4 | K::Ul4 => format!(
            "roof {roof_text}, {} only there in {}",
            u.locked.map(|d| d.to_string()).unwrap_or_default(),
            u.house.map(|h| h.to_string()).unwrap_or_default()
        ),
        K::Ur6 => format!(
            "roof {roof_text}, {} an x-wing on the rectangle",
            u.locked.map(|d| d.to_string()).unwrap_or_default()
        ),
        K::HiddenRectangle => format!(
            "{} only in the rectangle in the far corner's row and column",
            u.locked.map(|d| d.to_string()).unwrap_or_default()
        ),
        K::Ar1 => {
            let placed: Vec<String> = u
                .cells
                .iter()
                .filter_map(|&c| state.value(c).map(|d| format!("{c}={d}")))
                .collect();
            format!("placed {}", placed.join(" "))
        }
    };
    let shape = if u.kind.is_loop() {
        format!(
            "{}/{} in {}",
            u.digits[0],
            u.digits[1],
            sudolink_engine::graph::cell_list(&u.cells)
        )
    } else {
        rectangle_text(u)
    };
    format!("{}: {shape}, {detail} ({ASSUMPTION})", u.kind.rule())
}

impl Shown for EmptyRectanglePattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        empty_rectangle_text(self)
    }
    fn dialect(&self) -> &'static str {
        "ours (HoDoKu's below)"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(hodoku::empty_rectangle_line(proof, self))
    }
}

impl Shown for TemplatePattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        format!(
            "{}: {} in {} of its {} templates ({} refinement pass(es))",
            if self.set {
                "template-set"
            } else {
                "template-delete"
            },
            self.digit,
            if self.set { "every one" } else { "none" },
            self.templates,
            self.passes
        )
    }
    fn dialect(&self) -> &'static str {
        "ours (HoDoKu's below)"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(hodoku::template_line(proof, self.set))
    }
}

impl Shown for UniquenessPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = proof;
        uniqueness_text(state, self)
    }
    fn dialect(&self) -> &'static str {
        "ours (HoDoKu's below)"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        // HoDoKu lists BUG lite (0620) in its library but has no such step
        (self.kind != sudolink_engine::proof::uniqueness::UniquenessKind::BugLite)
            .then(|| hodoku::uniqueness_line(proof, self))
    }
}

impl Shown for FishPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        fish_text(self)
    }
    fn dialect(&self) -> &'static str {
        "ours (HoDoKu's below)"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(hodoku::fish_text(proof, self))
    }
}

impl Shown for KrakenPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = (state, proof);
        kraken_text(self)
    }
    fn dialect(&self) -> &'static str {
        "ours (HoDoKu's below)"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        let _ = state;
        Some(hodoku::kraken_line(proof, self))
    }
}

impl Shown for AlignedExclusionPattern {
    fn ours(&self, state: &State, proof: &Proof) -> String {
        let _ = state;
        format!(
            "{}: cells {} excluded by {}",
            proof.rule,
            sudolink_engine::graph::cell_list(&self.cells),
            sudolink_engine::graph::cell_list(&self.excluders)
        )
    }
    fn dialect(&self) -> &'static str {
        "ours (HoDoKu's below)"
    }
    fn hodoku(&self, state: &State, proof: &Proof) -> Option<String> {
        // HoDoKu has no aligned exclusion
        let _ = (state, proof);
        None
    }
}
