//! Grid pictures for forum posts: a [`Diagram`] (a state, candidates marked by role, links
//! as arrows, a caption) rendered as SVG by hand, and as PNG through resvg.
//!
//! Colours: left-linking candidates green, right-linking blue, t/z candidates orange (with
//! the candidate that justifies them in the caption), other pattern candidates purple,
//! targets struck through in red, assertions ringed in green. Strong links are solid
//! arrows, weak links dashed.

use crate::grid::{Candidate, Cell, Digit, State};
use resvg::usvg;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};
use thiserror::Error;

/// The part a candidate plays in a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Left-linking (L) candidate of a chain or whip.
    Left,
    /// Right-linking (R) candidate.
    Right,
    /// A t- or z-candidate (ignored because linked to the target or an earlier R).
    Extra,
    /// Any other candidate of the pattern (subset, fish, wing cells).
    Pattern,
    /// An eliminated candidate.
    Target,
    /// An asserted candidate.
    Assertion,
    /// A candidate of a tagging layer (seed 004): its layer, and whether it carries the
    /// layer's upper-case tag.
    Layer { layer: u8, upper: bool },
}

/// One colour per layer (upper-case tags); the lower-case tags get the lighter shade.
const LAYER_COLOURS: [(&str, &str); 12] = [
    ("#1f77b4", "#aec7e8"),
    ("#ff7f0e", "#ffbb78"),
    ("#2ca02c", "#98df8a"),
    ("#d62728", "#ff9896"),
    ("#9467bd", "#c5b0d5"),
    ("#8c564b", "#c49c94"),
    ("#e377c2", "#f7b6d2"),
    ("#7f7f7f", "#c7c7c7"),
    ("#bcbd22", "#dbdb8d"),
    ("#17becf", "#9edae5"),
    ("#393b79", "#9c9ede"),
    ("#637939", "#cedb9c"),
];

impl Role {
    /// The colour of the digit drawn on a mark: red for a target, white on a layer's dark
    /// (upper-case) shade, dark grey otherwise.
    fn ink(self) -> &'static str {
        match self {
            Role::Target => "#d62728",
            Role::Layer { upper: true, .. } => "#ffffff",
            _ => "#333333",
        }
    }

    fn fill(self) -> &'static str {
        match self {
            Role::Left => "#8fd18b",
            Role::Right => "#7fb4e6",
            Role::Extra => "#f7b267",
            Role::Pattern => "#c9a8e0",
            Role::Target => "#ffffff",
            Role::Assertion => "#8fd18b",
            Role::Layer { layer, upper } => {
                let (dark, light) = LAYER_COLOURS[layer as usize % LAYER_COLOURS.len()];
                if upper {
                    dark
                } else {
                    light
                }
            }
        }
    }
}

/// A candidate with its role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub candidate: Candidate,
    pub role: Role,
}

/// A link drawn between two candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub from: Candidate,
    pub to: Candidate,
    pub strong: bool,
}

/// Everything a picture shows.
#[derive(Clone, Debug)]
pub struct Diagram {
    pub state: State,
    pub marks: Vec<Mark>,
    pub arrows: Vec<Arrow>,
    pub caption: Vec<String>,
}

const CELL: f64 = 60.0;
const MARGIN: f64 = 28.0;

fn cell_origin(cell: Cell) -> (f64, f64) {
    (
        MARGIN + cell.col() as f64 * CELL,
        MARGIN + cell.row() as f64 * CELL,
    )
}

/// Centre of a candidate's pencil-mark position (digit n at row (n-1)/3, column (n-1)%3).
fn candidate_centre(c: Candidate) -> (f64, f64) {
    let (x, y) = cell_origin(c.cell());
    let i = c.digit().index();
    let third = CELL / 3.0;
    (
        x + third * ((i % 3) as f64 + 0.5),
        y + third * ((i / 3) as f64 + 0.5),
    )
}

