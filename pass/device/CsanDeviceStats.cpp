//===- CsanDeviceStats.cpp - what csan-device did to a module --------------===//
//
// DeviceStats counts per module what csan-device instrumented and skipped;
// -csan-stats prints it as a table on stderr. That table is the interface:
// plain STATISTIC counters are compiled out of release builds of LLVM, and a
// release opt or clang answers -stats with "Statistics are disabled" even for
// always-enabled TrackingStatistics (checked with LLVM 22.1). The counts are
// still mirrored into TrackingStatistics, one per skip reason, so that -stats
// shows them with an LLVM built with assertions or LLVM_FORCE_ENABLE_STATS.
//===----------------------------------------------------------------------===//

#include "CsanDevice.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace csan::device;

#define DEBUG_TYPE "csan-device"

ALWAYS_ENABLED_STATISTIC(NumChecks, "Checks inserted");
ALWAYS_ENABLED_STATISTIC(NumChecksHoisted, "Checks hoisted to loop preheaders");

static TrackingStatistic SkipStatistics[] = {
#define CSAN_SKIP(Id, Label, Desc) {DEBUG_TYPE, "NumSkipped" #Id, Desc},
#include "CsanDeviceSkipReasons.def"
};
static_assert(sizeof(SkipStatistics) / sizeof(SkipStatistics[0]) == NumSkipReasons,
              "one statistic per skip reason");

const char *csan::device::skipReasonLabel(SkipReason R) {
  static const char *const Labels[] = {
#define CSAN_SKIP(Id, Label, Desc) Label,
#include "CsanDeviceSkipReasons.def"
  };
  return Labels[unsigned(R)];
}

// The reasons under which no race can be missed: memory no other stream
// can touch (shared, local, parameter, constant, tensor memory, read-only
// globals), nothing accessed, !nosanitize (code of another sanitizer), and
// checks covered by another check. Every other reason is a gap the runtime
// names in its exit summary.
bool csan::device::isGapReason(SkipReason R) {
  switch (R) {
  case SkipReason::NoSanitize:
  case SkipReason::SharedMemory:
  case SkipReason::ConstantMemory:
  case SkipReason::LocalMemory:
  case SkipReason::KernelParam:
  case SkipReason::TensorMemory:
  case SkipReason::ConstantGlobal:
  case SkipReason::ZeroSize:
  case SkipReason::Redundant:
    return false;
  default:
    return true;
  }
}

std::string DeviceStats::gapTable() const {
  std::string Table;
  raw_string_ostream OS(Table);
  for (unsigned R = 0; R < NumSkipReasons; ++R)
    if (Skipped[R] && isGapReason(SkipReason(R)))
      OS << Skipped[R] << '\t' << skipReasonLabel(SkipReason(R)) << '\n';
  if (ParamsTooLarge)
    OS << ParamsTooLarge << "\tkernels without a twin (parameters too large)\n";
  if (IndirectCalls)
    OS << IndirectCalls << "\tindirect calls (the callee runs unchecked)\n";
  return Table;
}

void DeviceStats::countCheck(AccessKind K, unsigned SizeClass) {
  ++Checks[unsigned(K)][SizeClass];
  ++NumChecks;
}

void DeviceStats::countSkip(SkipReason R) {
  ++Skipped[unsigned(R)];
  ++SkipStatistics[unsigned(R)];
}

void DeviceStats::countHoisted() {
  ++Hoisted;
  ++NumChecksHoisted;
}

void DeviceStats::print(raw_ostream &OS, StringRef ModuleName) const {
  auto Row = [&](StringRef Label, unsigned Value, unsigned Indent = 2) {
    OS.indent(Indent) << left_justify(Label, 60 - Indent) << format("%8u", Value) << '\n';
  };
  OS << "csan-device statistics for '" << ModuleName << "':\n";
  Row("kernels", Kernels);
  Row("kernel twins created", Twins);
  Row("twins with two contexts (they wait on grid dependencies)", PdlTwins);
  Row("device functions", DeviceFunctions);
  Row("device functions instrumented", FunctionsInstrumented);
  Row("device function clones (f__csan)", Clones);
  Row("calls to clones of other modules (-fgpu-rdc)", ExternalClones);
  Row("indirect calls from instrumented code (callee unchecked)", IndirectCalls);
  Row("functions opted out (disable_sanitizer_instrumentation)", OptedOut);
  Row("kernels without a twin (parameters too large)", ParamsTooLarge);
  Row("functions not matching -csan-function-filter", FunctionsFiltered);
  Row("site descriptors", Sites);
  Row("checks hoisted to loop preheaders", Hoisted);

  static const char *const SizeNames[NumSizeClasses] = {"1", "2", "4", "8", "16", "range"};
  OS << "  " << left_justify("checks", 20);
  for (const char *S : SizeNames)
    OS << format("%8s", S);
  OS << format("%8s", "total") << '\n';
  unsigned ColumnTotals[NumSizeClasses] = {};
  unsigned Total = 0;
  for (unsigned K = 0; K < NumAccessKinds; ++K) {
    OS << "    " << left_justify(accessKindName(AccessKind(K)), 18);
    unsigned RowTotal = 0;
    for (unsigned S = 0; S < NumSizeClasses; ++S) {
      OS << format("%8u", Checks[K][S]);
      RowTotal += Checks[K][S];
      ColumnTotals[S] += Checks[K][S];
    }
    OS << format("%8u", RowTotal) << '\n';
    Total += RowTotal;
  }
  OS << "    " << left_justify("total", 18);
  for (unsigned S = 0; S < NumSizeClasses; ++S)
    OS << format("%8u", ColumnTotals[S]);
  OS << format("%8u", Total) << '\n';

  OS << "  accesses without a check:\n";
  for (unsigned R = 0; R < NumSkipReasons; ++R)
    Row(skipReasonLabel(SkipReason(R)), Skipped[R], 4);

  OS << "  checks per function:\n";
  for (const auto &[Name, Count] : ChecksPerFunction)
    OS << "    " << Name << ' ' << Count << '\n';
}
