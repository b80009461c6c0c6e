//===- CsanDeviceInstrument.cpp - csan-device: instrument device code ------===//
//
// csan-device instruments an nvptx64 module so that every access of global
// memory by a kernel launched through csan is checked against the shadow
// state of the other streams (DESIGN.md, decisions 5, 6 and 9):
//
//  * The code the user compiled stays as it was: kernel K and device
//    function f keep their bodies, and K calls f. csan adds copies:
//    K__csan, with one more parameter (the launch context, byval in param
//    space), and f__csan, with the context's address as one more parameter.
//    Copies check their accesses with that context and call copies: the
//    twin calls f__csan(..., ctx), f__csan calls g__csan(..., ctx).
//  * A copy of f is kept only when it needs the context: it has checks or
//    calls a copy that does (or, under -fgpu-rdc, a function of another
//    module, whose copy is called by name: g__csan; a weak fallback
//    definition here calls g when that module has none).
//  * Indirect calls from copies call what the pointer holds, the original:
//    its accesses are not checked (counted by -csan-stats).
//  * A check is a call __csan_dev_<kind><size>(ctx, addr, site) before the
//    access, or __csan_dev_{read,write}_range(ctx, addr, size, site) for
//    other sizes and bulk operations. addr is a generic pointer; site is the
//    offset of the access's csan_site descriptor from the module's anchor.
//    csan-device-link later links the runtime and inlines these calls.
//
// Which accesses are checked is decided by selectChecks() (CsanDeviceSelect);
// optimizeChecks() (CsanDeviceOpt) drops redundant checks and hoists
// loop-invariant ones. Every access that gets no check is counted under a
// reason; -csan-stats prints the counts.
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"
#include "CsanPasses.h"

#include "csan_abi.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <optional>

using namespace llvm;
using namespace csan::device;

#define DEBUG_TYPE "csan-device"

static cl::opt<std::string>
    ClFunctionFilter("csan-function-filter",
                     cl::desc("Check accesses only in functions whose (mangled) name matches "
                              "this regex; kernels still get their twins"),
                     cl::Hidden, cl::init(""));
static cl::opt<int> ClBisectLimit("csan-bisect-limit",
                                  cl::desc("Insert at most this many checks per module "
                                           "(-1: no limit), to bisect a miscompile"),
                                  cl::Hidden, cl::init(-1));
static cl::opt<unsigned> ClTwinMaxThreads(
    "csan-twin-max-threads",
    cl::desc("Launch bounds (nvvm.maxntid) for twins of kernels without bounds of their own, "
             "so that every block size up to it can launch the twin; 0: none. csan-clang sets "
             "1024 for whole-program (non -fgpu-rdc) compiles"),
    cl::Hidden, cl::init(0));
static cl::opt<unsigned> ClTwinMaxRegs(
    "csan-twin-max-regs",
    cl::desc("Register limit (nvvm.maxnreg) for twins of kernels without one of their own; "
             "ptxas then fits csan's out-of-line slow path into it (spilling there, where it "
             "costs only when taken) instead of raising the twin's registers to the slow "
             "path's; 0: none"),
    cl::Hidden, cl::init(0));
static cl::opt<bool> ClStats("csan-stats",
                             cl::desc("Print what csan-device checked and skipped, per module, "
                                      "on stderr"),
                             cl::Hidden, cl::init(false));

/// Runtime entry point names, in AccessKind order.
static const char *const KindEntryNames[NumAccessKinds] = {"read", "write", "atomic_read",
                                                           "atomic_write"};
static constexpr unsigned NumSizedEntries = 5; // 1, 2, 4, 8, 16 bytes

/// Named metadata that marks a module csan-device has instrumented.
static const char InstrumentedMDName[] = "csan.instrumented";

namespace {

/// The instrumentation of one module (one instance per run of the pass).
class DeviceInstrumenter {
public:
  explicit DeviceInstrumenter(Module &M)
      : M(M), DL(M.getDataLayout()), Sites(M),
        Int32Ty(Type::getInt32Ty(M.getContext())), Int64Ty(Type::getInt64Ty(M.getContext())),
        PtrTy(PointerType::get(M.getContext(), ASGeneric)) {}