/// Escape text for XML content and attributes.
pub fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Diagram {
    fn role_of(&self, c: Candidate) -> Option<Role> {
        // a target or assertion wins over any other role the candidate has
        let roles: Vec<Role> = self
            .marks
            .iter()
            .filter(|m| m.candidate == c)
            .map(|m| m.role)
            .collect();
        [
            Role::Target,
            Role::Assertion,
            Role::Left,
            Role::Right,
            Role::Extra,
            Role::Pattern,
        ]
        .into_iter()
        .find(|r| roles.contains(r))
        .or_else(|| {
            roles
                .iter()
                .copied()
                .find(|r| matches!(r, Role::Layer { .. }))
        })
    }

    /// The picture as an SVG document (digits as text, for posting and editing).
    pub fn to_svg(&self) -> String {
        self.write_svg(Digits::Text)
    }

    /// The picture as PNG bytes. Rendered from the same SVG but with every digit drawn as
    /// its glyph outline, laid out once per process ([`digit_outlines`]): laying out the
    /// several hundred pencil-mark texts was most of the PNG's cost.
    pub fn to_png(&self) -> Result<Vec<u8>, SvgError> {
        svg_to_png(&self.write_svg(Digits::Outlines(digit_outlines())))
    }

    fn write_svg(&self, digits: Digits) -> String {
        let size = 2.0 * MARGIN + 9.0 * CELL;
        // keep "<> 3" and "= 7" together: no-break spaces around the relation
        let caption: Vec<String> = self
            .caption
            .iter()
            .map(|l| {
                l.replace(" <> ", "\u{a0}<>\u{a0}")
                    .replace(" = ", "\u{a0}=\u{a0}")
            })
            .flat_map(|l| wrap(&l, 68))
            .collect();
        let caption_h = 22.0 * caption.len() as f64 + 10.0;
        let mut s = String::new();
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}"{xlink}>"#,
            w = size,
            h = size + caption_h,
            xlink = match digits {
                Digits::Text => "",
                Digits::Outlines(_) => r#" xmlns:xlink="http://www.w3.org/1999/xlink""#,
            }
        );
        s.push_str(r##"<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker>"##);
        if let Digits::Outlines(outlines) = digits {
            outlines.write_defs(&mut s);
        }
        s.push_str("</defs>");
        let _ = write!(
            s,
            r##"<rect x="0" y="0" width="{size}" height="{}" fill="#ffffff"/>"##,
            size + caption_h
        );
        self.grid_lines(&mut s);
        self.labels(&mut s);
        self.cells(&mut s, digits);
        self.arrows(&mut s);
        for (i, line) in caption.iter().enumerate() {
            let _ = write!(
                s,
                r##"<text x="{MARGIN}" y="{}" font-size="14" fill="#222222">{}</text>"##,
                size + 18.0 + 22.0 * i as f64,
                xml_escape(line)
            );
        }
        s.push_str("</svg>\n");
        s
    }

    fn grid_lines(&self, s: &mut String) {
        for i in 0..=9 {
            let p = MARGIN + i as f64 * CELL;
            let (w, colour) = if i % 3 == 0 {
                (3.0, "#000000")
            } else {
                (1.0, "#999999")
            };
            let end = MARGIN + 9.0 * CELL;
            let _ = write!(
                s,
                r#"<line x1="{p}" y1="{MARGIN}" x2="{p}" y2="{end}" stroke="{colour}" stroke-width="{w}"/><line x1="{MARGIN}" y1="{p}" x2="{end}" y2="{p}" stroke="{colour}" stroke-width="{w}"/>"#
            );
        }
    }

    fn labels(&self, s: &mut String) {
        for i in 0..9 {
            let mid = MARGIN + (i as f64 + 0.5) * CELL;
            let _ = write!(
                s,
                r##"<text x="{mid}" y="{}" font-size="13" text-anchor="middle" fill="#555555">c{n}</text><text x="{}" y="{}" font-size="13" text-anchor="middle" fill="#555555">r{n}</text>"##,
                MARGIN - 9.0,
                MARGIN / 2.0,
                mid + 4.0,
                n = i + 1
            );
        }
    }

    fn cells(&self, s: &mut String, digits: Digits) {
        for cell in Cell::all() {
            let (x, y) = cell_origin(cell);
            if let Some(d) = self.state.value(cell) {
                let colour = if self.state.is_given(cell) {
                    "#000000"
                } else {
                    "#1f5fbf"
                };
                digits.write(
                    s,
                    d,
                    VALUE_SIZE,
                    x + CELL / 2.0,
                    y + CELL / 2.0 + 13.0,
                    colour,
                );
                continue;
            }
            for c in Digit::all().map(|d| Candidate::new(cell, d)) {
                if self.state.has(c) {
                    self.candidate(s, c, digits);
                }
            }
        }
    }

    fn candidate(&self, s: &mut String, c: Candidate, digits: Digits) {
        let (cx, cy) = candidate_centre(c);
        let role = self.role_of(c);
        if let Some(r) = role {
            let stroke = match r {
                Role::Target => "#d62728",
                Role::Assertion => "#1a7f1a",
                _ => "none",
            };
            let _ = write!(
                s,
                r#"<circle cx="{cx}" cy="{cy}" r="9" fill="{}" stroke="{stroke}" stroke-width="2"/>"#,
                r.fill()
            );
        }
        let colour = role.map_or("#333333", Role::ink);
        digits.write(s, c.digit(), MARK_SIZE, cx, cy + 5.0, colour);
        if role == Some(Role::Target) {
            let _ = write!(
                s,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#d62728" stroke-width="2"/>"##,
                cx - 8.0,
                cy + 8.0,
                cx + 8.0,
                cy - 8.0
            );
        }
    }

    fn arrows(&self, s: &mut String) {
        for a in &self.arrows {
            let (x1, y1) = candidate_centre(a.from);
            let (x2, y2) = candidate_centre(a.to);
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            // stop short of the circles and bend a little so parallel links stay apart
            let (ux, uy) = (dx / len, dy / len);
            let (sx, sy, ex, ey) = (x1 + ux * 9.0, y1 + uy * 9.0, x2 - ux * 10.0, y2 - uy * 10.0);
            let bend = (len * 0.12).min(24.0);
            let (mx, my) = ((sx + ex) / 2.0 - uy * bend, (sy + ey) / 2.0 + ux * bend);
            let dash = if a.strong {
                ""
            } else {
                r#" stroke-dasharray="5,4""#
            };
            let _ = write!(
                s,
                r##"<path d="M{sx:.1},{sy:.1} Q{mx:.1},{my:.1} {ex:.1},{ey:.1}" fill="none" stroke="#c0392b" stroke-width="2"{dash} marker-end="url(#head)"/>"##
            );
        }
    }
}

