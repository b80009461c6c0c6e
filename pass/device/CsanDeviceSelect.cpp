//===- CsanDeviceSelect.cpp - which device accesses csan checks -----------===//
//
// The selection rules of csan-device live in one function, selectChecks(),
// whose comment lists them. Everything an instruction may do to memory ends
// up either as one or more Access records (checks to emit) or as a
// SkipReason per access that gets no check; the caller counts both.
//
// Selection adds instructions in one case: an address the IR does not hold
// yet (an integer asm operand made a pointer, [$N+imm], a wmma line at a
// run-time stride, the one-lane mask of a guarded PTX access), inserted
// right before the access, and only for an access that passes every rule.
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"

#include "csan_abi.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"

#include <map>
#include <optional>
#include <string>

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

unsigned csan::device::pointerOperandIndex(const Instruction &I) {
  if (isa<LoadInst>(I))
    return LoadInst::getPointerOperandIndex();
  if (isa<StoreInst>(I))
    return StoreInst::getPointerOperandIndex();
  if (isa<AtomicRMWInst>(I))
    return AtomicRMWInst::getPointerOperandIndex();
  if (isa<AtomicCmpXchgInst>(I))
    return AtomicCmpXchgInst::getPointerOperandIndex();
  return ~0u;
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
struct PtxMemOp;
struct PtxRegisters;

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

  /// Checks of an access of Lines lines of LineBytes bytes each, Stride
  /// elements of Bits bits apart (Stride null: contiguous lines).
  void addLines(AccessKind K, Value *Ptr, unsigned Lines, uint64_t LineBytes, Value *Stride,
                unsigned Bits);

  void selectMemIntrinsic(MemIntrinsic &MI);
  void selectMasked(IntrinsicInst &II);
  void selectIntrinsic(IntrinsicInst &II);
  void selectNVVM(IntrinsicInst &II, StringRef Name);
  void selectWmmaIntrinsic(IntrinsicInst &II, StringRef Name);
  void selectOtherPointerCall(CallBase &CB);
  void selectInlineAsm(CallBase &CB);
  void selectPtxMemOp(CallBase &CB, const PtxMemOp &M, const PtxRegisters &Regs,
                      ArrayRef<Value *> Operands, Value *Guard, bool GuardNonZero);
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

//===----------------------------------------------------------------------===//
// Matrix fragments (wmma): rows of a tile, a stride apart.
//===----------------------------------------------------------------------===//

/// Bits of one element of a wmma fragment's element type, 0 if unknown.
static unsigned wmmaElementBits(StringRef Type) {
  return StringSwitch<unsigned>(Type)
      .Cases({"f16", "bf16"}, 16)
      .Cases({"f32", "tf32", "s32"}, 32)
      .Cases({"s8", "u8"}, 8)
      .Cases({"s4", "u4"}, 4)
      .Case("b1", 1)
      .Case("f64", 64)
      .Default(0);
}

namespace {
/// The memory a wmma fragment load or store touches: Lines lines of
/// LineElems elements each, line i at i * stride elements (the stride, ldm,
/// is an operand; without one the lines are contiguous). A row-major
/// fragment's lines are its rows, a column-major one's its columns.
struct WmmaFootprint {
  unsigned Lines = 0, LineElems = 0, Bits = 0;
};
} // namespace

/// The footprint of fragment Frag (a: M x K, b: K x N, c/d: M x N) of Shape
/// (mMnNkK) in Layout (row/col) with elements of Type; nullopt if any part
/// is unknown.
static std::optional<WmmaFootprint> wmmaFootprint(StringRef Shape, StringRef Frag,
                                                  StringRef Layout, StringRef Type) {
  unsigned M = 0, N = 0, K = 0;
  if (!Shape.consume_front("m"))
    return std::nullopt;
  size_t NPos = Shape.find('n'), KPos = Shape.find('k');
  if (NPos == StringRef::npos || KPos == StringRef::npos || KPos < NPos ||
      Shape.substr(0, NPos).getAsInteger(10, M) ||
      Shape.substr(NPos + 1, KPos - NPos - 1).getAsInteger(10, N) ||
      Shape.substr(KPos + 1).getAsInteger(10, K))
    return std::nullopt;
  unsigned Rows, Cols;
  if (Frag == "a")
    Rows = M, Cols = K;
  else if (Frag == "b")
    Rows = K, Cols = N;
  else if (Frag == "c" || Frag == "d")
    Rows = M, Cols = N;
  else
    return std::nullopt;
  WmmaFootprint F;
  F.Bits = wmmaElementBits(Type);
  if (!F.Bits || !M || !N || !K)
    return std::nullopt;
  if (Layout == "row")
    F.Lines = Rows, F.LineElems = Cols;
  else if (Layout == "col")
    F.Lines = Cols, F.LineElems = Rows;
  else
    return std::nullopt;
  if (F.LineElems * F.Bits % 8)
    return std::nullopt;
  return F;
}

/// One check per line, each of exactly the line's bytes: a bounding range
/// would take in the bytes between the lines, which belong to other tiles
/// that another stream may own. Contiguous lines are one check. Rows after
/// the first are addressed by instructions inserted before the access when
/// the stride is not a constant.
void Selector::addLines(AccessKind K, Value *Ptr, unsigned Lines, uint64_t LineBytes,
                        Value *Stride, unsigned Bits) {
  if (auto R = ruleSkipReason(Ptr, K, /*IsMemIntrinsic=*/false))
    return skip(*R);
  auto Push = [&](Value *P, uint64_t Offset, uint64_t Size) {
    Access A;
    A.I = &I;
    A.Kind = K;
    A.Ptr = P;
    A.Offset = Offset;
    A.Size = Size;
    Out.Checks.push_back(A);
  };
  auto *C = dyn_cast_or_null<ConstantInt>(Stride);
  if (!Stride || (C && C->getZExtValue() * Bits == LineBytes * 8))
    return Push(Ptr, 0, Lines * LineBytes);
  if (C) {
    uint64_t StrideBytes = C->getZExtValue() * Bits / 8;
    for (unsigned L = 0; L < Lines; ++L)
      Push(Ptr, L * StrideBytes, LineBytes);
    return;
  }
  IRBuilder<> IRB(&I);
  Value *StrideBytes = IRB.CreateMul(IRB.CreateZExtOrTrunc(Stride, IRB.getInt64Ty()),
                                     IRB.getInt64(Bits), "csan.stride.bits");
  StrideBytes = IRB.CreateLShr(StrideBytes, 3, "csan.stride");
  Push(Ptr, 0, LineBytes);
  for (unsigned L = 1; L < Lines; ++L)
    Push(IRB.CreatePtrAdd(Ptr, IRB.CreateMul(StrideBytes, IRB.getInt64(L)), "csan.line"), 0,
         LineBytes);
}

/// llvm.nvvm.wmma.<shape>.<load|store>.<frag>.<layout>[.stride].<type>[.p<as>]:
/// load (ptr[, stride]), store (ptr, values...[, stride]).
void Selector::selectWmmaIntrinsic(IntrinsicInst &II, StringRef Name) {
  SmallVector<StringRef, 8> P;
  Name.drop_front(strlen("llvm.nvvm.wmma.")).split(P, '.');
  bool HasStride = P.size() > 4 && P[4] == "stride";
  unsigned TypeIdx = HasStride ? 5 : 4;
  std::optional<WmmaFootprint> F;
  if (P.size() > TypeIdx)
    F = wmmaFootprint(P[0], P[2], P[3], P[TypeIdx]);
  if (!F)
    return skip(SkipReason::MatrixFragment);
  bool IsStore = P[1] == "store";
  Value *Stride = HasStride ? II.getArgOperand(II.arg_size() - 1) : nullptr;
  addLines(IsStore ? AccessKind::Write : AccessKind::Read, II.getArgOperand(0), F->Lines,
           uint64_t(F->LineElems) * F->Bits / 8, Stride, F->Bits);
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
    return selectWmmaIntrinsic(II, Name);
  if (Name.starts_with("llvm.nvvm.ldmatrix.") || Name.starts_with("llvm.nvvm.stmatrix."))
    return skip(SkipReason::SharedMemory); // shared memory by definition
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

//===----------------------------------------------------------------------===//
// Inline PTX. CUB, Thrust, libcu++, cooperative groups, cuda_fp16/bf16 and
// hand-written kernels read and write global memory in asm statements
// (ld.global.nc, __ldcs/__stcs, cp.async, atom/red with scopes). csan reads
// the PTX text: each memory instruction's state space, width, vector count
// and address operand ([$N], [$N+imm], or an asm-local register copied from
// an operand), and checks it like the equivalent IR access. asm without
// memory instructions (shfl, vote, mov %laneid, bar) is not an access.
//===----------------------------------------------------------------------===//

namespace {
/// An address inside asm: operand Operand of the statement plus Offset.
struct AsmAddress {
  int Operand = -1;
  int64_t Offset = 0;
};

/// A predicate register set by `setp.{ne,eq}.<int> p, $N, 0`: $N != 0 (or
/// == 0).
struct AsmPredicate {
  int Operand = -1;
  bool NonZero = true;
};

/// One PTX instruction: [@[!]guard] opcode operands.
struct PtxInstruction {
  StringRef Guard;
  bool GuardNegated = false;
  StringRef Opcode;
  SmallVector<StringRef, 4> Parts; ///< the opcode split at '.'
  SmallVector<StringRef, 6> Operands;

  bool has(StringRef Part) const { return llvm::is_contained(Parts, Part); }
};

/// What the asm-local registers hold, as far as csan follows them: copies of
/// operands (mov, cvta to/from global, add of a constant) and predicates
/// compared with zero.
struct PtxRegisters {
  std::map<std::string, AsmAddress> Addresses;
  std::map<std::string, AsmPredicate> Predicates;
};

/// A memory instruction found in inline PTX, before its address is resolved.
struct PtxMemOp {
  AccessKind Kind = AccessKind::Read;
  StringRef Address;      ///< the bracketed operand, without brackets
  uint64_t Size = 0;      ///< bytes, or
  StringRef SizeOperand;  ///< an operand that holds them
  bool IsBulk = false;    ///< a copy: answers to -csan-instrument-memintrinsics
  std::optional<WmmaFootprint> Wmma; ///< lines of a wmma fragment
  StringRef Stride;       ///< wmma: the stride operand, if any
};
} // namespace

/// Statements of PTX text: ';' ends one, scope braces go, and so do
/// comments and labels.
static SmallVector<std::string, 8> splitPtxStatements(StringRef Text) {
  SmallVector<std::string, 8> Out;
  std::string Cur;
  auto Flush = [&] {
    StringRef S = StringRef(Cur).trim();
    // Labels: "name:" (not a qualifier's "::").
    while (true) {
      size_t Colon = S.find(':');
      size_t Space = S.find_first_of(" \t");
      if (Colon == StringRef::npos || Colon == 0 || (Space != StringRef::npos && Space < Colon) ||
          (Colon + 1 < S.size() && S[Colon + 1] == ':'))
        break;
      S = S.drop_front(Colon + 1).ltrim();
    }
    if (!S.empty())
      Out.push_back(S.str());
    Cur.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/') {
      while (I < Text.size() && Text[I] != '\n')
        ++I;
      continue;
    }
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '*') {
      size_t End = Text.find("*/", I + 2);
      I = End == StringRef::npos ? Text.size() : End + 1;
      continue;
    }
    // A brace that opens or closes a scope stands where a statement starts;
    // other braces are vector operands ({$0, $1}).
    if (C == ';' || ((C == '{' || C == '}') && StringRef(Cur).trim().empty())) {
      Flush();
      continue;
    }
    Cur += (C == '\n' || C == '\t' || C == '\r') ? ' ' : C;
  }
  Flush();
  return Out;
}

