//===- CsanHostRedirect.cpp - CUDA runtime calls -> csan's wrappers --------===//
//
// For each function F of rt_host/cuda/csan_api.def, or library function of
// rt_host/cuda/csan_lib.def with a model (CSAN_LIB_API), that the module
// declares:
//
//   call/invoke F(args)      -> call/invoke __csan_F(args, ptr @site)
//   any other use of F       -> use of __csan_nosite_F, a thunk with F's type
//                               that calls __csan_F(args, ptr null)
//
// A redirected call keeps everything of the original but the callee: its own
// function type (so a call through a different prototype passes exactly the
// arguments it passed before), calling convention, call-site attributes (byval
// and friends stay on their arguments; x86-64 coercions such as dim3 -> i64,
// i32 are untouched), operand bundles, metadata, tail-call kind and name.
//
// Library functions with a model are also registered: a constructor hands
// the runtime a table of {name, address} of each one the module called
// (__csan_lib_register), so the wrapper calls exactly the function the
// program linked (statically or not) and the reference keeps the library
// linked under --as-needed.
//
// Library functions without a model (csan_lib.def's prefixes: cublas*,
// cufft*, cusparse*, curand*, nccl*, the driver's cu[A-Z]*, less the quiet
// ones) keep their calls; each direct call is preceded by
//   call void @__csan_lib_unchecked(ptr @"<name>", ptr @site)
// which counts it for the exit summary.
//
// The site is a private constant csan_host_site {file, function, line,
// column} (csan_abi.h). With debug info it describes the call's own
// DILocation (for inlined code the innermost location: the file, line and
// subprogram the call was written in); without, the module's source file and
// the calling function, line and column 0. Strings and sites are shared
// within the module.
//===----------------------------------------------------------------------===//

#include "CsanHost.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <map>
#include <string>
#include <tuple>

using namespace llvm;
using namespace csan::host;

#define DEBUG_TYPE "csan-host"

STATISTIC(NumLaunchCalls, "Redirected calls: kernel launches");
STATISTIC(NumStreamCalls, "Redirected calls: stream functions");
STATISTIC(NumEventCalls, "Redirected calls: event functions");
STATISTIC(NumDeviceCalls, "Redirected calls: device-wide functions");
STATISTIC(NumAllocCalls, "Redirected calls: allocation functions");
STATISTIC(NumCopyCalls, "Redirected calls: copies");
STATISTIC(NumSetCalls, "Redirected calls: memsets");
STATISTIC(NumRegCalls, "Redirected calls: variable registration");
STATISTIC(NumGraphCalls, "Redirected calls: graph functions");
STATISTIC(NumLibCalls, "Redirected calls: library functions with a model");
STATISTIC(NumLibUnchecked, "Library calls without a model, counted as unchecked");
STATISTIC(NumLibRegistered, "Library functions registered with the runtime");
STATISTIC(NumUsesThunked, "Non-call uses redirected to a __csan_nosite_ thunk");
STATISTIC(NumThunks, "Thunks emitted");
STATISTIC(NumSites, "Host call sites emitted");
STATISTIC(NumSkippedDefined, "APIs skipped: the module defines them");
STATISTIC(NumSkippedVararg, "Non-call uses skipped: variadic declaration, no thunk possible");
STATISTIC(NumSkippedNameClash, "APIs skipped: a wrapper or thunk name is taken");

static const char *const WrapperPrefix = "__csan_";
static const char *const ThunkPrefix = "__csan_nosite_";
static const char *const LibRegisterName = "__csan_lib_register";
static const char *const LibUncheckedName = "__csan_lib_unchecked";
static const char *const LibTableName = "__csan_lib_fns";
static const char *const LibCtorName = "csan.register_lib_fns";

namespace csan {
namespace host {
/// CsanHostResultUse.cpp: tells the runtime when a launch's result is used.
void noteResultUse(llvm::CallBase &Call, bool IsLaunch);
} // namespace host
} // namespace csan