  bool run();

private:
  bool configure();
  void collectFunctions(SmallVectorImpl<Function *> &Kernels,
                        SmallVectorImpl<Function *> &DeviceFunctions);
  bool cloneDeviceFunctions(ArrayRef<Function *> DeviceFunctions);
  void pruneClones(DenseMap<Function *, bool> &HasChecks);
  bool instrumentKernel(Function &K, StructType *CtxTy);
  void switchContexts();
  void redirectCalls(Function &F);
  Function *externalClone(Function &Decl);
  void initializeCallbacks();
  StructType *launchContextType();
  bool instrumentFunction(Function &F, Argument *CtxArg, StringRef OrigName, bool IsKernel);
  bool redirectAsserts(Function &F, Value *Ctx);
  void emitCheck(const Access &A, Function &F, StringRef OrigName, Value *Ctx,
                 Value *AnchorInt);
  Value *siteArgument(IRBuilder<> &IRB, const Access &A, Function &F, StringRef OrigName,
                      uint64_t SiteSize, Value *AnchorInt);
  void dropAttributesInvalidatedByChecks(Function &F);
  void createModuleGlobals();
  bool createGapTable();
  void eraseUnusedCallbacks();
  DebugLoc checkLocation(const Instruction *I, const Function &F) const;

  Module &M;
  const DataLayout &DL;
  SiteTable Sites;
  DeviceStats Stats;
  /// Functions (originals) that wait on their grid dependencies, and the
  /// original of each twin.
  SmallPtrSet<Function *, 8> Waiters;
  DenseMap<Function *, Function *> KernelOfTwin;
  Type *Int32Ty, *Int64Ty;
  PointerType *PtrTy;
  std::optional<Regex> Filter;
  int ChecksLeft = -1; // for -csan-bisect-limit; -1 = unlimited
  // Original device function -> its instrumented clone f__csan (the
  // clones kept), and external declaration g -> g__csan.
  MapVector<Function *, Function *> CloneOf;
  DenseMap<Function *, Function *> ExternalCloneOf;
  // Twins and clones: the functions whose calls go to clones.
  SmallVector<Function *, 16> Copies;

  // Runtime entry points, declared once in initializeCallbacks().
  FunctionCallee SizedCheck[NumAccessKinds][NumSizedEntries];
  FunctionCallee RangeCheck[2]; // read, write
};

} // namespace

void DeviceInstrumenter::initializeCallbacks() {
  LLVMContext &C = M.getContext();
  AttributeList Attrs = AttributeList().addFnAttribute(C, Attribute::NoUnwind);
  Type *VoidTy = Type::getVoidTy(C);
  std::string Prefix = CSAN_DEV_PREFIX;
  for (unsigned K = 0; K < NumAccessKinds; ++K)
    for (unsigned S = 0; S < NumSizedEntries; ++S)
      SizedCheck[K][S] = // returns the address the access must use
          M.getOrInsertFunction(Prefix + KindEntryNames[K] + utostr(1u << S), Attrs, PtrTy,
                                PtrTy, PtrTy, Int32Ty);
  RangeCheck[0] = M.getOrInsertFunction(Prefix + "read_range", Attrs, VoidTy, PtrTy, PtrTy,
                                        Int64Ty, Int32Ty);
  RangeCheck[1] = M.getOrInsertFunction(Prefix + "write_range", Attrs, VoidTy, PtrTy, PtrTy,
                                        Int64Ty, Int32Ty);
}

/// %struct.csan_launch_ctx with the field layout of csan_abi.h.
StructType *DeviceInstrumenter::launchContextType() {
  LLVMContext &C = M.getContext();
  Type *I16 = Type::getInt16Ty(C);
  auto *Ty = StructType::create(
      C,
      {Int32Ty, I16, I16, Int32Ty, Int32Ty,   // magic, abi_version, slot, epoch, flags
       Int64Ty, Int64Ty, Int64Ty, Int64Ty,    // shadow_dir, pool, races, op_id
       Int64Ty, Int64Ty,                      // host_lo, host_span
       ArrayType::get(Int32Ty, CSAN_MAX_SLOTS)}, // vc
      "struct.csan_launch_ctx");
  assert(DL.getTypeAllocSize(Ty) == sizeof(csan_launch_ctx) &&
         DL.getABITypeAlign(Ty).value() == alignof(csan_launch_ctx) &&
         "launch context layout differs from csan_abi.h");
  return Ty;
}

/// The compiler-generated location of code the pass adds outside any
/// access: line 0 in the function's scope (null without debug info).
static DebugLoc artificialLocation(const Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    return DILocation::get(F.getContext(), 0, 0, SP);
  return DebugLoc();
}

/// A check carries the location of its access, so the inlined runtime code
/// maps to the access's line; calls in a function with debug info need one.
DebugLoc DeviceInstrumenter::checkLocation(const Instruction *I, const Function &F) const {
  if (DebugLoc Loc = I->getDebugLoc())
    return Loc;
  return artificialLocation(F);
}

