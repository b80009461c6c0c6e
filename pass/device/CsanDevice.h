//===- CsanDevice.h - pieces shared by the files of csan-device -*- C++ -*-===//
//
// csan-device is split by concern:
//
//   CsanDeviceInstrument.cpp  the pass: kernels, twins, per-function driver,
//                             emission of the checks
//   CsanDeviceSelect.cpp      which accesses get a check (the rules)
//   CsanDeviceOpt.cpp         cheap instrumentation: redundant checks in a
//                             block, loop-invariant checks hoisted
//   CsanDeviceTwins.cpp       K -> K__csan and f -> f__csan cloning
//   CsanDevicePdl.cpp         the context before and after a wait on the
//                             grid dependencies (programmatic launches)
//   CsanDeviceSites.cpp       csan_site descriptors and their strings
//   CsanDeviceStats.cpp       counters and the -csan-stats table
//
// This header holds the types they exchange. It is internal to the plugin.
//===----------------------------------------------------------------------===//
#ifndef CSAN_DEVICE_H
#define CSAN_DEVICE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DebugLoc.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace llvm {
class Constant;
class DataLayout;
class DILocation;
class DISubprogram;
class DominatorTree;
class Function;
class GlobalVariable;
class Instruction;
class LoopInfo;
class Module;
class StructType;
class Type;
class Value;
class raw_ostream;
} // namespace llvm

namespace csan {
namespace device {

/// NVPTX address spaces (NVPTXAddrSpace.h is not installed with LLVM).
enum AddrSpace : unsigned {
  ASGeneric = 0,
  ASGlobal = 1,
  ASShared = 3,
  ASConst = 4,
  ASLocal = 5,
  ASTensor = 6,
  ASSharedCluster = 7,
  ASParam = 101,
};

/// What a check records. Numbered like the runtime's entry point families.
enum class AccessKind : uint8_t { Read, Write, AtomicRead, AtomicWrite };
constexpr unsigned NumAccessKinds = 4;

/// CSAN_ACC_* value of a kind (csan_site.access).
unsigned abiAccessBits(AccessKind K);
const char *accessKindName(AccessKind K);

/// True when a check of kind A also finds every race a check of kind B (on
/// the same bytes, by the same launch) would find and leaves a record that
/// covers B's (DESIGN.md, decision 7): a plain write covers everything, a
/// plain read covers reads, an atomic write covers atomics, an atomic read
/// covers atomic reads.
bool kindCovers(AccessKind A, AccessKind B);

/// The index of the pointer operand of a load, store, atomicrmw or cmpxchg,
/// ~0u for any other instruction (CsanDeviceSelect.cpp).
unsigned pointerOperandIndex(const llvm::Instruction &I);

enum class SkipReason : uint8_t {
#define CSAN_SKIP(Id, Label, Desc) Id,
#include "CsanDeviceSkipReasons.def"
};
constexpr unsigned NumSkipReasons = unsigned(SkipReason::Unclassified) + 1;
const char *skipReasonLabel(SkipReason R);
/// Whether a race can be missed under R: everything but memory no other
/// stream can touch and checks covered by another (CsanDeviceStats.cpp).
bool isGapReason(SkipReason R);

/// One check csan-device will emit. The address is
///   (PtrIsVector ? extractelement(Ptr, Lane) : Ptr) + Offset
/// and the check runs only when lane Lane of Mask is set (Mask == null:
/// always). Its size is Size bytes, or SizeV (an i64/i32 value) when set, or,
/// for CountMask, popcount(CountMask) * Size (expanding loads, compressing
/// stores). SizeV is scaled by SizeScale (memset.pattern counts elements).
struct Access {
  llvm::Instruction *I = nullptr; ///< the instruction that accesses memory
  AccessKind Kind = AccessKind::Read;
  llvm::Value *Ptr = nullptr;
  bool PtrIsVector = false;
  unsigned Lane = 0;
  uint64_t Offset = 0;
  uint64_t Size = 0;
  llvm::Value *SizeV = nullptr;
  llvm::Value *Mask = nullptr;
  llvm::Value *CountMask = nullptr;
  uint64_t SizeScale = 1; ///< SizeV counts elements of this many bytes

  /// Where the check goes: before I, or before this instruction when the
  /// optimizer hoisted it (a loop preheader's terminator).
  llvm::Instruction *InsertPt = nullptr;
  /// Where the check goes when it covers earlier accesses of its block (the
  /// optimizer moved it up to the first of them, so that it runs before
  /// any of the bytes are touched), else null.
  llvm::Instruction *CheckAt = nullptr;
  /// Earlier accesses of exactly this check's bytes through the same
  /// pointer that it covers: they use the address it returns too.
  llvm::SmallVector<llvm::Instruction *, 2> AlsoUse;
  bool Dropped = false; ///< removed by the optimizer (counted as Redundant)
  bool Grown = false;   ///< Size grew to cover the next accesses (one granule)