namespace {

struct ApiEntry {
  const char *Name;
  ApiGroup Group;
};

const ApiEntry Apis[] = {
#define CSAN_API(name, group) {#name, Group_##group},
#include "csan_api.def"
#define CSAN_LIB_API(name, library) {#name, Group_lib},
#include "csan_lib.def"
};

/// Library functions that touch no device memory and order nothing.
const char *const LibQuiet[] = {
#define CSAN_LIB_API(name, library)
#define CSAN_LIB_QUIET(name, library) #name,
#include "csan_lib.def"
};

struct LibPrefix {
  const char *Prefix;
  bool Quiet; ///< CSAN_LIB_QUIET_PREFIX: left alone
  bool Upper; ///< the prefix must be followed by an upper-case letter
};

const LibPrefix LibPrefixes[] = {
#define CSAN_LIB_API(name, library)
#define CSAN_LIB_QUIET_PREFIX(prefix, library) {#prefix, true, false},
#define CSAN_LIB_PREFIX(prefix, library, upper) {#prefix, false, (upper) != 0},
#include "csan_lib.def"
};

/// A library function without a model, by csan_lib.def's prefixes: true
/// when its calls are to be counted as unchecked. Exact names (models,
/// quiet functions) are the caller's to exclude; the longest prefix wins.
bool isUncheckedLibrary(StringRef Name) {
  const LibPrefix *Best = nullptr;
  for (const LibPrefix &P : LibPrefixes) {
    StringRef Pre(P.Prefix);
    if (!Name.starts_with(Pre) || (Best && Pre.size() <= StringRef(Best->Prefix).size()))
      continue;
    if (P.Upper && (Name.size() == Pre.size() || !llvm::isUpper(Name[Pre.size()])))
      continue;
    Best = &P;
  }
  return Best && !Best->Quiet;
}

void countCall(ApiGroup G, HostCounts &Counts) {
  ++Counts.CallsRedirected[G];
  switch (G) {
  case Group_launch: ++NumLaunchCalls; break;
  case Group_stream: ++NumStreamCalls; break;
  case Group_event: ++NumEventCalls; break;
  case Group_device: ++NumDeviceCalls; break;
  case Group_alloc: ++NumAllocCalls; break;
  case Group_copy: ++NumCopyCalls; break;
  case Group_set: ++NumSetCalls; break;
  case Group_reg: ++NumRegCalls; break;
  case Group_graph: ++NumGraphCalls; break;
  case Group_lib: ++NumLibCalls; break;
  case NumApiGroups: break;
  }
}

void warn(Module &M, const Twine &Msg) {
  M.getContext().diagnose(DiagnosticInfoGeneric(Msg, DS_Warning));
}

/// Emits the csan_host_site constants of one module, each distinct site and
/// string once.
class SiteTable {
public:
  explicit SiteTable(Module &M)
      : M(M), PtrTy(PointerType::getUnqual(M.getContext())),
        SiteTy(StructType::get(PtrTy, PtrTy, Type::getInt32Ty(M.getContext()),
                               Type::getInt32Ty(M.getContext()))) {}

  /// A frame users did not write: a `<<<>>>` launch stub that clang
  /// generates, a template of CUDA's own headers (cudaMalloc<T>, ...), or
  /// an inline C++ overload of cuBLAS's header (cublasGemmEx with a
  /// cudaDataType compute type) that calls the library function.
  static bool isCudaGlue(const DILocation *Loc) {
    if (const DISubprogram *SP = Loc->getScope()->getSubprogram())
      if (SP->getName().contains("__device_stub__") ||
          SP->getLinkageName().contains("__device_stub__"))
        return true;
    StringRef File = Loc->getFilename();
    return File.ends_with("/cuda_runtime.h") || File.ends_with("/cuda_runtime_api.h") ||
           File.ends_with("__clang_cuda_runtime_wrapper.h") || File.ends_with("/cublas_api.h");
  }

  /// The site of a call of a csan_api.def function: the innermost location
  /// the user wrote. When the call was inlined out of CUDA glue (the launch
  /// stub of a `<<<>>>`, a template in cuda_runtime.h), its inlinedAt chain
  /// leads to the user's line, which is what a report should name.
  /// A private NUL-terminated copy of S, shared within the module.
  Constant *name(StringRef S) { return string(S); }

