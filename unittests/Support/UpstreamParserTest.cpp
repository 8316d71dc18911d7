//===- UpstreamParserTest.cpp - parseModuleFile's errors -------------------===//
//
// parseModuleFile reports through the context's diagnostic engine, so that
// an embedder's handler sees every error (session-41 embedder audit: the
// `array<index: ...>` error and an unreadable file went to stderr).
//
//===----------------------------------------------------------------------===//

#include "Psum/InitAll.h"
#include "Psum/Support/UpstreamParser.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

/// Parses `file` with a handler that keeps every error as "line:col: text".
std::vector<std::string> parseErrors(llvm::StringRef file) {
  mlir::DialectRegistry registry;
  psum::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  std::vector<std::string> errors;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (auto loc = llvm::dyn_cast<mlir::FileLineColLoc>(diag.getLocation()))
      os << loc.getLine() << ":" << loc.getColumn() << ": ";
    os << diag.str();
    errors.push_back(text);
    return mlir::success();
  });
  llvm::SourceMgr sources;
  EXPECT_FALSE(psum::parseModuleFile(file, sources, &context));
  return errors;
}

/// A temporary file holding `text`, removed with the object.
struct TempFile {
  llvm::SmallString<128> path;
  explicit TempFile(llvm::StringRef text) {
    int fd;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("upstream-parser", "mlir",
                                                    fd, path));
    llvm::raw_fd_ostream(fd, /*shouldClose=*/true) << text;
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
};

TEST(UpstreamParser, IndexDenseArrayIsADiagnostic) {
  TempFile file("bir.func @f attributes {mine = array<index: 1>} {\n}\n");
  std::vector<std::string> errors = parseErrors(file.path);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].rfind("1:32: MLIR 22.1's parser crashes on a dense "
                            "array of 'index'",
                            0),
            0u)
      << errors[0];
}

TEST(UpstreamParser, UnreadableFileIsADiagnostic) {
  std::vector<std::string> errors =
      parseErrors("/nonexistent/psum/upstream-parser.mlir");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("/nonexistent/psum/upstream-parser.mlir"),
            std::string::npos)
      << errors[0];
}

TEST(UpstreamParser, ParseErrorIsADiagnostic) {
  TempFile file("bir.func @f attributes {arch = #bir.arch<gen9>} {\n}\n");
  EXPECT_FALSE(parseErrors(file.path).empty());
}

} // namespace
