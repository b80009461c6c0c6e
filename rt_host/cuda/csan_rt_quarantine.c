/* csan_rt_quarantine.c: synchronous frees held back from the allocator
 * (csan_rt_quarantine.h). A FIFO of blocks, released oldest first with the
 * runtime's cudaFree (which frees driver allocations of csan's context
 * too), outside the lock. */
#include "csan_rt_quarantine.h"

#include <stdlib.h>

typedef struct held {
  uint64_t base, size;
} held;

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static held *g_q;       /* ring of g_cap entries, g_n of them from g_head */
static size_t g_cap, g_head, g_n;
static uint64_t g_bytes;

static uint64_t limit_bytes(void) {
  return (uint64_t)csan_g.flags.quarantine_mb << 20;
}

/* Pops the oldest block into *out (lock held). */
static bool pop(held *out) {
  if (!g_n)
    return false;
  *out = g_q[g_head];
  g_head = (g_head + 1) % g_cap;
  g_n--;
  g_bytes -= out->size;
  return true;
}

static void release(const held *h, size_t n) {
  for (size_t i = 0; i < n; i++)
    (void)cudaFree((void *)(uintptr_t)h[i].base);
}

bool csan_rt_quarantine_hold(uint64_t base, uint64_t size) {
  uint64_t limit = limit_bytes();
  if (!limit || size > limit)
    return false;
  held out[16];
  size_t nout = 0;
  bool ok = true;
  pthread_mutex_lock(&g_mu);
  if (g_n == g_cap) {
    size_t cap = g_cap ? 2 * g_cap : 64;
    held *q = malloc(cap * sizeof *q);
    if (q) {
      for (size_t i = 0; i < g_n; i++)
        q[i] = g_q[(g_head + i) % g_cap];
      free(g_q);
      g_q = q;
      g_cap = cap;
      g_head = 0;
    }
  }
  if (g_n == g_cap) {
    ok = false; /* out of host memory: free it now */
  } else {
    g_q[(g_head + g_n) % g_cap] = (held){base, size};
    g_n++;
    g_bytes += size;
  }
  for (;;) {
    while (g_bytes > limit && nout < 16 && pop(&out[nout]))
      nout++;
    if (g_bytes <= limit || nout < 16)
      break;
    pthread_mutex_unlock(&g_mu);
    release(out, nout);
    nout = 0;
    pthread_mutex_lock(&g_mu);
  }
  pthread_mutex_unlock(&g_mu);
  release(out, nout);
  return ok;
}

bool csan_rt_quarantine_flush(void) {
  bool any = false;
  for (;;) {
    held h;
    pthread_mutex_lock(&g_mu);
    bool got = pop(&h);
    pthread_mutex_unlock(&g_mu);
    if (!got)
      return any;
    release(&h, 1);
    any = true;
  }
}

bool csan_rt_quarantine_holds(uint64_t base) {
  bool found = false;
  pthread_mutex_lock(&g_mu);
  for (size_t i = 0; i < g_n && !found; i++)
    found = g_q[(g_head + i) % g_cap].base == base;
  pthread_mutex_unlock(&g_mu);
  return found;
}

void csan_rt_quarantine_forget(void) {
  pthread_mutex_lock(&g_mu);
  g_head = g_n = 0;
  g_bytes = 0;
  pthread_mutex_unlock(&g_mu);
}
