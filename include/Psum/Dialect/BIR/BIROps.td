//===- BIROps.td - bir operations ------------------------*- tablegen -*-===//

#ifndef PSUM_DIALECT_BIR_BIROPS_TD
#define PSUM_DIALECT_BIR_BIROPS_TD

include "Psum/Dialect/BIR/BIRDialect.td"
include "Psum/Dialect/BIR/BIRAttrs.td"
include "Psum/Dialect/BIR/BIRInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def BIR_MemLocType : BIR_Type<"MemLoc", "memloc"> {
  let summary = "handle to a memory location";
  let description = [{
    The value of a `bir.memloc` op. Instructions name the location they
    access through it; the geometry lives on the defining op.
  }];
}

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

def BIR_FuncOp : BIR_Op<"func", [Symbol, IsolatedFromAbove, SingleBlock,
                                 NoTerminator, NoRegionArguments]> {
  let summary = "a kernel function: memory locations and instructions";
  let description = [{
    A function holds memory locations, instructions and loops in program
    order; no other op may appear in its body or in its loops. Its `arch`
    attribute names the target and so the PSUM geometry the allocator colors
    against. Functions are independent of each other. Location names are
    unique within a function.

    `reserved_banks` (optional, increasing) lists PSUM banks the function
    must leave free, e.g. banks another kernel or the runtime holds: the
    allocator places nothing there. `psum-allocate` writes the banks it left
    free (this list and its `reserved-banks` option) here, so that the tools
    that read its output see them.

    `uneven_rotation` (a unit attribute) says that a location's blocks may
    rotate over a number of banks that does not divide the block count
    (`psum-allocate`'s `uneven-rotation` option, which it records here, so
    that the checker, the summary, the timeline and a second run accept
    such banks without the option repeated).

    PSUM has no initial contents: in program order (loop bodies taken once),
    every read of a PSUM location must come after some write to it. The
    destination of a `+=` matmul is exempt: it starts its accumulation group.

    Example:

    ```mlir
    bir.func @mm attributes {arch = #bir.arch<gen2>} {
      %acc = bir.memloc "acc" psum [128, 2048]
      ...
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, BIR_ArchAttr:$arch,
                       OptionalAttr<DenseI64ArrayAttr>:$reserved_banks,
                       UnitAttr:$uneven_rotation);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  // `verify` checks the body's structure before the nested ops are verified;
  // `verifyRegions` checks PSUM dataflow once every instruction is known to
  // be well formed.
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name, "ArchAttr":$arch)>];
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

//===----------------------------------------------------------------------===//
// MemLocOp
//===----------------------------------------------------------------------===//

def BIR_MemLocOp : BIR_Op<"memloc", [Pure, HasParent<"FuncOp">,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "a memory location (the seed's MemoryLocationSet)";
  let description = [{
    Declares a tensor in one memory space: `partitions` partitions of
    `bytes` bytes each, per block, and `blocks` blocks (default 1), at the
    top of a `bir.func` body (a location lives for the whole function). In PSUM
    every block occupies whole banks: `ceil(bytes / bank size)` of them.

    The allocator writes `base_bank` (the first bank) and `banks` (the first
    bank of every block) on each PSUM location it colors. A user may pin a
    location with `pin = B`: the allocator then places it at base bank `B`
    or reports why it cannot. `buffers = K` makes the blocks of a PSUM
    location rotate over at least K places (block k in place k mod K), as
    many as their liveness needs if that is more: double buffering (K = 2)
    lets the PE fill one bank while another engine drains the last, where
    the allocator would otherwise reuse one bank for blocks used in turn.

    Example:

    ```mlir
    %acc  = bir.memloc "acc" psum [128, 2048]
    %tile = bir.memloc "tile" psum [128, 2048] x 4 {pin = 4}
    %pipe = bir.memloc "pipe" psum [128, 2048] x 8 {buffers = 2}
    %out  = bir.memloc "out" psum [128, 2048] {banks = array<i64: 3>, base_bank = 3}
    ```
  }];
  let arguments = (ins StrAttr:$name, BIR_MemorySpace:$space,
                       I64Attr:$partitions, I64Attr:$bytes,
                       OptionalAttr<I64Attr>:$blocks,
                       OptionalAttr<I64Attr>:$pin,
                       OptionalAttr<I64Attr>:$base_bank,
                       OptionalAttr<DenseI64ArrayAttr>:$banks,
                       OptionalAttr<I64Attr>:$buffers);
  let results = (outs BIR_MemLocType:$result);
  let builders = [
    // A location before allocation, as a frontend declares it (no pin, no
    // banks): `MemLocOp::create(builder, loc, "acc", MemorySpace::psum, 128,
    // 2048)`.
    OpBuilder<(ins "::llvm::StringRef":$name, "MemorySpace":$space,
                   "int64_t":$partitions, "int64_t":$bytes,
                   CArg<"int64_t", "1">:$blocks), [{
      build($_builder, $_state, MemLocType::get($_builder.getContext()),
            $_builder.getStringAttr(name),
            MemorySpaceAttr::get($_builder.getContext(), space),
            $_builder.getI64IntegerAttr(partitions),
            $_builder.getI64IntegerAttr(bytes),
            blocks == 1 ? IntegerAttr() : $_builder.getI64IntegerAttr(blocks),
            /*pin=*/nullptr, /*base_bank=*/nullptr, /*banks=*/nullptr,
            /*buffers=*/nullptr);
    }]>
  ];
  // `$name $space [$partitions, $bytes] (x $blocks)? attr-dict`, written by
  // hand: the generated printer builds a dictionary of the properties for
  // every location it prints.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Number of blocks; 1 when the attribute is absent.
    int64_t getNumBlocks() { return getBlocks().value_or(1); }
    bool isPsum() { return getSpace() == MemorySpace::psum; }
  }];
}

