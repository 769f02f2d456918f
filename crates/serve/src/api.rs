//! The JSON API. A POST route is a plain function from its request type to its answer
//! (`fn(Req, &Config) -> Result<T, ApiError>`), made a route by [`post_json`] or
//! [`post_search`], which read the body as JSON, run the function on the blocking pool
//! under the configured time limit (a search after waiting for a permit) and answer JSON
//! (or an export's bytes). Every failure is an [`ApiError`]: a 4xx (or 503 on a time
//! limit) with `{"error": "..."}`.
//!
//! An explain answer carries the picture of its simplest row only; another row's comes from
//! `/api/view` when it is clicked. Drawing every row made an answer of about 100 rows 1.6 MB,
//! and explain took 240–340 ms in the page against 105–135 ms with one picture.

use super::data::{CollectionFile, PickedPuzzle};
use super::views::{self, SentProof};
use super::words::write_keyword;
use super::Config;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::Query;
use axum::extract::State as Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{post, MethodRouter};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use sudolink_engine::graph::CandidateGraph;
use sudolink_engine::grid::format::{excerpt, to_hodoku};
use sudolink_engine::grid::Candidate;
use sudolink_engine::proof;
use sudolink_export::diagram::{self, Shown};
use sudolink_export::{dot, files};
use sudolink_notation::nrc;
use sudolink_notation::view::api::{
    BackdoorsView, DrawnProof, NextView, OneStepView, PathView, StateView,
};
use sudolink_notation::view::catalogue::{
    ErrorView, ExampleView, ExplainDefaults, QueryParamView, QueryView, StoredStateView, TableView,
    TechniqueSetView, TechniquesView,
};
use sudolink_notation::view::explain::ExplainView;
use sudolink_notation::view::graph::{GraphView, LinksView, NeighbourhoodView};
use sudolink_notation::view::VERSION;
use sudolink_search::limits::SEARCH_SHARE_PERCENT;
use sudolink_search::{registry, Limits, Stop, TechniqueId};
use sudolink_store::{self as store, query};
use sudolink_study::backdoors::path::one_step_path;
use sudolink_study::backdoors::report::{states_of, study, Ask};
use sudolink_study::backdoors::steps::{one_steps_among, StepRules};
use sudolink_study::backdoors::{self, Closed, Theory};
use sudolink_study::escalation::{solve_escalating, Pace};
use sudolink_study::examples::EXAMPLES;
use sudolink_study::explain::{self, explain_target, read_target, target_json, Options};
use sudolink_study::input::{load_text, Loaded};
use sudolink_study::resolution::{self, solve_steps_within};
use sudolink_study::rules;
use thiserror::Error;

type Cfg = Shared<Arc<Config>>;

/// A request the API refuses, with the status it is answered with.
#[derive(Debug, Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unprocessable(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    TooLarge(String),
    #[error("the request's body did not arrive within {0} s")]
    SlowBody(f64),
    #[error("the request ran longer than twice the server's time limit of {0} s (--timeout) and was dropped")]
    Timeout(f64),
    #[error("internal error: {0}")]
    Internal(String),
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::SlowBody(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::Timeout(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let text = super::words::for_the_page(&self.to_string());
        (status, Json(ErrorView { error: text })).into_response()
    }
}

/// Every request's body read whole before its handler runs, within `body_timeout` (408
/// past it, with the connection closed) and [`super::MAX_BODY`] (413 at once when the
/// declared length is larger): a client that declares more than it sends, or sends it a
/// byte at a time, holds nothing for long.
pub async fn bounded_body(
    Shared(cfg): Shared<Arc<Config>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > super::MAX_BODY as u64) {
        let mut response = ApiError::TooLarge(format!(
            "the request body is larger than {} bytes",
            super::MAX_BODY
        ))
        .into_response();
        close_after(&mut response);
        return response;
    }
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, super::MAX_BODY);
    match tokio::time::timeout(cfg.body_timeout, read).await {
        Ok(Ok(bytes)) => {
            next.run(axum::extract::Request::from_parts(parts, bytes.into()))
                .await
        }
        Ok(Err(e)) => {
            let mut response =
                ApiError::BadRequest(format!("cannot read the request body: {e}")).into_response();
            close_after(&mut response);
            response
        }
        Err(_) => {
            let mut response = ApiError::SlowBody(cfg.body_timeout.as_secs_f64()).into_response();
            close_after(&mut response);
            response
        }
    }
}

/// Ask the connection to close after this response (its request was not read whole).
fn close_after(response: &mut Response) {
    response.headers_mut().insert(
        axum::http::header::CONNECTION,
        axum::http::HeaderValue::from_static("close"),
    );
}

