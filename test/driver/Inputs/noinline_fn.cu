// A device function ptxas keeps as a function (not inlined): csan-ptxas
// leaves such a module to the real ptxas as a whole program.
__device__ __noinline__ int twice(int v) { return 2 * v; }
__global__ void k(int *p) { p[threadIdx.x] = twice(p[threadIdx.x]); }
