/* csan-clang, csan-clang++: drop-in replacements for clang and clang++ that
 * build with csan.
 *
 * They run clang-22 with the user's arguments unchanged and add only:
 *   - when something is compiled: -fpass-plugin=<prefix>/lib/csan.so (the
 *     plugin instruments both the host and the device compilation and links
 *     the device runtime itself);
 *   - when CUDA is compiled: --cuda-path (unless given), -Wno-unknown-cuda-version,
 *     -isystem <cuda>/include/cccl (CCCL's headers, where nvcc finds them),
 *     -mllvm -csan-twin-max-threads=1024 unless -fgpu-rdc (twins launchable with
 *     any block size), and, unless the user chose GPU architectures, the
 *     default one with its PTX (--offload-arch=sm_90 --cuda-include-ptx=sm_90)
 *     so newer GPUs JIT it;
 *   - -fgpu-default-stream=per-thread, which clang 22's driver drops for CUDA,
 *     is passed to cc1 with -Xclang;
 *   - when something is linked: the host runtime and the CUDA runtime
 *     (-lcsan_rt -lcudart, with rpaths; libcsan_rt.a when the user links the
 *     static CUDA runtime), and --offload-link for -fgpu-rdc links, without
 *     which clang 22 links relocatable device code into no device image.
 *
 * <prefix> is the parent of the directory holding this executable, so the
 * build tree and an install tree work alike. CSAN_CLANG / CSAN_CLANGXX
 * override the underlying compiler; CSAN_DRIVER_VERBOSE=1 prints the command.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CSAN_CLANG_PATH
#define CSAN_CLANG_PATH "clang-22"
#endif
#ifndef CSAN_CLANGXX_PATH
#define CSAN_CLANGXX_PATH "clang++-22"
#endif
#ifndef CSAN_DEFAULT_GPU_ARCH
#define CSAN_DEFAULT_GPU_ARCH "sm_90"
#endif

/* Options whose value is the next argument (so it is not an input file).
 * Only the ones a CUDA build can plausibly carry; joined spellings (-ofoo,
 * -Ifoo, --opt=value) need no entry. */
static const char *const kSeparateValue[] = {
    "-o", "-x", "-I", "-isystem", "-iquote", "-idirafter", "-imacros", "-include",
    "-isysroot", "-D", "-U", "-L", "-l", "-MF", "-MT", "-MQ", "-Xclang", "-Xlinker",
    "-Xassembler", "-Xpreprocessor", "-Xcuda-ptxas", "-Xcuda-fatbinary", "-Xarch_host",
    "-Xarch_device", "-Xoffload-linker", "-mllvm", "-target", "-arch", "-z", "-u",
    "-T", "-e", "--param", "-working-directory", "-Xopenmp-target", "-ivfsoverlay",
    "-resource-dir", "-gcc-toolchain", "-B", "-F", "-framework", "-serialize-diagnostics",
    "-dependency-file", "-dependency-dot", "-install_name", "-rpath"};

typedef struct args {
  char **v;
  size_t n, cap;
} args;

static void die(const char *what) {
  fprintf(stderr, "csan-clang: error: %s\n", what);
  exit(1);
}

static void push(args *a, const char *s) {
  if (a->n + 1 >= a->cap) {
    a->cap = a->cap ? a->cap * 2 : 64;
    a->v = realloc(a->v, a->cap * sizeof *a->v);
    if (!a->v)
      die("out of memory");
  }
  a->v[a->n] = strdup(s);
  if (!a->v[a->n])
    die("out of memory");
  a->n++;
  a->v[a->n] = NULL;
}

static void args_free(args *a) {
  for (size_t i = 0; i < a->n; i++)
    free(a->v[i]);
  free(a->v);
  memset(a, 0, sizeof *a);
}

static void pushf(args *a, const char *fmt, const char *x) {
  char buf[PATH_MAX + 64];
  snprintf(buf, sizeof buf, fmt, x);
  push(a, buf);
}