static PtxInstruction parsePtxInstruction(StringRef S) {
  PtxInstruction P;
  if (S.consume_front("@")) {
    P.GuardNegated = S.consume_front("!");
    size_t End = S.find_first_of(" \t");
    P.Guard = S.substr(0, End);
    S = End == StringRef::npos ? StringRef() : S.substr(End).ltrim();
  }
  size_t End = S.find_first_of(" \t");
  P.Opcode = S.substr(0, End);
  P.Opcode.split(P.Parts, '.');
  StringRef Rest = End == StringRef::npos ? StringRef() : S.substr(End).trim();
  // Operands: split at commas outside brackets and braces.
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I <= Rest.size(); ++I) {
    char C = I < Rest.size() ? Rest[I] : ',';
    if (C == '[' || C == '{')
      ++Depth;
    else if (C == ']' || C == '}')
      --Depth;
    else if (C == ',' && Depth == 0) {
      StringRef Op = Rest.slice(Start, I).trim();
      if (!Op.empty())
        P.Operands.push_back(Op);
      Start = I + 1;
    }
  }
  return P;
}

/// $N or ${N} or ${N:modifier}: N; -1 otherwise.
static int parseOperandRef(StringRef S) {
  S = S.trim();
  if (!S.consume_front("$"))
    return -1;
  bool Braced = S.consume_front("{");
  if (Braced) {
    if (!S.consume_back("}"))
      return -1;
    S = S.substr(0, S.find(':'));
  }
  unsigned N;
  if (S.empty() || S.getAsInteger(10, N))
    return -1;
  return int(N);
}

