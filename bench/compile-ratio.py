#!/usr/bin/env python3
"""Compile time and device code size of csan-clang++ against plain clang++.

For each CUDA source: CPU time (user+sys) of `-O2 -c --offload-arch=sm_90`,
plain and with csan, as the median of N interleaved pairs (interleaving
cancels the slow periods of a shared machine, where single timings swing by
2x); the cubin sizes of `--cuda-device-only -c`; and the number of checks
-csan-stats counts after the cheap-instrumentation passes.

  bench/compile-ratio.py [--build DIR] [--pairs N] [-O LEVEL] [--csan-flag F]... FILE.cu...

-O sets the optimization level of both compilers (default 2). --csan-flag
adds a flag to csan-clang++'s commands only (e.g. --csan-inline-runtime, to
measure clang's whole-program ptxas step against csan-ptxas). Plain clang
also gets CCCL's include directory, which csan-clang++ adds. The last lines
give the geometric mean and the largest of the per-file ratios.
"""
import math
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_seconds(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--pairs", type=int, default=11)
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    ap.add_argument("--cuda-path", default=os.environ.get("CSAN_CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("-O", dest="opt", default="2")
    ap.add_argument("--csan-flag", action="append", default=[])
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    csan = os.path.join(a.build, "bin", "csan-clang++")
    if not os.access(csan, os.X_OK):
        sys.exit("compile-ratio: no %s (build csan first)" % csan)
    csan_cc = [csan] + a.csan_flag
    common = ["--offload-arch=sm_90", "--cuda-path=" + a.cuda_path, "-Wno-unknown-cuda-version"]
    opt = "-O" + a.opt
    cccl = os.path.join(a.cuda_path, "include", "cccl")
    plain_cc = [a.clang] + (["-isystem", cccl] if os.path.isdir(cccl) else [])
    tmp = tempfile.mkdtemp()
    obj, cubin = os.path.join(tmp, "x.o"), os.path.join(tmp, "x.cubin")
    print("%-28s %8s %8s %6s %7s %9s %9s" %
          ("file", "plain_s", "csan_s", "ratio", "checks", "cubin", "cubin_csan"))
    all_ratios = []
    for f in a.files:
        plain, inst, ratios = [], [], []
        for _ in range(a.pairs):
            p = cpu_seconds(plain_cc + [opt, "-c"] + common + [f, "-o", obj])
            c = cpu_seconds(csan_cc + [opt, "-c"] + common + [f, "-o", obj])
            plain.append(p)
            inst.append(c)
            ratios.append(c / p)
        stats = subprocess.run(csan_cc + [opt, "-c"] + common + [f, "-o", obj, "-mllvm", "-csan-stats"],
                               capture_output=True, text=True).stderr
        m = re.search(r"checks per function:\n((?:[ \t]+\S+ \d+\n)+)", stats)
        checks = sum(int(l.split()[-1]) for l in m.group(1).splitlines()) if m else 0
        sizes = []
        for cc in (plain_cc, csan_cc):
            subprocess.run(cc + [opt, "--cuda-device-only", "-c"] + common + [f, "-o", cubin],
                           stderr=subprocess.DEVNULL, check=True)
            sizes.append(os.path.getsize(cubin))
        print("%-28s %8.2f %8.2f %6.2f %7d %9d %9d" %
              (os.path.relpath(f, ROOT), statistics.median(plain), statistics.median(inst),
               statistics.median(ratios), checks, sizes[0], sizes[1]), flush=True)
        all_ratios.append((statistics.median(ratios), os.path.relpath(f, ROOT)))
    if all_ratios:
        geo = math.exp(sum(math.log(r) for r, _ in all_ratios) / len(all_ratios))
        worst = max(all_ratios)
        print("%d files, %s: geometric mean ratio %.2f, largest %.2f (%s)" %
              (len(all_ratios), opt, geo, worst[0], worst[1]))


if __name__ == "__main__":
    main()
