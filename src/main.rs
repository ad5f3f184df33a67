//! The `bufreuse` command: parse flags, run the driver, map the outcome to an exit status.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = bufreuse::cli::Cli::parse();
    match bufreuse::driver::run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(()) => ExitCode::FAILURE,
    }
}
