#!/usr/bin/env python3
"""runtime-once-per-module: what assembling csan's slow path once per module
would give (issue 14; an experiment, not how csan-clang builds today).

In whole-program mode (clang's default for CUDA) ptxas puts a private copy of
every function a kernel can call into that kernel's .text, so every twin
carries the device runtime's slow path. This script takes the PTX that
csan-clang++ makes for each source and assembles it twice for sm_90:

  whole    ptxas as clang runs it (whole program)
  split    ptxas -c --device-function-maxrregcount=32, then nvlink: each
           runtime function once, in a section of its own

and prints, per twin K__csan: its .text in both (bytes, and the ratio to
the original K's .text), the registers nvlink gives it, and per module the
bytes of the runtime functions in the split image. The register cap of the
split build applies to every device function of the module, the user's
too; a real implementation would assemble the runtime alone with it.

  bench/runtime-once-per-module.py [--build DIR] FILE.cu ...
"""
import argparse
import math
import os
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARCH = "sm_90"
TWIN = "__csan"


def sections(path):
    """{section name: bytes} of an ELF file."""
    d = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", d, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize) for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    out = {}
    for h in hdrs:
        name = d[stroff + h[0]:d.index(b"\0", stroff + h[0])].decode()
        out[name] = d[h[4]:h[4] + h[5]]
    return out


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError("%s\n%s" % (" ".join(cmd), p.stdout + p.stderr))
    return p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--cuda", default=os.environ.get("CSAN_CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    cxx = os.path.join(a.build, "bin", "csan-clang++")
    ptxas = os.path.join(a.cuda, "bin", "ptxas")
    nvlink = os.path.join(a.cuda, "bin", "nvlink")
    ratios_whole, ratios_split = [], []
    print("%-28s %-34s %8s %8s %8s %7s %7s %5s" % (
        "file", "kernel", "orig", "whole", "split", "whole/o", "split/o", "regs"))
    with tempfile.TemporaryDirectory(prefix="rt-once-") as tmp:
        for f in a.files:
            base = os.path.join(tmp, os.path.basename(f))
            ptx = base + ".ptx"
            run([cxx, "--cuda-device-only", "-S", "-O2", "--offload-arch=" + ARCH,
                 "-I" + os.path.join(ROOT, "bench"), f, "-o", ptx])
            run([ptxas, "-arch=" + ARCH, "-O3", ptx, "-o", base + ".whole.cubin"])
            run([ptxas, "-arch=" + ARCH, "-O3", "-c", "--device-function-maxrregcount=32",
                 ptx, "-o", base + ".o"])
            log = run([nvlink, "-v", "-arch=" + ARCH, base + ".o", "-o", base + ".split.cubin"])
            regs = dict(re.findall(r"Function properties for '([^']+)':\s*\n\S+ info\s*: used (\d+) registers", log))
            whole, split = sections(base + ".whole.cubin"), sections(base + ".split.cubin")
            for sec in sorted(whole):
                if not (sec.startswith(".text.") and sec.endswith(TWIN)):
                    continue
                k = sec[len(".text."):-len(TWIN)]
                o, w, s = len(whole[".text." + k]), len(whole[sec]), len(split[sec])
                ratios_whole.append(w / o)
                ratios_split.append(s / o)
                print("%-28s %-34s %8d %8d %8d %7.2f %7.2f %5s" % (
                    os.path.relpath(f, ROOT)[:28], k[:34], o, w, s, w / o, s / o,
                    regs.get(k + TWIN, "?")))
            rt = sum(len(v) for n, v in split.items() if n.startswith(".text._ZL"))
            print("%-28s runtime functions once in the split image: %d bytes" % (
                os.path.relpath(f, ROOT)[:28], rt))
    if ratios_whole:
        g = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
        print("%d twins: .text/original geometric mean: whole program %.2fx, split %.2fx" % (
            len(ratios_whole), g(ratios_whole), g(ratios_split)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
