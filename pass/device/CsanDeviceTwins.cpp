//===- CsanDeviceTwins.cpp - K -> K__csan, f -> f__csan ---------------------===//
//
// csan never changes the code the user compiled: it instruments copies.
//
// The instrumented twin of kernel K is a copy of K with one more parameter,
// the launch context, passed by value in parameter space:
//
//   define ptx_kernel void @K__csan(<K's parameters>,
//       ptr byval(%struct.csan_launch_ctx) align 8 "nvvm.grid_constant" %csan.ctx)
//
// byval + "nvvm.grid_constant" keeps the 1088-byte context in the kernel's
// parameter space and lets the body take its address without a copy to local
// memory (DESIGN.md, decision 5). The copy gets its own DISubprogram (a
// distinct subprogram may belong to one function only); the subprogram keeps
// K's name, so debuggers and site descriptors name the source kernel.
//
// The instrumented clone of device function f is a copy of f with the
// context's generic address as one more, last parameter:
//
//   define <f's linkage> <ret> @f__csan(<f's parameters>, ptr %csan.ctx)
//
// Twins and clones call clones; K and f keep calling the originals, so the
// code a plain launch runs is the code the user compiled (DESIGN.md,
// decision 5).
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"

#include "csan_abi.h"

#include "llvm/IR/Attributes.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

Function *csan::device::createContextClone(Function &K, Type *CtxTy) {
  Module &M = *K.getParent();
  LLVMContext &C = M.getContext();
  FunctionType *FTy = K.getFunctionType();
  SmallVector<Type *, 8> Params(FTy->params());
  Params.push_back(PointerType::get(C, 0));
  auto *TwinTy = FunctionType::get(FTy->getReturnType(), Params, FTy->isVarArg());

  // A twin goes at the end of the module, a clone right after its original
  // (it reads next to it in IR dumps).
  Function *Twin = Function::Create(TwinTy, K.getLinkage(), K.getAddressSpace(),
                                    K.getName() + CSAN_KERNEL_SUFFIX);
  if (CtxTy)
    M.getFunctionList().push_back(Twin);
  else
    M.getFunctionList().insertAfter(K.getIterator(), Twin);
  ValueToValueMapTy VMap;
  auto TwinArg = Twin->arg_begin();
  for (Argument &A : K.args()) {
    TwinArg->setName(A.getName());
    VMap[&A] = &*TwinArg++;
  }
  SmallVector<ReturnInst *, 4> Returns;
  // LocalChangesOnly: same module, so the function's DISubprogram and the
  // metadata local to it are duplicated, everything global is shared.
  CloneFunctionInto(Twin, &K, VMap, CloneFunctionChangeType::LocalChangesOnly, Returns);

  // Same place in the object as K: linkage, visibility and comdat travel
  // together, so a weak_odr template kernel has a weak_odr twin.
  Twin->setComdat(K.getComdat());

  Argument *Ctx = Twin->getArg(Twin->arg_size() - 1);
  Ctx->setName("csan.ctx");
  if (!CtxTy) // a device function: a plain pointer, never null-checked away
    return Twin;
  Twin->addParamAttr(Ctx->getArgNo(), Attribute::getWithByValType(C, CtxTy));
  Twin->addParamAttr(Ctx->getArgNo(), Attribute::getWithAlignment(C, Align(8)));
  Twin->addParamAttr(Ctx->getArgNo(), Attribute::get(C, "nvvm.grid_constant"));
  Twin->addParamAttr(Ctx->getArgNo(), Attribute::NoUndef);
  return Twin;
}

// ptxas's limit on an entry function's parameter space: 32,764 bytes from
// sm_70 with PTX ISA 8.1 (CUDA 12.1; the toolkits csan builds with), 4,096
// before sm_70. Parameters are laid out in order, each at its alignment.
bool csan::device::twinParamsFit(const Function &K, Type *CtxTy, uint64_t &Bytes,
                                 uint64_t &Limit) {
  const DataLayout &DL = K.getParent()->getDataLayout();
  unsigned SM = 0;
  StringRef CPU = K.getFnAttribute("target-cpu").getValueAsString();
  if (CPU.consume_front("sm_"))
    CPU.consumeInteger(10, SM);
  Limit = SM == 0 || SM >= 70 ? 32764 : 4096;
  uint64_t Offset = 0;
  auto Place = [&](uint64_t Size, Align A) { Offset = alignTo(Offset, A) + Size; };
  for (const Argument &A : K.args()) {
    if (Type *ByVal = A.getParamByValType())
      Place(DL.getTypeAllocSize(ByVal), A.getParamAlign().value_or(DL.getABITypeAlign(ByVal)));
    else
      Place(DL.getTypeAllocSize(A.getType()), DL.getABITypeAlign(A.getType()));
  }
  Place(DL.getTypeAllocSize(CtxTy), Align(8));
  Bytes = Offset;
  return Bytes <= Limit;
}
