//===- Report.cpp - allocation reports ------------------------------------===//

#include "Psum/Transforms/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cmath>

using namespace mlir;
using namespace psum;
using namespace psum::alloc;

FailureOr<AllocatedView> psum::alloc::viewAllocated(bir::FuncOp func,
                                                    const Geometry &geometry,
                                                    bool loopAware) {
  // Banks on a reserved bank would first trip the capacity guard (fewer
  // adjacent banks), which names the wrong problem.
  for (auto memloc : func.getBodyBlock().getOps<bir::MemLocOp>())
    if (uint64_t clash =
            placedBankMask(memloc, geometry.bankSize) & geometry.reserved)
      return mlir::emitError(memloc.getLoc(), "'")
             << memloc.getName() << "' is on reserved bank "
             << llvm::countr_zero(clash);
  AllocatedView view;
  view.lf = linearize(func);
  Failure failure;
  FailureOr<Problem> problem =
      buildLiveRanges(view.lf, geometry, loopAware, failure);
  if (failed(problem)) {
    failure.emit();
    return mlir::failure();
  }
  view.problem = std::move(*problem);
  view.graph = buildInterference(view.problem, nullptr);
  return view;
}

void psum::alloc::fillReport(bir::FuncOp func, const Geometry &geometry,
                             bool loopAware, unsigned copyLatency,
                             FunctionReport &report) {
  report.function = func.getSymName().str();
  report.arch = bir::stringifyArchGen(geometry.gen).str();
  report.numBanks = geometry.numBanks;
  report.bankSize = geometry.bankSize;
  report.reservedBanks = geometry.reservedBanks();
  report.unevenRotation = geometry.unevenRotation;

  LinearFunction lf = linearize(func);
  Failure ignored;
  FailureOr<Problem> problem =
      buildLiveRanges(lf, geometry, loopAware, ignored);
  if (failed(problem))
    return;
  findCosts(*problem, copyLatency, nullptr);
  uint64_t used = 0;
  for (const Node &node : problem->nodes) {
    auto memloc = cast<bir::MemLocOp>(node.memloc);
    TensorReport tensor;
    tensor.name = node.name;
    tensor.bytes = memloc.getBytes();
    tensor.blocks = node.blocks;
    tensor.liveBanks = node.liveN;
    tensor.live = {node.def, node.use};
    tensor.baseBank = memloc.getBaseBank();
    if (std::optional<ArrayRef<int64_t>> banks = memloc.getBanks())
      tensor.banks.assign(banks->begin(), banks->end());
    if (tensor.baseBank)
      used |= windowMask(*tensor.baseBank, node.liveN);
    tensor.pinned = node.pin.has_value();
    tensor.spilled = memloc->hasAttr(kSpilledAttr);
    if (auto origin = memloc->getAttrOfType<StringAttr>(kSpillOriginAttr))
      tensor.spillOf = origin.str();
    tensor.cost = node.cost;
    report.tensors.push_back(std::move(tensor));
  }
  report.utilization =
      double(llvm::popcount(used)) / double(geometry.usableBanks());

  for (auto [index, point] : llvm::enumerate(lf.points)) {
    auto copy = dyn_cast<bir::TensorCopyOp>(point.op);
    if (!copy)
      continue;
    auto dst = bir::getMemLoc(copy.getLocs()[0]);
    auto origin = dst->getAttrOfType<StringAttr>(kSpillOriginAttr);
    if (!origin)
      continue;
    report.spills.push_back({origin.str(), !dst.isPsum(), dst.getName().str(),
                             static_cast<unsigned>(index)});
  }
}

/// `file:line:col` as the diagnostics print it, where there is one.
static std::string locationText(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn();
  else
    loc.print(os);
  return text;
}

DiagnosticRecorder::DiagnosticRecorder(MLIRContext *context,
                                       FunctionReport &report)
    : thread(llvm::get_threadid()),
      handler(context, [this, &report](Diagnostic &diag) {
        DiagnosticSeverity severity = diag.getSeverity();
        if (llvm::get_threadid() != thread ||
            (severity != DiagnosticSeverity::Error &&
             severity != DiagnosticSeverity::Warning))
          return failure();
        DiagnosticReport &entry = report.diagnostics.emplace_back();
        entry.error = severity == DiagnosticSeverity::Error;
        entry.message = diag.str();
        entry.location = locationText(diag.getLocation());
        for (Diagnostic &note : diag.getNotes())
          entry.notes.push_back(note.str());
        return failure(); // not handled: printed by the handlers before
      }) {}

