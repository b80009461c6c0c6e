//===- CsanHostAccesses.cpp - host accesses that may touch CUDA host memory -===//
//
// Pinned (cudaMallocHost, cudaHostAlloc), registered (cudaHostRegister) and
// managed (cudaMallocManaged) memory is read and written by the device and
// by plain host code. The host runtime keeps a shadow of those regions
// (rt_host/core/csan_hostmem.h); this step makes the host code's own
// accesses reach it. With -csan-host-accesses, every load, store and atomic
// of a host module whose address may be such memory becomes
//
//   %b    = @__csan_host_bounds            ; {lo, span}: the regions' hull
//   %d    = (ptrtoint %p) + (N - 1) - lo
//   %hit  = icmp ult %d, span + (N - 1)    ; [p, p+N) meets [lo, lo+span)
//   br %hit, label %check, label %cont     ; unlikely
// check:
//   call void @__csan_host_access(ptr %p, i64 N, i32 kind, ptr @site)
//
// so an access to ordinary memory costs two loads, three adds and a branch,
// and only one that lands in the hull calls the runtime (which finds the
// region or returns). Ranges (llvm.memcpy/memmove/memset and their .inline
// forms, masked vector loads and stores, and calls of memcpy, memmove,
// memset, fread and fwrite that survived as calls) call __csan_host_access
// directly, which tests the bounds itself: their own cost dwarfs a call.
//
// What is skipped, each under its own reason (shouldCheck), is memory that
// cannot be CUDA memory: stack and globals whose address never leaves the
// function or module (no CUDA call can have registered them), constant
// memory, other address spaces, and accesses csan or the user marked
// nosanitize. The same step runs on plain C/C++ modules: the flag, not the
// language, decides (csan-clang passes it through).
//
// The site is a private csan_host_site constant {file, function, line,
// column} of the access's innermost location; the runtime adds the host
// stack when it reports.
//===----------------------------------------------------------------------===//

#include "CsanHost.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include "csan_abi.h"

#include <map>
#include <string>
#include <tuple>

using namespace llvm;
using namespace csan::host;

#define DEBUG_TYPE "csan-host-accesses"

static cl::opt<bool> ClHostAccesses(
    "csan-host-accesses",
    cl::desc("Check host loads, stores and memory calls that may touch pinned, registered "
             "or managed memory against the device's work (also in plain C/C++ modules)"),
    cl::Hidden, cl::init(false));
static cl::opt<bool> ClHostAccessesInline(
    "csan-host-accesses-inline",
    cl::desc("Test the regions' bounds inline before calling the runtime (false: call it for "
             "every checked access)"),
    cl::Hidden, cl::init(true));

STATISTIC(NumLoads, "Host loads checked");
STATISTIC(NumStores, "Host stores checked");
STATISTIC(NumAtomics, "Host atomics checked");
STATISTIC(NumRanges, "Host ranges checked (memory intrinsics and library calls)");
STATISTIC(NumSkipped, "Host accesses skipped (any reason)");

