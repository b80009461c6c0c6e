// The expansion of a launch into the model (csan_graph.h): nodes on one
// chain share a lane, nodes without a path get unordered clocks, a node is
// ordered after its dependencies on other lanes, a launch after its
// stream's earlier work and after the exec's previous launch, and the
// stream's later work after every node. Too many chains for the lanes
// allowed fold onto existing lanes (more ordering, flagged). An update
// needs the same topology; a device reset makes the lanes again.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"
#include "csan_graph.h"

// What each node's operation was, by payload (the node's id here).
static csan_op g_ops[64];

static int issue(void *ctx, const csan_gexec *x, uint32_t i, csan_key lane) {
  csan_model *m = ctx;
  return csan_model_op(m, lane, &g_ops[csan_gexec_node_at(x, i)->payload]);
}

// The exec's node made from graph node `id` (payload id).
static const csan_gexec_node *node_of(const csan_gexec *x, uint64_t id) {
  for (uint32_t i = 0; i < csan_gexec_count(x); i++)
    if (csan_gexec_node_at(x, i)->payload == id)
      return csan_gexec_node_at(x, i);
  return NULL;
}

static int ordered(const csan_op *a, const csan_op *b) {
  return csan_vc_orders(&b->vc, a->slot, a->epoch);
}

int main(void) {
  csan_model *m = mt_model();
  csan_key s = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key t = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  // a -> b -> d, a -> c -> d, e alone.
  csan_graph *g = csan_graph_create();
  uint32_t a, b, c, d, e;
  MT_OK(csan_graph_add_node(g, CSAN_GNODE_KERNEL, 0, NULL, NULL, 0, &a));
  MT_OK(csan_graph_add_node(g, CSAN_GNODE_KERNEL, 1, NULL, &a, 1, &b));
  MT_OK(csan_graph_add_node(g, CSAN_GNODE_KERNEL, 2, NULL, &a, 1, &c));
  uint32_t bc[2] = {b, c};
  MT_OK(csan_graph_add_node(g, CSAN_GNODE_KERNEL, 3, NULL, bc, 2, &d));
  MT_OK(csan_graph_add_node(g, CSAN_GNODE_KERNEL, 4, NULL, NULL, 0, &e));
  // CHECK: reaches a->d 1, b->c 0
  printf("reaches a->d %d, b->c %d\n", csan_graph_reaches(g, a, d), csan_graph_reaches(g, b, c));
  csan_gexec *x;
  MT_OK(csan_gexec_create(m, g, 0, &x));
  // CHECK-NEXT: lanes 3, merged 0, a b same lane 1
  printf("lanes %u, merged %d, a b same lane %d\n", csan_gexec_lanes(x), csan_gexec_merged(x),
         node_of(x, a)->lane == node_of(x, b)->lane);
  csan_op before = mt_op(m, s);
  MT_OK(csan_gexec_launch(m, x, s, issue, m));
  csan_op after = mt_op(m, s), other = mt_op(m, t);
  // CHECK-NEXT: a->b 1, a->c 1, b->c 0, c->d 1, b->d 1, e->d 0, d->e 0
  printf("a->b %d, a->c %d, b->c %d, c->d %d, b->d %d, e->d %d, d->e %d\n",
         ordered(&g_ops[a], &g_ops[b]), ordered(&g_ops[a], &g_ops[c]),
         ordered(&g_ops[b], &g_ops[c]), ordered(&g_ops[c], &g_ops[d]),
         ordered(&g_ops[b], &g_ops[d]), ordered(&g_ops[e], &g_ops[d]),
         ordered(&g_ops[d], &g_ops[e]));
  // CHECK-NEXT: before->a 1, before->e 1, d->after 1, e->after 1, e->other 0
  printf("before->a %d, before->e %d, d->after %d, e->after %d, e->other %d\n",
         ordered(&before, &g_ops[a]), ordered(&before, &g_ops[e]), ordered(&g_ops[d], &after),
         ordered(&g_ops[e], &after), ordered(&g_ops[e], &other));
  // A second launch on another stream is ordered after the first.
  csan_op first_d = g_ops[d], first_e = g_ops[e];
  MT_OK(csan_gexec_launch(m, x, t, issue, m));
  // CHECK-NEXT: relaunch on t: first d->a 1, first e->a 1, s after->a 0
  printf("relaunch on t: first d->a %d, first e->a %d, s after->a %d\n",
         ordered(&first_d, &g_ops[a]), ordered(&first_e, &g_ops[a]), ordered(&after, &g_ops[a]));
  // A second exec of the same graph is not ordered with the first.
  csan_gexec *y;
  MT_OK(csan_gexec_create(m, g, 0, &y));
  csan_op x_e = g_ops[e];
  MT_OK(csan_gexec_launch(m, y, s, issue, m));
  // CHECK-NEXT: exec x e -> exec y e 0
  printf("exec x e -> exec y e %d\n", ordered(&x_e, &g_ops[e]));
  // One lane allowed: every chain folds onto it, in a topological order.
  csan_gexec *z;
  MT_OK(csan_gexec_create(m, g, 1, &z));
  MT_OK(csan_gexec_launch(m, z, s, issue, m));
  // CHECK-NEXT: one lane: lanes 1, merged 1, b->c 1
  printf("one lane: lanes %u, merged %d, b->c %d\n", csan_gexec_lanes(z), csan_gexec_merged(z),
         ordered(&g_ops[b], &g_ops[c]));
  // Updates: the same topology takes the new payloads; another does not.
  csan_graph *g2 = csan_graph_clone(g);
  csan_graph_set_payload(g2, c, 42);
  MT_OK(csan_gexec_update(x, g2));
  uint32_t f;
  MT_OK(csan_graph_add_node(g2, CSAN_GNODE_EMPTY, 5, NULL, &e, 1, &f));
  // CHECK-NEXT: update: payload 42 is node 2, other topology EINVAL
  printf("update: payload 42 is node %llu, other topology %s\n",
         (unsigned long long)node_of(x, 42)->top, mt_rc_name(csan_gexec_update(x, g2)));
  // A device reset forgets the lanes; the next launch makes them again.
  csan_model_device_reset(m);
  mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  // CHECK-NEXT: after reset: launch OK
  printf("after reset: launch %s\n", mt_rc_name(csan_gexec_launch(m, x, s, issue, m)));
  // A child graph is inlined: a node after the child node is after its nodes.
  csan_graph *outer = csan_graph_create();
  uint32_t cn, after_child;
  MT_OK(csan_graph_add_node(outer, CSAN_GNODE_CHILD, 0, g, NULL, 0, &cn));
  MT_OK(csan_graph_add_node(outer, CSAN_GNODE_KERNEL, 9, NULL, &cn, 1, &after_child));
  csan_gexec *o;
  MT_OK(csan_gexec_create(m, outer, 0, &o));
  // CHECK-NEXT: child: 7 flat nodes, last from node 1
  printf("child: %u flat nodes, last from node %u\n", csan_gexec_count(o),
         csan_gexec_node_at(o, csan_gexec_count(o) - 1)->top);
  csan_gexec_destroy(m, o);
  csan_gexec_destroy(m, z);
  csan_gexec_destroy(m, y);
  csan_gexec_destroy(m, x);
  csan_graph_destroy(outer);
  csan_graph_destroy(g2);
  csan_graph_destroy(g);
  csan_model_destroy(m);
  return 0;
}
