//===- CsanDeviceSelect.cpp - which device accesses csan checks -----------===//
//
// The selection rules of csan-device live in one function, selectChecks(),
// whose comment lists them. Everything an instruction may do to memory ends
// up either as one or more Access records (checks to emit) or as a
// SkipReason per access that gets no check; the caller counts both.
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"

#include "csan_abi.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"

#include <optional>

using namespace llvm;
using namespace csan::device;

#define DEBUG_TYPE "csan-device"

static cl::opt<bool> ClInstrumentReads("csan-instrument-reads",
                                       cl::desc("Check plain reads of device memory"),
                                       cl::Hidden, cl::init(true));
static cl::opt<bool> ClInstrumentWrites("csan-instrument-writes",
                                        cl::desc("Check plain writes of device memory"),
                                        cl::Hidden, cl::init(true));
static cl::opt<bool> ClInstrumentAtomics("csan-instrument-atomics",
                                         cl::desc("Check atomic reads and writes"),
                                         cl::Hidden, cl::init(true));
static cl::opt<bool> ClInstrumentMemIntrinsics(
    "csan-instrument-memintrinsics",
    cl::desc("Check memcpy/memmove/memset and other bulk copies in device code"), cl::Hidden,
    cl::init(true));

//===----------------------------------------------------------------------===//
// Small helpers.
//===----------------------------------------------------------------------===//

unsigned csan::device::abiAccessBits(AccessKind K) {
  switch (K) {
  case AccessKind::Read:
    return CSAN_ACC_READ;
  case AccessKind::Write:
    return CSAN_ACC_WRITE;
  case AccessKind::AtomicRead:
    return CSAN_ACC_ATOMIC | CSAN_ACC_READ;
  case AccessKind::AtomicWrite:
    return CSAN_ACC_ATOMIC | CSAN_ACC_WRITE;
  }
  return CSAN_ACC_READ;
}

const char *csan::device::accessKindName(AccessKind K) {
  static const char *const Names[] = {"read", "write", "atomic read", "atomic write"};
  return Names[unsigned(K)];
}

bool csan::device::kindCovers(AccessKind A, AccessKind B) {
  switch (A) {
  case AccessKind::Write:
    return true;
  case AccessKind::Read:
    return B == AccessKind::Read || B == AccessKind::AtomicRead;
  case AccessKind::AtomicWrite:
    return B == AccessKind::AtomicWrite || B == AccessKind::AtomicRead;
  case AccessKind::AtomicRead:
    return B == AccessKind::AtomicRead;
  }
  return false;
}

/// Atomics order other atomics only within their scope. A block- or
/// cluster-scoped atomic of one kernel is not atomic with respect to a kernel
/// on another stream (PTX memory model: the two are not morally strong), so
/// only device- and system-scoped atomics are checked as atomics; narrower
/// ones are checked as the plain access they amount to across streams.
static bool isAtomicAcrossKernels(const Instruction &I, SyncScope::ID SSID) {
  if (SSID == SyncScope::System)
    return true;
  std::optional<StringRef> Name = I.getContext().getSyncScopeName(SSID);
  return Name && *Name == "device";
}