  /// A plain fixed-size access to one address: what the optimizer merges
  /// and hoists.
  bool isSimple() const {
    return !PtrIsVector && !Mask && !CountMask && !SizeV;
  }
  bool hasFixedSize() const { return !SizeV && !CountMask; }
};

/// What the rules decided for one instruction: the checks it needs and the
/// reasons its other accesses get none (a memcpy is two accesses).
struct Selection {
  llvm::SmallVector<Access, 2> Checks;
  llvm::SmallVector<SkipReason, 2> Skips;
};

/// The rules (CsanDeviceSelect.cpp). IsKernel: F is a kernel (its byval
/// parameters live in param space).
void selectChecks(llvm::Instruction &I, bool IsKernel, const llvm::DataLayout &DL,
                  Selection &Out);

/// Cheap instrumentation (CsanDeviceOpt.cpp): marks redundant checks Dropped
/// and sets InsertPt of hoisted ones. Returns the number hoisted.
unsigned optimizeChecks(llvm::Function &F, std::vector<Access> &Checks,
                        const llvm::DataLayout &DL);

/// Clones K into K__csan with the launch context as a last parameter
/// (CsanDeviceTwins.cpp): for a kernel (CtxTy set) byval of type CtxTy in
/// parameter space (the context, or a pair of them for a kernel that waits
/// on its grid dependencies), for a device function (CtxTy null) a generic
/// pointer.
llvm::Function *createContextClone(llvm::Function &K, llvm::Type *CtxTy);

/// Whether K's parameters plus the launch context fit the parameter space
/// of K's target (CsanDeviceTwins.cpp). Bytes and Limit say how much the
/// twin would need and what ptxas accepts.
bool twinParamsFit(const llvm::Function &K, llvm::Type *CtxTy, uint64_t &Bytes,
                   uint64_t &Limit);

/// Programmatic dependent launch (CsanDevicePdl.cpp; csan_abi.h,
/// CSAN_CTX_F_PDL_PAIR). The functions of M that wait on their grid
/// dependencies: a griddepcontrol.wait (inline PTX or the NVVM intrinsic),
/// a call of CUDA's cudaGridDependencySynchronize, or a direct call of a
/// function that waits.
llvm::SmallPtrSet<llvm::Function *, 8> gridWaiters(llvm::Module &M);

/// In copy F (a twin or clone) of a function that waits, every use of its
/// context Ctx takes the context valid at that point: Ctx, and after each
/// wait (an instruction, or a call of a function in Waiters, which are
/// originals: OriginalOf maps a copy back) what PostFn returns for the
/// context before it. Returns the number of wait points.
unsigned switchContextAtWaits(llvm::Function &F, llvm::Argument &Ctx,
                              const llvm::SmallPtrSetImpl<llvm::Function *> &Waiters,
                              llvm::function_ref<llvm::Function *(llvm::Function *)> OriginalOf,
                              llvm::FunctionCallee PostFn);

/// Site descriptors of one module (CsanDeviceSites.cpp).
class SiteTable {
public:
  explicit SiteTable(llvm::Module &M);

  /// The csan_site descriptor of an access by instruction I of F (a twin is
  /// named by its kernel: OrigName). Size 0 = range.
  llvm::GlobalVariable *get(const llvm::Instruction &I, const llvm::Function &F,
                            llvm::StringRef OrigName, AccessKind Kind, uint64_t Size);
  /// The module's anchor, created with the first site.
  llvm::GlobalVariable *anchor();
  unsigned size() const { return NumSites; }

private:
  llvm::Constant *string(llvm::StringRef S);
  std::string functionName(const llvm::DISubprogram *SP, const llvm::Function &F,
                           llvm::StringRef OrigName);

  llvm::Module &M;
  llvm::StructType *SiteTy;
  llvm::GlobalVariable *Anchor = nullptr;
  llvm::StringMap<llvm::Constant *> Strings;
  std::map<std::tuple<std::string, std::string, unsigned, unsigned, unsigned, uint64_t>,
           llvm::GlobalVariable *>
      Sites;
  llvm::DenseMap<const llvm::DISubprogram *, const llvm::Function *> FunctionOfSubprogram;
  unsigned NumSites = 0;
};

/// Size classes of the checks: 1, 2, 4, 8, 16 bytes and ranges.
constexpr unsigned NumSizeClasses = 6;
constexpr unsigned RangeSizeClass = 5;

/// Per-module counters behind -csan-stats (CsanDeviceStats.cpp). Every
/// increment is mirrored into an always-enabled LLVM statistic.
struct DeviceStats {
  unsigned Kernels = 0, Twins = 0, OptedOut = 0, ParamsTooLarge = 0, PdlTwins = 0;
  unsigned DeviceFunctions = 0, FunctionsInstrumented = 0, FunctionsFiltered = 0;
  unsigned Clones = 0, ExternalClones = 0, IndirectCalls = 0;
  unsigned Checks[NumAccessKinds][NumSizeClasses] = {};
  unsigned Skipped[NumSkipReasons] = {};
  unsigned Hoisted = 0;
  unsigned Sites = 0;
  std::vector<std::pair<std::string, unsigned>> ChecksPerFunction;

  void countCheck(AccessKind K, unsigned SizeClass);
  void countSkip(SkipReason R);
  void countHoisted();
  void print(llvm::raw_ostream &OS, llvm::StringRef ModuleName) const;
  /// The CSAN_MODULE_GAPS_NAME text: one line per gap with a count
  /// (empty: nothing left unchecked that could race).
  std::string gapTable() const;
};

} // namespace device
} // namespace csan

#endif // CSAN_DEVICE_H
