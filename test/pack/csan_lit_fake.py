"""csan_lit_fake: end-to-end tests under the fake CUDA runtime (lit).

In the GPU pack run against the fake CUDA runtime (scripts/gpu-run
--fake-cuda, the CI's pack test: scripts/selftest-gpu-run), a test/e2e
program's kernels have no CPU bodies, so its RACE and FIXED checks cannot
hold. test/e2e/lit.local.cfg then gives the e2e tests the HostOnly format:
each test's compile RUN lines run exactly as written (in the pack they
resolve to the prebuilt binaries, so the pack's manifest is proven against
the real e2e RUN lines), and each run line's program runs once with the
line's environment and arguments (`python3 csan_lit_fake.py run -- ...`),
which must load from the pack, start csan, launch its kernels through
their instrumented twins, and run to its end (its `e2e: result` line, or
the fake's exit line) without an error from the fake. csan's own errors
and warnings are allowed in the run of a race or error build (the line
that expects a failure, `%not`): the host side of what such a test is
about (a host race, a bad copy, an ignored launch error) is found on the
fake too. A fixed build must run without any. Such a test's result is
HOST-ONLY, never PASS: its checks need a GPU. Anything else is FAIL.
"""
import copy
import os
import re
import sys

HERE = os.path.abspath(__file__)

try:
    import lit.Test
    import lit.TestRunner
    import lit.formats

    HOST_ONLY = lit.Test.ResultCode(
        "HOST-ONLY", "Host side only (fake CUDA: the checks need a GPU)", False)

    class HostOnly(lit.formats.ShTest):
        """ShTest that keeps the compile lines and smoke-runs the programs."""

        def execute(self, test, litConfig):
            if test.config.unsupported:
                return lit.Test.Result(lit.Test.UNSUPPORTED, "Test is unsupported")
            parsed = lit.TestRunner.parseIntegratedTestScript(test, require_script=True)
            if isinstance(parsed, lit.Test.Result):
                return parsed
            script = []
            for item in parsed:  # CommandDirective (lit 17+) or str
                cmd = item.command if hasattr(item, "command") else item
                m = re.fullmatch(lit.TestRunner.kPdbgRegex, cmd)
                dbg, body = (m.group(1), m.group(2).strip()) if m else (None, cmd.strip())
                if "| FileCheck" in body:
                    left = body.split("|", 1)[0].split()
                    expects_failure = "%not" in left
                    left = [w for w in left if w != "%not"]
                    if left[-1:] == ["2>&1"]:
                        left = left[:-1]
                    body = "%s %s run %s-- %s" % (sys.executable, HERE,
                                                 "--race " if expects_failure else "",
                                                 " ".join(left))
                    cmd = lit.TestRunner.buildPdbgCommand(dbg, body) if dbg else body
                if hasattr(item, "command"):
                    item = copy.copy(item)
                    item.command = cmd
                else:
                    item = cmd
                script.append(item)
            if litConfig.noExecute:
                return lit.Test.Result(lit.Test.PASS)
            tmp_dir, tmp_base = lit.TestRunner.getTempPaths(test)
            subst = lit.TestRunner.getDefaultSubstitutions(
                test, tmp_dir, tmp_base, normalize_slashes=self.execute_external)
            conditions = {f: True for f in test.config.available_features}
            script = lit.TestRunner.applySubstitutions(
                script, subst, conditions, recursion_limit=test.config.recursiveExpansionLimit)
            result = lit.TestRunner._runShTest(test, litConfig, self.execute_external, script,
                                               tmp_base)
            if result.code == lit.Test.PASS:
                result.code = HOST_ONLY
            return result
except ImportError:  # run as a script: no lit needed
    pass


def run(argv, race=False):
    """Runs one e2e program under the fake and checks its host side (race:
    the race or error build, whose csan reports are allowed)."""
    import subprocess
    env = dict(os.environ, FAKE_CUDA_REPORT="1")
    while argv and argv[0] == "env":
        argv = argv[1:]
        while argv and re.fullmatch(r"[A-Za-z_]\w*=.*", argv[0]):
            k, v = argv.pop(0).split("=", 1)
            env[k] = v
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    out = r.stdout.decode(errors="replace")
    sys.stdout.write(out)
    problems = []
    name = os.path.basename(argv[0])
    if r.returncode < 0:
        problems.append(f"killed by signal {-r.returncode}")
    elif r.returncode not in (0, 1, 66):
        problems.append(f"exit status {r.returncode} (the fake runs no kernel body, so 0, 1 "
                        "or 66 are expected; 127: a library did not load, 2: a CUDA call failed)")
    for line in out.splitlines():
        if re.match(r"fake_cuda: (?!\d+ kernel)", line) or (
                not race and re.match(r"csan: (ERROR|WARNING)|WARNING: csan", line)):
            problems.append(f"it printed: {line}")
    m = re.search(r"^fake_cuda: (\d+) kernel\(s\) registered, (\d+) with an instrumented twin, "
                  r"\d+ with a CPU body; launches: (\d+) of twins, (\d+) uninstrumented", out, re.M)
    if m:
        n, twins, launched, plain = (int(x) for x in m.groups())
        # (A program of host work, copies and sets only has no kernel.)
        if twins != n:
            problems.append(f"{twins} of its {n} kernel(s) have an instrumented twin")
        if (n and launched == 0) or plain:
            problems.append(f"{launched} launch(es) ran twins, {plain} ran uninstrumented kernels")
    elif r.returncode != 66:  # csan leaves with _exit(66), before the fake's line
        problems.append("the fake's exit line is missing")
    if not m and r.returncode != 66 and not re.search(r"^e2e: result (ok|WRONG)$", out, re.M):
        problems.append("it never reached its end (no `e2e: result` line, no exit line of the fake)")
    if not race and r.returncode == 66:
        problems.append("csan reported in the fixed build (exit status 66)")
    if problems:
        print(f"csan_lit_fake: {name}: " + "; ".join(problems))
        return 1
    print(f"csan_lit_fake: {name}: host side ran (exit {r.returncode}); its checks need a GPU")
    return 0


if __name__ == "__main__":
    args = sys.argv[2:]
    race = args[:1] == ["--race"]
    if race:
        args = args[1:]
    if sys.argv[1:2] != ["run"] or args[:1] != ["--"] or len(args) < 2:
        sys.exit("usage: csan_lit_fake.py run [--race] -- [env VAR=VALUE...] PROGRAM [ARG]...")
    sys.exit(run(args[1:], race))
