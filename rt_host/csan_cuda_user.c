/* csan_cuda_user.c: the program-facing interface of include/csan/csan.h:
 * stream names for reports and the race count. */
#include "csan_cuda_rt.h"

#include <csan/csan.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Names by stream key. Few streams get names, so a list does. */
typedef struct stream_name {
  csan_key key;
  const char *name; /* interned: stays valid for reports printed later */
  struct stream_name *next;
} stream_name;

static pthread_mutex_t g_names_mu = PTHREAD_MUTEX_INITIALIZER;
static stream_name *g_names;

CSAN_EXPORT void __csan_name_stream(void *stream, const char *name) {
  csan_rt_init();
  csan_key key = csan_rt_stream_key((cudaStream_t)stream, false);
  const char *interned = name && *name ? csan_intern(name) : NULL;
  pthread_mutex_lock(&g_names_mu);
  stream_name **p = &g_names;
  while (*p && (*p)->key != key)
    p = &(*p)->next;
  if (*p && !interned) {
    stream_name *dead = *p;
    *p = dead->next;
    free(dead);
  } else if (*p) {
    (*p)->name = interned;
  } else if (interned) {
    stream_name *n = malloc(sizeof *n);
    if (n) {
      n->key = key;
      n->name = interned;
      n->next = g_names;
      g_names = n;
    }
  }
  pthread_mutex_unlock(&g_names_mu);
}

const char *csan_rt_user_stream_name(csan_key key) {
  const char *name = NULL;
  pthread_mutex_lock(&g_names_mu);
  for (stream_name *n = g_names; n; n = n->next)
    if (n->key == key) {
      name = n->name;
      break;
    }
  pthread_mutex_unlock(&g_names_mu);
  return name;
}

CSAN_EXPORT unsigned long long __csan_race_count(void) {
  csan_rt_init();
  if (!csan_g.reporter)
    return 0;
  csan_report_stats st;
  csan_report_get_stats(csan_g.reporter, &st);
  return st.reported + st.not_printed;
}
