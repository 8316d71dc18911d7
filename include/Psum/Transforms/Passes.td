//===- Passes.td - Psum pass definitions -----------------*- tablegen -*-===//

#ifndef PSUM_TRANSFORMS_PASSES_TD
#define PSUM_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def PsumAllocatePass : Pass<"psum-allocate", "::mlir::ModuleOp"> {
  let summary = "color PSUM locations into banks (Chaitin-Briggs, bank model)";
  let description = [{
    Allocates every PSUM location of every `bir.func` to whole PSUM banks,
    reproducing the production allocator's phases: linearize, split
    multi-range locations, live ranges with loop extension, interference,
    spill costs in bank x cycles, the additive simplify test, first-fit
    select over a free-bank bitmap and TensorCopy spilling, inside a
    best-of-n loop. Each PSUM location then carries `base_bank` and `banks`;
    spill code is ordinary `bir.tensor_copy`. Functions are allocated in
    parallel. See docs/PsumAllocate.md.
  }];
  let dependentDialects = ["::psum::bir::BIRDialect"];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "override the functions' architecture (gen1, gen2, gen3, gen4)">,
    Option<"numBanks", "num-banks", "unsigned", /*default=*/"0",
           "override the number of PSUM banks (0: from the architecture)">,
    Option<"bankSize", "bank-size", "unsigned", /*default=*/"0",
           "override the PSUM bank size in bytes (0: from the architecture)">,
    ListOption<"reservedBanks", "reserved-banks", "unsigned",
           "indices of the banks the allocator must leave free, comma-separated (e.g. 7: bank 7, kept for PE transposes), besides each function's reserved_banks; the union is written to the function">,
    Option<"bestOf", "best-of", "unsigned", /*default=*/"0",
           "number of heuristics tried in the best-of-n loop (0: all named ones)">,
    Option<"heuristic", "heuristic", "std::string", /*default=*/"\"\"",
           "run only this heuristic: a named one or seed-tie<i>, i < 1024">,
    Option<"loopAware", "loop-aware", "bool", /*default=*/"true",
           "extend live ranges around loops (false: the seed's family-a twin, "
           "which ignores loops: values carried around one may share banks; "
           "for comparison only)">,
    Option<"spillSpace", "spill-space", "std::string", /*default=*/"\"sbuf\"",
           "where spilled values are saved (sbuf or dram)">,
    Option<"copyLatency", "copy-latency", "unsigned", /*default=*/"64",
           "cycles a spill or reload TensorCopy takes per bank">,
    Option<"loadToCopy", "load-to-copy", "bool", /*default=*/"true",
           "a TensorCopy reading a spilled tensor reads the saved copy, with "
           "no reload into PSUM (the seed's load2Copy)">,
    Option<"unevenRotation", "uneven-rotation", "bool", /*default=*/"false",
           "a location's blocks may rotate over any number of banks at least "
           "the blocks live at once, not only a divisor of the block count "
           "(the seed's integral shrink factor); recorded as the function's "
           "uneven_rotation">,
    Option<"spillWriteLocations", "spill-write-locations", "bool",
           /*default=*/"true",
           "each writer of a spilled tensor after the first writes a location "
           "of its own, <t>_SpillWrite<n> (false: all write the tensor, as "
           "the seed)">,
    Option<"split", "split", "bool", /*default=*/"true",
           "split PSUM locations into pieces used at disjoint times (byte ranges, successive values)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "emit the seed's report lines as remarks on each function">,
    Option<"trace", "trace", "bool", /*default=*/"false",
           "print the seed's phase trace to stderr">,
    Option<"verify", "verify", "bool", /*default=*/"false",
           "run psum-verify-allocation on every function afterwards, and "
           "check the replayed spill rounds against the rewritten IR">,
    Option<"exact", "exact", "bool", /*default=*/"false",
           "after best-of-n, search for an optimal allocation (small functions)">,
    Option<"exactMaxCandidates", "exact-max-candidates", "unsigned",
           /*default=*/"40", "largest candidate count the exact mode takes on">,
    Option<"exactBudget", "exact-budget", "unsigned", /*default=*/"200000",
           "search steps the exact mode may take before falling back">,
    Option<"rescueBudget", "rescue-budget", "unsigned", /*default=*/"50000",
           "search steps of the exact mode run where best-of-n found no "
           "allocation and no proof that none exists, or spilled on a "
           "function of at most exact-max-candidates candidates (0: never)">,
    Option<"pruneSpills", "prune-spills", "bool", /*default=*/"true",
           "put back the best heuristic's spills that its other spills made "
           "unnecessary (functions of up to 200 candidates; not with "
           "heuristic=NAME, which runs as it is)">,
    Option<"reportFile", "report", "std::string", /*default=*/"\"\"",
           "write a JSON allocation report to this file ('-' for stdout)">,
  ];
}

