# -*- Python -*-
# csan's lit configuration.
#
# Suites:  pass/   IR in -> IR out (opt with the plugin, and real .cu through clang)
#          model/  ordering model: csan-replay schedules and C unit tests
#          unit/   shadow logic, reports, flags: C unit tests on the CPU
#          driver/ csan-clang / csan-clang++
#          runtime/ the host runtime against the fake CUDA library (test/fake)
#          tree/   properties of the source tree (scripts/check-deps)
#          e2e/    instrumented CUDA programs: REQUIRES: cuda-gpu
#
# The cuda-gpu feature is set only when csan-gpu-probe finds a GPU that can
# allocate memory; it runs once per lit invocation. Tests that need a GPU are
# reported UNSUPPORTED elsewhere, never PASS.
import os
import subprocess
import sys

import lit.formats

config.name = "csan"
config.test_format = lit.formats.ShTest(not lit.util.which("bash") is None)
config.suffixes = [".ll", ".cu", ".c", ".cpp", ".replay", ".test"]
config.excludes = ["Inputs", "fake", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.csan_obj_root, "test")

# Only what the tests need from the environment; nothing else leaks in.
config.environment["PATH"] = os.pathsep.join(
    [config.csan_bin_dir, config.llvm_tools_dir, os.environ.get("PATH", "/usr/bin:/bin")])