/// The checks are calls that read and write the shadow, take the lock of a
/// granule and keep addresses in the race table: attributes that promised
/// none of that no longer hold, on the function and on its call sites.
void DeviceInstrumenter::dropAttributesInvalidatedByChecks(Function &F) {
  auto Drop = [](auto &&RemoveFn, auto &&RemoveParam, unsigned NumParams) {
    for (Attribute::AttrKind Kind : {Attribute::Memory, Attribute::NoSync, Attribute::WillReturn})
      RemoveFn(Kind);
    for (unsigned I = 0; I < NumParams; ++I)
      RemoveParam(I, Attribute::Captures);
  };
  Drop([&](Attribute::AttrKind K) { F.removeFnAttr(K); },
       [&](unsigned I, Attribute::AttrKind K) { F.removeParamAttr(I, K); }, F.arg_size());
  for (User *U : F.users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == &F)
      Drop([&](Attribute::AttrKind K) { CB->removeFnAttr(K); },
           [&](unsigned I, Attribute::AttrKind K) { CB->removeParamAttr(I, K); },
           CB->arg_size());
}

/// The site argument of a check: (int)(&site - &__csan_module_anchor),
/// computed by instructions (PTX has no relocation for a symbol difference).
Value *DeviceInstrumenter::siteArgument(IRBuilder<> &IRB, const Access &A, Function &F,
                                        StringRef OrigName, uint64_t SiteSize,
                                        Value *AnchorInt) {
  GlobalVariable *Site = Sites.get(*A.I, F, OrigName, A.Kind, SiteSize);
  Value *SiteInt = IRB.Insert(CastInst::Create(Instruction::PtrToInt, Site, Int64Ty));
  Value *Offset = IRB.Insert(BinaryOperator::CreateSub(SiteInt, AnchorInt));
  return IRB.Insert(CastInst::Create(Instruction::Trunc, Offset, Int32Ty), "csan.site");
}

/// The pointer operand (its index + 1) of an access whose check can give it
/// the address to use, 0 when none: a load, store, atomicrmw or cmpxchg
/// checked right before itself, on exactly its own bytes. Accesses whose
/// check was hoisted, merged with others (Grown), masked, or that are
/// calls (memory intrinsics, inline asm) keep their address: a bad access
/// there is reported but not suppressed.
static unsigned suppressibleOperand(const Access &A) {
  if (A.InsertPt || A.Grown || !A.isSimple() || A.Offset)
    return 0;
  unsigned Op = pointerOperandIndex(*A.I);
  // Operand 0 of a load is its pointer; the callers test for nonzero.
  return Op != ~0u && A.I->getOperand(Op) == A.Ptr ? Op + 1 : 0;
}

/// The alignment a load, store or atomic promises for its address.
static MaybeAlign accessAlign(const Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->getAlign();
  if (auto *S = dyn_cast<StoreInst>(&I))
    return S->getAlign();
  if (auto *R = dyn_cast<AtomicRMWInst>(&I))
    return R->getAlign();
  if (auto *C = dyn_cast<AtomicCmpXchgInst>(&I))
    return C->getAlign();
  return std::nullopt;
}

