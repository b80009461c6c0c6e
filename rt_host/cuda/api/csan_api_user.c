/* csan_api_user.c: the program-facing interface of include/csan/csan.h
 * (stream names for reports and the race count), and the hooks csan's own
 * runtime tests call. */
#include "csan_rt_device.h"
#include "csan_rt_ops.h"
#include "csan_rt_report.h"

#include <csan/csan.h>

CSAN_EXPORT void __csan_name_stream(void *stream, const char *name) {
  csan_rt_init();
  csan_rt_name_stream(csan_rt_stream_key((cudaStream_t)stream, false), name);
}

CSAN_EXPORT unsigned long long __csan_race_count(void) {
  csan_rt_init();
  if (!csan_g.reporter)
    return 0;
  csan_report_stats st;
  csan_report_get_stats(csan_g.reporter, &st);
  return st.reported + st.not_printed;
}

CSAN_EXPORT int __csan_test_advance_epochs(cudaStream_t stream, uint32_t n) {
  if (!csan_rt_active())
    return -1;
  csan_key key;
  if (!csan_rt_stream_ensure(stream, false, &key))
    return -1;
  return csan_rt_advance(key, n);
}