/// An integer literal of PTX (decimal, 0x hex), possibly negative.
static std::optional<int64_t> parsePtxInteger(StringRef S) {
  S = S.trim();
  bool Neg = S.consume_front("-");
  S.consume_back("U");
  uint64_t V;
  if (S.empty() || S.getAsInteger(0, V))
    return std::nullopt;
  return Neg ? -int64_t(V) : int64_t(V);
}

/// A register or operand reference in asm as an address: $N, a register
/// that holds a copy of one, with an offset.
static std::optional<AsmAddress> resolveAsmBase(StringRef S, const PtxRegisters &Regs) {
  S = S.trim();
  int N = parseOperandRef(S);
  if (N >= 0)
    return AsmAddress{N, 0};
  auto It = Regs.Addresses.find(S.str());
  if (It != Regs.Addresses.end())
    return It->second;
  return std::nullopt;
}

/// The inside of [...]: base, base+imm, base-imm, base+-imm.
static std::optional<AsmAddress> parseAsmAddress(StringRef S, const PtxRegisters &Regs) {
  S = S.trim();
  size_t Sign = S.find_first_of("+-", 1);
  std::optional<AsmAddress> A = resolveAsmBase(S.substr(0, Sign), Regs);
  if (!A)
    return std::nullopt;
  if (Sign != StringRef::npos) {
    StringRef Off = S.substr(Sign);
    bool Minus = Off.consume_front("-");
    Off.consume_front("+");
    std::optional<int64_t> V = parsePtxInteger(Off);
    if (!V)
      return std::nullopt;
    A->Offset += Minus ? -*V : *V;
  }
  return A;
}

