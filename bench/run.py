#!/usr/bin/env python3
"""Measures psum-allocate against the baseline (parse, verify, print) and
writes docs/performance.md. Normally started by bench/run.sh, which builds
psum-opt first; see that script for the one command.

For each size x kind x pressure it runs, interleaved:
  baseline  psum-opt FILE -o /dev/null
  allocate  psum-opt FILE --psum-allocate -o /dev/null
and records the median wall time, the median CPU time (user + sys) and the
peak RSS (/usr/bin/time %M) of the runs. Then the 1,000-function modules (pressure 1 and 4) with
--mlir-disable-threading vs default threading, the phase micro-benchmark
(psum-bench-phases) and a perf profile of a mid-size case. Last, the
scaling shapes (bench/gen_scaling_shapes.py): inputs that once grew
quadratically, at a few sizes, with their growth exponents.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GEN = os.path.join(HERE, 'gen_kernels.py')
GEN_SHAPES = os.path.join(HERE, 'gen_scaling_shapes.py')
# shape:mode; mode `verify` adds the checker (verify=true), which those
# shapes once made quadratic.
SHAPES = ('tile-in-nest:allocate,prefetch-body:allocate,read-then-halves:allocate,'
          'many-arrays:verify,inner-rewritten:verify,pieces:verify,wide-split:allocate,'
          'plain-blocks:allocate,loops-indexing:verify,wide-spill:verify,many-live:allocate')
SHAPE_OPTIONS = {'allocate': '', 'verify': 'verify=true'}
KINDS = ('matmul', 'attention', 'mixed', 'unrolled')
# 1M cases in the order they run while the budget lasts: both pressures early.
PRIORITY_1M = (('matmul', 1), ('mixed', 4), ('attention', 1), ('matmul', 4),
               ('mixed', 1), ('attention', 4))


def parse_size(text):
    text = text.strip().lower()
    if text.endswith('k'):
        return int(float(text[:-1]) * 1000)
    if text.endswith('m'):
        return int(float(text[:-1]) * 1000000)
    return int(text)


def size_label(n):
    if n >= 1000000 and n % 1000000 == 0:
        return '%dM' % (n // 1000000)
    if n >= 1000 and n % 1000 == 0:
        return '%dk' % (n // 1000)
    return str(n)


def log(msg):
    print('[bench %s] %s' % (time.strftime('%H:%M:%S'), msg), file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------

def kernel(work, kind, size, pressure, functions=1, seed='1'):
    """Generates (or reuses) a kernel; returns (path, instructions, psum locs)."""
    name = '%s-%s-p%d%s-s%s.mlir' % (kind, size_label(size), pressure,
                                      '-f%d' % functions if functions > 1 else '',
                                      seed)
    path = os.path.join(work, name)
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(GEN):
        log('generating %s' % name)
        subprocess.run([sys.executable, GEN, '--kind', kind, '--size', str(size),
                        '--pressure', str(pressure), '--functions', str(functions),
                        '--seed', seed, '-o', path + '.tmp'],
                       check=True, stderr=subprocess.DEVNULL)
        os.replace(path + '.tmp', path)
    with open(path) as f:
        f.readline()
        m = re.search(r'instructions: (\d+), psum locations: (\d+)', f.readline())
    return path, int(m.group(1)), int(m.group(2))


def shape_kernel(work, shape, size):
    """Generates (or reuses) a scaling shape; returns (path, instructions)."""
    path = os.path.join(work, 'shape-%s-%s.mlir' % (shape, size_label(size)))
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(GEN_SHAPES):
        log('generating %s' % os.path.basename(path))
        subprocess.run([sys.executable, GEN_SHAPES, '--shape', shape, '--size', str(size),
                        '-o', path + '.tmp'], check=True)
        os.replace(path + '.tmp', path)
    op = re.compile(r'\s*bir\.(?!memloc|loop|func)')
    with open(path) as f:
        return path, sum(1 for line in f if op.match(line))


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, wall=None, cpu=None, rss_mb=None, status='ok', error=''):
        self.wall, self.cpu, self.rss_mb = wall, cpu, rss_mb
        self.status, self.error = status, error


def run_once(cmd, timeout):
    with tempfile.NamedTemporaryFile('r', suffix='.time') as tf:
        start = time.perf_counter()
        proc = subprocess.Popen(['/usr/bin/time', '-f', '%M %U %S', '-o', tf.name] + cmd,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True)
        try:
            _, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return Run(status='timeout')
        wall = time.perf_counter() - start
        timing = tf.read()
        text = timing.split()
    if proc.returncode != 0:
        err = err.decode(errors='replace')
        m = re.search(r'terminated by signal (\d+)', timing)
        if m or 'Stack dump:' in err:
            frames = []
            for line in err.splitlines():
                f = re.match(r'\s*#\d+ 0x[0-9a-f]+ (.+?) (\(/|[A-Za-z]\w*\.cpp:)', line)
                if f and not re.match(r'(llvm::sys::|\(/|_start|__libc)', f.group(1)):
                    frames.append(re.match(r'((?:\(anonymous namespace\)::)?[^(]*)',
                                           f.group(1)).group(1))
            where = ''
            if frames:
                common = max(set(frames), key=frames.count)
                if frames.count(common) > 50:
                    where = ('%s, recursing (%d+ frames: stack overflow)'
                             % (common, frames.count(common)))
                else:
                    where = frames[0]
            sig = m.group(1) if m else '?'
            return Run(status='crashed',
                       error='crash (signal %s)%s' % (sig, ' in ' + where if where else ''))
        first = next((l for l in err.splitlines() if 'error' in l), err.strip()[:200])
        return Run(status='failed', error=first[:300])
    # /usr/bin/time may prefix "Command exited..." lines; the last 3 fields.
    rss_kb, user, sys_ = text[-3:]
    return Run(wall, float(user) + float(sys_), int(rss_kb) / 1024.0)


def reps_for(seconds, max_reps):
    if seconds < 1:
        n = 5
    elif seconds < 15:
        n = 3
    else:
        n = 1
    return min(n, max_reps)


class Result:
    FIELDS = ('status', 'error', 'n', 'wall', 'cpu', 'rss', 'walls')

    @classmethod
    def from_dict(cls, d):
        r = cls.__new__(cls)
        for f in cls.FIELDS:
            setattr(r, f, d.get(f))
        return r

    def to_dict(self):
        return {f: getattr(self, f) for f in self.FIELDS}

    def __init__(self, runs):
        ok = [r for r in runs if r.status == 'ok']
        self.walls = [round(r.wall, 4) for r in ok]
        bad = [r for r in runs if r.status != 'ok']
        self.status = bad[0].status if bad else 'ok'
        self.error = bad[0].error if bad else ''
        self.n = len(ok)
        self.wall = statistics.median(r.wall for r in ok) if ok and not bad else None
        self.cpu = statistics.median(r.cpu for r in ok) if ok and not bad else None
        self.rss = max(r.rss_mb for r in ok) if ok and not bad else None


def measure(cmds, timeout, max_reps):
    """Runs the commands interleaved (a, b, a, b, ...) so that load drifts on
    the shared machine hit them alike. Returns {name: Result}."""
    runs = {name: [] for name in cmds}
    want = {}
    for name, cmd in cmds.items():
        r = run_once(cmd, timeout)
        runs[name].append(r)
        want[name] = reps_for(r.wall, max_reps) if r.status == 'ok' else 1
    while any(len(runs[n]) < want[n] for n in cmds):
        for name, cmd in cmds.items():
            if len(runs[name]) < want[name]:
                runs[name].append(run_once(cmd, timeout))
    return {name: Result(r) for name, r in runs.items()}


# ---------------------------------------------------------------------------
# Growth
# ---------------------------------------------------------------------------

def exponent(t1, t2, n1, n2):
    if not t1 or not t2:
        return None
    return math.log(t2 / t1) / math.log(n2 / n1)


def nlogn_exponent(n1, n2):
    """The exponent of n log n between n1 and n2: the growth target."""
    return math.log((n2 * math.log(n2)) / (n1 * math.log(n1))) / math.log(n2 / n1)


# ---------------------------------------------------------------------------
# Profile and phases
# ---------------------------------------------------------------------------

PROFILE_SYMBOLS = [
    # (label, regex on the symbol as `perf report --no-inline` prints it)
    ('parse (mlir::parseSourceFile)', r'^mlir::parseSourceFile'),
    ('verify (mlir::verify: after parse and after the pass)', r'^mlir::verify(\(|$)'),
    ('print (mlir::Operation::print)', r'^mlir::Operation::print(\(|$)'),
    ('PsumAllocatePass::runOnOperation', r'PsumAllocatePass::runOnOperation'),
    ('PsumAllocatePass::allocate', r'PsumAllocatePass::allocate'),
    ('runHeuristic (where not inlined)', r'runHeuristic'),
    ('colorRound', r'colorRound'),
    ('linearize', r'^psum::alloc::linearize(\(|$)'),
    ('collectPsumAccesses', r'collectPsumAccesses'),
    ('buildLiveRanges', r'buildLiveRanges'),
    ('liveInterval', r'liveInterval'),
    ('buildInterference', r'buildInterference'),
    ('findCosts', r'findCosts'),
    ('reliefSpills', r'reliefSpills'),
    ('exactPlacement', r'exactPlacement'),
    ('simplify', r'^psum::alloc::simplify(\(|$)'),
    ('select', r'^psum::alloc::select(\(|$)'),
    ('evict (select)', r'(^|::)evict(\(|$)'),
    ('spillProblem', r'^psum::alloc::spillProblem(\(|$)'),
    ('insertSpillCode', r'insertSpillCode'),
    ('SpillRewriter::mint', r'SpillRewriter::mint'),
    ('splitLocations', r'splitLocations'),
    ('commit', r'^psum::alloc::commit(\(|$)'),
    ('fillReport', r'fillReport'),
    ('isAllocated', r'isAllocated'),
    ('mlir::Operation::clone', r'^mlir::Operation::clone(\(|$)'),
    ('mlir::Operation::erase / destroy', r'^mlir::Operation::(erase|destroy)(\(|$)'),
    ('getAccesses, all instruction ops (self)', r'::getAccesses'),
    ('malloc (self)', r'^(__GI___libc_malloc|malloc|_int_malloc|malloc_consolidate)$'),
    ('free (self)', r'^(__GI___libc_free|cfree@GLIBC.*|free|_int_free|unlink_chunk.*)$'),
]


def perf_profile(cmd, freq):
    """perf record --call-graph dwarf of one allocate run; returns
    (inclusive rows, self rows, samples) or None."""
    if not shutil_which('perf'):
        return None
    data = tempfile.NamedTemporaryFile(suffix='.perf', delete=False).name
    try:
        rec = subprocess.run(['perf', 'record', '-q', '-F', str(freq), '--call-graph',
                              'dwarf,16384', '-o', data] + cmd,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if rec.returncode != 0:
            log('perf record failed: %s' % rec.stderr.decode(errors='replace')[:300])
            return None
        rows = []
        rep = subprocess.run(['perf', 'report', '-i', data, '--children', '--sort', 'sym',
                              '--stdio', '-g', 'none', '--no-inline'],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        samples = None
        for line in rep.stdout.decode(errors='replace').splitlines():
            m = re.match(r'# Samples: (\S+)', line)
            if m:
                samples = m.group(1)
            m = re.match(r'^\s+([\d.]+)%\s+([\d.]+)%\s+\[.\]\s+(.*)$', line)
            if m:
                rows.append((float(m.group(1)), float(m.group(2)), m.group(3).strip()))
    finally:
        os.unlink(data)
    inclusive = []
    for label, pattern in PROFILE_SYMBOLS:
        matches = [r for r in rows if re.search(pattern, r[2])]
        if not matches:
            continue
        if label.endswith('(self)'):
            # Several symbols (one per op / alias): sum the self time.
            inclusive.append((label, None, sum(m[1] for m in matches)))
        else:
            best = max(matches, key=lambda r: r[0])
            inclusive.append((label, best[0], best[1]))
    by_self = sorted(rows, key=lambda r: -r[1])
    top = [r for r in by_self if not r[2].startswith('0x')][:15]
    return inclusive, top, samples


def shutil_which(name):
    for d in os.environ.get('PATH', '').split(os.pathsep):
        p = os.path.join(d, name)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return None


def run_phases(binary, kernels, min_time):
    cmd = [binary] + ['--kernel=%s' % k for k in kernels] + [
        '--benchmark_format=json', '--benchmark_min_time=%s' % min_time]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        log('psum-bench-phases failed: %s' % proc.stderr.decode(errors='replace')[:500])
        return None
    data = json.loads(proc.stdout)
    out = {}
    for b in data['benchmarks']:
        name = b['name'].rsplit('/real_time', 1)[0]
        phase, label = name.rsplit('/', 1)
        out.setdefault(phase, {})[label] = b
    return out


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

def fmt_s(x):
    if x is None:
        return '-'
    if x < 10:
        return '%.3f' % x
    return '%.1f' % x


def fmt_mb(x):
    return '-' if x is None else '%.0f' % x


def fmt_x(x):
    return '-' if x is None else '%.2f' % x


def machine():
    cpu = 'unknown'
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith('model name'):
                    cpu = line.split(':', 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ''
    try:
        with open('/proc/meminfo') as f:
            kb = int(f.readline().split()[1])
            mem = '%.0f GiB' % (kb / 1024 / 1024)
    except (OSError, ValueError, IndexError):
        pass
    return {'nproc': os.cpu_count(), 'cpu': cpu, 'mem': mem,
            'kernel': platform.release(), 'load': os.getloadavg()}


def alloc_cmd(psum_opt, path, options, extra=()):
    flag = '--psum-allocate' + ('=' + options if options else '')
    return [psum_opt, path, flag, '-o', '/dev/null'] + list(extra)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--render', metavar='RESULTS_JSON',
                    help='only rewrite the report from a previous run\'s results.json')
    ap.add_argument('--psum-opt')
    ap.add_argument('--phases', help='psum-bench-phases binary (optional)')
    ap.add_argument('--work', help='directory for generated kernels and results.json')
    ap.add_argument('--out', default=os.path.join(ROOT, 'docs', 'performance.md'))
    ap.add_argument('--sizes', default='1k,10k,100k,1M')
    ap.add_argument('--kinds', default=','.join(KINDS))
    ap.add_argument('--pressures', default='1,4')
    ap.add_argument('--variant', action='append', metavar='LABEL=OPTIONS',
                    help='a --psum-allocate configuration to measure, e.g. '
                         '"no-backtrack=best-of=9" (repeatable; default: "default=")')
    ap.add_argument('--timeout', type=float, default=300, help='seconds per run')
    ap.add_argument('--budget', type=float, default=1200,
                    help='overall seconds; cases projected past it are not run (0: none)')
    ap.add_argument('--max-reps', type=int, default=5)
    ap.add_argument('--module-functions', type=int, default=1000)
    ap.add_argument('--module-size', default='100k')
    ap.add_argument('--module-kind', default='mixed:1,mixed:4',
                    help='kind:pressure,... of the many-function modules')
    ap.add_argument('--profile-case', default='mixed:100k:4,matmul:100k:1',
                    help='kind:size:pressure,... profiled with perf ("" to skip)')
    ap.add_argument('--profile-freq', type=int, default=499)
    ap.add_argument('--profile-max-seconds', type=float, default=90)
    ap.add_argument('--phase-kernels', default='matmul:10k:1,matmul:100k:1,mixed:10k:4,mixed:100k:4')
    ap.add_argument('--phase-min-time', default='0.2')
    ap.add_argument('--no-output-baseline', dest='output_baseline', action='store_false',
                    help='skip the baseline on each allocated output (an extra allocate '
                         'run that writes it, then psum-opt on it)')
    ap.add_argument('--shapes', default=SHAPES,
                    help='shape:mode,... of bench/gen_scaling_shapes.py (mode allocate or '
                    'verify); empty: none')
    ap.add_argument('--shape-sizes', default='4k,16k,64k')
    ap.add_argument('--quick', action='store_true', help='1k and 10k only, small module')
    ap.add_argument('--source', default='')
    ap.add_argument('--command', default='./bench/run.sh')
    args = ap.parse_args()
    if args.render:
        with open(args.render) as f:
            render(json.load(f), args.out)
        return
    if not args.psum_opt or not args.work:
        ap.error('--psum-opt and --work are required (bench/run.sh passes them)')
    variants = []
    for v in args.variant or ['default=']:
        label, _, options = v.partition('=')
        variants.append((label, options))
    args.variants = variants

    if args.quick:
        # A smaller grid; what the command line sets explicitly still wins.
        quick = {'sizes': '1k,10k', 'module_size': '10k', 'module_functions': 100,
                 'phase_kernels': 'matmul:10k:1,mixed:10k:4', 'phase_min_time': '0.05',
                 'shape_sizes': '2k,8k'}
        for key, value in quick.items():
            if getattr(args, key) == ap.get_default(key):
                setattr(args, key, value)
    os.makedirs(args.work, exist_ok=True)
    t0 = time.time()
    started = datetime.datetime.now()
    sizes = [parse_size(s) for s in args.sizes.split(',')]
    kinds = [k for k in args.kinds.split(',') if k]
    pressures = [int(p) for p in args.pressures.split(',')]
    psum_opt = os.path.abspath(args.psum_opt)
    host = machine()

    def elapsed():
        return time.time() - t0

    def over_budget(estimate):
        return args.budget > 0 and elapsed() + estimate > args.budget

    # --- size x kind x pressure -------------------------------------------
    rows = {}  # (kind, pressure, size) -> row; row['v'][label] -> per variant

    def run_size(size):
        cases = [(k, p) for k in kinds for p in pressures]
        if size >= 1000000:
            cases = [c for c in PRIORITY_1M if c in cases] + \
                    [c for c in cases if c not in PRIORITY_1M]
        for kind, pressure in cases:
            row = {'kind': kind, 'pressure': pressure, 'size': size, 'v': {}}
            rows[(kind, pressure, size)] = row
            prev = [s for s in sizes if s < size and (kind, pressure, s) in rows]
            prow = rows[(kind, pressure, prev[-1])] if prev else None
            estimate = 0.0
            todo = []
            for label, options in variants:
                v = {'options': options}
                row['v'][label] = v
                pv = prow['v'].get(label) if prow else None
                if pv is not None and pv.get('status') != 'ok':
                    v['status'] = 'skipped'
                    v['note'] = 'not run: %s %s' % (
                        size_label(prev[-1]), 'did not finish' if pv.get('status') != 'ok' else '')
                    if pv.get('status') in ('timeout', 'timeout-projected'):
                        v['status'] = 'timeout-projected'
                        v['note'] = 'timeout: not run, %s already timed out' % size_label(prev[-1])
                    elif pv.get('status') in ('crashed', 'failed'):
                        v['note'] = 'not run: %s %s' % (size_label(prev[-1]), pv['status'])
                    else:
                        v['note'] = pv.get('note', 'not run')
                    continue
                if pv is not None and prow.get('base') and prow['base'].wall:
                    scale = size / prev[-1]
                    grow = max(1.0, pv.get('exp') or 1.0)
                    est = pv['alloc'].wall * scale ** grow
                    v['projected'] = est
                    if est > 2 * args.timeout:
                        v['status'] = 'timeout-projected'
                        v['note'] = ('timeout: not run, projected %.0f s from %s (> 2 x %.0f s)'
                                     % (est, size_label(prev[-1]), args.timeout))
                        continue
                    estimate += est
                    if args.output_baseline and label == variants[0][0]:
                        # One more allocate run writes the output; psum-opt on
                        # it costs about as much again.
                        estimate += 2 * est
                todo.append(label)
            if not todo:
                row['status'] = 'skipped'
                continue
            if prow and prow.get('base') and prow['base'].wall:
                estimate += prow['base'].wall * size / prev[-1] + (20 if size >= 1000000 else 0)
            if over_budget(estimate):
                row['status'] = 'budget'
                for label in todo:
                    row['v'][label]['status'] = 'budget'
                    row['v'][label]['note'] = ('not run: over the %.0f-s budget (projected %.0f s)'
                                               % (args.budget, estimate))
                continue
            path, insts, psum = kernel(args.work, kind, size, pressure)
            row.update(path=path, insts=insts, psum=psum, status='ok')
            log('%s p%d %s: %d instructions, %d PSUM locations' % (
                kind, pressure, size_label(size), insts, psum))
            cmds = {'base': [psum_opt, path, '-o', '/dev/null']}
            for label in todo:
                cmds[label] = alloc_cmd(psum_opt, path, row['v'][label]['options'])
            res = measure(cmds, args.timeout, args.max_reps)
            row['base'] = res['base']
            if prow and prow.get('base') and prow['base'].wall and res['base'].wall:
                row['exp_base'] = exponent(prow['base'].wall, res['base'].wall,
                                           prow['insts'], insts)
                row['prev'] = prev[-1]
            for label in todo:
                v, a = row['v'][label], res[label]
                v['alloc'] = a
                v['status'] = a.status
                if a.status == 'timeout':
                    v['note'] = 'timeout >%.0fs' % args.timeout
                elif a.status in ('failed', 'crashed'):
                    v['note'] = 'FAILED: ' + a.error
                pv = prow['v'].get(label) if prow else None
                if pv and pv.get('alloc') and pv['alloc'].wall and a.wall:
                    v['exp'] = exponent(pv['alloc'].wall, a.wall, prow['insts'], insts)
                    v['exp_cpu'] = exponent(pv['alloc'].cpu, a.cpu, prow['insts'], insts)
                    v['nlogn'] = nlogn_exponent(prow['insts'], insts)
                log('  %s: baseline %s s, allocate %s s (%s runs), %s' % (
                    label, fmt_s(res['base'].wall), fmt_s(a.wall), a.n, v.get('note', 'ok')))
            label = variants[0][0]
            if args.output_baseline and row['v'][label].get('status') == 'ok':
                # What the output alone costs psum-opt: written by one more
                # (untimed) allocate run, then parsed, verified and printed.
                out = os.path.join(args.work, 'allocated-output.mlir')
                cmd = alloc_cmd(psum_opt, path, row['v'][label]['options'])
                written = run_once(cmd[:-1] + [out], args.timeout)
                if written.status == 'ok':
                    row['out_bytes'] = os.path.getsize(out)
                    row['in_bytes'] = os.path.getsize(path)
                    row['out'] = measure({'out': [psum_opt, out, '-o', '/dev/null']},
                                         args.timeout, args.max_reps)['out']
                    log('  output baseline: %s s, %s MB (output %.2fx the input)' % (
                        fmt_s(row['out'].wall), fmt_mb(row['out'].rss),
                        row['out_bytes'] / row['in_bytes']))
                if os.path.exists(out):
                    os.remove(out)

    # Sizes below 1M first, then the module, phases and profiles, then 1M and
    # up with what is left of the budget.
    for size in sizes:
        if size < 1000000:
            run_size(size)

    # --- the 1,000-function modules: threading ------------------------------
    modules = []
    msize = parse_size(args.module_size)
    mlabel, moptions = variants[0]
    for spec in [x for x in args.module_kind.split(',') if x]:
        mkind, mpress = spec.split(':')
        est = 0
        r = rows.get((mkind, int(mpress), msize))
        if r and r.get('base') and r['v'][mlabel].get('alloc') and r['v'][mlabel]['alloc'].wall:
            est = 2 * (r['v'][mlabel]['alloc'].wall + r['base'].wall) * 2
        if over_budget(est):
            continue
        path, insts, psum = kernel(args.work, mkind, msize, int(mpress), args.module_functions)
        log('module: %d functions, %d instructions' % (args.module_functions, insts))
        commands = {
            'base-threads': [psum_opt, path, '-o', '/dev/null'],
            'base-1': [psum_opt, path, '-o', '/dev/null', '--mlir-disable-threading'],
            'alloc-threads': alloc_cmd(psum_opt, path, moptions),
            'alloc-1': alloc_cmd(psum_opt, path, moptions, ['--mlir-disable-threading']),
        }
        # The output alone, as for the functions above.
        out = os.path.join(args.work, 'allocated-module.mlir')
        cmd = alloc_cmd(psum_opt, path, moptions)
        if args.output_baseline and run_once(cmd[:-1] + [out], args.timeout).status == 'ok':
            commands['out-threads'] = [psum_opt, out, '-o', '/dev/null']
        res = measure(commands, args.timeout, min(args.max_reps, 3))
        if os.path.exists(out):
            os.remove(out)
        modules.append({'path': path, 'insts': insts, 'psum': psum, 'res': res,
                        'variant': mlabel})

    # --- phases ---------------------------------------------------------------
    phases = None
    phase_labels = []
    if args.phases and os.path.exists(args.phases):
        paths = []
        for spec in [x for x in args.phase_kernels.split(',') if x]:
            k, s, p = spec.split(':')
            path, _, _ = kernel(args.work, k, parse_size(s), int(p))
            paths.append(path)
            phase_labels.append(os.path.splitext(os.path.basename(path))[0])
        if not over_budget(60):
            log('phase micro-benchmarks')
            phases = run_phases(os.path.abspath(args.phases), paths, args.phase_min_time)

    # --- profile ----------------------------------------------------------------
    # Each requested case, or the largest smaller size of its series whose
    # allocate run (first variant that finished) took at most
    # --profile-max-seconds.
    profiles = []
    for spec in [x for x in args.profile_case.split(',') if x]:
        k, s, p = spec.split(':')
        want = parse_size(s)
        pick = None
        for sz in sorted((x for x in sizes if x <= want), reverse=True):
            r = rows.get((k, int(p), sz))
            if not r:
                continue
            for label, options in variants:
                a = r['v'].get(label, {}).get('alloc')
                if a and a.wall and a.wall <= args.profile_max_seconds:
                    pick = (r, label, options, a.wall)
                    break
            if pick:
                break
        if not pick or over_budget(2 * pick[3] + 30):
            continue
        r, label, options, wall = pick
        freq = int(min(args.profile_freq, max(49, 4000 / wall)))
        log('perf profile of %s (%s) at %d Hz' % (os.path.basename(r['path']), label, freq))
        prof = perf_profile(alloc_cmd(psum_opt, r['path'], options), freq)
        if prof:
            profiles.append((os.path.basename(r['path']), r['insts'], r['psum'], freq,
                             label, options) + prof)

    for size in sizes:
        if size >= 1000000:
            run_size(size)

    # --- scaling shapes -------------------------------------------------------
    shapes = []
    for spec in [x for x in args.shapes.split(',') if x]:
        shape, _, mode = spec.partition(':')
        prev = None
        for size in sorted(parse_size(s) for s in args.shape_sizes.split(',')):
            est = 3 * prev['alloc'].wall * 4 ** 2 if prev and prev['alloc'].wall else 5
            if over_budget(est) or (prev and prev['alloc'].status != 'ok'):
                break
            path, insts = shape_kernel(args.work, shape, size)
            res = measure({'base': [psum_opt, path, '-o', '/dev/null'],
                           'alloc': alloc_cmd(psum_opt, path, SHAPE_OPTIONS[mode])},
                          args.timeout, args.max_reps)
            row = {'shape': shape, 'mode': mode, 'size': size, 'insts': insts,
                   'base': res['base'], 'alloc': res['alloc']}
            # Growth in the generator's size: the wide shapes grow in the
            # accesses of a few instructions.
            if prev and prev['alloc'].wall and res['alloc'].wall:
                row['exp'] = exponent(prev['alloc'].wall, res['alloc'].wall,
                                      prev['size'], size)
                row['exp_base'] = exponent(prev['base'].wall, res['base'].wall,
                                           prev['size'], size)
                row['nlogn'] = nlogn_exponent(prev['size'], size)
            log('shape %s (%s) %s: baseline %s s, allocate %s s' % (
                shape, mode, size_label(size), fmt_s(res['base'].wall),
                fmt_s(res['alloc'].wall)))
            shapes.append(row)
            prev = row

    state = {
        'args': {k: getattr(args, k) for k in ('command', 'source', 'psum_opt', 'timeout',
                                               'budget', 'module_functions', 'phase_min_time',
                                               'variants')},
        'host': host, 'started': started.isoformat(), 'total': elapsed(),
        'sizes': sizes, 'kinds': kinds, 'pressures': pressures,
        'rows': [dict(r, base=r['base'].to_dict() if r.get('base') else None,
                      out=r['out'].to_dict() if r.get('out') else None,
                      v={l: dict(v, alloc=v['alloc'].to_dict() if v.get('alloc') else None)
                         for l, v in r['v'].items()})
                 for r in rows.values()],
        'modules': [dict(m, res={k: v.to_dict() for k, v in m['res'].items()})
                    for m in modules],
        'phases': phases, 'phase_labels': phase_labels, 'profiles': profiles,
        'shapes': [dict(r, base=r['base'].to_dict(), alloc=r['alloc'].to_dict())
                   for r in shapes],
    }
    results = os.path.join(args.work, 'results.json')
    with open(results, 'w') as f:
        json.dump(state, f, indent=1)
    render(state, args.out)
    log('wrote %s (raw results: %s) in %.0f s' % (args.out, results, elapsed()))


def render(state, out):
    """Writes the report from a results.json state."""
    class A:
        pass
    args = A()
    for k, v in state['args'].items():
        setattr(args, k, v)
    args.out = out
    rows = {}
    for r in state['rows']:
        r = dict(r)
        r['base'] = Result.from_dict(r['base']) if r.get('base') else None
        r['out'] = Result.from_dict(r['out']) if r.get('out') else None
        r['v'] = {l: dict(v, alloc=Result.from_dict(v['alloc']) if v.get('alloc') else None)
                  for l, v in r['v'].items()}
        rows[(r['kind'], r['pressure'], r['size'])] = r
    # Runs before session 37 measured one module, as 'threading'.
    modules = state.get('modules', [state['threading']] if state.get('threading') else [])
    modules = [dict(m, res={k: Result.from_dict(v) for k, v in m['res'].items()})
               for m in modules]
    # Runs before session 40 timed no shapes.
    shapes = [dict(r, base=Result.from_dict(r['base']), alloc=Result.from_dict(r['alloc']))
              for r in state.get('shapes', [])]
    write_report(args, state['host'], datetime.datetime.fromisoformat(state['started']),
                 state['total'], state['sizes'], state['kinds'], state['pressures'], rows,
                 modules, state['phases'], state['phase_labels'],
                 [tuple(p) for p in state['profiles']], shapes)


def shape_steps(shapes):
    """(row, previous size) of each shape step with a growth exponent."""
    prev = {}
    for r in shapes:
        key = (r['shape'], r['mode'])
        if r.get('exp') is not None and key in prev:
            yield r, prev[key]
        prev[key] = r['size']


def variant_desc(label, options):
    return '`%s` (`--psum-allocate%s`)' % (label, '=' + options if options else '')


def write_report(args, host, started, total, sizes, kinds, pressures, rows, modules,
                 phases, phase_labels, profiles, shapes):
    variants = [tuple(v) for v in args.variants]
    L = []
    w = L.append
    w('# psum-allocate performance')
    w('')
    w('Generated by `%s` (bench/run.sh -> bench/run.py); do not edit the tables by hand: '
      'rerun the command. `python3 bench/run.py --render <work>/results.json` rewrites this '
      'file from the raw results of a run.' % args.command)
    w('')
    w('* Date: %s; the whole run took %.0f s.' % (started.strftime('%Y-%m-%d %H:%M'), total))
    w('* Machine: %s, nproc = %s, %s RAM, Linux %s; load average at the start %.1f / %.1f / %.1f '
      '(the cores are shared with other work: wall times are noisy).'
      % (host['cpu'], host['nproc'], host['mem'], host['kernel'], *host['load']))
    w('* psum-opt: `%s`, built from %s.' % (os.path.relpath(args.psum_opt, ROOT), args.source or '?'))
    w('* Configurations of the pass: %s.' % ', '.join(variant_desc(*v) for v in variants))
    w('* Kernels: `bench/gen_kernels.py` (kinds %s; '
      '`--pressure 1`: about 8 banks live, `--pressure 4`: about 32), seed 1, gen2 (8 banks).'
      % ', '.join('`%s`' % k for k in kinds))
    w('')
    w('How to run (options: `--rev REV` exports a commit clean and builds it in '
      '`build-bench/rev-<sha>/`; `--variant LABEL=OPTIONS`, repeatable, picks `--psum-allocate` '
      'configurations; `--budget 0` lifts the 20-minute budget so that every 1M case runs; '
      '`--sizes`, `--kinds`, `--pressures`, `--timeout` narrow or widen the grid; `--no-build` '
      'measures `$PSUM_BUILD/bin/psum-opt` as it is; `--shapes`, `--shape-sizes` pick the '
      'scaling shapes; `--out FILE` writes the report elsewhere):')
    w('')
    w('```sh')
    w('./bench/run.sh           # the working tree, built in build-bench/; rewrites this file')
    w('./bench/run.sh --quick   # 1k and 10k only: a 4-minute smoke test')
    w('python3 bench/gen_kernels.py --kind mixed --size 100k --pressure 4 -o k.mlir   # one kernel')
    w('```')
    w('')
    w('`python3 bench/run.py --render <work>/results.json` rewrites the report from the raw '
      'results of a run. The phase micro-benchmark alone: configure with '
      '`-DPSUM_BUILD_BENCHMARKS=ON`, then `psum-bench-phases --kernel=k.mlir`.')
    w('')
    w('## Targets (issue "Fast at any size")')
    w('')
    w('1. End to end, `psum-opt FILE --psum-allocate -o /dev/null` takes at most 1.5x the '
      'baseline `psum-opt FILE -o /dev/null` (parse, verify, print).')
    w('2. Its peak memory (max RSS) is at most 1.5x the baseline\'s.')
    w('3. From 10k to 1M instructions its time grows no faster than n log n: the growth '
      'exponent e = ln(t2/t1) / ln(n2/n1) between consecutive sizes is at most the exponent of '
      'n log n over the same step (1.097 for 10k -> 100k, 1.079 for 100k -> 1M).')
    w('')

    def each():
        for size in sizes:
            for kind in kinds:
                for p in pressures:
                    r = rows.get((kind, p, size))
                    if r:
                        yield size, kind, p, r

    w('## Summary')
    w('')
    for label, options in variants:
        ft, fm, fg, nr = [], [], [], []
        for size, kind, p, r in each():
            v = r['v'].get(label)
            if not v:
                continue
            tag = '%s p%d %s' % (kind, p, size_label(size))
            if v.get('status') != 'ok':
                nr.append('%s (%s)' % (tag, v.get('note', v.get('status'))))
                continue
            b, a = r['base'], v['alloc']
            if a.wall / b.wall > 1.5:
                ft.append('%s %.1fx' % (tag, a.wall / b.wall))
            if a.rss / b.rss > 1.5:
                fm.append('%s %.1fx' % (tag, a.rss / b.rss))
            if size >= 100000 and v.get('exp') is not None and v['exp'] > v['nlogn']:
                fg.append('%s e = %.2f' % (tag, v['exp']))
        w('%s:' % variant_desc(label, options))
        w('')
        w('* Time ratio > 1.5: %s.' % (', '.join(ft) or 'none'))
        w('* Memory ratio > 1.5: %s.' % (', '.join(fm) or 'none'))
        w('* Growth faster than n log n (10k -> 100k -> 1M): %s.' % (', '.join(fg) or 'none'))
        w('* Failed, timed out or not run: %s.' % ('; '.join(nr) or 'none'))
        if label == variants[0][0]:
            fo = ['%s p%d %s %.1fx' % (kind, p, size_label(size), r['out'].wall / r['base'].wall)
                  for size, kind, p, r in each()
                  if r.get('out') and r.get('base') and r['out'].wall and r['base'].wall
                  and r['out'].wall > 1.5 * r['base'].wall]
            w('* Output baseline (psum-opt on the allocated output alone, below) over 1.5x the '
              'input\'s baseline: %s.' % (', '.join(fo) or 'none'))
            fmod = []
            for m in modules:
                at, bt = m['res']['alloc-threads'], m['res']['base-threads']
                if at.wall and bt.wall:
                    ot = m['res'].get('out-threads')
                    fmod.append('`%s` time %.2fx%s, memory %.2fx%s%s' % (
                        os.path.basename(m['path']), at.wall / bt.wall,
                        ' (FAIL)' if at.wall > 1.5 * bt.wall else '', at.rss / bt.rss,
                        ' (FAIL)' if at.rss > 1.5 * bt.rss else '',
                        ', the output alone %.2fx' % (ot.wall / bt.wall)
                        if ot and ot.wall else ''))
            w('* The %d-function modules, threaded, against their baseline: %s.' % (
                args.module_functions, '; '.join(fmod) or 'not measured'))
        w('')

    if shapes:
        fs = ['%s (%s) %s->%s e = %.2f' % (r['shape'], r['mode'], size_label(prev_size),
                                            size_label(r['size']), r['exp'])
              for r, prev_size in shape_steps(shapes) if r['exp'] > r['nlogn']]
        w('Scaling shapes (below): growth faster than n log n at %s.' % (
            ', '.join(fs) or 'no step'))
        w('')

    w('## End to end: baseline vs --psum-allocate')
    w('')
    w('Median wall time of `runs` interleaved runs of each command (5 under 1 s, 3 under 15 s, '
      'else 1; per-run timeout %.0f s), peak RSS the largest of the runs. `CPU ratio` is the '
      'same ratio on user + sys time, less sensitive to the shared cores. `e` is the growth '
      'exponent of the allocate wall time from the previous size (`e cpu` on CPU time); '
      'the growth target applies from 10k on, the 1k -> 10k step is for information '
      '(start-up dominates 1k).' % args.timeout)
    w('')
    w('| kind | P | size | instrs | PSUM locs | config | runs | baseline s | allocate s | ratio '
      '| CPU ratio | baseline MB | allocate MB | mem ratio | e | e cpu | n log n e | time | mem '
      '| growth |')
    w('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    for size, kind, p, r in each():
        b = r.get('base')
        for label, _ in variants:
            v = r['v'].get(label, {})
            a = v.get('alloc')
            head = [kind, str(p), size_label(size), str(r.get('insts', '-')),
                    str(r.get('psum', '-')), label]
            if v.get('status') != 'ok' or not a or not b:
                st = v.get('status', r.get('status', ''))
                bad = st in ('timeout', 'timeout-projected', 'crashed', 'failed')
                cells = head + [str(b.n) if b else '-', fmt_s(b.wall) if b else '-',
                                v.get('note', st), '-', '-',
                                fmt_mb(b.rss) if b else '-', '-', '-', '-', '-', '-',
                                'FAIL' if bad else '-', 'FAIL' if bad else '-',
                                'FAIL' if bad and size >= 100000 else '-']
                w('| ' + ' | '.join(cells) + ' |')
                continue
            ratio, cratio, mratio = a.wall / b.wall, a.cpu / b.cpu, a.rss / b.rss
            e, ec, nl = v.get('exp'), v.get('exp_cpu'), v.get('nlogn')
            growth = '-'
            if e is not None and size >= 100000:
                growth = 'pass' if e <= nl else 'FAIL'
            elif e is not None:
                growth = '(info)'
            cells = head + [str(min(a.n, b.n)), fmt_s(b.wall), fmt_s(a.wall), fmt_x(ratio),
                            fmt_x(cratio), fmt_mb(b.rss), fmt_mb(a.rss), fmt_x(mratio),
                            fmt_x(e), fmt_x(ec), fmt_x(nl),
                            'pass' if ratio <= 1.5 else 'FAIL',
                            'pass' if mratio <= 1.5 else 'FAIL', growth]
            w('| ' + ' | '.join(cells) + ' |')
    w('')
    w('Baseline growth exponents (parse + verify + print alone), for reference: ' + (', '.join(
        '%s p%d %s->%s %.2f' % (kind, p, size_label(r['prev']), size_label(size), r['exp_base'])
        for size, kind, p, r in each() if r.get('exp_base') is not None) or 'none') + '.')
    w('')

    outs = [(size, kind, p, r) for size, kind, p, r in each() if r.get('out') and r.get('base')
            and r['v'].get(variants[0][0], {}).get('alloc')]
    if outs:
        w('## The output\'s own baseline')
        w('')
        w('The allocated function is bigger than the input (spill and reload copies, their '
          'locations, the banks): `psum-opt OUT -o /dev/null` on the output of `%s` (written by '
          'one more, untimed, allocate run) is what parsing, verifying and printing the output '
          'alone costs, without the pass. The allocate run prints and verifies that output too, '
          'so where the output baseline is itself over 1.5x the input\'s, no allocator that '
          'writes this spill code meets the targets; `allocate / output` compares the '
          'allocate run with it.' % variants[0][0])
        w('')
        w('| kind | P | size | output / input bytes | baseline s | output baseline s | '
          'allocate s | output / baseline | allocate / output | baseline MB | output MB | '
          'allocate MB | output / baseline MB | allocate / output MB |')
        w('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
        for size, kind, p, r in outs:
            b, o, a = r['base'], r['out'], r['v'][variants[0][0]]['alloc']
            if not (b.wall and o.wall and a.wall):
                continue
            w('| ' + ' | '.join([
                kind, str(p), size_label(size), fmt_x(r['out_bytes'] / r['in_bytes']),
                fmt_s(b.wall), fmt_s(o.wall), fmt_s(a.wall), fmt_x(o.wall / b.wall),
                fmt_x(a.wall / o.wall), fmt_mb(b.rss), fmt_mb(o.rss), fmt_mb(a.rss),
                fmt_x(o.rss / b.rss), fmt_x(a.rss / o.rss)]) + ' |')
        w('')

    w('## The %d-function modules: threading' % args.module_functions)
    w('')
    for module in modules:
        res = module['res']
        w('`%s`: %d functions, %d instructions, %d PSUM locations in one module, configuration '
          '`%s`. psum-allocate runs the functions with `failableParallelForEach` on the '
          'context\'s thread pool (%s hardware threads here); `--mlir-disable-threading` runs '
          'them one by one.' % (os.path.basename(module['path']), args.module_functions,
                                module['insts'], module['psum'], module['variant'],
                                host['nproc']))
        w('')
        w('| command | runs | wall s | CPU s | CPU / wall | peak MB |')
        w('|---|---|---|---|---|---|')
        names = {'base-threads': 'baseline, default threading',
                 'base-1': 'baseline, --mlir-disable-threading',
                 'alloc-threads': '--psum-allocate, default threading',
                 'alloc-1': '--psum-allocate, --mlir-disable-threading',
                 'out-threads': 'the allocated output alone, default threading'}
        for key, label in names.items():
            if key not in res:
                continue
            x = res[key]
            if x.status != 'ok':
                w('| %s | - | %s | - | - | - |' % (label, x.status))
            else:
                w('| %s | %d | %s | %s | %.2f | %s |' % (label, x.n, fmt_s(x.wall), fmt_s(x.cpu),
                                                        x.cpu / x.wall, fmt_mb(x.rss)))
        w('')
        a1, at = res['alloc-1'], res['alloc-threads']
        b1, bt = res['base-1'], res['base-threads']
        if a1.wall and at.wall and b1.wall and bt.wall:
            w('Parallel speedup of `--psum-allocate`: %.2fx end to end (%.2fx for the baseline '
              'alone). Speedup of the pass itself, estimated as (allocate - baseline) '
              'unthreaded / threaded: %.2fx. Ratio to the baseline: %.2fx threaded, %.2fx '
              'unthreaded; peak memory %.2fx. `CPU / wall` above 1 means the worker threads ran '
              'at the same time; on this shared 2-core machine the other core is often busy '
              'with other work, so the speedup is a lower bound.' % (
                  a1.wall / at.wall, b1.wall / bt.wall,
                  (a1.wall - b1.wall) / max(1e-9, at.wall - bt.wall),
                  at.wall / bt.wall, a1.wall / b1.wall, at.rss / bt.rss))
            ot = res.get('out-threads')
            if ot and ot.wall:
                w('')
                w('The allocated output alone costs %.2fx the input\'s baseline (threaded); '
                  'the allocate run costs %.2fx the output alone.' % (
                      ot.wall / bt.wall, at.wall / ot.wall))
        w('')
    if not modules:
        w('Not measured (budget).')
        w('')

    w('## Scaling shapes')
    w('')
    if shapes:
        w('Inputs that once grew quadratically in the pass or its checker, made by '
          '`python3 bench/gen_scaling_shapes.py --shape SHAPE --size N` (its docstring says '
          'what each one stresses); `verify` runs `--psum-allocate=verify=true`, `allocate` '
          '`--psum-allocate`. Timed like the kernels above. `e` is the growth exponent of the '
          'pass run from the previous size (in the generator\'s `--size`: instructions, or '
          'for `wide-split` and `wide-spill` the accesses of a few instructions), `baseline '
          'e` the baseline\'s, `n log n e` the target over the same step. `many-live` (every '
          'tile live at once) was quadratic until session 42; nearly all its tiles spill, '
          'so its output is about three times its input (docs/Limitations.md).')
        w('')
        w('| shape | mode | size | instrs | runs | baseline s | pass s | ratio | baseline MB '
          '| pass MB | mem ratio | e | baseline e | n log n e | growth |')
        w('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
        for r in shapes:
            b, a = r['base'], r['alloc']
            head = [r['shape'], r['mode'], size_label(r['size']), str(r['insts'])]
            if not (a.wall and b.wall):
                w('| ' + ' | '.join(head + ['-', fmt_s(b.wall), a.status or '-'] +
                                    ['-'] * 8) + ' |')
                continue
            e = r.get('exp')
            growth = '-' if e is None else ('pass' if e <= r['nlogn'] else 'FAIL')
            w('| ' + ' | '.join(head + [
                str(min(a.n, b.n)), fmt_s(b.wall), fmt_s(a.wall), fmt_x(a.wall / b.wall),
                fmt_mb(b.rss), fmt_mb(a.rss), fmt_x(a.rss / b.rss), fmt_x(e),
                fmt_x(r.get('exp_base')), fmt_x(r.get('nlogn')), growth]) + ' |')
    else:
        w('Not measured (`--shapes` empty, or a run from before session 40).')
    w('')

    w('## Phases (Google Benchmark, `psum-bench-phases`)')
    w('')
    if phases:
        w('Each phase on the largest function of a kernel (`bench/PhaseBenchmarks.cpp`; '
          'min time %s s per benchmark; real time). `round/seed` is one later round of the spill '
          'fixpoint as psum-allocate runs it, without the IR (spillProblem with the seed '
          'heuristic\'s first-round spills, then interference, costs, simplify, select); '
          '`insertSpillCode` rewrites the function with that spill set, as psum-allocate does once '
          'for the winner. A phase that scales linearly takes 10x from 10k to 100k.'
          % args.phase_min_time)
        w('')
        labels = [l for l in phase_labels if any(l in v for v in phases.values())]
        w('| phase | ' + ' | '.join('%s ms' % l for l in labels) + ' | 100k / 10k |')
        w('|---|' + '---|' * len(labels) + '---|')
        for phase, per in phases.items():
            cells = []
            for l in labels:
                b = per.get(l)
                cells.append('%.3f' % b['real_time'] if b else '-')
            ratios = []
            for l in labels:
                if '-10k-' in l:
                    big = l.replace('-10k-', '-100k-')
                    if l in per and big in per and per[l]['real_time'] > 0:
                        ratios.append('%.1f' % (per[big]['real_time'] / per[l]['real_time']))
            w('| %s | %s | %s |' % (phase, ' | '.join(cells), ', '.join(ratios) or '-'))
        w('')
        sizes_line = []
        for l in labels:
            any_b = next((per[l] for per in phases.values() if l in per), None)
            if any_b:
                sizes_line.append('%s: %d instructions, %d nodes, %d edges' % (
                    l, any_b.get('insts', 0), any_b.get('nodes', 0), any_b.get('edges', 0)))
        w('Problem sizes: ' + '; '.join(sizes_line) + '.')
    else:
        w('Not measured (configure with -DPSUM_BUILD_BENCHMARKS=ON; bench/run.sh does).')
    w('')

    w('## Where the time goes (perf)')
    w('')
    for name, insts, psum, freq, label, options, inclusive, top, samples in profiles:
        w('### %s, %s' % (name, label))
        w('')
        w('`perf record -F %d --call-graph dwarf` of `psum-opt %s --psum-allocate%s -o /dev/null` '
          '(%d instructions, %d PSUM locations; %s samples), `perf report --children '
          '--no-inline`: inlined functions count in their caller. Inclusive = the function and '
          'what it calls, as a share of all samples of the run; self = its own code.'
          % (freq, name, '=' + options if options else '', insts, psum, samples or '?'))
        w('')
        w('| function | inclusive % | self % |')
        w('|---|---|---|')
        for flabel, inc, self_ in inclusive:
            w('| %s | %s | %.1f |' % (flabel, '-' if inc is None else '%.1f' % inc, self_))
        w('')
        w('Top functions by self time:')
        w('')
        w('| self % | inclusive % | function |')
        w('|---|---|---|')
        for inc, self_, sym in top:
            sym = sym if len(sym) <= 110 else sym[:107] + '...'
            w('| %.1f | %.1f | `%s` |' % (self_, inc, sym.replace('|', '\\|')))
        w('')
    if not profiles:
        w('Not measured (perf unavailable, or budget).')
        w('')
    notes = os.path.join(HERE, 'NOTES.md')
    if os.path.exists(notes):
        with open(notes) as f:
            w(f.read().rstrip())
        w('')
    with open(out_path(args), 'w') as f:
        f.write('\n'.join(L))


def out_path(args):
    return args.out


if __name__ == '__main__':
    main()