void DeviceInstrumenter::emitCheck(const Access &A, Function &F, StringRef OrigName,
                                   Value *Ctx, Value *AnchorInt) {
  Instruction *Pt = A.InsertPt ? A.InsertPt : A.CheckAt ? A.CheckAt : A.I;
  IRBuilder<> IRB(Pt);
  IRB.SetCurrentDebugLocation(checkLocation(A.I, F));

  // A lane of a masked operation is checked only when its mask bit is set.
  if (A.Mask) {
    Value *On = IRB.CreateExtractElement(A.Mask, IRB.getInt64(A.Lane), "csan.lane.on");
    Instruction *Then = SplitBlockAndInsertIfThen(On, Pt->getIterator(), /*Unreachable=*/false);
    IRB.SetInsertPoint(Then);
  }

  Value *Addr = A.PtrIsVector ? IRB.CreateExtractElement(A.Ptr, IRB.getInt64(A.Lane)) : A.Ptr;
  if (A.Offset)
    Addr = IRB.CreatePtrAdd(Addr, IRB.getInt64(A.Offset));
  if (Addr->getType()->getPointerAddressSpace() != ASGeneric)
    Addr = IRB.CreateAddrSpaceCast(Addr, PtrTy);

  bool IsWrite = A.Kind == AccessKind::Write || A.Kind == AccessKind::AtomicWrite;
  // A grown run (consecutive accesses in one granule) whose length is not a
  // power of two: one sized check per piece, largest first (12 = 8 + 4).
  if (A.Grown && !isPowerOf2_64(A.Size)) {
    Value *Base = Addr;
    for (uint64_t Done = 0; Done < A.Size;) {
      uint64_t Piece = uint64_t(1) << Log2_64(A.Size - Done);
      Value *PieceAddr = Done ? IRB.CreatePtrAdd(Base, IRB.getInt64(Done)) : Base;
      Value *Site = siteArgument(IRB, A, F, OrigName, A.Size, AnchorInt);
      IRB.CreateCall(SizedCheck[unsigned(A.Kind)][Log2_64(Piece)], {Ctx, PieceAddr, Site});
      Stats.countCheck(A.Kind, Log2_64(Piece));
      Done += Piece;
    }
    return;
  }
  if (A.hasFixedSize() && A.Size <= 16 && isPowerOf2_64(A.Size)) {
    unsigned Log2 = Log2_64(A.Size);
    // The access's own alignment (a misaligned access is undefined, and
    // faults on a GPU) tells the inlined fast path that the check cannot
    // cross a granule: its crossing test and that branch fold away.
    if (!A.PtrIsVector && !A.Mask)
      if (MaybeAlign Al = accessAlign(*A.I); Al && commonAlignment(*Al, A.Offset).value() >= A.Size)
        IRB.CreateAlignmentAssumption(F.getDataLayout(), Addr, commonAlignment(*Al, A.Offset).value());
    Value *Site = siteArgument(IRB, A, F, OrigName, A.Size, AnchorInt);
    if (unsigned OpPlus1 = suppressibleOperand(A)) {
      unsigned Op = OpPlus1 - 1;
      // The access uses the address the check returns: its own, or csan's
      // zero/sink bytes when the bytes are poisoned or freed.
      Value *Use =
          IRB.CreateCall(SizedCheck[unsigned(A.Kind)][Log2], {Ctx, Addr, Site}, "csan.use");
      Type *OrigTy = A.I->getOperand(Op)->getType();
      if (OrigTy != PtrTy)
        Use = IRB.CreateAddrSpaceCast(Use, OrigTy);
      A.I->setOperand(Op, Use);
      // Earlier accesses of the same bytes that this check covers (it was
      // moved up to the first of them) use the same address.
      for (Instruction *U : A.AlsoUse)
        if (unsigned K = pointerOperandIndex(*U); K != ~0u && U->getOperand(K) == A.Ptr)
          U->setOperand(K, Use);
      Stats.countCheck(A.Kind, Log2);
      return;
    }
    IRB.CreateCall(SizedCheck[unsigned(A.Kind)][Log2], {Ctx, Addr, Site});
    Stats.countCheck(A.Kind, Log2);
    return;
  }

  Value *Size;
  if (A.CountMask) {
    auto *MaskTy = cast<FixedVectorType>(A.CountMask->getType());
    Value *Bits = IRB.CreateBitCast(A.CountMask, IRB.getIntNTy(MaskTy->getNumElements()));
    Value *Count = IRB.CreateUnaryIntrinsic(Intrinsic::ctpop, Bits);
    Size = IRB.CreateMul(IRB.CreateZExtOrTrunc(Count, Int64Ty), IRB.getInt64(A.Size));
  } else if (A.SizeV) {
    Size = IRB.CreateZExtOrTrunc(A.SizeV, Int64Ty);
    if (A.SizeScale != 1)
      Size = IRB.CreateMul(Size, IRB.getInt64(A.SizeScale));
  } else {
    Size = IRB.getInt64(A.Size);
  }
  Value *Site = siteArgument(IRB, A, F, OrigName, /*SiteSize=*/0, AnchorInt);
  IRB.CreateCall(RangeCheck[IsWrite], {Ctx, Addr, Size, Site});
  Stats.countCheck(A.Kind, RangeSizeClass);
}

/// Checks the accesses of F (a twin or a clone) with CtxArg, its context
/// parameter. Returns true if F got checks.
/// Device asserts (DESIGN.md, decision 21): a call of CUDA's __assertfail in
/// a copy becomes __csan_dev_assertfail(ctx, ...same arguments), which
/// records the launch and the assert's file and line where the host can
/// read them after the assert stopped the context. Returns whether F has one.
bool DeviceInstrumenter::redirectAsserts(Function &F, Value *Ctx) {
  SmallVector<CallInst *, 2> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && Callee->getName() == CSAN_ASSERTFAIL_NAME && CI->arg_size() == 5)
        Calls.push_back(CI);
  for (CallInst *CI : Calls) {
    FunctionType *OrigTy = CI->getFunctionType();
    SmallVector<Type *, 6> Params{PtrTy};
    Params.append(OrigTy->param_begin(), OrigTy->param_end());
    FunctionCallee Wrapper = M.getOrInsertFunction(
        CSAN_DEV_ASSERTFAIL_NAME, FunctionType::get(OrigTy->getReturnType(), Params, false));
    SmallVector<Value *, 6> Args{Ctx};
    Args.append(CI->arg_begin(), CI->arg_end());
    IRBuilder<> IRB(CI);
    CallInst *New = IRB.CreateCall(Wrapper, Args);
    New->setDebugLoc(CI->getDebugLoc());
    New->copyMetadata(*CI);
    if (!CI->use_empty())
      CI->replaceAllUsesWith(New);
    CI->eraseFromParent();
  }
  return !Calls.empty();
}