namespace {

/// Why an access is not checked; names for -csan-host-stats.
enum SkipReason : unsigned {
#define CSAN_HOST_SKIP(Id, Text) Skip_##Id,
#include "CsanHostAccessSkips.def"
  NumSkipReasons
};

const char *const SkipNames[] = {
#define CSAN_HOST_SKIP(Id, Text) Text,
#include "CsanHostAccessSkips.def"
};

/// One access to check: [Ptr, Ptr + Size) (Size a constant, or a value for
/// ranges), its kind (CSAN_ACC_*), and whether it is a range.
struct Access {
  Instruction *I;
  Value *Ptr;
  Value *Size;
  uint64_t ConstSize; ///< 0 when Size is not a constant
  uint32_t Kind;
  unsigned Segment; ///< accesses of one segment have no call between them
  bool Dead = false; ///< covered by another access's check (coalesce)
  Value *Lo = nullptr, *Span = nullptr; ///< the bounds, loaded before a loop
};

/// Most bytes one coalesced check may span: neighbours in one block (an
/// unrolled vector loop's loads and stores), not a whole array.
constexpr int64_t MaxCoalescedBytes = 64;

/// Is Obj (an underlying object) memory no CUDA call can know? The rules:
///  - an alloca whose address is not captured: the frame is the function's
///    own, so cudaHostRegister never saw it (a registered stack buffer's
///    address goes to cudaHostRegister: captured, checked);
///  - a constant global: read-only memory is not written by the device
///    through the host's mapping, and a host read of it races with nothing;
///  - a global of this module (local linkage) whose address is not
///    captured: as for allocas. Globals visible to other modules may be
///    registered there, so they are checked.
std::optional<SkipReason> objectReason(const Value *Obj) {
  if (const auto *AI = dyn_cast<AllocaInst>(Obj)) {
    if (!PointerMayBeCaptured(AI, /*ReturnCaptures=*/true))
      return Skip_Stack;
    return std::nullopt;
  }
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj)) {
    if (GV->isConstant())
      return Skip_Constant;
    if (GV->hasLocalLinkage() && !PointerMayBeCaptured(GV, /*ReturnCaptures=*/true))
      return Skip_Global;
    return std::nullopt;
  }
  return std::nullopt;
}

/// The selection, in one place. An access is checked unless
///  - its function is csan's own, or opted out (disable_sanitizer_
///    instrumentation, or the access carries !nosanitize);
///  - its address is in another address space than the default one;
///  - its size is not known at compile time for a plain access (scalable
///    vectors);
///  - its underlying object cannot be CUDA memory (objectReason);
///  - it loads from memory marked invariant (!invariant.load).
std::optional<SkipReason> shouldCheck(const Instruction &I, const Value *Ptr, const DataLayout &DL) {
  if (I.hasMetadata(LLVMContext::MD_nosanitize))
    return Skip_NoSanitize;
  if (Ptr->getType()->getPointerAddressSpace() != 0)
    return Skip_AddressSpace;
  if (I.hasMetadata(LLVMContext::MD_invariant_load))
    return Skip_Constant;
  return objectReason(getUnderlyingObject(Ptr, /*MaxLookup=*/0));
}

class HostAccesses {
public:
  HostAccesses(Module &M, HostCounts &Counts)
      : M(M), Counts(Counts), Ctx(M.getContext()), DL(M.getDataLayout()),
        PtrTy(PointerType::getUnqual(Ctx)), I64(Type::getInt64Ty(Ctx)),
        I32(Type::getInt32Ty(Ctx)),
        SiteTy(StructType::get(PtrTy, PtrTy, I32, I32)) {}

  bool run();

private:
  void collect(Function &F, SmallVectorImpl<Access> &Out);
  void coalesce(MutableArrayRef<Access> Work);
  void hoistBounds(Function &F, MutableArrayRef<Access> Work);
  void addMemory(Instruction &I, Value *Ptr, Value *Size, uint64_t ConstSize, uint32_t Kind,
                 SmallVectorImpl<Access> &Out);
  void instrument(const Access &A);
  Constant *siteOf(const Instruction &I);
  Constant *string(StringRef S);
  void skip(SkipReason R) {
    ++Counts.HostAccessSkips[R];
    ++NumSkipped;
  }

  Module &M;
  HostCounts &Counts;
  LLVMContext &Ctx;
  const DataLayout &DL;
  PointerType *PtrTy;
  IntegerType *I64, *I32;
  StructType *SiteTy;
  GlobalVariable *Bounds = nullptr;
  unsigned Segment = 0;
  FunctionCallee Check;
  std::map<std::tuple<std::string, std::string, unsigned, unsigned>, Constant *> Sites;
  StringMap<Constant *> Strings;
};

