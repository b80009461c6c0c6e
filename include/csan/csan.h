/* csan/csan.h: what a program may ask of csan while it runs.
 *
 * Every entry point is a weak symbol: a program built without csan still
 * compiles and links, the symbols are then null, and the inline helpers and
 * macros below do nothing. So the calls can stay in production code
 * (-DCSAN_DISABLE removes them altogether).
 *
 *   #include <csan/csan.h>
 *   csan_name_stream(copy_stream, "h2d copies");   // reports say: on stream h2d copies
 *   ...
 *   if (csan_race_count()) ...                     // races reported so far
 *
 * Annotations. csan checks what it can see: kernels it instrumented, CUDA
 * runtime and driver calls, and the library calls it has models of (README,
 * "Libraries"). For anything else on a stream (a kernel compiled without
 * csan or loaded at run time, a library call csan does not know) the
 * program can say what it reads and writes:
 *
 *   csan_annotate_begin(stream, "saxpy");          // an operation on `stream`
 *   csan_annotate_read(x, n * sizeof(float));       // [x, x + n*4) is read
 *   csan_annotate_write(y, n * sizeof(float));      // [y, y + n*4) is written
 *   csan_annotate_write_2d(tile, 64, rows, pitch);  // 64 bytes of `rows` rows, `pitch` apart
 *   cuLaunchKernel(saxpy, ...);                     // the work itself
 *   csan_annotate_end();                            // checked as one operation
 *
 * At csan_annotate_end the declared ranges are checked against all other
 * work as one operation on the stream (the way csan checks a copy), named
 * `name` in reports and issued at the line of csan_annotate_begin. Calls
 * inside the bracket that csan would count as unchecked (the launch of a
 * kernel without instrumentation, a library function without a model) are
 * not counted: the annotation covers them. End the bracket right after the
 * work: an event recorded inside it does not cover the annotated operation.
 * Brackets are per host thread and do not nest. Pointers are device
 * addresses; ranges in memory csan does not track are ignored.
 */
#ifndef CSAN_CSAN_H
#define CSAN_CSAN_H

#ifdef __cplusplus
extern "C" {
#endif

/* Names a stream in reports (a cudaStream_t, passed as void* so this header
 * needs no CUDA header). A null or empty name removes the name. */
void __csan_name_stream(void *stream, const char *name) __attribute__((weak));
/* Races reported so far (reports are printed when the host waits for the
 * operation that found them: a synchronization or a successful query). */
unsigned long long __csan_race_count(void) __attribute__((weak));

/* The annotation entry points (use the macros below: they pass the
 * caller's file, function and line). */
void __csan_annotate_begin(void *stream, const char *name, const char *file,
                           const char *function, unsigned line) __attribute__((weak));
void __csan_annotate_range(const void *p, unsigned long long width, unsigned long long rows,
                           unsigned long long pitch, int write) __attribute__((weak));
void __csan_annotate_end(void) __attribute__((weak));

/* True when the program runs with csan's runtime. */
static inline int csan_enabled(void) { return __csan_race_count != 0; }

static inline void csan_name_stream(void *stream, const char *name) {
  if (__csan_name_stream)
    __csan_name_stream(stream, name);
}

static inline unsigned long long csan_race_count(void) {
  return __csan_race_count ? __csan_race_count() : 0;
}

#ifdef CSAN_DISABLE
#define csan_annotate_begin(stream, name) ((void)0)
#define csan_annotate_read(p, bytes) ((void)0)
#define csan_annotate_write(p, bytes) ((void)0)
#define csan_annotate_read_2d(p, width, rows, pitch) ((void)0)
#define csan_annotate_write_2d(p, width, rows, pitch) ((void)0)
#define csan_annotate_end() ((void)0)
#else
/* Opens the bracket of an operation on `stream` (a cudaStream_t or
 * CUstream; 0 is the default stream) called `name` in reports. */
#define csan_annotate_begin(stream, name)                                                      \
  (__csan_annotate_begin ? __csan_annotate_begin((void *)(stream), (name), __FILE__, __func__, \
                                                 __LINE__)                                     \
                         : (void)0)
/* The operation reads / writes `bytes` bytes from device address p. */
#define csan_annotate_read(p, bytes)                                                           \
  (__csan_annotate_range ? __csan_annotate_range((const void *)(p), (bytes), 1, (bytes), 0)    \
                         : (void)0)
#define csan_annotate_write(p, bytes)                                                          \
  (__csan_annotate_range ? __csan_annotate_range((const void *)(p), (bytes), 1, (bytes), 1)    \
                         : (void)0)
/* ... `width` bytes of each of `rows` rows, `pitch` bytes apart. */
#define csan_annotate_read_2d(p, width, rows, pitch)                                           \
  (__csan_annotate_range ? __csan_annotate_range((const void *)(p), (width), (rows), (pitch), 0) \
                         : (void)0)
#define csan_annotate_write_2d(p, width, rows, pitch)                                          \
  (__csan_annotate_range ? __csan_annotate_range((const void *)(p), (width), (rows), (pitch), 1) \
                         : (void)0)
/* Closes the bracket: the declared ranges are checked as one operation. */
#define csan_annotate_end() (__csan_annotate_end ? __csan_annotate_end() : (void)0)
#endif

#ifdef __cplusplus
}
#endif
#endif /* CSAN_CSAN_H */
