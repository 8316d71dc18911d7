#!/usr/bin/env python3
"""A sliding window of one-bank tensors, 64 live at once on 64 banks, with
banks given: t<i> on bank i mod 64. Each tensor overlaps 126 others, so the
interference graph keeps them as dense nodes (the path of psum-allocate's
check of given banks that lists no edges).

  sliding_given_banks.py               consistent: t<i> is written after the
                                       last read of t<i - 64>
  sliding_given_banks.py --clash K     t<K> moved onto the bank of t<K - 1>,
                                       still live
  sliding_given_banks.py --handoff     t<i> written by the instruction that
                                       last reads t<i - 64>: live ranges are
                                       closed, so both hold the bank there
"""

import sys

COUNT, WINDOW = 200, 64


def main():
    clash = int(sys.argv[2]) if sys.argv[1:2] == ["--clash"] else None
    handoff = sys.argv[1:2] == ["--handoff"]
    print("bir.func @sliding attributes {arch = #bir.arch<gen2, banks = 64>} {")
    print('  %w = bir.memloc "w" sbuf [128, 2048]')
    for i in range(COUNT):
        bank = (i - 1 if i == clash else i) % WINDOW
        print(f'  %t{i} = bir.memloc "t{i}" psum [128, 2048] '
              f'{{banks = array<i64: {bank}>, base_bank = {bank} : i64}}')
    for step in range(COUNT + WINDOW - 1):
        old = step - WINDOW + 1
        if handoff and WINDOW <= step < COUNT:
            print(f'  bir.inst "hand" writes(%t{step}) reads(%t{step - WINDOW}) '
                  "latency 32")
        elif step < COUNT:
            print(f"  bir.matmul %t{step} = %w, %w latency 64")
        # With hand-offs only the last window is read by activations.
        if old >= (COUNT - WINDOW if handoff else 0):
            print(f"  bir.activation relu %w = %t{old} latency 32")
    print("}")


main()
