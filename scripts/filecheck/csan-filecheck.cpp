//===- csan-filecheck.cpp - a small, static FileCheck for the GPU pack ----===//
//
// The GPU machine that runs csan's end-to-end tests has no LLVM, and the
// FileCheck LLVM ships here needs libz3 (23 MiB) and the system's libstdc++.
// This driver uses LLVM's FileCheck library (libLLVMFileCheck.a, the same
// matching engine lit uses) and is linked fully static, so the pack carries
// one self-contained binary.
//
// It accepts the subset of FileCheck's command line that csan's tests and
// scripts use:
//   csan-filecheck CHECKFILE [--check-prefix=P | --check-prefix P]...
//                  [--check-prefixes=P,Q] [--input-file=F] [-DVAR=V]
//                  [-D#VAR=V] [--implicit-check-not=S] [--allow-empty]
//                  [--match-full-lines] [--strict-whitespace] [-v] [-vv]
//                  [--dump-input=...] (accepted, ignored)
// Anything else is an error, so a test never passes because an option was
// silently dropped.
//
//===----------------------------------------------------------------------===//

#include "llvm/FileCheck/FileCheck.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <string>
#include <vector>

using namespace llvm;

static int usage(const char *Why) {
  errs() << "csan-filecheck: " << Why << "\n"
         << "usage: csan-filecheck CHECKFILE [--check-prefix=P]... "
            "[--check-prefixes=P,Q] [--input-file=F] [-DVAR=V] [-D#VAR=V]\n";
  return 2;
}

// Splits "A,B,C" into the owned string list (prefixes must outlive the run).
static void splitInto(StringRef List, std::vector<std::string> &Out) {
  SmallVector<StringRef, 4> Parts;
  List.split(Parts, ',', -1, false);
  for (StringRef P : Parts)
    Out.push_back(P.str());
}

int main(int argc, char **argv) {
  std::string CheckFile, InputFile = "-";
  std::vector<std::string> Prefixes, Defines, ImplicitNot;
  FileCheckRequest Req;

  for (int I = 1; I < argc; ++I) {
    StringRef A(argv[I]);
    auto takeValue = [&](StringRef Opt, std::string &Val) -> bool {
      if (A == Opt) {
        if (I + 1 >= argc)
          return false;
        Val = argv[++I];
        return true;
      }
      if (A.starts_with(Opt) && A.size() > Opt.size() && A[Opt.size()] == '=') {
        Val = A.substr(Opt.size() + 1).str();
        return true;
      }
      return false;
    };
    // Both -opt and --opt spellings, like LLVM's cl::opt.
    if (A.starts_with("--"))
      A = A.drop_front(1);
    std::string V;
    if (takeValue("-check-prefix", V) || takeValue("-check-prefixes", V)) {
      splitInto(V, Prefixes);
    } else if (takeValue("-input-file", V)) {
      InputFile = V;
    } else if (takeValue("-implicit-check-not", V)) {
      ImplicitNot.push_back(V);
    } else if (takeValue("-dump-input", V) || takeValue("-dump-input-filter", V) ||
               takeValue("-dump-input-context", V)) {
      // Diagnostics go to stderr either way; the dump is a convenience.
    } else if (A.starts_with("-D") && A.size() > 2) {
      Defines.push_back(A.drop_front(2).str());
    } else if (A == "-allow-empty") {
      Req.AllowEmptyInput = true;
    } else if (A == "-match-full-lines") {
      Req.MatchFullLines = true;
    } else if (A == "-strict-whitespace") {
      Req.NoCanonicalizeWhiteSpace = true;
    } else if (A == "-allow-unused-prefixes") {
      Req.AllowUnusedPrefixes = true;
    } else if (A == "-v") {
      Req.Verbose = true;
    } else if (A == "-vv") {
      Req.Verbose = Req.VerboseVerbose = true;
    } else if (A.starts_with("-") && A != "-") {
      std::string Msg = "unknown option '" + std::string(argv[I]) + "'";
      return usage(Msg.c_str());
    } else if (CheckFile.empty()) {
      CheckFile = A.str();
    } else {
      return usage("more than one check file given");
    }
  }
  if (CheckFile.empty())
    return usage("no check file given");

  if (Prefixes.empty()) {
    Prefixes.push_back("CHECK");
    Req.IsDefaultCheckPrefix = true;
  }
  for (const std::string &P : Prefixes)
    Req.CheckPrefixes.push_back(P);
  // FileCheck's defaults: RUN lines and COM: lines are comments, so a
  // directive-looking word on a RUN line is never taken for a check.
  Req.CommentPrefixes = {"COM", "RUN"};
  for (const std::string &D : Defines)
    Req.GlobalDefines.push_back(D);
  for (const std::string &N : ImplicitNot)
    Req.ImplicitCheckNot.push_back(N);

  FileCheck FC(Req);
  if (!FC.ValidateCheckPrefixes()) {
    errs() << "csan-filecheck: invalid check prefix\n";
    return 2;
  }

  SourceMgr SM;
  auto CheckBuf = MemoryBuffer::getFileOrSTDIN(CheckFile, /*IsText=*/true);
  if (!CheckBuf) {
    errs() << "csan-filecheck: cannot read check file '" << CheckFile
           << "': " << CheckBuf.getError().message() << "\n";
    return 2;
  }
  SmallString<4096> CheckStorage;
  StringRef CheckText = FC.CanonicalizeFile(**CheckBuf, CheckStorage);
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(CheckText, CheckFile), SMLoc());
  if (FC.readCheckFile(SM, CheckText))
    return 2;

  auto InBuf = MemoryBuffer::getFileOrSTDIN(InputFile, /*IsText=*/true);
  if (!InBuf) {
    errs() << "csan-filecheck: cannot read input '" << InputFile
           << "': " << InBuf.getError().message() << "\n";
    return 2;
  }
  SmallString<4096> InStorage;
  StringRef InText = FC.CanonicalizeFile(**InBuf, InStorage);
  if (InText.empty() && !Req.AllowEmptyInput) {
    errs() << "csan-filecheck: error: empty input from '"
           << (InputFile == "-" ? "<stdin>" : InputFile)
           << "' (the program printed nothing)\n";
    return 2;
  }
  SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBuffer(InText, InputFile == "-" ? "<stdin>" : InputFile),
      SMLoc());
  return FC.checkInput(SM, InText) ? 0 : 1;
}