  Constant *siteOf(const CallBase &CB) {
    if (const DILocation *Loc = CB.getDebugLoc().get()) {
      while (isCudaGlue(Loc) && Loc->getInlinedAt())
        Loc = Loc->getInlinedAt();
      StringRef Func;
      if (const DISubprogram *SP = Loc->getScope()->getSubprogram())
        Func = SP->getLinkageName().empty() ? SP->getName() : SP->getLinkageName();
      if (Func.empty())
        Func = CB.getFunction()->getName();
      return site(Loc->getFilename(), Func, Loc->getLine(), Loc->getColumn());
    }
    return site(M.getSourceFileName(), CB.getFunction()->getName(), 0, 0);
  }

private:
  Constant *site(StringRef File, StringRef Func, unsigned Line, unsigned Col) {
    auto Key = std::make_tuple(File.str(), Func.str(), Line, Col);
    auto It = Sites.find(Key);
    if (It != Sites.end())
      return It->second;
    LLVMContext &Ctx = M.getContext();
    Constant *Init = ConstantStruct::get(
        SiteTy, {string(File), string(Func), ConstantInt::get(Type::getInt32Ty(Ctx), Line),
                 ConstantInt::get(Type::getInt32Ty(Ctx), Col)});
    auto *GV = new GlobalVariable(M, SiteTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                  Init, "__csan_host_site");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(8));
    ++NumSites;
    Sites.emplace(std::move(Key), GV);
    return GV;
  }

  /// A NUL-terminated copy of S, or null for an empty string (csan_abi.h:
  /// "or 0").
  Constant *string(StringRef S) {
    if (S.empty())
      return ConstantPointerNull::get(PtrTy);
    auto [It, Inserted] = Strings.try_emplace(S, nullptr);
    if (Inserted) {
      Constant *Init = ConstantDataArray::getString(M.getContext(), S, /*AddNull=*/true);
      auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                    GlobalValue::PrivateLinkage, Init, "__csan_host_str");
      GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      GV->setAlignment(Align(1));
      It->second = GV;
    }
    return It->second;
  }

  Module &M;
  PointerType *PtrTy;
  StructType *SiteTy;
  StringMap<Constant *> Strings;
  std::map<std::tuple<std::string, std::string, unsigned, unsigned>, Constant *> Sites;
};

/// Redirects the uses of the csan_api.def functions of one module.
class ApiRedirector {
public:
  ApiRedirector(Module &M, HostCounts &Counts) : M(M), Counts(Counts), Sites(M) {}

  bool redirect(Function &F, ApiGroup G);
  /// Precedes each direct call of F with a call of __csan_lib_unchecked.
  bool countUnchecked(Function &F);
  /// Registers the library functions redirected so far (one table and
  /// constructor per run).
  bool registerLibFunctions();

private:
  Function *getWrapper(Function &F);
  Function *getThunk(Function &F, Function *Wrapper);
  CallBase *redirectCall(CallBase &CB, Function *Wrapper);

  Module &M;
  HostCounts &Counts;
  SiteTable Sites;
  SmallVector<Function *, 16> LibRedirected;
};

/// A use of F by the table of a registration constructor (an earlier run's):
/// that use is the real function's address, never redirected.
bool isRegistryUse(const Use &U) {
  const User *Usr = U.getUser();
  for (int Depth = 0; Depth < 3 && Usr; ++Depth) {
    if (auto *GV = dyn_cast<GlobalVariable>(Usr))
      return GV->getName().starts_with(LibTableName);
    if (!isa<Constant>(Usr) || Usr->use_empty())
      return false;
    Usr = *Usr->user_begin();
  }
  return false;
}

} // namespace

