"""csan_runlines: reads the RUN lines of csan's end-to-end tests without lit.

The GPU machine has no compiler, so scripts/gpu-check compiles each test
here exactly as its compile RUN lines say, and lit, carried in the pack,
resolves those lines there to the binaries (scripts/csan-prebuilt, which
substitutes the same lines with this module). Every e2e test follows one
convention (test/e2e/README.md):

  // REQUIRES: cuda-gpu
  // RUN: %csan_clangxx -g -O2 %s -o %t.race
  // RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
  // RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
  // RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED

Compile lines start with %csan_clangxx or %csan_clang and name their output
with `-o %t.NAME`; run lines are `[env VAR=V...] [%not] %t.NAME [args] 2>&1 |
FileCheck %s ARGS`. Anything else is an error that names the line, so a test
that the packer cannot reproduce is never silently skipped.
"""
import glob
import os
import re
import shlex

COMPILERS = ("%csan_clangxx", "%csan_clang")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def plain_clang_flags(cuda_path, arch):
    """What csan-clang adds besides csan itself, for plain clang compiling
    the same lines (scripts/e2e-lint, gpu-check's plain builds): the toolkit,
    the GPU, and CCCL's include folder (CUB, Thrust, libcu++), where nvcc
    and csan-clang find it."""
    flags = [f"--cuda-path={cuda_path}", "-Wno-unknown-cuda-version", f"--offload-arch={arch}"]
    cccl = os.path.join(cuda_path, "include", "cccl")
    if os.path.isdir(cccl):
        flags += ["-isystem", cccl]
    return flags


def without_csan_flags(argv):
    """argv without csan-clang's own options (--csan-*, and -mllvm -csan-*),
    which plain clang rejects."""
    out, skip = [], False
    for i, a in enumerate(argv):
        if skip:
            skip = False
            continue
        if a.startswith("--csan-"):
            continue
        if a == "-mllvm" and i + 1 < len(argv) and argv[i + 1].startswith("-csan-"):
            skip = True
            continue
        out.append(a)
    return out

# The lit substitutions a compile line may use besides the compiler, as lit
# applies them (test/lit.cfg.py, lit's defaults): %csan_src the source tree
# (the pack, in the pack), %s the test file, %S and %p its folder, %t the
# test's temporary base. A compile line with any other is refused, so the
# GPU pack never resolves a line it cannot reproduce.
_SUBST = re.compile(r"%(csan_src|[sSpt%]|\{[^}]*\}|[A-Za-z_]\w*)")


def substitute(token, values):
    """One RUN-line token with lit's substitutions applied from `values`
    ({"%s": ..., "%S": ..., "%p": ..., "%t": ..., "%csan_src": ...})."""
    def one(m):
        key = m.group(0)
        if key == "%%":
            return "%"
        if key in values:
            return values[key]
        raise RunLineError(f"substitution {key} in '{token}' is not one a compile line may use "
                           f"({', '.join(sorted(values))})")
    return _SUBST.sub(one, token)


def values_for(test_path, tmp_base, src_root=ROOT):
    d = os.path.dirname(test_path)
    return {"%s": test_path, "%S": d, "%p": d, "%t": tmp_base, "%csan_src": src_root}


class RunLineError(Exception):
    pass


class Build:
    def __init__(self, name, tokens, lineno):
        self.name = name        # "race", "fixed", ... from -o %t.NAME
        self.tokens = tokens    # the RUN line split, %-substitutions not applied
        self.lineno = lineno


class Run:
    def __init__(self, build, expect_fail, env, exe_args, fc_args, lineno):
        self.build = build          # name of the build it runs
        self.expect_fail = expect_fail  # %not: must exit nonzero (csan: 66)
        self.env = env              # {VAR: value}
        self.exe_args = exe_args    # program arguments
        self.fc_args = fc_args      # FileCheck arguments after the check file
        self.lineno = lineno

    @property
    def prefix(self):
        for i, a in enumerate(self.fc_args):
            if a.startswith("--check-prefix=") or a.startswith("--check-prefixes="):
                return a.split("=", 1)[1]
            if a in ("--check-prefix", "--check-prefixes") and i + 1 < len(self.fc_args):
                return self.fc_args[i + 1]
        return "CHECK"


