//===- BIRAttrs.td - bir enums and attributes ------------*- tablegen -*-===//

#ifndef PSUM_DIALECT_BIR_BIRATTRS_TD
#define PSUM_DIALECT_BIR_BIRATTRS_TD

include "Psum/Dialect/BIR/BIRDialect.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// MemorySpace
//===----------------------------------------------------------------------===//

// Values follow the seed's bir::MemoryType where it names them (PSUM = 32).
def BIR_MemorySpace : I32EnumAttr<"MemorySpace", "memory space of a location", [
    I32EnumAttrCase<"dram", 1>,
    I32EnumAttrCase<"sbuf", 16>,
    I32EnumAttrCase<"psum", 32>
  ]> {
  let cppNamespace = "::psum::bir";
}

//===----------------------------------------------------------------------===//
// ActivationFunc
//===----------------------------------------------------------------------===//

def BIR_ActivationFunc : I32EnumAttr<"ActivationFunc",
    "function an activation instruction applies", [
    I32EnumAttrCase<"identity", 0>,
    I32EnumAttrCase<"relu", 1>,
    I32EnumAttrCase<"gelu", 2>,
    I32EnumAttrCase<"silu", 3>,
    I32EnumAttrCase<"exp", 4>,
    I32EnumAttrCase<"tanh", 5>,
    I32EnumAttrCase<"sigmoid", 6>,
    I32EnumAttrCase<"square", 7>
  ]> {
  let cppNamespace = "::psum::bir";
}

//===----------------------------------------------------------------------===//
// ArchAttr
//===----------------------------------------------------------------------===//

def BIR_ArchGen : I32EnumAttr<"ArchGen", "accelerator generation", [
    I32EnumAttrCase<"gen1", 1>,
    I32EnumAttrCase<"gen2", 2>,
    I32EnumAttrCase<"gen3", 3>,
    I32EnumAttrCase<"gen4", 4>
  ]> {
  let cppNamespace = "::psum::bir";
  let genSpecializedAttr = 0;
}

def BIR_ArchAttr : BIR_Attr<"Arch", "arch"> {
  let summary = "target architecture and its PSUM geometry";
  let description = [{
    Names the accelerator generation a function targets. The generation fixes
    the PSUM geometry: gen1 has 4 banks of 2048 bytes and 64 partitions;
    gen2, gen3 and gen4 have 8 banks of 2048 bytes and 128 partitions. The
    bank count, bank size and partition count can be overridden for
    experiments; overrides equal to the generation's default are not printed.

    Example:

    ```mlir
    #bir.arch<gen2>
    #bir.arch<gen2, banks = 7>
    #bir.arch<gen1, banks = 4, bank_size = 1024, partitions = 64>
    ```
  }];
  let parameters = (ins "ArchGen":$gen, "unsigned":$numBanks,
                        "unsigned":$bankSize, "unsigned":$partitions);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "ArchGen":$gen), [{
      return $_get($_ctxt, gen, defaultNumBanks(gen), defaultBankSize(gen),
                   defaultPartitions(gen));
    }]>
  ];
  let extraClassDeclaration = [{
    static unsigned defaultNumBanks(ArchGen gen);
    static unsigned defaultBankSize(ArchGen gen);
    static unsigned defaultPartitions(ArchGen gen);
  }];
}

//===----------------------------------------------------------------------===//
// AccessAttr
//===----------------------------------------------------------------------===//

def BIR_AccessAttr : BIR_Attr<"Access", "ap"> {
  let summary = "access pattern: the footprint an instruction touches";
  let description = [{
    An access pattern selects partitions `[partOffset, partOffset + partSize)`
    and bytes `[byteOffset, byteOffset + byteSize)` of one or all blocks of a
    memory location. The block is either all blocks (`blockIv = -1`,
    `blockOffset = -1`), a constant block (`blockIv = -1`,
    `blockOffset = c`), or `iv + blockOffset` where `iv` is the loop
    induction variable operand number `blockIv` of the instruction.

    The ranges may move with a loop (NKI's `nl.ds(i * 512, 512)`): where
    `sliceIv` names induction variable operand `i`, the partitions start at
    `partOffset + partStride * i` and the bytes at
    `byteOffset + byteStride * i` (`sliceIv = -1`, the default, keeps them
    fixed; the strides are then 0).

    The custom form of instructions prints access patterns as slices
    `%loc[pstart:pend, bstart:bend, block]` with exclusive ends, e.g.
    `%acc[0:128, 0:2048, %k + 1]` or `%acc[0:128, %i * 512 : %i * 512 + 512]`;
    a bare `%loc` is the whole location.

    Example (the generic form of `%acc[0:128, 0:2048, %k + 1]` when `%k` is
    the instruction's first induction variable operand, and of
    `%acc[0:128, %k * 512 : %k * 512 + 512]`):

    ```mlir
    #bir.ap<0, 128, 0, 2048, 0, 1>
    #bir.ap<0, 128, 0, 512, -1, -1, 0, 0, 512>
    ```
  }];
  let parameters = (ins "int64_t":$partOffset, "int64_t":$partSize,
                        "int64_t":$byteOffset, "int64_t":$byteSize,
                        "int64_t":$blockIv, "int64_t":$blockOffset,
                        DefaultValuedParameter<"int64_t", "-1">:$sliceIv,
                        DefaultValuedParameter<"int64_t", "0">:$partStride,
                        DefaultValuedParameter<"int64_t", "0">:$byteStride);
  // `<` six fields (`,` sliceIv `,` partStride `,` byteStride)? `>`: the
  // moving part is printed whole or not at all (a generated format would
  // leave out a stride of 0 inside it).
  let hasCustomAssemblyFormat = 1;
  let builders = [
    AttrBuilder<(ins "int64_t":$partOffset, "int64_t":$partSize,
                     "int64_t":$byteOffset, "int64_t":$byteSize,
                     "int64_t":$blockIv, "int64_t":$blockOffset), [{
      return $_get($_ctxt, partOffset, partSize, byteOffset, byteSize,
                   blockIv, blockOffset, /*sliceIv=*/-1, /*partStride=*/0,
                   /*byteStride=*/0);
    }]>
  ];
  let extraClassDeclaration = [{
    bool allBlocks() const { return getBlockIv() < 0 && getBlockOffset() < 0; }
    bool hasIvBlock() const { return getBlockIv() >= 0; }
    /// Whether the ranges move with an induction variable.
    bool hasIvSlice() const { return getSliceIv() >= 0; }
    /// This pattern with its induction variable operands renumbered: the
    /// block's to `blockIv`, the ranges' to `sliceIv` (each kept where the
    /// pattern has none).
    AccessAttr withIvs(int64_t blockIv, int64_t sliceIv) const;
  }];
}

#endif // PSUM_DIALECT_BIR_BIRATTRS_TD
