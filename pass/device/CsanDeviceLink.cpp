//===- CsanDeviceLink.cpp - csan-device-link: link and inline the runtime -===//
//
// After csan-device, an instrumented device module calls the device runtime's
// entry points (__csan_dev_*), which live in csan_rt_device.bc. This pass
//
//  1. loads the bitcode (-csan-rt-bitcode, default: beside csan.so) and
//     links what the module needs of it (LinkOnlyNeeded), without the
//     runtime's debug info and module flags (the runtime is compiled once for
//     every user's flags: -g or not, ftz or not);
//  2. gives the linked runtime functions the module's target-cpu and
//     target-features (the bitcode is built for the oldest supported GPU;
//     the inliner needs matching attributes) and internal linkage, except the
//     ABI globals, which stay weak (DESIGN.md, decision 5);
//  3. inlines the always_inline entry points (slow paths stay calls) and,
//     above -O0, cleans up the functions that received them with a short,
//     cheap function pipeline; runtime code left unused is erased;
//  4. under -csan-runtime-object, gives the out-of-line runtime functions
//     left external names (csan_abi.h, CSAN_OOL_PREFIX): csan-ptxas then
//     assembles them once per module from the runtime object instead of
//     once per kernel.
//
// csan-device-runtime-export makes that runtime object's source: run on the
// runtime bitcode alone, it keeps only the out-of-line functions, under the
// same external names (the build turns the result into CSAN_RT_OBJECT_PTX_NAME).
//
// A module without checks is left alone and needs no runtime. A runtime that
// is missing, unreadable, or lacks an entry point the module calls is a clear
// error through the LLVMContext, never a crash.
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"
#include "CsanPasses.h"

#include "csan_abi.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

#define DEBUG_TYPE "csan-device-link"

static cl::opt<std::string>
    ClRtBitcode("csan-rt-bitcode",
                cl::desc("Device runtime bitcode to link into instrumented device modules "
                         "(default: " CSAN_RT_BITCODE_NAME " beside csan.so)"),
                cl::Hidden, cl::init(""));

static cl::opt<bool> ClRuntimeObject(
    "csan-runtime-object",
    cl::desc("Give the runtime's out-of-line functions external names (" CSAN_OOL_PREFIX
             "...) so that csan-ptxas assembles them once per module, from the runtime "
             "object, instead of into every kernel"),
    cl::Hidden, cl::init(false));

static bool isRuntimeEntryName(StringRef Name) { return Name.starts_with(CSAN_DEV_PREFIX); }

static bool isABIGlobalName(StringRef Name) {
  return Name == CSAN_MODULE_ANCHOR_NAME || Name == CSAN_DEV_MISS_FN_NAME ||
         Name == CSAN_MODULE_GAPS_NAME;
}

/// The functions that call the runtime: where inlining and cleanup happen.
static SetVector<Function *> functionsCallingRuntime(Module &M) {
  SetVector<Function *> Callers;
  for (Function &Entry : M) {
    if (!Entry.isDeclaration() || !isRuntimeEntryName(Entry.getName()))
      continue;
    for (User *U : Entry.users())
      if (auto *CB = dyn_cast<CallBase>(U))
        Callers.insert(CB->getFunction());
  }
  return Callers;
}

/// Makes the runtime fit any user module: no debug info (an inlined check
/// takes the location of its call, which is the access), no module flags
/// (they differ with the user's flags and would conflict), the module's
/// triple and data layout.
static void prepareRuntime(Module &RT, const Module &M) {
  StripDebugInfo(RT);
  if (NamedMDNode *Flags = RT.getModuleFlagsMetadata())
    RT.eraseNamedMetadata(Flags);
  RT.setTargetTriple(M.getTargetTriple());
  RT.setDataLayout(M.getDataLayout());
}

/// "target-cpu" and "target-features" of the user's code.
static void copyTargetAttributes(Function &To, const Function *From) {
  for (StringRef Kind : {"target-cpu", "target-features"}) {
    if (From && From->hasFnAttribute(Kind))
      To.addFnAttr(From->getFnAttribute(Kind));
    else
      To.removeFnAttr(Kind);
  }
}

static FunctionPassManager cleanupPipeline() {
  FunctionPassManager FPM;
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  return FPM;
}