/// Why an access through Ptr cannot touch memory that another stream can
/// reach, or nullopt when it may be global memory. Ptr may be a vector of
/// pointers (gathers).
static std::optional<SkipReason> addressSkipReason(const Value *Ptr, bool IsRead, bool IsKernel) {
  auto ReasonForAddrSpace = [](unsigned AS) -> std::optional<SkipReason> {
    switch (AS) {
    case ASGeneric:
    case ASGlobal:
      return std::nullopt;
    case ASShared:
    case ASSharedCluster:
      return SkipReason::SharedMemory;
    case ASConst:
      return SkipReason::ConstantMemory;
    case ASLocal:
      return SkipReason::LocalMemory;
    case ASTensor:
      return SkipReason::TensorMemory;
    case ASParam:
      return SkipReason::KernelParam;
    default:
      return SkipReason::Unclassified;
    }
  };
  if (auto R = ReasonForAddrSpace(Ptr->getType()->getScalarType()->getPointerAddressSpace()))
    return R;

  // A generic pointer: look at what it is based on (through GEPs and
  // address space casts).
  const Value *Obj = getUnderlyingObject(Ptr, /*MaxLookup=*/0);
  if (Obj->getType()->isPtrOrPtrVectorTy())
    if (auto R = ReasonForAddrSpace(Obj->getType()->getScalarType()->getPointerAddressSpace()))
      return R;
  // Local memory is private to its thread: no other kernel can reach it,
  // whether or not its address escapes.
  if (isa<AllocaInst>(Obj))
    return SkipReason::LocalMemory;
  if (const auto *Arg = dyn_cast<Argument>(Obj))
    if (Arg->hasByValAttr())
      return IsKernel ? SkipReason::KernelParam : SkipReason::LocalMemory;
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj))
    if (GV->isConstant() && IsRead)
      return SkipReason::ConstantGlobal;
  return std::nullopt;
}

/// The option that turns checks of this kind off, as a skip reason. Bulk
/// operations (memory intrinsics, async copies) answer to their own option
/// only, loads, stores and atomics to the option of their kind.
static std::optional<SkipReason> optionSkipReason(AccessKind K, bool IsMemIntrinsic) {
  if (IsMemIntrinsic)
    return ClInstrumentMemIntrinsics ? std::nullopt
                                     : std::optional(SkipReason::MemIntrinsicsDisabled);
  switch (K) {
  case AccessKind::Read:
    return ClInstrumentReads ? std::nullopt : std::optional(SkipReason::ReadsDisabled);
  case AccessKind::Write:
    return ClInstrumentWrites ? std::nullopt : std::optional(SkipReason::WritesDisabled);
  case AccessKind::AtomicRead:
  case AccessKind::AtomicWrite:
    return ClInstrumentAtomics ? std::nullopt : std::optional(SkipReason::AtomicsDisabled);
  }
  return std::nullopt;
}

namespace {
/// Collects the accesses of one instruction, applying the address and
/// option rules to each.
struct Selector {
  Instruction &I;
  bool IsKernel;
  const DataLayout &DL;
  Selection &Out;

  /// The reason an access of kind K through Ptr needs no check, if any.
  std::optional<SkipReason> ruleSkipReason(const Value *Ptr, AccessKind K,
                                           bool IsMemIntrinsic) const {
    bool IsRead = K == AccessKind::Read || K == AccessKind::AtomicRead;
    if (auto R = addressSkipReason(Ptr, IsRead, IsKernel))
      return R;
    return optionSkipReason(K, IsMemIntrinsic);
  }

  /// Adds A unless a rule says it needs no check.
  void add(Access A, bool IsMemIntrinsic = false) {
    if (auto R = ruleSkipReason(A.Ptr, A.Kind, IsMemIntrinsic))
      return skip(*R);
    if (A.hasFixedSize() && A.Size == 0)
      return skip(SkipReason::ZeroSize);
    bool IsAtomic = A.Kind == AccessKind::AtomicRead || A.Kind == AccessKind::AtomicWrite;
    if (IsAtomic && (A.Size > 16 || !isPowerOf2_64(A.Size) || !A.hasFixedSize()))
      return skip(SkipReason::UnsupportedAtomic);
    A.I = &I;
    Out.Checks.push_back(A);
  }
  void skip(SkipReason R) { Out.Skips.push_back(R); }

