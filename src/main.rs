//! The `bufreuse` command: parse flags, run the driver, map the outcome to an exit status.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Usage errors exit with 1, like every other error (clap's default is 2).
    let cli = match bufreuse::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let worker = std::thread::Builder::new()
        // Parsing, building and dropping the IR recurse over nested regions, which needs more
        // than the default 8 MiB on hostile inputs.
        .stack_size(bufreuse::WORKER_STACK_BYTES)
        .spawn(move || bufreuse::driver::run_then_exit(&cli));
    match worker.map(|h| h.join()) {
        Ok(Ok(Ok(()))) => ExitCode::SUCCESS,
        Ok(Ok(Err(bufreuse::driver::Failed))) => ExitCode::FAILURE,
        Ok(Err(_)) | Err(_) => {
            eprintln!("bufreuse: internal error: the worker thread failed");
            ExitCode::FAILURE
        }
    }
}
