// A complete CUDA program with one inter-stream race (a kernel writes a
// buffer on one stream while another stream's kernel reads it), or its fixed
// twin with -DFIXED (an event orders them). Built by the driver tests with
// csan-clang++; run on a GPU by gpu-run.test.
#include <cstdio>

#include <cuda_runtime.h>

__global__ void produce(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 2.0f * i;
}

__global__ void consume(const float *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i] + 1.0f;
}

int main() {
  const int n = 1024;
  float *p, *out;
  cudaStream_t s1, s2;
  cudaEvent_t done;
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaEventCreate(&done);
  cudaMalloc(&p, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  produce<<<n / 256, 256, 0, s1>>>(p, n);
  cudaEventRecord(done, s1);
#ifdef FIXED
  cudaStreamWaitEvent(s2, done, 0);
#endif
  consume<<<n / 256, 256, 0, s2>>>(p, out, n);
  float host[4];
  cudaMemcpyAsync(host, out, sizeof host, cudaMemcpyDeviceToHost, s2);
  cudaStreamSynchronize(s2);
  cudaDeviceSynchronize();
  std::printf("out[3] = %g\n", host[3]);
  cudaFree(p);
  cudaFree(out);
  return 0;
}
