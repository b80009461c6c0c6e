/* csan-clang, csan-clang++: drop-in replacements for clang and clang++ that
 * build with csan.
 *
 * They run clang-22 with the user's arguments and add only:
 *   - when something is compiled: -fpass-plugin=<prefix>/lib/csan.so (the
 *     plugin instruments both the host and the device compilation and links
 *     the device runtime itself);
 *   - when something is compiled and the user did not choose
 *     -f[no-]omit-frame-pointer: -Xarch_host -fno-omit-frame-pointer (csan
 *     records a host stack at each CUDA call; frame pointers make that cheap);
 *   - when CUDA is compiled: --cuda-path (unless given), -Wno-unknown-cuda-version,
 *     -isystem <cuda>/include/cccl (CCCL's headers, where nvcc finds them),
 *     -csan-twin-max-threads=1024 and -csan-twin-max-regs=32 unless -fgpu-rdc
 *     (twins launchable with any block size, at full occupancy), and
 *     unless --csan-inline-runtime, -csan-runtime-object with
 *     --ptxas-path=<prefix>/bin/csan-ptxas (the device runtime's slow path
 *     assembled once per module, not once per kernel: csan-ptxas.c; the
 *     real ptxas, the toolkit's or the user's --ptxas-path, is passed on in
 *     CSAN_PTXAS, the toolkit's nvlink in CSAN_NVLINK), and, unless the user chose GPU architectures, the
 *     default one (--offload-arch=sm_90) with its PTX (--cuda-include-ptx=sm_90,
 *     not under -fgpu-rdc, where clang embeds none) so newer GPUs JIT it;
 *   - -fgpu-default-stream=per-thread, which clang 22's driver drops for CUDA,
 *     is passed to cc1 with -Xclang;
 *   - when something is linked: the host runtime and the CUDA runtime
 *     (-lcsan_rt -lcudart, with rpaths; libcsan_rt.a when the user links the
 *     static CUDA runtime), and --offload-link for -fgpu-rdc links of objects
 *     (no CUDA compiled in the same command), without which clang 22 links
 *     relocatable device code into no device image.
 *
 * csan's own flag --csan-host-accesses becomes -csan-host-accesses for cc1
 * (host loads and stores checked against the device's work, issue 18);
 * --csan-inline-runtime (or CSAN_INLINE_RUNTIME=1 in the environment, for a
 * whole build) keeps clang's own whole-program ptxas step (each kernel with
 * its own copy of the runtime: larger, but every original kernel's SASS
 * byte for byte what plain clang makes).
 *
 * Arguments are rewritten in three cases only:
 *   - response files (@file, as CMake and Ninja write for long command lines)
 *     are expanded first, nested ones too, with clang's GNU quoting rules, so
 *     what they hold is classified like the command line; a file that cannot
 *     be read stays an argument, as clang leaves it;
 *   - pass options for csan (-mllvm -csan-..., the user's and csan's own) go
 *     to cc1 only, as -Xclang -mllvm -Xclang -csan-...: the assembler job of
 *     -save-temps (cc1as) and an LTO link load no plugin and would reject
 *     them; a command that compiles nothing drops them (CMake passes compile
 *     flags to the link line too);
 *   - -fgpu-default-stream=per-thread (below).
 * A command line longer than kMaxDirectBytes is handed to clang in a
 * temporary response file.
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
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
/* Register cap of twins in whole-program compiles: 32 registers give every
 * warp slot of an SM (65536 / (32 * 32) = 64 warps); the slow path, which
 * needs ~120 unbounded, spills inside itself instead (issue 14). */
#define CSAN_TWIN_MAX_REGS "32"

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

/* Response files. clang expands `@file` arguments before it parses the
 * command line (llvm::cl::ExpansionContext with the GNU tokenizer): the file
 * is split at whitespace; a backslash escapes the next character, also inside
 * quotes; single or double quotes group; an empty quoted word is no word.
 * Nested @file arguments are expanded too, relative to the current directory
 * as clang does, and a file that cannot be read stays a plain argument. */
