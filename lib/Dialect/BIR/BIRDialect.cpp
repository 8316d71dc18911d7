//===- BIRDialect.cpp - bir dialect, types and attributes -----------------===//

#include "Psum/Dialect/BIR/BIROps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

#include <limits>

using namespace mlir;
using namespace psum::bir;

#include "Psum/Dialect/BIR/BIROpsDialect.cpp.inc"
#include "Psum/Dialect/BIR/BIREnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Psum/Dialect/BIR/BIRAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "Psum/Dialect/BIR/BIROpsTypes.cpp.inc"

Attribute AccessAttr::parse(AsmParser &parser, Type) {
  std::array<int64_t, 9> fields = {0, 0, 0, 0, 0, 0, -1, 0, 0};
  if (parser.parseLess())
    return {};
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i && i != 6 && parser.parseComma())
      return {};
    // The moving part: all three fields or none.
    if (i == 6 && failed(parser.parseOptionalComma()))
      break;
    if (parser.parseInteger(fields[i]))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return AccessAttr::get(parser.getContext(), fields[0], fields[1], fields[2],
                         fields[3], fields[4], fields[5], fields[6], fields[7],
                         fields[8]);
}

void AccessAttr::print(AsmPrinter &printer) const {
  printer << '<' << getPartOffset() << ", " << getPartSize() << ", "
          << getByteOffset() << ", " << getByteSize() << ", " << getBlockIv()
          << ", " << getBlockOffset();
  if (getSliceIv() != -1 || getPartStride() || getByteStride())
    printer << ", " << getSliceIv() << ", " << getPartStride() << ", "
            << getByteStride();
  printer << '>';
}

AccessAttr AccessAttr::withIvs(int64_t blockIv, int64_t sliceIv) const {
  return AccessAttr::get(
      getContext(), getPartOffset(), getPartSize(), getByteOffset(),
      getByteSize(), hasIvBlock() ? blockIv : getBlockIv(), getBlockOffset(),
      hasIvSlice() ? sliceIv : getSliceIv(), getPartStride(), getByteStride());
}

void BIRDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "Psum/Dialect/BIR/BIROps.cpp.inc"
      >();
}

void BIRDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Psum/Dialect/BIR/BIRAttrs.cpp.inc"
      >();
}

void BIRDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Psum/Dialect/BIR/BIROpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ArchAttr
//===----------------------------------------------------------------------===//

unsigned ArchAttr::defaultNumBanks(ArchGen gen) {
  return gen == ArchGen::gen1 ? 4 : 8;
}
unsigned ArchAttr::defaultBankSize(ArchGen) { return 2048; }
unsigned ArchAttr::defaultPartitions(ArchGen gen) {
  return gen == ArchGen::gen1 ? 64 : 128;
}

Attribute ArchAttr::parse(AsmParser &parser, Type) {
  StringRef genName;
  SMLoc genLoc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&genName))
    return {};
  std::optional<ArchGen> gen = symbolizeArchGen(genName);
  if (!gen) {
    parser.emitError(genLoc, "unknown architecture '")
        << genName << "'; expected gen1, gen2, gen3 or gen4";
    return {};
  }
  unsigned numBanks = defaultNumBanks(*gen);
  unsigned bankSize = defaultBankSize(*gen);
  unsigned partitions = defaultPartitions(*gen);
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    int64_t value;
    if (parser.parseKeyword(&key) || parser.parseEqual() ||
        parser.parseInteger(value))
      return {};
    unsigned *field = llvm::StringSwitch<unsigned *>(key)
                          .Case("banks", &numBanks)
                          .Case("bank_size", &bankSize)
                          .Case("partitions", &partitions)
                          .Default(nullptr);
    if (!field) {
      parser.emitError(keyLoc, "unknown architecture parameter '")
          << key << "'; expected banks, bank_size or partitions";
      return {};
    }
    if (!seen.insert(key).second) {
      parser.emitError(keyLoc, "duplicate architecture parameter '")
          << key << "'";
      return {};
    }
    // Zero is left to ArchAttr::verify, which says what the value must be.
    if (value < 0 || value > std::numeric_limits<int32_t>::max()) {
      parser.emitError(keyLoc, "architecture parameter '")
          << key << "' must be in [1, " << std::numeric_limits<int32_t>::max()
          << "], got " << value;
      return {};
    }
    *field = static_cast<unsigned>(value);
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ArchAttr>(parser.getContext(), *gen, numBanks,
                                     bankSize, partitions);
}

void ArchAttr::print(AsmPrinter &printer) const {
  ArchGen gen = getGen();
  printer << '<' << stringifyArchGen(gen);
  if (getNumBanks() != defaultNumBanks(gen))
    printer << ", banks = " << getNumBanks();
  if (getBankSize() != defaultBankSize(gen))
    printer << ", bank_size = " << getBankSize();
  if (getPartitions() != defaultPartitions(gen))
    printer << ", partitions = " << getPartitions();
  printer << '>';
}

LogicalResult ArchAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArchGen, unsigned numBanks, unsigned bankSize,
                               unsigned partitions) {
  // The allocator keeps a bank set in one 64-bit word.
  if (numBanks == 0 || numBanks > 64)
    return emitError() << "number of PSUM banks must be in [1, 64], got "
                       << numBanks;
  // The parser takes values up to INT32_MAX; what it prints must parse.
  constexpr unsigned kMost = std::numeric_limits<int32_t>::max();
  if (bankSize == 0 || bankSize > kMost)
    return emitError() << "PSUM bank size must be in [1, " << kMost << "], got "
                       << bankSize;
  if (partitions == 0 || partitions > kMost)
    return emitError() << "partition count must be in [1, " << kMost
                       << "], got " << partitions;
  return success();
}
