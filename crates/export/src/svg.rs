//! Grid pictures for forum posts: a [`Diagram`] (a state, candidates marked by role, links
//! as arrows, a legend, a caption) rendered as SVG by hand, and as PNG through resvg, at
//! the natural width ([`PICTURE_WIDTH`] pixels) or any [`PixelWidth`].
//!
//! Colours: left-linking candidates green, right-linking blue, t/z candidates orange (with
//! the candidate that justifies them in the caption), other pattern candidates purple,
//! targets struck through in red, assertions gold and ringed. A set of candidates that is
//! one node of the proof (a group, an almost-locked set) is outlined as one shape
//! ([`SetOutline`]; ALS named A, B, …), and links end on its outline. Strong links are
//! solid arrows, weak links dashed; each link carries its number in the chain's order, and
//! runs where [`route`](super::route) found room for it; no two labels (numbers, set
//! names) overlap ([`Layout`], [`labels`](super::labels)). The legend under the grid names
//! the marks, sets and line styles the picture uses, and which part of the proof it shows
//! when it shows one branch or chain only.

use super::geometry::{
    candidate_centre, cell_origin, set_shape, SetShape, CELL, GRID_SIDE, MARGIN, MARK_RADIUS,
    PICTURE_WIDTH,
};
use super::labels::{grid_name_boxes, number_links, Labels, NUMBER_ADVANCE};
use super::route::{route_curves, sampled, Board, End, Link, Route};
use kurbo::{Point, Rect, Size};
#[cfg(feature = "png")]
use resvg::usvg;
use std::fmt::Write as _;
#[cfg(feature = "png")]
use std::sync::{Arc, OnceLock};
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, Digit, State};
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
    /// A candidate a force chain or net derives true in a branch.
    DerivedTrue,
    /// A candidate a force chain or net derives false in a branch.
    DerivedFalse,
    /// A candidate of a tagging layer ([gpenet tagging]): its layer, and whether it carries the
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
            // gold, ringed: no chain role is drawn in it
            Role::Assertion => "#ffc83d",
            Role::DerivedTrue => "#fff59d",
            Role::DerivedFalse => "#d4d4d4",
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

/// A link drawn between two candidates, or from or to a set's outline (`from` and `to`
/// are then a candidate of the set, which the proof graph draws).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub from: Candidate,
    pub to: Candidate,
    pub strong: bool,
    /// The set (index into [`Diagram::sets`]) the link starts from, if not `from` alone.
    pub from_set: Option<usize>,
    /// The set the link ends on, if not `to` alone.
    pub to_set: Option<usize>,
}

impl Arrow {
    /// A link between two candidates.
    pub fn new(from: Candidate, to: Candidate, strong: bool) -> Arrow {
        Arrow {
            from,
            to,
            strong,
            from_set: None,
            to_set: None,
        }
    }
}

/// What kind of node an outlined set is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetKind {
    /// A digit's candidates in one house taken as one node (a g-candidate).
    Group,
    /// An almost-locked set: N cells of one house holding N + 1 digits.
    Als,
}

/// The outline and fill colours of the ALS (one hue per set, cycling), none a role or a
/// layer uses.
const ALS_COLOURS: [(&str, &str); 5] = [
    ("#17776f", "#dcf1ee"),
    ("#8a5a14", "#f6ecd9"),
    ("#56680f", "#eef3d7"),
    ("#7a2f62", "#f5e3ee"),
    ("#3f5560", "#e3eaed"),
];
/// The groups' outline and fill.
const GROUP_COLOURS: (&str, &str) = ("#3d4f9f", "#e4e8f7");

impl SetKind {
    /// The outline's colour and the fill inside it for a set of this kind with `hue`.
    fn colours(self, hue: usize) -> (&'static str, &'static str) {
        match self {
            SetKind::Group => GROUP_COLOURS,
            SetKind::Als => ALS_COLOURS[hue % ALS_COLOURS.len()],
        }
    }
}

