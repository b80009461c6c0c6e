//===- CsanDeviceOpt.cpp - fewer checks, same races ------------------------===//
//
// Two cheap reductions of the number of checks (-csan-optimize-checks). Both
// rely on one property of csan's model: all accesses of one launch are one
// operation, so which of its threads' checks records an access, and when
// during the launch, does not change which races are found, as long as every
// byte the launch touches is checked with a kind that covers the access.
//
//  (a) Redundant checks in a block. Within one basic block, a check of bytes
//      that another check of the block already covers (same base pointer,
//      contained byte range, covering kind: see kindCovers) is dropped: a
//      later covered access goes, and an earlier covered access goes when the
//      covering one is sure to run after it; the covering check then moves
//      up to run where the first access it covers did (addToWindow), so no
//      byte is touched before its check. Synchronization (fences, barriers
//      and other calls that are not nosync, atomics stronger than monotonic)
//      and instructions that may not pass control to the next one end the
//      window, so the checks on either side stay.
//
//      Accesses of the same kind to consecutive bytes of one base pointer
//      (an unrolled loop's p[i], p[i+1], ...) share one check: the first one
//      grows to cover the next, as long as the whole run stays within the
//      first access's alignment, hence within one 16-byte shadow granule, so
//      that the grown check keeps the inline fast path (up to 16 bytes; a
//      run whose length is not a power of two takes one check per
//      power-of-two piece, 12 = 8 + 4).
//
//  (b) Loop-invariant checks. A fixed check whose address (and length) does
//      not change in a loop moves to the loop's preheader, from the
//      outermost loop where that holds, but only when the access is
//      guaranteed to execute whenever the loop is entered. An access that
//      might not happen is never checked.
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MustExecute.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace csan::device;

#define DEBUG_TYPE "csan-device"

static cl::opt<bool> ClOptimizeChecks(
    "csan-optimize-checks",
    cl::desc("Drop checks covered by another check in the same block and hoist "
             "loop-invariant checks of accesses that always execute"),
    cl::Hidden, cl::init(true));

/// True if I orders memory between threads or kernels, or may not pass
/// control to its successor: the end of a window of mergeable checks.
static bool endsMergeWindow(const Instruction &I) {
  if (isa<FenceInst>(I))
    return true;
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return isStrongerThanMonotonic(LI->getOrdering());
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return isStrongerThanMonotonic(SI->getOrdering());
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return isStrongerThanMonotonic(RMW->getOrdering());
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return isStrongerThanMonotonic(CX->getSuccessOrdering()) ||
           isStrongerThanMonotonic(CX->getFailureOrdering());
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (isa<DbgInfoIntrinsic>(CB))
      return false;
    // Barriers, bar.warp.sync, mbarriers, fences and calls of functions that
    // may synchronize are not nosync.
    if (!CB->hasFnAttr(Attribute::NoSync))
      return true;
  }
  return !isGuaranteedToTransferExecutionToSuccessor(&I);
}

namespace {
/// A check in the current window, by its constant-offset byte range.
struct WindowEntry {
  Access *A;
  const Value *Base;
  int64_t Begin, End;
};
} // namespace

static bool covers(const WindowEntry &C, const WindowEntry &X) {
  return C.Base == X.Base && C.Begin <= X.Begin && X.End <= C.End &&
         kindCovers(C.A->Kind, X.A->Kind);
}

/// The alignment csan may rely on for A's first byte: that of its
/// load/store (other accesses: none).
static uint64_t knownAlignment(const Access &A) {
  if (A.Offset)
    return 1;
  if (auto *LI = dyn_cast<LoadInst>(A.I))
    return LI->getAlign().value();
  if (auto *SI = dyn_cast<StoreInst>(A.I))
    return SI->getAlign().value();
  return 1;
}

