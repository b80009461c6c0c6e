// Built with long_rsp.py's 6000 definitions (response-file.test): the last
// one arrives intact.
static_assert(sizeof(LONG_5999) == sizeof("a b"), "the last definition arrives");
__global__ void k(int *p) { p[threadIdx.x] = 1; }