/// Step 1: the runtime bitcode, parsed and prepared, or null with an error
/// emitted.
static std::unique_ptr<Module> loadRuntime(Module &M, std::string &Path) {
  LLVMContext &C = M.getContext();
  Path = ClRtBitcode.empty() ? csan::pluginDirectory() + "/" CSAN_RT_BITCODE_NAME
                             : ClRtBitcode.getValue();
  SMDiagnostic Err;
  std::unique_ptr<Module> RT = parseIRFile(Path, Err, C);
  if (!RT) {
    std::string Where = Err.getLineNo() > 0 ? (Twine(Err.getLineNo()) + ":" +
                                               Twine(Err.getColumnNo() + 1) + ": ")
                                                  .str()
                                            : std::string();
    C.emitError("csan: cannot load device runtime '" + Path + "': " + Where + Err.getMessage());
    return nullptr;
  }
  prepareRuntime(*RT, M);
  return RT;
}

/// True (with an error emitted) when the module still calls an entry point
/// the runtime did not define.
static bool reportMissingEntries(Module &M, StringRef Path) {
  bool Missing = false;
  for (Function &F : M)
    if (F.isDeclaration() && isRuntimeEntryName(F.getName()) && !F.use_empty()) {
      M.getContext().emitError("csan: device runtime '" + Path + "' does not define '" +
                               F.getName() + "'");
      Missing = true;
    }
  return Missing;
}

/// Step 2: the linked runtime's definitions (everything defined now that
/// was not in UserDefinitions) become internal and take the user's target
/// attributes; the ABI globals stay weak. Returns weak handles to them: the
/// inliner erases the entry points it made dead.
static SmallVector<WeakVH, 32>
internalizeRuntime(Module &M, const DenseSet<const GlobalValue *> &UserDefinitions,
                   const Function *UserCode) {
  SmallVector<WeakVH, 32> RuntimeDefinitions;
  for (GlobalValue &GV : M.global_values()) {
    if (GV.isDeclaration() || UserDefinitions.contains(&GV))
      continue;
    if (isABIGlobalName(GV.getName())) {
      GV.setLinkage(GlobalValue::WeakAnyLinkage);
      continue;
    }
    if (auto *F = dyn_cast<Function>(&GV))
      copyTargetAttributes(*F, UserCode);
    GV.setLinkage(GlobalValue::InternalLinkage);
    GV.setVisibility(GlobalValue::DefaultVisibility);
    RuntimeDefinitions.push_back(&GV);
  }
  return RuntimeDefinitions;
}

/// Step 3: inline the always_inline entry points and, above -O0, clean up
/// the functions that received them.
static void inlineAndCleanUp(Module &M, ModuleAnalysisManager &MAM, OptimizationLevel Level,
                             ArrayRef<Function *> Callers) {
  ModulePassManager Inline;
  Inline.addPass(AlwaysInlinerPass(/*InsertLifetime=*/false));
  Inline.run(M, MAM);
  if (Level == OptimizationLevel::O0)
    return;
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  FunctionPassManager Cleanup = cleanupPipeline();
  for (Function *F : Callers) {
    PreservedAnalyses PA = Cleanup.run(*F, FAM);
    FAM.invalidate(*F, PA);
  }
}

/// Erases runtime code that nothing calls any more (inlined entry points),
/// until none is left.
static void eraseDeadRuntime(ArrayRef<WeakVH> RuntimeDefinitions) {
  for (bool Erased = true; Erased;) {
    Erased = false;
    for (const WeakVH &Handle : RuntimeDefinitions) {
      auto *GV = cast_or_null<GlobalValue>(Handle);
      if (!GV || !GV->use_empty())
        continue;
      GV->eraseFromParent();
      Erased = true;
    }
  }
}

/// The runtime functions that stay calls after inlining: the noinline slow
/// paths (CSAN_SH_COLD_FN and csan_dev_*'s __noinline__ in the runtime's
/// sources). Everything else of the runtime is inlined into its callers.
static bool isOutOfLine(const Function &F) {
  return !F.isDeclaration() && F.hasLocalLinkage() && F.hasFnAttribute(Attribute::NoInline);
}

