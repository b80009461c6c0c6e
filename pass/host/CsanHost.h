//===- CsanHost.h - the two halves of the csan-host pass -------*- C++ -*-===//
//
// csan-host (CsanHost.cpp) runs two independent steps on a host module:
//
//   redirectApiCalls          (CsanHostRedirect.cpp) every use of a CUDA
//                             runtime function of rt_host/cuda/csan_api.def, or
//                             of a library function csan models
//                             (rt_host/cuda/csan_lib.def), goes to the host
//                             runtime's wrapper __csan_<name>; calls of other
//                             library functions are counted as unchecked.
//   registerDeviceVariables   (CsanHostDeviceVars.cpp) a constructor that
//                             announces the module's -fgpu-rdc device
//                             variables to the host runtime.
//   checkHostAccesses         (CsanHostAccesses.cpp, -csan-host-accesses)
//                             host loads, stores and memory calls that may
//                             touch pinned, registered or managed memory
//                             get a bounds test and a runtime check.
//
// Both add to one HostCounts, which -csan-host-stats prints.
//===----------------------------------------------------------------------===//
#ifndef CSAN_HOST_H
#define CSAN_HOST_H

namespace llvm {
class Module;
} // namespace llvm

namespace csan {
namespace host {

/// The groups of csan_api.def, in its order. A group that is not listed here
/// makes the table in CsanHostRedirect.cpp fail to compile, so the list and
/// the .def cannot drift apart.
enum ApiGroup : unsigned {
  Group_launch,
  Group_stream,
  Group_event,
  Group_device,
  Group_alloc,
  Group_copy,
  Group_set,
  Group_reg,
  Group_graph,
  Group_lib, ///< csan_lib.def: library functions with a model
  NumApiGroups
};

const char *apiGroupName(ApiGroup G);

/// What the pass did to one module.
struct HostCounts {
  /// Direct calls rewritten to __csan_<name>(..., site), per group.
  unsigned CallsRedirected[NumApiGroups] = {};
  /// Calls of library functions without a model, each now preceded by a
  /// call of __csan_lib_unchecked.
  unsigned LibCallsUnchecked = 0;
  /// Library functions whose addresses the module registers with the runtime.
  unsigned LibFunctionsRegistered = 0;
  /// Other uses (address taken, callbacks, initializers) now using a thunk.
  unsigned UsesThunked = 0;
  /// Uses left alone, each with a diagnostic saying why.
  unsigned UsesSkipped = 0;
  /// Device variables passed to __csan_register_device_var by the constructor.
  unsigned DeviceVarsRegistered = 0;
  /// Offloading entries that are variables csan does not register.
  unsigned DeviceVarsSkipped = 0;
  /// Host loads, stores and atomics checked, ranges checked, and accesses
  /// skipped per reason (CsanHostAccessSkips.def).
  unsigned HostAccessesChecked = 0;
  unsigned HostRangesChecked = 0;
  unsigned HostAccessSkips[16] = {};
};

/// Rewrites the uses of every csan_api.def function in M. Returns true if the
/// module changed.
bool redirectApiCalls(llvm::Module &M, HostCounts &Counts);

/// Emits a constructor that calls __csan_register_device_var for every
/// variable in M's offloading entries (-fgpu-rdc with clang's new offloading
/// driver). Returns true if the module changed.
bool registerDeviceVariables(llvm::Module &M, HostCounts &Counts);

/// With -csan-host-accesses: checks every host access that may touch CUDA
/// host memory. Returns true if the module changed.
bool checkHostAccesses(llvm::Module &M, HostCounts &Counts);

/// The text of skip reason R of checkHostAccesses (null past the last).
const char *hostAccessSkipName(unsigned R);

} // namespace host
} // namespace csan

#endif // CSAN_HOST_H
