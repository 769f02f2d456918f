//! The page: HTML, script and style embedded in the binary (`include_str!`), served as
//! they are.

use axum::http::header;
use axum::response::IntoResponse;
use std::sync::OnceLock;
use sudolink_study::input::DEFAULT_PUZZLE;

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// The page, with the default puzzle (Ocean #1) in its puzzle box.
pub async fn index() -> impl IntoResponse {
    static PAGE: OnceLock<String> = OnceLock::new();
    let page = PAGE.get_or_init(|| INDEX.replace("{{DEFAULT_PUZZLE}}", DEFAULT_PUZZLE));
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        page.as_str(),
    )
}

pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

pub async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}
