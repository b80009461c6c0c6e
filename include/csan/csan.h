/* csan/csan.h: what a program may ask of csan while it runs.
 *
 * Every entry point is a weak symbol: a program built without csan still
 * compiles and links, the symbols are then null, and the inline helpers
 * below do nothing. So the calls can stay in production code.
 *
 *   #include <csan/csan.h>
 *   csan_name_stream(copy_stream, "h2d copies");   // reports say: on stream h2d copies
 *   ...
 *   if (csan_race_count()) ...                     // races reported so far
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

/* True when the program runs with csan's runtime. */
static inline int csan_enabled(void) { return __csan_race_count != 0; }

static inline void csan_name_stream(void *stream, const char *name) {
  if (__csan_name_stream)
    __csan_name_stream(stream, name);
}

static inline unsigned long long csan_race_count(void) {
  return __csan_race_count ? __csan_race_count() : 0;
}

#ifdef __cplusplus
}
#endif
#endif /* CSAN_CSAN_H */
