#!/usr/bin/env python3
"""Shapes that once grew quadratically, for bench/run.py's scaling table.

  gen_scaling_shapes.py --shape tile-in-nest --size 16000 [--depth 16] -o k.mlir
  gen_scaling_shapes.py --shape inner-rewritten --size 64000 -o k.mlir

tile-in-nest: one tile array of 4 blocks, written and read SIZE times as
`t[%j]` in the body of a `%j` loop inside DEPTH loops of two iterations
(psum-allocate's live blocks and sweeps walked every access per read).
prefetch-body: a tile array of 5 blocks whose `%j` loop body writes
`t[%j + 1]` SIZE / 2 times, then reads `t[%j]` SIZE / 2 times (each read
walked back over every write of the other block).
read-then-halves: a tile array of 4 blocks written whole, then a `%j`
loop whose body reads `t[%j]` and writes its partition halves, SIZE / 3
times (each read walked back over every write of the body).
many-arrays: SIZE / 2 tile arrays of 4 blocks, each written and read once
as `t_i[%j]` in one `%j` loop body (the checker, `verify=true`, walked the
body once per array and kept every array live across all of it).
inner-rewritten: SIZE / 3 tile arrays, each written `acc[%n]` in an N loop
inside a K loop, then drained by a loop of its own (the checker,
`verify=true`, kept each array live back to the function's entry).
many-live: SIZE / 2 one-bank tiles all written, then all drained, so
that every pair of them interferes (quadratic in every heuristic until
session 42: docs/PsumAllocate.md, Interference and demand).
pieces: one 8-bank tile written as about SIZE pieces per iteration, then
read (bench/gen_pieces.py, the session-28 audit's F5).
wide-split: a two-bank tile whose halves are used apart (split cuts it),
the upper half written by one instruction as SIZE / 2 slices and read by
another (split rebuilt an instruction's patterns per slice).
plain-blocks: a tile array of 8 constant blocks written and read SIZE / 2
times each, never summed into (the unspillable test compared every write
with every read).
loops-indexing: a tile array of 4 blocks written and read as `t[%i]` in
SIZE / 2 sibling loops (the checker, `verify=true`, went over every use
of the array in each loop).
wide-spill: nine one-bank tiles, one spilled, each read by one instruction
as SIZE / 9 slices (the checker walked an instruction's accesses once per
operand).
bench/NOTES.md, sessions 39 and 40, has the times before and after;
`bench/run.py` times every shape (`--shapes`).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_pieces  # noqa: E402

SHAPES = ['tile-in-nest', 'prefetch-body', 'read-then-halves', 'many-arrays',
          'inner-rewritten', 'many-live', 'pieces', 'wide-split',
          'plain-blocks', 'loops-indexing', 'wide-spill']
SLICES_HEADER = ('  %x = bir.memloc "x" sbuf [128, 2048]\n'
                 '  %y = bir.memloc "y" sbuf [128, 4096]\n')
FILL = 'bir.inst "fill" writes({dst}) reads(%x[0:128, 0:4]) latency 8'
DRAIN_INST = 'bir.inst "drain" writes(%y[0:128, 0:4]) reads({src}) latency 8'

HEADER = ('  %w = bir.memloc "w" sbuf [128, 1024] x 8\n'
          '  %x = bir.memloc "x" sbuf [128, 2048] x 8\n'
          '  %y = bir.memloc "y" sbuf [128, 2048] x 8\n')
MATMUL = 'bir.matmul {dst} = %w[0:128, 0:1024, 1], %x[0:128, 0:2048, 2] latency 64'
DRAIN = 'bir.activation relu %y[0:128, 0:2048, 3] = {src} latency 32'


def tile_in_nest(size, depth, out):
    out.write('bir.func @tile_in_nest attributes {arch = #bir.arch<gen2>} {\n')
    out.write(HEADER)
    out.write('  %t = bir.memloc "t" psum [128, 2048] x 4\n')
    indent = '  '
    for level in range(depth):
        out.write(f'{indent}bir.loop %i{level} = 0 to 2 {{\n')
        indent += '  '
    out.write(f'{indent}bir.loop %j = 0 to 4 {{\n')
    block = '%t[0:128, 0:2048, %j]'
    for _ in range(size // 2):
        out.write(f'{indent}  {MATMUL.format(dst=block)}\n')
        out.write(f'{indent}  {DRAIN.format(src=block)}\n')
    for level in range(depth + 1):
        indent = indent[:-2] if level else indent
        out.write(f'{indent}}}\n')
    out.write('}\n')


def prefetch_body(size, out):
    out.write('bir.func @prefetch_body attributes {arch = #bir.arch<gen2>} {\n')
    out.write(HEADER)
    out.write('  %t = bir.memloc "t" psum [128, 2048] x 5\n')
    out.write('  bir.loop %i = 0 to 2 {\n')
    out.write(f'    {MATMUL.format(dst="%t[0:128, 0:2048, 0]")}\n')
    out.write('    bir.loop %j = 0 to 4 {\n')
    for _ in range(size // 2):
        out.write(f'      {MATMUL.format(dst="%t[0:128, 0:2048, %j + 1]")}\n')
    for _ in range(size // 2):
        out.write(f'      {DRAIN.format(src="%t[0:128, 0:2048, %j]")}\n')
    out.write('    }\n')
    out.write(f'    {DRAIN.format(src="%t[0:128, 0:2048, 4]")}\n')
    out.write('  }\n}\n')


def read_then_halves(size, out):
    out.write('bir.func @read_then_halves attributes {arch = #bir.arch<gen2>} {\n')
    out.write(HEADER)
    out.write('  %t = bir.memloc "t" psum [128, 2048] x 4\n')
    out.write(f'  {MATMUL.format(dst="%t")}\n')
    out.write('  bir.loop %j = 0 to 4 {\n')
    for _ in range(size // 3):
        out.write(f'    {DRAIN.format(src="%t[0:128, 0:2048, %j]")}\n')
        out.write(f'    {MATMUL.format(dst="%t[0:64, 0:2048, %j]")}\n')
        out.write(f'    {MATMUL.format(dst="%t[64:128, 0:2048, %j]")}\n')
    out.write('  }\n')
    out.write(f'  {DRAIN.format(src="%t[0:128, 0:2048, 3]")}\n')
    out.write('}\n')


def begin_arrays(out, name, prefix, arrays):
    """The function's head and `arrays` tile arrays of 4 blocks."""
    out.write(f'bir.func @{name} attributes {{arch = #bir.arch<gen2>}} {{\n')
    out.write(HEADER)
    for a in range(arrays):
        out.write(f'  %{prefix}{a} = bir.memloc "{prefix}{a}" psum [128, 2048] x 4\n')


