# -*- Python -*-
import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "PSUM"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.psum_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%psum_src_root", config.psum_src_root))
config.substitutions.append(("%psum_obj_root", config.psum_obj_root))
# test/embed builds an outside project; reuse the compiler cache if present.
if shutil.which("ccache"):
    config.environment["CMAKE_CXX_COMPILER_LAUNCHER"] = "ccache"
config.environment["FILECHECK_OPTS"] = "-enable-var-scope --allow-unused-prefixes=false"
# Sanitized builds (PSUM_ENABLE_SANITIZERS): the `sanitizers` feature.
if config.psum_sanitizers:
    config.available_features.add("sanitizers")
# psum-ilp is built where GLPK is installed: the `glpk` feature.
if config.psum_have_glpk:
    config.available_features.add("glpk")
# The GoogleTest unit tests are built where GoogleTest is installed.
if config.psum_have_gtest:
    config.available_features.add("gtest")
# Property tests (test/Property): functions per shape. Under the sanitizers a
# function costs about ten times as much, and 2,000 per shape kept the suite
# above 25 minutes on two cores; the normal build runs all of them.
_property_count = 400 if config.psum_sanitizers else 2000
config.substitutions.append(("%psum_property_count", str(_property_count)))
config.substitutions.append(("%psum_property_half", str(_property_count // 2)))
# Sanitized builds (PSUM_ENABLE_SANITIZERS): libMLIR.so is not instrumented
# and LLVM's inline allocator code poisons memory it never unpoisons there.
_asan = os.environ.get("ASAN_OPTIONS", "")
if "allow_user_poisoning" not in _asan:
    config.environment["ASAN_OPTIONS"] = ":".join(
        filter(None, [_asan, "allow_user_poisoning=0"]))
config.environment.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")

# A test that hangs fails after PSUM_TEST_TIMEOUT seconds (900 by default;
# the slowest, docs/doc-commands.test, takes about 4 minutes on two busy
# cores) rather than holding CI to its limit. lit's per-test timeout needs
# psutil (Debian's python3-psutil, which scripts/common.sh installs);
# without it the suite runs untimed. lit's --timeout overrides it.
try:
    _timeout = int(os.environ.get("PSUM_TEST_TIMEOUT", "900"))
except ValueError:
    lit_config.fatal("PSUM_TEST_TIMEOUT must be a whole number of seconds")
if lit_config.maxIndividualTestTimeIsSupported[0]:
    lit_config.maxIndividualTestTime = _timeout
elif _timeout:
    lit_config.note("no per-test timeout: " +
                    lit_config.maxIndividualTestTimeIsSupported[1])

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.psum_tools_dir, append_path=True)

tool_dirs = [config.psum_tools_dir, config.llvm_tools_dir]
tools = ["psum-opt", "psum-check", "not", "split-file", "count"]
if config.psum_have_glpk:
    tools.append("psum-ilp")
if config.psum_have_gtest:
    tools.append("psum-unittests")
llvm_config.add_tool_substitutions(tools, tool_dirs)

# %python: the interpreter running lit, for checker scripts under Inputs/.
import sys
config.substitutions.append(("%python", sys.executable))
