#!/usr/bin/env python3
"""Generates bir kernels of a given size for the psum-allocate scaling benchmark.

Usage:
  gen_kernels.py --kind {matmul,attention,mixed,unrolled} --size 10k --pressure {1,4}
                 [--functions N] [--seed S] [-o FILE]

The size counts instruction ops (bir.matmul, bir.activation, bir.tensor_copy,
bir.inst) over the whole module; loops and memlocs come on top. Output is a
pure function of (kind, size, pressure, functions, seed): the same arguments
give the same bytes.

A function is a sequence of *units* at top level. Each unit is a small loop
nest of its kind:

  matmul     tiled matmuls: K loops accumulating (`+=`) into rotating PSUM tile
             arrays `x T` indexed by the loop variable, drained by activations
             in a second loop; optional plain (overwritten) tiles and rotating
             plain arrays written in one loop and drained in another.
  attention  loop nests like examples/attention.mlir for 1-4 heads at once:
             score tiles `x NS` computed by one loop per head and consumed by
             the key loop `%j` (so all NS blocks are live, one bank each),
             exp, transposes via `bir.inst "transpose"` into one bank,
             accumulators `o +=` per head drained after the key loop.
  mixed      many small accumulation groups in one K loop, multi-bank
             accumulators and tiles ([128, 4096] = 2 banks per block), plain
             tiles drained by tensor_copy, transposes, and locations whose two
             halves are used at disjoint times (split candidates).
  unrolled   a fully unrolled tile pipeline: one function-wide PSUM array
             `u x N` with a block per tile (N grows with the size), each tile
             accumulated by 2-4 `+=` matmuls naming its constant block and
             drained 0-1 tiles later (pressure 1) or 2-3 (pressure 4), the
             block count rounded up to a multiple of 2 (4) so that the tiles
             live at once rotate over a divisor of it. The
             location has as many blocks and accesses as the function has
             tiles: what is per-location work must not be quadratic.

PSUM pressure: `--pressure P` aims at about 8*P banks live at once (8 banks on
gen2). Besides each unit's own tiles, "carried" plain tiles are opened by a
matmul before a unit and drained by an activation a few units later, topping
the live banks up to the target. Accumulation groups (unspillable) live at
once stay <= 6 banks, so allocation stays feasible at 4x pressure: the rest are
spillable plain tiles. Large sizes come from more units (and functions), not
from trip counts: trip counts stay <= 8.
"""

import argparse
import random
import sys

NUM_BANKS = 8
KINDS = ("matmul", "attention", "mixed", "unrolled")


def parse_size(text):
    text = text.strip().lower()
    mult = 1
    if text.endswith("k"):
        mult, text = 1000, text[:-1]
    elif text.endswith("m"):
        mult, text = 1000000, text[:-1]
    return int(float(text) * mult)