/// Whether C's check can grow to also cover X, which starts where C ends:
/// same kind, and the run [C.Begin, X.End) stays inside C's alignment (at
/// most 16 bytes), so it stays in one granule (a run of 12 bytes is then
/// checked as 8 + 4, see emitCheck).
static bool canExtend(const WindowEntry &C, const WindowEntry &X) {
  if (C.Base != X.Base || C.A->Kind != X.A->Kind || X.Begin != C.End || C.A->InsertPt)
    return false;
  uint64_t Merged = uint64_t(X.End - C.Begin);
  return Merged <= 16 && knownAlignment(*C.A) >= PowerOf2Ceil(Merged);
}

/// Where C's check runs: its own access, or the earlier access its check
/// moved up to.
static Instruction *checkPoint(const Access &C) { return C.CheckAt ? C.CheckAt : C.I; }

/// Whether A's address is computed before At (an instruction of A's block
/// that comes before A): a value defined in another block dominates A's
/// block, hence At; one of this block must come before At.
static bool addressAvailableAt(const Access &A, const Instruction *At) {
  auto *PI = dyn_cast<Instruction>(A.Ptr);
  if (!PI || PI->getParent() != At->getParent())
    return true;
  return PI == At ? false : PI->comesBefore(At);
}

/// The pointer operand of a load, store or atomic (null for other
/// accesses).
static const Value *accessPointer(const Instruction *I) {
  unsigned Op = pointerOperandIndex(*I);
  return Op == ~0u ? nullptr : I->getOperand(Op);
}

/// Whether the access of X and that of Y touch the same bytes through the
/// same pointer value, neither check grown nor offset: then one check's
/// returned address serves both accesses.
static bool sameBytesSamePointer(const WindowEntry &X, const WindowEntry &Y) {
  const Access &A = *X.A, &B = *Y.A;
  return X.Begin == Y.Begin && X.End == Y.End && !A.Grown && !B.Grown && !A.Offset &&
         !B.Offset && A.Ptr == B.Ptr && accessPointer(A.I) == A.Ptr &&
         accessPointer(B.I) == B.Ptr;
}

/// Adds A's check to a window whose checks all run before it with nothing in
/// between that could order memory: A is dropped if an entry covers it or
/// can grow to cover it, else it stands in for (and drops) the entries it
/// covers.
///
/// A check that stands in for earlier ones runs where the first of them
/// did (MoveUp): a covered access must not touch its bytes before any
/// check of them, or a kernel's read of memory that is not the device's
/// (a host pointer) faults before csan records it, and a read of freed
/// bytes is neither named as a read nor kept from the freed memory (the
/// load of x[i] += 1, checked only at its store, faulted on the GPU with
/// nothing recorded). An earlier access of exactly the same bytes through
/// the same pointer then uses the address the moved check returns. When
/// A's address is computed only after the first covered access, the
/// covered checks stay.
static void addToWindow(SmallVectorImpl<WindowEntry> &Window, Access &A,
                        const DataLayout &DL, bool AllowExtend = false,
                        bool MoveUp = false) {
  int64_t Off = 0;
  const Value *Base = GetPointerBaseWithConstantOffset(A.Ptr, Off, DL);
  WindowEntry X{&A, Base, Off + int64_t(A.Offset), Off + int64_t(A.Offset + A.Size)};
  for (WindowEntry &C : Window)
    if (covers(C, X)) {
      A.Dropped = true;
      // The same bytes through the same pointer: the access uses the
      // address C's check returns, as C's own access does.
      if (MoveUp && sameBytesSamePointer(C, X))
        C.A->AlsoUse.push_back(A.I);
      return;
    }
  if (AllowExtend)
    for (WindowEntry &C : Window)
      if (canExtend(C, X)) {
        C.A->Size += uint64_t(X.End - C.End);
        C.A->Grown = true;
        C.End = X.End;
        A.Dropped = true;
        return;
      }
  // The window is in program order: its first covered entry is where A's
  // check must run.
  Instruction *First = nullptr;
  if (MoveUp)
    for (const WindowEntry &C : Window)
      if (covers(X, C)) {
        First = checkPoint(*C.A);
        break;
      }
  if (First && !addressAvailableAt(A, First)) {
    Window.push_back(X); // the covered checks stay: A's address comes later
    return;
  }
  llvm::erase_if(Window, [&](const WindowEntry &C) {
    if (!covers(X, C))
      return false;
    C.A->Dropped = true;
    if (First && sameBytesSamePointer(X, C)) {
      A.AlsoUse.push_back(C.A->I);
      A.AlsoUse.append(C.A->AlsoUse.begin(), C.A->AlsoUse.end());
    }
    return true;
  });
  if (First)
    A.CheckAt = First;
  Window.push_back(X);
}