  void addFixed(AccessKind K, Value *Ptr, uint64_t Size, bool IsMemIntrinsic = false) {
    Access A;
    A.Kind = K;
    A.Ptr = Ptr;
    A.Size = Size;
    add(A, IsMemIntrinsic);
  }
  /// An access of Len bytes (a constant or a runtime value) at Ptr.
  void addRange(AccessKind K, Value *Ptr, Value *Len, uint64_t Scale = 1,
                bool IsMemIntrinsic = true) {
    if (auto *C = dyn_cast<ConstantInt>(Len))
      return addFixed(K, Ptr, C->getZExtValue() * Scale, IsMemIntrinsic);
    Access A;
    A.Kind = K;
    A.Ptr = Ptr;
    A.SizeV = Len;
    A.SizeScale = Scale;
    add(A, IsMemIntrinsic);
  }

  void selectMemIntrinsic(MemIntrinsic &MI);
  void selectMasked(IntrinsicInst &II);
  void selectIntrinsic(IntrinsicInst &II);
  void selectNVVM(IntrinsicInst &II, StringRef Name);
  void selectOtherPointerCall(CallBase &CB);
};
} // namespace

void Selector::selectMemIntrinsic(MemIntrinsic &MI) {
  addRange(AccessKind::Write, MI.getRawDest(), MI.getLength());
  if (auto *MT = dyn_cast<MemTransferInst>(&MI))
    addRange(AccessKind::Read, MT->getRawSource(), MT->getLength());
}

/// Masked and gather/scatter operations touch only their enabled lanes.
/// With a constant mask the enabled lanes are known now: runs of adjacent
/// lanes of a masked load/store become one check each. Otherwise each lane
/// gets a check guarded by its mask bit. Expanding loads and compressing
/// stores touch popcount(mask) consecutive elements.
void Selector::selectMasked(IntrinsicInst &II) {
  Intrinsic::ID ID = II.getIntrinsicID();
  bool IsWrite = ID == Intrinsic::masked_store || ID == Intrinsic::masked_scatter ||
                 ID == Intrinsic::masked_compressstore;
  bool IsVectorOfPtrs = ID == Intrinsic::masked_gather || ID == Intrinsic::masked_scatter;
  // load/gather/expandload(ptr, mask, passthru); store/scatter/compressstore(val, ptr, mask)
  Value *Ptr = II.getArgOperand(IsWrite ? 1 : 0);
  Value *Mask = II.getArgOperand(IsWrite ? 2 : 1);
  auto *DataTy = cast<FixedVectorType>(IsWrite ? II.getArgOperand(0)->getType() : II.getType());
  uint64_t EltSize = DL.getTypeStoreSize(DataTy->getElementType());
  unsigned NumLanes = DataTy->getNumElements();
  AccessKind K = IsWrite ? AccessKind::Write : AccessKind::Read;
  auto *ConstMask = dyn_cast<Constant>(Mask);

  auto LaneOn = [&](unsigned L) -> std::optional<bool> {
    if (!ConstMask)
      return std::nullopt;
    Constant *Bit = ConstMask->getAggregateElement(L);
    if (!Bit || !isa<ConstantInt>(Bit))
      return std::nullopt;
    return cast<ConstantInt>(Bit)->isOne();
  };

  if (ID == Intrinsic::masked_expandload || ID == Intrinsic::masked_compressstore) {
    unsigned On = 0;
    bool Known = true;
    for (unsigned L = 0; L < NumLanes && Known; ++L) {
      auto B = LaneOn(L);
      Known = B.has_value();
      On += Known && *B;
    }
    if (Known)
      return addFixed(K, Ptr, On * EltSize);
    Access A;
    A.Kind = K;
    A.Ptr = Ptr;
    A.Size = EltSize;
    A.CountMask = Mask;
    add(A);
    return;
  }

  if (auto R = ruleSkipReason(Ptr, K, /*IsMemIntrinsic=*/false))
    return skip(*R);
  bool Any = false;
  for (unsigned L = 0; L < NumLanes; ++L) {
    std::optional<bool> On = LaneOn(L);
    if (On && !*On)
      continue;
    Access A;
    A.I = &I;
    A.Kind = K;
    A.Ptr = Ptr;
    A.Size = EltSize;
    if (IsVectorOfPtrs) {
      A.PtrIsVector = true;
      A.Lane = L;
    } else {
      A.Offset = L * EltSize;
      // Merge a run of adjacent constant-on lanes into one check.
      if (On) {
        unsigned End = L + 1;
        while (End < NumLanes && LaneOn(End).value_or(false))
          ++End;
        A.Size = (End - L) * EltSize;
        L = End - 1;
      }
    }
    if (!On) {
      A.Mask = Mask;
      A.Lane = L;
    }
    Out.Checks.push_back(A);
    Any = true;
  }
  if (!Any)
    skip(SkipReason::ZeroSize); // no lane is on
}

