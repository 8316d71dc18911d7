//===- BIRInterfaces.td - bir op interfaces --------------*- tablegen -*-===//

#ifndef PSUM_DIALECT_BIR_BIRINTERFACES_TD
#define PSUM_DIALECT_BIR_BIRINTERFACES_TD

include "mlir/IR/OpBase.td"

def BIR_InstructionInterface : OpInterface<"InstructionOpInterface"> {
  let cppNamespace = "::psum::bir";
  let description = [{
    An instruction: it takes cycles (`latency`) and reads or writes access
    patterns of memory locations. All instruction ops store their accesses
    the same way (operands `locs` and `ivs`, attribute `aps`); each op says
    which of its accesses read and which write.
  }];
  let methods = [
    InterfaceMethod<"How access number `index` uses its location.",
      "::psum::bir::AccessKind", "getAccessKind", (ins "unsigned":$index)>,
    InterfaceMethod<"Cycles the instruction takes.",
      "int64_t", "getLatencyCycles", (ins), [{}], [{
        return static_cast<int64_t>($_op.getLatency());
      }]>,
    InterfaceMethod<"Access number `index`, in operand order.",
      "::psum::bir::Access", "getAccess", (ins "unsigned":$index), [{}], [{
        return ::psum::bir::detail::accessAt($_op.getAps(), $_op.getLocs(),
                                             $_op.getIvs(),
                                             $_op.getAccessKind(index), index);
      }]>,
    InterfaceMethod<"All accesses of the instruction, in operand order.",
      "::psum::bir::AccessList", "getAccesses", (ins), [{}], [{
        // The operand segments and the patterns are looked up once: every
        // phase of the allocator and the verifier list the accesses.
        ::mlir::ArrayAttr aps = $_op.getAps();
        ::mlir::OperandRange locs = $_op.getLocs(), ivs = $_op.getIvs();
        ::psum::bir::AccessList result;
        for (unsigned i = 0, e = aps.size(); i < e; ++i)
          result.push_back(::psum::bir::detail::accessAt(
              aps, locs, ivs, $_op.getAccessKind(i), i));
        return result;
      }]>,
  ];
  let verify = [{ return ::psum::bir::detail::verifyInstruction($_op); }];
}

#endif // PSUM_DIALECT_BIR_BIRINTERFACES_TD
