//! HoDoKu's Sue de Coq ([hobiwan HoDoKu]'s `MiscellaneousSolver`): two or three open cells where a
//! row (then a column) crosses a block, holding at least two more digits than cells, with a
//! set of other cells of the line and one of the block that together lock those digits;
//! the digits leave the rest of the line and of the block. Rows are scanned before
//! columns, each line against the blocks in order, the cell sets in HoDoKu's order.

use super::grid::{digits, Grid};
use super::step::Step;
use super::table::Kind;

fn cells_of(set: u128) -> Vec<u8> {
    (0..81u8).filter(|&c| set & 1u128 << c != 0).collect()
}

fn unit_set(u: usize) -> u128 {
    super::grid::UNIT_SETS[u]
}

/// The search around one intersection.
struct Sdc<'a> {
    g: &'a Grid,
    line: u128,
    block: u128,
    /// The intersection cells chosen and their digits.
    act: u128,
    act_cands: u16,
    /// The line cells chosen and their digits (set by the first level).
    line_act: u128,
    line_cands: u16,
}

/// The first Sue de Coq.
pub fn sue_de_coq(g: &Grid) -> Option<Step> {
    let empty = (0..81u8)
        .filter(|&c| g.values[c as usize] == 0)
        .fold(0u128, |m, c| m | 1u128 << c);
    for lines in [0usize, 9] {
        for i in 0..9 {
            let line = unit_set(lines + i) & empty;
            for b in 0..9 {
                let block = unit_set(18 + b) & empty;
                let inter = line & block;
                if inter.count_ones() < 2 {
                    continue;
                }
                let mut s = Sdc {
                    g,
                    line,
                    block,
                    act: 0,
                    act_cands: 0,
                    line_act: 0,
                    line_cands: 0,
                };
                if let Some(step) = s.intersection(inter) {
                    return Some(step);
                }
            }
        }
    }
    None
}

impl Sdc<'_> {
    fn mask(&self, c: u8) -> u16 {
        self.g.cells[c as usize]
    }

    /// Two or three cells of the intersection with at least two more digits than cells.
    fn intersection(&mut self, inter: u128) -> Option<Step> {
        let cells = cells_of(inter);
        let max = cells.len();
        for i1 in 0..max.saturating_sub(1) {
            for i2 in i1 + 1..max {
                let c2 = self.mask(cells[i1]) | self.mask(cells[i2]);
                let pair = 1u128 << cells[i1] | 1u128 << cells[i2];
                let n_plus = c2.count_ones() as i32 - 2;
                if n_plus >= 2 {
                    if let Some(s) = self.houses(pair, c2, n_plus) {
                        return Some(s);
                    }
                }
                for &c3 in &cells[i2 + 1..] {
                    let c = c2 | self.mask(c3);
                    let n_plus = c.count_ones() as i32 - 3;
                    if n_plus >= 2 {
                        if let Some(s) = self.houses(pair | 1u128 << c3, c, n_plus) {
                            return Some(s);
                        }
                    }
                }
            }
        }
        None
    }

    fn houses(&mut self, act: u128, cands: u16, n_plus: i32) -> Option<Step> {
        self.act = act;
        self.act_cands = cands;
        let source = cells_of(self.line & !act);
        self.subsets(&source, 0, 0, 0, 0x1ff, n_plus, false)
    }

    /// The subsets of `source` in HoDoKu's order (each extended before the next start),
    /// within digits `allowed`: the line's sets (`second` false), then for each the
    /// block's.
    #[allow(clippy::too_many_arguments)]
    fn subsets(
        &mut self,
        source: &[u8],
        start: usize,
        set: u128,
        cands: u16,
        allowed: u16,
        n_plus: i32,
        second: bool,
    ) -> Option<Step> {
        for k in start..source.len() {
            let now = set | 1u128 << source[k];
            let now_cands = cands | self.mask(source[k]);
            let size = now.count_ones() as i32;
            if now_cands & !allowed == 0 {
                let contained = (now_cands & self.act_cands).count_ones() as i32;
                let extra_mask = now_cands & !self.act_cands;
                let extra = extra_mask.count_ones() as i32;
                if !second {
                    if contained > 0 && size > extra && size - extra < n_plus {
                        self.line_act = now;
                        self.line_cands = now_cands;
                        let block_source = cells_of(self.block & !self.act & !now);
                        let block_allowed = !(now_cands & !extra_mask);
                        let found = self.subsets(
                            &block_source,
                            0,
                            0,
                            0,
                            block_allowed,
                            n_plus - (size - extra),
                            true,
                        );
                        if found.is_some() {
                            return found;
                        }
                    }
                } else if contained > 0 && size - extra == n_plus {
                    if let Some(step) = self.step(now, now_cands) {
                        return Some(step);
                    }
                }
            }
            if k + 1 < source.len() {
                let found = self.subsets(source, k + 1, now, now_cands, allowed, n_plus, second);
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    fn step(&self, block_act: u128, block_cands: u16) -> Option<Step> {
        let both = block_cands & self.line_cands;
        let mut step = Step::new(Kind::SueDeCoq);
        let in_block = ((self.act_cands | block_cands) & !self.line_cands) | both;
        for c in cells_of(self.block & !block_act & !self.act) {
            for d in digits(self.mask(c) & in_block) {
                step.deletions.push((c, d));
            }
        }
        let in_line = ((self.act_cands | self.line_cands) & !block_cands) | both;
        for c in cells_of(self.line & !self.line_act & !self.act) {
            for d in digits(self.mask(c) & in_line) {
                step.deletions.push((c, d));
            }
        }
        if step.deletions.is_empty() {
            return None;
        }
        step.indices = cells_of(self.act);
        step.values = digits(self.act_cands).collect();
        Some(step)
    }
}
