//===- Timeline.cpp - the PSUM bank timeline as SVG / HTML ----------------===//
//
// `psum-timeline` draws an allocated function: banks on the vertical axis,
// linear points (docs/PsumAllocate.md) on the horizontal axis, one coloured
// bar per tensor on every bank it occupies over its live range [def, use],
// loops shaded, spill saves / reloads marked and the peak-demand point.
// The output is deterministic: no timestamps, colours from a hash of the
// tensor name. See docs/Timeline.md.
//
//===----------------------------------------------------------------------===//

#include "Psum/Transforms/Allocator.h"
#include "Psum/Transforms/Report.h"
#include "Psum/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ToolOutputFile.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace psum {
#define GEN_PASS_DEF_PSUMTIMELINEPASS
#include "Psum/Transforms/Passes.h.inc"
} // namespace psum

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

namespace {

//===----------------------------------------------------------------------===//
// What is drawn
//===----------------------------------------------------------------------===//

struct Bar {
  std::string name;
  /// Colour key: the tensor a spill-minted location copies, else the name,
  /// so a tensor and its reloads share a hue.
  std::string colourKey;
  std::string spillOf;
  unsigned def = 0, use = 0;
  std::vector<unsigned> banks; ///< sorted, distinct
  int64_t blocks = 1, bytes = 0;
  unsigned liveN = 1;
  bool spilled = false, pinned = false, unspillable = false;

