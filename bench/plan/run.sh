#!/bin/sh
# Builds the release binary and runs the planner benchmark (see run.py for the options).
# Example: bench/plan/run.sh --time-limit=10
exec python3 "$(dirname "$0")/run.py" "$@"
