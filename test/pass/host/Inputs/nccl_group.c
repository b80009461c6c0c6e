/* A C caller of NCCL, declared as nccl.h declares it in C: ncclGroupStart()
 * without a prototype (clang-lib-calls.cu). */
typedef enum { ncclSuccess = 0 } ncclResult_t;
ncclResult_t ncclGroupStart();
ncclResult_t ncclGroupEnd();

int group(void) {
  ncclResult_t r = ncclGroupStart();
  if (r == ncclSuccess)
    r = ncclGroupEnd();
  return (int)r;
}
