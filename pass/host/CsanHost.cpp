//===- CsanHost.cpp - csan-host: the host half of csan ---------------------===//
//
// The host runtime keeps CUDA's happens-before model (streams, events, the
// host) and launches the instrumented kernel twins. It learns about every
// operation through wrappers: the pass turns each call of a CUDA runtime
// function listed in rt_host/cuda/csan_api.def into a call of the runtime's
// __csan_<name> with the same arguments and one more, a pointer to a private
// csan_host_site constant naming the call's source location. Uses that are
// not direct calls (the function's address stored, passed as a callback, or
// found in an initializer) go to a small thunk, __csan_nosite_<name>, that
// calls the wrapper with a null site. This catches the <<<>>> stubs (they call
// cudaLaunchKernel, or cudaLaunchKernel_ptsz for per-thread default streams),
// the calls in CUDA's own inline header templates, and the module
// constructor's __cudaRegisterVar calls, all of which clang emits before the
// optimizer runs.
//
// Under -fgpu-rdc clang 22 uses the new offloading driver: the host module
// describes its kernels and device variables as offloading entries and the
// registration code is generated at link time, out of the pass's reach. The
// pass reads the entries and emits a constructor that hands every device
// variable to __csan_register_device_var (see csan_abi.h).
//
// Device (nvptx) modules are never touched, and a host module with nothing to
// redirect or register is left exactly as it was.
//===----------------------------------------------------------------------===//

#include "CsanHost.h"
#include "CsanPasses.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace csan;
using namespace csan::host;

#define DEBUG_TYPE "csan-host"

static cl::opt<bool> ClRedirect("csan-host-redirect",
                                cl::desc("Redirect CUDA runtime calls of host modules to "
                                         "csan's wrappers (false: only register -fgpu-rdc "
                                         "device variables)"),
                                cl::Hidden, cl::init(true));
static cl::opt<bool> ClStats("csan-host-stats",
                             cl::desc("Print to stderr what csan-host did to each host module"),
                             cl::Hidden, cl::init(false));

STATISTIC(NumDeviceModulesSkipped, "Device modules csan-host left alone");
STATISTIC(NumModulesUnchanged, "Host modules with nothing to redirect or register");

const char *csan::host::apiGroupName(ApiGroup G) {
  static const char *const Names[NumApiGroups] = {"launch", "stream", "event", "device",
                                                  "alloc",  "copy",   "set",   "reg",
                                                  "graph",  "lib"};
  return G < NumApiGroups ? Names[G] : "?";
}

static void printCounts(const Module &M, const HostCounts &C) {
  errs() << "csan-host: " << M.getModuleIdentifier() << ":\n";
  for (unsigned G = 0; G < NumApiGroups; ++G)
    errs() << "csan-host:   " << apiGroupName(static_cast<ApiGroup>(G))
           << " calls redirected: " << C.CallsRedirected[G] << "\n";
  errs() << "csan-host:   library calls counted as unchecked: " << C.LibCallsUnchecked << "\n"
         << "csan-host:   library functions registered: " << C.LibFunctionsRegistered << "\n"
         << "csan-host:   uses redirected to thunks: " << C.UsesThunked << "\n"
         << "csan-host:   uses left alone: " << C.UsesSkipped << "\n"
         << "csan-host:   device variables registered: " << C.DeviceVarsRegistered << "\n"
         << "csan-host:   device variables not registered: " << C.DeviceVarsSkipped << "\n";
  if (!C.HostAccessesChecked && !C.HostRangesChecked) {
    bool Any = false;
    for (unsigned N : C.HostAccessSkips)
      Any |= N != 0;
    if (!Any)
      return;
  }
  errs() << "csan-host:   host accesses checked: " << C.HostAccessesChecked << "\n"
         << "csan-host:   host ranges checked: " << C.HostRangesChecked << "\n";
  for (unsigned R = 0; hostAccessSkipName(R)[0] != '?'; ++R)
    errs() << "csan-host:   host accesses skipped, " << hostAccessSkipName(R) << ": "
           << C.HostAccessSkips[R] << "\n";
}

PreservedAnalyses CsanHostPass::run(Module &M, ModuleAnalysisManager &) {
  if (isDeviceModule(M)) {
    ++NumDeviceModulesSkipped;
    return PreservedAnalyses::all();
  }
  HostCounts Counts;
  bool Changed = false;
  if (ClRedirect)
    Changed |= redirectApiCalls(M, Counts);
  Changed |= registerDeviceVariables(M, Counts);
  Changed |= checkHostAccesses(M, Counts);
  if (ClStats)
    printCounts(M, Counts);
  if (!Changed) {
    ++NumModulesUnchanged;
    return PreservedAnalyses::all();
  }
  return PreservedAnalyses::none();
}