  /// What a spill-minted location holds of its tensor: a reload, or (a
  /// spilled SpillWrite location) one of its writes.
  std::string originNote() const {
    return (spilled ? "write of " : "reload of ") + spillOf;
  }
};

struct SpillMark {
  bool save = true; ///< save out of PSUM, else reload into PSUM
  std::string tensor, copy;
  unsigned at = 0;
  std::vector<unsigned> banks; ///< banks of the PSUM side of the copy
};

struct LoopSpan {
  unsigned header = 0, backEdge = 0, depth = 0;
  int64_t lower = 0, upper = 0, step = 1;
};

struct PointLabel {
  std::string shortName; ///< under the axis
  std::string detail;    ///< hover text
};

struct Timeline {
  std::string function, arch, heuristic, score;
  unsigned numBanks = 8, bankSize = 2048, rows = 8;
  uint64_t reserved = 0;
  std::vector<PointLabel> points;
  std::vector<LoopSpan> loops;
  std::vector<Bar> bars;
  std::vector<SpillMark> spills;
  unsigned peakPoint = 0, peakDemand = 0;
  unsigned maxLoopDepth = 0;
};


std::string pointShortName(const Point &point) {
  switch (point.kind) {
  case PointKind::LoopHeader:
    return "loop";
  case PointKind::BackEdge:
    return "backedge";
  case PointKind::Instruction:
    break;
  }
  if (auto inst = dyn_cast<bir::InstOp>(point.op))
    return inst.getOpcode().str();
  if (auto act = dyn_cast<bir::ActivationOp>(point.op))
    return ("act " + bir::stringifyActivationFunc(act.getFunc())).str();
  if (isa<bir::TensorCopyOp>(point.op))
    return "copy";
  return point.op->getName().stripDialect().str();
}

std::string accessSummary(Operation *op) {
  auto inst = dyn_cast<bir::InstructionOpInterface>(op);
  if (!inst)
    return "";
  std::string writes, reads;
  for (const bir::Access &access : inst.getAccesses()) {
    bir::MemLocOp memloc = bir::getMemLoc(access.loc);
    if (!memloc)
      continue;
    std::string name = memloc.getName().str();
    if (bir::isWrite(access.kind))
      writes += (writes.empty() ? "" : ", ") + name;
    if (bir::isRead(access.kind))
      reads += (reads.empty() ? "" : ", ") + name;
  }
  std::string text;
  if (!writes.empty())
    text += "; writes " + writes;
  if (!reads.empty())
    text += "; reads " + reads;
  return text;
}

FailureOr<Timeline> collect(bir::FuncOp func, bool loopAware,
                            bool unevenRotation,
                            ArrayRef<unsigned> reservedBanks) {
  Timeline tl;
  tl.function = func.getSymName().str();
  tl.arch = bir::stringifyArchGen(func.getArch().getGen()).str();
  FailureOr<Geometry> geometry = resolveGeometry(func, "", 0, 0, reservedBanks);
  if (failed(geometry))
    return failure();
  geometry->unevenRotation |= unevenRotation;
  tl.numBanks = geometry->numBanks;
  tl.bankSize = geometry->bankSize;
  tl.reserved = geometry->reserved;
  if (auto attr = func->getAttrOfType<StringAttr>(kHeuristicAttr))
    tl.heuristic = attr.str();
  if (auto attr = func->getAttrOfType<IntegerAttr>(kScoreAttr))
    tl.score = std::to_string(attr.getInt());
  else if (Attribute attr = func->getAttr(kScoreAttr)) {
    llvm::raw_string_ostream os(tl.score);
    attr.print(os);
  }

  FailureOr<AllocatedView> view = viewAllocated(func, *geometry, loopAware);
  if (mlir::failed(view))
    return mlir::failure();
  const LinearFunction &lf = view->lf;
  const Problem &problem = view->problem;
  const Graph &graph = view->graph;
  tl.peakPoint = graph.peakPoint;
  tl.peakDemand = graph.peakDemand;

  for (auto [index, point] : llvm::enumerate(lf.points)) {
    PointLabel label;
    label.shortName = pointShortName(point);
    std::string detail;
    llvm::raw_string_ostream os(detail);
    os << "point " << index << ": ";
    if (point.kind == PointKind::LoopHeader) {
      auto loop = cast<bir::LoopOp>(point.op);
      os << "loop header (" << static_cast<int64_t>(loop.getLower()) << " to "
         << static_cast<int64_t>(loop.getUpper());
      if (loop.getStep() != 1)
        os << " step " << static_cast<int64_t>(loop.getStep());
      os << ")";
    } else if (point.kind == PointKind::BackEdge) {
      os << "loop back-edge";
    } else {
      os << point.op->getName().getStringRef() << " (" << label.shortName
         << ")" << accessSummary(point.op);
    }
    os << ", loop depth " << lf.loopNest(index).size();
    label.detail = std::move(detail);
    tl.points.push_back(std::move(label));
  }

  for (const Loop &loop : lf.loops) {
    auto op = cast<bir::LoopOp>(loop.op);
    LoopSpan span;
    span.header = loop.header;
    span.backEdge = loop.backEdge;
    span.depth = lf.loopNest(loop.header).size();
    span.lower = static_cast<int64_t>(op.getLower());
    span.upper = static_cast<int64_t>(op.getUpper());
    span.step = static_cast<int64_t>(op.getStep());
    tl.maxLoopDepth = std::max(tl.maxLoopDepth, span.depth + 1);
    tl.loops.push_back(span);
  }

  unsigned maxBank = 0;
  DenseMap<Operation *, unsigned> barOf;
  for (const Node &node : problem.nodes) {
    auto memloc = cast<bir::MemLocOp>(node.memloc);
    Bar bar;
    bar.name = node.name;
    if (auto origin = memloc->getAttrOfType<StringAttr>(kSpillOriginAttr))
      bar.spillOf = origin.str();
    bar.colourKey = bar.spillOf.empty() ? bar.name : bar.spillOf;
    bar.def = node.def;
    bar.use = node.use;
    bar.banks = occupiedBanks(memloc, node);
    bar.blocks = node.blocks;
    bar.bytes = memloc.getBytes();
    bar.liveN = node.liveN;
    bar.spilled = memloc->hasAttr(kSpilledAttr);
    bar.pinned = node.pin.has_value();
    bar.unspillable = node.unspillable;
    if (bar.banks.empty()) {
      memloc.emitError("PSUM location '")
          << node.name << "' has no banks: run --psum-allocate before "
          << "--psum-timeline";
      return mlir::failure();
    }
    maxBank = std::max(maxBank, bar.banks.back());
    barOf[memloc] = tl.bars.size();
    tl.bars.push_back(std::move(bar));
  }
  tl.rows = std::max(tl.numBanks, maxBank + 1);

  for (auto [index, point] : llvm::enumerate(lf.points)) {
    auto copy = dyn_cast<bir::TensorCopyOp>(point.op);
    if (!copy || copy.getLocs().size() < 2)
      continue;
    bir::MemLocOp dst = bir::getMemLoc(copy.getLocs()[0]);
    bir::MemLocOp src = bir::getMemLoc(copy.getLocs()[1]);
    if (!dst || !src)
      continue;
    auto origin = dst->getAttrOfType<StringAttr>(kSpillOriginAttr);
    if (!origin)
      continue;
    SpillMark mark;
    mark.save = !dst.isPsum();
    mark.tensor = origin.str();
    mark.copy = dst.getName().str();
    mark.at = static_cast<unsigned>(index);
    auto it = barOf.find(mark.save ? src.getOperation() : dst.getOperation());
    if (it != barOf.end())
      mark.banks = tl.bars[it->second].banks;
    tl.spills.push_back(std::move(mark));
  }
  return tl;
}

//===----------------------------------------------------------------------===//
// Drawing
//===----------------------------------------------------------------------===//

/// `text` as XML character data or an attribute value: markup characters
/// as references, and what XML 1.0 cannot hold at all (control characters,
/// bytes that are not UTF-8; names may have both) as U+FFFD.
std::string escape(StringRef text) {
  std::string out;
  const auto *bytes = reinterpret_cast<const llvm::UTF8 *>(text.data());
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (static_cast<unsigned char>(c) >= 0x80) {
      unsigned length = llvm::getNumBytesForUTF8(bytes[i]);
      if (i + length <= text.size() &&
          llvm::isLegalUTF8Sequence(bytes + i, bytes + i + length)) {
        out.append(text.data() + i, length);
        i += length;
      } else {
        out += "\xEF\xBF\xBD";
        ++i;
      }
      continue;
    }
    ++i;
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' &&
          c != '\r')
        out += "\xEF\xBF\xBD";
      else
        out += c;
    }
  }
  return out;
}

