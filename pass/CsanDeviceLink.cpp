// Placeholder until the real CsanDeviceLink pass lands.
#include "CsanPasses.h"
#include "llvm/IR/Module.h"
using namespace llvm;
PreservedAnalyses csan::CsanDeviceLinkPass::run(Module &M, ModuleAnalysisManager &) {
  M.getContext().emitError("csan: CsanDeviceLinkPass is not implemented yet");
  return PreservedAnalyses::all();
}
