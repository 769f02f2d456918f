//! The writers: one method per table group, each in one transaction with cached statements.

use super::items::proof_items;
use super::{write_transaction, Store, StoreError};
use rusqlite::{params, Transaction};
use sudolink_engine::graph::{CandidateGraph, Node};
use sudolink_engine::grid::bits::bits;
use sudolink_engine::grid::format::{to_line, to_pencil_mark_string};
use sudolink_engine::grid::{Candidate, CandidateSet, Cell, State};
use sudolink_engine::proof::Proof;

impl Store {
    /// Write a puzzle (81 cells of `1`-`9`, `.` or `0`; stored with `.` for empty cells) and
    /// return its id.
    pub fn write_puzzle(&mut self, grid81: &str, name: Option<&str>) -> Result<i64, StoreError> {
        let grid = normalised_grid(grid81)?;
        self.conn.execute(
            "INSERT INTO puzzle (grid, name) VALUES (?1, ?2)",
            params![grid, name],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Start a run (a resolution path, a study) of `kind` with its parameters as JSON; the
    /// start time is set now. Returns its id.
    pub fn start_run(&mut self, kind: &str, params: &serde_json::Value) -> Result<i64, StoreError> {
        self.conn.execute(
            "INSERT INTO run (kind, params) VALUES (?1, ?2)",
            params![kind, params.to_string()],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Mark a run finished now.
    pub fn finish_run(&mut self, run_id: i64) -> Result<(), StoreError> {
        self.conn.execute(
            "UPDATE run SET finished = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1",
            params![run_id],
        )?;
        Ok(())
    }

    /// Write a grid state of a puzzle (step `step_index` of run `run_id`, if any) and one
    /// `candidate` row per open candidate. Returns the state id.
    pub fn write_state(
        &mut self,
        puzzle_id: i64,
        run_id: Option<i64>,
        step_index: usize,
        state: &State,
    ) -> Result<i64, StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        tx.execute(
            "INSERT INTO state (puzzle_id, run_id, step_index, grid, pencil_marks)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                puzzle_id,
                run_id,
                step_index as i64,
                to_line(state),
                to_pencil_mark_string(state)
            ],
        )?;
        let state_id = tx.last_insert_rowid();
        insert_candidates(&tx, state_id, state.candidates())?;
        tx.commit()?;
        Ok(state_id)
    }

    /// Write the graph of a state already written: one `node` row per node (its petgraph
    /// index as id) and one `edge` row per undirected edge.
    pub fn write_graph(&mut self, state_id: i64, graph: &CandidateGraph) -> Result<(), StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        insert_nodes(&tx, state_id, graph)?;
        insert_edges(&tx, state_id, graph)?;
        tx.commit()?;
        Ok(())
    }

    /// Write a proof found on a state: the `proof` row (with the proof as JSON), its
    /// `proof_item` rows (pattern candidates, assertions, eliminations) and the `step` row
    /// leading to `next_state_id`, if that state is known. Returns the proof id.
    pub fn write_proof(
        &mut self,
        state_id: i64,
        proof: &Proof,
        next_state_id: Option<i64>,
    ) -> Result<i64, StoreError> {
        let tx = write_transaction(&mut self.conn)?;
        let open = open_candidates(&tx, state_id)?;
        tx.execute(
            "INSERT INTO proof (state_id, rule, family, length, json) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                state_id,
                proof.rule,
                proof.family,
                proof.length as i64,
                serde_json::to_string(proof)?
            ],
        )?;
        let proof_id = tx.last_insert_rowid();
        insert_proof_items(&tx, proof_id, proof, &open)?;
        tx.execute(
            "INSERT INTO step (state_id, proof_id, next_state_id, eliminations, assertions)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                state_id,
                proof_id,
                next_state_id,
                proof.elimination_texts().join(" "),
                proof.assertion_texts().join(" ")
            ],
        )?;
        tx.commit()?;
        Ok(proof_id)
    }
}

/// The 81-character grid with `.` for empty cells, or why it is not one.
pub(super) fn normalised_grid(grid81: &str) -> Result<String, StoreError> {
    let count = grid81.chars().count();
    if count != 81 {
        return Err(StoreError::BadGrid(format!(
            "{count} characters, expected 81"
        )));
    }
    grid81
        .chars()
        .enumerate()
        .map(|(i, ch)| match ch {
            '1'..='9' => Ok(ch),
            '.' | '0' => Ok('.'),
            _ => Err(StoreError::BadGrid(format!(
                "character {ch:?} at cell {} ({})",
                i + 1,
                Cell::new(i)
            ))),
        })
        .collect()
}

