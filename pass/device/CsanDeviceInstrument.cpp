//===- CsanDeviceInstrument.cpp - csan-device: instrument device code ------===//
//
// csan-device instruments an nvptx64 module so that every access of global
// memory by a kernel launched through csan is checked against the shadow
// state of the other streams (DESIGN.md, decisions 5, 6 and 9):
//
//  * Each kernel K becomes two kernels. K keeps its signature and its
//    uninstrumented body; its prologue calls __csan_dev_kernel_entry(null),
//    so device functions it calls know there is no context. K__csan, a copy
//    with one more parameter (the launch context, byval in param space), calls
//    __csan_dev_kernel_entry(&ctx) and checks its accesses with &ctx.
//  * Device functions (other definitions) check their accesses with the
//    context of the running launch, ctx = __csan_dev_ctx(), read once at
//    entry from the per-block slot the kernel prologue wrote.
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
  bool instrumentDeviceFunctions(ArrayRef<Function *> DeviceFunctions);
  bool instrumentKernel(Function &K, StructType *CtxTy, bool &NeedSlot);
  void initializeCallbacks();
  StructType *launchContextType();
  Function *createTwin(Function &K);
  void insertKernelPrologue(Function &F, Value *Ctx);
  bool instrumentFunction(Function &F, Argument *CtxArg, StringRef OrigName, bool IsKernel);
  void emitCheck(const Access &A, Function &F, StringRef OrigName, Value *Ctx,
                 Value *AnchorInt);
  Value *siteArgument(IRBuilder<> &IRB, const Access &A, Function &F, StringRef OrigName,
                      uint64_t SiteSize, Value *AnchorInt);
  void dropAttributesInvalidatedByChecks(Function &F);
  bool mayReadContextSlot(Function &F);
  void createModuleGlobals(bool NeedSlot);
  bool createGapTable();
  void eraseUnusedCallbacks();
  DebugLoc checkLocation(const Instruction *I, const Function &F) const;

  Module &M;
  const DataLayout &DL;
  SiteTable Sites;
  DeviceStats Stats;
  Type *Int32Ty, *Int64Ty;
  PointerType *PtrTy;
  std::optional<Regex> Filter;
  int ChecksLeft = -1; // for -csan-bisect-limit; -1 = unlimited
  // Device functions that read the context slot (those with checks), and
  // the memo of mayReadContextSlot.
  SmallPtrSet<const Function *, 16> SlotReaders;
  DenseMap<const Function *, bool> ReachesSlot;

  // Runtime entry points, declared once in initializeCallbacks().
  FunctionCallee KernelEntry, GetCtx;
  FunctionCallee SizedCheck[NumAccessKinds][NumSizedEntries];
  FunctionCallee RangeCheck[2]; // read, write
};

} // namespace