bool DeviceInstrumenter::instrumentFunction(Function &F, Argument *CtxArg, StringRef OrigName,
                                            bool IsKernel) {
  if (Filter && !Filter->match(OrigName)) {
    ++Stats.FunctionsFiltered;
    return false;
  }

  std::vector<Access> Checks;
  for (Instruction &I : instructions(F)) {
    Selection S;
    selectChecks(I, IsKernel, DL, S);
    for (SkipReason R : S.Skips)
      Stats.countSkip(R);
    Checks.insert(Checks.end(), S.Checks.begin(), S.Checks.end());
  }

  optimizeChecks(F, Checks, DL);
  unsigned NumChecks = 0;
  for (Access &A : Checks) {
    if (A.Dropped) {
      Stats.countSkip(SkipReason::Redundant);
      continue;
    }
    if (ChecksLeft == 0) {
      A.Dropped = true;
      Stats.countSkip(SkipReason::BisectLimit);
      continue;
    }
    if (ChecksLeft > 0)
      --ChecksLeft;
    ++NumChecks;
  }
  bool Asserts = redirectAsserts(F, CtxArg);
  if (IsKernel || NumChecks)
    Stats.ChecksPerFunction.emplace_back(F.getName().str(), NumChecks);
  LLVM_DEBUG(dbgs() << "csan-device: " << F.getName() << ": " << NumChecks << " checks of "
                    << Checks.size() << " candidates\n");
  if (!NumChecks)
    return Asserts; // a copy with an assert needs the context too

  // The value every check of F uses, at entry: the anchor.
  IRBuilder<> IRB(&*F.getEntryBlock().getFirstInsertionPt());
  IRB.SetCurrentDebugLocation(artificialLocation(F));
  Value *Ctx = CtxArg;
  Value *AnchorInt =
      IRB.Insert(CastInst::Create(Instruction::PtrToInt, Sites.anchor(), Int64Ty), "csan.anchor");

  for (const Access &A : Checks) {
    if (A.Dropped)
      continue;
    if (A.InsertPt)
      Stats.countHoisted();
    emitCheck(A, F, OrigName, Ctx, AnchorInt);
  }
  return true;
}

void DeviceInstrumenter::createModuleGlobals() {
  Sites.anchor();
  M.getOrInsertNamedMetadata(InstrumentedMDName);
}

/// What the pass left unchecked where a race can hide, for the runtime's
/// exit summary (CSAN_MODULE_GAPS_NAME): weak, in global memory, so
/// cuModuleGetGlobal finds it and nvlink keeps one under -fgpu-rdc.
bool DeviceInstrumenter::createGapTable() {
  std::string Table = Stats.gapTable();
  if (Table.empty() || M.getNamedGlobal(CSAN_MODULE_GAPS_NAME))
    return false;
  Constant *Init = ConstantDataArray::getString(M.getContext(), Table);
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::WeakAnyLinkage, Init, CSAN_MODULE_GAPS_NAME,
                                nullptr, GlobalValue::NotThreadLocal, /*AddressSpace=*/1);
  GV->setAlignment(Align(1));
  return true;
}

void DeviceInstrumenter::eraseUnusedCallbacks() {
  auto EraseIfUnused = [](FunctionCallee &FC) {
    if (auto *Fn = dyn_cast<Function>(FC.getCallee()); Fn && Fn->use_empty() && Fn->isDeclaration())
      Fn->eraseFromParent();
  };
  for (auto &Row : SizedCheck)
    for (FunctionCallee &FC : Row)
      EraseIfUnused(FC);
  for (FunctionCallee &FC : RangeCheck)
    EraseIfUnused(FC);

}

static bool isKernel(const Function &F) { return F.getCallingConv() == CallingConv::PTX_Kernel; }

