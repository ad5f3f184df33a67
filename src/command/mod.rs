//! The `bufreuse` command (cargo feature `cli`, on by default): what `src/main.rs` runs. It
//! holds everything that knows about command-line flags (clap is a dependency of this
//! feature only), so a library user who turns the feature off gets the library alone.
//!
//! The driver reads the input (a file or `-`), splits it with `--split-input-file`, runs the
//! stages of the chosen mode, prints diagnostics, and writes `-o` only when everything succeeded
//! (through a temporary file and a rename, so a failing run never leaves a truncated output).

pub mod cli;
mod pipeline;
mod plan;
pub mod plot;
mod timing;

use crate::diag::{self, Diagnostic};
use crate::parallel::Pieces;
use crate::source::{SourceFile, Text};
use cli::{Cli, Mode};
use std::io::{Read, Write};
use std::path::Path;
use timing::Timing;

/// Inputs larger than this are refused with a message instead of being read into memory.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// What one run produced: the main output text, extra lines for stderr, and the panels of
/// the `--plot` picture.
#[derive(Default)]
pub(crate) struct Output {
    pub stdout: Pieces,
    pub stderr: String,
    pub panels: Vec<plot::Panel>,
}

/// The run failed; its diagnostics were printed. Exit status 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failed;

/// The `bufreuse` binary: parses the flags, runs the command on a thread with a large stack,
/// and maps the outcome to an exit status (1 for every error, usage errors included).
pub fn main() -> std::process::ExitCode {
    use clap::Parser;
    use std::process::ExitCode;
    // clap's own status for usage errors is 2.
    let cli = match Cli::try_parse() {
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
    // Parsing, building and dropping the IR recurse over nested regions, which needs more
    // than the default 8 MiB on hostile inputs.
    let worker = std::panic::catch_unwind(|| {
        crate::stack::with_stack(crate::WORKER_STACK_BYTES, "bufreuse", || {
            run_then_exit(&cli)
        })
    });
    match worker {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(Failed)) => ExitCode::FAILURE,
        Err(_) => {
            eprintln!("bufreuse: internal error: the worker thread failed");
            ExitCode::FAILURE
        }
    }
}

/// Runs the whole command. Diagnostics go to stderr.
pub fn run(cli: &Cli) -> Result<(), Failed> {
    run_with(cli, Teardown::Free)
}

/// Runs the whole command like `run`, for a process that exits right after it (the `bufreuse`
/// binary): the IR is not freed. Freeing a large module is a few percent of the time of a
/// large run (its op records, names and lists are millions of small blocks), and the
/// operating system takes the memory back at exit anyway.
pub fn run_then_exit(cli: &Cli) -> Result<(), Failed> {
    run_with(cli, Teardown::LeaveToExit)
}

/// Whether the IR of a run is freed when the run ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Teardown {
    Free,
    LeaveToExit,
}

impl Teardown {
    /// Ends the life of what a run built (the module, its analysis): frees it, or leaves it
    /// to the exit of the process.
    fn end<T>(self, built: T) {
        match self {
            Teardown::Free => drop(built),
            Teardown::LeaveToExit => std::mem::forget(built),
        }
    }
}

fn run_with(cli: &Cli, teardown: Teardown) -> Result<(), Failed> {
    let mut timing = Timing::new(cli.timing);
    let result = run_inner(cli, teardown, &mut timing);
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let written = write_outcome(cli, result, &mut err);
    timing.stage("write output");
    let _ = err.write_all(timing.report().as_bytes());
    written
}

/// Prints the diagnostics of a run, and writes its output and picture if it succeeded.
fn write_outcome(
    cli: &Cli,
    result: Result<Output, String>,
    err: &mut impl Write,
) -> Result<(), Failed> {
    match result {
        Ok(out) => {
            let _ = err.write_all(out.stderr.as_bytes());
            if let Some(plot) = &cli.plot
                && let Err(message) = write_output(Some(plot), &plot::svg(&out.panels).into())
            {
                let _ = writeln!(err, "{message}");
                return Err(Failed);
            }
            if let Err(message) = write_output(cli.output.as_deref(), &out.stdout) {
                let _ = writeln!(err, "{message}");
                return Err(Failed);
            }
            Ok(())
        }
        Err(failure) => {
            let _ = err.write_all(failure.as_bytes());
            Err(Failed)
        }
    }
}

