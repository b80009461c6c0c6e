# Writes a response file of 6000 quoted macro definitions (~150 KB), longer
# than csan-clang passes on a command line directly.
import sys
with open(sys.argv[1], "w") as f:
    f.write(" ".join("'-DLONG_%d=\"a b\"'" % i for i in range(6000)) + "\n")
