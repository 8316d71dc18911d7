//===- UpstreamParser.h - inputs MLIR 22.1's parser cannot take -*- C++ -*-===//
//
// MLIR 22.1's parser crashes on a dense array of `index` (`array<index:
// ...>`, llvm/llvm-project#179045, fixed upstream after 22.1), in any
// attribute, `mlir-opt` too. The tools look for such arrays before they
// parse: psum-opt reports them as an error, psum-fuzz skips them.
//
//===----------------------------------------------------------------------===//

#ifndef PSUM_SUPPORT_UPSTREAMPARSER_H
#define PSUM_SUPPORT_UPSTREAMPARSER_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace psum {

/// The offset in `text` of the first dense array (`array<T`) whose element
/// type T `rejects`, outside comments and string literals.
inline std::optional<size_t>
findDenseArray(llvm::StringRef text,
               llvm::function_ref<bool(llvm::StringRef)> rejects) {
  auto isIdentifier = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  };
  for (size_t pos = 0; pos < text.size(); ++pos) {
    char c = text[pos];
    if (c == '/' && text.substr(pos).starts_with("//")) {
      pos = std::min(text.find('\n', pos), text.size());
      continue;
    }
    if (c == '"') {
      // To the closing quote; a backslash escapes the next character.
      for (++pos; pos < text.size() && text[pos] != '"'; ++pos)
        if (text[pos] == '\\')
          ++pos;
      continue;
    }
    if (!text.substr(pos).starts_with("array") ||
        (pos > 0 && isIdentifier(text[pos - 1])))
      continue;
    llvm::StringRef rest = text.drop_front(pos + 5).ltrim();
    if (!rest.consume_front("<"))
      continue;
    rest = rest.ltrim();
    llvm::StringRef type = rest.take_while(isIdentifier);
    if (rejects(type))
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

} // namespace psum

#endif // PSUM_SUPPORT_UPSTREAMPARSER_H