static bool takes_separate_value(const char *s) {
  for (size_t i = 0; i < sizeof kSeparateValue / sizeof kSeparateValue[0]; i++)
    if (strcmp(s, kSeparateValue[i]) == 0)
      return true;
  return false;
}

static bool starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool ends(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* What the command line asks clang to do, as far as csan cares. */
typedef struct plan {
  bool compiles;     /* some input is compiled (not only linked) */
  bool cuda;         /* some input is compiled as CUDA */
  bool links;        /* clang will run the linker */
  bool info_only;    /* --version, -###-free queries like -print-* */
  bool has_arch;     /* --offload-arch / --cuda-gpu-arch / --no-offload-arch given */
  bool has_cuda_path;
  const char *cuda_path; /* --cuda-path's value, when given */
  bool rdc;          /* -fgpu-rdc (and not -fno-gpu-rdc after it) */
  bool offload_link; /* --offload-link already given */
  bool static_cudart;
  bool has_plugin;   /* the user already loads csan.so */
  bool no_fatbin;    /* no fatbinary is made (device-only, -S, -E, ...) */
  int inputs;
} plan;

static bool is_source(const char *f) {
  static const char *const kSrc[] = {".c", ".cc", ".cpp", ".cxx", ".C", ".c++", ".cu", ".i", ".ii",
                                     ".cui", ".m", ".mm", ".ll", ".bc", ".s", ".S"};
  for (size_t i = 0; i < sizeof kSrc / sizeof kSrc[0]; i++)
    if (ends(f, kSrc[i]))
      return true;
  return false;
}

static void classify(int argc, char **argv, plan *p) {
  bool stop_before_link = false;
  const char *lang = NULL; /* current -x */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] == '-' && a[1] != '\0') {
      if (strcmp(a, "-c") == 0 || strcmp(a, "-S") == 0 || strcmp(a, "-E") == 0 ||
          strcmp(a, "-fsyntax-only") == 0 || strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0 ||
          strcmp(a, "--precompile") == 0)
        stop_before_link = true;
      if (strcmp(a, "-S") == 0 || strcmp(a, "-E") == 0 || strcmp(a, "-fsyntax-only") == 0 ||
          strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0 || strcmp(a, "--cuda-device-only") == 0 ||
          strcmp(a, "--offload-device-only") == 0 || strcmp(a, "--cuda-host-only") == 0 ||
          strcmp(a, "--offload-host-only") == 0)
        p->no_fatbin = true;
      else if (strcmp(a, "--version") == 0 || starts(a, "-print-") || starts(a, "--print-") ||
               strcmp(a, "-dumpversion") == 0 || strcmp(a, "-dumpmachine") == 0 ||
               strcmp(a, "--help") == 0 || strcmp(a, "--help-hidden") == 0)
        p->info_only = true;
      else if (starts(a, "--offload-arch=") || starts(a, "--cuda-gpu-arch=") ||
               starts(a, "--no-offload-arch") || strcmp(a, "--offload-arch") == 0)
        p->has_arch = true;
      else if (starts(a, "--cuda-path=")) {
        p->has_cuda_path = true;
        p->cuda_path = a + strlen("--cuda-path=");
      } else if (strcmp(a, "--cuda-path") == 0) {
        p->has_cuda_path = true;
        p->cuda_path = i + 1 < argc ? argv[i + 1] : NULL;
      }
      else if (strcmp(a, "-fgpu-rdc") == 0)
        p->rdc = true;
      else if (strcmp(a, "-fno-gpu-rdc") == 0)
        p->rdc = false;
      else if (strcmp(a, "--offload-link") == 0)
        p->offload_link = true;
      else if (strcmp(a, "-lcudart_static") == 0)
        p->static_cudart = true;
      else if (starts(a, "-fpass-plugin=") && ends(a, "/csan.so"))
        p->has_plugin = true;
      else if (strcmp(a, "-x") == 0 && i + 1 < argc)
        lang = strcmp(argv[i + 1], "none") == 0 ? NULL : argv[i + 1];
      else if (starts(a, "-x") && a[2])
        lang = strcmp(a + 2, "none") == 0 ? NULL : a + 2;
      if (strcmp(a, "-l") == 0 && i + 1 < argc && strcmp(argv[i + 1], "cudart_static") == 0)
        p->static_cudart = true;
      if (takes_separate_value(a))
        i++;
      continue;
    }
    if (a[0] == '@') /* response file: contents are passed through as they are */
      continue;
    /* An input. */
    p->inputs++;
    bool as_cuda = lang ? strcmp(lang, "cuda") == 0 : ends(a, ".cu");
    bool compiled = lang ? true : is_source(a);
    if (strcmp(a, "-") == 0)
      compiled = true;
    if (compiled)
      p->compiles = true;
    if (as_cuda)
      p->cuda = true;
  }
  p->links = !stop_before_link && !p->info_only && p->inputs > 0;
}

