//===- CsanHostDeviceVars.cpp - register -fgpu-rdc device variables --------===//
//
// With -fgpu-rdc, clang 22 (new offloading driver) emits no registration code
// into the host module. It describes each kernel and device variable by an
// offloading entry instead, and clang-linker-wrapper generates the
// __cudaRegisterVar calls at link time from the entries of all objects. The
// host module of
//
//   __device__ int dv[16];
//   __constant__ double cv[4];
//
// holds (LLVM 22, llvm/Frontend/Offloading/Utility.h):
//
//   %struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }
//   ;  Reserved (0), Version (1), Kind (2 = OFK_Cuda), Flags, Address,
//   ;  SymbolName, Size (0 for a kernel), Data, AuxAddr
//   @.offloading.entry.dv = weak constant %struct.__tgt_offload_entry
//       { i64 0, i16 1, i16 2, i32 0, ptr @dv, ptr @.offloading.entry_name.1,
//         i64 64, i64 0, ptr null }, section "llvm_offload_entries"
//   @.offloading.entry.cv = ... { ..., i32 16, ptr @cv, ptr @..., i64 32, ... }
//
// Flags: bits 0..2 the entry type (0 variable, 1 managed, 2 surface,
// 3 texture), 0x8 extern, 0x10 constant, 0x20 normalized.
//
// The pass emits an internal constructor that calls, for each variable entry,
//   __csan_register_device_var(Address, "name", Size, flags)
// with CSAN_VAR_F_MANAGED / CSAN_VAR_F_CONSTANT (csan_abi.h). The name is a
// copy in an ordinary private constant: the entry's own name string lives in
// a section the linker wrapper owns. Without -fgpu-rdc there are no entries
// and this step does nothing (the module's __cuda_register_globals calls
// __cudaRegisterVar, which CsanHostRedirect.cpp redirects).
//===----------------------------------------------------------------------===//

#include "CsanHost.h"

#include "csan_abi.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <optional>

using namespace llvm;
using namespace csan::host;

#define DEBUG_TYPE "csan-host"

STATISTIC(NumVarsRegistered, "Device variables registered by the csan constructor");
STATISTIC(NumEntriesKernel, "Offloading entries skipped: kernels");
STATISTIC(NumEntriesOtherKind, "Offloading entries skipped: not CUDA (OpenMP, HIP, ...)");
STATISTIC(NumEntriesSurfTex, "Offloading entries skipped: surfaces and textures");
STATISTIC(NumEntriesExtern, "Offloading entries skipped: extern variables");
STATISTIC(NumEntriesMalformed, "Offloading entries skipped: unknown layout");

static const char *const EntrySection = "llvm_offload_entries";
static const char *const RegisterName = "__csan_register_device_var";
static const char *const CtorName = "csan.register_device_vars";
/// Before user constructors, like the registration constructor that the
/// linker wrapper emits for the same variables.
static const int CtorPriority = 101;

namespace {

/// The fields of one offloading entry that csan uses.
struct OffloadEntry {
  uint16_t Kind;
  uint32_t Flags;
  Constant *Address;
  StringRef Name;
  uint64_t Size;
};

enum class EntryUse { Register, Kernel, OtherKind, SurfaceOrTexture, Extern };

} // namespace

/// Reads the initializer of an entry global. None when it does not have the
/// layout of LLVM 22's __tgt_offload_entry (version 1).
static std::optional<OffloadEntry> readEntry(const GlobalVariable &GV) {
  if (!GV.hasInitializer())
    return std::nullopt;
  auto *Init = dyn_cast<ConstantStruct>(GV.getInitializer());
  if (!Init || Init->getNumOperands() != 9)
    return std::nullopt;
  auto Int = [&](unsigned I, unsigned Bits) -> std::optional<uint64_t> {
    auto *C = dyn_cast<ConstantInt>(Init->getOperand(I));
    if (!C || C->getBitWidth() != Bits)
      return std::nullopt;
    return C->getZExtValue();
  };
  std::optional<uint64_t> Version = Int(1, 16), Kind = Int(2, 16), Flags = Int(3, 32),
                          Size = Int(6, 64);
  if (!Version || *Version != 1 || !Kind || !Flags || !Size)
    return std::nullopt;
  OffloadEntry E;
  E.Kind = static_cast<uint16_t>(*Kind);
  E.Flags = static_cast<uint32_t>(*Flags);
  E.Size = *Size;
  E.Address = Init->getOperand(4);
  if (!E.Address->getType()->isPointerTy())
    return std::nullopt;
  auto *NameGV = dyn_cast<GlobalVariable>(Init->getOperand(5)->stripPointerCasts());
  if (!NameGV || !NameGV->hasInitializer())
    return std::nullopt;
  auto *NameData = dyn_cast<ConstantDataSequential>(NameGV->getInitializer());
  if (!NameData || !NameData->isCString())
    return std::nullopt;
  E.Name = NameData->getAsCString();
  return E;
}

