//===- UpstreamParser.h - inputs MLIR 22.1's parser cannot take -*- C++ -*-===//
//
// MLIR 22.1's parser crashes on a dense array of `index` (`array<index:
// ...>`, llvm/llvm-project#179045, fixed upstream after 22.1), in any
// attribute, `mlir-opt` too. The tools look for such arrays before they
// parse: psum-opt, psum-ilp and psum-check report them as an error,
// psum-fuzz skips them.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_SUPPORT_UPSTREAMPARSER_H
#define PSUM_SUPPORT_UPSTREAMPARSER_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"

#include <optional>
#include <string_view>

namespace psum {

/// The offset in `text` of the first dense array (`array<T`) whose element
/// type T `rejects`, outside comments and string literals. Neither spans
/// lines in MLIR, so only the line before a candidate is read: the scan
/// costs little more than a search for "array" (about 30 ms on a 134 MB
/// kernel).
inline std::optional<size_t>
findDenseArray(llvm::StringRef text,
               llvm::function_ref<bool(llvm::StringRef)> rejects) {
  auto isIdentifier = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  };
  // Whether the end of `line` is inside a comment or a string.
  auto quoted = [](llvm::StringRef line) {
    bool inString = false;
    for (size_t i = 0; i < line.size(); ++i) {
      if (inString && line[i] == '\\')
        ++i;
      else if (line[i] == '"')
        inString = !inString;
      else if (!inString && line.substr(i).starts_with("//"))
        return true;
    }
    return inString;
  };
  // std::string_view's search (memchr) is several times StringRef's here.
  std::string_view view(text.data(), text.size());
  for (size_t pos = view.find("array"); pos != std::string_view::npos;
       pos = view.find("array", pos + 1)) {
    if (pos > 0 && isIdentifier(text[pos - 1]))
      continue;
    llvm::StringRef rest = text.drop_front(pos + 5).ltrim();
    if (!rest.consume_front("<") ||
        !rejects(rest.ltrim().take_while(isIdentifier)))
      continue;
    size_t lineStart = text.rfind('\n', pos);
    lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
    if (!quoted(text.slice(lineStart, pos)))
      return pos;
  }
  return std::nullopt;
}

/// The offset of the first `array<index: ...>`, which MLIR 22.1's parser
/// crashes on.
inline std::optional<size_t> findIndexDenseArray(llvm::StringRef text) {
  return findDenseArray(text,
                        [](llvm::StringRef type) { return type == "index"; });
}

/// What the tools say about an `array<index: ...>`.
inline constexpr llvm::StringLiteral kIndexDenseArrayError =
    "MLIR 22.1's parser crashes on a dense array of 'index' "
    "(llvm/llvm-project#179045): write array<i64: ...> instead";

/// Reports the first `array<index: ...>` of buffer `bufferId` as an error at
/// the array and returns true; returns false where there is none.
inline bool reportIndexDenseArray(const llvm::SourceMgr &sources,
                                  unsigned bufferId) {
  llvm::StringRef text = sources.getMemoryBuffer(bufferId)->getBuffer();
  std::optional<size_t> offset = findIndexDenseArray(text);
  if (!offset)
    return false;
  sources.PrintMessage(llvm::SMLoc::getFromPointer(text.data() + *offset),
                       llvm::SourceMgr::DK_Error, kIndexDenseArrayError);
  return true;
}

/// parseSourceFile<ModuleOp> for the tools and for embedders: `file` ("-"
/// is standard input) is read into `sources`, and an `array<index: ...>` is
/// an error instead of the crash. Returns null where it does not parse;
/// every error, a file that cannot be opened too, goes to `context`'s
/// diagnostic engine (a ScopedDiagnosticHandler sees it, a
/// SourceMgrDiagnosticHandler on `sources` shows the line).
inline mlir::OwningOpRef<mlir::ModuleOp>
parseModuleFile(llvm::StringRef file, llvm::SourceMgr &sources,
                mlir::MLIRContext *context) {
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(file, &errorMessage);
  if (!input) {
    mlir::emitError(mlir::FileLineColLoc::get(context, file, 0, 0))
        << errorMessage;
    return nullptr;
  }
  unsigned bufferId = sources.AddNewSourceBuffer(std::move(input), {});
  const llvm::MemoryBuffer *buffer = sources.getMemoryBuffer(bufferId);
  if (std::optional<size_t> offset = findIndexDenseArray(buffer->getBuffer())) {
    auto [line, column] = sources.getLineAndColumn(
        llvm::SMLoc::getFromPointer(buffer->getBufferStart() + *offset),
        bufferId);
    mlir::emitError(mlir::FileLineColLoc::get(
        context, buffer->getBufferIdentifier(), line, column))
        << kIndexDenseArrayError;
    return nullptr;
  }
  return mlir::parseSourceFile<mlir::ModuleOp>(sources, context);
}
} // namespace psum

#endif // PSUM_SUPPORT_UPSTREAMPARSER_H
