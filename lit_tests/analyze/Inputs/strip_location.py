"""Prints a `bufreuse --analyze --format=json` report without what depends on the spelling
of the input: the `line`, `column`, `value` (SSA name) and `first_use_line` of every
allocation, and where its `in_place` op is.

Two spellings of one program (custom and generic syntax) must give the same stripped report.
Usage: `bufreuse --analyze --format=json FILE | %python %S/Inputs/strip_location.py`.
"""

import json
import sys

doc = json.load(sys.stdin)
for f in doc["functions"]:
    for a in f["allocations"]:
        for key in ("line", "column", "value", "first_use_line"):
            del a[key]
        if a["in_place"]:
            for key in ("line", "column", "over"):
                del a["in_place"][key]
print(json.dumps(doc, indent=2))