/// Forgets what csan knew of the registers P writes: its first operand
/// (both halves of a "r|p" pair, every register of a {a, b} vector).
static void forgetPtxRegisters(const PtxInstruction &P, PtxRegisters &Regs) {
  if (P.Operands.empty() || P.Operands[0].starts_with("["))
    return;
  SmallVector<StringRef, 4> Names;
  P.Operands[0].trim("{} ").split(Names, ',');
  for (StringRef N : Names) {
    SmallVector<StringRef, 2> Halves;
    N.split(Halves, '|');
    for (StringRef H : Halves) {
      Regs.Addresses.erase(H.trim().str());
      Regs.Predicates.erase(H.trim().str());
    }
  }
}

/// Follows the register copies csan understands; any other write of a
/// register it follows forgets it.
static void trackPtxRegisters(const PtxInstruction &P, PtxRegisters &Regs) {
  if (P.Operands.empty())
    return;
  // What the destination holds afterwards, read before it is overwritten
  // (add.u64 a, a, 8).
  std::optional<AsmAddress> Address;
  std::optional<AsmPredicate> Predicate;
  StringRef Op = P.Parts[0];
  bool Is64 = P.Opcode.ends_with("64");
  if (!P.Guard.empty()) {
    // A conditional write: the register may keep its old value.
  } else if (Is64 && (Op == "mov" || Op == "cvta" || Op == "cvt") && P.Operands.size() == 2) {
    // mov.b64, cvta.to.global.u64 / cvta.global.u64 (global addresses are
    // generic ones), cvt.u64.u64.
    if (Op != "cvta" || P.has("global"))
      Address = resolveAsmBase(P.Operands[1], Regs);
  } else if (Is64 && Op == "add" && P.Operands.size() == 3) {
    for (unsigned B = 1; B <= 2 && !Address; ++B) {
      auto A = resolveAsmBase(P.Operands[B], Regs);
      auto V = parsePtxInteger(P.Operands[3 - B]);
      if (A && V) {
        A->Offset += *V;
        Address = A;
      }
    }
  } else if (Op == "setp" && P.Parts.size() == 3 && (P.Parts[1] == "ne" || P.Parts[1] == "eq") &&
             P.Operands.size() == 3 && parsePtxInteger(P.Operands[2]) == 0) {
    int N = parseOperandRef(P.Operands[1]);
    if (N >= 0)
      Predicate = AsmPredicate{N, P.Parts[1] == "ne"};
  }
  forgetPtxRegisters(P, Regs);
  std::string Dst = P.Operands[0].str();
  if (Address)
    Regs.Addresses[Dst] = *Address;
  if (Predicate)
    Regs.Predicates[Dst] = *Predicate;
}

/// Bytes of a PTX fundamental type, 0 if P names none. The last type
/// qualifier wins (cvt-like opcodes do not reach here).
static uint64_t ptxTypeBytes(const PtxInstruction &P) {
  uint64_t Bytes = 0;
  for (StringRef Part : P.Parts) {
    uint64_t B = StringSwitch<uint64_t>(Part)
                     .Cases({"b8", "u8", "s8"}, 1)
                     .Cases({"b16", "u16", "s16", "f16", "bf16"}, 2)
                     .Cases({"b32", "u32", "s32", "f32", "f16x2", "bf16x2"}, 4)
                     .Cases({"b64", "u64", "s64", "f64"}, 8)
                     .Case("b128", 16)
                     .Cases({"e4m3x2", "e5m2x2"}, 2)
                     .Default(0);
    if (B)
      Bytes = B;
  }
  return Bytes;
}

static unsigned ptxVectorCount(const PtxInstruction &P) {
  for (StringRef Part : P.Parts)
    if (Part == "v2" || Part == "v4" || Part == "v8")
      return Part[1] - '0';
  return 1;
}

/// The state space a ld/st/atom/red names: the skip reason of shared, local,
/// param and const, nothing for global and generic.
static std::optional<SkipReason> ptxSpaceSkip(const PtxInstruction &P) {
  for (StringRef Part : P.Parts) {
    if (Part.starts_with("shared"))
      return SkipReason::SharedMemory;
    if (Part == "local")
      return SkipReason::LocalMemory;
    if (Part.starts_with("param"))
      return SkipReason::KernelParam;
    if (Part == "const")
      return SkipReason::ConstantMemory;
  }
  return std::nullopt;
}