class Test:
    def __init__(self, path):
        self.path = os.path.abspath(path)
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.requires = []
        self.builds = []
        self.runs = []

    # -- substitutions ------------------------------------------------------
    def subst(self, token, tmp_base, src_root=ROOT):
        return substitute(token, values_for(self.path, tmp_base, src_root))

    def compile_argv(self, build, compiler, tmp_base, src_root=ROOT):
        """argv of a compile line with %csan_clangxx replaced by `compiler`."""
        out = list(compiler)
        for tok in build.tokens[1:]:
            out.append(self.subst(tok, tmp_base, src_root))
        return out

    @staticmethod
    def _is_source(tok):
        return not tok.startswith("-") and re.search(r"\.(cu|cpp|cc|c)$", tok) is not None

    def sources(self, build):
        subst = [self.subst(t, "") for t in build.tokens[1:]]
        return [t for t in subst if self._is_source(t)]

    def flags(self, build):
        """The compile flags without sources and output."""
        out, skip = [], False
        for t in build.tokens[1:]:
            if skip:
                skip = False
                continue
            if t == "-o":
                skip = True
                continue
            t = self.subst(t, "")
            if self._is_source(t):
                continue
            out.append(t)
        return out

    def build(self, name):
        for b in self.builds:
            if b.name == name:
                return b
        return None

    def shape_problems(self):
        """Departures from the uniform e2e convention."""
        p = []
        if "cuda-gpu" not in self.requires:
            p.append("missing 'REQUIRES: cuda-gpu'")
        names = [b.name for b in self.builds]
        if names[:2] != ["race", "fixed"]:
            p.append(f"builds are {names}, expected race then fixed")
        fixed = self.build("fixed")
        if fixed and "-DFIXED" not in fixed.tokens:
            p.append("the fixed build does not pass -DFIXED")
        race = self.build("race")
        if race and "-DFIXED" in race.tokens:
            p.append("the race build passes -DFIXED")
        shape = sorted((r.build, r.expect_fail, r.prefix) for r in self.runs)
        if shape != [("fixed", False, "FIXED"), ("race", True, "RACE")]:
            p.append(f"runs are {shape}, expected %not race with RACE and fixed with FIXED")
        return p


def _run_lines(path):
    """(lineno, text) of each RUN command, continuation lines joined."""
    out, cur, start = [], None, 0
    requires = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.search(r"\bREQUIRES:(.*)$", line)
            if m and line.lstrip().startswith("//"):
                requires += [r.strip() for r in m.group(1).split(",") if r.strip()]
            m = re.search(r"\bRUN:(.*)$", line)
            if not m or not line.lstrip().startswith("//"):
                if cur is not None:
                    raise RunLineError(f"line {start}: RUN line ends with '\\' but line {n} continues nothing")
                continue
            text = m.group(1).strip()
            if cur is None:
                cur, start = "", n
            if text.endswith("\\"):
                cur += text[:-1] + " "
                continue
            out.append((start, cur + text))
            cur = None
    return requires, out


def parse_test(path):
    t = Test(path)
    t.requires, lines = _run_lines(path)
    if not lines:
        raise RunLineError("no RUN lines")
    for lineno, text in lines:
        try:
            toks = shlex.split(text)
        except ValueError as e:
            raise RunLineError(f"line {lineno}: cannot split RUN line: {e}")
        if toks and toks[0] in COMPILERS:
            if "-o" not in toks or toks.index("-o") + 1 >= len(toks):
                raise RunLineError(f"line {lineno}: compile line without -o %t.NAME")
            out = toks[toks.index("-o") + 1]
            m = re.fullmatch(r"%t\.(\w+)", out)
            if not m:
                raise RunLineError(f"line {lineno}: compile output must be %t.NAME, not {out}")
            for tok in toks[1:]:
                try:
                    substitute(tok, values_for(t.path, "%t"))
                except RunLineError as e:
                    raise RunLineError(f"line {lineno}: {e}")
            t.builds.append(Build(m.group(1), toks, lineno))
            continue
        # [env V=X ...] [%not] %t.NAME [args] 2>&1 | FileCheck %s ARGS
        if "|" not in toks:
            raise RunLineError(f"line {lineno}: run line is not piped into FileCheck: {text}")
        bar = toks.index("|")
        left, right = toks[:bar], toks[bar + 1:]
        env = {}
        if left and left[0] == "env":
            left = left[1:]
            while left and re.fullmatch(r"[A-Za-z_]\w*=.*", left[0]):
                k, v = left.pop(0).split("=", 1)
                env[k] = v
        expect_fail = False
        if left and left[0] == "%not":
            expect_fail, left = True, left[1:]
        if left[-1:] != ["2>&1"]:
            raise RunLineError(f"line {lineno}: run line must merge stderr with '2>&1'")
        left = left[:-1]
        if not left or not re.fullmatch(r"%t\.(\w+)", left[0]):
            raise RunLineError(f"line {lineno}: run line must run %t.NAME: {text}")
        if len(right) < 2 or right[0] != "FileCheck" or right[1] != "%s":
            raise RunLineError(f"line {lineno}: expected '| FileCheck %s ...': {text}")
        t.runs.append(Run(left[0][3:], expect_fail, env, left[1:], right[2:], lineno))
    built = {b.name for b in t.builds}
    for r in t.runs:
        if r.build not in built:
            raise RunLineError(f"line {r.lineno}: runs %t.{r.build}, which no RUN line builds")
    return t


def find_tests(directory):
    """Every test file of a directory tree, skipping Inputs/ like lit does."""
    found = []
    for path in sorted(glob.glob(os.path.join(directory, "**", "*.cu"), recursive=True)):
        if "Inputs" in os.path.relpath(path, directory).split(os.sep):
            continue
        found.append(path)
    return found
