//! The `sudolink` binary: a thin shell over the library (see `cli`).

mod cli;

use std::process::ExitCode;

/// mimalloc: the searches allocate and free many small chains and sets, and glibc's
/// allocator spent several percent of a rating's time on them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    restore_default_sigpipe();
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        // the answer is printed; its status says the puzzle is not solved
        Err(e) if e.is::<cli::NotSolved>() => ExitCode::from(cli::NOT_SOLVED_EXIT),
        Err(e) => {
            eprintln!("error: {}", one_line(&e));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes on one line, each said once: a cause whose text an outer
/// message already holds (SQLite's and the OS's reasons are often both) is skipped.
fn one_line(error: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        let text = text.trim();
        // SQLite's "Error code 14: Unable to open the database file" repeats its message
        let generic = text.starts_with("Error code ") && !out.is_empty();
        if text.is_empty() || generic || out.to_lowercase().contains(&text.to_lowercase()) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(text);
    }
    out.replace('\n', " ")
}

/// Let a closed pipe (`sudolink ... | head`) end the process quietly, as command-line
/// tools do, instead of a "failed printing to stdout" panic.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