def PsumVerifyAllocationPass
    : Pass<"psum-verify-allocation", "::psum::bir::FuncOp"> {
  let summary = "check an allocated function's banks independently";
  let description = [{
    Checks a function after `psum-allocate` without the allocator's data
    structures: liveness is recomputed from the IR by a dataflow analysis
    over the loop structure (a location holds a value between a write that
    reaches a point and a read reachable from it). A value ends where writes
    cover every partition and byte the location's reads read: in one block
    (blocks add up), or by a loop that indexes the location only by its own
    induction variable and overwrites blocks before reading them (a sweep).
    Reports, each on the op
    that shows it: a PSUM location without banks or with banks outside PSUM,
    or placed elsewhere than its `pin` or on a reserved bank;
    blocks whose banks do not follow `base + (k mod liveBlocks) x blockBanks`;
    two blocks of a location live at one point on a common bank (for a
    rotation, every access indexing a block as `iv + c` of one loop, per
    offset within an iteration; per block with the indexing loops unrolled
    for any other location, such as a software pipeline whose prologue and
    epilogue name constant blocks, and for a rotation whose values seem to
    come from before its loop, such as halves adding up); two locations live
    at one point on a common bank; a spilled value not
    saved right after a write or read directly instead of through a reload;
    an accumulation group that was spilled.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "override the functions' architecture (gen1, gen2, gen3, gen4)">,
    Option<"numBanks", "num-banks", "unsigned", /*default=*/"0",
           "number of PSUM banks (0: from the architecture)">,
    Option<"bankSize", "bank-size", "unsigned", /*default=*/"0",
           "PSUM bank size in bytes (0: from the architecture)">,
    ListOption<"reservedBanks", "reserved-banks", "unsigned",
           "banks no location may use besides the function's reserved_banks "
           "(psum-allocate's reserved-banks)">,
    Option<"unevenRotation", "uneven-rotation", "bool", /*default=*/"false",
           "accept blocks rotating over a number of banks that does not "
           "divide the block count, besides functions marked "
           "uneven_rotation (psum-allocate's uneven-rotation)">,
    Option<"maxBlockInstances", "max-block-instances", "uint64_t",
           /*default=*/"uint64_t(1) << 24",
           "block instances (a block named by an access, in one iteration of "
           "the loops indexing it) a block-by-block check may visit before "
           "it reports the location as too large to check">,
  ];
}

def PsumExplainPass : Pass<"psum-explain", "::mlir::ModuleOp"> {
  let summary = "report one allocator phase's result as remarks";
  let description = [{
    Runs the allocator's phases up to `phase` on every `bir.func`, without
    changing the IR, and reports that phase's product as remarks on the ops
    it concerns: `linearize` (the linear point of every instruction, loop
    header and back-edge), `live` (each candidate's live range, banks and
    shrink factor), `interference` (neighbors and demand), `bound` (the
    instruction that needs the most banks whatever is spilled, and whether
    that proves no allocation exists), `costs` (spill costs), `simplify` (the additive test value, the lo / hi / inf class and
    the node stack) and `select` (the base bank or the spill decision of the
    first round). It is how each phase is tested on its own and how a user
    sees why a tensor landed where it did. Like psum-allocate it first
    splits locations into pieces used at disjoint times (`split`), on a copy
    of the function; a piece's remarks name it (`piece 't_split0'`).
  }];
  let dependentDialects = ["::psum::bir::BIRDialect"];
  let options = [
    Option<"phase", "phase", "std::string", /*default=*/"\"select\"",
           "linearize, live, interference, bound, costs, simplify or select">,
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "override the functions' architecture (gen1, gen2, gen3, gen4)">,
    Option<"numBanks", "num-banks", "unsigned", /*default=*/"0",
           "override the number of PSUM banks (0: from the architecture)">,
    Option<"bankSize", "bank-size", "unsigned", /*default=*/"0",
           "override the PSUM bank size in bytes (0: from the architecture)">,
    ListOption<"reservedBanks", "reserved-banks", "unsigned",
           "indices of the banks the allocator must leave free, "
           "comma-separated, besides the function's reserved_banks">,
    Option<"loopAware", "loop-aware", "bool", /*default=*/"true",
           "extend live ranges around loops">,
    Option<"split", "split", "bool", /*default=*/"true",
           "explain the pieces psum-allocate's split makes (on a copy of the "
           "function: the IR is not changed)">,
    Option<"loadToCopy", "load-to-copy", "bool", /*default=*/"true",
           "a TensorCopy reading a spilled tensor reads the saved copy (the "
           "seed's load2Copy; changes the costs)">,
    Option<"heuristic", "heuristic", "std::string", /*default=*/"\"seed\"",
           "simplify heuristic to explain (its ordering: relief spills and "
           "backtracking are best-of-n steps, not shown)">,
    Option<"unevenRotation", "uneven-rotation", "bool", /*default=*/"false",
           "blocks may rotate over any number of banks (psum-allocate's "
           "uneven-rotation)">,
    Option<"copyLatency", "copy-latency", "unsigned", /*default=*/"64",
           "cycles a spill or reload TensorCopy takes per bank">,
  ];
}

def PsumTimelinePass : Pass<"psum-timeline", "::mlir::ModuleOp"> {
  let summary = "draw the PSUM bank timeline of allocated functions (SVG / HTML)";
  let description = [{
    Reads functions already allocated by `psum-allocate` (every PSUM
    candidate carries `banks`) and draws, per function, banks on the vertical
    axis against linear points on the horizontal axis: one coloured bar per
    tensor on each bank it occupies over its live range [def, use], loops
    shaded, spill saves and reloads marked, and the peak-demand point. With
    `svg=FILE` one standalone SVG per function (several functions:
    `FILE` with `.<function>` inserted before `.svg`); with `html=FILE` one
    self-contained HTML page with every function's SVG and hover details.
    The IR is not changed. See docs/Timeline.md.
  }];
  let dependentDialects = ["::psum::bir::BIRDialect"];
  let options = [
    Option<"svgFile", "svg", "std::string", /*default=*/"\"\"",
           "write one SVG per function to this file ('-' for stdout)">,
    Option<"htmlFile", "html", "std::string", /*default=*/"\"\"",
           "write one HTML page with all functions to this file ('-' for stdout)">,
    Option<"loopAware", "loop-aware", "bool", /*default=*/"true",
           "extend live ranges around loops, as psum-allocate did">,
    Option<"unevenRotation", "uneven-rotation", "bool", /*default=*/"false",
           "blocks may rotate over any number of banks, as psum-allocate's "
           "uneven-rotation did (implied by the function's uneven_rotation)">,
    ListOption<"reservedBanks", "reserved-banks", "unsigned",
           "banks drawn greyed besides the function's reserved_banks "
           "(where psum-allocate records the banks it left free)">,
  ];
}

def PsumSummaryPass : Pass<"psum-summary", "::mlir::ModuleOp"> {
  let summary = "print a human-readable PSUM allocation summary per function";
  let description = [{
    Prints, for every allocated `bir.func`: the distinct banks used, the peak
    bank demand (and where), the tensors spilled and the spill copies
    inserted, the heuristic kept (`psum.heuristic`) and its score
    (`psum.score`). Output goes to stderr by default, to stdout with
    `output=-` or to a file. The IR is not changed. See docs/Timeline.md.
  }];
  let dependentDialects = ["::psum::bir::BIRDialect"];
  let options = [
    Option<"outputFile", "output", "std::string", /*default=*/"\"\"",
           "where to print: empty for stderr, '-' for stdout, or a file">,
    Option<"tensors", "tensors", "bool", /*default=*/"false",
           "also print one line per PSUM tensor (banks, live range, spill)">,
    Option<"loopAware", "loop-aware", "bool", /*default=*/"true",
           "extend live ranges around loops, as psum-allocate did">,
    Option<"unevenRotation", "uneven-rotation", "bool", /*default=*/"false",
           "blocks may rotate over any number of banks, as psum-allocate's "
           "uneven-rotation did (implied by the function's uneven_rotation)">,
    ListOption<"reservedBanks", "reserved-banks", "unsigned",
           "banks not counted among those the tensors could use, besides "
           "the function's reserved_banks (where psum-allocate records the "
           "banks it left free)">,
  ];
}

#endif // PSUM_TRANSFORMS_PASSES_TD
