#!/usr/bin/env python3
"""One 8-bank PSUM tile written as N pieces per loop iteration, then read.

  gen_pieces.py --pieces 32768 [--accumulate] -o k.mlir

The scaling audit's shape F5 (bench/NOTES.md): a tile of 128 partitions x
16 KiB written as bands of 8 partitions, each cut into N / 16 byte ranges,
by plain writes or, with --accumulate, by `+=` matmuls that each start a
group. Every piece is a test of what came before it on the same tile.
"""
import argparse
import sys


def generate(pieces, accumulate, out):
    bands = 16
    if pieces % bands or 16384 % (pieces // bands):
        sys.exit("gen_pieces.py: --pieces must be 16 times a divisor of 16384")
    per_band = pieces // bands
    width = 16384 // per_band
    out.write('bir.func @pieces attributes {arch = #bir.arch<gen2>} {\n')
    out.write('  %w = bir.memloc "w" sbuf [128, 128]\n')
    out.write('  %x = bir.memloc "x" sbuf [128, 2048]\n')
    out.write('  %t = bir.memloc "t" psum [128, 16384]\n')
    out.write('  %y = bir.memloc "y" sbuf [128, 16384]\n')
    out.write('  bir.loop %i = 0 to 4 {\n')
    for band in range(bands):
        p0, p1 = band * 8, band * 8 + 8
        for piece in range(per_band):
            b0, b1 = piece * width, piece * width + width
            if accumulate:
                out.write(f'    bir.matmul %t[{p0}:{p1}, {b0}:{b1}] += %w, %x '
                          'latency 1\n')
            else:
                out.write(f'    bir.inst "fill" writes(%t[{p0}:{p1}, {b0}:{b1}])'
                          ' reads(%x[0:128, 0:4]) latency 1\n')
    out.write('    bir.activation relu %y = %t latency 16\n')
    out.write('  }\n}\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--pieces', type=int, required=True)
    parser.add_argument('--accumulate', action='store_true')
    parser.add_argument('-o', dest='out', default='-')
    args = parser.parse_args()
    out = sys.stdout if args.out == '-' else open(args.out, 'w')
    generate(args.pieces, args.accumulate, out)


if __name__ == '__main__':
    main()