//===----------------------------------------------------------------------===//
// LoopOp and BackEdgeOp
//===----------------------------------------------------------------------===//

def BIR_BackEdgeOp : BIR_Op<"backedge", [Terminator, HasParent<"LoopOp">, Pure]> {
  let summary = "loop back-edge (the seed's InstLoop, opcode 105)";
  let description = [{
    Ends a loop body: control returns to the loop header. The allocator
    anchors the last use of a value live around the loop here. The custom
    form of `bir.loop` leaves it implicit.
  }];
  let assemblyFormat = "attr-dict";
}

def BIR_LoopOp : BIR_Op<"loop", [SingleBlockImplicitTerminator<"BackEdgeOp">,
                                 ParentOneOf<["FuncOp", "LoopOp"]>,
                                 RecursiveMemoryEffects]> {
  let summary = "counted loop with an induction variable";
  let description = [{
    Runs its body for `iv = lower, lower + step, ..., < upper`. The body's
    single block has the induction variable (of type `index`) as argument
    and ends in `bir.backedge`. Loops nest. Bounds are signed; the step must
    be positive and the loop must run at least once.

    Example:

    ```mlir
    bir.loop %k = 0 to 8 {
      bir.matmul %acc += %w, %x[0:128, 0:2048, %k] latency 64
    }
    ```
  }];
  let arguments = (ins I64Attr:$lower, I64Attr:$upper,
                       DefaultValuedAttr<I64Attr, "1">:$step);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "int64_t":$lower, "int64_t":$upper,
                                 "int64_t":$step)>];
  let extraClassDeclaration = [{
    ::mlir::Value getInductionVar() { return getBody().front().getArgument(0); }
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
    /// The bounds and the step, signed even though the generated getters
    /// return `uint64_t`; read once, as each getter unpacks an attribute.
    struct Bounds {
      int64_t lower, upper, step;
      /// Number of iterations; 0 for a malformed loop.
      int64_t tripCount() const {
        if (step <= 0 || upper <= lower)
          return 0;
        // The span fits in 64 unsigned bits; the verifier rejects loops
        // whose trip count does not fit in `int64_t`.
        uint64_t span = static_cast<uint64_t>(upper) - static_cast<uint64_t>(lower);
        uint64_t ustep = static_cast<uint64_t>(step);
        return static_cast<int64_t>(span / ustep + (span % ustep != 0));
      }
      /// Value of the induction variable in the last iteration.
      int64_t lastIv() const {
        return static_cast<int64_t>(static_cast<uint64_t>(lower) +
                                    static_cast<uint64_t>(tripCount() - 1) *
                                        static_cast<uint64_t>(step));
      }
    };
    Bounds getBounds() {
      return {static_cast<int64_t>(getLower()),
              static_cast<int64_t>(getUpper()),
              static_cast<int64_t>(getStep())};
    }
    int64_t getTripCount() { return getBounds().tripCount(); }
    int64_t getLastIv() { return getBounds().lastIv(); }
  }];
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

