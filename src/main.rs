//! The `sudolink` binary: a thin shell over the library (see `cli`).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    restore_default_sigpipe();
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
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
