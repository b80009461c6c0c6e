int leaf(int x);
int frame(int x) { return leaf(x) + leaf(x + 1); }
