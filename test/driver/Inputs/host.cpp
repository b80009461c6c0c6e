int host_fn(int x) { return x + 1; }
