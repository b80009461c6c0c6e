// Compiled through response files (response-file.test): the quoted macro
// values arrive as clang's tokenizer reads them.
#define STR(x) #x
#define XSTR(x) STR(x)
static_assert(sizeof(GREETING) == sizeof("hi there"), "a quoted word keeps its space");
static_assert(sizeof(XSTR(BACKSLASH)) == sizeof("a\b"), "one backslash is left");
static_assert(sizeof(QUOTED) == 1, "single quotes inside double quotes");
__global__ void k(int *p) { p[threadIdx.x] = 1; }
