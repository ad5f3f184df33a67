"""Prints a `bufreuse --analyze --format=json` report without what depends on the spelling
of the input: the `line`, `column` and `value` (SSA name) of every allocation.

Two spellings of one program (custom and generic syntax) must give the same stripped report.
Usage: `bufreuse --analyze --format=json FILE | %python %S/Inputs/strip_location.py`.
"""

import json
import sys

doc = json.load(sys.stdin)
for f in doc["functions"]:
    for a in f["allocations"]:
        for key in ("line", "column", "value"):
            del a[key]
print(json.dumps(doc, indent=2))