def many_arrays(size, out):
    arrays = max(1, size // 2)
    begin_arrays(out, 'many_arrays', 't', arrays)
    out.write('  bir.loop %j = 0 to 4 {\n')
    for a in range(arrays):
        block = f'%t{a}[0:128, 0:2048, %j]'
        out.write(f'    {MATMUL.format(dst=block)}\n')
        out.write(f'    {DRAIN.format(src=block)}\n')
    out.write('  }\n}\n')


def inner_rewritten(size, out):
    arrays = max(1, size // 3)
    begin_arrays(out, 'inner_rewritten', 'acc', arrays)
    for a in range(arrays):
        block = f'%acc{a}[0:128, 0:2048, %n{a}]'
        out.write(f'  bir.loop %k{a} = 0 to 8 {{\n')
        out.write(f'    bir.loop %n{a} = 0 to 4 {{\n')
        out.write(f'      {MATMUL.format(dst=block)}\n')
        out.write('    }\n  }\n')
        out.write(f'  bir.loop %d{a} = 0 to 4 {{\n')
        out.write(f'    {DRAIN.format(src=f"%acc{a}[0:128, 0:2048, %d{a}]")}\n')
        out.write('  }\n')
    out.write('}\n')


def many_live(size, out):
    tiles = max(1, size // 2)
    out.write('bir.func @many_live attributes {arch = #bir.arch<gen2>} {\n')
    out.write(HEADER)
    for t in range(tiles):
        out.write(f'  %t{t} = bir.memloc "t{t}" psum [128, 2048]\n')
        out.write(f'  {MATMUL.format(dst=f"%t{t}")}\n')
    for t in range(tiles):
        out.write(f'  {DRAIN.format(src=f"%t{t}")}\n')
    out.write('}\n')


def pieces(size, out):
    """The largest piece count gen_pieces takes (16 x 2^k) not above SIZE."""
    count = 16
    while count * 2 <= min(size, 16 * 16384):
        count *= 2
    gen_pieces.generate(count, False, out)


def slices(name, count, first_byte=0):
    """`count` slices of one bank of `name`: one partition by a run of bytes
    each."""
    per = max(1, count // 128)
    width = 2048 // per
    return ', '.join(f'%{name}[{p}:{p + 1}, {first_byte + b * width}:'
                     f'{first_byte + (b + 1) * width}]'
                     for p in range(128) for b in range(per))


def wide_split(size, out):
    out.write('bir.func @wide_split attributes {arch = #bir.arch<gen2>} {\n')
    out.write(SLICES_HEADER)
    out.write('  %t = bir.memloc "t" psum [128, 4096]\n')
    out.write(f'  {FILL.format(dst="%t[0:128, 0:2048]")}\n')
    out.write(f'  {DRAIN_INST.format(src="%t[0:128, 0:2048]")}\n')
    upper = slices('t', size // 2, first_byte=2048)
    out.write(f'  {FILL.format(dst=upper)}\n')
    out.write(f'  {DRAIN_INST.format(src=upper)}\n')
    out.write('}\n')


def plain_blocks(size, out):
    out.write('bir.func @plain_blocks attributes {arch = #bir.arch<gen2>} {\n')
    out.write(HEADER)
    out.write('  %t = bir.memloc "t" psum [128, 2048] x 8\n')
    writes = size // 2
    for i in range(writes):
        out.write(f'  {MATMUL.format(dst=f"%t[0:128, 0:2048, {i % 8}]")}\n')
        if i >= 2:
            out.write(f'  {DRAIN.format(src=f"%t[0:128, 0:2048, {(i - 2) % 8}]")}\n')
    for i in range(max(0, writes - 2), writes):
        out.write(f'  {DRAIN.format(src=f"%t[0:128, 0:2048, {i % 8}]")}\n')
    out.write('}\n')


def loops_indexing(size, out):
    out.write('bir.func @loops_indexing attributes {arch = #bir.arch<gen2>} {\n')
    out.write(HEADER)
    out.write('  %t = bir.memloc "t" psum [128, 2048] x 4\n')
    for r in range(max(1, size // 2)):
        block = f'%t[0:128, 0:2048, %i{r}]'
        out.write(f'  bir.loop %i{r} = 0 to 4 {{\n')
        out.write(f'    {MATMUL.format(dst=block)}\n')
        out.write(f'    {DRAIN.format(src=block)}\n')
        out.write('  }\n')
    out.write('}\n')


def wide_spill(size, out):
    out.write('bir.func @wide_spill attributes {arch = #bir.arch<gen2>} {\n')
    out.write(SLICES_HEADER)
    for t in range(9):
        out.write(f'  %t{t} = bir.memloc "t{t}" psum [128, 2048]\n')
    for t in range(9):
        out.write(f'  {FILL.format(dst=f"%t{t}")}\n')
    for t in range(9):
        out.write(f'  {DRAIN_INST.format(src=slices(f"t{t}", size // 9))}\n')
    out.write('}\n')


def generate(shape, size, depth, out):
    if shape == 'tile-in-nest':
        tile_in_nest(size, depth, out)
        return
    generators = {
        'prefetch-body': prefetch_body, 'read-then-halves': read_then_halves,
        'many-arrays': many_arrays, 'inner-rewritten': inner_rewritten,
        'many-live': many_live, 'pieces': pieces, 'wide-split': wide_split,
        'plain-blocks': plain_blocks, 'loops-indexing': loops_indexing,
        'wide-spill': wide_spill,
    }
    generators[shape](size, out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--shape', required=True, choices=SHAPES)
    parser.add_argument('--size', type=int, required=True,
                        help='instructions, about')
    parser.add_argument('--depth', type=int, default=16,
                        help='loops around the tile loop (tile-in-nest)')
    parser.add_argument('-o', '--output', default='-')
    args = parser.parse_args()
    out = sys.stdout if args.output == '-' else open(args.output, 'w')
    generate(args.shape, args.size, args.depth, out)


if __name__ == '__main__':
    main()
