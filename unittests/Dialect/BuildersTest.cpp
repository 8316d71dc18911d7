//===- BuildersTest.cpp - the bir ops' C++ builders ------------------------===//
//
// The builders an embedder or a frontend calls to declare a kernel without
// writing the attributes out (session-41 embedder audit: a location took
// its result type and four nulls).
//
//===----------------------------------------------------------------------===//

#include "Psum/Dialect/BIR/BIRDialect.h"
#include "Psum/Dialect/BIR/BIROps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace psum;

std::string print(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

TEST(Builders, MemLocWithoutAttributes) {
  mlir::MLIRContext context;
  context.loadDialect<bir::BIRDialect>();
  mlir::OpBuilder builder(&context);
  mlir::Location loc = builder.getUnknownLoc();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  auto func = bir::FuncOp::create(
      builder, loc, "f", bir::ArchAttr::get(&context, bir::ArchGen::gen2));
  builder.setInsertionPointToEnd(&func.getBody().front());
  auto acc = bir::MemLocOp::create(builder, loc, "acc", bir::MemorySpace::psum,
                                   128, 2048);
  auto tiles = bir::MemLocOp::create(builder, loc, "tiles",
                                     bir::MemorySpace::psum, 128, 2048, 4);
  ASSERT_TRUE(mlir::succeeded(mlir::verify(*module)));
  EXPECT_EQ(print(acc), "%acc = bir.memloc \"acc\" psum [128, 2048]");
  EXPECT_EQ(print(tiles), "%tiles = bir.memloc \"tiles\" psum [128, 2048] x 4");
  EXPECT_EQ(acc.getNumBlocks(), 1);
  EXPECT_FALSE(acc.getPin() || acc.getBaseBank() || acc.getBanks());
}

} // namespace
