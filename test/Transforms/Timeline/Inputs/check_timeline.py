#!/usr/bin/env python3
"""Checks a psum-timeline picture (an SVG file, or an HTML page of SVGs).

* every SVG is well-formed XML with an <svg> root in the SVG namespace;
* every bar (<g class="bar">) names its tensor, a non-empty list of banks
  below the function's bank count, a live range def <= use, and has one
  <rect class="cell"> per bank and a <title>;
* bars of tensors live at the same time (closed intervals [def, use] that
  overlap) sit on disjoint banks;
* the peak marker and every spill marker name points inside the picture.

Prints one line per function:
  OK @<function>: <bars> bars, <saves> saves, <reloads> reloads, <loops> loops, peak <banks> at <point>
and exits non-zero (after printing every problem) if a check fails.
"""

import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def classes(element):
    return element.get("class", "").split()


def check_svg(root, where, problems):
    if root.tag != SVG + "svg":
        problems.append(f"{where}: root is <{root.tag}>, not an SVG <svg>")
        return None
    function = root.get("data-function", "?")
    num_banks = int(root.get("data-num-banks"))
    points = int(root.get("data-points"))
    bars = []
    for g in root.iter(SVG + "g"):
        if "bar" not in classes(g):
            continue
        name = g.get("data-tensor")
        banks = [int(b) for b in g.get("data-banks", "").split()]
        live = (int(g.get("data-def")), int(g.get("data-use")))
        if not name:
            problems.append(f"@{function}: a bar without data-tensor")
        if not banks:
            problems.append(f"@{function}: bar {name} has no banks")
        if any(b < 0 or b >= num_banks for b in banks):
            problems.append(f"@{function}: bar {name} has banks {banks} "
                            f"outside 0..{num_banks - 1}")
        if not (0 <= live[0] <= live[1] < points):
            problems.append(f"@{function}: bar {name} has live range {live}")
        cells = sorted(int(r.get("data-bank")) for r in g.iter(SVG + "rect")
                       if "cell" in classes(r))
        if cells != sorted(banks):
            problems.append(f"@{function}: bar {name} draws cells on banks "
                            f"{cells}, data-banks says {banks}")
        if g.find(SVG + "title") is None:
            problems.append(f"@{function}: bar {name} has no <title>")
        bars.append((name, set(banks), live))
    for i, (a, banks_a, live_a) in enumerate(bars):
        for b, banks_b, live_b in bars[i + 1:]:
            colive = live_a[0] <= live_b[1] and live_b[0] <= live_a[1]
            if colive and banks_a & banks_b:
                problems.append(
                    f"@{function}: {a} {list(live_a)} and {b} {list(live_b)} "
                    f"are live at the same time on bank(s) "
                    f"{sorted(banks_a & banks_b)}")
    spills = {"save": 0, "reload": 0}
    loops = 0
    peak = None
    for g in root.iter(SVG + "g"):
        cls = classes(g)
        if "spill" in cls:
            spills[g.get("data-kind")] += 1
            if not 0 <= int(g.get("data-at")) < points:
                problems.append(f"@{function}: spill marker at {g.get('data-at')}")
        if "loop" in cls:
            loops += 1
        if "peak" in cls:
            peak = (int(g.get("data-banks")), int(g.get("data-point")))
            if not 0 <= peak[1] < max(points, 1):
                problems.append(f"@{function}: peak marker at {peak[1]}")
    if peak is None:
        problems.append(f"@{function}: no peak marker")
        peak = (0, 0)
    return (f"OK @{function}: {len(bars)} bars, {spills['save']} saves, "
            f"{spills['reload']} reloads, {loops} loops, "
            f"peak {peak[0]} at {peak[1]}")


def main():
    problems = []
    lines = []
    for path in sys.argv[1:]:
        text = open(path, encoding="utf-8").read()
        if path.endswith(".html"):
            # The page itself is HTML; each drawing in it must be valid SVG.
            documents = re.findall(r"<svg\b.*?</svg>", text, re.S)
            if not documents:
                problems.append(f"{path}: no <svg> in the page")
        else:
            documents = [text]
        for index, document in enumerate(documents):
            where = f"{path}#{index}"
            try:
                root = ET.fromstring(document.encode("utf-8"))
            except ET.ParseError as error:
                problems.append(f"{where}: not well-formed XML: {error}")
                continue
            line = check_svg(root, where, problems)
            if line:
                lines.append(line)
    for line in lines:
        print(line)
    for problem in problems:
        print("error:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
