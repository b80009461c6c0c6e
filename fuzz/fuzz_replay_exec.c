/* fuzz_replay_exec: csan-replay end to end in process: parse, dry run, and
 * the real run through the model, the CPU shadow and the reporter
 * (tools/csan-replay-*.c and the core under them). Reports go to
 * /dev/null; the format (text or JSON), the verbosity (0-2, with its
 * traces) and max_reports follow the input's length, so one input keeps
 * its options.
 *
 * Oracle: a schedule the dry run accepts runs to its end, since the dry run
 * checks everything the real run could meet (csan-replay.h). Schedules are
 * kept small (rp_limits) so each input runs in milliseconds.
 */
#include "csan-replay.h"
#include "fuzz_common.h"

static const rp_limits k_limits = {1u << 14, 1u << 20};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_quiet_stdout();
  if (csan_log_open("stdout", NULL, 0) != 0)
    abort();
  return 0;
}

static void real_run(const rp_program *prog, rp_world *w) {
  if (rp_world_open(w, NULL) != RP_WORLD_OK)
    fuzz_fail("cannot make the world");
  rp_error err;
  if (rp_execute(prog, w, w->site_len, &err) != 0) {
    rp_error_print(&err);
    fuzz_fail("the dry run passed, the real run failed");
  }
  csan_shadow_pool_stats ps;
  csan_shadow_cpu_pool_stats(w->shadow, &ps);
  csan_report_notes notes = {.not_recorded = w->not_recorded, .pool_exhausted = ps.exhausted};
  csan_report_finish(w->reporter, 0, &notes);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  rp_program prog;
  rp_error err;
  if (rp_parse("fuzz.replay", (const char *)data, size, "v", &k_limits, &prog, &err) != 0) {
    rp_error_free(&err);
    return 0;
  }
  rp_world w;
  memset(&w, 0, sizeof(w));
  csan_flags_defaults(&w.flags);
  w.flags.pool_mb = 1;
  w.flags.race_table_size = 64;
  w.flags.report_format = size % 2 ? CSAN_REPORT_JSON : CSAN_REPORT_TEXT;
  w.flags.verbosity = (int)(size / 2 % 3);
  w.flags.max_reports = (int)(size / 6 % 3);
  w.nsites = prog.nsites;
  w.site_len = calloc((size_t)prog.nsites + 1, sizeof(*w.site_len));
  if (!w.site_len)
    abort();
  if (rp_execute(&prog, NULL, w.site_len, &err) == 0)
    real_run(&prog, &w);
  else
    rp_error_free(&err);
  rp_world_close(&w);
  free(w.site_len);
  rp_program_free(&prog);
  return 0;
}
