//! Every text form of proofs: one module per dialect with its reader and its printer side
//! by side, all reading cells, candidates, houses and conclusions with the engine's one
//! lexer ([`sudolink_engine::grid::lexer`]):
//!
//! | dialect | module | printer | reader |
//! |---|---|---|---|
//! | Berthier's nrc notation (basic rules, chains, lassos; our form of the Assistant's patterns) | [`nrc`] | [`nrc::nrc_text`] | [`nrc::basic::read_basic_steps`], [`nrc::chain::proof_from_text`] |
//! | [Berthier 3D]'s 2007 forum notation | [`forum2007`] | [`forum2007::forum2007_text`] | the nrc readers, with its pieces |
//! | SudoRules' modern notation | [`sudorules`] | [`sudorules::sudorules_text`] | [`sudorules::read_sudorules`] (whips, braids, g-forms, biv-chains) |
//! | Eureka / AIC (groups, ALS nodes) | [`eureka`] | [`eureka::eureka_text`], [`eureka::aic_eureka_text`] | [`eureka::proof_from_eureka`] |
//! | GNPX force chains and nets | [`gnpx`] | [`gnpx::gnpx_text`] | [`gnpx::read_gnpx`] |
//! | the tagging seed's `[] AB bC`, its `[code]` tagged grid and level-3 lines (`#[2] 1r5c4/8r4c7 \|*r4c3 r5c3`) | [`tags`] | [`tags::tag_chain_text`], [`tags::tagged_grid_text`], [`tags::tag2_text`] | [`tags::read_tag_chain`] (tag pairs only), [`tags::read_tagged_grid`], [`tags::read_extension_header`], [`tags::read_extended_link`] |
//! | HoDoKu's step lines | [`hodoku`] | [`hodoku::hodoku_text`] | none (see its doc) |
//! | Hanson's lettered hypotheses ([Hanson SA]) | [`hypothesis`] | [`hypothesis::hypothesis_text`] | none: the letters are the net's derivation depths |
//! | Hanson's +depth and ++depth ([Hanson SA]) as a proof tree | [`depth`] | [`depth::depth_text`] | none: the nesting is the net's derivation |
//!
//! `notation` owns how things are written; the proof patterns stay data in `proof` with
//! their checkers. A reader turns text into a [`sudolink_engine::proof::Proof`] that
//! [`sudolink_engine::proof::check`] still has to accept (nothing here vouches for a proof); a printer
//! turns a proof into the text a forum would print. Readers never panic on any input
//! (property-tested) and their errors name the column (and line) and what was expected.

pub mod common;
mod composite;
pub mod depth;
pub mod eureka;
pub mod exocet;
pub mod forum2007;
pub mod gnpx;
pub mod hodoku;
pub mod hypothesis;
pub mod impossible;
pub mod nrc;
pub mod ork;
pub mod rank;
pub mod shown;
pub mod steps;
pub mod sudorules;
pub mod tags;
pub mod te;
pub mod view;

pub use steps::read_step;

/// A clearing as `sudolink tag` prints it: an alternate chain in Eureka with the seed's
/// classic form under it, or a level-2 refutation with its conclusion (a proof of another
/// kind in our notation).
pub fn clearing_text(
    state: &sudolink_engine::grid::State,
    proof: &sudolink_engine::proof::Proof,
) -> String {
    use sudolink_engine::proof::Pattern;
    if let Pattern::Aic(a) = &proof.pattern {
        format!(
            "{}\n   classic: {}",
            eureka::aic_eureka_text(proof, a),
            tags::classic_chain_text(a)
        )
    } else if let Pattern::Tagging(t) = &proof.pattern {
        format!(
            "{}\n==> {}",
            tags::tag2_text(t),
            proof.elimination_texts().join(", ")
        )
    } else {
        nrc::nrc_text(state, proof)
    }
}

/// One text of a proof: the notation's name as the page shows it, the heading the text
/// export gives it, and the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedText {
    pub name: &'static str,
    pub heading: String,
    pub text: String,
}

/// The page's name for the notation [`nrc::nrc_text`] prints a proof in.
fn first_name(dialect: &str) -> &'static str {
    match dialect {
        "nrc" => "ours (nrc)",
        "SudoRules" => "SudoRules",
        "Eureka" => "Eureka",
        "GNPX" => "GNPX",
        "Hanson" => "ours (Hanson)",
        d if d.starts_with("tags") => "tags",
        _ => "ours",
    }
}

/// Every text `proof` has on `state`, ours first: our notation (Berthier's nrc where they
/// define one, otherwise the notation of the system the pattern comes from), SudoRules'
/// modern notation unless ours is it, HoDoKu's step line where HoDoKu has the technique,
/// Eureka for a chain, and a 3D Medusa step's refutations as nets in GNPX's notation. The
/// text export prints them all under their headings; the page shows each once.
pub fn texts(
    state: &sudolink_engine::grid::State,
    proof: &sudolink_engine::proof::Proof,
) -> Vec<NamedText> {
    use shown::Shown;
    use sudolink_engine::proof::on_pattern;
    let dialect = nrc::text_dialect(proof);
    let mut out = vec![NamedText {
        name: first_name(dialect),
        heading: format!("{dialect} notation:"),
        text: nrc::nrc_text(state, proof),
    }];
    if dialect != "SudoRules" {
        out.push(NamedText {
            name: "SudoRules",
            heading: "SudoRules notation:".into(),
            text: sudorules::sudorules_text(state, proof),
        });
    }
    if let Some(text) = hodoku::hodoku_text(state, proof) {
        out.push(NamedText {
            name: "HoDoKu",
            heading: "HoDoKu notation:".into(),
            text,
        });
    }
    out.extend(on_pattern!(&proof.pattern, x => x.more_texts(state, proof)));
    out
}