/// (a): drop checks covered by another check of the same block.
static void dropRedundantChecks(Function &F, std::vector<Access> &Checks,
                                const DataLayout &DL) {
  DenseMap<const Instruction *, SmallVector<Access *, 2>> ChecksOf;
  for (Access &A : Checks)
    if (A.isSimple())
      ChecksOf[A.I].push_back(&A);

  for (BasicBlock &BB : F) {
    SmallVector<WindowEntry, 16> Window;
    for (Instruction &I : BB) {
      if (endsMergeWindow(I))
        Window.clear();
      auto It = ChecksOf.find(&I);
      if (It == ChecksOf.end())
        continue;
      for (Access *A : It->second)
        addToWindow(Window, *A, DL, /*AllowExtend=*/true, /*MoveUp=*/true);
      // An access that synchronizes starts a window of its own, after it.
      if (endsMergeWindow(I))
        Window.clear();
    }
  }
}

/// (b): hoist checks of loop-invariant addresses of accesses that always
/// execute when their loop is entered. Returns the number hoisted.
static unsigned hoistInvariantChecks(Function &F, std::vector<Access> &Checks) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  if (LI.empty())
    return 0;
  DenseMap<const Loop *, std::unique_ptr<ICFLoopSafetyInfo>> Safety;
  auto SafetyOf = [&](const Loop *L) -> ICFLoopSafetyInfo & {
    auto &Info = Safety[L];
    if (!Info) {
      Info = std::make_unique<ICFLoopSafetyInfo>();
      Info->computeLoopSafetyInfo(L);
    }
    return *Info;
  };

  unsigned Hoisted = 0;
  for (Access &A : Checks) {
    if (A.Dropped || A.PtrIsVector || A.Mask || A.CountMask)
      continue;
    Loop *Target = nullptr;
    for (Loop *L = LI.getLoopFor(A.I->getParent()); L; L = L->getParentLoop()) {
      if (!L->getLoopPreheader() || !L->isLoopInvariant(A.Ptr) ||
          (A.SizeV && !L->isLoopInvariant(A.SizeV)) ||
          !SafetyOf(L).isGuaranteedToExecute(*A.I, &DT, L))
        break;
      Target = L;
    }
    if (!Target)
      continue;
    A.InsertPt = Target->getLoopPreheader()->getTerminator();
    ++Hoisted;
  }
  return Hoisted;
}

/// Hoisted checks that land at the same preheader terminator sit next to
/// each other with nothing in between: apply (a) among them.
static void dropRedundantHoisted(std::vector<Access> &Checks, const DataLayout &DL) {
  DenseMap<const Instruction *, SmallVector<WindowEntry, 4>> AtPoint;
  for (Access &A : Checks)
    if (!A.Dropped && A.InsertPt && A.isSimple())
      addToWindow(AtPoint[A.InsertPt], A, DL);
}

unsigned csan::device::optimizeChecks(Function &F, std::vector<Access> &Checks,
                                      const DataLayout &DL) {
  if (!ClOptimizeChecks || Checks.empty())
    return 0;
  dropRedundantChecks(F, Checks, DL);
  unsigned Hoisted = hoistInvariantChecks(F, Checks);
  if (Hoisted)
    dropRedundantHoisted(Checks, DL);
  return Hoisted;
}