/// A twin has the plain kernel's registers plus those of the checks' slow
/// path. Without launch bounds ptxas may give it more registers per thread
/// than a large block may have (64K per block), and a launch the plain
/// kernel accepts fails for the twin (the runtime then launches the plain
/// kernel unchecked and says so). Bounds of -csan-twin-max-threads keep
/// every block size up to it launchable, at the cost of registers. They are
/// not the default: under -fgpu-rdc ptxas compiles the slow path once, for
/// any caller, and nvlink rejects a bounded twin that calls it; clang gives
/// the pass no way to tell the two modes apart, so csan-clang, which knows,
/// asks for them only without -fgpu-rdc. A kernel's own bounds are kept.
static void boundTwinBlockSize(Function &Twin) {
  if (ClTwinMaxThreads && !Twin.hasFnAttribute("nvvm.maxntid") &&
      !Twin.hasFnAttribute("nvvm.reqntid"))
    Twin.addFnAttr("nvvm.maxntid", utostr(ClTwinMaxThreads));
}

/// In a whole-program compile ptxas gives a kernel the registers of the
/// hungriest function it calls: csan's slow path (locking, record visits,
/// race reports) needs far more than most kernels, so an unbounded twin has
/// fewer resident warps than its kernel although its fast path needs only a
/// few registers more. -csan-twin-max-regs caps the twin; the slow path then
/// spills inside itself. A kernel's own limit is kept.
static void boundTwinRegisters(Function &Twin) {
  if (ClTwinMaxRegs && !Twin.hasFnAttribute("nvvm.maxnreg"))
    Twin.addFnAttr("nvvm.maxnreg", utostr(ClTwinMaxRegs));
}

/// Reads the options that apply to the whole module; false (with an error
/// emitted) when one is invalid.
bool DeviceInstrumenter::configure() {
  if (!ClFunctionFilter.empty()) {
    Filter.emplace(ClFunctionFilter);
    std::string Error;
    if (!Filter->isValid(Error)) {
      M.getContext().emitError("csan: invalid -csan-function-filter '" + ClFunctionFilter +
                               "': " + Error);
      return false;
    }
  }
  ChecksLeft = ClBisectLimit;
  return true;
}

/// Splits the module's definitions into kernels and device functions
/// (csan's own runtime functions are neither).
void DeviceInstrumenter::collectFunctions(SmallVectorImpl<Function *> &Kernels,
                                          SmallVectorImpl<Function *> &DeviceFunctions) {
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with(CSAN_DEV_PREFIX))
      continue;
    (isKernel(F) ? Kernels : DeviceFunctions).push_back(&F);
  }
  Stats.Kernels = Kernels.size();
  Stats.DeviceFunctions = DeviceFunctions.size();
}

/// A declaration that may be a device function of another -fgpu-rdc module,
/// compiled by csan there with its clone g__csan: a C++ function (mangled
/// name) that is not csan's, LLVM's or libdevice's. extern "C" declarations
/// are CUDA's own (vprintf, malloc, __assertfail, the device runtime API);
/// a user's extern "C" device function of another module runs unchecked.
static bool mayHaveExternalClone(const Function &F) {
  return F.isDeclaration() && !F.isIntrinsic() && F.getName().starts_with("_Z") &&
         !F.getName().ends_with(CSAN_KERNEL_SUFFIX);
}

/// Clones every device function that may take part (not opted out) and
/// instruments the clones, then keeps only those that need the context.
bool DeviceInstrumenter::cloneDeviceFunctions(ArrayRef<Function *> DeviceFunctions) {
  DenseMap<Function *, bool> HasChecks;
  for (Function *F : DeviceFunctions) {
    if (F->hasFnAttribute(Attribute::DisableSanitizerInstrumentation)) {
      ++Stats.OptedOut;
      continue;
    }
    std::string CloneName = (F->getName() + CSAN_KERNEL_SUFFIX).str();
    if (M.getNamedValue(CloneName)) {
      M.getContext().emitError("csan: cannot create the instrumented clone of '" +
                               F->getName() + "': the name '" + CloneName +
                               "' is already defined");
      continue;
    }
    Function *Clone = createContextClone(*F, /*CtxTy=*/nullptr);
    CloneOf[F] = Clone;
    HasChecks[Clone] = instrumentFunction(*Clone, Clone->getArg(Clone->arg_size() - 1),
                                          F->getName(), /*IsKernel=*/false);
  }
  pruneClones(HasChecks);
  for (auto &[F, Clone] : CloneOf) {
    ++Stats.Clones;
    if (HasChecks.lookup(Clone))
      ++Stats.FunctionsInstrumented;
    Copies.push_back(Clone);
  }
  return !CloneOf.empty();
}

