// Placeholder until the real CsanHost pass lands.
#include "CsanPasses.h"
#include "llvm/IR/Module.h"
using namespace llvm;
PreservedAnalyses csan::CsanHostPass::run(Module &M, ModuleAnalysisManager &) {
  M.getContext().emitError("csan: CsanHostPass is not implemented yet");
  return PreservedAnalyses::all();
}
