//! Oddagons `O[n]` ([`sudolink_engine::proof::oddagon`], whose doc states the pattern), found as
//! CSP-Rules 2.1 finds them (`CSP-Rules-Generic/CHAIN-RULES-COMMON/ODDAGONS/`): target by
//! target, growing loops whose every variable's other candidates are linked to the target.
//!
//! For a target z, a CSP variable V (undecided) may join two of its open candidates a and b
//! in the loop when every other open candidate of V is linked to z: at most two of V's
//! candidates are not linked to z (z itself, in its own variables, is one), and a, b must
//! include them. The target may be on its loop, as in CSP-Rules (its `oddagon[9]: … r7c6{n8
//! n1},r7n1{c6 c8} … ==> r7c6≠1`). These pairs
//! are the edges of z's *usable graph*. An oddagon eliminating z is an odd cycle of that
//! graph, of length ≤ [`MAX_LENGTH`], with distinct candidates and distinct variables;
//! when the usable graph is bipartite (a two-colouring by breadth-first search) there is
//! none. Otherwise cycles are sought by length (3, 5, … so the first is the shortest), from
//! each start candidate with larger candidates only (each loop once, as CSP-Rules'
//! `(< ?cand1 ?new-rlc)`), depth-first, pruned by the breadth-first distance back to the
//! start. A loop found for z becomes one proof eliminating every candidate linked to all its
//! guardians (z among them); targets such a proof already eliminates are not searched again.
//!
//! Bounds: loops of at most [`MAX_LENGTH`] candidates (the issue's `O[n]` up to 15; CSP-Rules
//! goes to 35) and at most [`MAX_WORK`] depth-first steps a state; past that budget the
//! search returns what it has found (deterministically).

use std::collections::{HashSet, VecDeque};

use sudolink_engine::graph::LinkIndex;
use sudolink_engine::grid::{Candidate, CandidateSet, CspVariable};
use sudolink_engine::proof::oddagon::OddagonPattern;
use sudolink_engine::proof::{Pattern, Proof};

/// The longest loop searched.
pub const MAX_LENGTH: usize = 15;
/// The depth-first steps a state's search may take.
pub const MAX_WORK: usize = 2_000_000;

/// One edge of a usable graph: the other candidate and the variable joining them.
type Edge = (Candidate, CspVariable);

/// Every oddagon proof found in the state, shortest first.
pub fn find(links: &LinkIndex) -> Vec<Proof> {
    let variables: Vec<(CspVariable, Vec<Candidate>)> = CspVariable::all()
        .filter(|&v| !links.is_decided(v))
        .map(|v| (v, links.variable(v).iter().collect::<Vec<_>>()))
        .filter(|(_, c)| c.len() >= 2)
        .collect();
    let mut search = Search {
        adjacency: vec![Vec::new(); 729],
        nodes: Vec::new(),
        work: 0,
    };
    let mut covered = CandidateSet::EMPTY;
    let mut seen: HashSet<Vec<Candidate>> = HashSet::new();
    let mut out = Vec::new();
    for z in links.open().iter() {
        if covered.contains(z) {
            continue;
        }
        if search.work > MAX_WORK {
            break;
        }
        search.usable_graph(links, &variables, z);
        if search.bipartite() {
            continue;
        }
        let Some((loop_, vars)) = search.shortest_loop() else {
            continue;
        };
        let Some(proof) = proof_of(links, loop_, vars) else {
            continue;
        };
        let Pattern::Oddagon(p) = &proof.pattern else {
            continue;
        };
        if seen.insert(canonical(&p.candidates)) {
            covered.union_with(&CandidateSet::from_candidates(
                proof.eliminations.iter().copied(),
            ));
            out.push(proof);
        }
    }
    out.sort_by_key(|p| p.length);
    out
}

/// The loop's candidates from its smallest, in the direction of its smaller neighbour.
fn canonical(loop_: &[Candidate]) -> Vec<Candidate> {
    let n = loop_.len();
    let start = (0..n).min_by_key(|&i| loop_[i]).unwrap_or(0);
    let forward: Vec<Candidate> = (0..n).map(|k| loop_[(start + k) % n]).collect();
    let backward: Vec<Candidate> = (0..n).map(|k| loop_[(start + n - k) % n]).collect();
    forward.min(backward)
}

/// The proof of a loop: its guardians and the candidates linked to all of them.
fn proof_of(
    links: &LinkIndex,
    candidates: Vec<Candidate>,
    variables: Vec<CspVariable>,
) -> Option<Proof> {
    let n = candidates.len();
    let mut guardians: Vec<Candidate> = Vec::new();
    for (i, &v) in variables.iter().enumerate() {
        let (a, b) = (candidates[i], candidates[(i + 1) % n]);
        guardians.extend(links.variable(v).iter().filter(|&c| c != a && c != b));
    }
    guardians.sort();
    guardians.dedup();
    if guardians.is_empty() {
        // the state has no solution: not ours to conclude
        return None;
    }
    let mut seen = *links.open();
    for &g in &guardians {
        seen.intersect_with(links.linked(g));
    }
    let eliminations: Vec<Candidate> = seen.iter().collect();
    if eliminations.is_empty() {
        return None;
    }
    let pattern = OddagonPattern {
        candidates,
        variables,
        guardians,
    };
    Some(Proof::new(
        Pattern::Oddagon(Box::new(pattern)),
        eliminations,
        vec![],
    ))
}

