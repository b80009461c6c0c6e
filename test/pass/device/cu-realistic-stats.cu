// Realistic kernels (Inputs/kernel_*.cu) compile through the whole plugin
// pipeline and ptxas, and every access of global memory is either checked or
// skipped for a named reason: "unclassified" is 0. The per-kernel counts are
// the ones DESIGN.md's measurements quote.
// RUN: llvm-as %S/Inputs/rt_entry_points.ll -o %t.rt.bc
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O3 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc -mllvm -csan-stats %S/Inputs/kernel_stencil.cu -o %t.stencil.o 2>&1 | FileCheck %s --check-prefixes=CHECK,STENCIL
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O3 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc -mllvm -csan-stats %S/Inputs/kernel_reduce.cu -o %t.reduce.o 2>&1 | FileCheck %s --check-prefixes=CHECK,REDUCE
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O3 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc -mllvm -csan-stats %S/Inputs/kernel_histogram.cu -o %t.histogram.o 2>&1 | FileCheck %s --check-prefixes=CHECK,HISTOGRAM
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O3 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc -mllvm -csan-stats %S/Inputs/kernel_gemm.cu -o %t.gemm.o 2>&1 | FileCheck %s --check-prefixes=CHECK,GEMM
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O0 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc -mllvm -csan-stats %S/Inputs/kernel_gemm.cu -o %t.gemm0.o 2>&1 | FileCheck %s --check-prefixes=CHECK

// CHECK:       csan-device statistics for
// CHECK:       unclassified{{ +}}0
// CHECK:       checks per function:

// jacobi_step: in[i] (center or boundary copy), four neighbours, out[i] (x2 paths).
// STENCIL-DAG: _Z11jacobi_stepPfPKfiif__csan 6
// STENCIL-DAG: _Z8residualPKfS0_iPj__csan 3
// REDUCE-DAG:  _Z10reduce_sumPKfiPf__csan 2
// REDUCE-DAG:  _Z9normalizePfiPKf__csan 2
// HISTOGRAM-DAG: _Z9histogramPKhiPj__csan 2
// HISTOGRAM-DAG: _Z18exclusive_scan_256PKjPj__csan 2
// HISTOGRAM-DAG: _Z14scatter_by_binPKhiPjPi__csan 3
// GEMM-DAG:    _Z11sgemm_tilediiifPKfS0_fPf__csan 3
// GEMM-DAG:    _Z9transposePfPKfii__csan 2
// GEMM-DAG:    _Z15gemv_accumulateiiPKfS0_Pf__csan 13