/// A clone is needed when it has checks, calls a needed clone, or calls a
/// function of another module that may have one; the others are erased
/// (nothing calls them yet: calls are redirected afterwards).
void DeviceInstrumenter::pruneClones(DenseMap<Function *, bool> &HasChecks) {
  DenseMap<Function *, bool> Needed;
  for (auto &[F, Clone] : CloneOf)
    Needed[Clone] = HasChecks.lookup(Clone);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (auto &[F, Clone] : CloneOf) {
      if (Needed[Clone])
        continue;
      for (Instruction &I : instructions(*Clone)) {
        auto *CB = dyn_cast<CallBase>(&I);
        Function *Callee = CB ? CB->getCalledFunction() : nullptr;
        if (!Callee)
          continue;
        auto It = CloneOf.find(Callee);
        if ((It != CloneOf.end() && Needed[It->second]) || mayHaveExternalClone(*Callee)) {
          Needed[Clone] = Grew = true;
          break;
        }
      }
    }
  }
  SmallVector<Function *, 8> Unneeded;
  for (auto &[F, Clone] : CloneOf)
    if (!Needed[Clone])
      Unneeded.push_back(F);
  for (Function *F : Unneeded) {
    CloneOf[F]->eraseFromParent();
    CloneOf.erase(F);
  }
}

/// g__csan for a declaration g of another module, declared here with a
/// weak fallback definition that calls g: the other module's clone, when it
/// has one, overrides it at link time (nvlink prefers a strong definition);
/// when it has none (g needs no context there, or that module was not
/// compiled by csan), g runs unchecked.
Function *DeviceInstrumenter::externalClone(Function &Decl) {
  if (Function *&Clone = ExternalCloneOf[&Decl])
    return Clone;
  SmallVector<Type *, 8> Params(Decl.getFunctionType()->params());
  Params.push_back(PtrTy);
  auto *Ty = FunctionType::get(Decl.getReturnType(), Params, Decl.isVarArg());
  std::string Name = (Decl.getName() + CSAN_KERNEL_SUFFIX).str();
  if (Function *Existing = M.getFunction(Name); Existing && Existing->getFunctionType() == Ty)
    return ExternalCloneOf[&Decl] = Existing;
  if (M.getNamedValue(Name) || Decl.isVarArg())
    return ExternalCloneOf[&Decl] = nullptr;
  Function *Clone = Function::Create(Ty, GlobalValue::WeakAnyLinkage, Decl.getAddressSpace(),
                                     Name, &M);
  Clone->setCallingConv(Decl.getCallingConv());
  Clone->getArg(Clone->arg_size() - 1)->setName("csan.ctx");
  BasicBlock *BB = BasicBlock::Create(M.getContext(), "entry", Clone);
  IRBuilder<> IRB(BB);
  SmallVector<Value *, 8> Args;
  for (unsigned I = 0; I + 1 < Clone->arg_size(); ++I)
    Args.push_back(Clone->getArg(I));
  CallInst *Call = IRB.CreateCall(&Decl, Args);
  Call->setCallingConv(Decl.getCallingConv());
  if (Ty->getReturnType()->isVoidTy())
    IRB.CreateRetVoid();
  else
    IRB.CreateRet(Call);
  ++Stats.ExternalClones;
  return ExternalCloneOf[&Decl] = Clone;
}

/// In a twin or a clone F: direct calls of device functions that have a
/// clone call the clone with F's context.
void DeviceInstrumenter::redirectCalls(Function &F) {
  Argument *Ctx = F.getArg(F.arg_size() - 1);
  SmallVector<CallInst *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I); CI && !CI->isInlineAsm())
      Calls.push_back(CI);
  for (CallInst *CI : Calls) {
    Function *Callee = CI->getCalledFunction();
    if (!Callee) {
      ++Stats.IndirectCalls;
      continue;
    }
    if (Callee->isIntrinsic() || CI->getFunctionType() != Callee->getFunctionType())
      continue;
    Function *Target = CloneOf.lookup(Callee);
    if (!Target && mayHaveExternalClone(*Callee))
      Target = externalClone(*Callee);
    if (!Target)
      continue;
    SmallVector<Value *, 8> Args(CI->args());
    Args.push_back(Ctx);
    SmallVector<OperandBundleDef, 1> Bundles;
    CI->getOperandBundlesAsDefs(Bundles);
    CallInst *New = CallInst::Create(Target->getFunctionType(), Target, Args, Bundles, "",
                                     CI->getIterator());
    New->takeName(CI);
    New->setCallingConv(CI->getCallingConv());
    New->setTailCallKind(CI->getTailCallKind());
    New->setAttributes(CI->getAttributes());
    New->copyMetadata(*CI);
    CI->replaceAllUsesWith(New);
    CI->eraseFromParent();
  }
}

