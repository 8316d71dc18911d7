//===- BIRDialect.td - bir dialect definition ------------*- tablegen -*-===//
//
// The bir dialect models what the PSUM allocator reads: memory locations,
// access patterns, instructions with latencies and loops with a back-edge.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_DIALECT_BIR_BIRDIALECT_TD
#define PSUM_DIALECT_BIR_BIRDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def BIR_Dialect : Dialect {
  let name = "bir";
  let summary = "a backend IR for accelerator memory allocation";
  let description = [{
    The `bir` dialect is a small model of an accelerator backend IR: memory
    locations in SBUF, PSUM and DRAM, instructions that read and write access
    patterns of those locations, and counted loops whose bodies end in a
    back-edge. It carries exactly what the PSUM allocator needs: program
    order, loop nests, access footprints and instruction latencies.
  }];
  let cppNamespace = "::psum::bir";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
}

class BIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<BIR_Dialect, mnemonic, traits>;

class BIR_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<BIR_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class BIR_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<BIR_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

#endif // PSUM_DIALECT_BIR_BIRDIALECT_TD