/// Scopes under which an access is atomic with respect to another kernel
/// (see isAtomicAcrossKernels): .gpu and .sys; atom/red default to .gpu.
static bool ptxScopeAcrossKernels(const PtxInstruction &P, bool DefaultGpu) {
  if (P.has("cta") || P.has("cluster"))
    return false;
  return DefaultGpu || P.has("gpu") || P.has("sys");
}

/// The first operand in brackets, without them.
static StringRef bracketed(const PtxInstruction &P, unsigned Nth = 0) {
  for (StringRef Op : P.Operands)
    if (Op.starts_with("[") && Op.ends_with("]")) {
      if (Nth-- == 0)
        return Op.drop_front().drop_back();
    }
  return StringRef();
}

namespace {
/// The decision for one PTX instruction.
struct PtxDecision {
  bool Memory = false; ///< touches memory at all
  std::optional<SkipReason> Skip;
  SmallVector<PtxMemOp, 2> Ops;
};
} // namespace

/// What one PTX instruction does to memory (rules in selectInlineAsm).
static PtxDecision classifyPtx(const PtxInstruction &P) {
  PtxDecision D;
  StringRef Op = P.Parts[0];
  auto Skip = [&](SkipReason R) {
    D.Memory = true;
    D.Skip = R;
    return D;
  };
  auto Mem = [&](AccessKind K, StringRef Addr, uint64_t Size, bool Bulk = false) {
    D.Memory = true;
    PtxMemOp M;
    M.Kind = K;
    M.Address = Addr;
    M.Size = Size;
    M.IsBulk = Bulk;
    D.Ops.push_back(M);
  };

  if (Op == "ld" || Op == "ldu" || Op == "st" || Op == "atom" || Op == "red") {
    bool IsAsync = P.has("async"); // st.async, red.async: shared::cluster
    if (auto R = ptxSpaceSkip(P))
      return Skip(*R);
    if (IsAsync)
      return Skip(SkipReason::SharedMemory);
    uint64_t Bytes = ptxTypeBytes(P) * ptxVectorCount(P);
    StringRef Addr = bracketed(P);
    if (!Bytes || Addr.empty())
      return Skip(SkipReason::InlineAsmUnknown);
    AccessKind K;
    if (Op == "ld" || Op == "ldu")
      K = (P.has("relaxed") || P.has("acquire") || P.has("mmio")) && ptxScopeAcrossKernels(P, false)
              ? AccessKind::AtomicRead
              : AccessKind::Read;
    else if (Op == "st")
      K = (P.has("relaxed") || P.has("release") || P.has("mmio")) && ptxScopeAcrossKernels(P, false)
              ? AccessKind::AtomicWrite
              : AccessKind::Write;
    else
      K = ptxScopeAcrossKernels(P, true) ? AccessKind::AtomicWrite : AccessKind::Write;
    Mem(K, Addr, Bytes);
    return D;
  }
  if (Op == "cp" && P.Parts.size() > 1 && (P.Parts[1] == "async" || P.Parts[1] == "reduce")) {
    if (P.Parts[1] == "reduce")
      return Skip(P.has("tensor") ? SkipReason::TensorMap : SkipReason::BulkReduce);
    if (P.has("commit_group") || P.has("wait_group") || P.has("wait_all") ||
        P.has("wait_group.read"))
      return D; // bookkeeping of the async group: no bytes
    if (P.has("mbarrier"))
      return Skip(SkipReason::SharedMemory); // cp.async.mbarrier.arrive
    if (P.has("prefetch"))
      return D; // cp.async.bulk.prefetch[.tensor]: a hint
    if (P.has("tensor"))
      return Skip(SkipReason::TensorMap);
    // The spaces in order: destination, then source.
    SmallVector<StringRef, 2> Spaces;
    for (StringRef Part : P.Parts)
      if (Part == "global" || Part.starts_with("shared"))
        Spaces.push_back(Part);
    if (Spaces.size() != 2)
      return Skip(SkipReason::InlineAsmUnknown);
    bool DstGlobal = Spaces[0] == "global", SrcGlobal = Spaces[1] == "global";
    if (!DstGlobal && !SrcGlobal)
      return Skip(SkipReason::SharedMemory);
    if (P.has("cp_mask"))
      return Skip(SkipReason::BulkBytemask);
    bool Bulk = P.has("bulk");
    if (P.Operands.size() < 3)
      return Skip(SkipReason::InlineAsmUnknown);
    PtxMemOp M;
    M.Kind = DstGlobal ? AccessKind::Write : AccessKind::Read;
    M.Address = bracketed(P, DstGlobal ? 0 : 1);
    M.IsBulk = true;
    // cp.async: [dst], [src], cp-size[, src-size][, cache-policy]; reads
    // src-size bytes when given. cp.async.bulk: [dst], [src], size, ...
    StringRef SizeOp = P.Operands[2];
    if (!Bulk) {
      unsigned Extra = P.Operands.size() - 3 - (P.has("L2::cache_hint") ? 1 : 0);
      if (Extra == 1)
        SizeOp = P.Operands[3];
      else if (Extra > 1)
        return Skip(SkipReason::InlineAsmUnknown);
    }
    if (auto V = parsePtxInteger(SizeOp))
      M.Size = *V;
    else
      M.SizeOperand = SizeOp;
    D.Memory = true;
    D.Ops.push_back(M);
    return D;
  }
  if (Op == "wmma" && P.Parts.size() > 2 && (P.Parts[1] == "load" || P.Parts[1] == "store")) {
    if (auto R = ptxSpaceSkip(P))
      return Skip(*R);
    StringRef Shape, Layout, Type = P.Parts.back();
    for (StringRef Part : P.Parts) {
      if (Part == "row" || Part == "col")
        Layout = Part;
      else if (Part.starts_with("m") && Part.contains('n') && Part.contains('k'))
        Shape = Part;
    }
    PtxMemOp M;
    M.Kind = P.Parts[1] == "store" ? AccessKind::Write : AccessKind::Read;
    M.Address = bracketed(P);
    M.Wmma = wmmaFootprint(Shape, P.Parts[2], Layout, Type);
    if (!M.Wmma || M.Address.empty())
      return Skip(SkipReason::MatrixFragment);
    // load: {frag}, [p][, stride]; store: [p], {frag}[, stride]
    if (P.Operands.size() > 2)
      M.Stride = P.Operands[2];
    D.Memory = true;
    D.Ops.push_back(M);
    return D;
  }
  if (Op == "discard" && P.has("global")) {
    if (P.Operands.size() != 2)
      return Skip(SkipReason::InlineAsmUnknown);
    Mem(AccessKind::Write, bracketed(P), parsePtxInteger(P.Operands[1]).value_or(0));
    return D;
  }
  if (Op == "multimem")
    return Skip(SkipReason::Multimem);
  // Shared memory by definition: mbarriers, matrix loads/stores of shared
  // tiles, wgmma operands (shared-memory descriptors), barrier-cluster
  // cancellation results.
  if (Op == "mbarrier" || Op == "ldmatrix" || Op == "stmatrix" ||
      (Op == "wgmma" && P.has("mma_async")) || Op == "clusterlaunchcontrol")
    return Skip(SkipReason::SharedMemory);
  if (Op == "tcgen05" && !P.has("fence") && !P.has("commit") && !P.has("wait"))
    return Skip(SkipReason::TensorMemory);
  if (Op == "tensormap")
    return Skip(SkipReason::TensorMap);
  if (Op == "tex" || Op == "tld4" || Op == "suld" || Op == "sust" || Op == "sured")
    return Skip(SkipReason::TextureSurface);
  if (Op == "alloca" || Op == "stacksave" || Op == "stackrestore")
    return Skip(SkipReason::LocalMemory);
  if (Op == "call")
    return Skip(SkipReason::InlineAsmUnknown); // a function: anything
  // Everything else reads and writes registers only: arithmetic, mov, cvt,
  // cvta, shfl, vote, match, redux, bar/barrier, fence/membar, mma,
  // prefetch, applypriority, createpolicy, isspacep, nanosleep, ...
  return D;
}

