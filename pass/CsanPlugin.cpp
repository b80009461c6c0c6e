//===- CsanPlugin.cpp - registers csan's passes with the new pass manager -===//
//
// Loaded by `clang -fpass-plugin=csan.so` (both the host and the device cc1
// jobs of a CUDA compilation load it) or by `opt -load-pass-plugin=csan.so`.
// With clang, csan runs at the OptimizerLast extension point, so only the
// accesses that survive optimization are instrumented; the extension point is
// also invoked by the -O0 pipeline, so -O0 builds are instrumented too.
//===----------------------------------------------------------------------===//

#include "CsanPasses.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

#include <dlfcn.h>

using namespace llvm;

static cl::opt<bool> ClEnable("csan", cl::desc("Run csan at the end of the optimizer pipeline "
                                               "(set to false to load the plugin but not instrument)"),
                              cl::Hidden, cl::init(true));

bool csan::isDeviceModule(const Module &M) {
  return Triple(M.getTargetTriple()).isNVPTX();
}

std::string csan::pluginDirectory() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&csan::pluginDirectory), &Info) && Info.dli_fname) {
    std::string Path = Info.dli_fname;
    size_t Slash = Path.rfind('/');
    return Slash == std::string::npos ? std::string(".") : Path.substr(0, Slash);
  }
  return ".";
}

PreservedAnalyses csan::CsanPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!ClEnable)
    return PreservedAnalyses::all();
  if (isDeviceModule(M)) {
    ModulePassManager Device;
    Device.addPass(CsanDevicePass());
    Device.addPass(CsanDeviceLinkPass(Level));
    return Device.run(M, MAM);
  }
  return CsanHostPass().run(M, MAM);
}

static bool parseModulePipeline(StringRef Name, ModulePassManager &MPM,
                                ArrayRef<PassBuilder::PipelineElement>) {
  if (Name == "csan") {
    MPM.addPass(csan::CsanPass(OptimizationLevel::O2));
    return true;
  }
  if (Name == "csan-device") {
    MPM.addPass(csan::CsanDevicePass());
    return true;
  }
  if (Name == "csan-device-link") {
    MPM.addPass(csan::CsanDeviceLinkPass());
    return true;
  }
  if (Name == "csan-device-runtime-export") {
    MPM.addPass(csan::CsanDeviceRuntimeExportPass());
    return true;
  }
  if (Name == "csan-host") {
    MPM.addPass(csan::CsanHostPass());
    return true;
  }
  return false;
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "csan", "0.1", [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(parseModulePipeline);
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
                  MPM.addPass(csan::CsanPass(Level));
                });
          }};
}