/* <prefix> from /proc/self/exe: <prefix>/bin/csan-clang. */
static void prefix_dir(char *out, size_t len) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    die("cannot find my own location (/proc/self/exe)");
  exe[n] = '\0';
  char *bin = dirname(exe);
  char tmp[PATH_MAX];
  snprintf(tmp, sizeof tmp, "%s", bin);
  snprintf(out, len, "%s", dirname(tmp));
}

/* Where csan lives: <prefix>/lib holds csan.so and the runtimes. */
typedef struct layout {
  char prefix[PATH_MAX], libdir[PATH_MAX + 8], plugin[PATH_MAX + 32];
} layout;

/* The user's arguments, with -fgpu-default-stream= handed to cc1: clang 22's
 * driver forwards it only for HIP and warns that it is unused for CUDA; cc1
 * honours it for CUDA (the headers then select the _ptsz/_ptds entry points
 * and <<<>>> calls cudaLaunchKernel_ptsz). */
static void add_user_args(args *out, int argc, char **argv, const plan *p) {
  for (int i = 1; i < argc; i++) {
    if (starts(argv[i], "-fgpu-default-stream=") && strcmp(argv[i - 1], "-Xclang") != 0) {
      if (p->compiles) {
        push(out, "-Xclang");
        push(out, argv[i]);
      }
      continue;
    }
    push(out, argv[i]);
  }
}

/* The plugin, for anything compiled. */
static void add_plugin(args *out, const plan *p, const layout *l) {
  if (!p->compiles || p->info_only || p->has_plugin)
    return;
  if (!exists(l->plugin)) {
    fprintf(stderr, "csan-clang: error: the csan plugin is missing: %s (%s); "
                    "build csan or reinstall it\n", l->plugin, strerror(errno));
    exit(1);
  }
  pushf(out, "-fpass-plugin=%s", l->plugin);
}

/* CUDA: the toolkit, its CCCL headers, the twins' launch bounds, the
 * default architecture. */