/// Which uses of an API function become calls of its wrapper with a site:
///  - a direct `call` or `invoke` of F (F is the callee operand), whatever
///    function type the call uses;
///  - but not a `musttail` call: musttail needs the caller's and the callee's
///    prototypes to match, which one more argument would break (the thunk
///    keeps F's prototype).
/// Every other use (F passed as an argument, stored, compared, inside a
/// constant expression or initializer, a callbr) goes to the thunk.
static CallBase *redirectableCall(const Use &U) {
  auto *CB = dyn_cast<CallBase>(U.getUser());
  if (!CB || !CB->isCallee(&U))
    return nullptr;
  if (!isa<CallInst>(CB) && !isa<InvokeInst>(CB))
    return nullptr;
  if (auto *CI = dyn_cast<CallInst>(CB); CI && CI->isMustTailCall())
    return nullptr;
  return CB;
}

/// Ret(Params..., ptr): the prototype of a wrapper, or of a call of one,
/// with the trailing csan_host_site pointer.
static FunctionType *typeWithSite(Type *Ret, ArrayRef<Type *> Params) {
  SmallVector<Type *, 16> P(Params);
  P.push_back(PointerType::getUnqual(Ret->getContext()));
  return FunctionType::get(Ret, P, false);
}

/// FnAttrs, A's return attributes and the attributes of A's first NumArgs
/// parameters (byval, noundef, ...: they describe the same arguments), then
/// none for the trailing site pointer.
static AttributeList attrsWithSite(LLVMContext &Ctx, AttributeSet FnAttrs, AttributeList A,
                                   unsigned NumArgs) {
  SmallVector<AttributeSet, 16> ParamAttrs;
  for (unsigned I = 0; I != NumArgs; ++I)
    ParamAttrs.push_back(A.getParamAttrs(I));
  ParamAttrs.push_back(AttributeSet());
  return AttributeList::get(Ctx, FnAttrs, A.getRetAttrs(), ParamAttrs);
}

/// `__csan_<name>`: F's prototype plus the site pointer. An existing
/// declaration of that name (an earlier csan run, or the user's) is reused
/// whatever its type, since every call states its own type.
Function *ApiRedirector::getWrapper(Function &F) {
  std::string Name = (WrapperPrefix + F.getName()).str();
  if (Function *W = M.getFunction(Name))
    return W;
  if (GlobalValue *Other = M.getNamedValue(Name)) {
    warn(M, "csan: '" + Name + "' names a " +
                (isa<GlobalVariable>(Other) ? "variable" : "non-function global") +
                " in this module; calls of '" + F.getName() + "' are not redirected");
    return nullptr;
  }
  FunctionType *FTy = F.getFunctionType();
  Function *W = Function::Create(typeWithSite(FTy->getReturnType(), FTy->params()),
                                 GlobalValue::ExternalLinkage, Name, M);
  W->setCallingConv(F.getCallingConv());
  AttributeList FA = F.getAttributes();
  W->setAttributes(attrsWithSite(M.getContext(), FA.getFnAttrs(), FA, FTy->getNumParams()));
  return W;
}

