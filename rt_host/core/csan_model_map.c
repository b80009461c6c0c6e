/* csan_model_map.c: the key tables of the model (stream key -> slot, event
 * key -> event). Keys are CUDA handle values or interned names: arbitrary
 * 64-bit values, so they are mixed before indexing. */
#include "csan_model_internal.h"

#include <stdlib.h>

/* A 64-bit finalizer (xor-shift-multiply): consecutive handles spread over
 * the whole table. */
static uint64_t csan_map_hash(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  k ^= k >> 33;
  return k;
}

static size_t csan_map_home(const csan_map *map, uint64_t key) {
  return (size_t)csan_map_hash(key) & (map->cap - 1);
}

int csan_map_init(csan_map *map, size_t cap) {
  map->e = calloc(cap, sizeof *map->e);
  map->cap = cap;
  map->len = 0;
  return map->e ? CSAN_MODEL_OK : CSAN_MODEL_ENOMEM;
}

void csan_map_fini(csan_map *map) {
  free(map->e);
  map->e = NULL;
  map->cap = map->len = 0;
}

csan_map_entry *csan_map_find(const csan_map *map, uint64_t key) {
  if (key == 0)
    return NULL;
  for (size_t i = csan_map_home(map, key);; i = (i + 1) & (map->cap - 1)) {
    if (map->e[i].key == key)
      return &map->e[i];
    if (map->e[i].key == 0)
      return NULL;
  }
}

void csan_map_insert(csan_map *map, uint64_t key, uint64_t val) {
  size_t i = csan_map_home(map, key);
  while (map->e[i].key != 0)
    i = (i + 1) & (map->cap - 1);
  map->e[i].key = key;
  map->e[i].val = val;
  map->len++;
}

int csan_map_reserve(csan_map *map, size_t n) {
  if ((map->len + n) * 2 <= map->cap)
    return CSAN_MODEL_OK;
  size_t cap = map->cap;
  while ((map->len + n) * 2 > cap)
    cap *= 2;
  csan_map grown;
  if (csan_map_init(&grown, cap) != CSAN_MODEL_OK)
    return CSAN_MODEL_ENOMEM;
  for (size_t i = 0; i < map->cap; i++)
    if (map->e[i].key != 0)
      csan_map_insert(&grown, map->e[i].key, map->e[i].val);
  free(map->e);
  *map = grown;
  return CSAN_MODEL_OK;
}

/* Backward-shift deletion: walk the probe run after the hole and move back
 * every entry whose home is not cyclically in (hole, its position]; such an
 * entry would otherwise be cut off from its home by the hole. */
void csan_map_erase(csan_map *map, csan_map_entry *e) {
  size_t mask = map->cap - 1;
  size_t hole = (size_t)(e - map->e);
  for (size_t j = (hole + 1) & mask; map->e[j].key != 0; j = (j + 1) & mask) {
    size_t home = csan_map_home(map, map->e[j].key);
    bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
    if (stays)
      continue;
    map->e[hole] = map->e[j];
    hole = j;
  }
  map->e[hole].key = 0;
  map->e[hole].val = 0;
  map->len--;
}
