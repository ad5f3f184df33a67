# -*- Python -*-
"""lit configuration of bufreuse's text-in, text-out tests.

Runs unchanged under LLVM's `lit` (Debian's llvm-22-tools: `lit`, `FileCheck` and `not` in
/usr/lib/llvm-22/bin) and under PyPI's `lit` + `filecheck`. `cargo test` runs it through
`tests/lit.rs`; by hand: `cargo build && lit -sv lit_tests`.

Environment:
  BUFREUSE_BIN_DIR        directory of the `bufreuse` binary (default: ../target/debug)
  BUFREUSE_LIT_NO_SYSTEM  when set (non-empty), /usr/lib/llvm-*/bin is not searched, so the
                          PyPI tools are used and the tests that need mlir-opt are skipped

Substitutions: `%mlir_opt`, `%mlir_runner` (with the features `mlir-opt`, `mlir-runner` when
found: a test that REQUIRES one of them is UNSUPPORTED without the tool, and tests/lit.rs
reports it skipped for a missing tool, or failed under BUFREUSE_REQUIRE_TOOLS=1), `%shared` (the shared/ directory beside the repository; feature `shared` when it
exists) and `%python` (the Python that runs lit). `FileCheck` in a RUN line is the resolved
FileCheck: LLVM's when there is one, otherwise PyPI's `filecheck`. `not` is lit's builtin.
"""

import os
import re
import shutil
import sys

import lit.formats

config.name = "bufreuse"
# The internal shell makes `not`, `cd`, `mkdir`, `rm`, `echo`, `cat` and `diff` builtins,
# so the suite needs no LLVM `not` and behaves the same under both lits.
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = config.test_source_root

repo_root = os.path.dirname(config.test_source_root)
use_system_llvm = not os.environ.get("BUFREUSE_LIT_NO_SYSTEM")


def llvm_bin_dirs():
    """/usr/lib/llvm-N/bin directories, newest N first."""
    if not use_system_llvm or not os.path.isdir("/usr/lib"):
        return []
    found = []
    for entry in os.listdir("/usr/lib"):
        m = re.fullmatch(r"llvm-(\d+)", entry)
        bin_dir = os.path.join("/usr/lib", entry, "bin")
        if m and os.path.isdir(bin_dir):
            found.append((int(m.group(1)), bin_dir))
    return [d for _, d in sorted(found, reverse=True)]


def find_tool(name):
    """`name` on PATH, else in the newest /usr/lib/llvm-*/bin that has it, else None."""
    path = shutil.which(name, path=config.environment.get("PATH", os.defpath))
    if path:
        return os.path.abspath(path)
    for bin_dir in llvm_bin_dirs():
        path = shutil.which(name, path=bin_dir)
        if path:
            return path
    return None


def prepend_path(directory):
    config.environment["PATH"] = os.pathsep.join(
        [directory, config.environment.get("PATH", "")]
    )


def command_word(word):
    """A regex for `word` used as a command name in a RUN line, not inside another word."""
    return r"(?<![^\s|;&(])" + re.escape(word) + r"(?![^\s|;&)])"


# FileCheck: LLVM's is preferred; PyPI's `filecheck` has the same command line for what this
# suite uses. Either way `FileCheck` in a RUN line becomes its absolute path.
filecheck = find_tool("FileCheck") or find_tool("filecheck")
if not filecheck:
    lit_config.fatal(
        "FileCheck not found on PATH or in /usr/lib/llvm-*/bin: install it with "
        "`apt-get install llvm-22-tools` or `pip install filecheck`"
    )
lit_config.note("FileCheck: " + filecheck)
config.substitutions.append((command_word("FileCheck"), filecheck))

# Put first on PATH: bufreuse's directory, then FileCheck's (where LLVM's `count`, `not`
# and friends also live, for tests that run them directly).
prepend_path(os.path.dirname(filecheck))
bin_dir = os.path.abspath(
    os.environ.get("BUFREUSE_BIN_DIR") or os.path.join(repo_root, "target", "debug")
)
if not os.path.isfile(os.path.join(bin_dir, "bufreuse")):
    lit_config.fatal(
        "no bufreuse binary in %s: run `cargo build`, or set BUFREUSE_BIN_DIR to the "
        "directory that holds it" % bin_dir
    )
prepend_path(bin_dir)

# MLIR's own tools, for tests that compare with or run the real thing (`REQUIRES: mlir-opt`).
for tool in ["mlir-opt", "mlir-runner"]:
    path = find_tool(tool)
    if path:
        config.available_features.add(tool)
        lit_config.note("%s: %s" % (tool, path))
    else:
        lit_config.note("%s: not found; tests that require it are skipped" % tool)
    # Without the tool the bare name remains, so a test that lacks its REQUIRES fails loudly.
    config.substitutions.append(("%" + tool.replace("-", "_"), path or tool))

# The shared material next to the repository (corpus, oracle tools); absent for a user who
# cloned the project alone, so tests that read it say `REQUIRES: shared`.
shared = os.path.abspath(os.path.join(repo_root, "..", "shared"))
if os.path.isdir(shared):
    config.available_features.add("shared")
config.substitutions.append(("%shared", shared))

config.substitutions.append(("%python", sys.executable))
