#!/usr/bin/env python3
"""Many functions with and without diagnostics, for the JSON report's
per-function diagnostics under the threaded pass manager.

  report_threads.py gen N > module.mlir
  report_threads.py check module.mlir report.json

`gen` writes N functions in turn: one whose `+=` restarts unread (a
warning), one that cannot be allocated (an error), one with neither. `check`
asserts that each function's report lists exactly its own diagnostics: one
warning or one error located inside that function, or none. Each diagnostic
handler sees every function's diagnostics while functions run at once, so a
recorder that kept what another thread emitted shows up here as a function
with two entries, or a clean one with one. Prints one line and exits
non-zero on any mismatch.
"""

import json
import re
import sys

WARNED = """bir.func @warned_{i} attributes {{arch = #bir.arch<gen2>}} {{
  %w = bir.memloc "w" sbuf [128, 1024] x 8
  %acc = bir.memloc "acc" psum [128, 2048] x 2
  %y = bir.memloc "y" sbuf [128, 2048] x 2
  bir.loop %k = 0 to 8 {{
    bir.loop %n = 0 to 2 {{
      bir.matmul %acc[0:128, 0:2048, %n] += %w[0:128, 0:1024, %k], %w[0:128, 0:1024, %k] latency 64
    }}
  }}
  bir.loop %n = 0 to 2 {{
    bir.activation relu %y[0:128, 0:2048, %n] = %acc[0:128, 0:2048, %n] latency 32
  }}
}}
"""

REFUSED = """bir.func @refused_{i} attributes {{arch = #bir.arch<gen2, banks = 1>}} {{
  %w = bir.memloc "w" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  %b = bir.memloc "b" psum [128, 2048]
  bir.matmul %a = %w, %w latency 64
  bir.matmul %b = %w, %w latency 64
  bir.inst "sum2" writes(%w) reads(%a, %b) latency 8
}}
"""

CLEAN = """bir.func @clean_{i} attributes {{arch = #bir.arch<gen2>}} {{
  %w = bir.memloc "w" sbuf [128, 2048]
  %a = bir.memloc "a" psum [128, 2048]
  bir.matmul %a = %w, %w latency 64
  bir.activation relu %w = %a latency 32
}}
"""

EXPECTED = {"warned": "warning", "refused": "error", "clean": None}


def gen(count):
    kinds = [WARNED, REFUSED, CLEAN]
    for i in range(count):
        sys.stdout.write(kinds[i % 3].format(i=i))


def function_lines(module):
    """Each function's name -> (first line, last line), 1-based."""
    spans, name, first = {}, None, 0
    for number, line in enumerate(open(module), 1):
        match = re.match(r"bir\.func @(\w+)", line)
        if match:
            name, first = match.group(1), number
        elif line.startswith("}") and name:
            spans[name] = (first, number)
            name = None
    return spans


def check(module, report):
    spans = function_lines(module)
    functions = json.load(open(report))
    problems = []
    for function in functions:
        name = function["function"]
        expected = EXPECTED[name.split("_")[0]]
        got = function["diagnostics"]
        severities = [d["severity"] for d in got]
        if severities != ([expected] if expected else []):
            problems.append(f"@{name}: {severities}, expected {expected}")
            continue
        for diagnostic in got:
            line = int(diagnostic["location"].split(":")[-2])
            first, last = spans[name]
            if not first <= line <= last:
                problems.append(f"@{name}: diagnostic at line {line}, "
                                f"outside lines {first}-{last}")
    if len(functions) != len(spans):
        problems.append(f"{len(functions)} functions reported, "
                        f"{len(spans)} in the module")
    for problem in problems:
        print(problem)
    print(f"{'FAIL' if problems else 'OK'}: {len(functions)} functions, "
          f"{sum(len(f['diagnostics']) for f in functions)} diagnostics")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]))
    else:
        sys.exit(check(sys.argv[2], sys.argv[3]))
