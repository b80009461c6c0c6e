"""Fails, naming them, when flags of csan_flags.inc have no README row."""
import re
import sys

root = sys.argv[1]
flags = re.findall(r"^CSAN_FLAG\(\s*\w+\s*,\s*(\w+)", open(root + "/rt_host/core/csan_flags.inc").read(), re.M)
rows = set(re.findall(r"^\| `(\w+)` \|", open(root + "/README.md").read(), re.M))
missing = [f for f in flags if f not in rows]
if not flags or missing:
    sys.exit("flags without a README row: %s" % (", ".join(missing) or "(no flags parsed)"))
print("%d flags, each in README" % len(flags))
