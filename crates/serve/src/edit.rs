//! Pencil-mark editing for the page: a value set, a candidate removed or restored, each a
//! pure function from a state to the edited state, refused with an [`EditError`] that
//! says why in the page's words (the cell already holds a digit, the candidate is gone,
//! a placed peer rules it out, the edit leaves the puzzle without a solution). Undo, redo
//! and "reset to the puzzle" are the page's: it keeps the states it was shown.

use serde::Deserialize;
use sudolink_engine::grid::format::to_hodoku;
use sudolink_engine::grid::{tables, Candidate, Contradiction, State};
use sudolink_study::input::{load_text, LoadError, Loaded};
use thiserror::Error;

/// What an edit does to one candidate.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum EditKind {
    /// Set the candidate's digit as its cell's value (with the direct eliminations).
    Place,
    /// Remove the candidate.
    Eliminate,
    /// Bring a removed candidate back.
    Restore,
}

impl EditKind {
    fn verb(self) -> &'static str {
        match self {
            EditKind::Place => "placing",
            EditKind::Eliminate => "removing",
            EditKind::Restore => "restoring",
        }
    }
}

/// Why an edit is refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum EditError {
    #[error("{cell} already holds {digit}: choose an empty cell")]
    CellPlaced { cell: String, digit: u8 },
    #[error("{0} is not a candidate here (it was removed): restore it first")]
    NotOpen(Candidate),
    #[error("{0} is already a candidate")]
    AlreadyOpen(Candidate),
    #[error("{candidate} cannot come back: {peer} holds {digit}")]
    RuledOut {
        candidate: Candidate,
        peer: String,
        digit: u8,
    },
    #[error("{verb} {candidate} empties the grid somewhere: {source}")]
    Contradiction {
        verb: &'static str,
        candidate: Candidate,
        source: Contradiction,
    },
    #[error("{verb} {candidate} leaves the puzzle without a solution")]
    NoSolution {
        verb: &'static str,
        candidate: Candidate,
    },
    #[error("{verb} {candidate}: {problem}")]
    Other {
        verb: &'static str,
        candidate: Candidate,
        problem: String,
    },
}

/// `state` with `kind` done to `c`, or why not (the solution count is not checked here:
/// [`apply`] does it).
pub fn edited(state: &State, kind: EditKind, c: Candidate) -> Result<State, EditError> {
    let cell = c.cell();
    if let Some(d) = state.value(cell) {
        return Err(EditError::CellPlaced {
            cell: cell.to_string(),
            digit: d.get(),
        });
    }
    let contradiction = |source| EditError::Contradiction {
        verb: kind.verb(),
        candidate: c,
        source,
    };
    let mut out = state.clone();
    match kind {
        EditKind::Place | EditKind::Eliminate if !state.has(c) => Err(EditError::NotOpen(c)),
        EditKind::Place => {
            out.place(c).map_err(contradiction)?;
            out.check_consistency().map_err(contradiction)?;
            Ok(out)
        }
        EditKind::Eliminate => {
            out.eliminate(c).map_err(contradiction)?;
            Ok(out)
        }
        EditKind::Restore if state.has(c) => Err(EditError::AlreadyOpen(c)),
        EditKind::Restore => {
            if let Some(peer) = tables::peers(cell)
                .iter()
                .find(|p| state.value(**p) == Some(c.digit()))
            {
                return Err(EditError::RuledOut {
                    candidate: c,
                    peer: peer.to_string(),
                    digit: c.digit().get(),
                });
            }
            let mut open = *state.candidates();
            open.insert(c);
            State::from_parts(state.values(), state.givens_mask(), &open).map_err(contradiction)
        }
    }
}

/// [`edited`], then loaded as the page's next state: its solution counted (none refuses
/// the edit; several only with `allow_nonunique`).
pub fn apply(
    state: &State,
    kind: EditKind,
    c: Candidate,
    allow_nonunique: bool,
) -> Result<Loaded, EditError> {
    let after = edited(state, kind, c)?;
    load_text(&to_hodoku(&after), "state", allow_nonunique).map_err(|e| match e {
        LoadError::NoSolution { .. }
        | LoadError::NoSolutionAllowed { .. }
        | LoadError::Unsolvable { .. } => EditError::NoSolution {
            verb: kind.verb(),
            candidate: c,
        },
        other => EditError::Other {
            verb: kind.verb(),
            candidate: c,
            problem: other.to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_study::input::DEFAULT_PUZZLE;

    fn ocean() -> State {
        load_text(DEFAULT_PUZZLE, "t", false).unwrap().state
    }

    #[test]
    fn remove_then_restore_gives_the_state_back() {
        let s = ocean();
        let c: Candidate = "n8r1c2".parse().unwrap();
        let removed = edited(&s, EditKind::Eliminate, c).unwrap();
        assert!(!removed.has(c));
        assert_eq!(edited(&removed, EditKind::Restore, c).unwrap(), s);
        assert_eq!(
            edited(&removed, EditKind::Place, c),
            Err(EditError::NotOpen(c))
        );
    }

    #[test]
    fn a_wrong_value_leaves_no_solution() {
        let s = ocean();
        // Ocean #1's r1c2 is 3
        let e = apply(&s, EditKind::Place, "n8r1c2".parse().unwrap(), false).unwrap_err();
        assert!(e.to_string().contains("without a solution"), "{e}");
        let ok = apply(&s, EditKind::Place, "n3r1c2".parse().unwrap(), false).unwrap();
        assert_eq!(
            ok.state
                .value(sudolink_engine::grid::Cell::at(0, 1))
                .map(|d| d.get()),
            Some(3)
        );
    }

    #[test]
    fn a_given_cell_is_refused() {
        let s = ocean();
        let e = edited(&s, EditKind::Eliminate, "n1r1c5".parse().unwrap()).unwrap_err();
        assert!(matches!(e, EditError::CellPlaced { .. }), "{e}");
    }
}