/// Reads, processes and renders; the error is the rendered diagnostics.
fn run_inner(cli: &Cli, teardown: Teardown, timing: &mut Timing) -> Result<Output, String> {
    if !cli.alignment().is_power_of_two() {
        return Err(format!(
            "bufreuse: error: --alignment={} is not a power of two\n",
            cli.alignment()
        ));
    }
    if !(cli.time_limit >= 0.0 && cli.time_limit.is_finite()) {
        return Err(format!(
            "bufreuse: error: --time-limit={} is not a non-negative number of seconds\n",
            cli.time_limit
        ));
    }
    if cli.index_bitwidth != 32 && cli.index_bitwidth != 64 {
        return Err(format!(
            "bufreuse: error: --index-bitwidth={} must be 32 or 64\n",
            cli.index_bitwidth
        ));
    }
    if let Some(out) = &cli.output {
        check_output_dir(out)?;
    }
    if let Some(plot) = &cli.plot {
        check_output_dir(plot)?;
    }
    let file = read_input(cli.input.as_deref())?;
    timing.stage("read");
    if cli.mode() == Mode::Plan {
        let planned = plan::run(&file, cli).map_err(|d| diag::render(&file, &d));
        timing.stage("plan");
        return planned;
    }
    let chunks = if cli.split_input_file {
        split_input(&file)
    } else {
        vec![file]
    };
    // Leaving the IR of every chunk to the exit would add up their memory.
    let teardown = if chunks.len() == 1 {
        teardown
    } else {
        Teardown::Free
    };
    let mut out = Output::default();
    let mut failed = String::new();
    for (i, chunk) in chunks.iter().enumerate() {
        if i > 0 {
            out.stdout.push_str("// -----\n");
        }
        // Warnings are rendered into `Output::stderr`.
        match pipeline::run(chunk, cli, teardown, timing) {
            Ok(o) => {
                // Moved, not copied (a chunk's output can be 100 MB).
                out.stdout.append(o.stdout);
                out.stderr.push_str(&o.stderr);
                out.panels.extend(o.panels);
            }
            Err(diags) => failed.push_str(&diag::render(chunk, &diags)),
        }
    }
    if failed.is_empty() {
        Ok(out)
    } else {
        // Warnings printed for the chunks that succeeded are still shown.
        Err(out.stderr + &failed)
    }
}

/// Splits at lines that are exactly `// -----` (like mlir-opt), keeping real line numbers.
pub fn split_input(file: &SourceFile) -> Vec<SourceFile> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut start_line = 0;
    for (i, line) in file.text.split_inclusive('\n').enumerate() {
        if line.trim_end() == "// -----" {
            chunks.push(SourceFile::chunk(
                file.name.clone(),
                std::mem::take(&mut current),
                start_line,
            ));
            start_line = i + 1;
        } else {
            current.push_str(line);
        }
    }
    chunks.push(SourceFile::chunk(file.name.clone(), current, start_line));
    chunks
}

/// Files at least this large are mapped into memory rather than read (`source::Text`).
const MAP_MIN_BYTES: u64 = 1 << 20;

/// Reads a file or standard input as UTF-8, refusing inputs over `MAX_INPUT_BYTES`.
fn read_input(path: Option<&Path>) -> Result<SourceFile, String> {
    let (name, input) = match path {
        None => read_stdin()?,
        Some(p) if p.as_os_str() == "-" => read_stdin()?,
        Some(p) => {
            let name = p.display().to_string();
            let input = read_file(p, &name)?;
            (name, input)
        }
    };
    let len = match &input {
        Input::Text(text) => text.len(),
        Input::Bytes(bytes) => bytes.len(),
    };
    if len as u64 > MAX_INPUT_BYTES {
        return Err(format!(
            "{name}: error: input is larger than the limit of {MAX_INPUT_BYTES} bytes\n"
        ));
    }
    let bytes = match input {
        Input::Text(text) => return Ok(SourceFile::of_text(name, text)),
        Input::Bytes(bytes) => bytes,
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(name, text)),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let file = SourceFile::new(name, String::from_utf8_lossy(&bytes).into_owned());
            let d = Diagnostic::error(
                crate::source::Span::new(valid, valid + 1),
                "input is not valid UTF-8",
            );
            Err(diag::render(&file, &[d]))
        }
    }
}

/// An input as read: text already checked to be UTF-8 (a mapped file), or bytes to check.
enum Input {
    Text(Text),
    Bytes(Vec<u8>),
}