/// Font size of placed digits and of pencil marks.
const VALUE_SIZE: u32 = 38;
const MARK_SIZE: u32 = 14;

/// How a picture writes its digits: as SVG text, or as `<use>`s of glyph outlines.
#[derive(Clone, Copy)]
enum Digits {
    Text,
    Outlines(&'static DigitOutlines),
}

impl Digits {
    /// Digit `d` of font size `size`, centred on `x`, baseline `y`.
    fn write(self, s: &mut String, d: Digit, size: u32, x: f64, y: f64, colour: &str) {
        let _ = match self {
            Digits::Text => write!(
                s,
                r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" fill="{colour}">{d}</text>"#
            ),
            Digits::Outlines(_) => write!(
                s,
                r##"<use xlink:href="#{}" x="{x}" y="{y}" fill="{colour}"/>"##,
                DigitOutlines::id(d, size)
            ),
        };
    }
}

/// The outlines of digits 1..9 at the two sizes the picture uses, as SVG path data in a
/// frame where the text's anchor (middle of the baseline) is the origin.
pub struct DigitOutlines {
    /// (size, digit, path data)
    paths: Vec<(u32, Digit, String)>,
}

impl DigitOutlines {
    fn id(d: Digit, size: u32) -> String {
        format!("digit{size}-{d}")
    }