class Func:
    """Text of one bir.func, with unique names and an instruction count."""

    SBUF = (
        ('w', '[128, 1024] x 8'), ('x', '[128, 2048] x 8'),
        ('xb', '[128, 4096] x 8'), ('y', '[128, 2048] x 8'),
        ('yb', '[128, 4096] x 8'), ('qT', '[128, 256] x 8'),
        ('kT', '[128, 1024] x 8'), ('v', '[128, 1024] x 8'),
        ('p', '[128, 1024] x 8'), ('pTs', '[128, 1024]'),
        ('out', '[128, 256] x 8'),
    )

    def __init__(self, name, rng):
        self.rng = rng
        self.lines = ['bir.func @%s attributes {arch = #bir.arch<gen2>} {' % name]
        self.depth = 1
        self.insts = 0
        self.psum = 0
        self.counter = 0
        self.array_line = None  # where the unrolled array `u` is declared
        self.array_blocks = 0
        self.array_quantum = 1  # the block count is a multiple of it
        for sname, shape in self.SBUF:
            self.line('%%%s = bir.memloc "%s" sbuf %s' % (sname, sname, shape))

    # -- text ---------------------------------------------------------------
    def line(self, text):
        self.lines.append('  ' * self.depth + text)

    def inst(self, text):
        self.line(text)
        self.insts += 1

    def fresh(self, prefix):
        self.counter += 1
        return '%s%d' % (prefix, self.counter)

    def psum_loc(self, prefix, bytes_, blocks=1):
        name = self.fresh(prefix)
        shape = '[128, %d]' % bytes_ + (' x %d' % blocks if blocks > 1 else '')
        self.line('%%%s = bir.memloc "%s" psum %s' % (name, name, shape))
        self.psum += 1
        return name

    def loop(self, trip, prefix='i'):
        iv = self.fresh(prefix)
        self.line('bir.loop %%%s = 0 to %d {' % (iv, trip))
        self.depth += 1
        return iv

    def end(self):
        self.depth -= 1
        self.line('}')

    def array_block(self):
        """The next block of the function's unrolled tile array `u`, which
        finish() declares with as many blocks as were taken."""
        if self.array_line is None:
            self.array_line = len(self.lines)
            self.lines.append(None)
            self.psum += 1
        self.array_blocks += 1
        return self.array_blocks - 1

    def finish(self):
        if self.array_line is not None:
            # Rounded up so that the tiles live at once can rotate over a
            # divisor of the block count (the shrink factor divides it).
            q = self.array_quantum
            blocks = (self.array_blocks + q - 1) // q * q
            self.lines[self.array_line] = '  %%u = bir.memloc "u" psum [128, 2048]%s' % (
                ' x %d' % blocks if blocks > 1 else '')
        self.lines.append('}')
        return self.lines

    # -- access helpers -----------------------------------------------------
    @staticmethod
    def ap(loc, b0, b1, block=None):
        """`%loc[0:128, b0:b1(, block)]`; block is an int, an iv name or
        `iv + c`."""
        text = '%%%s[0:128, %d:%d' % (loc, b0, b1)
        if block is not None:
            text += ', %s' % (block if isinstance(block, int) else '%' + block)
        return text + ']'

    def sb(self):
        """A constant SBUF block."""
        return self.rng.randrange(8)


# ---------------------------------------------------------------------------
# Units. Each returns (emit, internal_banks, acc_banks): `emit(f)` writes the
# unit; internal_banks is its peak own PSUM demand, acc_banks the part that is
# accumulation groups.
# ---------------------------------------------------------------------------

def plain_tile(f, bytes_=2048):
    """A spillable tile written by an overwriting matmul; returns its name."""
    t = f.psum_loc('t', bytes_)
    src = 'xb' if bytes_ > 2048 else 'x'
    f.inst('bir.matmul %%%s = %s, %s latency 64' % (
        t, Func.ap('w', 0, 1024, f.sb()), Func.ap(src, 0, min(bytes_, 4096), f.sb())))
    return t


def drain_tile(f, t, bytes_=2048, how='activation', block=None):
    dst = 'yb' if bytes_ > 2048 else 'y'
    if how == 'copy':
        f.inst('bir.tensor_copy %s = %s latency 64' % (
            Func.ap(dst, 0, bytes_, f.sb()), Func.ap(t, 0, bytes_, block)))
    else:
        fn = f.rng.choice(('relu', 'gelu', 'silu', 'identity'))
        f.inst('bir.activation %s %s = %s latency 32' % (
            fn, Func.ap(dst, 0, bytes_, f.sb()), Func.ap(t, 0, bytes_, block)))