void DeviceInstrumenter::initializeCallbacks() {
  LLVMContext &C = M.getContext();
  AttributeList Attrs = AttributeList().addFnAttribute(C, Attribute::NoUnwind);
  Type *VoidTy = Type::getVoidTy(C);
  std::string Prefix = CSAN_DEV_PREFIX;
  KernelEntry = M.getOrInsertFunction(Prefix + "kernel_entry", Attrs, VoidTy, PtrTy);
  GetCtx = M.getOrInsertFunction(Prefix + "ctx", Attrs, PtrTy);
  for (unsigned K = 0; K < NumAccessKinds; ++K)
    for (unsigned S = 0; S < NumSizedEntries; ++S)
      SizedCheck[K][S] =
          M.getOrInsertFunction(Prefix + KindEntryNames[K] + utostr(1u << S), Attrs, VoidTy,
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

void DeviceInstrumenter::insertKernelPrologue(Function &F, Value *Ctx) {
  IRBuilder<> IRB(&*F.getEntryBlock().getFirstInsertionPt());
  IRB.SetCurrentDebugLocation(artificialLocation(F));
  IRB.CreateCall(KernelEntry, {Ctx});
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

void DeviceInstrumenter::emitCheck(const Access &A, Function &F, StringRef OrigName,
                                   Value *Ctx, Value *AnchorInt) {
  Instruction *Pt = A.InsertPt ? A.InsertPt : A.I;
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
  if (A.hasFixedSize() && A.Size <= 16 && isPowerOf2_64(A.Size)) {
    unsigned Log2 = Log2_64(A.Size);
    Value *Site = siteArgument(IRB, A, F, OrigName, A.Size, AnchorInt);
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

/// Checks the accesses of F with CtxArg (twins) or the context of the
/// running launch (device functions). Returns true if F got checks.
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
  if (!IsKernel && NumChecks)
    ++Stats.FunctionsInstrumented;
  if (IsKernel || NumChecks)
    Stats.ChecksPerFunction.emplace_back(F.getName().str(), NumChecks);
  LLVM_DEBUG(dbgs() << "csan-device: " << F.getName() << ": " << NumChecks << " checks of "
                    << Checks.size() << " candidates\n");
  if (!NumChecks)
    return false;

  // Values every check of F uses, at entry: the context and the anchor.
  IRBuilder<> IRB(&*F.getEntryBlock().getFirstInsertionPt());
  IRB.SetCurrentDebugLocation(artificialLocation(F));
  Value *Ctx = CtxArg;
  if (!Ctx)
    Ctx = IRB.CreateCall(GetCtx, {}, "csan.ctx");
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

void DeviceInstrumenter::createModuleGlobals(bool NeedSlot) {
  Sites.anchor();
  M.getOrInsertNamedMetadata(InstrumentedMDName);
  if (NeedSlot && !M.getNamedGlobal(CSAN_CTX_SLOT_NAME)) {
    // Shared memory has no initializer; weak so that nvlink keeps one per
    // kernel across -fgpu-rdc objects (DESIGN.md, decision 5).
    auto *Slot = new GlobalVariable(M, PtrTy, /*isConstant=*/false, GlobalValue::WeakAnyLinkage,
                                    UndefValue::get(PtrTy), CSAN_CTX_SLOT_NAME, nullptr,
                                    GlobalValue::NotThreadLocal, ASShared);
    Slot->setAlignment(Align(8));
  }
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
  EraseIfUnused(KernelEntry);
  EraseIfUnused(GetCtx);
  for (auto &Row : SizedCheck)
    for (FunctionCallee &FC : Row)
      EraseIfUnused(FC);
  for (FunctionCallee &FC : RangeCheck)
    EraseIfUnused(FC);
}

static bool isKernel(const Function &F) { return F.getCallingConv() == CallingConv::PTX_Kernel; }

/// Whether a call made by F can reach code that reads the context slot: an
/// instrumented device function of this module, or code this module cannot
/// see (an external function, e.g. another -fgpu-rdc translation unit, or an
/// indirect call). Only kernels that can get there need a prologue that
/// writes the slot; the others get no slot at all, so csan adds no static
/// shared memory to them (a program that uses every byte of shared memory a
/// block may have must keep working).
bool DeviceInstrumenter::mayReadContextSlot(Function &F) {
  if (auto It = ReachesSlot.find(&F); It != ReachesSlot.end())
    return It->second;
  ReachesSlot[&F] = false; // recursion: assume no until shown otherwise
  bool Reaches = false;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || CB->isInlineAsm() || isa<IntrinsicInst>(CB))
      continue;
    Function *Callee = CB->getCalledFunction();
    if (!Callee) {
      Reaches = true; // indirect call: anything
    } else if (Callee->getName().starts_with(CSAN_DEV_PREFIX) ||
               Callee->getName().starts_with("__nv_")) {
      continue; // csan's own entry points; libdevice reads no slot
    } else if (Callee->isDeclaration()) {
      Reaches = !Callee->isIntrinsic();
    } else {
      Reaches = SlotReaders.contains(Callee) || mayReadContextSlot(*Callee);
    }
    if (Reaches)
      break;
  }
  ReachesSlot[&F] = Reaches;
  return Reaches;
}

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

/// Instruments device functions. They go first: which of them read the
/// context slot decides which kernels need a prologue.
bool DeviceInstrumenter::instrumentDeviceFunctions(ArrayRef<Function *> DeviceFunctions) {
  bool Changed = false;
  for (Function *F : DeviceFunctions) {
    if (F->hasFnAttribute(Attribute::DisableSanitizerInstrumentation)) {
      ++Stats.OptedOut;
      continue;
    }
    if (instrumentFunction(*F, /*CtxArg=*/nullptr, F->getName(), /*IsKernel=*/false)) {
      dropAttributesInvalidatedByChecks(*F);
      SlotReaders.insert(F);
      Changed = true;
    }
  }
  return Changed;
}

/// Gives kernel K its twin and the prologues the slot needs. Sets
/// NeedSlot when K (or its twin) writes the context slot.
bool DeviceInstrumenter::instrumentKernel(Function &K, StructType *CtxTy, bool &NeedSlot) {
  // Whatever K calls may read the slot: K must say "no context" (null),
  // also when K itself is not instrumented, or the callee would read
  // what an earlier block left in shared memory.
  bool Prologue = mayReadContextSlot(K);
  NeedSlot |= Prologue;
  if (K.hasFnAttribute(Attribute::DisableSanitizerInstrumentation)) {
    ++Stats.OptedOut;
    if (!Prologue)
      return false;
    insertKernelPrologue(K, ConstantPointerNull::get(PtrTy));
    return true;
  }
  std::string TwinName = (K.getName() + CSAN_KERNEL_SUFFIX).str();
  if (M.getNamedValue(TwinName)) {
    M.getContext().emitError("csan: cannot create the instrumented twin of kernel '" +
                             K.getName() + "': the name '" + TwinName +
                             "' is already defined");
    return false;
  }
  uint64_t ParamBytes = 0, ParamLimit = 0;
  if (!twinParamsFit(K, CtxTy, ParamBytes, ParamLimit)) {
    // No twin, never a build error: K runs unchecked, and the runtime names
    // its launches in the exit summary (it finds no twin).
    ++Stats.ParamsTooLarge;
    LLVM_DEBUG(dbgs() << "csan-device: no twin for " << K.getName() << ": " << ParamBytes
                      << " parameter bytes with the context, over " << ParamLimit << "\n");
    if (!Prologue)
      return false;
    insertKernelPrologue(K, ConstantPointerNull::get(PtrTy));
    return true;
  }
  Function *Twin = createKernelTwin(K, CtxTy);
  ++Stats.Twins;
  boundTwinBlockSize(*Twin);
  Argument *Ctx = Twin->getArg(Twin->arg_size() - 1);
  instrumentFunction(*Twin, Ctx, K.getName(), /*IsKernel=*/true);
  if (Prologue) {
    insertKernelPrologue(*Twin, Ctx); // first in the entry block
    insertKernelPrologue(K, ConstantPointerNull::get(PtrTy));
    dropAttributesInvalidatedByChecks(K);
  }
  dropAttributesInvalidatedByChecks(*Twin);
  return true;
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
  initializeCallbacks();

  bool Changed = instrumentDeviceFunctions(DeviceFunctions);
  bool NeedSlot = !SlotReaders.empty();
  StructType *CtxTy = launchContextType();
  for (Function *K : Kernels)
    Changed |= instrumentKernel(*K, CtxTy, NeedSlot);

  if (Changed)
    createModuleGlobals(NeedSlot);
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