static void tokenize_gnu(const char *src, size_t n, args *out) {
  char *tok = malloc(n + 1);
  if (!tok)
    die("out of memory");
  size_t len = 0;
  for (size_t i = 0; i < n; i++) {
    char c = src[i];
    if (len == 0 && (c == ' ' || c == '\t' || c == '\r' || c == '\n'))
      continue;
    if (c == '\\' && i + 1 < n) {
      tok[len++] = src[++i];
      continue;
    }
    if (c == '"' || c == '\'') {
      for (i++; i < n && src[i] != c; i++) {
        if (src[i] == '\\' && i + 1 < n)
          i++;
        tok[len++] = src[i];
      }
      if (i == n)
        break;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      tok[len] = '\0';
      push(out, tok);
      len = 0;
      continue;
    }
    tok[len++] = c;
  }
  if (len) {
    tok[len] = '\0';
    push(out, tok);
  }
  free(tok);
}

static bool read_file(const char *path, char **data, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  if (!buf)
    die("out of memory");
  size_t got;
  while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      cap *= 2;
      buf = realloc(buf, cap);
      if (!buf)
        die("out of memory");
    }
  }
  bool ok = !ferror(f);
  fclose(f);
  if (!ok) {
    free(buf);
    return false;
  }
  /* A UTF-8 byte order mark is not part of the first word. */
  if (n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
    memmove(buf, buf + 3, n - 3);
    n -= 3;
  }
  *data = buf;
  *len = n;
  return true;
}

/* Appends arg to out, expanded when it names a response file. depth bounds
 * nesting (a file that includes itself). */
static void expand_arg(const char *arg, args *out, int depth) {
  char *data;
  size_t len;
  if (arg[0] != '@' || !read_file(arg + 1, &data, &len)) {
    push(out, arg);
    return;
  }
  if (depth > 64) {
    fprintf(stderr, "csan-clang: error: response files nest too deeply (recursive?): %s\n", arg);
    exit(1);
  }
  args inner = {0};
  tokenize_gnu(data, len, &inner);
  free(data);
  for (size_t i = 0; i < inner.n; i++) {
    expand_arg(inner.v[i], out, depth + 1);
    free(inner.v[i]);
  }
  free(inner.v);
}

