"""Prints a bir.func whose one matmul sits in N nested loops: deep_nesting.py N"""
import sys

depth = int(sys.argv[1])
lines = ['bir.func @deep attributes {arch = #bir.arch<gen2>} {',
         '  %w = bir.memloc "w" sbuf [128, 128]',
         '  %y = bir.memloc "y" sbuf [128, 2048]',
         '  %a = bir.memloc "a" psum [128, 2048]']
lines += ['bir.loop %%i%d = 0 to 1 {' % i for i in range(depth)]
lines += ['bir.matmul %a = %w, %w latency 1',
          'bir.activation relu %y = %a latency 1']
lines += ['}'] * (depth + 1)
print('\n'.join(lines))