/// NVVM intrinsics that reach global memory through a pointer, by family.
void Selector::selectNVVM(IntrinsicInst &II, StringRef Name) {
  auto Arg = [&](unsigned N) { return II.getArgOperand(N); };
  auto SizeFromName = [&](StringRef N) -> uint64_t {
    // cp.async.{ca,cg}.shared.global.{4,8,16}[.s]
    N.consume_back(".s");
    uint64_t Size = 0;
    N.substr(N.rfind('.') + 1).getAsInteger(10, Size);
    return Size;
  };

  if (Name.starts_with("llvm.nvvm.ldu.global."))
    return addFixed(AccessKind::Read, Arg(0), DL.getTypeStoreSize(II.getType()));
  if (Name.starts_with("llvm.nvvm.cp.async.ca.shared.global.") ||
      Name.starts_with("llvm.nvvm.cp.async.cg.shared.global.")) {
    // (dst shared, src global[, src-size]): the .s form reads only src-size
    // bytes and zero-fills the rest.
    if (Name.ends_with(".s"))
      return addRange(AccessKind::Read, Arg(1), Arg(2), 1, /*IsMemIntrinsic=*/true);
    return addFixed(AccessKind::Read, Arg(1), SizeFromName(Name), /*IsMemIntrinsic=*/true);
  }
  if (Name.starts_with("llvm.nvvm.cp.async.bulk.tensor.")) {
    if (Name.starts_with("llvm.nvvm.cp.async.bulk.tensor.prefetch."))
      return; // a cache hint
    return skip(SkipReason::TensorMap);
  }
  if (Name.starts_with("llvm.nvvm.tensormap."))
    return skip(SkipReason::TensorMap);
  if (Name.starts_with("llvm.nvvm.cp.async.bulk.global.to.shared."))
    // (dst shared, mbar, src global, size, ...)
    return addRange(AccessKind::Read, Arg(2), Arg(3));
  if (Name.starts_with("llvm.nvvm.cp.async.bulk.shared.cta.to.global.bytemask"))
    return skip(SkipReason::BulkBytemask);
  if (Name.starts_with("llvm.nvvm.cp.async.bulk.shared.cta.to.global"))
    // (dst global, src shared, size, ...)
    return addRange(AccessKind::Write, Arg(0), Arg(2));
  if (Name.starts_with("llvm.nvvm.cp.reduce.async.bulk."))
    return skip(SkipReason::BulkReduce);
  if (Name.starts_with("llvm.nvvm.discard."))
    // The bytes become undefined: a write. (ptr, size)
    return addRange(AccessKind::Write, Arg(0), Arg(1), 1, /*IsMemIntrinsic=*/false);
  if (Name.starts_with("llvm.nvvm.atomic.")) {
    // llvm.nvvm.atomic.<op>.gen.<i|f>.<cta|sys>: scoped atomics, (ptr, ...)
    AccessKind K = Name.contains(".sys.") ? AccessKind::AtomicWrite : AccessKind::Write;
    return addFixed(K, Arg(0), DL.getTypeStoreSize(II.getType()));
  }
  if (Name.starts_with("llvm.nvvm.wmma.") && (Name.contains(".load.") || Name.contains(".store.")))
    return skip(SkipReason::MatrixFragment);
  if (Name.starts_with("llvm.nvvm.tex.") || Name.starts_with("llvm.nvvm.tld4.") ||
      Name.starts_with("llvm.nvvm.suld.") || Name.starts_with("llvm.nvvm.sust."))
    return skip(SkipReason::TextureSurface);
  if (Name.starts_with("llvm.nvvm.mbarrier.") || Name.starts_with("llvm.nvvm.cp.async.mbarrier.") ||
      Name.starts_with("llvm.nvvm.st.bulk"))
    return skip(SkipReason::SharedMemory); // shared memory by definition
  if (Name.starts_with("llvm.nvvm.prefetch") || Name.starts_with("llvm.nvvm.applypriority") ||
      Name.starts_with("llvm.nvvm.cp.async.bulk.prefetch") ||
      Name.starts_with("llvm.nvvm.fence.proxy"))
    return; // hints and fences: no bytes are read or written
  selectOtherPointerCall(II);
}