    /// Lay out each digit once with usvg, in the picture's font, and keep its outline.
    fn lay_out() -> DigitOutlines {
        let mut paths = Vec::new();
        for size in [VALUE_SIZE, MARK_SIZE] {
            for d in Digit::all() {
                let svg = format!(
                    r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" font-family="{FONT_FAMILY}"><text x="0" y="0" font-size="{size}" text-anchor="middle">{d}</text></svg>"#
                );
                let data = usvg::Tree::from_str(&svg, &render_options())
                    .map(|tree| outline_data(tree.root()))
                    .unwrap_or_default();
                paths.push((size, d, data));
            }
        }
        DigitOutlines { paths }
    }

    fn write_defs(&self, s: &mut String) {
        for (size, d, data) in &self.paths {
            let _ = write!(s, r#"<path id="{}" d="{data}"/>"#, Self::id(*d, *size));
        }
    }
}

/// The digit outlines of this process, laid out on first use.
pub fn digit_outlines() -> &'static DigitOutlines {
    static OUTLINES: OnceLock<DigitOutlines> = OnceLock::new();
    OUTLINES.get_or_init(DigitOutlines::lay_out)
}

/// Every path under `group` (text included, as its flattened outline), in absolute
/// coordinates, as SVG path data.
fn outline_data(group: &usvg::Group) -> String {
    use resvg::tiny_skia::PathSegment;
    let mut out = String::new();
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => out.push_str(&outline_data(g)),
            usvg::Node::Text(t) => out.push_str(&outline_data(t.flattened())),
            usvg::Node::Path(p) => {
                let Some(path) = p.data().clone().transform(p.abs_transform()) else {
                    continue;
                };
                for segment in path.segments() {
                    let _ = match segment {
                        PathSegment::MoveTo(a) => write!(out, "M{:.2},{:.2}", a.x, a.y),
                        PathSegment::LineTo(a) => write!(out, "L{:.2},{:.2}", a.x, a.y),
                        PathSegment::QuadTo(a, b) => {
                            write!(out, "Q{:.2},{:.2} {:.2},{:.2}", a.x, a.y, b.x, b.y)
                        }
                        PathSegment::CubicTo(a, b, c) => write!(
                            out,
                            "C{:.2},{:.2} {:.2},{:.2} {:.2},{:.2}",
                            a.x, a.y, b.x, b.y, c.x, c.y
                        ),
                        PathSegment::Close => write!(out, "Z"),
                    };
                }
            }
            usvg::Node::Image(_) => {}
        }
    }
    out
}

const FONT_FAMILY: &str = "DejaVu Sans, Arial, sans-serif";

/// The system's fonts, loaded once per process.
fn system_fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            Arc::new(db)
        })
        .clone()
}

fn render_options() -> usvg::Options<'static> {
    usvg::Options {
        fontdb: system_fonts(),
        ..usvg::Options::default()
    }
}

/// Break a caption line at spaces so that no piece exceeds `width` characters (a single
/// longer word stays whole); continuation lines are indented.
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut current));
            current.push_str("    ");
        }
        if !current.is_empty() && !current.ends_with("    ") {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    out
}

/// Errors of picture export.
#[derive(Debug, Error)]
pub enum SvgError {
    #[error("the SVG does not parse: {0}")]
    Parse(String),
    #[error("cannot allocate a {0}x{1} picture")]
    Size(u32, u32),
    #[error("PNG encoding failed: {0}")]
    Png(String),
}

/// Render SVG text to PNG bytes with resvg, using the system's fonts (digits need one:
/// Debian's fonts-dejavu-core), loaded once per process.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, SvgError> {
    let tree =
        usvg::Tree::from_str(svg, &render_options()).map_err(|e| SvgError::Parse(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or(SvgError::Size(size.width(), size.height()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| SvgError::Png(e.to_string()))
}
