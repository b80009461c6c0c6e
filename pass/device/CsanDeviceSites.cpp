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
// user's line that called them, and that line 0 (LLVM's "no particular
// line", which optimized code is full of) is never chosen while a real line
// can be found: see SiteTable::get.
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

/// The function a report names for an access whose location's innermost
/// frame belongs to SP (null without one): the linkage name of SP (the
/// inlined callee for inlined code); without one (CUDA device debug info is
/// line tables only), F's own name when SP is F's (the kernel's name for its
/// twin), else the name of the function that owns SP, else SP's plain name.
std::string SiteTable::functionName(const DISubprogram *SP, const Function &F,
                                    StringRef OrigName) {
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
static bool isToolkitHeader(StringRef File, StringRef Dir) {
  std::string Path = File.starts_with("/") || Dir.empty() ? File.str() : (Dir + "/" + File).str();
  StringRef P = Path;
  return P.starts_with("/usr/include/") || P.starts_with("/usr/local/include/") ||
         (P.contains("/include/") && (P.contains("/lib/clang/") || P.contains("/cuda")));
}

/// The one preference behind every choice of a reported place, over the
/// frames of one inlining chain (innermost first): the innermost frame that
/// is not in a toolkit header and has a line, else the innermost that has a
/// line, else none. Line 0 is LLVM's "no particular line" (given to code
/// that optimizations merged or hoisted from several lines); a report that
/// names only a file leaves the user nothing to look at, so it never wins
/// over a real line, not even over one in a toolkit header.
template <typename Frame, typename Range>
static const Frame *preferredFrame(const Range &Frames) {
  const Frame *WithLine = nullptr;
  for (const Frame *F : Frames) {
    if (!F || F->getLine() == 0)
      continue;
    if (!isToolkitHeader(F->getFilename(), F->getDirectory()))
      return F;
    if (!WithLine)
      WithLine = F;
  }
  return WithLine;
}

/// The location a report names for Loc: the innermost frame (inlined
/// callees included) outside toolkit headers, with the line-0 rule above.
static const DILocation *reportedLocation(const DILocation *Loc) {
  SmallVector<const DILocation *, 8> Chain;
  for (const DILocation *L = Loc; L; L = L->getInlinedAt())
    Chain.push_back(L);
  return preferredFrame<DILocation>(Chain);
}

/// Where a report places an access by I, in this order, so that it names a
/// real line wherever the module has one:
///  1. I's own location, by reportedLocation (the user's innermost frame;
///     a frame at line 0 gives way to one with a line along the chain);
///  2. when no frame of I's chain has a line (or I has no location), the
///     nearest earlier instruction of I's block whose chain has one, chosen
///     the same way: that is the code I was merged into or follows;
///  3. else the line of the subprogram I is in (column 0), the same
///     preference applied to the subprograms of I's chain (F's without one);
///  4. else line 0 (no debug info at all, or a subprogram without a line):
///     the host prints such a site as FILE:?.
/// The function named is always the one that owns the location chosen.
GlobalVariable *SiteTable::get(const Instruction &I, const Function &F, StringRef OrigName,
                               AccessKind Kind, uint64_t Size) {
  unsigned Line = 0, Column = 0;
  std::string File, Function;
  const DILocation *Own = I.getDebugLoc().get();
  const DILocation *Loc = Own ? reportedLocation(Own) : nullptr;
  for (auto It = I.getReverseIterator(), End = I.getParent()->rend(); !Loc && ++It != End;)
    if (const DILocation *Earlier = It->getDebugLoc().get())
      Loc = reportedLocation(Earlier);
  if (Loc) {
    Line = Loc->getLine();
    Column = Loc->getColumn();
    File = Loc->getFilename().str();
    Function = functionName(Loc->getScope()->getSubprogram(), F, OrigName);
  } else {
    SmallVector<const DISubprogram *, 8> Subprograms;
    for (const DILocation *L = Own; L; L = L->getInlinedAt())
      Subprograms.push_back(L->getScope()->getSubprogram());
    if (Subprograms.empty())
      Subprograms.push_back(F.getSubprogram());
    const DISubprogram *SP = preferredFrame<DISubprogram>(Subprograms);
    if (!SP)
      SP = Subprograms.front(); // Nothing has a line: the innermost file.
    if (SP) {
      Line = SP->getLine();
      File = SP->getFilename().str();
      Function = functionName(SP, F, OrigName);
    } else {
      File = M.getSourceFileName();
      Function = OrigName.str();
    }
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