/// A call that may access memory through its pointer arguments and that no
/// rule above knows: skipped as shared/local/... when every pointer argument
/// is in such an address space, else counted as unclassified.
void Selector::selectOtherPointerCall(CallBase &CB) {
  std::optional<SkipReason> Reason;
  for (Value *Arg : CB.args()) {
    if (!Arg->getType()->isPtrOrPtrVectorTy())
      continue;
    auto R = addressSkipReason(Arg, /*IsRead=*/false, IsKernel);
    if (!R || *R == SkipReason::ConstantGlobal) {
      Reason = SkipReason::Unclassified;
      break;
    }
    Reason = *R;
  }
  if (Reason)
    skip(*Reason);
}

void Selector::selectIntrinsic(IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case Intrinsic::masked_load:
  case Intrinsic::masked_store:
  case Intrinsic::masked_gather:
  case Intrinsic::masked_scatter:
  case Intrinsic::masked_expandload:
  case Intrinsic::masked_compressstore:
    return selectMasked(II);
  case Intrinsic::experimental_memset_pattern: {
    auto &MSP = cast<MemSetPatternInst>(II);
    uint64_t EltSize = DL.getTypeStoreSize(MSP.getValue()->getType());
    return addRange(AccessKind::Write, MSP.getRawDest(), MSP.getLength(), EltSize);
  }
  case Intrinsic::memcpy_element_unordered_atomic:
  case Intrinsic::memmove_element_unordered_atomic:
  case Intrinsic::memset_element_unordered_atomic:
    // Element-wise atomic copies: the ABI has no atomic range check.
    return skip(SkipReason::UnsupportedAtomic);
  // Markers and hints: no bytes are read or written.
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::invariant_start:
  case Intrinsic::invariant_end:
  case Intrinsic::launder_invariant_group:
  case Intrinsic::strip_invariant_group:
  case Intrinsic::prefetch:
  case Intrinsic::var_annotation:
  case Intrinsic::ptr_annotation:
  case Intrinsic::assume:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::sideeffect:
  case Intrinsic::pseudoprobe:
  case Intrinsic::donothing:
  case Intrinsic::objectsize:
    return;
  default:
    break;
  }
  if (II.isDebugOrPseudoInst() || !II.mayReadOrWriteMemory())
    return;
  StringRef Name = II.getCalledFunction()->getName();
  if (Name.starts_with("llvm.nvvm."))
    return selectNVVM(II, Name);
  selectOtherPointerCall(II);
}