/// The call argument behind asm operand N as an address: a pointer operand
/// itself, the pointer of a ptrtoint, or an i64 (made a pointer by
/// materializeAsmAddress). Null when operand N is an output or no 64-bit
/// value.
static Value *asmOperandAddress(ArrayRef<Value *> Operands, int N) {
  if (N < 0 || unsigned(N) >= Operands.size() || !Operands[N])
    return nullptr;
  Value *V = Operands[N];
  if (V->getType()->isPointerTy())
    return V;
  if (auto *P2I = dyn_cast<PtrToIntOperator>(V))
    return P2I->getPointerOperand();
  return V->getType()->isIntegerTy(64) ? V : nullptr;
}

/// A pointer to V + Offset, computed before the asm (inttoptr, GEP).
static Value *materializeAsmAddress(CallBase &CB, Value *V, int64_t Offset) {
  IRBuilder<> IRB(&CB);
  if (!V->getType()->isPointerTy())
    V = IRB.CreateIntToPtr(V, IRB.getPtrTy(), "csan.asm.addr");
  if (Offset)
    V = IRB.CreatePtrAdd(V, IRB.getInt64(uint64_t(Offset)), "csan.asm.addr");
  return V;
}

/// Inline asm: the memory instructions of its PTX text (classifyPtx) get
/// the checks of their IR equivalents:
///  - ld/ldu/st/atom/red on global or generic addresses: the type's bytes
///    times the vector count; .relaxed/.acquire/.release/.mmio loads and
///    stores and every atom/red are atomic when their scope is .gpu or .sys
///    (atom/red default to .gpu), plain otherwise; .volatile is plain;
///  - cp.async (non-bulk): a read of cp-size, or src-size, bytes of the
///    global source; cp.async.bulk: the global side's size bytes;
///  - wmma.load/store: the fragment's lines (addLines);
///  - discard.global.L2: a write of its bytes.
/// Shared, local, param and const spaces, mbarriers, ldmatrix/stmatrix,
/// wgmma, tcgen05, tensor-map copies, bulk reductions, textures and multimem
/// are counted under their reasons. The address is [$N], [$N+imm] or a
/// register the asm copied from an operand (mov, cvta, add of a constant);
/// a guard predicate is followed when the asm set it with setp.ne/eq of an
/// operand and 0 (the check then runs only when the access does). Anything
/// else that touches memory is counted under an "inline asm: ..." reason.
void Selector::selectInlineAsm(CallBase &CB) {
  auto *IA = cast<InlineAsm>(CB.getCalledOperand());
  // Operand numbers ($N) in constraint order, clobbers excluded; outputs
  // returned in registers have no argument.
  SmallVector<Value *, 8> Operands;
  unsigned ArgNo = 0;
  for (const InlineAsm::ConstraintInfo &C : IA->ParseConstraints()) {
    if (C.Type == InlineAsm::isClobber)
      continue;
    if (C.Type == InlineAsm::isOutput && !C.isIndirect) {
      Operands.push_back(nullptr);
      continue;
    }
    Operands.push_back(ArgNo < CB.arg_size() ? CB.getArgOperand(ArgNo) : nullptr);
    ++ArgNo;
  }

  PtxRegisters Regs;
  for (const std::string &Text : splitPtxStatements(IA->getAsmString())) {
    if (Text[0] == '.')
      continue; // .reg and other directives
    PtxInstruction P = parsePtxInstruction(Text);
    PtxDecision D = classifyPtx(P);
    if (!D.Memory) {
      trackPtxRegisters(P, Regs);
      continue;
    }
    // A register a memory instruction loads into is no copy of an operand.
    forgetPtxRegisters(P, Regs);
    if (D.Skip) {
      skip(*D.Skip);
      continue;
    }
    // The guard: a predicate the asm computed from an operand.
    Value *GuardValue = nullptr;
    bool GuardNonZero = true;
    if (!P.Guard.empty()) {
      auto It = Regs.Predicates.find(P.Guard.str());
      if (It != Regs.Predicates.end() && unsigned(It->second.Operand) < Operands.size())
        GuardValue = Operands[It->second.Operand];
      if (!GuardValue ||
          !(GuardValue->getType()->isIntegerTy() || GuardValue->getType()->isPointerTy())) {
        for (size_t N = 0; N < D.Ops.size(); ++N)
          skip(SkipReason::InlineAsmPredicate);
        continue;
      }
      GuardNonZero = It->second.NonZero != P.GuardNegated;
    }
    for (const PtxMemOp &M : D.Ops)
      selectPtxMemOp(CB, M, Regs, Operands, GuardValue, GuardNonZero);
  }
}

