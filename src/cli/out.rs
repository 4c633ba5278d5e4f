//! How a subcommand ends and what it prints. Subcommands return `anyhow::Result<()>`; two
//! typed errors inside it choose how the process ends: [`Exit`] (a message with an exit code
//! other than 1) and [`Closed`] (standard output closed by its reader). [`emit`] is the one
//! writer of standard output.

use std::io::Write;
use std::process::ExitCode;

/// A refusal with its own exit code (2: unusable input, as clap's usage errors).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Exit {
    pub code: u8,
    pub message: String,
}

/// Exit `code`, saying `message`, as an `anyhow::Error`.
pub fn exit(code: u8, message: impl Into<String>) -> anyhow::Error {
    Exit {
        code,
        message: message.into(),
    }
    .into()
}

/// Standard output was closed by its reader (`wolfjudge export … | head`): the reader has
/// seen enough, so the command stops quietly and successfully, as `cat` would.
#[derive(Debug, thiserror::Error)]
#[error("standard output is closed")]
pub struct Closed;

/// How the process ends after a subcommand: success, a closed output (success, silent), or
/// the error said on standard error with its exit code (1 unless it is an [`Exit`]).
pub fn finish(done: anyhow::Result<()>) -> ExitCode {
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is::<Closed>() => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.downcast_ref::<Exit>().map_or(1, |x| x.code);
            // The top message only: the library's errors already include their causes in
            // it (and `{:#}` would repeat them).
            eprintln!("wolfjudge: {e}");
            ExitCode::from(code)
        }
    }
}

/// Writes `text` to standard output. Rust ignores SIGPIPE, so a closed pipe comes back as
/// an error here (where `println!` would panic); it becomes [`Closed`].
pub fn emit(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => Closed.into(),
            _ => anyhow::anyhow!("cannot write to standard output: {e}"),
        })
}

/// [`emit`] with a newline after `text`.
pub fn emit_line(text: &str) -> anyhow::Result<()> {
    emit(&format!("{text}\n"))
}