static void writeNumber(llvm::json::OStream &json, double value) {
  if (std::isinf(value))
    json.value("inf");
  else
    json.value(value);
}

static void writeDiagnostics(llvm::json::OStream &json,
                             const FunctionReport &report) {
  json.attributeArray("diagnostics", [&] {
    for (const DiagnosticReport &diag : report.diagnostics)
      json.object([&] {
        json.attribute("severity", diag.error ? "error" : "warning");
        json.attribute("message", diag.message);
        json.attribute("location", diag.location);
        json.attributeArray("notes", [&] {
          for (const std::string &note : diag.notes)
            json.value(note);
        });
      });
  });
}

static void writeFunction(llvm::json::OStream &json,
                          const FunctionReport &report) {
  json.object([&] {
    json.attribute("function", report.function);
    if (!report.allocated) {
      json.attribute("allocated", false);
      writeDiagnostics(json, report);
      return;
    }
    json.attribute("arch", report.arch);
    json.attribute("num_banks", report.numBanks);
    json.attribute("bank_size", report.bankSize);
    json.attributeArray("reserved_banks", [&] {
      for (int64_t bank : report.reservedBanks)
        json.value(bank);
    });
    json.attribute("uneven_rotation", report.unevenRotation);
    json.attribute("heuristic", report.heuristic);
    json.attributeBegin("score");
    writeNumber(json, report.score);
    json.attributeEnd();
    json.attribute("demand_ratio", report.demandRatio);
    json.attribute("peak_demand", report.peakDemand);
    json.attribute("utilization", report.utilization);
    json.attribute("spill_cycles", report.spillCycles);
    json.attribute("gca_iterations", report.gcaIterations);
    json.attribute("first_iter_placed", report.firstIterPlaced);
    if (report.exact.empty())
      json.attribute("exact", nullptr);
    else
      json.attribute("exact", report.exact);
    json.attributeArray("put_back", [&] {
      for (const std::string &name : report.putBack)
        json.value(name);
    });
    json.attributeArray("tensors", [&] {
      for (const TensorReport &tensor : report.tensors) {
        json.object([&] {
          json.attribute("name", tensor.name);
          json.attribute("bytes", tensor.bytes);
          json.attribute("blocks", tensor.blocks);
          json.attribute("live_banks", tensor.liveBanks);
          json.attributeArray("live", [&] {
            json.value(tensor.live.def);
            json.value(tensor.live.use);
          });
          if (tensor.baseBank)
            json.attribute("base_bank", *tensor.baseBank);
          else
            json.attribute("base_bank", nullptr);
          json.attributeArray("banks", [&] {
            for (int64_t bank : tensor.banks)
              json.value(bank);
          });
          json.attribute("pinned", tensor.pinned);
          json.attribute("spilled", tensor.spilled);
          if (tensor.spillOf)
            json.attribute("spill_of", *tensor.spillOf);
          else
            json.attribute("spill_of", nullptr);
          json.attributeBegin("cost");
          writeNumber(json, tensor.cost);
          json.attributeEnd();
        });
      }
    });
    json.attributeArray("spills", [&] {
      for (const SpillReport &spill : report.spills) {
        json.object([&] {
          json.attribute("tensor", spill.tensor);
          json.attribute("kind", spill.save ? "save" : "reload");
          json.attribute("copy", spill.copy);
          json.attribute("at", spill.at);
        });
      }
    });
    writeDiagnostics(json, report);
    json.attribute("allocated", true);
  });
}

LogicalResult
psum::alloc::writeOutputFile(Location loc, StringRef path,
                             llvm::function_ref<void(raw_ostream &)> write) {
  std::error_code error;
  llvm::ToolOutputFile file(path, error, llvm::sys::fs::OF_Text);
  if (error)
    return emitError(loc, "cannot open '") << path << "': " << error.message();
  write(file.os());
  file.os().flush();
  if (file.os().has_error()) {
    // A stream left in error aborts the process when it is destroyed.
    std::error_code written = file.os().error();
    file.os().clear_error();
    return emitError(loc, "cannot write '")
           << path << "': " << written.message();
  }
  file.keep();
  return success();
}

LogicalResult psum::alloc::writeReport(Location loc, StringRef path,
                                       ArrayRef<FunctionReport> reports) {
  return writeOutputFile(loc, path, [&](raw_ostream &os) {
    {
      llvm::json::OStream json(os, /*IndentSize=*/2);
      json.array([&] {
        for (const FunctionReport &report : reports)
          writeFunction(json, report);
      });
    }
    os << "\n";
  });
}