/// One memory operation of inline PTX: its address, size and guard resolved
/// against the asm's operands. Every rule is applied before any instruction
/// is added to compute the address, so an access that gets no check leaves
/// the IR as it was.
void Selector::selectPtxMemOp(CallBase &CB, const PtxMemOp &M, const PtxRegisters &Regs,
                              ArrayRef<Value *> Operands, Value *Guard, bool GuardNonZero) {
  std::optional<AsmAddress> Addr = parseAsmAddress(M.Address, Regs);
  Value *Base = Addr ? asmOperandAddress(Operands, Addr->Operand) : nullptr;
  if (!Base)
    return skip(SkipReason::InlineAsmAddress);
  if (M.Wmma && Guard)
    return skip(SkipReason::InlineAsmPredicate);

  // Size: a constant, or an operand (cp.async src-size, bulk size).
  uint64_t Size = M.Size;
  Value *SizeV = nullptr;
  if (!M.SizeOperand.empty()) {
    int N = parseOperandRef(M.SizeOperand);
    Value *Len = N >= 0 && unsigned(N) < Operands.size() ? Operands[N] : nullptr;
    if (!Len || !Len->getType()->isIntegerTy())
      return skip(SkipReason::InlineAsmUnknown);
    if (auto *C = dyn_cast<ConstantInt>(Len))
      Size = C->getZExtValue();
    else
      SizeV = Len;
  }
  Value *Stride = nullptr;
  if (M.Wmma && !M.Stride.empty()) {
    int N = parseOperandRef(M.Stride);
    if (N >= 0 && unsigned(N) < Operands.size() && Operands[N] &&
        Operands[N]->getType()->isIntegerTy())
      Stride = Operands[N];
    else if (auto V = parsePtxInteger(M.Stride))
      Stride = ConstantInt::get(Type::getInt64Ty(CB.getContext()), *V);
    else
      return skip(SkipReason::InlineAsmUnknown);
  }

  // The rules, on what the address is based on (an integer operand is a
  // generic address: only the options apply).
  bool IsBulk = M.IsBulk && !M.Wmma;
  std::optional<SkipReason> R = Base->getType()->isPointerTy()
                                    ? ruleSkipReason(Base, M.Kind, IsBulk)
                                    : optionSkipReason(M.Kind, IsBulk);
  if (R)
    return skip(*R);
  if (!M.Wmma && !SizeV && Size == 0)
    return skip(SkipReason::ZeroSize);

  Value *Ptr = materializeAsmAddress(CB, Base, Addr->Offset);
  if (M.Wmma)
    return addLines(M.Kind, Ptr, M.Wmma->Lines, uint64_t(M.Wmma->LineElems) * M.Wmma->Bits / 8,
                    Stride, M.Wmma->Bits);
  Access A;
  A.Kind = M.Kind;
  A.Ptr = Ptr;
  A.Size = Size;
  A.SizeV = SizeV;
  if (Guard) {
    IRBuilder<> IRB(&CB);
    Value *Zero = Constant::getNullValue(Guard->getType());
    Value *On = GuardNonZero ? IRB.CreateICmpNE(Guard, Zero) : IRB.CreateICmpEQ(Guard, Zero);
    A.Mask = IRB.CreateInsertElement(PoisonValue::get(FixedVectorType::get(IRB.getInt1Ty(), 1)),
                                     On, uint64_t(0), "csan.asm.guard");
    A.Lane = 0;
  }
  add(A, IsBulk);
}