/// Functions csan provides or generates: never checked.
bool isCsanFunction(const Function &F) {
  return F.getName().starts_with("__csan_") || F.getName().starts_with("csan.") ||
         F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation);
}

void HostAccesses::addMemory(Instruction &I, Value *Ptr, Value *Size, uint64_t ConstSize,
                             uint32_t Kind, SmallVectorImpl<Access> &Out) {
  if (auto R = shouldCheck(I, Ptr, DL)) {
    skip(*R);
    return;
  }
  Out.push_back({&I, Ptr, Size, ConstSize, Kind, Segment});
}

void HostAccesses::collect(Function &F, SmallVectorImpl<Access> &Out) {
  BasicBlock *BB = nullptr;
  for (Instruction &I : instructions(F)) {
    // A new block, or a call (the program may synchronize, or regions come
    // and go, inside it) starts a new segment: checks never merge across.
    if (I.getParent() != BB || (isa<CallBase>(I) && !isa<DbgInfoIntrinsic>(I) &&
                                !I.isLifetimeStartOrEnd())) {
      BB = I.getParent();
      ++Segment;
    }
    if (auto *LI = dyn_cast<LoadInst>(&I)) {
      TypeSize TS = DL.getTypeStoreSize(LI->getType());
      if (TS.isScalable()) {
        skip(Skip_Unsized);
        continue;
      }
      addMemory(I, LI->getPointerOperand(), nullptr, TS.getFixedValue(),
                LI->isAtomic() ? CSAN_ACC_ATOMIC : CSAN_ACC_READ, Out);
    } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
      TypeSize TS = DL.getTypeStoreSize(SI->getValueOperand()->getType());
      if (TS.isScalable()) {
        skip(Skip_Unsized);
        continue;
      }
      addMemory(I, SI->getPointerOperand(), nullptr, TS.getFixedValue(),
                SI->isAtomic() ? (CSAN_ACC_ATOMIC | CSAN_ACC_WRITE) : CSAN_ACC_WRITE, Out);
    } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      addMemory(I, RMW->getPointerOperand(), nullptr,
                DL.getTypeStoreSize(RMW->getValOperand()->getType()).getFixedValue(),
                CSAN_ACC_ATOMIC | CSAN_ACC_WRITE, Out);
    } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
      addMemory(I, CX->getPointerOperand(), nullptr,
                DL.getTypeStoreSize(CX->getNewValOperand()->getType()).getFixedValue(),
                CSAN_ACC_ATOMIC | CSAN_ACC_WRITE, Out);
    } else if (auto *MT = dyn_cast<MemTransferInst>(&I)) { // memcpy, memmove, .inline
      addMemory(I, MT->getDest(), MT->getLength(), 0, CSAN_ACC_WRITE, Out);
      addMemory(I, MT->getSource(), MT->getLength(), 0, CSAN_ACC_READ, Out);
    } else if (auto *MS = dyn_cast<MemSetInst>(&I)) { // memset, .inline
      addMemory(I, MS->getDest(), MS->getLength(), 0, CSAN_ACC_WRITE, Out);
    } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      // Masked vector loads and stores: the whole vector's bytes (wider
      // than the lanes that are on, never narrower).
      Intrinsic::ID ID = II->getIntrinsicID();
      if (ID == Intrinsic::masked_load || ID == Intrinsic::masked_store) {
        bool Store = ID == Intrinsic::masked_store;
        Type *Ty = Store ? II->getArgOperand(0)->getType() : II->getType();
        Value *Ptr = II->getArgOperand(Store ? 1 : 0);
        TypeSize TS = DL.getTypeStoreSize(Ty);
        if (TS.isScalable()) {
          skip(Skip_Unsized);
          continue;
        }
        addMemory(I, Ptr, nullptr, TS.getFixedValue(), Store ? CSAN_ACC_WRITE : CSAN_ACC_READ,
                  Out);
      } else if (ID == Intrinsic::masked_gather || ID == Intrinsic::masked_scatter) {
        skip(Skip_Gather);
      }
    } else if (auto *CB = dyn_cast<CallBase>(&I)) {
      // C library calls that read or write a range and were not turned into
      // intrinsics (fread/fwrite never are).
      const Function *Callee = CB->getCalledFunction();
      if (!Callee || !Callee->isDeclaration())
        continue;
      StringRef N = Callee->getName();
      IRBuilder<> B(CB);
      if ((N == "memcpy" || N == "memmove") && CB->arg_size() == 3) {
        addMemory(I, CB->getArgOperand(0), CB->getArgOperand(2), 0, CSAN_ACC_WRITE, Out);
        addMemory(I, CB->getArgOperand(1), CB->getArgOperand(2), 0, CSAN_ACC_READ, Out);
      } else if (N == "memset" && CB->arg_size() == 3) {
        addMemory(I, CB->getArgOperand(0), CB->getArgOperand(2), 0, CSAN_ACC_WRITE, Out);
      } else if ((N == "fread" || N == "fwrite") && CB->arg_size() == 4 &&
                 CB->getArgOperand(1)->getType()->isIntegerTy() &&
                 CB->getArgOperand(2)->getType()->isIntegerTy()) {
        Value *Bytes = B.CreateMul(B.CreateZExtOrTrunc(CB->getArgOperand(1), I64),
                                   B.CreateZExtOrTrunc(CB->getArgOperand(2), I64));
        addMemory(I, CB->getArgOperand(0), Bytes, 0,
                  N == "fread" ? CSAN_ACC_WRITE : CSAN_ACC_READ, Out);
      }
    }
  }
}

