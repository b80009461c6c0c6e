//===- CsanDeviceSites.cpp - csan_site descriptors -------------------------===//
//
// Every check names its source location by a csan_site descriptor (layout in
// csan_abi.h): a private constant in global memory holding line, column,
// file, function, access kind and size. The runtime stores the descriptor's
// signed 32-bit offset from the module's weak anchor, __csan_module_anchor,
// in shadow and race records; the host adds the anchor's address it looked up
// in the loaded module and reads the descriptor back for reports.
//
// Strings live in global memory too and are shared by the descriptors of the
// module; identical descriptors are emitted once. The descriptor's pointer
// fields are generic addresses (addrspacecast constant expressions), which
// NVPTX prints as generic(sym) initializers that ptxas resolves.
//
// The location is the access's own, through inlining (a device function
// inlined into a kernel is named with its own line and name), except that
// frames in compiler and CUDA toolkit headers are skipped in favour of the
// user's line that called them.
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"

#include "csan_abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"

#include <cassert>

using namespace llvm;
using namespace csan::device;

SiteTable::SiteTable(Module &M) : M(M) {
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  PointerType *Generic = PointerType::get(C, ASGeneric);
  // struct csan_site { u32 line, column; u64 file, function; u32 access, size; }
  SiteTy = StructType::create(C, {I32, I32, Generic, Generic, I32, I32}, "struct.csan_site");
  assert(M.getDataLayout().getTypeAllocSize(SiteTy) == sizeof(csan_site) &&
         "csan_site layout differs from csan_abi.h");
  for (const Function &F : M)
    if (const DISubprogram *SP = F.getSubprogram())
      FunctionOfSubprogram.try_emplace(SP, &F);
}

GlobalVariable *SiteTable::anchor() {
  if (!Anchor)
    Anchor = M.getNamedGlobal(CSAN_MODULE_ANCHOR_NAME);
  if (!Anchor) {
    Type *I8 = Type::getInt8Ty(M.getContext());
    Anchor = new GlobalVariable(M, I8, /*isConstant=*/false, GlobalValue::WeakAnyLinkage,
                                ConstantInt::get(I8, 0), CSAN_MODULE_ANCHOR_NAME, nullptr,
                                GlobalValue::NotThreadLocal, ASGlobal);
  }
  return Anchor;
}

Constant *SiteTable::string(StringRef S) {
  PointerType *Generic = PointerType::get(M.getContext(), ASGeneric);
  if (S.empty())
    return ConstantPointerNull::get(Generic);
  Constant *&Slot = Strings[S];
  if (!Slot) {
    Constant *Init = ConstantDataArray::getString(M.getContext(), S);
    auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage, Init, "csan.str", nullptr,
                                  GlobalValue::NotThreadLocal, ASGlobal);
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(1));
    Slot = ConstantExpr::getAddrSpaceCast(GV, Generic);
  }
  return Slot;
}

/// The function a report names for an access at Loc in F: the linkage name
/// of the innermost subprogram (the inlined callee for inlined code); without
/// one (CUDA device debug info is line tables only), F's own name when the
/// location is F's own (the kernel's name for its twin), else the name of
/// the function that owns the subprogram, else the subprogram's plain name.
std::string SiteTable::functionName(const DILocation *Loc, const Function &F,
                                    StringRef OrigName) {
  const DISubprogram *SP = Loc->getScope()->getSubprogram();
  if (!SP)
    return OrigName.str();
  if (!SP->getLinkageName().empty())
    return SP->getLinkageName().str();
  if (SP == F.getSubprogram())
    return OrigName.str();
  if (const Function *Owner = FunctionOfSubprogram.lookup(SP))
    return Owner->getName().str();
  return SP->getName().str();
}

/// True for locations in headers of the compiler or the CUDA toolkit
/// (atomicAdd, __ldg, cuda::atomic_ref, ...). Such wrappers are inlined
/// around the access; the report should name the line that called them.
/// Debug info does not say which headers are system headers, so this goes
/// by path: clang's resource directory, a CUDA include directory, and the
/// system include directories (where distributions link CUDA's headers).
static bool isToolkitHeader(const DILocation *Loc) {
  StringRef File = Loc->getFilename(), Dir = Loc->getDirectory();
  std::string Path = File.starts_with("/") || Dir.empty() ? File.str() : (Dir + "/" + File).str();
  StringRef P = Path;
  return P.starts_with("/usr/include/") || P.starts_with("/usr/local/include/") ||
         (P.contains("/include/") && (P.contains("/lib/clang/") || P.contains("/cuda")));
}

/// The location a report names: the innermost one (inlined callees
/// included) that is not in a toolkit header, or the innermost if all are.
static const DILocation *reportedLocation(const DILocation *Loc) {
  for (const DILocation *L = Loc; L; L = L->getInlinedAt())
    if (!isToolkitHeader(L))
      return L;
  return Loc;
}

GlobalVariable *SiteTable::get(const Instruction &I, const Function &F, StringRef OrigName,
                               AccessKind Kind, uint64_t Size) {
  unsigned Line = 0, Column = 0;
  std::string File, Function;
  if (const DILocation *Loc = I.getDebugLoc().get()) {
    Loc = reportedLocation(Loc);
    Line = Loc->getLine();
    Column = Loc->getColumn();
    File = Loc->getFilename().str();
    Function = functionName(Loc, F, OrigName);
  } else {
    File = M.getSourceFileName();
    Function = OrigName.str();
  }
  unsigned AccessBits = abiAccessBits(Kind);
  GlobalVariable *&GV = Sites[{File, Function, Line, Column, AccessBits, Size}];
  if (GV)
    return GV;

  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  Constant *Init = ConstantStruct::get(
      SiteTy, {ConstantInt::get(I32, Line), ConstantInt::get(I32, Column), string(File),
               string(Function), ConstantInt::get(I32, AccessBits),
               ConstantInt::get(I32, Size)});
  GV = new GlobalVariable(M, SiteTy, /*isConstant=*/true, GlobalValue::PrivateLinkage, Init,
                          "csan.site", nullptr, GlobalValue::NotThreadLocal, ASGlobal);
  GV->setAlignment(Align(8));
  ++NumSites;
  return GV;
}
