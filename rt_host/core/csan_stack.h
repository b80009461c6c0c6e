/* csan_stack.h: host stacks, the string depot, symbolization, demangling.
 *
 * Stack depot. Every operation and allocation csan registers carries the
 * host stack that issued it. Stacks are captured by walking frame pointers
 * (csan-clang builds host code with them) or, where that chain does not
 * reach the caller, with backtrace(); stored once (deduplicated by content)
 * and named by a 32-bit id; 0 means "no stack". Ids and the frames behind
 * them live until the process exits.
 *
 * String depot. csan_intern() returns one immortal copy of each distinct
 * string, so records (operations, allocations, reports) can keep plain
 * `const char *` without owning them and compare interned strings by
 * pointer.
 *
 * Symbolization. Printing a stack symbolizes each frame with llvm-symbolizer
 * when it is available: csan starts it once, talks to it over a socket pair
 * (`CODE "module" 0xoffset` per line) and caches the answers. Every read
 * has a time limit; a symbolizer that cannot start, hangs, dies or talks
 * nonsense is killed and csan falls back, for the rest of the run, to
 * dladdr (module + offset, exported symbol names demangled with
 * __cxa_demangle). Printing never blocks for longer than the time limit.
 *
 * Everything here is thread-safe.
 */
#ifndef CSAN_STACK_H
#define CSAN_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "csan_abi.h"
#include "csan_flags.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The deepest stack the depot keeps (host_stack_depth is capped to it). */
#define CSAN_STACK_MAX_DEPTH 64

/* ---- configuration ---- */

/* Depth of captured stacks (0: csan_stack_capture returns 0), whether to
 * symbolize, and the symbolizer to run (null: none). Call before capturing;
 * may be called again (tests), which restarts the symbolizer. */
void csan_stack_configure(int depth, bool symbolize, const char *symbolizer_path);
/* The same from the flags: host_stack_depth, symbolize, and
 * csan_flags_symbolizer(f). */
void csan_stack_configure_from_flags(const csan_flags *f);
/* Time limit for one symbolizer answer (default 10000 ms; the first answer
 * of a large binary can take seconds while it loads the debug info). */
void csan_stack_set_symbolizer_timeout(int milliseconds);

/* ---- depot ---- */

/* Captures the calling thread's stack and returns its id (0 when depth is
 * 0 or nothing could be captured). csan's own frames are skipped: when
 * caller_pc is not null the stack starts at the frame whose return address
 * is caller_pc (a wrapper passes __builtin_return_address(0), the user's call
 * site); otherwise (or if that frame is not found) it starts `skip` frames
 * above the function that called csan_stack_capture. */
uint32_t csan_stack_capture(const void *caller_pc, unsigned skip);
/* Whether csan_stack_capture walks frame pointers first (default on; off:
 * always backtrace()). */
void csan_stack_set_fast_unwind(bool on);

/* Stores a stack given as return addresses, innermost first (csan-replay,
 * tests). n is capped to CSAN_STACK_MAX_DEPTH; n == 0 returns 0. */
uint32_t csan_stack_put(const uintptr_t *pcs, size_t n);

/* The frames of stack `id`: returns their count and points *pcs at them
 * (valid forever); 0 for id 0 or an unknown id. */
size_t csan_stack_get(uint32_t id, const uintptr_t **pcs);

/* Number of distinct stacks stored. */
size_t csan_stack_depot_size(void);

/* ---- symbolization ---- */

/* One symbolized frame. Strings are interned (never freed) or null when
 * unknown; line/column 0 = unknown. */
typedef struct csan_frame {
  uintptr_t pc;          /* the address printed: return address - 1 */
  const char *function;  /* demangled */
  const char *file;
  uint32_t line, column;
  const char *module;    /* path of the object file holding pc */
  uintptr_t module_offset;
} csan_frame;

/* Symbolizes one code address (already adjusted to point into the call
 * instruction). An address inside inlined code yields several frames,
 * innermost first. Returns the number of frames written (at least 1 when
 * max >= 1). */
size_t csan_symbolize_pc(uintptr_t pc, csan_frame *out, size_t max);

/* Symbolizes a whole stack (inlined frames expanded); returns the number of
 * frames written, at most max. */
size_t csan_stack_symbolize(uint32_t id, csan_frame *out, size_t max);

/* The stack of a call whose site the compiler embedded (csan_host_site):
 * as csan_stack_symbolize, but when the innermost frame has no source
 * location (no symbolizer, no debug info) it takes the site's file, line,
 * column and function, unless the site is in CUDA's glue (see below). */
size_t csan_stack_symbolize_at(uint32_t id, const csan_host_site *site, csan_frame *out,
                               size_t max);

/* Prints stack `id` in the report format, one line per frame, each starting
 * with `indent`:
 *     #N 0xADDR in FUNC FILE:LINE:COL      (symbolized, column if known)
 *     #N 0xADDR in FUNC (MODULE+0xOFF)      (no source location)
 *     #N 0xADDR (MODULE+0xOFF)              (no function name)
 * Returns the number of lines printed (0 for id 0). The _at form takes the
 * call's site as csan_stack_symbolize_at does. */
size_t csan_stack_print(FILE *out, uint32_t id, const char *indent);
size_t csan_stack_print_at(FILE *out, uint32_t id, const csan_host_site *site,
                           const char *indent);

/* A call site in code the user did not write: clang's <<<>>> stub (a real
 * function at -O0) or a template of CUDA's runtime headers. Its caller is
 * the user's line, so the runtime drops that frame from the stack. */
bool csan_host_site_in_cuda_glue(const csan_host_site *site);

/* Prints the line a report names as a call's ("launched at", "called at",
 * "made by cudaMalloc at") as FILE:LINE:COL, or "an unknown line": the
 * compiler's site, unless it is in CUDA's glue (a <<<>>> stub that was not
 * inlined, at -O0 or when a kernel is launched from several places: its
 * site is the kernel's declaration), where it is the first frame of the
 * call's stack that has a source location (the user's line), or the glue
 * site when no frame has one. */
void csan_host_site_print_user(FILE *out, const csan_host_site *site, uint32_t stack);

/* Whether a symbolizer process is running (tests). */
bool csan_symbolizer_alive(void);

/* ---- strings ---- */

/* The one immortal copy of s (null for null). */
const char *csan_intern(const char *s);

/* Demangles a C++ (Itanium) name with __cxa_demangle, found at run time so
 * the C runtime needs no C++ library. Returns an interned string: the
 * demangled name, or `name` itself (interned) when it is not mangled or
 * demangling is unavailable. Null for null. */
const char *csan_demangle(const char *name);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_STACK_H */