Constant *HostAccesses::string(StringRef S) {
  if (S.empty())
    return ConstantPointerNull::get(PtrTy);
  auto [It, Inserted] = Strings.try_emplace(S, nullptr);
  if (Inserted) {
    Constant *Init = ConstantDataArray::getString(Ctx, S, /*AddNull=*/true);
    auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage, Init, "__csan_host_access_str");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(1));
    It->second = GV;
  }
  return It->second;
}

/// The access's innermost source location (what the user wrote, inlined
/// code included), or the module's file and the function without debug info.
Constant *HostAccesses::siteOf(const Instruction &I) {
  std::string File = M.getSourceFileName(), Func = I.getFunction()->getName().str();
  unsigned Line = 0, Col = 0;
  if (const DILocation *Loc = I.getDebugLoc().get()) {
    File = Loc->getFilename().str();
    if (const DISubprogram *SP = Loc->getScope()->getSubprogram())
      Func = (SP->getLinkageName().empty() ? SP->getName() : SP->getLinkageName()).str();
    Line = Loc->getLine();
    Col = Loc->getColumn();
  }
  auto Key = std::make_tuple(File, Func, Line, Col);
  auto It = Sites.find(Key);
  if (It != Sites.end())
    return It->second;
  Constant *Init = ConstantStruct::get(SiteTy, {string(File), string(Func),
                                                ConstantInt::get(I32, Line),
                                                ConstantInt::get(I32, Col)});
  auto *GV = new GlobalVariable(M, SiteTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                Init, "__csan_host_access_site");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(8));
  Sites.emplace(std::move(Key), GV);
  return GV;
}

