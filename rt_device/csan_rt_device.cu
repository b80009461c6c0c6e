// Placeholder until the device runtime lands.
extern "C" __device__ void __csan_dev_placeholder(void) {}
