// Second translation unit of cu-rdc.cu: a device function and no kernel.
// csan gives it a clone, scale__csan, checked with the context its caller
// passes; the original stays as written.
__device__ float scale(float *p, int i) { return p[i + 1] * 2.0f; }