/// CSAN_OOL_PREFIX is "__csan_ool" <CSAN_ABI_VERSION> "_".
static constexpr unsigned oolPrefixVersion(const char *P) {
  unsigned V = 0;
  for (P += sizeof("__csan_ool") - 1; *P >= '0' && *P <= '9'; ++P)
    V = V * 10 + unsigned(*P - '0');
  return V;
}
static_assert(oolPrefixVersion(CSAN_OOL_PREFIX) == CSAN_ABI_VERSION,
              "CSAN_OOL_PREFIX must carry CSAN_ABI_VERSION (csan_abi.h)");

/// Step 4 (and the export pass): the external name the module and the
/// runtime object agree on. The module's copies are weak: where csan-ptxas
/// keeps them (a whole-program fallback, the PTX for JIT) nothing else
/// defines them, and where it cannot split a relocatable object of
/// -fgpu-rdc, another object's copy must not clash at the device link.
static void exportOutOfLine(Function &F, GlobalValue::LinkageTypes Linkage) {
  F.setName(CSAN_OOL_PREFIX + F.getName());
  F.setLinkage(Linkage);
  F.setVisibility(GlobalValue::DefaultVisibility);
  F.setDSOLocal(false); // was internal; now another object may define it
}

PreservedAnalyses csan::CsanDeviceRuntimeExportPass::run(Module &M, ModuleAnalysisManager &MAM) {
  // Out-of-line functions keep their bodies under external names; the ABI
  // globals they use become declarations (the module that links with the
  // object defines them, weak); everything else becomes internal, and what
  // nothing uses goes.
  SmallVector<GlobalValue *, 16> Unused;
  // As after linking: every runtime definition internal, then the
  // out-of-line ones exported.
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    F.setLinkage(GlobalValue::InternalLinkage);
    if (isOutOfLine(F))
      exportOutOfLine(F, GlobalValue::ExternalLinkage);
  }
  for (GlobalVariable &GV : M.globals()) {
    if (GV.isDeclaration())
      continue;
    if (isABIGlobalName(GV.getName())) {
      GV.setInitializer(nullptr);
      GV.setLinkage(GlobalValue::ExternalLinkage);
      GV.setConstant(false);
    } else {
      GV.setLinkage(GlobalValue::InternalLinkage);
    }
  }
  GlobalDCEPass().run(M, MAM);
  for (GlobalVariable &GV : M.globals())
    if (GV.isDeclaration() && GV.use_empty())
      Unused.push_back(&GV);
  for (GlobalValue *GV : Unused)
    GV->eraseFromParent();
  bool Any = any_of(M, [](const Function &F) {
    return !F.isDeclaration() && F.getName().starts_with(CSAN_OOL_PREFIX);
  });
  if (!Any)
    M.getContext().emitError("csan: the device runtime has no out-of-line functions to export");
  return PreservedAnalyses::none();
}

PreservedAnalyses csan::CsanDeviceLinkPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  SetVector<Function *> Callers = functionsCallingRuntime(M);
  if (Callers.empty())
    return PreservedAnalyses::all();

  std::string Path;
  std::unique_ptr<Module> RT = loadRuntime(M, Path);
  if (!RT)
    return PreservedAnalyses::all();
  // Everything defined after linking that was not before is runtime code.
  DenseSet<const GlobalValue *> UserDefinitions;
  for (const GlobalValue &GV : M.global_values())
    if (!GV.isDeclaration())
      UserDefinitions.insert(&GV);
  if (Linker::linkModules(M, std::move(RT), Linker::Flags::LinkOnlyNeeded)) {
    M.getContext().emitError("csan: cannot link device runtime '" + Path + "' into the module");
    return PreservedAnalyses::none();
  }
  if (reportMissingEntries(M, Path))
    return PreservedAnalyses::none();

  SmallVector<WeakVH, 32> RuntimeDefinitions =
      internalizeRuntime(M, UserDefinitions, Callers.front());
  inlineAndCleanUp(M, MAM, Level, Callers.getArrayRef());
  eraseDeadRuntime(RuntimeDefinitions);
  // The checks keep calling the slow path through CSAN_DEV_MISS_FN_NAME:
  // csan-ptxas may still hand the module to whole-program ptxas, where a
  // direct call would make the caller spill around every check.
  if (ClRuntimeObject)
    for (const WeakVH &Handle : RuntimeDefinitions)
      if (auto *F = dyn_cast_or_null<Function>(Handle); F && isOutOfLine(*F))
        exportOutOfLine(*F, GlobalValue::WeakAnyLinkage);
  return PreservedAnalyses::none();
}