/// Decides which accesses of instruction I get a check. The rules:
///
///  1. Accesses are loads, stores, atomicrmw, cmpxchg, memory intrinsics
///     (memcpy, memmove, memset, their .inline forms, memset.pattern), masked
///     loads/stores, gathers/scatters, expanding loads/compressing stores,
///     NVVM intrinsics that read or write memory through a pointer, and
///     inline asm that may access memory. Calls of functions are not: the
///     callee is checked where it is defined.
///  2. Accesses tagged !nosanitize get no check.
///  3. Memory that no other stream can reach gets no check: shared (3, 7),
///     constant (4), local (5), tensor (6) and param (101) address spaces,
///     generic pointers based on such memory, on an alloca (local memory is
///     private to its thread, escaping or not) or on a byval parameter (param
///     space in kernels, a local copy in device functions), and reads of
///     constant globals. Global (1) and other generic pointers are checked:
///     the runtime itself ignores addresses outside the global window.
///  4. The kind: atomicrmw, cmpxchg and atomic stores are atomic writes,
///     atomic loads atomic reads, when their scope is device or system;
///     narrower atomics are plain (see isAtomicAcrossKernels). Volatile is
///     plain. Read-only data (const __restrict__, !invariant.load, ldu) is
///     still checked: another stream may write it.
///  5. -csan-instrument-{reads,writes,atomics}=false drop loads, stores and
///     atomics of their kind; -csan-instrument-memintrinsics=false drops
///     memory intrinsics and bulk/async copies (both of their sides).
///  6. The size is the store size of the type (vectors and aggregates
///     included) or the intrinsic's length; a constant length of 0 needs no
///     check. Masked operations check exactly their enabled lanes.
///  7. Operations whose bytes cannot be named from the IR (tensor-map bulk
///     copies, byte-masked bulk stores, bulk reductions, wmma fragments,
///     textures and surfaces, inline asm) are counted under their own reason.
///     Any other intrinsic that may touch memory through a pointer that is
///     not provably shared/local/... is counted as Unclassified, which must
///     stay 0.
void csan::device::selectChecks(Instruction &I, bool IsKernel, const DataLayout &DL,
                                Selection &Out) {
  Selector S{I, IsKernel, DL, Out};
  auto *CB = dyn_cast<CallBase>(&I);
  bool IsAccess = isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst>(I) ||
                  (CB && (isa<IntrinsicInst>(CB) || CB->isInlineAsm()));
  if (!IsAccess)
    return;

  if (I.hasMetadata(LLVMContext::MD_nosanitize)) {
    if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst>(I) ||
        I.mayReadOrWriteMemory())
      S.skip(SkipReason::NoSanitize);
    return;
  }

  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    AccessKind K = LI->isAtomic() && isAtomicAcrossKernels(I, LI->getSyncScopeID())
                       ? AccessKind::AtomicRead
                       : AccessKind::Read;
    return S.addFixed(K, LI->getPointerOperand(), DL.getTypeStoreSize(LI->getType()));
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    AccessKind K = SI->isAtomic() && isAtomicAcrossKernels(I, SI->getSyncScopeID())
                       ? AccessKind::AtomicWrite
                       : AccessKind::Write;
    return S.addFixed(K, SI->getPointerOperand(),
                      DL.getTypeStoreSize(SI->getValueOperand()->getType()));
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    AccessKind K = isAtomicAcrossKernels(I, RMW->getSyncScopeID()) ? AccessKind::AtomicWrite
                                                                   : AccessKind::Write;
    return S.addFixed(K, RMW->getPointerOperand(),
                      DL.getTypeStoreSize(RMW->getValOperand()->getType()));
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    AccessKind K = isAtomicAcrossKernels(I, CX->getSyncScopeID()) ? AccessKind::AtomicWrite
                                                                  : AccessKind::Write;
    return S.addFixed(K, CX->getPointerOperand(),
                      DL.getTypeStoreSize(CX->getCompareOperand()->getType()));
  }
  if (CB->isInlineAsm()) {
    if (!CB->doesNotAccessMemory())
      S.skip(SkipReason::InlineAsm);
    return;
  }
  if (auto *MI = dyn_cast<MemIntrinsic>(&I))
    return S.selectMemIntrinsic(*MI);
  S.selectIntrinsic(cast<IntrinsicInst>(I));
}
