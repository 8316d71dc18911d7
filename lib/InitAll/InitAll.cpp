//===- InitAll.cpp - Register everything Psum provides --------------------===//

#include "Psum/InitAll.h"

#include "Psum/Dialect/BIR/BIRDialect.h"
#include "Psum/Dialect/BIR/BIROps.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <mutex>

using namespace mlir;

void psum::registerAllDialects(DialectRegistry &registry) {
  registry.insert<bir::BIRDialect>();
}

void psum::buildPsumPipeline(OpPassManager &pm,
                             const PsumPipelineOptions &options) {
  PsumAllocatePassOptions allocate;
  allocate.arch = options.arch;
  allocate.numBanks = options.numBanks;
  allocate.bankSize = options.bankSize;
  allocate.reservedBanks.assign(options.reservedBanks.begin(),
                                options.reservedBanks.end());
  allocate.bestOf = options.bestOf;
  allocate.heuristic = options.heuristic;
  allocate.loopAware = options.loopAware;
  allocate.spillSpace = options.spillSpace;
  allocate.loadToCopy = options.loadToCopy;
  allocate.unevenRotation = options.unevenRotation;
  allocate.copyLatency = options.copyLatency;
  allocate.remarks = options.remarks;
  allocate.reportFile = options.reportFile;
  pm.addPass(createPsumAllocatePass(std::move(allocate)));

  // The independent checker, on every function, with the same target.
  PsumVerifyAllocationPassOptions verify;
  verify.arch = options.arch;
  verify.numBanks = options.numBanks;
  verify.bankSize = options.bankSize;
  verify.unevenRotation = options.unevenRotation;
  verify.reservedBanks.assign(options.reservedBanks.begin(),
                              options.reservedBanks.end());
  pm.addNestedPass<bir::FuncOp>(
      createPsumVerifyAllocationPass(std::move(verify)));
}

void psum::buildPsumPipeline(OpPassManager &pm) {
  PsumPipelineOptions options;
  buildPsumPipeline(pm, options);
}

void psum::registerAllPasses() {
  // The pipeline registry refuses a second registration of the same name, so
  // register once however many tools or libraries call this.
  static std::once_flag once;
  std::call_once(once, [] {
    registerPsumPasses();
    PassPipelineRegistration<PsumPipelineOptions>(
        "psum-pipeline",
        "allocate PSUM banks (psum-allocate), then check the allocation "
        "(psum-verify-allocation)",
        [](OpPassManager &pm, const PsumPipelineOptions &options) {
          buildPsumPipeline(pm, options);
        });
  });
}