/// FNV-1a: stable across runs and platforms (llvm::hash_value is not
/// guaranteed to be).
uint32_t stableHash(StringRef text) {
  uint32_t hash = 2166136261u;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 16777619u;
  }
  return hash;
}

std::string hslToHex(double h, double s, double l) {
  auto channel = [&](double n) {
    double k = std::fmod(n + h / 30.0, 12.0);
    double a = s * std::min(l, 1 - l);
    double v = l - a * std::max(-1.0, std::min({k - 3, 9 - k, 1.0}));
    return static_cast<unsigned>(std::lround(v * 255));
  };
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::format("#%02x%02x%02x", channel(0), channel(8), channel(4));
  return out;
}

struct Colours {
  std::string fill, stroke;
};

Colours coloursFor(StringRef key) {
  uint32_t hash = stableHash(key);
  double hue = hash % 360;
  double sat = 0.55 + double((hash >> 9) % 20) / 100.0;
  double light = 0.70 + double((hash >> 17) % 8) / 100.0;
  return {hslToHex(hue, sat, light), hslToHex(hue, sat, 0.32)};
}

std::string bankList(ArrayRef<unsigned> banks) {
  std::string out;
  for (auto [i, bank] : llvm::enumerate(banks))
    out += (i ? " " : "") + std::to_string(bank);
  return out;
}

/// Contiguous runs [first, last] of a sorted bank list.
std::vector<std::pair<unsigned, unsigned>> runsOf(ArrayRef<unsigned> banks) {
  std::vector<std::pair<unsigned, unsigned>> runs;
  for (unsigned bank : banks) {
    if (!runs.empty() && runs.back().second + 1 == bank)
      runs.back().second = bank;
    else
      runs.push_back({bank, bank});
  }
  return runs;
}

std::string bankRange(ArrayRef<unsigned> banks) {
  std::string out;
  for (auto [i, run] : llvm::enumerate(runsOf(banks))) {
    out += i ? ", " : "";
    out += std::to_string(run.first);
    if (run.second != run.first)
      out += "-" + std::to_string(run.second);
  }
  return out;
}

std::string loopText(const LoopSpan &loop) {
  std::string text = "loop " + std::to_string(loop.lower) + " to " +
                     std::to_string(loop.upper);
  if (loop.step != 1)
    text += " step " + std::to_string(loop.step);
  return text;
}

/// Layout constants, in SVG user units (pixels).
struct Layout {
  static constexpr int left = 70, right = 24, rowHeight = 30;
  static constexpr int titleHeight = 52, loopBand = 16, peakBand = 18;
  static constexpr int axisBand = 92, legendBand = 34;
  int colWidth = 40;
  int top = 0;     ///< y of bank 0
  int width = 0, height = 0;
  int x(unsigned point) const { return left + int(point) * colWidth; }
  int y(unsigned bank) const { return top + int(bank) * rowHeight; }
};

Layout layoutFor(const Timeline &tl) {
  Layout layout;
  unsigned n = std::max<size_t>(tl.points.size(), 1);
  layout.colWidth = std::clamp<int>(960 / int(n), 24, 56);
  layout.top = Layout::titleHeight + int(tl.maxLoopDepth) * Layout::loopBand +
               Layout::peakBand;
  layout.width = std::max(Layout::left + int(n) * layout.colWidth +
                              Layout::right,
                          640);
  layout.height = layout.top + int(tl.rows) * Layout::rowHeight +
                  Layout::axisBand + Layout::legendBand;
  return layout;
}

/// Width a spill marker takes at the edge of a bar.
constexpr int kMarkerWidth = 18;