void HostAccesses::instrument(const Access &A) {
  Instruction *I = A.I;
  IRBuilder<> B(I);
  Value *Site = siteOf(*I);
  auto callCheck = [&](IRBuilder<> &CB, Value *Size) {
    CallInst *C = CB.CreateCall(Check, {A.Ptr, Size, ConstantInt::get(I32, A.Kind), Site});
    C->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(Ctx, {}));
    if (I->getDebugLoc())
      C->setDebugLoc(I->getDebugLoc());
  };
  if (A.Size) { // a range: the runtime tests the bounds
    ++NumRanges;
    ++Counts.HostRangesChecked;
    callCheck(B, B.CreateZExtOrTrunc(A.Size, I64));
    return;
  }
  if (A.Kind & CSAN_ACC_ATOMIC)
    ++NumAtomics;
  else if (A.Kind & CSAN_ACC_WRITE)
    ++NumStores;
  else
    ++NumLoads;
  ++Counts.HostAccessesChecked;
  Value *Size = ConstantInt::get(I64, A.ConstSize);
  if (!ClHostAccessesInline) {
    callCheck(B, Size);
    return;
  }
  // Loads of the bounds: csan's own (nosanitize), plain loads (the runtime
  // changes them only inside CUDA calls, which the optimizer cannot move
  // loads across).
  Value *Lo = A.Lo, *Span = A.Span;
  if (!Lo) {
    auto *L = B.CreateLoad(I64, Bounds, "csan.lo");
    auto *S = B.CreateLoad(I64, B.CreateConstInBoundsGEP1_64(I64, Bounds, 1), "csan.span");
    L->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(Ctx, {}));
    S->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(Ctx, {}));
    Lo = L;
    Span = S;
  }
  Value *P = B.CreatePtrToInt(A.Ptr, I64);
  uint64_t Tail = A.ConstSize - 1;
  Value *D = B.CreateSub(B.CreateAdd(P, ConstantInt::get(I64, Tail)), Lo);
  Value *Hit = B.CreateICmpULT(D, B.CreateAdd(Span, ConstantInt::get(I64, Tail)), "csan.hit");
  Instruction *Then = SplitBlockAndInsertIfThen(
      Hit, I->getIterator(), /*Unreachable=*/false, MDBuilder(Ctx).createUnlikelyBranchWeights());
  IRBuilder<> TB(Then);
  callCheck(TB, Size);
}

/// Within a segment (one block, no call between), two rules drop checks
/// another check makes redundant, as ThreadSanitizer's instrumentation
/// does:
///  - a load of the bytes a later store of the segment writes (same
///    pointer, at least the same size): the write's check finds every race
///    the read's would (a write races with whatever a read races with);
///  - plain accesses of one kind at constant offsets from one base, within
///    MaxCoalescedBytes: one check of their hull, at the first of them (an
///    unrolled loop's neighbouring vectors).
void HostAccesses::coalesce(MutableArrayRef<Access> Work) {
  auto plain = [](const Access &A) { return !A.Size && !(A.Kind & CSAN_ACC_ATOMIC); };
  for (size_t I = 0; I < Work.size(); ++I) {
    Access &L = Work[I];
    if (!plain(L) || L.Kind != CSAN_ACC_READ)
      continue;
    for (size_t J = I + 1; J < Work.size() && Work[J].Segment == L.Segment; ++J)
      if (plain(Work[J]) && Work[J].Kind == CSAN_ACC_WRITE && Work[J].Ptr == L.Ptr &&
          Work[J].ConstSize >= L.ConstSize) {
        L.Dead = true;
        skip(Skip_ReadBeforeWrite);
        break;
      }
  }
  for (size_t I = 0; I < Work.size(); ++I) {
    Access &F = Work[I];
    if (F.Dead || !plain(F))
      continue;
    int64_t FOff = 0;
    Value *Base = GetPointerBaseWithConstantOffset(F.Ptr, FOff, DL);
    int64_t Lo = FOff, Hi = FOff + (int64_t)F.ConstSize;
    SmallVector<Access *, 4> Group;
    for (size_t J = I + 1; J < Work.size() && Work[J].Segment == F.Segment; ++J) {
      Access &O = Work[J];
      if (O.Dead || !plain(O) || O.Kind != F.Kind)
        continue;
      int64_t Off = 0;
      if (GetPointerBaseWithConstantOffset(O.Ptr, Off, DL) != Base)
        continue;
      int64_t NLo = std::min(Lo, Off), NHi = std::max(Hi, Off + (int64_t)O.ConstSize);
      if (NHi - NLo > MaxCoalescedBytes)
        continue;
      Lo = NLo;
      Hi = NHi;
      Group.push_back(&O);
    }
    if (Group.empty())
      continue;
    for (Access *O : Group) {
      O->Dead = true;
      skip(Skip_Coalesced);
    }
    // The first access checks the hull: base + Lo, Hi - Lo bytes.
    IRBuilder<> B(F.I);
    F.Ptr = B.CreateConstGEP1_64(B.getInt8Ty(), Base, Lo, "csan.hull");
    F.ConstSize = (uint64_t)(Hi - Lo);
  }
}