static void add_cuda_flags(args *out, const plan *p) {
  if (!p->cuda || p->info_only)
    return;
  const char *cuda = p->cuda_path;
  if (!p->has_cuda_path) {
    cuda = getenv("CSAN_CUDA_PATH");
    if (!cuda || !*cuda)
      cuda = CSAN_CUDA_PATH_DEFAULT;
    pushf(out, "--cuda-path=%s", cuda);
  }
  push(out, "-Wno-unknown-cuda-version");
  /* CUDA 13 keeps CCCL (libcu++ <cuda/std/...>, CUB, Thrust, and what
   * cooperative_groups includes) in include/cccl, which nvcc adds to the
   * search path and clang does not. As a system folder: after the user's
   * own -I folders, so a CCCL of the user's choice wins. */
  if (cuda && p->compiles) {
    char cccl[PATH_MAX + 32];
    snprintf(cccl, sizeof cccl, "%s/include/cccl", cuda);
    if (exists(cccl)) {
      push(out, "-isystem");
      push(out, cccl);
    }
  }
  /* Whole-program device code: bound the twins' block size so every launch
   * of a kernel can launch its twin (-fgpu-rdc cannot: see the pass). */
  if (p->compiles && !p->rdc) {
    push(out, "-mllvm");
    push(out, "-csan-twin-max-threads=1024");
  }
  if (!p->has_arch) {
    push(out, "--offload-arch=" CSAN_DEFAULT_GPU_ARCH);
    /* PTX goes into the fatbinary; without one clang would call it unused. */
    if (!p->no_fatbin)
      push(out, "--cuda-include-ptx=" CSAN_DEFAULT_GPU_ARCH);
  }
}

/* A runtime library of csan's, which must exist. */
static void lib_path(char *buf, size_t n, const layout *l, const char *name) {
  snprintf(buf, n, "%s/%s", l->libdir, name);
  if (!exists(buf)) {
    fprintf(stderr, "csan-clang: error: the csan runtime is missing: %s\n", buf);
    exit(1);
  }
}

/* Linking: csan's host runtime, then the CUDA runtime it calls. */
static void add_link_flags(args *out, const plan *p, const layout *l) {
  if (!p->links)
    return;
  if (p->rdc && !p->offload_link)
    push(out, "--offload-link");
  char lib[PATH_MAX + 32];
  if (p->static_cudart) {
    lib_path(lib, sizeof lib, l, "libcsan_rt.a");
    push(out, lib);
    /* libcsan_rt.a calls the CUDA runtime: cudart must follow it. */
    pushf(out, "-L%s", CSAN_CUDA_LIBDIR);
    push(out, "-lcudart_static");
    push(out, "-lpthread");
    push(out, "-ldl");
    push(out, "-lrt");
    return;
  }
  lib_path(lib, sizeof lib, l, "libcsan_rt.so");
  pushf(out, "-L%s", l->libdir);
  pushf(out, "-Wl,-rpath,%s", l->libdir);
  push(out, "-lcsan_rt");
  pushf(out, "-L%s", CSAN_CUDA_LIBDIR);
  pushf(out, "-Wl,-rpath,%s", CSAN_CUDA_LIBDIR);
  push(out, "-lcudart");
}

int main(int argc, char **argv) {
  const char *self = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
  bool cxx = strstr(self, "++") != NULL;
  const char *clang = getenv(cxx ? "CSAN_CLANGXX" : "CSAN_CLANG");
  if (!clang || !*clang)
    clang = cxx ? CSAN_CLANGXX_PATH : CSAN_CLANG_PATH;

  layout l;
  prefix_dir(l.prefix, sizeof l.prefix);
  snprintf(l.libdir, sizeof l.libdir, "%s/lib", l.prefix);
  snprintf(l.plugin, sizeof l.plugin, "%s/csan.so", l.libdir);

  plan p = {0};
  classify(argc, argv, &p);

  args out = {0};
  push(&out, clang);
  add_user_args(&out, argc, argv, &p);
  add_plugin(&out, &p, &l);
  add_cuda_flags(&out, &p);
  add_link_flags(&out, &p, &l);

  const char *verbose = getenv("CSAN_DRIVER_VERBOSE");
  if (verbose && *verbose && strcmp(verbose, "0") != 0) {
    for (size_t i = 0; i < out.n; i++)
      fprintf(stderr, "%s%s", i ? " " : "", out.v[i]);
    fputc('\n', stderr);
  }
  execvp(out.v[0], out.v);
  fprintf(stderr, "csan-clang: error: cannot run %s: %s\n", out.v[0], strerror(errno));
  args_free(&out);
  return 1;
}
