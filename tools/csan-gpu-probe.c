/* csan-gpu-probe: exits 0 and prints the device name when a CUDA GPU is
 * really usable here (driver present, a device, memory can be allocated),
 * else exits 1 and says why. lit runs it once to set the cuda-gpu feature,
 * and the example runner uses it to say plainly when a GPU is needed.
 *
 * libcudart is opened at run time so the probe itself runs on machines
 * without any CUDA library. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef int (*count_fn)(int *);
typedef int (*malloc_fn)(void **, size_t);
typedef int (*free_fn)(void *);
typedef const char *(*errstr_fn)(int);
typedef int (*props_fn)(void *, int);

int main(int argc, char **argv) {
  int quiet = argc > 1 && strcmp(argv[1], "-q") == 0;
  void *h = dlopen(CSAN_CUDART_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    /* Fall back to the versioned names CUDA installs. */
    const char *names[] = {"libcudart.so.13", "libcudart.so.12"};
    for (unsigned i = 0; !h && i < sizeof names / sizeof names[0]; i++)
      h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  }
  if (!h) {
    if (!quiet) fprintf(stderr, "csan-gpu-probe: no CUDA runtime library: %s\n", dlerror());
    return 1;
  }
  count_fn count = (count_fn)dlsym(h, "cudaGetDeviceCount");
  malloc_fn cmalloc = (malloc_fn)dlsym(h, "cudaMalloc");
  free_fn cfree = (free_fn)dlsym(h, "cudaFree");
  errstr_fn errstr = (errstr_fn)dlsym(h, "cudaGetErrorString");
  props_fn props = (props_fn)dlsym(h, "cudaGetDeviceProperties");
  if (!count || !cmalloc || !cfree || !errstr) {
    if (!quiet) fprintf(stderr, "csan-gpu-probe: CUDA runtime library lacks basic entry points\n");
    return 1;
  }
  int n = 0;
  int err = count(&n);
  if (err != 0 || n == 0) {
    if (!quiet)
      fprintf(stderr, "csan-gpu-probe: no usable CUDA GPU: %s\n",
              err ? errstr(err) : "cudaGetDeviceCount returned 0 devices");
    return 1;
  }
  void *p = 0;
  err = cmalloc(&p, 1 << 20);
  if (err != 0) {
    if (!quiet) fprintf(stderr, "csan-gpu-probe: cudaMalloc failed: %s\n", errstr(err));
    return 1;
  }
  cfree(p);
  if (!quiet) {
    /* cudaDeviceProp starts with char name[256]; the rest is not needed. */
    static char prop[16384];
    if (props && props(prop, 0) == 0)
      printf("%.256s\n", prop);
    else
      printf("CUDA device 0\n");
  }
  return 0;
}