/// A library error in a request's data: 422 with its message and causes.
pub(crate) fn unprocessable(e: impl std::error::Error) -> ApiError {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let t = s.to_string();
        if !text.contains(&t) {
            text.push_str(": ");
            text.push_str(&t);
        }
        source = s.source();
    }
    ApiError::Unprocessable(text)
}

/// The body as JSON of type `T` (whatever its content type says, so `curl -d` works), or a
/// 400 naming the problem (413 when over [`super::MAX_BODY`]).
fn body<T: DeserializeOwned>(req: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = match req {
        Ok(b) => b,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return Err(ApiError::TooLarge(format!(
                "request body larger than {} bytes",
                super::MAX_BODY
            )))
        }
        Err(e) => {
            return Err(ApiError::BadRequest(format!(
                "unreadable request: {}",
                e.body_text()
            )))
        }
    };
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::BadRequest(format!("malformed request: {e}")))
}

/// Run `work` on the blocking pool. The work is given `timeout` where it can stop itself
/// (searches answer "stopped at length n", SQL is interrupted); past twice that (a queue on
/// a busy machine, work without a meter) the request is answered 503 and the work's
/// result dropped.
async fn blocking<T: Send + 'static>(
    timeout: Duration,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let deadline = tokio::time::Instant::now() + timeout * 2 + Duration::from_secs(1);
    blocking_until(deadline, timeout, work).await
}

async fn blocking_until<T: Send + 'static>(
    deadline: tokio::time::Instant,
    timeout: Duration,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let task = tokio::task::spawn_blocking(work);
    match tokio::time::timeout_at(deadline, task).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(join)) => Err(ApiError::Internal(format!("the work failed: {join}"))),
        Err(_) => Err(ApiError::Timeout(timeout.as_secs_f64())),
    }
}

/// [`blocking`] for a search: it first waits for one of the server's search permits
/// ([`Config::searches`]), within the same deadline, and holds it until the search ends
/// (even when the request was answered 503 before), so no more searches run at once than
/// there are permits.
async fn search<T: Send + 'static>(
    cfg: &Config,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let timeout = cfg.timeout;
    let deadline = tokio::time::Instant::now() + timeout * 2 + Duration::from_secs(1);
    let permit = match tokio::time::timeout_at(deadline, cfg.searches.clone().acquire_owned()).await
    {
        Ok(Ok(permit)) => permit,
        Ok(Err(closed)) => return Err(ApiError::Internal(format!("no search permit: {closed}"))),
        Err(_) => return Err(ApiError::Timeout(timeout.as_secs_f64())),
    };
    blocking_until(deadline, timeout, move || {
        let _permit = permit;
        work()
    })
    .await
}

/// The shape every POST route of the API shares: the body read as JSON of type `R`, then
/// `work` run with it and the server's configuration on the blocking pool under the time
/// limit (a search first waits for a permit: [`search`]), and its answer sent back (JSON,
/// or an export's bytes).
fn post_route<R, T>(
    work: fn(R, &Config) -> Result<T, ApiError>,
    is_search: bool,
) -> MethodRouter<Arc<Config>>
where
    R: DeserializeOwned + Send + 'static,
    T: IntoResponse + Send + 'static,
{
    post(
        move |Shared(cfg): Cfg, req: Result<Bytes, BytesRejection>| async move {
            let req: R = body(req)?;
            let config = cfg.clone();
            let run = move || work(req, &config);
            if is_search {
                search(&cfg, run).await
            } else {
                blocking(cfg.timeout, run).await
            }
        },
    )
}

/// A POST route whose work is quick (loading, the graph, queries, exports).
pub fn post_json<R, T>(work: fn(R, &Config) -> Result<T, ApiError>) -> MethodRouter<Arc<Config>>
where
    R: DeserializeOwned + Send + 'static,
    T: IntoResponse + Send + 'static,
{
    post_route(work, false)
}

/// A POST route whose work is a search (explain, the next step, a path).
pub fn post_search<R, T>(work: fn(R, &Config) -> Result<T, ApiError>) -> MethodRouter<Arc<Config>>
where
    R: DeserializeOwned + Send + 'static,
    T: IntoResponse + Send + 'static,
{
    post_route(work, true)
}

/// Load the state text a request carries.
fn state_of(text: &str, allow_nonunique: bool) -> Result<Loaded, ApiError> {
    if text.trim().is_empty() {
        return Err(ApiError::BadRequest(
            "the request's \"state\" is empty: give a puzzle or a pencil-mark state".into(),
        ));
    }
    load_text(text, "state", allow_nonunique).map_err(unprocessable)
}