for var in ["HOME", "TMPDIR", "CUDA_VISIBLE_DEVICES", "LD_LIBRARY_PATH"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment.pop("CSAN_OPTIONS", None)

tools = config.llvm_tools_dir
plugin = os.path.join(config.csan_lib_dir, "csan.so")
cuda_flags = "--cuda-path=%s -Wno-unknown-cuda-version" % config.cuda_path

config.substitutions.extend([
    ("%csan_plugin", plugin),
    ("%csan_rt_bc", os.path.join(config.csan_lib_dir, "csan_rt_device.bc")),
    ("%csan_libdir", config.csan_lib_dir),
    ("%csan_src", config.csan_src_root),
    ("%csan_obj_root", config.csan_obj_root),
    # opt with the plugin loaded: `%opt -passes=csan-device -S`
    ("%opt", "%s -load-pass-plugin=%s" % (os.path.join(tools, "opt"), plugin)),
    ("%clangxx", os.path.join(tools, "clang++")),
    ("%clang", os.path.join(tools, "clang")),
    # clang with the plugin, for CUDA sources
    ("%cuda_flags", cuda_flags),
    ("%gpu_arch", config.default_gpu_arch),
    ("%csan_clangxx", os.path.join(config.csan_bin_dir, "csan-clang++")),
    ("%csan_clang", os.path.join(config.csan_bin_dir, "csan-clang")),
    ("%csan_bindir", config.csan_bin_dir),
    ("%replay", os.path.join(config.csan_bin_dir, "csan-replay")),
    # C unit tests against the CUDA-free core: `%cc_core %s -o %t && %t`
    ("%cc_core", "%s -std=c11 -O1 -g -Wall -Wextra -Werror -D_GNU_SOURCE %s -I%s -I%s -I%s %%s %s -lpthread -ldl -lm"
     % (config.c_compiler, config.sanitize_flags,
        os.path.join(config.csan_src_root, "rt_host", "core"),
        os.path.join(config.csan_src_root, "rt_device"),
        os.path.join(config.csan_src_root, "include"),
        config.core_lib)),
    ("%cuda_libdir", config.cuda_lib_dir),
    # PTX assembler, to check that generated PTX assembles (no GPU needed)
    ("%ptxas", os.path.join(config.cuda_path, "bin", "ptxas")),
    ("%nvlink", os.path.join(config.cuda_path, "bin", "nvlink")),
    ("FileCheck", os.path.join(tools, "FileCheck")),
    ("%not", os.path.join(tools, "not")),
    ("%python", sys.executable),
])

config.available_features.add("llvm-%s" % config.llvm_version_major)

# In the GPU pack (scripts/gpu-check writes its lit.site.cfg.py) there is no
# compiler: each compile line resolves to the binary gpu-check compiled from
# exactly that line (scripts/csan-prebuilt checks it against the manifest);
# %not (the pack's scripts/csan-not) requires csan's race status, 66.
prebuilt = getattr(config, "csan_prebuilt", None)
if prebuilt:
    for i, (key, value) in enumerate(config.substitutions):
        if key == "%not":
            config.substitutions[i] = (key, value + " --exit-status=66")
        if key in ("%csan_clangxx", "%csan_clang"):
            config.substitutions[i] = (key, "%s %s --as=%s --test=%%s --tmp=%%t --src=%s --" % (
                sys.executable, prebuilt, "clang++" if key.endswith("xx") else "clang",
                config.csan_src_root))
# The fake CUDA runtime stands in for the GPU (scripts/gpu-run --fake-cuda:
# the CI's pack test); test/e2e/lit.local.cfg then runs the host side only.
if lit_config.params.get("csan_fake_cuda"):
    config.available_features.add("csan-fake-cuda")
    for var in os.environ:  # the fake's knobs (test/fake/fake_cuda.h)
        if var.startswith("FAKE_CUDA_"):
            config.environment[var] = os.environ[var]

# A sanitized build (cmake -DCSAN_SANITIZE=address|thread, see
# cmake/Sanitize.cmake): the test programs get the same -fsanitize flags
# (%cc_core above, %cc_rt in runtime/), and every sanitized process writes
# its reports to sanitizer-logs/ in the build tree rather than to stderr, so
# a test that expects a failure (`%not`) or drops stderr cannot hide one:
# scripts/run-tests fails when that folder is not empty after the run. The
# exit status of a sanitizer error is 86, never csan's 66. Suppressions,
# each with its reason, are in test/sanitizers/.
if config.sanitize:
    config.available_features.add("sanitizer")
    config.available_features.add({"address": "asan", "thread": "tsan"}[config.sanitize])
    logs = os.path.join(config.csan_obj_root, "sanitizer-logs")
    os.makedirs(logs, exist_ok=True)
    supp = os.path.join(config.csan_src_root, "test", "sanitizers")
    common = "exitcode=86:print_suppressions=0:log_path=%s/%s" % (logs, config.sanitize)
    config.environment["ASAN_OPTIONS"] = common + ":detect_leaks=1:strict_string_checks=1" \
        ":detect_stack_use_after_return=1:check_initialization_order=1"
    config.environment["LSAN_OPTIONS"] = common + ":suppressions=%s/lsan.supp" % supp
    config.environment["UBSAN_OPTIONS"] = common + ":print_stacktrace=1:halt_on_error=1" \
        ":suppressions=%s/ubsan.supp" % supp
    config.environment["TSAN_OPTIONS"] = common + ":halt_on_error=1:second_deadlock_stack=1" \
        ":suppressions=%s/tsan.supp" % supp

def probe_gpu():
    probe = os.path.join(config.csan_bin_dir, "csan-gpu-probe")
    if not os.path.exists(probe):
        return None
    try:
        out = subprocess.run([probe], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None

# The libraries of the toolkit (and NCCL) that some e2e tests link: a
# feature cuda-lib-<name> where the library is found (the loader's path,
# the toolkit's folders, the system's), so a GPU machine without one
# reports those tests UNSUPPORTED instead of failing them (README, "Running
# the GPU suite").
def find_cuda_libs():
    import glob
    dirs = [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(os.pathsep) if d]
    dirs += [config.cuda_lib_dir, "/usr/local/cuda/lib64", "/usr/local/cuda/lib",
             "/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/lib/x86_64-linux-gnu", "/usr/lib"]
    dirs += sorted(glob.glob("/usr/local/cuda-*/lib64"))
    try:
        out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, timeout=10).stdout
        dirs += sorted({os.path.dirname(l.split("=>")[-1].strip()) for l in out.splitlines() if "=>" in l})
    except (OSError, subprocess.TimeoutExpired):
        pass
    stems = {"cublas": "libcublas.so", "cublaslt": "libcublasLt.so", "cufft": "libcufft.so",
             "cusparse": "libcusparse.so", "curand": "libcurand.so", "nccl": "libnccl.so",
             "nvrtc": "libnvrtc.so"}
    found = []
    for feature, stem in sorted(stems.items()):
        if any(os.path.exists(os.path.join(d, stem)) or glob.glob(os.path.join(d, stem + ".[0-9]*"))
               for d in dirs):
            config.available_features.add("cuda-lib-" + feature)
            found.append(feature)
    return found

lit_config.note("CUDA libraries found: %s" % (", ".join(find_cuda_libs()) or "none"))

gpu = probe_gpu()
if gpu:
    config.available_features.add("cuda-gpu")
    lit_config.note("cuda-gpu: %s" % gpu)
else:
    lit_config.note("cuda-gpu: no usable GPU here; GPU tests are UNSUPPORTED")
