// The shadow engine on a real GPU, without the host runtime: this program
// builds a shadow (directory, one page, pool, race table) in device memory
// by hand, runs csan's own kernels on it and calls the device runtime's
// entry points from test kernels, then reads the race table and the page
// back. Checks: an unordered write/read pair on a 4 KiB buffer is one race
// entry with the exact hull, once per granule with warp aggregation and
// once per thread without; merged masks lose no byte; an ordered read
// finds nothing; a FREE by csan_rk_access drops ordered records and a later
// read is a use-after-free.
// REQUIRES: cuda-gpu
// RUN: %clangxx -x cuda %cuda_flags --cuda-gpu-arch=%gpu_arch -O2 -std=c++17 \
// RUN:   -I%csan_src/rt_device %s -o %t -L%cuda_libdir -lcudart -Wl,-rpath,%cuda_libdir
// RUN: %t | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_rt_device.cu"
#include "csan_rt_kernels.cu"

#define CHECK_CUDA(x)                                                                      \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                             \
      exit(2);                                                                             \
    }                                                                                      \
  } while (0)

#define THREADS 1024
#define RACES 1024
#define POOL_BLOCKS 1024

// Each thread touches 4 bytes of buf; the context lives in global memory.
__global__ void write_each(const csan_launch_ctx *ctx, float *buf) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  __csan_dev_write4(ctx, &buf[i], 32);
  buf[i] = 1.0f;
}

__global__ void read_each(const csan_launch_ctx *ctx, const float *buf, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  __csan_dev_read4(ctx, &buf[i], 64);
  out[i] = buf[i];
}

static uint64_t *l1, *l2, page;
static csan_pool *pool;
static csan_race_table *races;
static csan_launch_ctx *dctx;

static csan_launch_ctx ctx_for(uint32_t slot, csan_epoch_t epoch, uint32_t flags) {
  csan_launch_ctx c;
  memset(&c, 0, sizeof c);
  c.magic = CSAN_CTX_MAGIC;
  c.abi_version = CSAN_ABI_VERSION;
  c.slot = (uint16_t)slot;
  c.epoch = epoch;
  c.flags = flags;
  c.shadow_dir = (uint64_t)(uintptr_t)l1;
  c.pool = (uint64_t)(uintptr_t)pool;
  c.races = (uint64_t)(uintptr_t)races;
  c.vc[slot] = epoch - 1;
  return c;
}

static const csan_launch_ctx *upload(const csan_launch_ctx *c) {
  CHECK_CUDA(cudaMemcpy(dctx, c, sizeof *c, cudaMemcpyHostToDevice));
  return dctx;
}

static void clear_races(void) {
  CHECK_CUDA(cudaMemset(races, 0, CSAN_RACE_ENTRIES_OFFSET + RACES * sizeof(csan_race)));
  uint32_t cap = RACES;
  CHECK_CUDA(cudaMemcpy(&races->capacity, &cap, 4, cudaMemcpyHostToDevice));
}

// Prints the READY entries and clears the table.
static void dump(const char *label, uint64_t base) {
  size_t bytes = CSAN_RACE_ENTRIES_OFFSET + RACES * sizeof(csan_race);
  csan_race_table *t = (csan_race_table *)malloc(bytes);
  CHECK_CUDA(cudaMemcpy(t, races, bytes, cudaMemcpyDeviceToHost));
  csan_race *e = (csan_race *)((char *)t + CSAN_RACE_ENTRIES_OFFSET);
  unsigned n = 0;
  for (uint32_t i = 0; i < RACES; i++)
    n += e[i].state == CSAN_RACE_READY;
  printf("== %s: %u entr%s, dropped %u\n", label, n, n == 1 ? "y" : "ies", t->dropped);
  for (uint32_t i = 0; i < RACES; i++)
    if (e[i].state == CSAN_RACE_READY)
      printf("race slot %u site %u vs slot %u site %u kind %s [%lld, %lld) count %llu\n",
             e[i].slot, e[i].site, CSAN_TAG_GET_SLOT(e[i].other), e[i].other_site,
             (e[i].other & CSAN_TAG_FREE) ? "free" : (e[i].other & CSAN_TAG_WRITE) ? "write" : "read",
             (long long)(e[i].lo - base), (long long)(e[i].hi - base),
             (unsigned long long)e[i].count);
  free(t);
  clear_races();
}

