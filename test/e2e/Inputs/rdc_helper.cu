// Device function of rdc_device_function.cu, in its own translation unit
// (linked with -fgpu-rdc). The test checks the report's frame at the line
// of the store below by number: keep it on line 7.
__device__ __noinline__ void store_scaled(float *dst, int i, float k) {
  float v = k * (float)i;
  // (the checked line follows)
  dst[i] = v;
}
