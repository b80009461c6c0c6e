int check(const int *host, int n) {
  for (int i = 0; i < n; i++)
    if (host[i] != 6)
      return 1;
  return 0;
}
