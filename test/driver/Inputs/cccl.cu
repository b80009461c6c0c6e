// CCCL headers, as nvcc finds them: libcu++, cooperative groups, CUB and
// Thrust, without an -I of the program's own.
#include <cooperative_groups.h>
#include <cub/block/block_reduce.cuh>
#include <cuda/std/atomic>
#include <thrust/device_vector.h>

namespace cg = cooperative_groups;

__global__ void sum(const int *in, int *out) {
  using Reduce = cub::BlockReduce<int, 128>;
  __shared__ typename Reduce::TempStorage tmp;
  cg::thread_block block = cg::this_thread_block();
  int v = Reduce(tmp).Sum(in[block.thread_rank()]);
  if (block.thread_rank() == 0) {
    cuda::std::atomic_ref<int> r(*out);
    r.fetch_add(v);
  }
}

int main() {
  thrust::device_vector<int> in(128, 1), out(1, 0);
  sum<<<1, 128>>>(thrust::raw_pointer_cast(in.data()), thrust::raw_pointer_cast(out.data()));
  return 0;
}
