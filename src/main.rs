//! The `wolfjudge` binary: the command line in [`cli`] (play a script, simulate a game,
//! export and verify a game, standings, run the bot, run the worker, bench).

mod cli;

use std::process::ExitCode;

/// mimalloc instead of the system allocator: a command allocates and frees many small
/// buffers (events, messages, query binds) across two tokio threads, and glibc's malloc
/// spent a third of the service's CPU in the load benchmark (`perf`, see BENCHMARKS.md).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::main()
}
