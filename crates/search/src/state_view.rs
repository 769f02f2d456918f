//! One state as the techniques read it: its [`LinkIndex`] and what several techniques
//! build from it and read again, built once a state ([`Shared`]).
//!
//! HoDoKu's order tries some twenty techniques on every state before one applies; several
//! of them start by building the same structure. The per-house, per-digit masks
//! ([`MaskView`]) serve the basic rules, the single-digit patterns, the W-wing and the
//! grid ALS (finned and sashimi fish); the state's ALS list with the restricted
//! commons of its pairs ([`als::Index`]) serves ALS-XZ, the ALS-XY-wing and the graph
//! with ALS nodes; the grouped AIC graph ([`aic::StateGraph::grouped`]) serves the grouped
//! chains and the grouped nice loops, and is the start of the graph with ALS nodes
//! ([`aic::StateGraph::with_als_nodes`]). Each is built at the first technique that asks
//! and kept until the state changes.
//!
//! A [`Shared`] is owned by whoever runs techniques on a sequence of states (the
//! registry's `Searcher`), which calls [`Shared::view`] for each state; a one-off caller
//! makes a fresh one. The answers are the same either way: only repeated work is saved.

use super::grid_analysis::MaskView;
use super::{aic, als};
use std::cell::OnceCell;
use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::CandidateSet;

/// What the techniques tried on one state share, filled as they ask for it; forgotten
/// when [`Shared::view`] is called for another state.
#[derive(Default)]
pub struct Shared {
    /// The state it was filled for: its open candidates.
    key: Option<CandidateSet>,
    /// The per-house, per-digit masks (the basic rules, single-digit patterns, grid ALS).
    masks: OnceCell<MaskView>,
    /// The ALS of up to eight cells, disjoint pairs (HoDoKu's default rules).
    als: OnceCell<als::Index>,
    /// The grouped AIC graph (no ALS).
    grouped: OnceCell<aic::StateGraph>,
    /// The AIC graph with HoDoKu's ALS nodes.
    als_nodes: OnceCell<aic::StateGraph>,
}

impl Shared {
    pub fn new() -> Shared {
        Shared::default()
    }

    /// The view of `links`'s state, with what was built for it so far (nothing when the
    /// last view was of another state).
    pub fn view<'a>(&'a mut self, links: &'a LinkIndex) -> StateView<'a> {
        let key = *links.open();
        if self.key != Some(key) {
            *self = Shared {
                key: Some(key),
                ..Shared::default()
            };
        }
        StateView {
            links,
            shared: self,
        }
    }
}

/// A state's links with the structures its techniques share ([`Shared`]), each built at
/// its first use.
#[derive(Clone, Copy)]
pub struct StateView<'a> {
    pub links: &'a LinkIndex,
    shared: &'a Shared,
}

impl<'a> StateView<'a> {
    /// The state's per-house, per-digit masks.
    pub fn masks(&self) -> &'a MaskView {
        self.shared.masks.get_or_init(|| MaskView::new(self.links))
    }

    /// The state's ALS of up to [`als::MAX_ALS_CELLS`] cells, paired disjoint only.
    pub fn als(&self) -> &'a als::Index {
        self.shared
            .als
            .get_or_init(|| als::Index::new(self.links, als::Overlap::Disjoint))
    }

    /// The state's grouped AIC graph (no ALS).
    pub fn aic_grouped(&self) -> &'a aic::StateGraph {
        self.shared
            .grouped
            .get_or_init(|| aic::StateGraph::grouped(self.links))
    }

    /// The state's AIC graph with HoDoKu's ALS nodes, from the grouped graph and the ALS
    /// list.
    pub fn aic_als_nodes(&self) -> &'a aic::StateGraph {
        self.shared.als_nodes.get_or_init(|| {
            self.aic_grouped()
                .with_als_nodes(self.links, self.als().sets_seen())
        })
    }
}