/// Truncates `text` to about `width` pixels of 11px sans-serif.
std::string fitLabel(StringRef text, int width) {
  int chars = (width - 6) * 10 / 64;
  if (chars <= 0)
    return "";
  if (int(text.size()) <= chars)
    return text.str();
  if (chars < 3)
    return "";
  return text.take_front(chars - 1).str() + "\xE2\x80\xA6"; // ellipsis
}

void drawTimeline(const Timeline &tl, raw_ostream &os, bool standalone) {
  Layout L = layoutFor(tl);
  int bankBottom = L.y(tl.rows);
  int plotRight = L.x(tl.points.size());

  if (standalone)
    os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"psum-timeline\""
     << " id=\"timeline-" << escape(tl.function) << "\""
     << " data-function=\"" << escape(tl.function) << "\""
     << " data-num-banks=\"" << tl.numBanks << "\""
     << " data-points=\"" << tl.points.size() << "\""
     << " width=\"" << L.width << "\" height=\"" << L.height << "\""
     << " viewBox=\"0 0 " << L.width << " " << L.height << "\""
     << " font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""
     << " font-size=\"11\">\n";
  os << "<title>PSUM bank timeline of @" << escape(tl.function) << "</title>\n";
  os << "<rect class=\"background\" x=\"0\" y=\"0\" width=\"" << L.width
     << "\" height=\"" << L.height << "\" fill=\"#ffffff\"/>\n";

  // Title.
  os << "<text class=\"heading\" x=\"" << Layout::left << "\" y=\"22\""
     << " font-size=\"15\" font-weight=\"bold\" fill=\"#222\">@"
     << escape(tl.function) << "</text>\n";
  std::string sub = tl.arch + ", " + std::to_string(tl.numBanks) +
                    " banks of " + std::to_string(tl.bankSize) + " bytes";
  sub += ", heuristic " + (tl.heuristic.empty() ? "-" : tl.heuristic);
  sub += ", score " + (tl.score.empty() ? "-" : tl.score);
  sub += ", peak " + std::to_string(tl.peakDemand) + " banks at point " +
         std::to_string(tl.peakPoint);
  if (!tl.spills.empty())
    sub += ", " + std::to_string(tl.spills.size()) + " spill copies";
  os << "<text class=\"subheading\" x=\"" << Layout::left << "\" y=\"40\""
     << " fill=\"#555\">" << escape(sub) << "</text>\n";

  // Bank rows (alternating) and reserved banks.
  os << "<g class=\"grid\">\n";
  for (unsigned bank = 0; bank < tl.rows; ++bank) {
    bool reserved = bank < 64 && (tl.reserved >> bank) & 1;
    bool outside = bank >= tl.numBanks;
    const char *fill = outside    ? "#fde2e2"
                       : reserved ? "#eeeeee"
                       : bank % 2 ? "#f7f8fa"
                                  : "#ffffff";
    os << "<rect class=\"bank-row\" data-bank=\"" << bank << "\" x=\""
       << Layout::left << "\" y=\"" << L.y(bank) << "\" width=\""
       << plotRight - Layout::left << "\" height=\"" << Layout::rowHeight
       << "\" fill=\"" << fill << "\"/>\n";
    os << "<text class=\"bank-label\" x=\"" << Layout::left - 8 << "\" y=\""
       << L.y(bank) + Layout::rowHeight / 2 + 4
       << "\" text-anchor=\"end\" fill=\"#333\">bank " << bank << "</text>\n";
  }
  for (unsigned p = 0; p <= tl.points.size(); ++p)
    os << "<line x1=\"" << L.x(p) << "\" y1=\"" << L.top << "\" x2=\""
       << L.x(p) << "\" y2=\"" << bankBottom
       << "\" stroke=\"#e3e5e8\" stroke-width=\"1\"/>\n";
  os << "</g>\n";

  // Loops: shading over the bank area (behind the bars) and a bracket per
  // loop in the band above, one level per nesting depth.
  int loopBandTop = Layout::titleHeight;
  os << "<g class=\"loops\">\n";
  for (const LoopSpan &loop : tl.loops) {
    int x0 = L.x(loop.header), x1 = L.x(loop.backEdge + 1);
    std::string title = loopText(loop) + ": header at point " +
                        std::to_string(loop.header) +
                        ", back-edge at point " +
                        std::to_string(loop.backEdge);
    os << "<g class=\"loop\" data-header=\"" << loop.header
       << "\" data-backedge=\"" << loop.backEdge << "\" data-depth=\""
       << loop.depth << "\">";
    os << "<title>" << escape(title) << "</title>";
    os << "<rect class=\"loop-shade\" x=\"" << x0 << "\" y=\"" << L.top
       << "\" width=\"" << x1 - x0 << "\" height=\"" << bankBottom - L.top
       << "\" fill=\"#5b6b8c\" fill-opacity=\"0.10\"/>";
    for (int x : {x0, x1})
      os << "<line class=\"loop-edge\" x1=\"" << x << "\" y1=\"" << L.top
         << "\" x2=\"" << x << "\" y2=\"" << bankBottom
         << "\" stroke=\"#5b6b8c\" stroke-width=\"1\" stroke-dasharray=\"2 2\"/>";
    int y = loopBandTop + int(loop.depth) * Layout::loopBand + 12;
    os << "<path class=\"loop-bracket\" d=\"M" << x0 + 2 << " " << y + 3
       << " V" << y << " H" << x1 - 2 << " V" << y + 3
       << "\" fill=\"none\" stroke=\"#5b6b8c\" stroke-width=\"1.5\"/>";
    os << "<text x=\"" << x0 + 4 << "\" y=\"" << y - 3
       << "\" font-size=\"10\" fill=\"#3d4a66\">"
       << escape(fitLabel(loopText(loop), x1 - x0)) << "</text>";
    os << "</g>\n";
  }
  os << "</g>\n";

  // Markers per (bar, point): a reload's at the start of its copy's bar, a
  // save's at the end of its tensor's. Counted once, not searched per bar
  // (quadratic in spills on large kernels: session-28 scaling audit).
  llvm::DenseMap<std::pair<StringRef, unsigned>, int> reloadsAt, savesAt;
  for (const SpillMark &mark : tl.spills)
    ++(mark.save ? savesAt[{mark.tensor, mark.at}]
                 : reloadsAt[{mark.copy, mark.at}]);

  // Bars: one group per tensor, one rect per occupied bank.
  os << "<g class=\"bars\">\n";
  for (const Bar &bar : tl.bars) {
    Colours colours = coloursFor(bar.colourKey);
    int x0 = L.x(bar.def) + 2, x1 = L.x(bar.use + 1) - 2;
    std::string title;
    llvm::raw_string_ostream t(title);
    t << bar.name << ": bank" << (bar.banks.size() > 1 ? "s " : " ")
      << bankRange(bar.banks) << ", live [" << bar.def << ", " << bar.use
      << "], " << bar.blocks << (bar.blocks > 1 ? " blocks" : " block")
      << " of " << bar.bytes << " bytes, " << bar.liveN << " live bank"
      << (bar.liveN > 1 ? "s" : "");
    if (bar.pinned)
      t << ", pinned";
    if (bar.unspillable)
      t << ", accumulation group";
    if (bar.spilled)
      t << ", spilled (saved out of PSUM)";
    if (!bar.spillOf.empty())
      t << ", " << bar.originNote();
    os << "<g class=\"bar\" id=\"bar-" << escape(tl.function) << "-"
       << escape(bar.name) << "\" data-tensor=\"" << escape(bar.name)
       << "\" data-banks=\"" << bankList(bar.banks) << "\" data-def=\""
       << bar.def << "\" data-use=\"" << bar.use << "\"";
    if (bar.spilled)
      os << " data-spilled=\"true\"";
    if (!bar.spillOf.empty())
      os << " data-spill-of=\"" << escape(bar.spillOf) << "\"";
    os << ">\n<title>" << escape(title) << "</title>\n";
    for (unsigned bank : bar.banks) {
      os << "<rect class=\"cell\" data-bank=\"" << bank << "\" x=\"" << x0
         << "\" y=\"" << L.y(bank) + 3 << "\" width=\"" << x1 - x0
         << "\" height=\"" << Layout::rowHeight - 6
         << "\" rx=\"3\" fill=\"" << colours.fill << "\" stroke=\""
         << colours.stroke << "\" stroke-width=\"1.2\"";
      if (!bar.spillOf.empty())
        os << " stroke-dasharray=\"4 2\"";
      os << "/>\n";
    }
    // Keep the label clear of a reload marker at the bar's start and a save
    // marker at its end.
    int lx0 = x0 + kMarkerWidth * reloadsAt.lookup({bar.name, bar.def});
    int lx1 = x1 - kMarkerWidth * savesAt.lookup({bar.name, bar.use});
    std::string label = fitLabel(bar.name, lx1 - lx0);
    for (unsigned bank : label.empty() ? ArrayRef<unsigned>() : ArrayRef<unsigned>(bar.banks)) {
      int cy = L.y(bank) + Layout::rowHeight / 2 + 4;
      os << "<text class=\"label\" x=\"" << (lx0 + lx1) / 2 << "\" y=\"" << cy
         << "\" text-anchor=\"middle\" fill=\"#1b1b1b\">" << escape(label)
         << "</text>\n";
    }
    os << "</g>\n";
  }
  os << "</g>\n";

  // Spill saves (down: out of PSUM) and reloads (up: into PSUM), on the
  // PSUM side's banks in the copy's column.
  os << "<g class=\"spills\">\n";
  for (const SpillMark &mark : tl.spills) {
    const char *kind = mark.save ? "save" : "reload";
    os << "<g class=\"spill spill-" << kind << "\" data-kind=\"" << kind
       << "\" data-tensor=\"" << escape(mark.tensor) << "\" data-copy=\""
       << escape(mark.copy) << "\" data-at=\"" << mark.at << "\">";
    os << "<title>" << (mark.save ? "spill save of " : "reload of ")
       << escape(mark.tensor) << (mark.save ? " into " : " through ")
       << escape(mark.copy) << " at point " << mark.at << "</title>";
    // At the inner edge of the column: a save ends the saved bar, a reload
    // starts the reload's bar.
    int cx = mark.save ? L.x(mark.at + 1) - 2 - kMarkerWidth / 2
                       : L.x(mark.at) + 2 + kMarkerWidth / 2;
    for (unsigned bank : mark.banks) {
      int cy = L.y(bank) + Layout::rowHeight / 2;
      if (mark.save)
        os << "<path d=\"M" << cx - 7 << " " << cy - 6 << " H" << cx + 7
           << " L" << cx << " " << cy + 7
           << " Z\" fill=\"#d1495b\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>";
      else
        os << "<path d=\"M" << cx - 7 << " " << cy + 6 << " H" << cx + 7
           << " L" << cx << " " << cy - 7
           << " Z\" fill=\"#1f6fd1\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>";
    }
    // A tick under the axis too, so the copy shows even without banks.
    int ty = bankBottom + 2;
    cx = L.x(mark.at) + L.colWidth / 2;
    os << "<rect x=\"" << cx - 5 << "\" y=\"" << ty << "\" width=\"10\""
       << " height=\"4\" fill=\"" << (mark.save ? "#d1495b" : "#1f6fd1")
       << "\"/>";
    os << "</g>\n";
  }
  os << "</g>\n";

  // Peak demand.
  {
    int cx = L.x(tl.peakPoint) + L.colWidth / 2;
    int y0 = L.top - Layout::peakBand + 4;
    os << "<g class=\"peak\" data-point=\"" << tl.peakPoint
       << "\" data-banks=\"" << tl.peakDemand << "\">";
    os << "<title>peak demand: " << tl.peakDemand
       << " banks live at point " << tl.peakPoint << "</title>";
    os << "<line x1=\"" << cx << "\" y1=\"" << y0 + 4 << "\" x2=\"" << cx
       << "\" y2=\"" << bankBottom
       << "\" stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>";
    // Keep the label inside the picture.
    bool flip = cx + 110 > L.width;
    os << "<text x=\"" << (flip ? cx - 4 : cx + 4) << "\" y=\"" << y0 + 8
       << "\" font-size=\"10\" font-weight=\"bold\" fill=\"#c0392b\""
       << (flip ? " text-anchor=\"end\"" : "") << ">peak " << tl.peakDemand
       << (tl.peakDemand == 1 ? " bank" : " banks") << "</text>";
    os << "</g>\n";
  }

  // Axis: point numbers and the op at each point.
  os << "<g class=\"axis\">\n";
  os << "<line x1=\"" << Layout::left << "\" y1=\"" << bankBottom << "\" x2=\""
     << plotRight << "\" y2=\"" << bankBottom
     << "\" stroke=\"#333\" stroke-width=\"1\"/>\n";
  for (auto [index, point] : llvm::enumerate(tl.points)) {
    int cx = L.x(index) + L.colWidth / 2;
    os << "<g class=\"point\" data-point=\"" << index << "\"><title>"
       << escape(point.detail) << "</title>";
    os << "<rect x=\"" << L.x(index) << "\" y=\"" << bankBottom
       << "\" width=\"" << L.colWidth << "\" height=\"" << Layout::axisBand - 8
       << "\" fill=\"#ffffff\" fill-opacity=\"0\"/>";
    os << "<text x=\"" << cx << "\" y=\"" << bankBottom + 18
       << "\" text-anchor=\"middle\" fill=\"#333\">" << index << "</text>";
    int ty = bankBottom + 28;
    os << "<text x=\"" << cx + 3 << "\" y=\"" << ty
       << "\" text-anchor=\"end\" font-size=\"10\" fill=\"#666\""
       << " transform=\"rotate(-60 " << cx + 3 << " " << ty << ")\">"
       << escape(fitLabel(point.shortName, 92)) << "</text>";
    os << "</g>\n";
  }
  os << "<text x=\"" << Layout::left - 8 << "\" y=\"" << bankBottom + 18
     << "\" text-anchor=\"end\" fill=\"#333\">point</text>\n";
  os << "</g>\n";

  // Legend.
  int ly = L.height - Layout::legendBand + 14;
  int lx = Layout::left;
  os << "<g class=\"legend\">\n";
  os << "<rect x=\"" << lx << "\" y=\"" << ly - 9 << "\" width=\"18\""
     << " height=\"12\" fill=\"#5b6b8c\" fill-opacity=\"0.2\"/>"
     << "<text x=\"" << lx + 24 << "\" y=\"" << ly + 1
     << "\" fill=\"#333\">loop body</text>\n";
  lx += 100;
  os << "<path d=\"M" << lx << " " << ly - 8 << " H" << lx + 14 << " L"
     << lx + 7 << " " << ly + 4 << " Z\" fill=\"#d1495b\"/>"
     << "<text x=\"" << lx + 20 << "\" y=\"" << ly + 1
     << "\" fill=\"#333\">spill save</text>\n";
  lx += 100;
  os << "<path d=\"M" << lx << " " << ly + 4 << " H" << lx + 14 << " L"
     << lx + 7 << " " << ly - 8 << " Z\" fill=\"#1f6fd1\"/>"
     << "<text x=\"" << lx + 20 << "\" y=\"" << ly + 1
     << "\" fill=\"#333\">reload</text>\n";
  lx += 86;
  os << "<line x1=\"" << lx + 7 << "\" y1=\"" << ly - 9 << "\" x2=\""
     << lx + 7 << "\" y2=\"" << ly + 4
     << "\" stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
     << "<text x=\"" << lx + 16 << "\" y=\"" << ly + 1
     << "\" fill=\"#333\">peak demand</text>\n";
  lx += 110;
  os << "<rect x=\"" << lx << "\" y=\"" << ly - 9 << "\" width=\"18\""
     << " height=\"12\" rx=\"3\" fill=\"#ffffff\" stroke=\"#555\""
     << " stroke-dasharray=\"4 2\"/>"
     << "<text x=\"" << lx + 24 << "\" y=\"" << ly + 1
     << "\" fill=\"#333\">reload location</text>\n";
  os << "</g>\n";
  os << "</svg>\n";
}

