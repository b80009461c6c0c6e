// Placeholder until the real CsanDevice pass lands.
#include "CsanPasses.h"
#include "llvm/IR/Module.h"
using namespace llvm;
PreservedAnalyses csan::CsanDevicePass::run(Module &M, ModuleAnalysisManager &) {
  M.getContext().emitError("csan: CsanDevicePass is not implemented yet");
  return PreservedAnalyses::all();
}