/// Decides which accesses of instruction I get a check. The rules:
///
///  1. Accesses are loads, stores, atomicrmw, cmpxchg, memory intrinsics
///     (memcpy, memmove, memset, their .inline forms, memset.pattern), masked
///     loads/stores, gathers/scatters, expanding loads/compressing stores,
///     NVVM intrinsics that read or write memory through a pointer, and the
///     memory instructions of inline PTX (selectInlineAsm), whatever LLVM
///     assumes of the asm (memory(none) included). Asm without a memory
///     instruction is no access. Calls of functions are not: the callee is
///     checked where it is defined.
///  2. Accesses tagged !nosanitize get no check.
///  3. Memory that no other stream can reach gets no check: shared (3, 7),
///     constant (4), local (5), tensor (6) and param (101) address spaces
///     (in PTX: .shared, .const, .local, .param, and mbarrier, ldmatrix,
///     stmatrix, wgmma, tcgen05), generic pointers based on such memory, on
///     an alloca (local memory is private to its thread, escaping or not) or
///     on a byval parameter (param space in kernels, a local copy in device
///     functions), and reads of constant globals. Global (1) and other
///     generic pointers are checked: the runtime itself ignores addresses
///     outside the global window.
///  4. The kind: atomicrmw, cmpxchg and atomic stores are atomic writes,
///     atomic loads atomic reads, when their scope is device or system;
///     narrower atomics are plain (see isAtomicAcrossKernels); likewise PTX
///     atom/red (default scope .gpu) and .relaxed/.acquire/.release/.mmio
///     ld/st. Volatile is plain. Read-only data (const __restrict__,
///     !invariant.load, ldu, ld.global.nc) is still checked: another stream
///     may write it.
///  5. -csan-instrument-{reads,writes,atomics}=false drop loads, stores and
///     atomics of their kind; -csan-instrument-memintrinsics=false drops
///     memory intrinsics and bulk/async copies (both of their sides).
///  6. The size is the store size of the type (vectors and aggregates
///     included), the PTX type's bytes times its vector count, or the
///     intrinsic's or copy's length; a constant length of 0 needs no check.
///     Masked operations check exactly their enabled lanes, guarded PTX
///     only when its guard holds, wmma fragments exactly their lines
///     (addLines).
///  7. Operations whose bytes cannot be named from the IR (tensor-map bulk
///     copies, byte-masked bulk stores, bulk reductions, textures and
///     surfaces, multimem, wmma of an unknown shape, inline PTX whose
///     address, guard or form csan cannot read) are counted under their own
///     reason. Any other intrinsic that may touch memory through a pointer
///     that is not provably shared/local/... is counted as Unclassified,
///     which must stay 0.
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
        (I.mayReadOrWriteMemory() && !(CB && CB->isInlineAsm())))
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
  // Inline asm is read whatever LLVM assumes of it: clang marks an asm
  // statement without a "memory" clobber memory(none) (__ldcs, __ldcg), yet
  // its loads read memory.
  if (CB->isInlineAsm())
    return S.selectInlineAsm(*CB);
  if (auto *MI = dyn_cast<MemIntrinsic>(&I))
    return S.selectMemIntrinsic(*MI);
  S.selectIntrinsic(cast<IntrinsicInst>(I));
}