fn candidate_of(text: &str) -> Result<Candidate, ApiError> {
    text.trim().parse::<Candidate>().map_err(|e| {
        ApiError::Unprocessable(format!(
            "malformed candidate {:?}: expected n8r1c2 ({e})",
            excerpt(text, 40)
        ))
    })
}

pub async fn not_found() -> ApiError {
    ApiError::NotFound("no such page or API route (the API is under /api/: see the README)".into())
}

pub async fn examples() -> Json<Vec<ExampleView>> {
    Json(
        EXAMPLES
            .iter()
            .map(|e| ExampleView {
                name: e.name.into(),
                title: e.title.into(),
                puzzle: e.puzzle.into(),
            })
            .collect(),
    )
}

/// The registry for the page's family picker: every set (with its techniques) and every
/// technique as `techniques --json` gives it ([`explain::technique_view`]), and explain's
/// defaults.
pub async fn techniques() -> Json<TechniquesView> {
    let sets = registry::set_names()
        .iter()
        .map(|s| TechniqueSetView {
            name: s.to_string(),
            techniques: registry::expand(s)
                .unwrap_or_default()
                .iter()
                .map(|t| t.name().into())
                .collect(),
        })
        .collect();
    Json(TechniquesView {
        version: VERSION,
        sets,
        techniques: TechniqueId::all().map(explain::technique_view).collect(),
        defaults: ExplainDefaults {
            max_len: default_max_len(),
            timeout_s: explain::TARGET_TIMEOUT_S,
        },
    })
}

pub async fn queries() -> Json<Vec<QueryView>> {
    let param = |p: &query::QueryParam| QueryParamView {
        name: p.name.clone(),
        description: p.description.clone(),
        default: p.default.clone(),
    };
    Json(
        query::all_named()
            .iter()
            .map(|q| QueryView {
                name: q.name.into(),
                summary: q.summary(),
                params: q.params().iter().map(param).collect(),
            })
            .collect(),
    )
}

/// The states of the `--db` store (at most 1,000), to pick one.
pub async fn db_states(Shared(cfg): Cfg) -> Result<Json<Vec<StoredStateView>>, ApiError> {
    let Some(db) = cfg.db.clone() else {
        return Ok(Json(Vec::new()));
    };
    let timeout = cfg.timeout;
    blocking(timeout, move || {
        let conn = query::open_read_only(&db).map_err(unprocessable)?;
        let sql = "SELECT s.id, s.run_id, s.step_index, coalesce(p.name, p.grid) AS puzzle, s.pencil_marks \
                   FROM state s JOIN puzzle p ON p.id = s.puzzle_id ORDER BY s.id LIMIT 1000";
        let table = run_limited(&conn, sql, &[], timeout)?;
        Ok(Json(
            table
                .rows
                .into_iter()
                .map(|r| {
                    let [id, run, step, puzzle, state] =
                        <[Value; 5]>::try_from(r).expect("five columns asked");
                    StoredStateView {
                        id,
                        run,
                        step,
                        puzzle,
                        state,
                    }
                })
                .collect(),
        ))
    })
    .await
}

/// The collection files under `--data`, with their puzzle counts.
pub async fn collections(Shared(cfg): Cfg) -> Result<Json<Vec<CollectionFile>>, ApiError> {
    let data = cfg.data.clone();
    blocking(cfg.timeout, move || Ok(Json(data.list()))).await
}

