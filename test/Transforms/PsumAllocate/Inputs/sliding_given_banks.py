#!/usr/bin/env python3
"""A sliding window of one-bank tensors, 64 live at once on 64 banks, with
banks given: t<i> on bank i mod 64 (consistent), or with `--clash K` t<K>
moved onto the bank of t<K - 1>, which is still live. Each tensor overlaps
126 others, so the interference graph keeps them as dense nodes (the path
of psum-allocate's check of given banks that lists no edges).

  sliding_given_banks.py [--clash K] > module.mlir
"""

import sys

COUNT, WINDOW = 200, 64


def main():
    clash = int(sys.argv[2]) if len(sys.argv) > 2 else None
    print("bir.func @sliding attributes {arch = #bir.arch<gen2, banks = 64>} {")
    print('  %w = bir.memloc "w" sbuf [128, 2048]')
    for i in range(COUNT):
        bank = (i - 1 if i == clash else i) % WINDOW
        print(f'  %t{i} = bir.memloc "t{i}" psum [128, 2048] '
              f'{{banks = array<i64: {bank}>, base_bank = {bank} : i64}}')
    for step in range(COUNT + WINDOW - 1):
        if step < COUNT:
            print(f"  bir.matmul %t{step} = %w, %w latency 64")
        if step >= WINDOW - 1:
            print(f"  bir.activation relu %w = %t{step - WINDOW + 1} latency 32")
    print("}")


main()