/// `__csan_nosite_<name>`: a definition with F's exact type and attributes
/// that forwards to the wrapper with a null site. linkonce_odr and hidden, so
/// each DSO has one copy and `&cudaFree` compares equal across its
/// translation units, as it did before.
Function *ApiRedirector::getThunk(Function &F, Function *Wrapper) {
  FunctionType *FTy = F.getFunctionType();
  std::string Name = (ThunkPrefix + F.getName()).str();
  Function *T = M.getFunction(Name);
  if (T && T->getFunctionType() == FTy && !T->isDeclaration())
    return T;
  if (T ? T->getFunctionType() != FTy : M.getNamedValue(Name) != nullptr) {
    warn(M, "csan: '" + Name + "' already names something else in this module; "
                "uses of '" + F.getName() + "' that are not calls are not redirected");
    return nullptr;
  }
  if (!T)
    T = Function::Create(FTy, GlobalValue::LinkOnceODRLinkage, Name, M);
  T->setLinkage(GlobalValue::LinkOnceODRLinkage);
  T->setVisibility(GlobalValue::HiddenVisibility);
  if (Triple(M.getTargetTriple()).supportsCOMDAT())
    T->setComdat(M.getOrInsertComdat(Name));
  T->setCallingConv(F.getCallingConv());
  T->setAttributes(F.getAttributes());

  LLVMContext &Ctx = M.getContext();
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", T));
  SmallVector<Value *, 16> Args;
  bool HasStackArg = false;
  for (Argument &A : T->args()) {
    Args.push_back(&A);
    HasStackArg |= A.hasByValAttr() || A.hasInAllocaAttr() || A.hasPreallocatedAttr();
  }
  Args.push_back(ConstantPointerNull::get(PointerType::getUnqual(Ctx)));
  CallInst *Call = B.CreateCall(typeWithSite(FTy->getReturnType(), FTy->params()), Wrapper, Args);
  Call->setCallingConv(F.getCallingConv());
  Call->setAttributes(
      attrsWithSite(Ctx, AttributeSet(), F.getAttributes(), FTy->getNumParams()));
  // A tail call may not read the caller's stack: not with byval arguments.
  if (!HasStackArg)
    Call->setTailCall();
  if (FTy->getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
  ++NumThunks;
  return T;
}

CallBase *ApiRedirector::redirectCall(CallBase &CB, Function *Wrapper) {
  LLVMContext &Ctx = M.getContext();
  // The call's own function type, not F's: a call through another prototype
  // passes the same registers and stack slots as before, plus the site. A
  // variadic call type (an unprototyped C declaration) becomes the fixed
  // list of the arguments it actually passes.
  SmallVector<Value *, 16> Args(CB.args());
  SmallVector<Type *, 16> Params;
  for (Value *A : Args)
    Params.push_back(A->getType());
  FunctionType *FTy = typeWithSite(CB.getType(), Params);
  Args.push_back(Sites.siteOf(CB));

  SmallVector<OperandBundleDef, 1> Bundles;
  CB.getOperandBundlesAsDefs(Bundles);
  CallBase *New;
  if (auto *II = dyn_cast<InvokeInst>(&CB)) {
    New = InvokeInst::Create(FTy, Wrapper, II->getNormalDest(), II->getUnwindDest(), Args,
                             Bundles, "", CB.getIterator());
  } else {
    auto *CI = CallInst::Create(FTy, Wrapper, Args, Bundles, "", CB.getIterator());
    CI->setTailCallKind(cast<CallInst>(CB).getTailCallKind());
    New = CI;
  }
  New->setCallingConv(CB.getCallingConv());
  AttributeList CA = CB.getAttributes();
  New->setAttributes(attrsWithSite(Ctx, CA.getFnAttrs(), CA, CB.arg_size()));
  New->copyMetadata(CB);
  New->takeName(&CB);
  CB.replaceAllUsesWith(New);
  CB.eraseFromParent();
  return New;
}

bool ApiRedirector::redirect(Function &F, ApiGroup G) {
  if (F.use_empty())
    return false;
  if (!F.isDeclaration()) {
    // A definition in this module is not the CUDA runtime's (a mock, an
    // interposer): its callers must keep reaching it.
    ++NumSkippedDefined;
    return false;
  }
  Function *Wrapper = getWrapper(F);
  if (!Wrapper) {
    ++NumSkippedNameClash;
    Counts.UsesSkipped += F.getNumUses();
    return false;
  }
  bool Changed = false;
  SmallVector<CallBase *, 16> Calls;
  for (Use &U : F.uses())
    if (CallBase *CB = redirectableCall(U))
      Calls.push_back(CB);
  for (CallBase *CB : Calls) {
    noteResultUse(*redirectCall(*CB, Wrapper), G == Group_launch); // CsanHostResultUse.cpp
    countCall(G, Counts);
    Changed = true;
  }

  // Whatever is left is not a direct call (a redirected call may itself have
  // passed F as an argument; that use is among these now), or it is the
  // registration table of an earlier run.
  unsigned Left = 0;
  for (const Use &U : F.uses())
    Left += !isRegistryUse(U);
  if (Left != 0) {
    Function *Thunk = nullptr;
    if (F.isVarArg()) {
      // A thunk cannot forward variadic arguments it does not know.
      warn(M, "csan: '" + F.getName() +
                  "' is declared variadic (no prototype); " + Twine(Left) +
                  " use(s) that are not direct calls are not redirected");
      ++NumSkippedVararg;
    } else {
      Thunk = getThunk(F, Wrapper);
      if (!Thunk)
        ++NumSkippedNameClash;
    }
    if (Thunk) {
      F.replaceUsesWithIf(Thunk, [](Use &U) { return !isRegistryUse(U); });
      Counts.UsesThunked += Left;
      NumUsesThunked += Left;
      Changed = true;
    } else {
      Counts.UsesSkipped += Left;
    }
  }
  if (G == Group_lib) {
    // The wrapper calls the real function: keep it, and register it.
    if (Changed)
      LibRedirected.push_back(&F);
  } else if (F.use_empty() && Changed) {
    F.eraseFromParent();
  }
  return Changed;
}

bool ApiRedirector::countUnchecked(Function &F) {
  SmallVector<CallBase *, 16> Calls;
  for (Use &U : F.uses()) {
    CallBase *CB = redirectableCall(U);
    if (!CB)
      continue;
    // Counted by an earlier run already.
    if (auto *Prev = dyn_cast_or_null<CallInst>(CB->getPrevNode()))
      if (Function *PF = Prev->getCalledFunction(); PF && PF->getName() == LibUncheckedName)
        continue;
    Calls.push_back(CB);
  }
  if (Calls.empty())
    return false;
  LLVMContext &Ctx = M.getContext();
  Type *PtrTy = PointerType::getUnqual(Ctx);
  FunctionCallee Hook = M.getOrInsertFunction(LibUncheckedName, Type::getVoidTy(Ctx), PtrTy, PtrTy);
  Constant *Name = Sites.name(F.getName());
  for (CallBase *CB : Calls) {
    IRBuilder<> B(CB);
    CallInst *Call = B.CreateCall(Hook, {Name, Sites.siteOf(*CB)});
    Call->setDebugLoc(CB->getDebugLoc());
    ++Counts.LibCallsUnchecked;
    ++NumLibUnchecked;
  }
  return true;
}

bool ApiRedirector::registerLibFunctions() {
  if (LibRedirected.empty())
    return false;
  LLVMContext &Ctx = M.getContext();
  Type *PtrTy = PointerType::getUnqual(Ctx);
  StructType *EntryTy = StructType::get(PtrTy, PtrTy);
  SmallVector<Constant *, 16> Entries;
  for (Function *F : LibRedirected) {
    Entries.push_back(ConstantStruct::get(EntryTy, {Sites.name(F->getName()), F}));
    ++Counts.LibFunctionsRegistered;
    ++NumLibRegistered;
  }
  ArrayType *TableTy = ArrayType::get(EntryTy, Entries.size());
  auto *Table = new GlobalVariable(M, TableTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                   ConstantArray::get(TableTy, Entries), LibTableName);
  Table->setAlignment(Align(8));
  FunctionCallee Register = M.getOrInsertFunction(LibRegisterName, Type::getVoidTy(Ctx), PtrTy,
                                                  Type::getInt32Ty(Ctx));
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::InternalLinkage, LibCtorName, M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  B.CreateCall(Register, {Table, B.getInt32(Entries.size())});
  B.CreateRetVoid();
  // Before the program's own constructors (which may already call a library).
  appendToGlobalCtors(M, Ctor, /*Priority=*/101);
  LibRedirected.clear();
  return true;
}

bool csan::host::redirectApiCalls(Module &M, HostCounts &Counts) {
  ApiRedirector R(M, Counts);
  bool Changed = false;
  StringSet<> Known;
  for (const ApiEntry &A : Apis) {
    Known.insert(A.Name);
    if (Function *F = M.getFunction(A.Name))
      Changed |= R.redirect(*F, A.Group);
  }
  Changed |= R.registerLibFunctions();
  for (const char *Q : LibQuiet)
    Known.insert(Q);
  SmallVector<Function *, 16> Unchecked;
  for (Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty() && !Known.count(F.getName()) &&
        isUncheckedLibrary(F.getName()))
      Unchecked.push_back(&F);
  for (Function *F : Unchecked)
    Changed |= R.countUnchecked(*F);
  return Changed;
}
