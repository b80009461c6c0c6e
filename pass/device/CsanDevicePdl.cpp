//===- CsanDevicePdl.cpp - contexts before and after a grid-dependency wait -===//
//
// Programmatic dependent launch (PDL): a kernel launched programmatically
// after another may begin before that kernel ends; only what it does after
// griddepcontrol.wait (cudaGridDependencySynchronize) is ordered after it.
// The twin of a kernel that waits gets two contexts (csan_abi.h,
// CSAN_CTX_F_PDL_PAIR): its accesses use the first until the thread waited,
// the second after. A function waits when its body has the PTX instruction
// (inline asm or the NVVM intrinsic), calls CUDA's function that runs it
// (not inlined at -O0), or calls a function that waits; a call of such a
// function is a wait point at its return (the callee switches inside, from
// the context it was given: __csan_dev_pdl_post is idempotent).
//
// The switch is a variable: the context is kept in an alloca, stored at
// entry and after each wait point, loaded at each use, and promoted to
// registers (phis where waits and uses meet in control flow). Functions
// that do not wait are not touched.
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"

#include "csan_abi.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

/// Whether I itself waits on the grid dependencies.
static bool isWaitInstruction(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  if (const auto *IA = dyn_cast<InlineAsm>(CB->getCalledOperand()))
    return StringRef(IA->getAsmString()).contains(CSAN_PDL_WAIT_ASM);
  if (const auto *II = dyn_cast<IntrinsicInst>(CB))
    return II->getIntrinsicID() == Intrinsic::nvvm_griddepcontrol_wait;
  return false;
}

SmallPtrSet<Function *, 8> csan::device::gridWaiters(Module &M) {
  SmallPtrSet<Function *, 8> Waiters;
  if (Function *F = M.getFunction(CSAN_PDL_WAIT_FUNCTION))
    Waiters.insert(F);
  for (Function &F : M)
    for (const Instruction &I : instructions(F))
      if (isWaitInstruction(I)) {
        Waiters.insert(&F);
        break;
      }
  // Callers of waiters, to a fixed point (direct calls only: an indirect
  // call runs the original, which csan does not check anyway).
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (Function &F : M) {
      if (Waiters.contains(&F))
        continue;
      for (const Instruction &I : instructions(F)) {
        const auto *CB = dyn_cast<CallBase>(&I);
        const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
        if (Callee && Waiters.contains(Callee)) {
          Waiters.insert(&F);
          Grew = true;
          break;
        }
      }
    }
  }
  return Waiters;
}

unsigned csan::device::switchContextAtWaits(Function &F, Argument &Ctx,
                                            const SmallPtrSetImpl<Function *> &Waiters,
                                            function_ref<Function *(Function *)> OriginalOf,
                                            FunctionCallee PostFn) {
  SmallVector<Instruction *, 4> Waits;
  for (Instruction &I : instructions(F)) {
    if (isWaitInstruction(I)) {
      Waits.push_back(&I);
      continue;
    }
    auto *CB = dyn_cast<CallBase>(&I);
    Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (Callee && (Waiters.contains(Callee) || Waiters.contains(OriginalOf(Callee))))
      Waits.push_back(&I);
  }
  if (Waits.empty() || Ctx.use_empty())
    return Waits.size();

  const DataLayout &DL = F.getParent()->getDataLayout();
  IRBuilder<> IRB(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Slot = IRB.CreateAlloca(Ctx.getType(), DL.getAllocaAddrSpace(), nullptr,
                                      "csan.ctx.now");
  // Every use loads the context valid there (the entry store comes after).
  SmallVector<Use *, 16> Uses;
  for (Use &U : Ctx.uses())
    Uses.push_back(&U);
  for (Use *U : Uses) {
    auto *User = cast<Instruction>(U->getUser());
    IRBuilder<> At(User);
    if (auto *Phi = dyn_cast<PHINode>(User))
      At.SetInsertPoint(Phi->getIncomingBlock(*U)->getTerminator());
    U->set(At.CreateLoad(Ctx.getType(), Slot, "csan.ctx"));
  }
  IRB.SetInsertPoint(Slot->getNextNode());
  IRB.CreateStore(&Ctx, Slot);
  for (Instruction *W : Waits) {
    IRBuilder<> After(W->getNextNode());
    After.SetCurrentDebugLocation(W->getDebugLoc());
    Value *Before = After.CreateLoad(Ctx.getType(), Slot, "csan.ctx.pre");
    Value *Post = After.CreateCall(PostFn, {Before}, "csan.ctx.post");
    After.CreateStore(Post, Slot);
  }
  DominatorTree DT(F);
  PromoteMemToReg({Slot}, DT);
  return Waits.size();
}
