/* fake_nccl.c: a libnccl.so.2 for the runtime tests: communicators of
 * ncclCommInitAll (one process, `ndev` ranks) or ncclCommInitRank; a
 * collective on one rank copies its send buffer to its receive buffer
 * where the shapes allow. FAKE_NCCL_GROUP_FAIL=1 makes ncclGroupEnd fail. */
#include <stdlib.h>
#include <string.h>

#include <nccl.h>

#define EXPORT __attribute__((visibility("default")))

struct ncclComm {
  int nranks, rank;
};

static size_t type_bytes(ncclDataType_t t) {
  static const size_t b[] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2, 1, 1};
  return (int)t >= 0 && (int)t < 12 ? b[t] : 1;
}

EXPORT ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
  memset(id, 0, sizeof *id);
  return ncclSuccess;
}

EXPORT ncclResult_t ncclCommInitRank(ncclComm_t *c, int nranks, ncclUniqueId id, int rank) {
  *c = malloc(sizeof **c);
  (*c)->nranks = nranks, (*c)->rank = rank;
  return ncclSuccess;
}

EXPORT ncclResult_t ncclCommInitAll(ncclComm_t *c, int ndev, const int *devlist) {
  for (int i = 0; i < ndev; i++) {
    c[i] = malloc(sizeof **c);
    c[i]->nranks = ndev, c[i]->rank = i;
  }
  return ncclSuccess;
}

EXPORT ncclResult_t ncclCommDestroy(ncclComm_t c) {
  free(c);
  return ncclSuccess;
}

EXPORT ncclResult_t ncclCommCount(const ncclComm_t c, int *n) {
  *n = c->nranks;
  return ncclSuccess;
}

EXPORT ncclResult_t ncclCommUserRank(const ncclComm_t c, int *r) {
  *r = c->rank;
  return ncclSuccess;
}

EXPORT ncclResult_t ncclAllReduce(const void *s, void *r, size_t n, ncclDataType_t t,
                                  ncclRedOp_t op, ncclComm_t c, cudaStream_t st) {
  if (c->nranks == 1 && s != r)
    memmove(r, s, n * type_bytes(t));
  return ncclSuccess;
}

EXPORT ncclResult_t ncclBroadcast(const void *s, void *r, size_t n, ncclDataType_t t, int root,
                                  ncclComm_t c, cudaStream_t st) {
  if (c->nranks == 1 && s != r)
    memmove(r, s, n * type_bytes(t));
  return ncclSuccess;
}

EXPORT ncclResult_t ncclAllGather(const void *s, void *r, size_t n, ncclDataType_t t,
                                  ncclComm_t c, cudaStream_t st) {
  return ncclSuccess;
}

EXPORT ncclResult_t ncclReduceScatter(const void *s, void *r, size_t n, ncclDataType_t t,
                                      ncclRedOp_t op, ncclComm_t c, cudaStream_t st) {
  return ncclSuccess;
}

EXPORT ncclResult_t ncclSend(const void *s, size_t n, ncclDataType_t t, int peer, ncclComm_t c,
                             cudaStream_t st) {
  return ncclSuccess;
}

EXPORT ncclResult_t ncclRecv(void *r, size_t n, ncclDataType_t t, int peer, ncclComm_t c,
                             cudaStream_t st) {
  return ncclSuccess;
}

EXPORT ncclResult_t ncclGroupStart(void) {
  return ncclSuccess;
}

EXPORT ncclResult_t ncclGroupEnd(void) {
  const char *f = getenv("FAKE_NCCL_GROUP_FAIL");
  return f && f[0] == '1' ? ncclInvalidUsage : ncclSuccess;
}