/// A file's text, mapped when it is a large regular file, or else its bytes.
fn read_file(p: &Path, name: &str) -> Result<Input, String> {
    let f = std::fs::File::open(p)
        .map_err(|e| format!("{name}: error: cannot open input file: {}\n", io_reason(&e)))?;
    let meta = f.metadata().ok();
    let len = meta.as_ref().map_or(0, |m| m.len());
    if len > MAX_INPUT_BYTES {
        return Err(format!(
            "{name}: error: input is {len} bytes; the limit is {MAX_INPUT_BYTES} bytes\n"
        ));
    }
    if len >= MAP_MIN_BYTES
        && meta.is_some_and(|m| m.is_file())
        && let Ok(mapped) = Text::map(&f)
    {
        // Bytes that are not UTF-8 go on to the check that reports where.
        return Ok(mapped.map_or_else(Input::Bytes, Input::Text));
    }
    // Small files, and files that cannot be mapped, are read.
    let mut bytes = Vec::with_capacity(len as usize);
    f.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: error: cannot read input file: {}\n", io_reason(&e)))?;
    Ok(Input::Bytes(bytes))
}

fn read_stdin() -> Result<(String, Input), String> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            format!(
                "<stdin>: error: cannot read standard input: {}\n",
                io_reason(&e)
            )
        })?;
    Ok(("<stdin>".to_string(), Input::Bytes(bytes)))
}

fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "no such file or directory".to_string(),
        ErrorKind::PermissionDenied => "permission denied".to_string(),
        ErrorKind::IsADirectory => "is a directory".to_string(),
        ErrorKind::NotADirectory => "not a directory".to_string(),
        ErrorKind::ReadOnlyFilesystem => "read-only file system".to_string(),
        ErrorKind::StorageFull => "no space left on device".to_string(),
        _ => e.to_string(),
    }
}

/// The message for an output file that cannot be written, in the form of every other
/// diagnostic: `FILE: error: cannot write output: REASON`.
fn output_error(path: &Path, reason: &str) -> String {
    format!("{}: error: cannot write output: {reason}", path.display())
}

/// Fails early (before any work) when `-o` (or `--plot`) names a directory, or a file whose
/// directory does not exist or is not a directory.
fn check_output_dir(out: &Path) -> Result<(), String> {
    if out.as_os_str() == "-" {
        return Ok(());
    }
    if out.is_dir() {
        return Err(format!("{}\n", output_error(out, "is a directory")));
    }
    let dir = out
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        let reason = if dir.exists() {
            format!("'{}' is not a directory", dir.display())
        } else {
            format!("directory '{}' does not exist", dir.display())
        };
        return Err(format!("{}\n", output_error(out, &reason)));
    }
    Ok(())
}

/// Writes the output to stdout, or to `path` through a temporary file in the same directory
/// and a rename, so that readers never see a partial file. The error is the whole message.
pub(crate) fn write_output(path: Option<&Path>, text: &Pieces) -> Result<(), String> {
    let write_file = |p: &Path| -> std::io::Result<()> {
        let mut file = std::fs::File::create(p)?;
        text.write_to(&mut file)?;
        file.flush()
    };
    match path {
        None => write_stdout(text),
        Some(p) if p.as_os_str() == "-" => write_stdout(text),
        // A device or a pipe (`-o /dev/null`, `-o /dev/stdout`) is written in place: renaming
        // a file over it would replace the device.
        Some(p) if p.exists() && !std::fs::metadata(p).is_ok_and(|m| m.is_file()) => {
            write_file(p).map_err(|e| output_error(p, &io_reason(&e)))
        }
        Some(p) => {
            let dir = p
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            let file_name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let tmp = dir.join(format!(
                ".{}.bufreuse-{}.tmp",
                file_name,
                std::process::id()
            ));
            let result = write_file(&tmp).and_then(|()| std::fs::rename(&tmp, p));
            if let Err(e) = result {
                let _ = std::fs::remove_file(&tmp);
                return Err(output_error(p, &io_reason(&e)));
            }
            Ok(())
        }
    }
}

fn write_stdout(text: &Pieces) -> Result<(), String> {
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    match text.write_to(&mut lock).and_then(|()| lock.flush()) {
        Ok(()) => Ok(()),
        // A closed pipe (`bufreuse big.mlir | head`) is not an error of ours.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!(
            "<stdout>: error: cannot write output: {}",
            io_reason(&e)
        )),
    }
}