/// A set of candidates drawn as one outlined node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetOutline {
    pub kind: SetKind,
    pub candidates: Vec<Candidate>,
    /// Written beside the outline (ALS: `A`, `B`, …), and said in the legend.
    pub name: Option<String>,
    /// Which of its kind's colours it is drawn in (the ALS of a picture differ).
    pub hue: usize,
}

/// A CSP variable of a chain or whip as the proof graph groups it: its name (`r2c7`,
/// `c5n3`) and the candidates of it the proof uses (L, R, t/z).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    pub name: String,
    pub candidates: Vec<Candidate>,
}

/// Why a candidate off the chain's links matters, as the proof graph draws it (the grid
/// picture leaves these to the colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SupportKind {
    /// The target is linked to the chain's first left-linking candidate.
    Start,
    /// The chain's last right-linking candidate is linked to the target.
    End,
    /// A z-candidate: linked to the target.
    Z,
    /// A t-candidate: linked to an earlier right-linking candidate.
    T,
}

/// A link from `from` to `to` that is not one of the chain's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Support {
    pub from: Candidate,
    pub to: Candidate,
    pub kind: SupportKind,
}

/// What a legend entry shows beside its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Nothing: the text alone (which part of the proof is shown).
    Note,
    /// A candidate disc in a role's colours.
    Mark(Role),
    /// A set's outline in its colours.
    Set { kind: SetKind, hue: usize },
    /// A solid arrow.
    StrongLink,
    /// A dashed arrow.
    WeakLink,
    /// A link's number badge.
    LinkNumber,
}

/// One entry of a picture's legend: a sample of a mark or line, and what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    pub key: Key,
    pub text: String,
}

/// Everything a picture shows.
#[derive(Clone, Debug)]
pub struct Diagram {
    pub state: State,
    pub marks: Vec<Mark>,
    pub arrows: Vec<Arrow>,
    /// Drawn under the grid, in this order; empty for a bare grid.
    pub legend: Vec<LegendEntry>,
    pub caption: Vec<String>,
    /// The rule with its length (`whip[5]`), the proof graph's label.
    pub title: String,
    /// The CSP variables of a chain or whip, for the proof graph (empty otherwise).
    pub variables: Vec<Variable>,
    /// The target's and the t/z candidates' links to the chain, for the proof graph.
    pub supports: Vec<Support>,
    /// The sets of candidates drawn as outlined nodes (groups, ALS), under everything else.
    pub sets: Vec<SetOutline>,
}

/// Where the grid part of a picture puts its sets, labels and links: each set's outline and
/// name, and each link's curve, number and leader. No two labels overlap, nor the row and
/// column names.
pub struct Layout {
    pub shapes: Vec<SetShape>,
    /// The box of each set's name (`None`: the set has none).
    pub names: Vec<Option<Rect>>,
    pub routes: Vec<Route>,
}

impl Layout {
    /// Every label's box: the sets' names, then the links' numbers.
    pub fn label_boxes(&self) -> Vec<Rect> {
        self.names
            .iter()
            .flatten()
            .copied()
            .chain(self.routes.iter().map(|r| r.label))
            .collect()
    }
}

/// How far an ALS's outline is drawn inside each larger ALS sharing a cell with it.
const NESTED_INSET: f64 = 3.0;

/// The size of a set's name badge.
fn name_size(name: &str) -> Size {
    Size::new(7.0 + NAME_ADVANCE * name.chars().count() as f64, 14.0)
}
/// The advance of a set name's letter (DejaVu Sans Bold at the names' size, about).
const NAME_ADVANCE: f64 = 8.0;
const NAME_SIZE: u32 = 11;

/// The width of an exported picture in pixels (its height follows the picture's shape).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelWidth(u32);

impl PixelWidth {
    /// Narrowest picture: pencil marks are still legible.
    pub const MIN: u32 = 200;
    /// Widest picture: about 4000 × 4400 pixels, 70 MB of pixels to render.
    pub const MAX: u32 = 4000;

