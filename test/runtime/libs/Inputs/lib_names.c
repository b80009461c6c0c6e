/* The names of csan_lib.def's modelled functions, one per line after
 * preprocessing (libs-not-linked.test). */
#define CSAN_LIB_API(name, library) name
#include "csan_lib.def"
