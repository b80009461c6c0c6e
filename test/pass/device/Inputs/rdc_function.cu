// Second translation unit of cu-rdc.cu: a device function and no kernel. It
// is instrumented with the context of whatever kernel calls it, read from the
// weak shared slot.
__device__ float scale(float *p, int i) { return p[i + 1] * 2.0f; }