    /// `px` pixels wide, if it is within [`PixelWidth::MIN`]..=[`PixelWidth::MAX`].
    pub fn new(px: u32) -> Result<PixelWidth, SvgError> {
        if (Self::MIN..=Self::MAX).contains(&px) {
            Ok(PixelWidth(px))
        } else {
            Err(SvgError::Width(px))
        }
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

/// Escape text for XML content and attributes.
pub fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Diagram {
    /// The state alone: no marks, links, legend or caption.
    pub fn grid(state: &State) -> Diagram {
        Diagram {
            state: state.clone(),
            marks: Vec::new(),
            arrows: Vec::new(),
            legend: Vec::new(),
            caption: Vec::new(),
            title: "grid".to_string(),
            variables: Vec::new(),
            supports: Vec::new(),
            sets: Vec::new(),
        }
    }

    /// Each set's outline: an ALS drawn inside another one (sharing a cell with an ALS of
    /// more candidates, which is drawn first) is inset by [`NESTED_INSET`] per such set, so
    /// each outline shows.
    fn set_shapes(&self) -> Vec<SetShape> {
        let cells =
            |set: &SetOutline| -> Vec<Cell> { set.candidates.iter().map(|c| c.cell()).collect() };
        let sets = &self.sets;
        let mut shapes: Vec<SetShape> = sets.iter().map(|s| set_shape(&s.candidates)).collect();
        for (i, (set, shape)) in sets.iter().zip(&mut shapes).enumerate() {
            if set.kind != SetKind::Als {
                continue;
            }
            let mine = cells(set);
            let outer = sets
                .iter()
                .enumerate()
                .filter(|&(j, other)| {
                    j != i
                        && other.kind == SetKind::Als
                        && (other.candidates.len(), i) > (set.candidates.len(), j)
                        && cells(other).iter().any(|c| mine.contains(c))
                })
                .count();
            let inset = NESTED_INSET * outer as f64;
            for b in &mut shape.boxes {
                let smaller = b.inflate(-inset, -inset);
                // never smaller than a candidate's disc
                if smaller.width() >= 2.0 * MARK_RADIUS && smaller.height() >= 2.0 * MARK_RADIUS {
                    *b = smaller;
                }
            }
        }
        shapes
    }

    /// Where the sets, links and labels go ([`Layout`]): the links are routed first, then
    /// the sets' names are placed beside their outlines, then each link's number.
    pub fn layout(&self) -> Layout {
        let board = Board {
            state: &self.state,
            marked: CandidateSet::from_candidates(self.marks.iter().map(|m| m.candidate)),
        };
        let shapes = self.set_shapes();
        let end = |c: Candidate, set: Option<usize>| match set {
            Some(i) => End::Set {
                boxes: shapes[i].boxes.clone(),
                candidates: self.sets[i].candidates.clone(),
            },
            None => End::Candidate(c),
        };
        let links: Vec<Link> = self
            .arrows
            .iter()
            .map(|a| Link {
                from: end(a.from, a.from_set),
                to: end(a.to, a.to_set),
            })
            .collect();
        let curves = route_curves(&board, &links);
        let mut labels = Labels::new(&board, sampled(&curves), grid_name_boxes());
        let names = self
            .sets
            .iter()
            .zip(&shapes)
            .map(|(set, shape)| {
                let name = set.name.as_deref()?;
                let size = name_size(name);
                // outside the outline's first box, at a corner, above first
                let b = shape.boxes[0];
                let (dx, dy) = (size.width / 2.0 + 1.0, size.height / 2.0 + 1.0);
                let spots = [
                    Point::new(b.x0 + dx, b.y0 - dy),
                    Point::new(b.x1 - dx, b.y0 - dy),
                    Point::new(b.x0 + dx, b.y1 + dy),
                    Point::new(b.x1 - dx, b.y1 + dy),
                    Point::new(b.x0 - dx, b.center().y),
                    Point::new(b.x1 + dx, b.center().y),
                ];
                Some(labels.place(size, &spots, None))
            })
            .collect();
        let routes = number_links(&curves, &mut labels);
        Layout {
            shapes,
            names,
            routes,
        }
    }

    /// The role a candidate is drawn in: a target or assertion wins over any other role.
    pub fn role_of(&self, c: Candidate) -> Option<Role> {
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
            Role::DerivedTrue,
            Role::DerivedFalse,
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

    /// The picture as an SVG document (digits as text, for posting and editing), at its
    /// natural width.
    pub fn to_svg(&self) -> String {
        self.write_svg(Digits::Text, None)
    }

    /// The picture as an SVG document `width` pixels wide (the drawing is the same: only
    /// its displayed size changes).
    pub fn to_svg_at(&self, width: Option<PixelWidth>) -> String {
        self.write_svg(Digits::Text, width)
    }

    /// The picture as PNG bytes at its natural width.
    #[cfg(feature = "png")]
    pub fn to_png(&self) -> Result<Vec<u8>, SvgError> {
        self.to_png_at(None)
    }

    /// The picture as PNG bytes, `width` pixels wide. Rendered from the same SVG but with
    /// every digit drawn as its glyph outline, laid out once per process
    /// ([`digit_outlines`]): laying out the several hundred pencil-mark texts was most of
    /// the PNG's cost.
    #[cfg(feature = "png")]
    pub fn to_png_at(&self, width: Option<PixelWidth>) -> Result<Vec<u8>, SvgError> {
        svg_to_png(&self.write_svg(Digits::Outlines(digit_outlines()), width))
    }

    fn write_svg(&self, digits: Digits, width: Option<PixelWidth>) -> String {
        let size = PICTURE_WIDTH;
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
        let legend = legend_rows(&self.legend);
        let legend_top = MARGIN + GRID_SIDE + 10.0;
        let caption_top = if legend.is_empty() {
            size
        } else {
            legend_top + LEGEND_ROW * legend.len() as f64 + 6.0
        };
        let caption_h = 22.0 * caption.len() as f64 + 10.0;
        let height = caption_top + caption_h;
        let scale = width.map_or(1.0, |w| w.get() as f64 / size);
        let mut s = String::new();
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw}" height="{ph}" viewBox="0 0 {size} {height}" font-family="{FONT_FAMILY}"{xlink}>"#,
            pw = (size * scale).round(),
            ph = (height * scale).round(),
            xlink = match digits {
                Digits::Text => "",
                #[cfg(feature = "png")]
                Digits::Outlines(_) => r#" xmlns:xlink="http://www.w3.org/1999/xlink""#,
            }
        );
        s.push_str(r##"<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker>"##);
        #[cfg(feature = "png")]
        if let Digits::Outlines(outlines) = digits {
            outlines.write_defs(&mut s);
        }
        s.push_str("</defs>");
        let _ = write!(
            s,
            r##"<rect x="0" y="0" width="{size}" height="{height}" fill="#ffffff"/>"##
        );
        let layout = self.layout();
        self.outlines(&mut s, &layout);
        self.grid_lines(&mut s);
        self.labels(&mut s);
        self.cells(&mut s, digits);
        self.arrows(&mut s, &layout, digits);
        write_legend(&mut s, &legend, legend_top, digits);
        for (i, line) in caption.iter().enumerate() {
            let _ = write!(
                s,
                r##"<text x="{MARGIN}" y="{}" font-size="14" fill="#222222">{}</text>"##,
                caption_top + 18.0 + 22.0 * i as f64,
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
            let end = MARGIN + GRID_SIDE;
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
            let (x, y) = cell_origin(cell).into();
            if let Some(d) = self.state.value(cell) {
                let colour = if self.state.is_given(cell) {
                    "#000000"
                } else {
                    "#1f5fbf"
                };
                digits.write(
                    s,
                    &d.to_string(),
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
        let (cx, cy) = candidate_centre(c).into();
        let role = self.role_of(c);
        if let Some(r) = role {
            write_disc(s, r, cx, cy);
        }
        let colour = role.map_or("#333333", Role::ink);
        digits.write(s, &c.digit().to_string(), MARK_SIZE, cx, cy + 5.0, colour);
        if role == Some(Role::Target) {
            write_strike(s, cx, cy);
        }
    }

    /// Each set's outline as one shape: its boxes and connectors stroked in the outline's
    /// colour, then filled over, so only the union's edge shows; larger sets first.
    fn outlines(&self, s: &mut String, layout: &Layout) {
        let mut order: Vec<usize> = (0..self.sets.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.sets[i].candidates.len()));
        for i in order {
            let set = &self.sets[i];
            let (line, fill) = set.kind.colours(set.hue);
            let shape = &layout.shapes[i];
            for (colour, grow, width) in [(line, 2.0, 9.0), (fill, 0.0, 5.0)] {
                for c in &shape.connectors {
                    let _ = write!(
                        s,
                        r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="{width}"/>"#,
                        c.p0.x, c.p0.y, c.p1.x, c.p1.y
                    );
                }
                for b in &shape.boxes {
                    let b = b.inflate(grow, grow);
                    let _ = write!(
                        s,
                        r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="{colour}"/>"#,
                        b.x0,
                        b.y0,
                        b.width(),
                        b.height(),
                        6.0 + grow
                    );
                }
            }
        }
    }

    /// Each link as a curve routed around digits, marks and the other links, on a white
    /// casing so it reads over grid lines; then each set's name and each link's number on
    /// top of all of them (a number moved off its link points at it with a leader).
    fn arrows(&self, s: &mut String, layout: &Layout, digits: Digits) {
        for (a, r) in self.arrows.iter().zip(&layout.routes) {
            let q = r.curve;
            let d = format!(
                "M{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1}",
                q.p0.x, q.p0.y, q.p1.x, q.p1.y, q.p2.x, q.p2.y
            );
            let _ = write!(
                s,
                r##"<path d="{d}" fill="none" stroke="#ffffff" stroke-opacity="0.75" stroke-width="5"/>"##
            );
            let _ = write!(
                s,
                r##"<path d="{d}" fill="none" stroke="{LINK_COLOUR}" stroke-width="2"{} marker-end="url(#head)"/>"##,
                link_dash(a.strong)
            );
        }
        for (set, name) in self.sets.iter().zip(&layout.names) {
            if let (Some(text), Some(r)) = (&set.name, name) {
                write_set_name(s, set.kind.colours(set.hue).0, text, *r);
            }
        }
        for r in &layout.routes {
            if let Some(at) = r.leader {
                let from = nearest_on(r.label, at);
                let _ = write!(
                    s,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{LINK_COLOUR}" stroke-width="1" stroke-dasharray="2,2"/>"#,
                    from.x, from.y, at.x, at.y
                );
            }
        }
        for (k, r) in layout.routes.iter().enumerate() {
            let c = r.label.center();
            write_link_number(s, k + 1, c.x, c.y, digits);
        }
    }
}

/// The point of `r`'s edge nearest to `p`.
fn nearest_on(r: Rect, p: Point) -> Point {
    Point::new(p.x.clamp(r.x0, r.x1), p.y.clamp(r.y0, r.y1))
}

/// A set's name in a badge of its outline's colour (`line`) filling `r`.
fn write_set_name(s: &mut String, line: &str, name: &str, r: Rect) {
    let _ = write!(
        s,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="4" fill="{line}"/><text x="{:.1}" y="{:.1}" font-size="{NAME_SIZE}" font-weight="bold" text-anchor="middle" fill="#ffffff">{}</text>"##,
        r.x0,
        r.y0,
        r.width(),
        r.height(),
        r.center().x,
        r.center().y + 4.0,
        xml_escape(name)
    );
}

const LINK_COLOUR: &str = "#c0392b";
/// Colour of a link's number.
const NUMBER_COLOUR: &str = "#7a1a10";

/// The dash pattern attribute of a weak link (none for a strong one).
fn link_dash(strong: bool) -> &'static str {
    if strong {
        ""
    } else {
        r#" stroke-dasharray="5,4""#
    }
}

/// The disc behind a marked candidate, in its role's colours.
fn write_disc(s: &mut String, role: Role, cx: f64, cy: f64) {
    let stroke = match role {
        Role::Target => "#d62728",
        Role::Assertion => "#8a6200",
        _ => "none",
    };
    let _ = write!(
        s,
        r#"<circle cx="{cx}" cy="{cy}" r="{MARK_RADIUS}" fill="{}" stroke="{stroke}" stroke-width="2"/>"#,
        role.fill()
    );
}

/// The red stroke through an eliminated candidate.
fn write_strike(s: &mut String, cx: f64, cy: f64) {
    let _ = write!(
        s,
        r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#d62728" stroke-width="2"/>"##,
        cx - 8.0,
        cy + 8.0,
        cx + 8.0,
        cy - 8.0
    );
}

/// A link's number `n` in a small white badge centred on (`x`, `y`), as large as
/// [`number_size`](super::labels::number_size) says.
fn write_link_number(s: &mut String, n: usize, x: f64, y: f64, digits: Digits) {
    let text = n.to_string();
    let w = 6.0 + NUMBER_ADVANCE * text.len() as f64;
    let h = 13.0;
    let _ = write!(
        s,
        r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{h}" rx="4" fill="#ffffff" stroke="{LINK_COLOUR}" stroke-width="1"/>"##,
        x - w / 2.0,
        y - h / 2.0
    );
    digits.write(s, &text, LABEL_SIZE, x, y + 4.0, NUMBER_COLOUR);
}

/// Height of a legend row.
const LEGEND_ROW: f64 = 20.0;
/// Width of a legend entry's key, and the gaps after it and after the entry.
const LEGEND_KEY: f64 = 26.0;
const LEGEND_GAP: f64 = 5.0;
const LEGEND_SPACING: f64 = 16.0;
/// Font size of the legend, and the average advance of its characters (DejaVu Sans).
const LEGEND_FONT: f64 = 12.0;
const LEGEND_CHAR: f64 = 0.56 * LEGEND_FONT;

/// The legend's entries laid out in rows as wide as the grid: each with its left edge.
fn legend_rows(entries: &[LegendEntry]) -> Vec<Vec<(f64, &LegendEntry)>> {
    let mut rows: Vec<Vec<(f64, &LegendEntry)>> = Vec::new();
    let mut x = MARGIN;
    for e in entries {
        let key = match e.key {
            Key::Note => 0.0,
            _ => LEGEND_KEY + LEGEND_GAP,
        };
        let w = key + LEGEND_CHAR * e.text.chars().count() as f64;
        if rows.is_empty() || (x + w > MARGIN + GRID_SIDE && x > MARGIN) {
            rows.push(Vec::new());
            x = MARGIN;
        }
        rows.last_mut().expect("a row").push((x, e));
        x += w + LEGEND_SPACING;
    }
    rows
}

/// Draw the legend's rows from `top` down.
fn write_legend(s: &mut String, rows: &[Vec<(f64, &LegendEntry)>], top: f64, digits: Digits) {
    for (i, row) in rows.iter().enumerate() {
        let y = top + LEGEND_ROW * (i as f64 + 0.5);
        for &(x, e) in row {
            let mid = x + LEGEND_KEY / 2.0;
            let text_x = match e.key {
                Key::Note => x,
                _ => x + LEGEND_KEY + LEGEND_GAP,
            };
            match e.key {
                Key::Note => {}
                Key::Set { kind, hue } => {
                    let (line, fill) = kind.colours(hue);
                    let _ = write!(
                        s,
                        r#"<rect x="{:.1}" y="{:.1}" width="{LEGEND_KEY}" height="14" rx="5" fill="{fill}" stroke="{line}" stroke-width="2"/>"#,
                        x,
                        y - 7.0
                    );
                }
                Key::Mark(role) => {
                    write_disc(s, role, mid, y);
                    if role == Role::Target {
                        write_strike(s, mid, y);
                    }
                }
                Key::StrongLink | Key::WeakLink => {
                    let _ = write!(
                        s,
                        r##"<path d="M{:.1},{y:.1} L{:.1},{y:.1}" fill="none" stroke="{LINK_COLOUR}" stroke-width="2"{}/>"##,
                        x,
                        x + LEGEND_KEY,
                        link_dash(e.key == Key::StrongLink)
                    );
                }
                Key::LinkNumber => write_link_number(s, 1, mid, y, digits),
            }
            let _ = write!(
                s,
                r##"<text x="{:.1}" y="{:.1}" font-size="{LEGEND_FONT}" fill="#333333">{}</text>"##,
                text_x,
                y + 4.0,
                xml_escape(&e.text)
            );
        }
    }
}

/// Font size of placed digits, of pencil marks and of link numbers.
const VALUE_SIZE: u32 = 38;
const MARK_SIZE: u32 = 14;
const LABEL_SIZE: u32 = 10;
/// Advance of a digit in DejaVu Sans, in ems (every digit has the same).
#[cfg(feature = "png")]
const DIGIT_ADVANCE: f64 = 0.636;

/// How a picture writes its digits: as SVG text, or as `<use>`s of glyph outlines.
#[derive(Clone, Copy)]
enum Digits {
    Text,
    #[cfg(feature = "png")]
    Outlines(&'static DigitOutlines),
}

impl Digits {
    /// The digits `text` at font size `size`, centred on `x`, baseline `y`.
    fn write(self, s: &mut String, text: &str, size: u32, x: f64, y: f64, colour: &str) {
        match self {
            Digits::Text => {
                let _ = write!(
                    s,
                    r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" fill="{colour}">{text}</text>"#
                );
            }
            #[cfg(feature = "png")]
            Digits::Outlines(_) => {
                let advance = DIGIT_ADVANCE * size as f64;
                let first = x - advance * (text.chars().count() as f64 - 1.0) / 2.0;
                for (i, ch) in text.chars().enumerate() {
                    let _ = write!(
                        s,
                        r##"<use xlink:href="#{}" x="{}" y="{y}" fill="{colour}"/>"##,
                        DigitOutlines::id(ch, size),
                        first + advance * i as f64
                    );
                }
            }
        }
    }
}

/// The outlines of the digits at the sizes the picture uses (1 to 9 for values and pencil
/// marks, 0 to 9 for link numbers), as SVG path data in a frame where the text's anchor
/// (middle of the baseline) is the origin.
#[cfg(feature = "png")]
pub struct DigitOutlines {
    /// (size, digit, path data)
    paths: Vec<(u32, char, String)>,
}

#[cfg(feature = "png")]
impl DigitOutlines {
    fn id(ch: char, size: u32) -> String {
        format!("digit{size}-{ch}")
    }

    /// Lay out each digit once with usvg, in the picture's font, and keep its outline.
    fn lay_out() -> DigitOutlines {
        let sizes = [
            (VALUE_SIZE, '1'..='9'),
            (MARK_SIZE, '1'..='9'),
            (LABEL_SIZE, '0'..='9'),
        ];
        let mut paths = Vec::new();
        for (size, digits) in sizes {
            for d in digits {
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
#[cfg(feature = "png")]
pub fn digit_outlines() -> &'static DigitOutlines {
    static OUTLINES: OnceLock<DigitOutlines> = OnceLock::new();
    OUTLINES.get_or_init(DigitOutlines::lay_out)
}

/// Every path under `group` (text included, as its flattened outline), in absolute
/// coordinates, as SVG path data.
#[cfg(feature = "png")]
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
#[cfg(feature = "png")]
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

#[cfg(feature = "png")]
fn render_options() -> usvg::Options<'static> {
    usvg::Options {
        fontdb: system_fonts(),
        ..usvg::Options::default()
    }
}

/// Break a caption line at spaces so that no piece exceeds `width` characters;
/// continuation lines are indented. A word too long for a line (an AIC written without
/// spaces, `r4c4=3=r4c5-3-…`) is cut after one of its links' marks (`-`, `=`, `)`), or
/// anywhere when it has none.
fn wrap(line: &str, width: usize) -> Vec<String> {
    const INDENT: &str = "    ";
    let room = width - INDENT.len();
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        for (k, part) in cut_word(word, room).into_iter().enumerate() {
            // the first part of a word follows a space; the others continue the word
            let joiner = usize::from(k == 0 && !current.is_empty() && current != INDENT);
            if !current.is_empty()
                && current != INDENT
                && current.chars().count() + joiner + part.chars().count() > width
            {
                out.push(std::mem::take(&mut current));
                current.push_str(INDENT);
            } else if joiner == 1 {
                current.push(' ');
            }
            current.push_str(&part);
        }
    }
    out.push(current);
    out
}

/// `word` in pieces of at most `room` characters, each cut after a `-`, `=` or `)` where
/// one is in reach (the word whole when it fits).
fn cut_word(word: &str, room: usize) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut pieces = Vec::new();
    let mut start = 0;
    while chars.len() - start > room {
        let window = &chars[start..start + room];
        let cut = window
            .iter()
            .rposition(|c| matches!(c, '-' | '=' | ')'))
            .map_or(room, |i| i + 1);
        pieces.push(chars[start..start + cut].iter().collect());
        start += cut;
    }
    pieces.push(chars[start..].iter().collect());
    pieces
}

#[cfg(test)]
mod wrap_tests {
    use super::*;

    #[test]
    fn a_chain_written_without_spaces_is_cut_after_its_links() {
        let aic = "r4c4=3=r4c5-3-r1c5=3=r1c9-3-r2c9=3=r2c1-3-r6c1=3=r6c4-3-r4c4".repeat(2);
        let line = format!("AIC: {aic} => r4c4<>3");
        let lines = wrap(&line, 40);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
        // nothing lost or added but the breaks and indents
        let squeeze = |t: &str| t.split_whitespace().collect::<String>();
        assert_eq!(squeeze(&lines.concat()), squeeze(&line));
        // each cut inside the chain falls after a link's mark
        for l in &lines[..lines.len() - 1] {
            assert!(l.ends_with('-') || l.ends_with('='), "{lines:?}");
        }
    }

    #[test]
    fn words_that_fit_wrap_at_spaces_as_before() {
        let lines = wrap("whip[4]: r8n7{c1 c5} - r8n4{c5 c9} ==> r1c2 <> 8", 20);
        assert_eq!(
            lines,
            [
                "whip[4]: r8n7{c1 c5}",
                "    - r8n4{c5 c9}",
                "    ==> r1c2 <> 8"
            ]
        );
    }
}

/// Errors of picture export.
#[derive(Debug, Error)]
pub enum SvgError {
    #[error("the SVG does not parse: {0}")]
    Parse(String),
    #[error(
        "a picture width of {0} pixels is outside {min} to {max}",
        min = PixelWidth::MIN,
        max = PixelWidth::MAX
    )]
    Width(u32),
    #[error("cannot allocate a {0}x{1} picture")]
    Size(u32, u32),
    #[error("PNG encoding failed: {0}")]
    Png(String),
}

/// Render SVG text to PNG bytes with resvg, using the system's fonts (digits need one:
/// Debian's fonts-dejavu-core), loaded once per process.
#[cfg(feature = "png")]
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
