//===- CsanPasses.h - csan pass entry points ------------------------------===//
//
// csan's passes, as the plugin registers them:
//
//   csan               what -fpass-plugin runs at the end of the optimizer; it
//                      looks at the target triple and runs either the device
//                      pipeline (csan-device, csan-device-link, cleanup) or
//                      csan-host.
//   csan-device        instruments every kernel of an nvptx64 module (creates
//                      the K__csan twins, inserts checks, emits site tables).
//   csan-device-link   links csan_rt_device.bc into the module, internalizes
//                      it and runs the cleanup passes that inline it.
//   csan-host          redirects launches and CUDA runtime calls of a host
//                      module to the host runtime's wrappers.
//
// Each pass is required (runs at -O0 and on optnone functions): skipping
// instrumentation silently would turn a race into a silent pass.
//===----------------------------------------------------------------------===//
#ifndef CSAN_PASSES_H
#define CSAN_PASSES_H

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

namespace csan {

/// True for modules csan treats as device code (nvptx/nvptx64 triples).
bool isDeviceModule(const llvm::Module &M);

struct CsanDevicePass : llvm::PassInfoMixin<CsanDevicePass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

struct CsanDeviceLinkPass : llvm::PassInfoMixin<CsanDeviceLinkPass> {
  explicit CsanDeviceLinkPass(llvm::OptimizationLevel Level = llvm::OptimizationLevel::O2)
      : Level(Level) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
  llvm::OptimizationLevel Level;
};

/// Makes the runtime object's source from the runtime bitcode: its
/// out-of-line functions under the names -csan-runtime-object gives them
/// (CsanDeviceLink.cpp).
struct CsanDeviceRuntimeExportPass : llvm::PassInfoMixin<CsanDeviceRuntimeExportPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

struct CsanHostPass : llvm::PassInfoMixin<CsanHostPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// The pass -fpass-plugin runs: dispatches on the module's triple.
struct CsanPass : llvm::PassInfoMixin<CsanPass> {
  explicit CsanPass(llvm::OptimizationLevel Level) : Level(Level) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
  llvm::OptimizationLevel Level;
};

/// Directory the plugin was loaded from (to find csan_rt_device.bc beside it).
std::string pluginDirectory();

} // namespace csan

#endif // CSAN_PASSES_H