/// One target's usable graph and the buffers of its search.
struct Search {
    adjacency: Vec<Vec<Edge>>,
    /// The candidates with an edge, ascending.
    nodes: Vec<Candidate>,
    work: usize,
}

impl Search {
    /// The usable graph of target `z`.
    fn usable_graph(
        &mut self,
        links: &LinkIndex,
        variables: &[(CspVariable, Vec<Candidate>)],
        z: Candidate,
    ) {
        for &n in &self.nodes {
            self.adjacency[n.index()].clear();
        }
        self.nodes.clear();
        let seen = links.linked(z);
        for (v, cands) in variables {
            let free: Vec<Candidate> = cands
                .iter()
                .copied()
                .filter(|&c| !seen.contains(c))
                .collect();
            match free.len() {
                0 => {
                    for (i, &a) in cands.iter().enumerate() {
                        for &b in &cands[i + 1..] {
                            self.edge(a, b, *v);
                        }
                    }
                }
                1 => {
                    for &b in cands.iter().filter(|&&b| b != free[0]) {
                        self.edge(free[0], b, *v);
                    }
                }
                2 => self.edge(free[0], free[1], *v),
                _ => {}
            }
        }
        self.nodes.sort();
        self.nodes.dedup();
    }

    fn edge(&mut self, a: Candidate, b: Candidate, v: CspVariable) {
        self.adjacency[a.index()].push((b, v));
        self.adjacency[b.index()].push((a, v));
        self.nodes.push(a);
        self.nodes.push(b);
    }

    /// Whether the usable graph has no odd cycle (two-colourable).
    fn bipartite(&self) -> bool {
        let mut colour = vec![u8::MAX; 729];
        let mut queue = VecDeque::new();
        for &s in &self.nodes {
            if colour[s.index()] != u8::MAX {
                continue;
            }
            colour[s.index()] = 0;
            queue.push_back(s);
            while let Some(u) = queue.pop_front() {
                for &(w, _) in &self.adjacency[u.index()] {
                    if colour[w.index()] == u8::MAX {
                        colour[w.index()] = 1 - colour[u.index()];
                        queue.push_back(w);
                    } else if colour[w.index()] == colour[u.index()] {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The shortest loop of the usable graph (length ≤ [`MAX_LENGTH`], distinct candidates
    /// and variables), with its variables.
    fn shortest_loop(&mut self) -> Option<(Vec<Candidate>, Vec<CspVariable>)> {
        let nodes = self.nodes.clone();
        let distances: Vec<Vec<u8>> = nodes.iter().map(|&s| self.distances_from(s)).collect();
        for length in (3..=MAX_LENGTH).step_by(2) {
            for (k, &s) in nodes.iter().enumerate() {
                let mut path = vec![s];
                let mut vars = Vec::new();
                if walk(
                    &self.adjacency,
                    (s, length, &distances[k]),
                    &mut path,
                    &mut vars,
                    &mut self.work,
                ) {
                    return Some((path, vars));
                }
                if self.work > MAX_WORK {
                    return None;
                }
            }
        }
        None
    }

    /// Breadth-first distances from `s` over candidates ≥ `s` (255: unreachable).
    fn distances_from(&self, s: Candidate) -> Vec<u8> {
        let mut dist = vec![u8::MAX; 729];
        dist[s.index()] = 0;
        let mut queue = VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for &(w, _) in &self.adjacency[u.index()] {
                if w > s && dist[w.index()] == u8::MAX {
                    dist[w.index()] = dist[u.index()] + 1;
                    queue.push_back(w);
                }
            }
        }
        dist
    }
}

/// Extends `path` (from `s`, candidates > `s`) to a loop of exactly `length` candidates
/// back to `s`, counting its steps in `work`.
fn walk(
    adjacency: &[Vec<Edge>],
    (s, length, dist): (Candidate, usize, &[u8]),
    path: &mut Vec<Candidate>,
    vars: &mut Vec<CspVariable>,
    work: &mut usize,
) -> bool {
    *work += 1;
    if *work > MAX_WORK {
        return false;
    }
    let u = *path.last().expect("the path starts at s");
    let k = path.len();
    if k == length {
        // close the loop, each loop once (its second candidate below its last)
        if path[1] > path[k - 1] {
            return false;
        }
        return adjacency[u.index()]
            .iter()
            .find(|&&(w, v)| w == s && !vars.contains(&v))
            .map(|&(_, v)| vars.push(v))
            .is_some();
    }
    for &(w, v) in &adjacency[u.index()] {
        if w <= s || path.contains(&w) || vars.contains(&v) {
            continue;
        }
        if dist[w.index()] as usize > length - k {
            continue;
        }
        path.push(w);
        vars.push(v);
        if walk(adjacency, (s, length, dist), path, vars, work) {
            return true;
        }
        path.pop();
        vars.pop();
    }
    false
}