void drawHtml(ArrayRef<Timeline> timelines, raw_ostream &os) {
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<title>PSUM bank timeline</title>\n<style>\n"
     << "body { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif;"
        " margin: 24px; color: #222; }\n"
     << "h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 32px; }\n"
     << "nav a { margin-right: 12px; }\n"
     << ".figure { overflow-x: auto; border: 1px solid #ddd; }\n"
     << ".details { font-family: monospace; min-height: 1.4em;"
        " padding: 6px 0; color: #333; }\n"
     << ".bar.highlight rect.cell { stroke: #000; stroke-width: 2.5; }\n"
     << "table { border-collapse: collapse; font-size: 12px; }\n"
     << "td, th { border: 1px solid #ddd; padding: 2px 8px; text-align: left; }\n"
     << "tr.highlight td { background: #fff3c4; }\n"
     << "</style>\n</head>\n<body>\n<h1>PSUM bank timeline</h1>\n";
  os << "<p>Banks (vertical) against linear program points (horizontal): each"
        " tensor is a bar on every bank it occupies over its live range"
        " [def, use]. Hover a bar, a marker or a point for details.</p>\n";
  os << "<nav>";
  for (const Timeline &tl : timelines)
    os << "<a href=\"#fn-" << escape(tl.function) << "\">@"
       << escape(tl.function) << "</a>";
  os << "</nav>\n";
  for (const Timeline &tl : timelines) {
    os << "<section class=\"function\" id=\"fn-" << escape(tl.function)
       << "\">\n<h2>@" << escape(tl.function) << "</h2>\n";
    os << "<div class=\"figure\">\n";
    drawTimeline(tl, os, /*standalone=*/false);
    os << "</div>\n<div class=\"details\">&#160;</div>\n";
    os << "<table class=\"tensors\">\n<tr><th>tensor</th><th>banks</th>"
          "<th>live</th><th>blocks</th><th>bytes</th><th>notes</th></tr>\n";
    for (const Bar &bar : tl.bars) {
      std::string notes;
      if (bar.pinned)
        notes += "pinned ";
      if (bar.unspillable)
        notes += "accumulation group ";
      if (bar.spilled)
        notes += "spilled ";
      if (!bar.spillOf.empty())
        notes += bar.originNote();
      os << "<tr data-tensor=\"" << escape(bar.name) << "\"><td>"
         << escape(bar.name) << "</td><td>" << bankRange(bar.banks)
         << "</td><td>[" << bar.def << ", " << bar.use << "]</td><td>"
         << bar.blocks << "</td><td>" << bar.bytes << "</td><td>"
         << escape(StringRef(notes).trim()) << "</td></tr>\n";
    }
    os << "</table>\n</section>\n";
  }
  // Hover: show the element's <title> under the figure and highlight the
  // tensor's bar and table row.
  os << "<script>\n"
     << "document.querySelectorAll('section.function').forEach(function (s) {\n"
     << "  var details = s.querySelector('.details');\n"
     << "  s.querySelectorAll('.bar, .spill, .loop, .peak, .point')"
        ".forEach(function (g) {\n"
     << "    var t = g.querySelector('title');\n"
     << "    g.addEventListener('mouseenter', function () {\n"
     << "      details.textContent = t ? t.textContent : '';\n"
     << "      var name = g.getAttribute('data-tensor');\n"
     << "      if (!name) return;\n"
     << "      s.querySelectorAll('[data-tensor]').forEach(function (e) {\n"
     << "        if (e.getAttribute('data-tensor') === name)"
        " e.classList.add('highlight');\n"
     << "      });\n"
     << "    });\n"
     << "    g.addEventListener('mouseleave', function () {\n"
     << "      s.querySelectorAll('.highlight').forEach(function (e) {\n"
     << "        e.classList.remove('highlight');\n"
     << "      });\n"
     << "    });\n"
     << "  });\n"
     << "});\n"
     << "</script>\n</body>\n</html>\n";
}

