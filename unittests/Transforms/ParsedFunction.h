//===- ParsedFunction.h - a bir function parsed from a string ---*- C++ -*-===//
//
// The phases up to the live ranges read IR: tests parse a gen2 function
// from a string, linearize it and build its problem.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_UNITTESTS_TRANSFORMS_PARSEDFUNCTION_H
#define PSUM_UNITTESTS_TRANSFORMS_PARSEDFUNCTION_H

#include "Psum/InitAll.h"
#include "Psum/Transforms/Allocator.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

namespace psum::alloc::testing {

class ParsedFunctionTest : public ::testing::Test {
protected:
  ParsedFunctionTest() : context(registry()) {
    context.loadAllAvailableDialects();
  }

  static mlir::DialectRegistry registry() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    return registry;
  }

  /// Parses `body` as the body of a gen2 function and linearizes it.
  mlir::LogicalResult parse(llvm::StringRef body) {
    std::string text = "bir.func @f attributes {arch = #bir.arch<gen2>} {\n" +
                       body.str() + "}\n";
    module = mlir::parseSourceString<mlir::ModuleOp>(text, &context);
    if (!module)
      return mlir::failure();
    func = *module->getOps<bir::FuncOp>().begin();
    mlir::FailureOr<Geometry> resolved = resolveGeometry(func, "", 0, 0, {});
    if (mlir::failed(resolved))
      return mlir::failure();
    geometry = *resolved;
    lf = linearize(func);
    return mlir::success();
  }

  /// parse, then the live ranges (`failure` says why not).
  mlir::FailureOr<Problem> build(llvm::StringRef body) {
    if (mlir::failed(parse(body)))
      return mlir::failure();
    return buildLiveRanges(lf, geometry, /*loopAware=*/true, failure);
  }

  /// The node of the location called `name`.
  static unsigned nodeOf(const Problem &problem, llvm::StringRef name) {
    for (auto [v, node] : llvm::enumerate(problem.nodes))
      if (node.name == name)
        return unsigned(v);
    ADD_FAILURE() << "no node " << name.str();
    return 0;
  }

  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  bir::FuncOp func;
  Geometry geometry;
  LinearFunction lf;
  Failure failure;
};

} // namespace psum::alloc::testing

#endif // PSUM_UNITTESTS_TRANSFORMS_PARSEDFUNCTION_H