// Granules of buf whose cell 0 (without control bits) is a and cell 1 is b.
static unsigned granules_with(uint64_t base, csan_tag_t a, csan_tag_t b) {
  size_t bytes = 4096 / 16 * 16;
  uint64_t *tags = (uint64_t *)malloc(bytes);
  uint64_t off = (base & (CSAN_PAGE_SIZE - 1)) / 16 * 16;
  CHECK_CUDA(cudaMemcpy(tags, (char *)(uintptr_t)page + off, bytes, cudaMemcpyDeviceToHost));
  unsigned n = 0;
  for (unsigned g = 0; g < 4096 / 16; g++)
    n += (tags[2 * g] & ~CSAN_TAG_CELL0_BITS) == a && tags[2 * g + 1] == b;
  free(tags);
  return n;
}

int main(void) {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 4096));
  CHECK_CUDA(cudaMalloc(&out, 4096));
  uint64_t base = (uint64_t)(uintptr_t)buf;
  if (base >> CSAN_VA_BITS || (base & (CSAN_PAGE_SIZE - 1)) + 4096 > CSAN_PAGE_SIZE) {
    printf("buffer outside one shadowed page\n");
    return 1;
  }
  CHECK_CUDA(cudaMalloc(&l1, 8u << CSAN_L1_BITS));
  CHECK_CUDA(cudaMalloc(&l2, 8u << CSAN_L2_BITS));
  void *p;
  CHECK_CUDA(cudaMalloc(&p, CSAN_PAGE_SHADOW_BYTES));
  page = (uint64_t)(uintptr_t)p;
  CHECK_CUDA(cudaMalloc(&pool, CSAN_POOL_BLOCKS_OFFSET + (POOL_BLOCKS + 1) * sizeof(csan_pool_block)));
  CHECK_CUDA(cudaMalloc(&races, CSAN_RACE_ENTRIES_OFFSET + RACES * sizeof(csan_race)));
  CHECK_CUDA(cudaMalloc(&dctx, sizeof(csan_launch_ctx)));
  CHECK_CUDA(cudaMemset(l1, 0, 8u << CSAN_L1_BITS));
  CHECK_CUDA(cudaMemset(l2, 0, 8u << CSAN_L2_BITS));
  uint64_t l2addr = (uint64_t)(uintptr_t)l2;
  CHECK_CUDA(cudaMemcpy(l1 + (base >> CSAN_L1_SHIFT), &l2addr, 8, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(l2 + ((base >> CSAN_PAGE_SHIFT) & ((1u << CSAN_L2_BITS) - 1)), &page, 8,
                        cudaMemcpyHostToDevice));
  csan_pool ph;
  memset(&ph, 0, sizeof ph);
  ph.capacity = POOL_BLOCKS + 1;
  ph.next_free = 1;
  CHECK_CUDA(cudaMemcpy(pool, &ph, sizeof ph, cudaMemcpyHostToDevice));
  clear_races();
  dump("empty", base);
  // CHECK-LABEL: == empty: 0 entries, dropped 0

  // The page: all untracked, then the buffer tracked and empty.
  csan_rk_fill_params fp;
  memset(&fp, 0, sizeof fp);
  fp.mode = CSAN_RK_FILL_NEW_PAGE;
  fp.page = page;
  csan_rk_fill<<<csan_rk_grid(csan_rk_fill_items(&fp), 1024), CSAN_RK_BLOCK>>>(fp);
  fp.mode = CSAN_RK_FILL_EMPTY;
  fp.shadow_dir = (uint64_t)(uintptr_t)l1;
  fp.pool = (uint64_t)(uintptr_t)pool;
  fp.base = base;
  fp.size = 4096;
  csan_rk_fill<<<csan_rk_grid(csan_rk_fill_items(&fp), 1024), CSAN_RK_BLOCK>>>(fp);
  CHECK_CUDA(cudaDeviceSynchronize());

  // Slot 1 writes, slot 2 reads without being ordered after it.
  csan_launch_ctx a = ctx_for(1, 1, 0);
  write_each<<<THREADS / 256, 256>>>(upload(&a), buf);
  CHECK_CUDA(cudaDeviceSynchronize());
  csan_launch_ctx b = ctx_for(2, 1, 0);
  read_each<<<THREADS / 256, 256>>>(upload(&b), buf, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  dump("aggregated", base);
  // CHECK-LABEL: == aggregated: 1 entry, dropped 0
  // With aggregation one slow path per granule and warp (256 granules), at
  // most one per thread.
  // CHECK-NEXT: race slot 2 site 64 vs slot 1 site 32 kind write [0, 4096) count {{(25[6-9]|2[6-9][0-9]|[3-9][0-9][0-9]|10[01][0-9]|102[0-4])$}}
  printf("granules with both records whole: %u\n",
         granules_with(base, CSAN_TAG_MAKE(0xffff, CSAN_TAG_WRITE, 1, 1),
                       CSAN_TAG_MAKE(0xffff, 0, 2, 1)));
  // CHECK: granules with both records whole: 256

  csan_launch_ctx c = ctx_for(3, 1, CSAN_CTX_F_NO_WARP_AGGREGATION);
  read_each<<<THREADS / 256, 256>>>(upload(&c), buf, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  dump("per thread", base);
  // CHECK-LABEL: == per thread: 1 entry, dropped 0
  // CHECK-NEXT: race slot 3 site 64 vs slot 1 site 32 kind write [0, 4096) count 1024

  csan_launch_ctx d = ctx_for(4, 1, 0);
  d.vc[1] = 1;
  read_each<<<THREADS / 256, 256>>>(upload(&d), buf, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  dump("ordered read", base);
  // CHECK-LABEL: == ordered read: 0 entries, dropped 0

  // A free ordered after everything, by csan's range kernel.
  csan_launch_ctx f = ctx_for(5, 1, CSAN_CTX_F_RANGE_OP);
  for (int s = 1; s <= 4; s++)
    f.vc[s] = 1;
  csan_rk_access_params ap;
  memset(&ap, 0, sizeof ap);
  ap.base = base;
  ap.width = 4096;
  ap.rows = 1;
  ap.slices = 1;
  ap.size = 4096;
  ap.access = CSAN_ACC_FREE | CSAN_ACC_WRITE;
  csan_rk_access<<<csan_rk_grid(csan_rk_access_items(&ap), 1024), CSAN_RK_BLOCK>>>(ap, f);
  CHECK_CUDA(cudaDeviceSynchronize());
  dump("ordered free", base);
  // CHECK-LABEL: == ordered free: 0 entries, dropped 0
  printf("granules holding only the free: %u\n",
         granules_with(base, CSAN_TAG_MAKE(0xffff, CSAN_TAG_FREE | CSAN_TAG_WRITE, 5, 1), 0));
  // CHECK: granules holding only the free: 256

  csan_launch_ctx u = ctx_for(6, 1, 0);
  u.vc[5] = 1;
  read_each<<<THREADS / 256, 256>>>(upload(&u), buf, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  dump("use after free", base);
  // CHECK-LABEL: == use after free: 1 entry, dropped 0
  // CHECK-NEXT: race slot 6 site 64 vs slot 5 site 0 kind free [0, 4096)
  return 0;
}
