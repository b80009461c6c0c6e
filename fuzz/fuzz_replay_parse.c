/* fuzz_replay_parse: csan-replay's schedule parser and dry run
 * (tools/csan-replay-parse.c, the checks of tools/csan-replay-exec.c), in
 * process: errors unwind to rp_guarded instead of exiting.
 *
 * Oracles: a rejected schedule comes with a message and a line no further
 * than the input's; an accepted one has at most max_steps steps and
 * well-paired loops (each repeat's end points back at it).
 */
#include "csan-replay.h"
#include "fuzz_common.h"

static const rp_limits k_limits = {1u << 16, 1u << 20};

static unsigned count_lines(const unsigned char *data, size_t size) {
  unsigned n = 1;
  for (size_t i = 0; i < size; i++)
    n += data[i] == '\n';
  return n;
}

static void check_program(const rp_program *p) {
  if (p->steps > k_limits.max_steps)
    fuzz_fail("%llu steps accepted, over the limit", (unsigned long long)p->steps);
  for (size_t i = 0; i < p->ncmds; i++) {
    const rp_cmd *c = &p->cmds[i];
    if (c->op == RP_REPEAT && (c->match <= i || c->match >= p->ncmds ||
                               p->cmds[c->match].op != RP_END || p->cmds[c->match].match != i))
      fuzz_fail("repeat at command %zu is not paired with its end", i);
  }
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  rp_program prog;
  rp_error err;
  if (rp_parse("fuzz.replay", (const char *)data, size, "v", &k_limits, &prog, &err) != 0) {
    if (err.line > count_lines(data, size))
      fuzz_fail("error at line %u of a %u-line schedule", err.line, count_lines(data, size));
    rp_error_free(&err);
    return 0;
  }
  check_program(&prog);
  uint64_t *site_len = calloc((size_t)prog.nsites + 1, sizeof(*site_len));
  if (!site_len)
    abort();
  if (rp_execute(&prog, NULL, site_len, &err) != 0) {
    if (!err.path || err.line == 0 || err.line > count_lines(data, size))
      fuzz_fail("dry-run error without a line of the schedule");
    rp_error_free(&err);
  }
  free(site_len);
  rp_program_free(&prog);
  return 0;
}
