//===- CsanHostResultUse.cpp - a launch whose result the program reads ----===//
//
// A launch that fails at once leaves its error in the thread's last error;
// csan's runtime warns when the program never reads it (cudaGetLastError,
// cudaPeekAtLastError) before its next CUDA call (rt_host/cuda/
// csan_rt_errors.c). A program that calls cudaLaunchKernel (or another
// launch of csan_api.def) itself and uses the result has read the error
// just the same. So after each redirected launch whose result has a use,
//
//   %r = call i32 @__csan_cudaLaunchKernel(..., ptr @site)
//   call void @__csan_launch_result_used()
//
// tells the runtime. The `<<<>>>` stub discards the result: no call there.
// An invoke's result is noted at its normal destination when that block has
// no other predecessor (else not at all: the runtime may then warn).
//
//===----------------------------------------------------------------------===//

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace csan {
namespace host {

static const char *const ResultUsedName = "__csan_launch_result_used";

void noteResultUse(CallBase &Call, bool IsLaunch) {
  if (!IsLaunch || Call.use_empty())
    return;
  Instruction *At = nullptr;
  if (auto *II = dyn_cast<InvokeInst>(&Call)) {
    BasicBlock *Normal = II->getNormalDest();
    if (Normal->getSinglePredecessor() != II->getParent())
      return;
    At = &*Normal->getFirstInsertionPt();
  } else {
    At = Call.getNextNode();
  }
  if (!At)
    return;
  Module &M = *Call.getModule();
  FunctionCallee Hook = M.getOrInsertFunction(
      ResultUsedName, FunctionType::get(Type::getVoidTy(M.getContext()), false));
  IRBuilder<> B(At);
  CallInst *C = B.CreateCall(Hook);
  C->setDebugLoc(Call.getDebugLoc());
}

} // namespace host
} // namespace csan