/* argv[1..] with every response file expanded; argv[0] kept. */
static void expand_response_files(int argc, char **argv, args *out) {
  push(out, argv[0]);
  for (int i = 1; i < argc; i++)
    expand_arg(argv[i], out, 0);
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
  bool no_ptxas;     /* clang runs no ptxas (-S, -E, host-only, -emit-llvm, ...) */
  bool frame_pointer_chosen; /* -f[no-]omit-frame-pointer given */
  bool inline_runtime;       /* --csan-inline-runtime */
  const char *ptxas_path;    /* the user's --ptxas-path, when given */
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
      if (strcmp(a, "-S") == 0 || strcmp(a, "-E") == 0 || strcmp(a, "-fsyntax-only") == 0 ||
          strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0 || strcmp(a, "--precompile") == 0 ||
          strcmp(a, "-emit-llvm") == 0 || strcmp(a, "--cuda-host-only") == 0 ||
          strcmp(a, "--offload-host-only") == 0)
        p->no_ptxas = true;
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
      else if (strcmp(a, "-fomit-frame-pointer") == 0 || strcmp(a, "-fno-omit-frame-pointer") == 0)
        p->frame_pointer_chosen = true;
      else if (strcmp(a, "-fgpu-rdc") == 0)
        p->rdc = true;
      else if (strcmp(a, "--csan-inline-runtime") == 0)
        p->inline_runtime = true;
      else if (starts(a, "--ptxas-path=") && !ends(a, "/csan-ptxas") &&
               strcmp(a, "--ptxas-path=csan-ptxas") != 0)
        p->ptxas_path = a + strlen("--ptxas-path="); /* csan-ptxas: ours, not the real one */
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
    /* An @file left after expansion could not be read: clang reports it
     * as a missing input. */
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

/* csan-ptxas assembles the device code (add_runtime_object): a CUDA compile
 * in which clang runs ptxas, unless --csan-inline-runtime. */
static bool uses_runtime_object(const plan *p) {
  return p->cuda && p->compiles && !p->info_only && !p->no_ptxas && !p->inline_runtime;
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

/* A pass option for csan, for cc1 only: -Xclang -mllvm -Xclang <opt>. Given
 * to the driver as -mllvm <opt>, clang would also hand it to jobs that load
 * no plugin and reject the unknown option: the assembler of -save-temps
 * (cc1as) and the LTO linker plugin (-plugin-opt). */
static void push_cc1_llvm_option(args *out, const char *opt) {
  push(out, "-Xclang");
  push(out, "-mllvm");
  push(out, "-Xclang");
  push(out, opt);
}

/* The user's arguments, with two rewrites:
 *  - -mllvm -csan-... (or -mllvm=-csan-...) goes to cc1 only
 *    (push_cc1_llvm_option), and nowhere
 *    when nothing is compiled (a link line: no job there runs csan's passes);
 *  - -fgpu-default-stream= is handed to cc1: clang 22's driver forwards it
 *    only for HIP and warns that it is unused for CUDA; cc1 honours it for
 *    CUDA (the headers then select the _ptsz/_ptds entry points and <<<>>>
 *    calls cudaLaunchKernel_ptsz). */
static void add_user_args(args *out, int argc, char **argv, const plan *p) {
  for (int i = 1; i < argc; i++) {
    bool after_xclang = strcmp(argv[i - 1], "-Xclang") == 0;
    if (strcmp(argv[i], "-mllvm") == 0 && !after_xclang && i + 1 < argc &&
        starts(argv[i + 1], "-csan")) {
      if (p->compiles)
        push_cc1_llvm_option(out, argv[i + 1]);
      i++;
      continue;
    }
    if (starts(argv[i], "-mllvm=-csan") && !after_xclang) {
      if (p->compiles)
        push_cc1_llvm_option(out, argv[i] + strlen("-mllvm="));
      continue;
    }
    if (strcmp(argv[i], "--csan-inline-runtime") == 0)
      continue; /* csan-clang's own (add_cuda_flags) */
    /* The user's ptxas is csan-ptxas's real one (add_cuda_flags). */
    if (starts(argv[i], "--ptxas-path=") && uses_runtime_object(p))
      continue;
    if (strcmp(argv[i], "--csan-host-accesses") == 0) {
      /* csan's own flag: check host loads and stores against the device's
       * work on pinned, registered and managed memory (issue 18), in CUDA
       * and plain C/C++ sources alike. */
      if (p->compiles)
        push_cc1_llvm_option(out, "-csan-host-accesses");
      continue;
    }
    if (starts(argv[i], "-fgpu-default-stream=") && !after_xclang) {
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

/* The runtime object: csan-ptxas as clang's ptxas, told where the real one
 * is, and the plugin's external names for the runtime's slow path. */
static void add_runtime_object(args *out, const plan *p, const layout *l, const char *cuda) {
  char wrapper[PATH_MAX + 32], real[PATH_MAX + 32];
  snprintf(wrapper, sizeof wrapper, "%s/bin/csan-ptxas", l->prefix);
  if (!exists(wrapper)) {
    fprintf(stderr, "csan-clang: error: csan-ptxas is missing: %s (%s); build csan or reinstall "
                    "it\n", wrapper, strerror(errno));
    exit(1);
  }
  if (p->ptxas_path)
    snprintf(real, sizeof real, "%s", p->ptxas_path);
  else
    snprintf(real, sizeof real, "%s/bin/ptxas", cuda ? cuda : CSAN_CUDA_PATH_DEFAULT);
  char nvlink[PATH_MAX + 32];
  snprintf(nvlink, sizeof nvlink, "%s/bin/nvlink", cuda ? cuda : CSAN_CUDA_PATH_DEFAULT);
  if (setenv("CSAN_PTXAS", real, 1) != 0 || setenv("CSAN_NVLINK", nvlink, 1) != 0)
    die("cannot set CSAN_PTXAS");
  pushf(out, "--ptxas-path=%s", wrapper);
  push_cc1_llvm_option(out, "-csan-runtime-object");
}

/* CUDA: the toolkit, its CCCL headers, the twins' launch bounds, the
 * default architecture. */
static void add_cuda_flags(args *out, const plan *p, const layout *l) {
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
    push_cc1_llvm_option(out, "-csan-twin-max-threads=1024");
    /* and their registers: the slow path's would be the twin's (issue 14) */
    push_cc1_llvm_option(out, "-csan-twin-max-regs=" CSAN_TWIN_MAX_REGS);
  }
  /* The slow path once per module, not in every twin (issue 14), and
   * under -fgpu-rdc capped once per object, where clang assembles the
   * device code (else --ptxas-path would be an unused argument). */
  if (uses_runtime_object(p))
    add_runtime_object(out, p, l, cuda);
  if (!p->has_arch) {
    push(out, "--offload-arch=" CSAN_DEFAULT_GPU_ARCH);
    /* PTX goes into the fatbinary; without one (device-only, -S, ...) and
     * under -fgpu-rdc (clang makes no fatbinary when it compiles relocatable
     * device code) clang would call it unused, an error under -Werror. */
    if (!p->no_fatbin && !p->rdc)
      push(out, "--cuda-include-ptx=" CSAN_DEFAULT_GPU_ARCH);
  }
}

/* Host code keeps its frame pointers, unless the user chose: csan records
 * a host stack at every CUDA call, and walking frame pointers costs a tenth
 * of unwinding by DWARF tables (bench/RESULTS.md, "Host side without a
 * GPU"); without them csan falls back to DWARF where the chain breaks.
 * Host only: device code has no use for them. */
static void add_host_flags(args *out, const plan *p) {
  if (!p->compiles || p->info_only || p->frame_pointer_chosen)
    return;
  push(out, "-Xarch_host");
  push(out, "-fno-omit-frame-pointer");
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
  /* When CUDA is compiled in the same command, clang links the device code
   * itself (and calls --offload-link unused). */
  if (p->rdc && !p->offload_link && !p->cuda)
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

/* Command lines up to this many bytes are passed to clang as they are;
 * longer ones in a response file (Linux limits one argument to 128 KiB and
 * all of them to a quarter of the stack limit). */
static const size_t kMaxDirectBytes = 96 * 1024;

/* Writes a as a response file clang reads back word for word: every
 * character that the GNU tokenizer treats specially is escaped. */
static bool write_response_file(const args *a, size_t from, char *path) {
  const char *tmp = getenv("TMPDIR");
  snprintf(path, PATH_MAX, "%s/csan-clang-XXXXXX.rsp", tmp && *tmp ? tmp : "/tmp");
  int fd = mkstemps(path, 4);
  if (fd < 0)
    return false;
  FILE *f = fdopen(fd, "w");
  if (!f) {
    close(fd);
    unlink(path);
    return false;
  }
  for (size_t i = from; i < a->n; i++) {
    if (!a->v[i][0])
      fputs("\"\"", f);
    for (const char *c = a->v[i]; *c; c++) {
      if (strchr(" \t\r\n\"'\\", *c))
        fputc('\\', f);
      fputc(*c, f);
    }
    fputc('\n', f);
  }
  bool ok = fclose(f) == 0;
  if (!ok)
    unlink(path);
  return ok;
}

/* Runs clang with a long command line through a response file, waits for it
 * and exits as it did. */
static int run_with_response_file(const args *out) {
  char path[PATH_MAX];
  if (!write_response_file(out, 1, path))
    die("cannot write a response file for a long command line");
  char at[PATH_MAX + 2];
  snprintf(at, sizeof at, "@%s", path);
  pid_t pid = fork();
  if (pid < 0) {
    unlink(path);
    die("fork failed");
  }
  if (pid == 0) {
    char *child[] = {out->v[0], at, NULL};
    execvp(child[0], child);
    fprintf(stderr, "csan-clang: error: cannot run %s: %s\n", child[0], strerror(errno));
    _exit(127);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      unlink(path);
      die("waitpid failed");
    }
  unlink(path);
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    raise(WTERMSIG(status));
    return 128 + WTERMSIG(status);
  }
  return WEXITSTATUS(status);
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

  args in = {0};
  expand_response_files(argc, argv, &in);
  int n = (int)in.n;

  plan p = {0};
  classify(n, in.v, &p);
  const char *inline_env = getenv("CSAN_INLINE_RUNTIME");
  if (inline_env && *inline_env && strcmp(inline_env, "0") != 0)
    p.inline_runtime = true;

  args out = {0};
  push(&out, clang);
  add_user_args(&out, n, in.v, &p);
  add_plugin(&out, &p, &l);
  add_cuda_flags(&out, &p, &l);
  add_host_flags(&out, &p);
  add_link_flags(&out, &p, &l);
  args_free(&in); /* out holds copies; p's pointers into in are not used again */

  size_t bytes = 0;
  for (size_t i = 0; i < out.n; i++)
    bytes += strlen(out.v[i]) + 1;

  const char *verbose = getenv("CSAN_DRIVER_VERBOSE");
  if (verbose && *verbose && strcmp(verbose, "0") != 0) {
    for (size_t i = 0; i < out.n; i++)
      fprintf(stderr, "%s%s", i ? " " : "", out.v[i]);
    fputc('\n', stderr);
  }
  if (bytes > kMaxDirectBytes)
    return run_with_response_file(&out);
  execvp(out.v[0], out.v);
  fprintf(stderr, "csan-clang: error: cannot run %s: %s\n", out.v[0], strerror(errno));
  args_free(&out);
  return 1;
}
