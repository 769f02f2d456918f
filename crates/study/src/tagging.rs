//! gpenet's full tagging ([gpenet tagging]) as one use case, for `sudolink tag` and the page: the
//! state after the basic rules (unless told not to, as the seed tags after them), the
//! level's clearings, each verified (its proof checked, and against the solution when it is
//! known), the seed's `[code]` grid with the level's tags, and the counts of layers, tags,
//! ALS/AC and merges.

use super::resolution::{verify, working_state, ResolutionError};
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::State;
use sudolink_engine::proof::tagging::TagLayers;
use sudolink_engine::proof::Proof;
use sudolink_notation::tags::tagged_grid_text;
use sudolink_search::limits::{Limits, Meter, Stop};
use sudolink_search::tagging::{level1, Tagging};
use sudolink_search::tagging2::{level2_with_stats, Level2};
use sudolink_search::tagging3::level3_within;
use thiserror::Error;

/// Why a state cannot be tagged.
#[derive(Debug, Error)]
pub enum TagError {
    #[error("the basic rules solve this puzzle: nothing is left to tag (use --no-basic)")]
    Solved,
    #[error("{0} layer(s) of strong links have inconsistent parity: the state has no solution")]
    Inconsistent(usize),
    #[error(transparent)]
    Resolution(#[from] ResolutionError),
    /// A bound stopped level 3's extension passes.
    #[error("tagging level 3 cut by the {} bound ({0})", .0.bound())]
    Cut(Stop),
}

/// Level 2's counts (levels 2 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlsTagging {
    /// Layers with the ALS/AC layers.
    pub layers: usize,
    /// ALS and almost cells tagged.
    pub als: usize,
    /// Tags merged (two lemmas each).
    pub merges: usize,
}

/// Level 3's passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extension {
    pub passes: usize,
    /// Weak links extended through choices.
    pub extensions: usize,
    /// Merges made after the passes.
    pub later_merges: usize,
}

/// What tagging a state gives.
#[derive(Clone, Debug)]
pub struct TagReport {
    /// The state tagged (after the basic rules unless told not to).
    pub state: State,
    /// Steps of the basic rules applied first.
    pub basic_steps: usize,
    pub level: u8,
    /// Level 1's layers (the pictures and the layers graph show them).
    pub level1: TagLayers,
    /// Level 2's counts (levels 2 and 3).
    pub als_tagging: Option<AlsTagging>,
    /// Level 3's passes.
    pub extension: Option<Extension>,
    /// The seed's `[code]` grid with the level's own tags.
    pub grid: String,
    /// The clearings, each verified.
    pub clearings: Vec<Proof>,
}

impl TagReport {
    /// Layers of the level (level 1's, or with the ALS/AC layers).
    pub fn layers(&self) -> usize {
        self.als_tagging.map_or(self.level1.layers, |s| s.layers)
    }
}

/// Tag `start` at `level` (1 to 3), after the basic rules when `basic`, within `limits`
/// (level 3's extension passes check them; [`TagError::Cut`] when one is reached).
pub fn tag_report(
    start: &State,
    solution: Option<&[u8; 81]>,
    basic: bool,
    level: u8,
    limits: Limits,
) -> Result<TagReport, TagError> {
    let (state, basic_steps) = working_state(start, solution, basic)?;
    if state.is_solved() {
        return Err(TagError::Solved);
    }
    let links = LinkIndex::new(&state);
    let tagging = Tagging::new(&links);
    if tagging.conflicts > 0 {
        return Err(TagError::Inconsistent(tagging.conflicts));
    }
    let (clearings, als_tagging, extension) = match level {
        3 => {
            let (proofs, s) =
                level3_within(&links, &mut Meter::new(limits)).map_err(TagError::Cut)?;
            let counts = AlsTagging {
                layers: s.layers,
                als: s.als,
                merges: s.merges,
            };
            let passes = Extension {
                passes: s.passes,
                extensions: s.extensions,
                later_merges: s.later_merges,
            };
            (proofs, Some(counts), Some(passes))
        }
        2 => {
            let (proofs, s) = level2_with_stats(&links);
            let counts = AlsTagging {
                layers: s.layers,
                als: s.als,
                merges: s.merges,
            };
            (proofs, Some(counts), None)
        }
        _ => (level1(&links), None, None),
    };
    let grid = if level >= 2 {
        let l2 = Level2::new(&links);
        tagged_grid_text(&links, |c| l2.candidate_tag(c))
    } else {
        tagged_grid_text(&links, |c| tagging.candidate_tag(c))
    };
    for (k, p) in clearings.iter().enumerate() {
        verify(&state, p, solution, k + 1, &p.rule)?;
    }
    Ok(TagReport {
        state,
        basic_steps,
        level,
        level1: tagging.layers_view(),
        als_tagging,
        extension,
        grid,
        clearings,
    })
}