/// Regions change only inside calls (of the CUDA runtime), so a loop
/// without calls sees the same bounds in every iteration: the checks of its
/// accesses load them once, in the preheader of the outermost such loop
/// (the optimizer has run by now, so nothing else would hoist them).
void HostAccesses::hoistBounds(Function &F, MutableArrayRef<Access> Work) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  auto callFree = [](const Loop *L) {
    for (const BasicBlock *BB : L->blocks())
      for (const Instruction &I : *BB)
        if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
          return false;
    return true;
  };
  DenseMap<const Loop *, std::pair<Value *, Value *>> Loaded;
  for (Access &A : Work) {
    if (A.Dead || A.Size)
      continue;
    const Loop *Best = nullptr;
    for (const Loop *L = LI.getLoopFor(A.I->getParent()); L && callFree(L); L = L->getParentLoop())
      if (L->getLoopPreheader())
        Best = L;
    if (!Best)
      continue;
    auto &V = Loaded[Best];
    if (!V.first) {
      IRBuilder<> B(Best->getLoopPreheader()->getTerminator());
      auto *L = B.CreateLoad(I64, Bounds, "csan.lo");
      auto *S = B.CreateLoad(I64, B.CreateConstInBoundsGEP1_64(I64, Bounds, 1), "csan.span");
      L->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(Ctx, {}));
      S->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(Ctx, {}));
      V = {L, S};
    }
    A.Lo = V.first;
    A.Span = V.second;
  }
}

bool HostAccesses::run() {
  // Once per module: a second run would check csan's own checks' accesses
  // again (they are nosanitize) and every access twice.
  if (M.getModuleFlag("csan.host_accesses"))
    return false;
  SmallVector<Access, 64> Work;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (isCsanFunction(F)) {
      for (Instruction &I : instructions(F))
        if (I.mayReadOrWriteMemory() && !isa<CallBase>(I))
          skip(Skip_Csan);
      continue;
    }
    collect(F, Work);
  }
  if (Work.empty())
    return false;
  Bounds = M.getGlobalVariable("__csan_host_bounds");
  if (!Bounds)
    Bounds = new GlobalVariable(M, ArrayType::get(I64, 2), /*isConstant=*/false,
                                GlobalValue::ExternalLinkage, nullptr, "__csan_host_bounds");
  Check = M.getOrInsertFunction("__csan_host_access", Type::getVoidTy(Ctx), PtrTy, I64, I32,
                                PtrTy);
  coalesce(Work);
  if (ClHostAccessesInline) {
    for (size_t I = 0; I < Work.size();) {
      Function *F = Work[I].I->getFunction();
      size_t J = I;
      while (J < Work.size() && Work[J].I->getFunction() == F)
        ++J;
      hoistBounds(*F, MutableArrayRef<Access>(Work).slice(I, J - I));
      I = J;
    }
  }
  for (const Access &A : Work)
    if (!A.Dead)
      instrument(A);
  M.addModuleFlag(Module::Warning, "csan.host_accesses", 1);
  return true;
}

} // namespace

const char *csan::host::hostAccessSkipName(unsigned R) {
  return R < NumSkipReasons ? SkipNames[R] : "?";
}

bool csan::host::checkHostAccesses(Module &M, HostCounts &Counts) {
  if (!ClHostAccesses)
    return false;
  return HostAccesses(M, Counts).run();
}