/// Gives kernel K its instrumented twin; K itself is left as it is.
bool DeviceInstrumenter::instrumentKernel(Function &K, StructType *CtxTy) {
  if (K.hasFnAttribute(Attribute::DisableSanitizerInstrumentation)) {
    ++Stats.OptedOut;
    return false;
  }
  std::string TwinName = (K.getName() + CSAN_KERNEL_SUFFIX).str();
  if (M.getNamedValue(TwinName)) {
    M.getContext().emitError("csan: cannot create the instrumented twin of kernel '" +
                             K.getName() + "': the name '" + TwinName +
                             "' is already defined");
    return false;
  }
  // A kernel that waits on its grid dependencies gets a pair of contexts
  // (csan_abi.h, CSAN_CTX_F_PDL_PAIR).
  bool Pair = Waiters.contains(&K);
  Type *ParamTy = Pair ? static_cast<Type *>(ArrayType::get(CtxTy, CSAN_CTX_PAIR_COUNT)) : CtxTy;
  uint64_t ParamBytes = 0, ParamLimit = 0;
  if (!twinParamsFit(K, ParamTy, ParamBytes, ParamLimit)) {
    // No twin, never a build error: K runs unchecked, and the runtime names
    // its launches in the exit summary (it finds no twin).
    ++Stats.ParamsTooLarge;
    LLVM_DEBUG(dbgs() << "csan-device: no twin for " << K.getName() << ": " << ParamBytes
                      << " parameter bytes with the context, over " << ParamLimit << "\n");
    return false;
  }
  Function *Twin = createContextClone(K, ParamTy);
  ++Stats.Twins;
  if (Pair)
    ++Stats.PdlTwins;
  KernelOfTwin[Twin] = &K;
  boundTwinBlockSize(*Twin);
  boundTwinRegisters(*Twin);
  Argument *Ctx = Twin->getArg(Twin->arg_size() - 1);
  instrumentFunction(*Twin, Ctx, K.getName(), /*IsKernel=*/true);
  Copies.push_back(Twin);
  return true;
}

/// In every copy of a function that waits on its grid dependencies, the
/// accesses after a wait use the context after it (CsanDevicePdl.cpp).
void DeviceInstrumenter::switchContexts() {
  if (Waiters.empty())
    return;
  DenseMap<Function *, Function *> Original(KernelOfTwin.begin(), KernelOfTwin.end());
  for (auto &[F, Clone] : CloneOf)
    Original[Clone] = F;
  auto OriginalOf = [&](Function *F) { return Original.lookup(F); };
  FunctionCallee PostFn =
      M.getOrInsertFunction(CSAN_DEV_PDL_POST_NAME, FunctionType::get(PtrTy, {PtrTy}, false));
  for (Function *F : Copies) {
    Function *Orig = OriginalOf(F);
    if (Orig && Waiters.contains(Orig))
      switchContextAtWaits(*F, *F->getArg(F->arg_size() - 1), Waiters, OriginalOf, PostFn);
  }
}

bool DeviceInstrumenter::run() {
  if (M.getNamedMetadata(InstrumentedMDName)) {
    LLVM_DEBUG(dbgs() << "csan-device: module already instrumented\n");
    return false;
  }
  if (!configure())
    return false;
  SmallVector<Function *, 16> Kernels, DeviceFunctions;
  collectFunctions(Kernels, DeviceFunctions);
  Waiters = gridWaiters(M);
  initializeCallbacks();

  bool Changed = cloneDeviceFunctions(DeviceFunctions);
  StructType *CtxTy = launchContextType();
  for (Function *K : Kernels)
    Changed |= instrumentKernel(*K, CtxTy);
  for (Function *F : Copies)
    redirectCalls(*F);
  switchContexts();
  // Copies (and, through their call sites, their callers) run checks.
  for (Function *F : Copies)
    dropAttributesInvalidatedByChecks(*F);
  for (auto &[Decl, Clone] : ExternalCloneOf)
    if (Clone)
      dropAttributesInvalidatedByChecks(*Clone);

  if (Changed)
    createModuleGlobals();
  Changed |= createGapTable();
  eraseUnusedCallbacks();
  Stats.Sites = Sites.size();
  if (ClStats)
    Stats.print(errs(), M.getSourceFileName());
  return Changed;
}

PreservedAnalyses csan::CsanDevicePass::run(Module &M, ModuleAnalysisManager &) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  if (!DeviceInstrumenter(M).run())
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}
