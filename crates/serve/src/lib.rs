//! The explorer behind `sudolink serve`: an HTTP layer over the library, beside the
//! command line (neither knows the other). It owns the routes, the translation of JSON
//! requests into library calls and of their results (and errors) into JSON, the limits a
//! server needs (request size, time per request, searches on the blocking pool), and the
//! page (HTML/JS/CSS embedded in the binary: no build step, no CDN).
//!
//! The API is stateless: every request carries the puzzle or state as text (any format
//! the grid readers know), so a script can use it as the page does. The only files the
//! server reads are the `--db` it was started with, opened read-only through
//! [`sudolink_store::query::open_read_only`], and the collection files under the `--data`
//! directories, which a request names by a label checked against those directories
//! ([`data`]).
//!
//! The server never dies of a client: SIGPIPE is ignored while it serves (a write to a
//! closed connection is an error of that connection, not a signal to the process); each
//! connection has a deadline for its request headers ([`Config::header_timeout`]) and each
//! request for its body ([`Config::body_timeout`], 408 past it; a declared length over
//! [`MAX_BODY`] is refused at once, 413); a connection's failure ends that connection
//! only; accept errors (too many open files) are waited out, never returned.

mod api;
pub mod data;
mod edit;
mod page;
mod views;
mod words;

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
    /// are permits, the others wait for one, within the request's time limit. A permit is a
    /// thread: an explain holding one also takes the permits no one waits for, and runs
    /// its rows on as many threads.
    pub searches: Arc<tokio::sync::Semaphore>,
    /// How long a connection may take to send a request's headers (from its first byte,
    /// or from the end of the previous response) before it is closed.
    pub header_timeout: Duration,
    /// How long a request may take to send its body before it is answered 408.
    pub body_timeout: Duration,
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
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
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
        .route("/api/techniques", get(api::techniques))
        .route("/api/db/states", get(api::db_states))
        .route("/api/collections", get(api::collections))
        .route("/api/collection", get(api::collection))
        .route("/api/load", api::post_json(api::load))
        .route("/api/edit", api::post_json(api::edit))
        .route("/api/graph", api::post_json(api::graph))
        .route("/api/neighbourhood", api::post_json(api::neighbourhood))
        .route("/api/links", api::post_json(api::links))
        .route("/api/explain", api::post_search(api::explain))
        .route("/api/next", api::post_search(api::next))
        .route("/api/path", api::post_search(api::path))
        .route("/api/backdoors", api::post_search(api::backdoors))
        .route("/api/query", axum::routing::post(api::query_route))
        .route("/api/export", api::post_json(api::export))
        .route("/api/view", api::post_json(api::proof_view_of))
        .fallback(api::not_found)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            api::bounded_body,
        ))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// Serve `router(config)` on `listener` until `shutdown` completes: one HTTP/1.1
/// connection per task, each with the header deadline of `config`; a failed connection
/// (reset, closed mid-request or mid-response, too slow) ends alone. On shutdown the
/// connections in flight are given a few seconds to finish.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    ignore_sigpipe();
    let header_timeout = config.header_timeout;
    let app = router(config);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // out of file descriptors, a connection reset before it was accepted:
                // wait a little and go on accepting
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(header_timeout)
            .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // a client's failure is that connection's end, nothing more
            let _ = connection.await;
        });
    }
    let _ = tokio::time::timeout(Duration::from_secs(5), graceful.shutdown()).await;
    Ok(())
}

/// Why [`run_until_ctrl_c`] stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("the server stopped: {0}")]
    Stopped(std::io::Error),
}

/// Serve `config` on `addr` until Ctrl-C, on a runtime of its own: `listening` is called
/// with the bound address (the port chosen when `addr`'s is 0) before the first request
/// is accepted. The command line's one entry into the server: it needs no async runtime
/// of its own.
pub fn run_until_ctrl_c(
    addr: std::net::SocketAddr,
    config: Config,
    listening: impl FnOnce(std::net::SocketAddr),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Runtime::new().map_err(ServeError::Runtime)?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Bind { addr, source })?;
        let local = listener.local_addr().map_err(ServeError::Stopped)?;
        listening(local);
        serve(listener, config, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(ServeError::Stopped)
    })
}

/// A write to a connection its client closed must fail on that connection (EPIPE), not
/// end the process: the command line restores SIGPIPE's default for `sudolink ... | head`,
/// the server sets it back to ignored.
fn ignore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting SIGPIPE's disposition to ignored has no precondition; it is
    // process-wide, which is what the server needs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}
