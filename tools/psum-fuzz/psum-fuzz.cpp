//===- psum-fuzz.cpp - libFuzzer target: parse, verify, allocate ----------===//
//
// Every input is MLIR text. It is parsed as a module with the `bir` dialect
// registered, verified, and run through `psum-allocate{verify=true}` (the
// allocator followed by the independent psum-verify-allocation checker).
// Diagnostics are swallowed: rejecting an input with an error is fine; a
// crash, an assertion, a hang, a sanitizer report or an allocation the
// checker refuses is a finding.
//
// An input whose first line is `// psum-allocate: <options>` runs the pass
// with those extra options (letters, digits, `=`, `-`, `,` and spaces only;
// `report` and `trace` are refused), e.g.
//   // psum-allocate: arch=gen1 reserved-banks=3 best-of=8
//
// The pipeline is `psum-allocate{verify=true}` run in two steps (the
// allocator, then psum-verify-allocation with the same target) so that a
// checker failure after a successful allocation is told apart from an input
// the allocator refuses: it is a finding, reported by abort() with the
// diagnostics and the allocated module. One exception: an input that already
// carries spill markers (`spill_of`, `spilled`) claims to be allocator output
// the allocator keeps; the checker's spill-protocol errors on it (a marked
// location read-modify-written, a spilled value not saved or read directly)
// are the checker doing its job, not findings. Nor are checker errors under
// `loop-aware=false`, which is unsound around loops by design.
// PSUM_FUZZ_ALLOW_VERIFY_FAILURE=1 ignores every checker failure.
//
// Build: cmake ... -DCMAKE_CXX_COMPILER=clang++ -DPSUM_BUILD_FUZZER=ON, see
// docs/Testing.md.
//
//===----------------------------------------------------------------------===//

#include "Psum/InitAll.h"
#include "Psum/Support/UpstreamParser.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace mlir;

// libMLIR.so is not instrumented: LLVM headers poison memory of their
// allocators (ASan "user poisoning") in our instrumented inline copies that
// the library's copies never unpoison, a false positive.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

namespace {

const char kOptionsPrefix[] = "// psum-allocate:";

/// Extra pass options from the first line, or false if the input asks for
/// options the fuzzer refuses (files, stderr traces, other passes).
bool extraOptions(llvm::StringRef input, std::string &options) {
  if (!input.starts_with(kOptionsPrefix))
    return true;
  llvm::StringRef line =
      input.drop_front(sizeof(kOptionsPrefix) - 1).split('\n').first;
  for (char c : line)
    if (!(llvm::isAlnum(c) || c == '=' || c == '-' || c == ',' || c == ' '))
      return false;
  if (line.contains("report") || line.contains("trace"))
    return false;
  options = line.str();
  return true;
}

/// Whether `input` has a dense array (`array<T: ...>`) of an element type
/// other than 8/16/32/64-bit integers and floats: MLIR 22's parser crashes on
/// `array<index: ...>` (include/Psum/Support/UpstreamParser.h) and asserts
/// on sub-byte integers; those are not our findings.
bool hasUpstreamCrashingDenseArray(llvm::StringRef input) {
  return psum::findDenseArray(input, [](llvm::StringRef type) {
           return !llvm::is_contained(
               {"i8", "i16", "i32", "i64", "si8", "si16", "si32", "si64",
                "ui8", "ui16", "ui32", "ui64", "f16", "bf16", "f32", "f64"},
               type);
         }).has_value();
}

/// Whether `input` nests brackets deeper than MLIR's recursive-descent parser
/// can take on the fuzzer's (sanitizer-enlarged) stack: mlir-opt itself
/// overflows its stack on a few thousand nested `[`. Not our finding.
bool nestsTooDeep(llvm::StringRef input) {
  int depth = 0;
  bool quoted = false;
  for (char c : input) {
    if (c == '"')
      quoted = !quoted;
    if (quoted)
      continue;
    if (c == '[' || c == '(' || c == '{' || c == '<')
      depth++;
    else if (c == ']' || c == ')' || c == '}' || c == '>')
      depth--;
    if (depth > 256)
      return true;
  }
  return false;
}

/// The options of `options` that psum-verify-allocation shares (the target).
std::string verifierOptions(llvm::StringRef options) {
  llvm::SmallVector<llvm::StringRef> words;
  options.split(words, ' ', -1, /*KeepEmpty=*/false);
  std::string result;
  for (llvm::StringRef word : words)
    if (word.starts_with("arch=") || word.starts_with("num-banks=") ||
        word.starts_with("bank-size=") || word.starts_with("reserved-banks=") ||
        word.starts_with("uneven-rotation="))
      result += word.str() + " ";
  return result;
}

/// Whether every line of `diagnostics` is one of psum-verify-allocation's
/// spill-protocol errors.
bool protocolErrorsOnly(llvm::StringRef diagnostics) {
  llvm::SmallVector<llvm::StringRef> lines;
  diagnostics.split(lines, '\n', -1, /*KeepEmpty=*/false);
  return llvm::all_of(lines, [](llvm::StringRef line) {
    return line.contains("' was spilled") ||
           line.contains("' is not saved after this write") ||
           line.contains("' instead of a reload");
  });
}

DialectRegistry &registry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    psum::registerAllDialects(*r);
    psum::registerAllPasses();
    return r;
  }();
  return *registry;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  std::string options;
  if (!extraOptions(input, options) || hasUpstreamCrashingDenseArray(input) ||
      nestsTooDeep(input))
    return -1; // not added to the corpus

  MLIRContext context(registry(), MLIRContext::Threading::DISABLED);
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      diagnostics += diag.str() + "\n";
    return success();
  });

  // MLIR's lexer reads the byte after the buffer, expecting the NUL that
  // files read by MemoryBuffer have: libFuzzer's data has none.
  std::string text = input.str();
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(llvm::StringRef(text.c_str(), size), config);
  if (!module || failed(verify(*module)))
    return 0;
  bool markers = false;
  module->walk([&](Operation *op) {
    if (op->hasAttr("spill_of") || op->hasAttr("spilled"))
      markers = true;
  });

  // psum-allocate{verify=true ...}, in two steps so that a checker failure
  // after a successful allocation is told apart from a refused input.
  PassManager allocate(&context, ModuleOp::getOperationName());
  if (failed(parsePassPipeline("psum-allocate{" + options + "}", allocate,
                               llvm::nulls())))
    return -1;
  if (failed(allocate.run(*module)))
    return 0;
  diagnostics.clear();
  PassManager check(&context, ModuleOp::getOperationName());
  if (failed(parsePassPipeline("bir.func(psum-verify-allocation{" +
                                   verifierOptions(options) + "})",
                               check)))
    return -1;
  if (succeeded(check.run(*module)))
    return 0;
  if (const char *allow = std::getenv("PSUM_FUZZ_ALLOW_VERIFY_FAILURE"))
    if (*allow && *allow != '0')
      return 0;
  if (markers && protocolErrorsOnly(diagnostics))
    return 0;
  // loop-aware=false is the seed's loop-blind twin: it does not protect
  // values live around a back-edge, by design (docs/PsumAllocate.md).
  if (llvm::StringRef(options).contains("loop-aware=false"))
    return 0;
  fprintf(stderr,
          "psum-fuzz: psum-allocate succeeded but psum-verify-allocation "
          "rejects the allocation:\n%s",
          diagnostics.c_str());
  module->print(llvm::errs());
  llvm::errs() << "\n";
  llvm::errs().flush();
  abort();
}