/// `path` for function `name` when `count` functions are drawn: the path
/// itself for one function, standard output ("-") or a device, else
/// `<stem>.<name>.svg`, with `_<k>` added to
/// the name where functions differing only in characters replaced by `_`
/// would take one file (`taken`: the paths given so far).
std::string svgPathFor(StringRef path, StringRef name, size_t count,
                       llvm::StringSet<> &taken) {
  // A device (/dev/null) takes every drawing, as standard output does.
  llvm::sys::fs::file_status status;
  bool device = !llvm::sys::fs::status(path, status) &&
                llvm::sys::fs::exists(status) &&
                !llvm::sys::fs::is_regular_file(status) &&
                !llvm::sys::fs::is_directory(status);
  if (count <= 1 || path == "-" || device)
    return path.str();
  std::string safe;
  for (char c : name)
    safe += llvm::isAlnum(c) || c == '_' || c == '-' || c == '.' ? c : '_';
  StringRef stem = path;
  if (stem.ends_with(".svg"))
    stem = stem.drop_back(4);
  std::string file = (stem + "." + safe + ".svg").str();
  for (unsigned k = 1; !taken.insert(file).second; ++k)
    file = (stem + "." + safe + "_" + Twine(k) + ".svg").str();
  return file;
}

class PsumTimelinePass
    : public psum::impl::PsumTimelinePassBase<PsumTimelinePass> {
public:
  using PsumTimelinePassBase::PsumTimelinePassBase;

  void runOnOperation() override {
    markAllAnalysesPreserved();
    if (svgFile.empty() && htmlFile.empty()) {
      emitError(getOperation().getLoc(),
                "psum-timeline needs an output: svg=FILE and / or html=FILE");
      return signalPassFailure();
    }
    FailureOr<SmallVector<bir::FuncOp>> funcs = moduleFunctions(getOperation());
    if (failed(funcs))
      return signalPassFailure();
    std::vector<Timeline> timelines;
    for (bir::FuncOp func : *funcs) {
      FailureOr<Timeline> tl =
          collect(func, loopAware, unevenRotation, reservedBanks);
      if (failed(tl))
        return signalPassFailure();
      timelines.push_back(std::move(*tl));
    }
    for (StringRef path : {StringRef(svgFile), StringRef(htmlFile)})
      if (!path.empty() && llvm::sys::fs::is_directory(path)) {
        emitError(getOperation().getLoc(), "cannot write a drawing to '")
            << path << "': it is a directory";
        return signalPassFailure();
      }
    if (!svgFile.empty()) {
      llvm::StringSet<> taken;
      for (const Timeline &tl : timelines)
        if (failed(writeOutputFile(
                getOperation().getLoc(),
                svgPathFor(svgFile, tl.function, timelines.size(), taken),
                [&](raw_ostream &os) { drawTimeline(tl, os, true); })))
          return signalPassFailure();
    }
    if (!htmlFile.empty() &&
        failed(
            writeOutputFile(getOperation().getLoc(), htmlFile,
                            [&](raw_ostream &os) { drawHtml(timelines, os); })))
      return signalPassFailure();
  }
};

} // namespace