fn insert_candidates(
    tx: &Transaction,
    state_id: i64,
    open: &CandidateSet,
) -> Result<(), StoreError> {
    let mut insert = tx.prepare_cached(
        "INSERT INTO candidate (state_id, cand, digit, row, col, block, label)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for c in open.iter() {
        let cell = c.cell();
        insert.execute(params![
            state_id,
            c.index() as i64,
            c.digit().get(),
            cell.row() as i64 + 1,
            cell.col() as i64 + 1,
            cell.block() as i64 + 1,
            c.to_string()
        ])?;
    }
    Ok(())
}

/// The columns of a node row besides its id, kind and label.
struct NodeColumns {
    candidate: Option<i64>,
    digit: Option<u8>,
    digits: Option<String>,
    house: Option<String>,
    cells: String,
}

fn node_columns(node: &Node) -> NodeColumns {
    match node {
        Node::Candidate(c) => NodeColumns {
            candidate: Some(c.index() as i64),
            digit: Some(c.digit().get()),
            digits: None,
            house: None,
            cells: c.cell().to_string(),
        },
        Node::Group(g) => NodeColumns {
            candidate: None,
            digit: Some(g.digit.get()),
            digits: None,
            house: Some(g.line.to_string()),
            cells: cell_names(g.candidates().map(|c: Candidate| c.cell())),
        },
        Node::Als(a) => set_columns(a.digits, a.house.to_string(), &a.cells),
        Node::AlmostCell(a) => set_columns(a.digits, a.house.to_string(), &a.cells),
        // an OR relation: the pattern's digits, its blocks as the house (`b1245`), its
        // cells (a tridagon's twelve, an Imp630 pattern's ten to sixteen)
        Node::OrRelation(r) => {
            let mask = r.digits().iter().fold(0u16, |m, d| m | 1 << d.index());
            let cells = r.cells();
            let blocks = cells.iter().fold(0u16, |m, c| m | 1 << c.block());
            set_columns(mask, format!("b{}", digit_string(blocks)), &cells)
        }
    }
}

fn set_columns(digit_mask: u16, house: String, cells: &[Cell]) -> NodeColumns {
    NodeColumns {
        candidate: None,
        digit: None,
        digits: Some(digit_string(digit_mask)),
        house: Some(house),
        cells: cell_names(cells.iter().copied()),
    }
}

/// `158` for a mask with bits 0, 4 and 7.
fn digit_string(mask: u16) -> String {
    bits(mask).map(|d| char::from(b'1' + d as u8)).collect()
}

/// `r2c4 r2c6`.
fn cell_names(cells: impl Iterator<Item = Cell>) -> String {
    cells.map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

fn insert_nodes(tx: &Transaction, state_id: i64, graph: &CandidateGraph) -> Result<(), StoreError> {
    let mut insert = tx.prepare_cached(
        "INSERT INTO node (state_id, id, kind, label, candidate, digit, digits, house, cells)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for index in graph.graph.node_indices() {
        let node = &graph.graph[index];
        let cols = node_columns(node);
        insert.execute(params![
            state_id,
            index.index() as i64,
            node.kind(),
            node.label(),
            cols.candidate,
            cols.digit,
            cols.digits,
            cols.house,
            cols.cells
        ])?;
    }
    Ok(())
}

fn insert_edges(tx: &Transaction, state_id: i64, graph: &CandidateGraph) -> Result<(), StoreError> {
    let mut insert = tx.prepare_cached(
        "INSERT INTO edge (state_id, id, kind, src, dst, support, strong)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for edge in graph.graph.edge_references() {
        use petgraph::visit::EdgeRef;
        let weight = edge.weight();
        insert.execute(params![
            state_id,
            edge.id().index() as i64,
            weight.kind(),
            edge.source().index() as i64,
            edge.target().index() as i64,
            weight.support(),
            weight.is_strong()
        ])?;
    }
    Ok(())
}

/// The open candidates of a written state, read back from its `candidate` rows.
fn open_candidates(tx: &Transaction, state_id: i64) -> Result<CandidateSet, StoreError> {
    let mut select = tx.prepare_cached("SELECT cand FROM candidate WHERE state_id = ?1")?;
    let rows = select.query_map(params![state_id], |row| row.get::<_, i64>(0))?;
    let mut open = CandidateSet::default();
    for cand in rows {
        let cand = cand?;
        if (0..729).contains(&cand) {
            open.insert(Candidate::from_index(cand as usize));
        }
    }
    Ok(open)
}

fn insert_proof_items(
    tx: &Transaction,
    proof_id: i64,
    proof: &Proof,
    open: &CandidateSet,
) -> Result<(), StoreError> {
    let mut insert = tx.prepare_cached(
        "INSERT INTO proof_item (proof_id, position, role, candidate, label, justification)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (position, item) in proof_items(proof, open).iter().enumerate() {
        insert.execute(params![
            proof_id,
            position as i64,
            item.role.as_str(),
            item.candidate.index() as i64,
            item.candidate.to_string(),
            item.justification
        ])?;
    }
    Ok(())
}
