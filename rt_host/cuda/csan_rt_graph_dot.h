/* csan_rt_graph_dot.h: pictures of races inside one graph launch
 * (CSAN_OPTIONS=graph_dot; DESIGN.md "CUDA graphs", csan_rt_graph_dot.c). */
#ifndef CSAN_RT_GRAPH_DOT_H
#define CSAN_RT_GRAPH_DOT_H

#include "csan_rt.h"

typedef struct csan_rt_dot_graph csan_rt_dot_graph;

/* An exec as drawn: n nodes, labels[i] (DOT label text, copied), node i's
 * dependencies deps[dep_start[i]..dep_start[i + 1]). Kept for the run
 * (reports come later, perhaps after the exec is gone); null when out of
 * memory. The first drawing registers the reporter's note. */
csan_rt_dot_graph *csan_rt_dot_graph_make(uint32_t n, const char *const *labels,
                                          const uint32_t *dep_start, const uint32_t *deps);
/* A new launch's number (never 0). */
uint64_t csan_rt_dot_launch(void);
/* Node `node` of drawing g issued operation (slot, epoch) in launch
 * `launch`, launched at launch_at ("file:line", interned). */
void csan_rt_dot_note_op(const csan_rt_dot_graph *g, uint32_t node, uint64_t launch,
                         const char *launch_at, uint32_t slot, csan_epoch_t epoch);

#endif /* CSAN_RT_GRAPH_DOT_H */