def unit_matmul(rng, pressure):
    acc_cap = 4 if pressure == 1 else 6
    # T rotating output tiles per accumulator, G accumulators sharing the K
    # loop. Drained in a second loop (all T live) or, sometimes, right after
    # the K loop under the same `%n` (the shrink factor makes it one bank).
    T = rng.choice((1, 2, 2, 4))
    same_all = T > 1 and rng.random() < 0.3
    per = 1 if same_all or T == 1 else T
    G = rng.randint(1, max(1, min(3, acc_cap // per)))
    groups = [rng.choice((1, 2, 4)) for _ in range(G)]  # unroll per k
    acc = G * per
    # Plain tiles co-live with the accumulators, and a rotating plain array.
    nplain = rng.randint(0, 1) if pressure == 1 else rng.randint(1, 3)
    rot = 0
    if pressure == 4 and rng.random() < 0.5:
        rot = rng.choice((2, 4))
    elif pressure == 1 and acc + nplain <= 4 and rng.random() < 0.3:
        rot = 2
    internal = acc + nplain + rot
    K = rng.randint(2, 8)
    M = rng.choice((1, 2))

    def emit(f):
        plains = [plain_tile(f) for _ in range(nplain)]
        rname = None
        if rot:
            rname = f.psum_loc('h', 2048, rot)
            r = f.loop(rot, 'r')
            f.inst('bir.matmul %s = %s, %s latency 64' % (
                Func.ap(rname, 0, 2048, r), Func.ap('w', 0, 1024, r),
                Func.ap('x', 0, 2048, r)))
            f.end()
        accs = [f.psum_loc('acc', 2048, T) for _ in groups]
        m = f.loop(M, 'm') if M > 1 else None
        n = f.loop(T, 'n') if T > 1 else None
        k = f.loop(K, 'k')
        for a, unroll in zip(accs, groups):
            width = 1024 // unroll
            for c in range(unroll):
                f.inst('bir.matmul %s += %s, %s latency 64' % (
                    Func.ap(a, 0, 2048, n), Func.ap('w', c * width, (c + 1) * width, k),
                    Func.ap('x', 0, 2048, k)))
        f.end()
        if n and same_all:
            for a in accs:
                f.inst('bir.activation relu %s = %s latency 32' % (
                    Func.ap('y', 0, 2048, n), Func.ap(a, 0, 2048, n)))
            f.end()
        elif n:
            f.end()
            d = f.loop(T, 'd')
            for a in accs:
                f.inst('bir.activation relu %s = %s latency 32' % (
                    Func.ap('y', 0, 2048, d), Func.ap(a, 0, 2048, d)))
            f.end()
        else:
            for a in accs:
                f.inst('bir.activation relu %s = %s latency 32' % (
                    Func.ap('y', 0, 2048, f.sb()), Func.ap(a, 0, 2048)))
        if m:
            f.end()
        if rname:
            d = f.loop(rot, 'd')
            f.inst('bir.activation gelu %s = %s latency 32' % (
                Func.ap('y', 0, 2048, d), Func.ap(rname, 0, 2048, d)))
            f.end()
        for t in plains:
            drain_tile(f, t)

    return emit, internal, acc


def unit_attention(rng, pressure):
    heads = 1 if pressure == 1 else rng.choice((2, 3, 4))
    NS = rng.choice((2, 4)) if pressure == 1 else rng.choice((2, 4, 4))
    Q = rng.choice((1, 2, 4))
    internal = heads * (NS + 2)
    acc = heads

    def emit(f):
        hs = []
        for _ in range(heads):
            s = f.psum_loc('s', 2048, NS)
            pT = f.psum_loc('pT', 2048)
            o = f.psum_loc('o', 512)
            hs.append((s, pT, o))
        q = f.loop(Q, 'q')
        # Score tiles of each head, one bank per block, rotating over `%a`.
        for s, _, _ in hs:
            a = f.loop(NS, 'a')
            f.inst('bir.matmul %s = %s, %s latency 128' % (
                Func.ap(s, 0, 2048, a), Func.ap('qT', 0, 256, q),
                Func.ap('kT', 0, 1024, a)))
            f.end()
        j = f.loop(NS, 'j')
        for s, pT, o in hs:
            f.inst('bir.activation exp %s = %s latency 64' % (
                Func.ap('p', 0, 1024, j), Func.ap(s, 0, 2048, j)))
            for c in range(4):
                f.inst('bir.inst "transpose" writes(%s) reads(%s) latency 40' % (
                    Func.ap(pT, c * 512, (c + 1) * 512),
                    Func.ap('p', c * 256, (c + 1) * 256, j)))
            f.inst('bir.activation identity %%pTs = %%%s latency 32' % pT)
            for c in range(4):
                f.inst('bir.matmul %%%s += %s, %s latency 32' % (
                    o, Func.ap('pTs', c * 256, (c + 1) * 256),
                    Func.ap('v', c * 256, (c + 1) * 256, j)))
        f.end()
        for s, _, o in hs:
            f.inst('bir.activation identity %s = %%%s latency 32' % (
                Func.ap('out', 0, 256, q), o))
        f.end()

    return emit, internal, acc


def unit_mixed(rng, pressure):
    acc_cap = 4 if pressure == 1 else 6
    parts = []
    acc = 0
    # Accumulation part: several small groups, or wide (2-bank) ones.
    if rng.random() < 0.5:
        G = rng.randint(2, acc_cap)
        parts.append(('many', G))
        acc = G
    else:
        T = 1 if pressure == 1 else rng.choice((1, 1, 2))
        parts.append(('wide', T))
        acc = 2 * T
    internal = acc
    # Plain parts, co-live with the accumulators.
    budget = (8 - acc - 1) if pressure == 1 else rng.randint(4, 12)
    for _ in range(rng.randint(0 if pressure == 1 else 1, 3)):
        choice = rng.choice(('wide_tile', 'tile', 'transpose', 'split'))
        cost = {'wide_tile': 2, 'tile': 1, 'transpose': 1, 'split': 2}[choice]
        if cost > budget:
            continue
        budget -= cost
        internal += cost
        parts.append((choice, cost))
    K = rng.randint(2, 8)

    def emit(f):
        opened = []
        for kind, _ in parts[1:]:
            if kind == 'wide_tile':
                opened.append(('wide_tile', plain_tile(f, 4096)))
            elif kind == 'tile':
                opened.append(('tile', plain_tile(f, 2048)))
            elif kind == 'transpose':
                t = f.psum_loc('tp', 1024)
                for c in range(2):
                    f.inst('bir.inst "transpose" writes(%s) reads(%s) latency 40' % (
                        Func.ap(t, c * 512, (c + 1) * 512),
                        Func.ap('x', c * 256, (c + 1) * 256, f.sb())))
                opened.append(('transpose', t))
            else:  # split: the low half now, the high half after the loop
                t = f.psum_loc('sp', 4096)
                f.inst('bir.matmul %s = %s, %s latency 64' % (
                    Func.ap(t, 0, 2048), Func.ap('w', 0, 1024, f.sb()),
                    Func.ap('x', 0, 2048, f.sb())))
                opened.append(('split', t))
        kind, count = parts[0]
        if kind == 'many':
            accs = [f.psum_loc('g', 512) for _ in range(count)]
            k = f.loop(K, 'k')
            for i, a in enumerate(accs):
                f.inst('bir.matmul %%%s += %s, %s latency 32' % (
                    a, Func.ap('w', (i % 4) * 256, (i % 4 + 1) * 256, k),
                    Func.ap('x', 0, 512, k)))
            f.end()
            for a in accs:
                f.inst('bir.activation silu %s = %%%s latency 16' % (
                    Func.ap('y', 0, 512, f.sb()), a))
        else:
            a = f.psum_loc('wa', 4096, count)
            n = f.loop(count, 'n') if count > 1 else None
            k = f.loop(K, 'k')
            f.inst('bir.matmul %s += %s, %s latency 128' % (
                Func.ap(a, 0, 4096, n), Func.ap('w', 0, 1024, k),
                Func.ap('xb', 0, 4096, k)))
            f.end()
            if n:
                f.end()
                d = f.loop(count, 'd')
                f.inst('bir.tensor_copy %s = %s latency 128' % (
                    Func.ap('yb', 0, 4096, d), Func.ap(a, 0, 4096, d)))
                f.end()
            else:
                f.inst('bir.tensor_copy %s = %s latency 128' % (
                    Func.ap('yb', 0, 4096, f.sb()), Func.ap(a, 0, 4096)))
        for kind, t in opened:
            if kind == 'wide_tile':
                drain_tile(f, t, 4096, 'copy')
            elif kind == 'tile':
                drain_tile(f, t, 2048)
            elif kind == 'transpose':
                f.inst('bir.activation identity %s = %s latency 32' % (
                    Func.ap('y', 0, 1024, f.sb()), Func.ap(t, 0, 1024)))
            else:
                f.inst('bir.activation relu %s = %s latency 32' % (
                    Func.ap('y', 0, 2048, f.sb()), Func.ap(t, 0, 2048)))
                f.inst('bir.matmul %s = %s, %s latency 64' % (
                    Func.ap(t, 2048, 4096), Func.ap('w', 0, 1024, f.sb()),
                    Func.ap('x', 0, 2048, f.sb())))
                f.inst('bir.activation relu %s = %s latency 32' % (
                    Func.ap('y', 0, 2048, f.sb()), Func.ap(t, 2048, 4096)))

    return emit, internal, acc


def unit_unrolled(rng, pressure):
    ahead = rng.randint(0, 1) if pressure == 1 else rng.randint(2, 3)
    tiles = rng.randint(ahead + 1, ahead + 4)
    K = rng.randint(2, 4)

    def emit(f):
        f.array_quantum = max(f.array_quantum, 4 if pressure == 4 else 2)
        blocks = []
        for _ in range(tiles):
            b = f.array_block()
            blocks.append(b)
            for _ in range(K):
                f.inst('bir.matmul %s += %s, %s latency 64' % (
                    Func.ap('u', 0, 2048, b), Func.ap('w', 0, 1024, f.sb()),
                    Func.ap('x', 0, 2048, f.sb())))
            if len(blocks) > ahead:
                drain_tile(f, 'u', block=blocks.pop(0))
        for b in blocks:
            drain_tile(f, 'u', block=b)

    return emit, ahead + 1, ahead + 1


UNITS = {'matmul': unit_matmul, 'attention': unit_attention, 'mixed': unit_mixed,
         'unrolled': unit_unrolled}


def gen_function(name, kind, pressure, budget, rng):
    """One function of about `budget` instructions."""
    f = Func(name, rng)
    carried = []  # [name, bytes, banks, units left]
    wide = kind == 'mixed'
    while True:
        emit, internal, _ = UNITS[kind](rng, pressure)
        target = NUM_BANKS * pressure + rng.choice((-1, 0, 0, 1))
        # Retire expired carried tiles, then top up to the target.
        for c in carried:
            c[3] -= 1
        keep = []
        for c in carried:
            if c[3] <= 0:
                drain_tile(f, c[0], c[1])
            else:
                keep.append(c)
        carried = keep
        live = internal + sum(c[2] for c in carried)
        while live > target and carried:
            c = carried.pop(0)
            drain_tile(f, c[0], c[1])
            live -= c[2]
        while live < target:
            bytes_ = 4096 if wide and live + 2 <= target and rng.random() < 0.3 else 2048
            t = plain_tile(f, bytes_)
            banks = bytes_ // 2048
            carried.append([t, bytes_, banks, rng.randint(2, 6)])
            live += banks
        emit(f)
        if f.insts >= budget:
            break
    for c in carried:
        drain_tile(f, c[0], c[1])
    return f


def generate(kind, size, pressure, functions, seed, out):
    rng = random.Random('%s/%s/%d/%d/%d' % (seed, kind, size, pressure, functions))
    per = max(1, size // functions)
    total_insts = total_psum = 0
    bodies = []
    for i in range(functions):
        budget = per if i < functions - 1 else max(1, size - total_insts)
        f = gen_function('%s_%d' % (kind, i), kind, pressure, budget, rng)
        total_insts += f.insts
        total_psum += f.psum
        bodies.append(f.finish())
    out.write('// generated by bench/gen_kernels.py --kind %s --size %d --pressure %d '
              '--functions %d --seed %s\n' % (kind, size, pressure, functions, seed))
    out.write('// instructions: %d, psum locations: %d, functions: %d\n' % (
        total_insts, total_psum, functions))
    for body in bodies:
        out.write('\n'.join(body))
        out.write('\n')
    return total_insts, total_psum


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--kind', choices=KINDS, required=True)
    ap.add_argument('--size', required=True, help='instructions: 1000, 10k, 1M, ...')
    ap.add_argument('--pressure', type=int, choices=(1, 4), default=1,
                    help='live PSUM banks relative to the 8 banks (1 or 4)')
    ap.add_argument('--functions', type=int, default=1,
                    help='split the size over this many functions in one module')
    ap.add_argument('--seed', default='1')
    ap.add_argument('-o', '--output', default='-')
    args = ap.parse_args()
    size = parse_size(args.size)
    out = sys.stdout if args.output == '-' else open(args.output, 'w')
    insts, psum = generate(args.kind, size, args.pressure, args.functions,
                           args.seed, out)
    if out is not sys.stdout:
        out.close()
    print('%s: %d instructions, %d psum locations' % (args.output, insts, psum),
          file=sys.stderr)


if __name__ == '__main__':
    main()