/// Which entries become a __csan_register_device_var call:
///  - CUDA entries only (other offloading languages register differently);
///  - not kernels (Size 0);
///  - plain and managed variables, not surfaces and textures (the device
///    cannot write them through ordinary stores that csan checks);
///  - not extern declarations: the translation unit that defines the
///    variable has its own entry and registers it, so each variable is
///    registered exactly once.
static EntryUse classify(const OffloadEntry &E) {
  if (E.Kind != object::OFK_Cuda)
    return EntryUse::OtherKind;
  if (E.Size == 0)
    return EntryUse::Kernel;
  uint32_t Type = E.Flags & 0x7;
  if (Type != offloading::OffloadGlobalEntry && Type != offloading::OffloadGlobalManagedEntry)
    return EntryUse::SurfaceOrTexture;
  if (E.Flags & offloading::OffloadGlobalExtern)
    return EntryUse::Extern;
  return EntryUse::Register;
}

static uint32_t csanFlags(const OffloadEntry &E) {
  uint32_t F = 0;
  if ((E.Flags & 0x7) == offloading::OffloadGlobalManagedEntry)
    F |= CSAN_VAR_F_MANAGED;
  if (E.Flags & offloading::OffloadGlobalConstant)
    F |= CSAN_VAR_F_CONSTANT;
  return F;
}

bool csan::host::registerDeviceVariables(Module &M, HostCounts &Counts) {
  // The entries stay in the module; a second run must not register the
  // variables twice.
  if (M.getFunction(CtorName))
    return false;
  SmallVector<OffloadEntry, 16> Vars;
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getSection() != EntrySection)
      continue;
    std::optional<OffloadEntry> E = readEntry(GV);
    if (!E) {
      ++NumEntriesMalformed;
      ++Counts.DeviceVarsSkipped;
      M.getContext().diagnose(DiagnosticInfoGeneric(
          "csan: offloading entry '" + GV.getName() +
              "' does not have the layout csan knows (LLVM 22); if it is a device "
              "variable, csan does not track it",
          DS_Warning));
      continue;
    }
    switch (classify(*E)) {
    case EntryUse::Register:
      Vars.push_back(*E);
      break;
    case EntryUse::Kernel:
      ++NumEntriesKernel;
      break;
    case EntryUse::OtherKind:
      ++NumEntriesOtherKind;
      break;
    case EntryUse::SurfaceOrTexture:
      ++NumEntriesSurfTex;
      ++Counts.DeviceVarsSkipped;
      break;
    case EntryUse::Extern:
      ++NumEntriesExtern;
      ++Counts.DeviceVarsSkipped;
      break;
    }
  }
  if (Vars.empty())
    return false;

  LLVMContext &Ctx = M.getContext();
  Type *PtrTy = PointerType::getUnqual(Ctx);
  FunctionCallee Register = M.getOrInsertFunction(
      RegisterName, Type::getVoidTy(Ctx), PtrTy, PtrTy, Type::getInt64Ty(Ctx),
      Type::getInt32Ty(Ctx));
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::InternalLinkage, CtorName, M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  for (const OffloadEntry &E : Vars) {
    Constant *Name = B.CreateGlobalString(E.Name, "__csan_device_var_name");
    B.CreateCall(Register, {E.Address, Name, B.getInt64(E.Size), B.getInt32(csanFlags(E))});
    ++NumVarsRegistered;
    ++Counts.DeviceVarsRegistered;
  }
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, CtorPriority);
  return true;
}
