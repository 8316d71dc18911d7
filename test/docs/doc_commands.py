#!/usr/bin/env python3
"""Runs every shell command of README.md and docs/*.md, so the docs cannot rot.

Every line of a ```sh block is a command (backslash continuations joined,
`# comments` dropped). Each one must match a rule below, or the run fails:
a new command in the docs needs a rule, and a rule that matches nothing
fails too. Rules run the command verbatim, or with a stated reduction (fewer
functions, a smaller benchmark grid, a shorter fuzzing run), or name the
CI step that runs it. Commands run in document order with `bash -c`, in a
scratch directory that looks like a checkout (symlinks to the sources and
to this build as `build/`), with `psum-opt` on PATH and $PREFIX set.

  doc_commands.py --src SRC --build BUILD --work DIR [--list]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

# (pattern, action, detail). Actions:
#   run     run as written
#   reduce  run after the (regex, replacement) pairs in detail
#   ci      not run here: .ci/run runs it; detail is (file, regex) that
#           shows where, checked here
#   needs   run as written when the requirement `detail` is met (REQUIREMENTS)
RULES = [
    (r'^\./scripts/test\.sh$', 'ci', ('.ci/run', r'scripts/test\.sh')),
    (r'^\./scripts/run-example\.sh( --psum-summary)?$', 'run', None),
    (r'^psum-opt kernel\.mlir ', 'run', None),
    (r'^build/bin/psum-opt examples/', 'run', None),
    # Embedding.md: install, build the outside project, run it.
    (r'^cmake --install build --prefix "\$PREFIX"$', 'run', None),
    (r'^cmake (-G Ninja -S examples/embed|--build build-example)', 'run', None),
    (r'^build-example/psum-embed ', 'run', None),
    (r'^psum-opt examples/embed/kernel\.mlir ', 'run', None),
    (r'^"\$PREFIX/bin/psum-(opt|lsp-server)" ', 'run', None),
    # Timeline.md
    (r'^psum-opt (examples/attention|kernels|kernels\.alloc|test/Transforms/Timeline/svg)\.mlir ',
     'run', None),
    (r'^chromium --headless ', 'needs', 'chromium'),
    # Testing.md: the property harness, fewer functions.
    (r'^(nice )?build/bin/psum-check --count \d+ --seed 1$', 'reduce',
     [(r'--count \d+', '--count 20')]),
    (r'^build/bin/psum-check (--count 1 --seed 1234|f\.mlir other\.mlir)', 'run', None),
    # Testing.md: the sanitizer build is the second half of scripts/test.sh.
    (r'^cmake -G Ninja -S \. -B build-asan .*-DPSUM_ENABLE_SANITIZERS=ON$', 'ci',
     ('scripts/test.sh', r'build-asan(.|\n)*psum_build -DPSUM_ENABLE_SANITIZERS=ON')),
    (r'^ninja -C build-asan check-psum$', 'ci',
     ('scripts/test.sh', r'PSUM_ENABLE_SANITIZERS=ON\n.*--target check-psum')),
    (r'^ASAN_OPTIONS=allow_user_poisoning=0 build-asan/bin/psum-opt ', 'reduce',
     [(r'build-asan/', 'build/')]),
    # Testing.md: the fuzzer (clang only), a short run.
    (r'^tools/psum-fuzz/run\.sh ', 'needs-reduce',
     ('libFuzzer', [(r'-max_total_time=\d+', '-runs=200')])),
    (r'^(cmake -G Ninja -S \. -B build-fuzz |ninja -C build-fuzz |tools/psum-fuzz/make-corpus\.py )',
     'needs', 'libFuzzer'),
    (r'^build-fuzz/bin/psum-fuzz -dict', 'needs-reduce',
     ('libFuzzer', [(r'-max_total_time=\d+', '-runs=200')])),
    (r'^build-fuzz/bin/psum-fuzz build-fuzz/fuzz/artifacts/crash-<sha>$', 'needs-reduce',
     ('libFuzzer', [(r'build-fuzz/fuzz/artifacts/crash-<sha>', 'build-fuzz/fuzz/seed/*')])),
    # Quality.md and performance.md: the benchmarks on a tiny grid.
    (r'^bench/quality\.sh \d+ \d+$', 'reduce', [(r'quality\.sh \d+', 'quality.sh 5')]),
    (r'^\./bench/run\.sh( --quick)?$', 'reduce',
     [(r'$', ' --no-build --sizes 1k --kinds matmul --pressures 1 --module-size 1k'
            ' --module-functions 4 --profile-case "" --phase-kernels ""'
            ' --work bench-work --out performance.md')]),
    (r'^python3 bench/gen_kernels\.py ', 'reduce', [(r'--size \S+', '--size 1k')]),
]

def links_libfuzzer():
    """clang++ with libFuzzer's runtime (Debian: clang, libclang-rt-14-dev)."""
    if not shutil.which('clang++'):
        return False
    probe = subprocess.run(
        ['clang++', '-fsanitize=fuzzer', '-x', 'c++', '-', '-o', os.devnull],
        input='extern "C" int LLVMFuzzerTestOneInput(const char *, unsigned long)'
              ' { return 0; }\n',
        text=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return probe.returncode == 0


REQUIREMENTS = {
    'libFuzzer': links_libfuzzer,
    'chromium': lambda: shutil.which('chromium') is not None,
}

# Inputs the commands name that the docs assume the reader has.
KERNEL = 'examples/tiled_matmul.mlir'


def commands(path):
    """(line, command) for each command of the ```sh blocks of `path`."""
    out, block, pending, start = [], False, '', 0
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if line.startswith('```'):
                block = not block and line.strip() == '```sh'
                continue
            if not block:
                continue
            if not pending:
                start = number
            text = re.sub(r'\s+#\s.*$', '', line).rstrip()
            if text.startswith('#'):
                continue
            if text.endswith('\\'):
                pending += text[:-1].strip() + ' '
                continue
            text = (pending + text.strip()).strip()
            pending = ''
            if text:
                out.append((start, text))
    return out


def classify(command):
    for index, (pattern, action, detail) in enumerate(RULES):
        if re.search(pattern, command):
            return index, action, detail
    return None, None, None


def prepare(src, build, work):
    """A scratch directory that looks like a checkout built in build/."""
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    for name in os.listdir(src):
        if not name.startswith(('build', '.git', '.ci')):
            os.symlink(os.path.join(src, name), os.path.join(work, name))
    os.symlink(build, os.path.join(work, 'build'))
    # The fuzzer's build outlives the scratch directory: rebuilds stay
    # incremental.
    fuzz = os.path.join(build, 'docs-build-fuzz')
    os.makedirs(fuzz, exist_ok=True)
    os.symlink(fuzz, os.path.join(work, 'build-fuzz'))
    shutil.copy(os.path.join(src, KERNEL), os.path.join(work, 'kernel.mlir'))
    # Timeline.md's module of several functions, and one allocated.
    with open(os.path.join(work, 'kernels.mlir'), 'w') as out:
        for name in (KERNEL, 'examples/attention.mlir'):
            with open(os.path.join(src, name)) as f:
                out.write(f.read())
    subprocess.run([os.path.join(build, 'bin', 'psum-opt'), 'kernels.mlir',
                    '--psum-allocate', '-o', 'kernels.alloc.mlir'],
                   cwd=work, check=True)
    # Testing.md's `psum-check f.mlir other.mlir`: f.mlir comes from the
    # command before it.
    shutil.copy(os.path.join(src, 'examples/attention.mlir'),
                os.path.join(work, 'other.mlir'))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--src', required=True)
    ap.add_argument('--build', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--list', action='store_true',
                    help='print each command and its rule, run nothing')
    args = ap.parse_args()
    src, build = os.path.abspath(args.src), os.path.abspath(args.build)
    work = os.path.abspath(args.work)

    docs = ['README.md'] + sorted(
        os.path.join('docs', f) for f in os.listdir(os.path.join(src, 'docs'))
        if f.endswith('.md'))
    found, unmatched, used = [], [], set()
    for doc in docs:
        for line, command in commands(os.path.join(src, doc)):
            index, action, detail = classify(command)
            if index is None:
                unmatched.append('%s:%d: %s' % (doc, line, command))
                continue
            used.add(index)
            found.append((doc, line, command, action, detail))
    errors = ['no rule for %s' % u for u in unmatched]
    errors += ['rule `%s` matches no command in the docs' % RULES[i][0]
               for i in range(len(RULES)) if i not in used]

    if args.list:
        for doc, line, command, action, _ in found:
            print('%-8s %s:%d: %s' % (action, doc, line, command))
    else:
        prepare(src, build, work)
        env = dict(os.environ)
        env['PATH'] = os.path.join(build, 'bin') + os.pathsep + env['PATH']
        env['PREFIX'] = os.path.join(work, 'prefix')
        env['PSUM_BUILD'] = build
        env['PSUM_JOBS'] = '2'
        met = {}
        for doc, line, command, action, detail in found:
            where = '%s:%d' % (doc, line)
            if action == 'ci':
                script, pattern = detail
                with open(os.path.join(src, script)) as f:
                    if not re.search(pattern, f.read()):
                        errors.append('%s: %s no longer runs `%s`' %
                                      (where, script, command))
                print('ci       %s: %s (run by %s)' % (where, command, script))
                continue
            if action.startswith('needs'):
                tool, reductions = (detail if action == 'needs-reduce'
                                    else (detail, []))
                if tool not in met:
                    met[tool] = REQUIREMENTS[tool]()
                if not met[tool]:
                    print('skipped  %s: %s (needs %s, not installed)' %
                          (where, command, tool))
                    continue
            else:
                reductions = detail if action == 'reduce' else []
            run = command
            for pattern, replacement in reductions:
                run = re.sub(pattern, replacement, run)
            started = time.time()
            result = subprocess.run(['bash', '-c', run], cwd=work, env=env,
                                    stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
            label = 'ran' if run == command else 'reduced'
            print('%-8s %s: %s (%.1f s)' % (label, where, run,
                                           time.time() - started))
            if result.returncode != 0:
                errors.append('%s: `%s` exited with %d:\n%s' %
                              (where, run, result.returncode,
                               result.stdout[-3000:]))
    for error in errors:
        print('error: ' + error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
