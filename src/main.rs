//! The `bufreuse` command; its code is the library's `command` module (cargo feature `cli`).

fn main() -> std::process::ExitCode {
    bufreuse::command::main()
}
