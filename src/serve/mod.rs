//! The explorer behind `sudolink serve`: an HTTP layer over the library, beside the
//! command line (neither knows the other). It owns the routes, the translation of JSON
//! requests into library calls and of their results (and errors) into JSON, the limits a
//! server needs (request size, time per request, searches on the blocking pool), and the
//! page (HTML/JS/CSS embedded in the binary: no build step, no CDN).
//!
//! The API is stateless: every request carries the puzzle or state as text (any format
//! the grid readers know), so a script can use it as the page does. The only files the
//! server reads are the `--db` it was started with, opened read-only through
//! [`crate::store::query::open_read_only`], and the collection files under the `--data`
//! directories, which a request names by a label checked against those directories
//! ([`data`]).

mod api;
pub mod data;
mod page;

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::Router;
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body accepted (a larger one is answered 413).
pub const MAX_BODY: usize = 1 << 20;

/// What the server is started with.
#[derive(Clone, Debug)]
pub struct Config {
    /// A sudolink store to query and pick states from (opened read-only per request).
    pub db: Option<PathBuf>,
    /// The time limit of one request's work (searches, SQL).
    pub timeout: Duration,
    /// The directories whose collection files the page can pick puzzles from.
    pub data: data::DataDirs,
    /// Permits for the searches (explain, next step, path): as many run at once as there
    /// are permits, the others wait for one, within the request's time limit.
    pub searches: Arc<tokio::sync::Semaphore>,
}

/// One search at a time per core: more at once only share the cores and add their memory.
pub fn searches_per_core() -> Arc<tokio::sync::Semaphore> {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    Arc::new(tokio::sync::Semaphore::new(cores))
}

impl Default for Config {
    fn default() -> Config {
        Config {
            db: None,
            timeout: Duration::from_secs(10),
            data: data::DataDirs::default(),
            searches: searches_per_core(),
        }
    }
}

/// The routes: the page at `/`, its assets, and the JSON API under `/api/`.
pub fn router(config: Config) -> Router {
    let state = Arc::new(config);
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/api/examples", get(api::examples))
        .route("/api/queries", get(api::queries))
        .route("/api/db/states", get(api::db_states))
        .route("/api/collections", get(api::collections))
        .route("/api/collection", get(api::collection))
        .route("/api/load", api::post_json(api::load))
        .route("/api/graph", api::post_json(api::graph))
        .route("/api/neighbourhood", api::post_json(api::neighbourhood))
        .route("/api/links", api::post_json(api::links))
        .route("/api/explain", api::post_search(api::explain))
        .route("/api/next", api::post_search(api::next))
        .route("/api/path", api::post_search(api::path))
        .route("/api/query", api::post_json(api::query))
        .route("/api/export", api::post_json(api::export))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// Serve `router(config)` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(config))
        .with_graceful_shutdown(shutdown)
        .await
}
