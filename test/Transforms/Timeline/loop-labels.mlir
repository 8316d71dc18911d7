// RUN: psum-opt %s --psum-allocate --psum-timeline="svg=%t.svg" -o /dev/null
// RUN: FileCheck %s < %t.svg

// A loop header's title gives its bounds, and its step where the step is
// not 1 (the session-43 mutation audit: no test had a stepped loop).
// CHECK: <title>point 0: loop header (0 to 8 step 2), loop depth 0</title>
// CHECK: <title>point 4: loop header (0 to 3), loop depth 0</title>
bir.func @stepped attributes {arch = #bir.arch<gen2>} {
  %w = bir.memloc "w" sbuf [128, 128]
  %x = bir.memloc "x" sbuf [128, 2048]
  %y = bir.memloc "y" sbuf [128, 2048]
  %t = bir.memloc "t" psum [128, 2048]
  bir.loop %i = 0 to 8 step 2 {
    bir.matmul %t = %w, %x latency 64
    bir.activation relu %y = %t latency 32
  }
  bir.loop %j = 0 to 3 {
    bir.matmul %t = %w, %x latency 64
    bir.activation relu %y = %t latency 32
  }
}
