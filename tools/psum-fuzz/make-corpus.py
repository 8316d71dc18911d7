#!/usr/bin/env python3
"""Seed corpus for psum-fuzz: every .mlir file of test/ and examples/, split
on `// -----`, one input per piece. Pieces of a file whose RUN lines pass
options to --psum-allocate are added a second time with those options as the
first line (`// psum-allocate: ...`, see psum-fuzz.cpp), without the options
the fuzzer refuses (report, trace). Also 60 random functions from
`psum-check --emit` and the examples in generic form when the tools are given.

  make-corpus.py OUT_DIR [--psum-check BIN] [--psum-opt BIN]
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def write(out, text):
    name = hashlib.sha1(text.encode()).hexdigest()
    with open(os.path.join(out, name), "w") as f:
        f.write(text)


def main():
    out = sys.argv[1]
    # The seed is generated: what an earlier version wrote must not linger.
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    count = 0
    for top in ("test", "examples"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for file in sorted(files):
                if not file.endswith(".mlir"):
                    continue
                text = open(os.path.join(dirpath, file)).read()
                # A known open failure (XFAIL) would stop every fuzz run.
                if re.search(r"^//\s*XFAIL:", text, flags=re.M):
                    continue
                option_sets = set()
                for m in re.finditer(r'--psum-allocate="([^"]*)"', text):
                    words = [w for w in m.group(1).split()
                             if not w.startswith(("report=", "trace=", "verify="))]
                    if words:
                        option_sets.add(" ".join(words))
                pieces = re.split(r"^// -----\s*$", text, flags=re.M)
                for piece in pieces:
                    # RUN / CHECK lines are noise for the fuzzer.
                    body = "\n".join(l for l in piece.splitlines()
                                     if not re.match(r"\s*//\s*(RUN|CHECK|[A-Z0-9-]+:)", l))
                    body = body.strip() + "\n"
                    if not body.strip():
                        continue
                    write(out, body)
                    count += 1
                    for options in sorted(option_sets):
                        write(out, "// psum-allocate: %s\n%s" % (options, body))
                        count += 1
    if "--psum-check" in sys.argv:
        tool = sys.argv[sys.argv.index("--psum-check") + 1]
        # Seeds 41 to 50 with pinned locations and half of them with a
        # reserved bank, 51 to 60 with ranges moving with loops, which few
        # other inputs have.
        for seed in range(1, 61):
            pins = (["--pins", "20", "--reserved", "50"] if 40 < seed <= 50 else
                    ["--moving-slices", "50", "--partition-slices", "30"] if seed > 50 else [])
            text = subprocess.run([tool, "--count", "1", "--seed", str(seed), "--emit"] + pins,
                                  check=True, capture_output=True, text=True).stdout
            write(out, text)
            count += 1
    if "--psum-opt" in sys.argv:
        tool = sys.argv[sys.argv.index("--psum-opt") + 1]
        for example in sorted(os.listdir(os.path.join(ROOT, "examples"))):
            if example.endswith(".mlir"):
                text = subprocess.run([tool, "--mlir-print-op-generic",
                                       os.path.join(ROOT, "examples", example)],
                                      check=True, capture_output=True, text=True).stdout
                write(out, text)
                count += 1
    print("%d corpus inputs in %s" % (count, out))


if __name__ == "__main__":
    main()