/// Puzzle `n` of the collection file `file`: `GET /api/collection?file=LABEL&n=K`.
pub async fn collection(
    Shared(cfg): Cfg,
    query: Result<Query<BTreeMap<String, String>>, QueryRejection>,
) -> Result<Json<PickedPuzzle>, ApiError> {
    let Query(mut params) =
        query.map_err(|e| ApiError::BadRequest(format!("malformed query string: {e}")))?;
    if let Some(other) = params.keys().find(|k| *k != "file" && *k != "n") {
        return Err(ApiError::BadRequest(format!(
            "unknown parameter {:?} (give file=LABEL&n=K)",
            excerpt(other, 40)
        )));
    }
    let file = params
        .remove("file")
        .ok_or_else(|| ApiError::BadRequest("give file=LABEL (see /api/collections)".into()))?;
    let n = params
        .remove("n")
        .ok_or_else(|| ApiError::BadRequest("give n=K, the puzzle's number from 1".into()))?;
    let data = cfg.data.clone();
    blocking(cfg.timeout, move || {
        data.pick(&file, &n).map(Json).map_err(|e| {
            use super::data::DataError as E;
            match e {
                E::Unknown { .. } => ApiError::NotFound(e.to_string()),
                E::Escapes { .. } => ApiError::Forbidden(e.to_string()),
                E::BadLabel { .. } | E::BadNumber { .. } => ApiError::BadRequest(e.to_string()),
                _ => unprocessable(e),
            }
        })
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadReq {
    /// Any text the grid readers know: an 81-character line, nine lines, a pencil-mark
    /// grid, a 729-character string, a HoDoKu line.
    puzzle: String,
    #[serde(default)]
    allow_nonunique: bool,
}

pub fn load(req: LoadReq, _: &Config) -> Result<Json<StateView>, ApiError> {
    let loaded = state_of(&req.puzzle, req.allow_nonunique)?;
    Ok(Json(views::state_view(&loaded, &loaded.state)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditReq {
    state: String,
    edit: super::edit::EditKind,
    candidate: String,
    #[serde(default)]
    allow_nonunique: bool,
}

/// One pencil-mark edit (`place`, `eliminate` or `restore` a candidate): the edited state
/// as [`load`] answers, or 422 saying why the edit is refused.
pub fn edit(req: EditReq, _: &Config) -> Result<Json<StateView>, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    let c = candidate_of(&req.candidate)?;
    let after = super::edit::apply(&loaded.state, req.edit, c, req.allow_nonunique)
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?;
    Ok(Json(views::state_view(&after, &after.state)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateReq {
    state: String,
    #[serde(default)]
    allow_nonunique: bool,
}

pub fn graph(req: StateReq, _: &Config) -> Result<Json<GraphView>, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    Ok(Json(GraphView::of(&CandidateGraph::build(&loaded.state))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NeighbourhoodReq {
    state: String,
    candidate: String,
    #[serde(default)]
    allow_nonunique: bool,
}

pub fn neighbourhood(
    req: NeighbourhoodReq,
    _: &Config,
) -> Result<Json<NeighbourhoodView>, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    let c = candidate_of(&req.candidate)?;
    if !loaded.state.has(c) {
        return Err(ApiError::Unprocessable(format!(
            "{c} is not a candidate of this state"
        )));
    }
    Ok(Json(NeighbourhoodView::of(
        &CandidateGraph::build(&loaded.state),
        c,
    )))
}

/// The links of every open candidate of a state, by candidate: what the page fetches once
/// per state so that hovering needs no request.
pub fn links(req: StateReq, _: &Config) -> Result<Json<LinksView>, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    Ok(Json(LinksView::of(&loaded.state, to_hodoku(&loaded.state))))
}

fn default_max_len() -> usize {
    explain::MAX_LEN
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainReq {
    state: String,
    target: String,
    #[serde(default = "default_max_len")]
    max_len: usize,
    /// A comma list of techniques (as `explain --techniques`); default: every family.
    families: Option<String>,
    #[serde(default)]
    allow_nonunique: bool,
}

fn check_max_len(n: usize) -> Result<usize, ApiError> {
    if (1..=rules::LONGEST_MAX_LEN).contains(&n) {
        Ok(n)
    } else {
        Err(ApiError::Unprocessable(format!(
            "max_len {n} is out of range (1 to {})",
            rules::LONGEST_MAX_LEN
        )))
    }
}

pub fn explain(req: ExplainReq, cfg: &Config) -> Result<Json<ExplainView>, ApiError> {
    let timeout = cfg.timeout;
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    let conclusion = read_target(&req.target).map_err(unprocessable)?;
    explain::validate(&conclusion, &loaded.state, loaded.solution.as_ref())
        .map_err(unprocessable)?;
    let techniques: Vec<TechniqueId> = match req.families.as_deref() {
        None => explain::default_techniques(),
        Some(list) => registry::parse_list(list)
            .map_err(|e| ApiError::Unprocessable(format!("families: {e}")))?,
    };
    rules::refuse_uniqueness(techniques.iter().copied(), req.allow_nonunique)
        .map_err(unprocessable)?;
    // this search holds one permit; the free ones are more threads for its rows (given
    // back when it ends), so no more search threads run than there are permits
    let spare: Vec<_> = std::iter::from_fn(|| cfg.searches.clone().try_acquire_owned().ok())
        .take(std::thread::available_parallelism().map_or(1, |n| n.get()) - 1)
        .collect();
    let options = Options {
        threads: 1 + spare.len(),
        techniques,
        max_len: check_max_len(req.max_len)?,
        g_max_len: None,
        // explain's own default share of time, within the request's; a server-wide
        // memory ceiling: the meter reads the process's resident memory
        limits: Limits::new(
            None,
            Some(timeout.min(std::time::Duration::from_secs_f64(
                explain::TARGET_TIMEOUT_S,
            ))),
            Some(MEMORY_CEILING),
        ),
    };
    let report = explain_target(
        &loaded.state,
        conclusion,
        loaded.solution.as_ref(),
        &options,
    )
    .map_err(unprocessable)?;
    let mut v = target_json(&loaded.state, &loaded.line, &report, &options);
    v.anti_backdoor =
        backdoors::anti_backdoor_of(&loaded.state, loaded.solution.as_ref(), &conclusion);
    Ok(Json(views::for_the_explorer(&loaded.state, v)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepReq {
    state: String,
    /// basic, a scheme (N, W, ...) or a comma list of techniques; default N for a next
    /// step, and for a path the escalation `solve` walks with no `--rules`.
    rules: Option<String>,
    #[serde(default = "default_max_len")]
    max_len: usize,
    /// For a path: at most this many steps (default 200).
    max_steps: Option<usize>,
    #[serde(default)]
    allow_nonunique: bool,
}

fn rules_of(spec: Option<&str>, max_len: usize) -> Result<Vec<sudolink_search::Rule>, ApiError> {
    rules::parse(spec.unwrap_or("N"), check_max_len(max_len)?)
        .map(|s| s.rules)
        .map_err(|e| match e {
            rules::BadRules::Unknown { why } => ApiError::Unprocessable(format!(
                "Rules: {}; use basic, a scheme (L, M, N, W, B, gW, gB, BC, Trid-OR5W, Trid-OR5gW, Select1-OR5W, Select2-OR5W) or a comma list of techniques",
                why
            )),
            other => unprocessable(other),
        })
}

pub fn next(req: StepReq, cfg: &Config) -> Result<Json<NextView>, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    let rules = rules_of(req.rules.as_deref(), req.max_len)?;
    rules::refuse_uniqueness(rules.iter().map(|r| r.technique), req.allow_nonunique)
        .map_err(unprocessable)?;
    let found = explain::next_step_within(&loaded.state, &rules, search_limits(cfg))
        .map_err(|stop| cut_answer(stop, cfg))?;
    let Some(p) = found else {
        return Err(ApiError::Unprocessable(
            "no step applies with these rules".into(),
        ));
    };
    let text = nrc::nrc_text(&loaded.state, &p);
    resolution::verify(&loaded.state, &p, loaded.solution.as_ref(), 1, &text)
        .map_err(unprocessable)?;
    let mut after = loaded.state.clone();
    resolution::apply(&mut after, &p).map_err(unprocessable)?;
    Ok(Json(NextView {
        drawn: views::drawn(&loaded.state, &p, None)?,
        state_after: to_hodoku(&after),
    }))
}

/// The limits of one search request: the server's time limit from now, its memory ceiling
/// (the process's resident memory), and each search's share of one request's memory.
fn search_limits(cfg: &Config) -> Limits {
    Limits {
        search_memory: Some(MEMORY_CEILING / 100 * SEARCH_SHARE_PERCENT / 2),
        ..Limits::new(None, Some(cfg.timeout), Some(MEMORY_CEILING))
    }
}

/// A search a limit stopped: answered as the server's time limit (503) when the time ran
/// out, else as unprocessable with the limit named.
fn cut_answer(stop: Stop, cfg: &Config) -> ApiError {
    match stop {
        Stop::Deadline => ApiError::Timeout(cfg.timeout.as_secs_f64()),
        other => ApiError::Unprocessable(format!("the search was cut: {other}")),
    }
}

/// `/api/path`: the path of the rules asked, or with none the path `solve` walks with no
/// `--rules`, escalating from rule set to rule set ([`solve_escalating`]).
pub fn path(req: StepReq, cfg: &Config) -> Result<Json<PathView>, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    let max_steps = req.max_steps.unwrap_or(200);
    let Some(spec) = req.rules.as_deref() else {
        let escalated = solve_escalating(
            &loaded.state,
            loaded.solution.as_ref(),
            (check_max_len(req.max_len)?, max_steps),
            search_limits(cfg),
            Pace::Steps,
        )
        .map_err(unprocessable)?;
        let r = &escalated.resolution;
        return Ok(Json(views::path_view(
            &loaded.state,
            r,
            &escalated.escalations,
        )?));
    };
    let rules = rules_of(Some(spec), req.max_len)?;
    rules::refuse_uniqueness(rules.iter().map(|r| r.technique), req.allow_nonunique)
        .map_err(unprocessable)?;
    let r = solve_steps_within(
        &loaded.state,
        &rules,
        loaded.solution.as_ref(),
        max_steps,
        search_limits(cfg),
    )
    .map_err(unprocessable)?;
    Ok(Json(views::path_view(&loaded.state, &r, &[])?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackdoorsReq {
    state: String,
    /// BRT, W1 (the default), S2, S3, S4 or S.
    theory: Option<String>,
    /// The rule set of a one-step solution's step (default whips) and its longest proof.
    rules: Option<String>,
    #[serde(default = "default_one_step_len")]
    max_len: usize,
    /// An anti-backdoor (`n8r9c2`) whose one-step solution to answer as a path.
    path_of: Option<String>,
    #[serde(default)]
    allow_nonunique: bool,
}

fn default_one_step_len() -> usize {
    backdoors::steps::DEFAULT_MAX_LEN
}

/// `/api/backdoors`: the state's T-anti-backdoors and one-step solutions (as `sudolink
/// backdoors --one-step`), and with `path_of` that one-step solution as a path.
pub fn backdoors(req: BackdoorsReq, cfg: &Config) -> Result<Json<BackdoorsView>, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    let theory: Theory = req
        .theory
        .as_deref()
        .unwrap_or("W1")
        .parse()
        .map_err(unprocessable)?;
    let max_len = check_max_len(req.max_len)?;
    let rules = explain::techniques_of(
        req.rules
            .as_deref()
            .unwrap_or(backdoors::steps::DEFAULT_RULES),
        max_len,
    )
    .map_err(|e| ApiError::Unprocessable(format!("Rules: {e}")))?;
    let limits = search_limits(cfg);
    let solution = loaded.solution.as_ref();
    if let Some(text) = req.path_of.as_deref() {
        // the one step of that candidate alone: not every anti-backdoor's again
        let target = candidate_of(text)?;
        let closed = Closed::new(&loaded.state, theory, solution).map_err(unprocessable)?;
        let step_rules = StepRules {
            techniques: rules,
            max_len,
            limits,
        };
        let (found, _) = one_steps_among(&closed, &[target], &step_rules).map_err(unprocessable)?;
        let Some(step) = found.into_iter().next() else {
            return Err(ApiError::Unprocessable(format!(
                "{target} has no one-step solution with these rules (up to length {max_len})"
            )));
        };
        let r = one_step_path(&loaded.state, solution, theory, step.proof, limits)
            .map_err(unprocessable)?;
        return Ok(Json(BackdoorsView {
            version: VERSION,
            theory: theory.to_string(),
            anti_backdoors: Vec::new(),
            one_steps: Vec::new(),
            cut: None,
            path: Some(views::path_view(&loaded.state, &r, &[])?),
        }));
    }
    // the one-step search finds the anti-backdoors first: they are not asked twice
    let ask = Ask {
        theory,
        backdoors: false,
        max_size: backdoors::DEFAULT_MAX_SIZE,
        anti_backdoors: false,
        pairs: None,
        one_step: true,
        two_step: false,
        fewer_steps: false,
        rules,
        max_len,
        max_steps: 0,
    };
    let report = study(&loaded.state, solution, &ask, limits).map_err(unprocessable)?;
    let one = report.one_step.as_ref();
    let states = one
        .map(|o| states_of(&report.closed, &o.solutions))
        .unwrap_or_default();
    let one_steps: &[_] = one.map_or(&[][..], |o| &o.solutions[..]);
    Ok(Json(BackdoorsView {
        version: VERSION,
        theory: theory.to_string(),
        anti_backdoors: one
            .map(|o| {
                o.anti_backdoors
                    .items
                    .iter()
                    .map(|c| c.to_string())
                    .collect()
            })
            .unwrap_or_default(),
        one_steps: one_steps
            .iter()
            .zip(&states)
            .map(|(e, at)| OneStepView {
                candidate: e.candidate.to_string(),
                technique: e.label(),
                text: nrc::nrc_text(at, &e.proof),
            })
            .collect(),
        cut: report
            .cut()
            .map(|s| s.to_string())
            .or_else(|| report.steps_stopped()),
        path: None,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueryReq {
    /// The state to materialise; omitted with `db: true`.
    state: Option<String>,
    /// A named query (see /api/queries).
    name: Option<String>,
    /// SQL text instead of a named query.
    sql: Option<String>,
    #[serde(default)]
    params: BTreeMap<String, Value>,
    /// Query the server's `--db` instead of the state.
    #[serde(default)]
    db: bool,
    #[serde(default)]
    allow_nonunique: bool,
}

/// Searches stop when the process's resident memory passes this many bytes.
const MEMORY_CEILING: u64 = 800_000_000;

/// The most rows a query answers with.
const MAX_ROWS: usize = 5_000;

fn run_limited(
    conn: &query::Connection,
    sql: &str,
    params: &[(String, String)],
    timeout: Duration,
) -> Result<query::QueryTable, ApiError> {
    let limits = query::Limits {
        timeout: Some(timeout),
        max_rows: Some(MAX_ROWS),
    };
    let mut table = query::QueryTable {
        columns: Vec::new(),
        rows: Vec::new(),
    };
    let mut columns = Vec::new();
    query::stream(
        conn,
        sql,
        params,
        &limits,
        |c: &[String]| {
            columns = c.to_vec();
            Ok::<(), store::StoreError>(())
        },
        |row: &[Value]| {
            table.rows.push(row.to_vec());
            Ok(())
        },
    )
    .map_err(unprocessable)?;
    table.columns = columns;
    Ok(table)
}

/// `POST /api/query`: [`query`] on the blocking pool, interrupted (SQLite stops at its
/// next step) when the request is dropped before its answer: the page's Cancel aborts its
/// fetch, the connection closes, and the query stops instead of running to its time limit.
pub async fn query_route(
    Shared(cfg): Cfg,
    req: Result<Bytes, BytesRejection>,
) -> Result<Json<TableView>, ApiError> {
    let req: QueryReq = body(req)?;
    let interrupt = InterruptOnDrop::default();
    let slot = interrupt.slot.clone();
    let config = cfg.clone();
    let answer = blocking(cfg.timeout, move || query(req, &config, &slot)).await;
    interrupt.disarm();
    answer
}

/// Where a running query leaves its connection's interrupt handle.
type InterruptSlot = Arc<std::sync::Mutex<Option<query::InterruptHandle>>>;

/// Interrupts the query whose handle is in its slot when dropped armed (the request
/// future dropped: its client went away).
#[derive(Default)]
struct InterruptOnDrop {
    slot: InterruptSlot,
    done: bool,
}

impl InterruptOnDrop {
    fn disarm(mut self) {
        self.done = true;
    }
}

impl Drop for InterruptOnDrop {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(handle) = slot.as_ref() {
            handle.interrupt();
        }
    }
}

fn run_interruptible(
    conn: &query::Connection,
    sql: &str,
    params: &[(String, String)],
    timeout: Duration,
    slot: &InterruptSlot,
) -> Result<query::QueryTable, ApiError> {
    *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(conn.get_interrupt_handle());
    let answer = run_limited(conn, sql, params, timeout);
    *slot.lock().unwrap_or_else(|e| e.into_inner()) = None;
    answer
}

pub fn query(
    req: QueryReq,
    cfg: &Config,
    slot: &InterruptSlot,
) -> Result<Json<TableView>, ApiError> {
    let timeout = cfg.timeout;
    let db = cfg.db.clone();
    let sql: String = match (&req.name, &req.sql) {
        (Some(_), Some(_)) => {
            return Err(ApiError::BadRequest(
                "give either \"name\" or \"sql\", not both".into(),
            ))
        }
        (None, None) => {
            return Err(ApiError::BadRequest(
                "give \"name\" (a named query) or \"sql\"".into(),
            ))
        }
        (Some(n), None) => query::named(n)
            .ok_or_else(|| {
                let known: Vec<&str> = query::all_named().iter().map(|q| q.name).collect();
                ApiError::Unprocessable(format!(
                    "unknown query {:?}; known queries: {}",
                    excerpt(n, 60),
                    known.join(", ")
                ))
            })?
            .sql
            .to_string(),
        (None, Some(s)) => s.clone(),
    };
    if let Some(word) = write_keyword(&sql) {
        return Err(ApiError::Unprocessable(format!(
            "{word} is refused: queries only read"
        )));
    }
    let params: Vec<(String, String)> = req
        .params
        .iter()
        .map(|(k, v)| {
            let v = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (k.clone(), v)
        })
        .collect();
    let table = if req.db {
        let db = db
            .ok_or_else(|| ApiError::Unprocessable("the server was started without --db".into()))?;
        let conn = query::open_read_only(&db).map_err(unprocessable)?;
        run_interruptible(&conn, &sql, &params, timeout, slot)?
    } else {
        let text = req
            .state
            .as_deref()
            .ok_or_else(|| ApiError::BadRequest("give \"state\" (or \"db\": true)".into()))?;
        let loaded = state_of(text, req.allow_nonunique)?;
        let givens = sudolink_engine::grid::format::values_line(&loaded.state.given_values());
        let store = store::materialise(&givens, loaded.name.as_deref(), &loaded.state)
            .map_err(unprocessable)?;
        run_interruptible(store.connection(), &sql, &params, timeout, slot)?
    };
    let truncated = table.rows.len() >= MAX_ROWS;
    Ok(Json(TableView {
        version: VERSION,
        columns: table.columns,
        rows: table.rows,
        truncated,
    }))
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Svg,
    Png,
    Dot,
    Text,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportReq {
    state: String,
    /// A proof as the API returned it, its view or its `proof` object (re-checked on the
    /// state before it is drawn); none for the bare grid.
    proof: Option<SentProof>,
    format: Format,
    /// Width of an SVG or PNG in pixels (their natural width when absent).
    size: Option<u32>,
    /// Draw only this part of the proof (a branch or chain, from 1).
    part: Option<usize>,
    /// Draw only the first links of the proof (or of its part), from 1: SVG and PNG.
    first_links: Option<usize>,
    #[serde(default)]
    allow_nonunique: bool,
}

/// `POST /api/view`: a proof's picture and notations on a state (what explain gives its
/// simplest proof), for a row the page shows later.
#[derive(Deserialize)]
pub struct ViewReq {
    state: String,
    /// A proof as the API returned it, its view or its `proof` object (re-checked on the
    /// state before it is drawn).
    proof: SentProof,
    /// Draw only this part of it (a branch or chain, from 1: the proof's `parts`).
    part: Option<usize>,
    /// Draw only its first links (from 1), in the order the proof reads them.
    first_links: Option<usize>,
    #[serde(default)]
    allow_nonunique: bool,
}

pub fn proof_view_of(req: ViewReq, _: &Config) -> Result<Json<DrawnProof>, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    let p = req.proof.proof();
    proof::check(&loaded.state, p).map_err(|e| {
        ApiError::Unprocessable(format!("the proof does not hold on this state: {e}"))
    })?;
    let shown = Shown {
        part: req.part,
        first_links: req.first_links,
    };
    Ok(Json(views::drawn_shown(&loaded.state, p, shown)?))
}

pub fn export(req: ExportReq, _: &Config) -> Result<Response, ApiError> {
    let loaded = state_of(&req.state, req.allow_nonunique)?;
    let state = &loaded.state;
    let proof = req.proof.as_ref().map(SentProof::proof);
    let d = match proof {
        Some(p) => {
            proof::check(state, p).map_err(|e| {
                ApiError::Unprocessable(format!("the proof does not hold on this state: {e}"))
            })?;
            let shown = Shown {
                part: req.part,
                first_links: req.first_links,
            };
            diagram::from_proof_shown(state, p, shown).map_err(unprocessable)?
        }
        None if req.part.is_some() || req.first_links.is_some() => {
            return Err(ApiError::Unprocessable(
                "a part or the first links are drawn of a proof: give the proof".into(),
            ))
        }
        None => sudolink_export::svg::Diagram::grid(state),
    };
    if req.first_links.is_some() && !matches!(req.format, Format::Svg | Format::Png) {
        return Err(ApiError::Unprocessable(
            "the first links are drawn in a picture: ask for SVG or PNG".into(),
        ));
    }
    let width = req
        .size
        .map(sudolink_export::svg::PixelWidth::new)
        .transpose()
        .map_err(unprocessable)?;
    let (kind, bytes): (&str, Vec<u8>) = match req.format {
        Format::Svg => ("image/svg+xml", d.to_svg_at(width).into_bytes()),
        Format::Png => ("image/png", d.to_png_at(width).map_err(unprocessable)?),
        Format::Dot => {
            let p = proof
                .ok_or_else(|| ApiError::Unprocessable("a DOT export needs a proof".into()))?;
            let graph = diagram::graph_of(p, &d);
            ("text/vnd.graphviz", dot::print(&graph).into_bytes())
        }
        Format::Text => match proof {
            Some(p) => (
                "text/plain; charset=utf-8",
                files::proof_text(state, p).into_bytes(),
            ),
            None => (
                "text/plain; charset=utf-8",
                sudolink_engine::grid::format::to_pencil_mark_grid(state).into_bytes(),
            ),
        },
    };
    Ok(([(header::CONTENT_TYPE, kind)], bytes).into_response())
}
