// Every CUDA runtime function in rt_host/cuda/csan_api.def has its __csan_
// wrapper in libcsan_rt, shared and static: this program references each
// one (through the .def) and must link against either. The shared library
// exports exactly the wrappers, __csan_register_device_var, the test hook,
// the program interface of include/csan/csan.h, and the library wrappers of
// rt_host/cuda/csan_lib.def with csan-host's two entry points for library
// calls, and csan-host's host access entry points (bounds, check, the
// fake's kernel hook), the C library's thread, lock, barrier and semaphore
// functions (POSIX and C11) that pass host threads' clocks (csan_api_hostmem_threads.c)
// (everything else of the runtime is hidden). In an ASan build the linker
// also exports the bounds of ASan's globals section,
// __start_asan_globals/__stop_asan_globals, and ASan gives each exported
// global an ODR indicator __odr_asan_gen_<name>: neither is csan's.
// RUN: %cc_rt -o %t && %run %t | FileCheck %s
// RUN: %cc_rt_static -o %t.static && %run %t.static | FileCheck %s
// RUN: nm -D --defined-only %csan_libdir/libcsan_rt.so | awk '$3 !~ /^__(start|stop)_asan_globals$/ && $3 !~ /^__odr_asan_gen_/ {print $3}' | sort > %t.exported
// RUN: %run %t list | sort > %t.expected
// RUN: diff %t.expected %t.exported
#include <stdio.h>
#include <string.h>

#include "csan_cuda_api.h"

#define CSAN_API(name, group) {#name, (void (*)(void))__csan_##name},
static const struct {
  const char *name;
  void (*wrapper)(void);
} apis[] = {
#include "csan_api.def"
};

#define CSAN_LIB_API(name, library) "__csan_" #name,
static const char *const lib_wrappers[] = {
#include "csan_lib.def"
};

int main(int argc, char **argv) {
  size_t n = sizeof apis / sizeof apis[0], defined = 0;
  if (argc > 1 && !strcmp(argv[1], "list")) {
    for (size_t i = 0; i < n; i++)
      printf("__csan_%s\n", apis[i].name);
    printf("__csan_register_device_var\n__csan_test_advance_epochs\n");
    printf("__csan_name_stream\n__csan_race_count\n");
    printf("__csan_annotate_begin\n__csan_annotate_range\n__csan_annotate_end\n");
    printf("__csan_lib_register\n__csan_lib_unchecked\n");
    printf("__csan_host_access\n__csan_host_bounds\n");
    printf("pthread_create\npthread_exit\npthread_join\npthread_tryjoin_np\n"
           "pthread_timedjoin_np\n");
    printf("pthread_mutex_lock\npthread_mutex_trylock\npthread_mutex_timedlock\n"
           "pthread_mutex_clocklock\npthread_mutex_unlock\npthread_mutex_init\n"
           "pthread_mutex_destroy\n");
    printf("pthread_rwlock_rdlock\npthread_rwlock_tryrdlock\npthread_rwlock_timedrdlock\n"
           "pthread_rwlock_wrlock\npthread_rwlock_trywrlock\npthread_rwlock_timedwrlock\n"
           "pthread_rwlock_unlock\npthread_rwlock_init\npthread_rwlock_destroy\n");
    printf("pthread_spin_lock\npthread_spin_trylock\npthread_spin_unlock\n");
    printf("pthread_cond_wait\npthread_cond_timedwait\npthread_cond_clockwait\n"
           "pthread_barrier_wait\n");
    printf("sem_init\nsem_destroy\nsem_post\nsem_wait\nsem_trywait\nsem_timedwait\n");
    printf("thrd_create\nthrd_join\nthrd_exit\nmtx_init\nmtx_destroy\nmtx_lock\n"
           "mtx_trylock\nmtx_timedlock\nmtx_unlock\ncnd_wait\ncnd_timedwait\n");
    printf("__csan_launch_result_used\n");
    for (size_t i = 0; i < sizeof lib_wrappers / sizeof lib_wrappers[0]; i++)
      printf("%s\n", lib_wrappers[i]);
    return 0;
  }
  for (size_t i = 0; i < n; i++)
    defined += apis[i].wrapper != NULL;
  printf("%zu of %zu wrappers defined\n", defined, n);
  return defined == n ? 0 : 1;
}


// CHECK: 120 of 120 wrappers defined