// Every instruction keeps its accesses the same way: location operands
// `locs`, loop induction variables `ivs` that block indices refer to, one
// access pattern per location in `aps`, and a cycle `latency`.
class BIR_InstructionOp<string mnemonic, dag extraArgs, list<Trait> traits = []>
    : BIR_Op<mnemonic, traits # [AttrSizedOperandSegments,
        ParentOneOf<["FuncOp", "LoopOp"]>,
        DeclareOpInterfaceMethods<BIR_InstructionInterface, ["getAccessKind"]>]> {
  let arguments = !con((ins Variadic<BIR_MemLocType>:$locs,
                            Variadic<Index>:$ivs,
                            TypedArrayAttrBase<BIR_AccessAttr, "access patterns">:$aps,
                            I64Attr:$latency), extraArgs);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def BIR_MatmulOp : BIR_InstructionOp<"matmul",
                                     (ins UnitAttr:$accumulate, UnitAttr:$start)> {
  let summary = "PE-array matrix multiply into PSUM";
  let description = [{
    Multiplies `lhs` by `rhs` (both outside PSUM) and writes the product to
    a PSUM access pattern. With `+=` the product accumulates: the matmul
    reads and writes the same location, and the matmuls adding into one
    part of a location form an accumulation group. A `+=` that no earlier
    write touches (program order, loop bodies once) starts its group,
    overwriting, in the first iteration of its innermost loop (the
    hardware's start flag), or in every iteration when its block follows
    that loop's induction variable (each iteration names a block, and a
    group, of its own). `start` after the operands makes a `+=` start its
    group even where earlier writes touched the location (an accumulator
    reused by a second K loop): the hardware's start flag, given rather
    than inferred.

    Example:

    ```mlir
    bir.matmul %acc[0:128, 0:2048] = %w, %x[0:128, 0:2048, 0] latency 64
    bir.matmul %acc[0:128, 0:2048] += %w, %x[0:128, 0:2048, %k] latency 64
    bir.matmul %acc[0:128, 0:2048] += %w, %x[0:128, 0:2048, %k] start latency 64
    ```
  }];
  let extraClassDeclaration = [{
    static constexpr unsigned kDst = 0, kLhs = 1, kRhs = 2;
  }];
}

def BIR_ActivationOp : BIR_InstructionOp<"activation", (ins BIR_ActivationFunc:$func)> {
  let summary = "scalar-engine activation draining PSUM";
  let description = [{
    Applies `func` to a PSUM access pattern and writes the result to a
    location outside PSUM (the usual drain of a matmul result to SBUF).

    Example:

    ```mlir
    bir.activation relu %y = %acc latency 32
    ```
  }];
}

def BIR_TensorCopyOp : BIR_InstructionOp<"tensor_copy", (ins UnitAttr:$cast)> {
  let summary = "copy between locations (the spill and reload carrier)";
  let description = [{
    Copies one access pattern into another of the same footprint size,
    between any memory spaces. The PSUM allocator saves a spilled value with
    a `tensor_copy` out of PSUM and reloads it with a `tensor_copy` back into
    PSUM; a `tensor_copy` that reads a spilled value is pointed at the saved
    copy instead of a reload (the seed's load2Copy).

    `cast` after the source marks a copy that converts the element type (a
    drain of fp32 sums into bf16): the partitions match and the byte sizes
    are in a ratio of 1, 2 or 4. The allocator never saves or reloads with
    one.

    Example:

    ```mlir
    bir.tensor_copy %acc_SpillTensorCopy0 = %acc latency 32
    bir.tensor_copy %y[0:128, 0:1024] = %acc[0:128, 0:2048] cast latency 32
    ```
  }];
}

def BIR_InstOp : BIR_InstructionOp<"inst", (ins StrAttr:$opcode, I64Attr:$num_writes)> {
  let summary = "generic instruction with explicit read and write lists";
  let description = [{
    Any other instruction: the first `num_writes` accesses are written, the
    rest are read.

    Example:

    ```mlir
    bir.inst "transpose" writes(%t) reads(%a[0:128, 0:512]) latency 40
    ```
  }];
}

#endif // PSUM_DIALECT_BIR_BIROPS_TD
