/* csan_abi.h: the one ABI shared by the pass, the device runtime and the host
 * runtime (and csan-replay, which runs the device logic on the CPU).
 *
 * Everything that crosses the device/host boundary or the compiler/runtime
 * boundary is defined here: names the pass emits, the launch context that
 * every instrumented kernel receives, the shadow encoding, the site
 * descriptors and the race table. It is plain C99 with fixed-width types so
 * that the same bytes mean the same thing to clang compiling for nvptx64,
 * to the host C compiler and to the pass (which builds the same layouts in IR).
 * Changing a layout here means bumping CSAN_ABI_VERSION.
 */
#ifndef CSAN_ABI_H
#define CSAN_ABI_H

#include <stdint.h>

#if defined(__cplusplus)
#define CSAN_STATIC_ASSERT(c, m) static_assert(c, m)
#else
#define CSAN_STATIC_ASSERT(c, m) _Static_assert(c, m)
#endif

#define CSAN_ABI_VERSION 8u
#define CSAN_CTX_MAGIC 0x4e415343u /* "CSAN" little endian */

/* ------------------------------------------------------------------------
 * Names the pass and the runtimes agree on.
 * ---------------------------------------------------------------------- */

/* The instrumented twin of kernel K is a kernel named K CSAN_KERNEL_SUFFIX with
 * one more parameter, a byval csan_launch_ctx marked "nvvm.grid_constant". K
 * itself keeps its signature and its uninstrumented body, so a launch by code
 * that csan did not instrument runs K unchecked. */
#define CSAN_KERNEL_SUFFIX "__csan"

/* The instrumented clone of device function f is f CSAN_KERNEL_SUFFIX with
 * the context's generic address (const csan_launch_ctx *) as one more, last
 * parameter. Twins and clones call clones; K and f call the originals, so a
 * launch of K runs exactly the code the user compiled. Under -fgpu-rdc a
 * module calls the clone of another module's function by this name and
 * carries a weak fallback definition that calls the original. */

/* Weak device global present in every instrumented module. Site descriptors
 * are named by their signed 32-bit offset from it (see csan_site). */
#define CSAN_MODULE_ANCHOR_NAME "__csan_module_anchor"

/* Weak device global of the device runtime: the address of its out-of-line
 * slow path, which every check's fast path calls through it (an indirect
 * call, so ptxas uses callee-saved registers and the caller spills nothing
 * around a check). Kept weak by csan-device-link like the anchor. */
#define CSAN_DEV_MISS_FN_NAME "__csan_dev_miss_fn"

/* Weak device global in a module where the pass left accesses unchecked
 * for a reason under which a race can be missed (csan-device's skip
 * reasons other than memory that cannot race): a NUL-terminated string of
 * lines "<count>\t<reason>\n", also "<count>\tkernels without a twin
 * (parameters too large)\n" and "<count>\tindirect calls (the callee runs
 * unchecked)\n". The runtime reads it once per loaded module
 * for the exit summary. Under -fgpu-rdc nvlink keeps one translation
 * unit's table. */
#define CSAN_MODULE_GAPS_NAME "__csan_module_gaps"

/* The runtime object (issue 14). In a whole-program device compile (clang's
 * default for CUDA) ptxas gives every kernel a private copy of each function
 * it can call, so every twin would carry the runtime's slow path. Under
 * -csan-runtime-object (csan-clang's default without -fgpu-rdc),
 * csan-device-link gives the runtime's out-of-line (noinline) functions
 * external names, CSAN_OOL_PREFIX followed by their own; csan-ptxas then
 * assembles the module without their bodies (ptxas -c) and links it with
 * CSAN_RT_OBJECT_PTX_NAME, the same functions on their own, assembled with a
 * register cap (nvlink). The PTX that clang embeds for JIT keeps the bodies,
 * so it stays a complete program. */
#define CSAN_OOL_PREFIX "__csan_ool8_" /* 8: CSAN_ABI_VERSION (the pass checks) */
#define CSAN_RT_OBJECT_PTX_NAME "csan_rt_device.ptx"

/* ------------------------------------------------------------------------
 * Device runtime entry points (defined in csan_rt_device.cu, called by code
 * the pass emits; all are inlined after csan-device-link, their slow paths
 * stay out-of-line calls). ctx is the twin's context parameter, or the one
 * its clones received:
 *
 *   void *__csan_dev_read{1,2,4,8,16}(const csan_launch_ctx *ctx, const void *addr, int32_t site);
 *   void *__csan_dev_write{N}(...);         plain store
 *   void *__csan_dev_atomic_read{N}(...);   atomic load
 *   void *__csan_dev_atomic_write{N}(...);  atomicrmw, cmpxchg, atomic store
 *   void __csan_dev_read_range(const csan_launch_ctx *ctx, const void *addr, uint64_t size, int32_t site);
 *   void __csan_dev_write_range(...);      any size or alignment, memintrinsics
 *
 * addr is a generic pointer; the runtime ignores addresses outside the
 * global window (isspacep.global), so the pass may pass any pointer. A null
 * ctx makes every check a no-op. `site` is the signed offset of the access's
 * csan_site descriptor from CSAN_MODULE_ANCHOR_NAME (0 = unknown).
 * A sized check returns the address the access must use: addr, or with
 * CSAN_CTX_F_MEMORY_ERRORS and poisoned or freed bytes, the memory-error
 * ring's zero bytes (a read) or sink bytes (a write or an atomic). The pass
 * makes a load, store, atomicrmw or cmpxchg checked right before itself use
 * it, so the bad access is suppressed.
 * ---------------------------------------------------------------------- */
#define CSAN_DEV_PREFIX "__csan_dev_"
/* In twins and clones, calls of CUDA's __assertfail(message, file, line,
 * function, char size) become __csan_dev_assertfail(ctx, message, file,
 * line, function, char size): it fills the memory-error ring's assert block
 * (the launch, the file and line), then calls __assertfail. */
#define CSAN_ASSERTFAIL_NAME "__assertfail"
#define CSAN_DEV_ASSERTFAIL_NAME "__csan_dev_assertfail"
/* const csan_launch_ctx *__csan_dev_pdl_post(const csan_launch_ctx *ctx):
 * the context of a thread's accesses after it waited on its grid
 * dependencies (CSAN_CTX_F_PDL_PAIR); ctx itself when it is already that
 * one or not one of a pair. The name of the PTX instruction and of CUDA's
 * device function that waits, which the pass looks for: */
#define CSAN_DEV_PDL_POST_NAME "__csan_dev_pdl_post"
#define CSAN_PDL_WAIT_ASM "griddepcontrol.wait"
#define CSAN_PDL_WAIT_FUNCTION "cudaGridDependencySynchronize"

/* ------------------------------------------------------------------------
 * Stream slots, epochs, vector clocks.
 * ---------------------------------------------------------------------- */

/* A stream is a small slot number. Slot 0 is the legacy default stream. Slots
 * of destroyed streams are recycled only once the host has observed all of
 * their work (see DESIGN.md, "Stream slots"). */
#define CSAN_SLOT_BITS 8u
#define CSAN_MAX_SLOTS (1u << CSAN_SLOT_BITS)
#define CSAN_LEGACY_SLOT 0u
/* Operations the host performs itself, outside any stream (a synchronous
 * cudaFree, shadow set-up) run on a pseudo-stream with the last slot. Every
 * later operation is ordered after them. */
#define CSAN_HOST_SLOT (CSAN_MAX_SLOTS - 1u)

/* Each operation on a slot gets the next epoch of that slot, starting at 1.
 * Epoch 0 means "before everything". Epochs never wrap: the host resets the
 * whole window at a device-wide synchronization before a counter reaches
 * CSAN_EPOCH_RESET_AT. */
typedef uint32_t csan_epoch_t;
#define CSAN_EPOCH_BITS 32u
#define CSAN_EPOCH_RESET_AT 0x80000000u

/* ------------------------------------------------------------------------
 * Launch context: the last kernel parameter of every instrumented twin.
 * ---------------------------------------------------------------------- */

/* ctx.flags */
#define CSAN_CTX_F_NO_WARP_AGGREGATION 0x1u /* check each thread alone */
#define CSAN_CTX_F_RANGE_OP 0x2u            /* a runtime range kernel, not user code */
/* Memory errors on (CSAN_OPTIONS=memory_errors): a check that misses the
 * fast path classifies the access first (csan_memerr_dev.h). Consulted only
 * off the fast path; the ring is named by the pool header (csan_pool.memerr). */
#define CSAN_CTX_F_MEMORY_ERRORS 0x4u
/* Host only, never in a launch: an access of a kernel replayed from the
 * device's host-memory log (csan_rt_hostlog.c) on the host's shadow, later
 * than the records of work issued after the kernel may have been made there
 * (the engine then asks whether such a record is ordered after the kernel:
 * CSAN_SH_RECORD_IS_LATER). */
#define CSAN_CTX_F_REPLAYED 0x8u
/* host_span != 0: the fast path's page-less branch takes the slow path
 * (which logs the access when it is in the hull) instead of returning. A
 * flag, so that branch tests one word for this and memory errors at once. */
#define CSAN_CTX_F_HOST_HULL 0x10u
/* Host only, never in a launch: an operation's record made on the host's
 * shadow while a kernel's logged accesses may still be on their way
 * (csan_rt_hostmem_op_access): it supersedes no other operation's record,
 * since the kernel's replay may still have to meet that record (a race of
 * the kernel with an operation this one is ordered after). */
#define CSAN_CTX_F_KEEP_OTHERS 0x20u
/* Programmatic dependent launch (PDL). A kernel that waits on its grid
 * dependencies (griddepcontrol.wait: cudaGridDependencySynchronize) has a
 * twin whose last parameter holds two contexts, csan_launch_ctx[2]: [0]
 * for its accesses before the wait, [1] after it (the pass switches at
 * each wait, through CSAN_DEV_PDL_POST_NAME). Both carry PDL_PAIR, [1]
 * also PDL_POST. Launched programmatically after another kernel, [0]
 * leaves that kernel (and the chain of programmatic launches it ends) out
 * of its clock; otherwise the two are the same. */
#define CSAN_CTX_F_PDL_PAIR 0x40u
#define CSAN_CTX_F_PDL_POST 0x80u
#define CSAN_CTX_PAIR_COUNT 2u

typedef struct csan_launch_ctx {
  uint32_t magic;       /* CSAN_CTX_MAGIC */
  uint16_t abi_version; /* CSAN_ABI_VERSION */
  uint16_t slot;        /* stream slot of this launch */
  csan_epoch_t epoch;   /* this launch's epoch on its slot */
  uint32_t flags;       /* CSAN_CTX_F_* */
  uint64_t shadow_dir;  /* device address of the level-1 shadow directory */
  uint64_t pool;        /* device address of the csan_pool header */
  uint64_t races;       /* device address of the csan_race_table */
  uint64_t op_id;       /* host-side operation number, for reports */
  /* The hull of the host memory the device can use (pinned, registered,
   * mapped and managed regions; csan_rt_hostmem.c) when the launch was
   * made, as [host_lo, host_lo + host_span); span 0: none. A check whose
   * address is in it and that misses the fast path logs the access for
   * the host's shadow (csan_hostlog_dev.h), where host code's accesses to
   * the same bytes are checked. */
  uint64_t host_lo;
  uint64_t host_span;
  /* vc[s]: the newest epoch of slot s ordered before this launch. A prior
   * access (s, e) is ordered before the launch iff e <= vc[s]. vc[slot] is
   * epoch - 1 or less: earlier work of the same stream is ordered. */
  csan_epoch_t vc[CSAN_MAX_SLOTS];
} csan_launch_ctx;

CSAN_STATIC_ASSERT(sizeof(csan_launch_ctx) == 64 + 4 * CSAN_MAX_SLOTS,
                   "launch context layout is ABI");
CSAN_STATIC_ASSERT(sizeof(csan_launch_ctx) <= 4096,
                   "launch context must fit the classic 4 KiB parameter space");

/* ------------------------------------------------------------------------
 * Shadow memory.
 *
 * Application memory is divided into 16-byte granules. Each granule has two
 * 64-bit tag cells (16 bytes: 1 byte of tags per application byte) and two
 * 32-bit site words (0.5 byte per application byte). Tags live in a 2 MiB
 * "page" of shadow per 2 MiB page of application VA; sites follow the tags.
 *
 *   shadow_dir[addr >> 35]                -> level-2 table (uint64_t[16384])
 *   level2[(addr >> 21) & 16383]          -> page shadow base, or 0
 *   tags  = base + ((addr & 0x1fffff) >> 4) * 16
 *   sites = base + CSAN_PAGE_SIZE + ((addr & 0x1fffff) >> 4) * 8
 *
 * Addresses at or above 2^49 and pages with no shadow are untracked.
 * ---------------------------------------------------------------------- */

#define CSAN_GRANULE_SHIFT 4u
#define CSAN_GRANULE_SIZE (1u << CSAN_GRANULE_SHIFT) /* 16 bytes */
#define CSAN_PAGE_SHIFT 21u
#define CSAN_PAGE_SIZE (1ull << CSAN_PAGE_SHIFT) /* 2 MiB */
#define CSAN_L2_BITS 14u
#define CSAN_L1_SHIFT (CSAN_PAGE_SHIFT + CSAN_L2_BITS) /* 35 */
#define CSAN_L1_BITS 14u
#define CSAN_VA_BITS (CSAN_L1_SHIFT + CSAN_L1_BITS) /* 49 */
#define CSAN_GRANULES_PER_PAGE (CSAN_PAGE_SIZE >> CSAN_GRANULE_SHIFT)
#define CSAN_PAGE_TAG_BYTES (CSAN_GRANULES_PER_PAGE * 16u)
#define CSAN_PAGE_SITE_BYTES (CSAN_GRANULES_PER_PAGE * 8u)
#define CSAN_PAGE_SHADOW_BYTES (CSAN_PAGE_TAG_BYTES + CSAN_PAGE_SITE_BYTES)

CSAN_STATIC_ASSERT(CSAN_PAGE_TAG_BYTES == CSAN_PAGE_SIZE, "tags are 1 byte per byte");
CSAN_STATIC_ASSERT(CSAN_PAGE_SHADOW_BYTES * 2 == CSAN_PAGE_SIZE * 3,
                   "shadow is 1.5 bytes per application byte");

/* A tag cell records one access (or a merge of accesses by one operation):
 *
 *   bits  0..15  mask    bytes of the granule the record covers; 0 = no record
 *   bit      16  write   the access wrote
 *   bit      17  atomic  the access was atomic (device or system scope)
 *   bit      18  free    the bytes were freed (always reported when touched)
 *   bit      19  lock    cell 0 only: the granule is being updated
 *   bit      20  esc     cell 0 only: records live in the pool; cell 1 holds
 *                        the index of the first pool block
 *   bit      21  untracked  cell 0 only: granule is not application memory
 *                        that csan tracks (no checks, no updates)
 *   bits 22..23  reserved, 0
 *   bits 24..31  slot    stream slot of the operation
 *   bits 32..63  epoch   epoch of the operation on that slot
 */
typedef uint64_t csan_tag_t;

#define CSAN_TAG_MASK_BITS 16u
#define CSAN_TAG_MASK 0xffffull
#define CSAN_TAG_WRITE (1ull << 16)
#define CSAN_TAG_ATOMIC (1ull << 17)
#define CSAN_TAG_FREE (1ull << 18)
#define CSAN_TAG_LOCK (1ull << 19)
#define CSAN_TAG_ESC (1ull << 20)
#define CSAN_TAG_UNTRACKED (1ull << 21)
#define CSAN_TAG_KIND_BITS (CSAN_TAG_WRITE | CSAN_TAG_ATOMIC | CSAN_TAG_FREE)
#define CSAN_TAG_CELL0_BITS (CSAN_TAG_LOCK | CSAN_TAG_ESC | CSAN_TAG_UNTRACKED)
#define CSAN_TAG_SLOT_SHIFT 24u
#define CSAN_TAG_EPOCH_SHIFT 32u
#define CSAN_TAG_EPOCH_FIELD (~(csan_tag_t)0 << CSAN_TAG_EPOCH_SHIFT)

CSAN_STATIC_ASSERT(CSAN_GRANULE_SIZE == CSAN_TAG_MASK_BITS, "one mask bit per granule byte");
CSAN_STATIC_ASSERT(CSAN_TAG_SLOT_SHIFT + CSAN_SLOT_BITS <= CSAN_TAG_EPOCH_SHIFT, "slot fits");
CSAN_STATIC_ASSERT(CSAN_TAG_EPOCH_SHIFT + CSAN_EPOCH_BITS == 64, "epoch fills the top");
CSAN_STATIC_ASSERT((CSAN_TAG_CELL0_BITS & (CSAN_TAG_KIND_BITS | CSAN_TAG_MASK)) == 0,
                   "control bits do not overlap record bits");

#define CSAN_TAG_MAKE(mask, kind, slot, epoch)                                   \
  ((csan_tag_t)(mask) | (csan_tag_t)(kind) |                                     \
   ((csan_tag_t)(slot) << CSAN_TAG_SLOT_SHIFT) |                                 \
   ((csan_tag_t)(epoch) << CSAN_TAG_EPOCH_SHIFT))
#define CSAN_TAG_GET_MASK(t) ((uint32_t)((t)&CSAN_TAG_MASK))
#define CSAN_TAG_GET_KIND(t) ((t)&CSAN_TAG_KIND_BITS)
#define CSAN_TAG_GET_SLOT(t) ((uint32_t)(((t) >> CSAN_TAG_SLOT_SHIFT) & (CSAN_MAX_SLOTS - 1)))
#define CSAN_TAG_GET_EPOCH(t) ((csan_epoch_t)((t) >> CSAN_TAG_EPOCH_SHIFT))

/* Escalation pool: granules whose live records do not fit two cells keep
 * them in a chain of blocks. Block index 0 is never used (means "none"). */
#define CSAN_POOL_BLOCK_RECORDS 10u
typedef struct csan_pool_block {
  csan_tag_t tag[CSAN_POOL_BLOCK_RECORDS]; /* mask 0 = free record */
  uint32_t site[CSAN_POOL_BLOCK_RECORDS];
  uint32_t next; /* index of the next block, 0 = end */
  uint32_t reserved;
} csan_pool_block;
CSAN_STATIC_ASSERT(sizeof(csan_pool_block) == 128, "pool block is one 128-byte line");

/* Free lists of the pool, one per shard: a granule's blocks come from and
 * go back to the shard of its address (csan_sh_shard), so the threads of a
 * launch that escalate and de-escalate granules at once (a non-coalesced
 * access pattern does at every launch) meet on 256 words, not one. */
#define CSAN_POOL_SHARDS 256u

/* The pool grows while the program runs: the host adds segments of
 * 2^seg_shift blocks (CSAN_OPTIONS=pool_segment_mb), up to CSAN_POOL_SEGS,
 * when the device says it is running low (pool_notify). Block indices below
 * base_capacity are the blocks after this header; index base_capacity +
 * (k << seg_shift) + i is block i of segment seg[k]. The host publishes
 * seg[k] before the capacity that covers it (both on csan's stream, in
 * that order). */
#define CSAN_POOL_SEGS 7u

typedef struct csan_pool {
  uint32_t capacity;  /* blocks, including unused block 0 */
  uint32_t next_free; /* bump index, starts at 1; >= capacity means exhausted */
  uint32_t exhausted; /* escalations that found no block (results incomplete) */
  /* Blocks after this header, including block 0; 0 = capacity (a pool
   * that never grows: the CPU engine's, unit tests'). */
  uint32_t base_capacity;
  /* Device addresses of the memory-error ring (csan_memerr_ring, in
   * host-mapped memory) and its counters (csan_memerr_counters, in device
   * memory); 0 = none. Here rather than in the launch context: only the
   * slow path reads them, and the context keeps its size. */
  uint64_t memerr;
  uint64_t memerr_counters;
  /* Device address of a host-mapped 32-bit word (0 = none) that the slow
   * path sets to 1 after it puts a race into the race table (a new entry,
   * a fold or a drop). The host reads the race table (a device round trip
   * at every synchronization) only when the word is set, and clears it
   * before it reads. */
  uint64_t race_notify;
  /* Device addresses of the host-memory log (csan_hostlog_ring, in
   * host-mapped memory) and its counters (csan_hostlog_counters, in device
   * memory); 0 = none: kernels' accesses to host memory are not checked. */
  uint64_t hostlog;
  uint64_t hostlog_counters;
  /* Device address of a host-mapped 32-bit word (0 = none) that the device
   * sets to 1 when the bump allocator passes three quarters of the
   * capacity, and when it first finds the pool exhausted: the host then
   * adds a segment before the next launch. */
  uint64_t pool_notify;
  /* Blocks of granules that went back to two cells, for reuse: per shard a
   * stack of block indices linked by csan_pool_block.next. Low 32 bits:
   * top index (0 = empty); high 32 bits: a counter bumped by every pop and
   * push so a compare-and-swap cannot mistake a recycled top for the one it
   * read (their sum is the pool's free-list operations, mod 2^32). */
  uint64_t free_head[CSAN_POOL_SHARDS];
  /* Device addresses of the segments added so far (0 = not yet). */
  uint64_t seg[CSAN_POOL_SEGS];
  uint32_t seg_shift; /* log2 of a segment's blocks (set with base_capacity) */
  uint32_t reserved;
  /* csan_pool_block blocks[base_capacity] follows, 128-byte aligned */
} csan_pool;
#define CSAN_POOL_BLOCKS_OFFSET (64u + 8u * CSAN_POOL_SHARDS + 64u)
CSAN_STATIC_ASSERT(sizeof(csan_pool) <= CSAN_POOL_BLOCKS_OFFSET, "pool header fits before the blocks");
CSAN_STATIC_ASSERT(CSAN_POOL_BLOCKS_OFFSET % 128u == 0, "pool blocks are 128-byte aligned");

/* ------------------------------------------------------------------------
 * Access kinds passed from checks to the shadow logic and into reports.
 * ---------------------------------------------------------------------- */
#define CSAN_ACC_READ 0u
#define CSAN_ACC_WRITE 1u        /* == CSAN_TAG_WRITE >> 16 */
#define CSAN_ACC_ATOMIC 2u       /* flag: atomic read (2) or atomic RMW/store (3) */
#define CSAN_ACC_FREE 4u         /* with WRITE: a free of the bytes */
#define CSAN_ACC_ALLOC 8u        /* with WRITE: a stream-ordered allocation (replaces FREE) */
/* Bits 8..31 of an access the engine is given may hold the size a race
 * report gives it, where that is not the length of the range checked: a
 * kernel's access replayed from the host-memory log covers the bytes of
 * several merged lanes (csan_hostlog_record.access). 0: the range's length. */
#define CSAN_ACC_SIZE_SHIFT 8u

/* ------------------------------------------------------------------------
 * Site descriptors: one per instrumented access in device code, emitted by
 * the pass as a constant in global memory. A site is named in shadow and in
 * race records by (descriptor address - &CSAN_MODULE_ANCHOR_NAME) as int32;
 * 0 means unknown. csan-replay uses the schedule line number instead.
 * ---------------------------------------------------------------------- */
typedef struct csan_site {
  uint32_t line;
  uint32_t column;
  uint64_t file;     /* device address of a NUL-terminated path, or 0 */
  uint64_t function; /* device address of the (mangled) function name */
  uint32_t access;   /* CSAN_ACC_* of the access */
  uint32_t size;     /* bytes, 0 = range */
} csan_site;
CSAN_STATIC_ASSERT(sizeof(csan_site) == 32, "site descriptor layout is ABI");

/* ------------------------------------------------------------------------
 * Race table: device-resident open-addressing hash of distinct races, keyed
 * by (this op, other op, sites, kinds). Each entry accumulates the byte range
 * hull and a count; the host copies the table at synchronization points and
 * prints entries whose reporting operation has completed.
 * ---------------------------------------------------------------------- */
#define CSAN_RACE_EMPTY 0u
#define CSAN_RACE_FILLING 1u
#define CSAN_RACE_READY 2u

typedef struct csan_race {
  uint64_t key;        /* hash of the fields below, never 0 for a used entry */
  uint32_t state;      /* CSAN_RACE_* */
  uint32_t access;     /* CSAN_ACC_* of the reporting access */
  uint32_t size;       /* size of the reporting access (bytes) */
  uint32_t site;       /* site of the reporting access */
  uint32_t slot;       /* reporting operation */
  csan_epoch_t epoch;
  csan_tag_t other;    /* the conflicting record: kind, slot, epoch */
  uint32_t other_site;
  uint32_t reserved;
  uint64_t lo, hi;     /* conflicting byte range hull [lo, hi) */
  uint64_t count;      /* number of racing accesses folded in */
  uint32_t block[3];   /* of the first reporting thread */
  uint32_t thread[3];
} csan_race;
CSAN_STATIC_ASSERT(sizeof(csan_race) == 96, "race entry layout is ABI");

typedef struct csan_race_table {
  uint32_t capacity; /* entries, a power of two */
  uint32_t used;     /* entries claimed (counts on; the host empties entries) */
  uint32_t dropped;  /* races that found the table full */
  uint32_t folded;   /* races folded into an entry of the same site pair */
  /* csan_race entries[capacity] follows at offset 16 */
} csan_race_table;
#define CSAN_RACE_ENTRIES_OFFSET 16u

/* ------------------------------------------------------------------------
 * Memory errors (DESIGN.md, decision 21). A checked access that misses the
 * fast path, with CSAN_CTX_F_MEMORY_ERRORS, is classified by the device
 * (csan_memerr_dev.h) before the slow path:
 *   poisoned   a FREE record of slot 0 / epoch 0 with site word
 *              CSAN_SITE_POISON: bytes after an allocation's end that no
 *              allocation can own (the allocator's 256-byte alignment);
 *   freed      a FREE record ordered before the launch (its epoch <= vc):
 *              use after free (an unordered FREE is a race, the slow path's);
 *   no page    no shadow page: an address csan knows nothing about.
 * Poisoned and freed accesses are appended to the ring and suppressed (the
 * access is made to the ring's zero or sink bytes instead); a no-page
 * access is appended once per site and goes ahead: memory csan did not see
 * allocated (libraries, the device heap) may be valid, and the host asks
 * the driver before it reports.
 *
 * The records live in host-mapped memory: they survive a fault of the
 * context and the host reads them with plain loads, never waiting for the
 * device. The counters and the per-site filter live in device memory (no
 * atomics cross the bus, and the filter is read at every no-page access).
 * A writer takes slot head++ % capacity; a slot still READY (unread) makes
 * the error count in dropped; otherwise the writer fills it and publishes
 * it READY with a system-scope release; the host copies READY records and
 * sets them EMPTY.
 * ---------------------------------------------------------------------- */
#define CSAN_SITE_POISON 1u /* site word of a poison record (real sites are multiples of 32) */

#define CSAN_MEMERR_EMPTY 0u
#define CSAN_MEMERR_WRITING 1u
#define CSAN_MEMERR_READY 2u

#define CSAN_MEMERR_HINT_POISON 1u  /* bytes no allocation owns */
#define CSAN_MEMERR_HINT_FREED 2u   /* freed bytes, the free ordered before the access */
#define CSAN_MEMERR_HINT_NO_PAGE 3u /* no shadow: not memory csan tracks */

typedef struct csan_memerr_record {
  uint32_t state;     /* CSAN_MEMERR_EMPTY / WRITING / READY */
  uint32_t access;    /* CSAN_ACC_* */
  uint64_t addr;      /* the access's first byte */
  uint32_t size;      /* bytes */
  int32_t site;       /* device site (offset from the module anchor) */
  uint32_t slot;      /* the launch */
  csan_epoch_t epoch;
  uint32_t hint;      /* CSAN_MEMERR_HINT_* */
  uint32_t reserved;
  uint32_t block[3];
  uint32_t thread[3];
  /* The site's line, column and file (the path's last 55 bytes), copied by
   * the device where its platform can read the site (on the GPU): a no-page
   * access may fault right after its record, and the host cannot read the
   * module's site descriptors from a stopped context. 0 / empty: ask the
   * site table. */
  uint32_t line;
  uint32_t column;
  char file[56];
} csan_memerr_record;
CSAN_STATIC_ASSERT(sizeof(csan_memerr_record) == 128, "memory-error record layout is ABI");

/* Bits of the per-(site, hint) filter: a site's error is appended once;
 * later ones (and a site whose bit another site took) count in `folded`
 * (no-page accesses, which go ahead, are not counted). */
#define CSAN_MEMERR_SEEN_BITS 8192u

typedef struct csan_memerr_counters { /* device memory */
  uint32_t head;    /* records claimed so far (wraps) */
  uint32_t dropped; /* errors that found their slot still unread */
  uint32_t folded;  /* errors of a site already appended */
  uint32_t asserts; /* failed device asserts; the first fills the ring's assert block */
  uint64_t seen[CSAN_MEMERR_SEEN_BITS / 64u];
  /* The same bits, set once a no-page record is visible to the host: the
   * site's other threads wait for it before their access, which may fault
   * (csan_memerr_dev.h). */
  uint64_t published[CSAN_MEMERR_SEEN_BITS / 64u];
} csan_memerr_counters;
CSAN_STATIC_ASSERT(sizeof(csan_memerr_counters) == 16 + 2 * (CSAN_MEMERR_SEEN_BITS / 8u),
                   "memory-error counters layout is ABI");

typedef struct csan_memerr_ring { /* host-mapped memory */
  uint32_t capacity; /* records, a power of two */
  uint32_t reserved[3];
  uint8_t zero[16];  /* suppressed loads read these: never written */
  uint8_t sink[16];  /* suppressed stores and atomics write these */
  /* The first failed device assert of an instrumented kernel (its twin
   * calls __csan_dev_assertfail instead of __assertfail): which launch and
   * where. The strings are copied here because the module's memory cannot
   * be read once the assert has stopped the context. */
  uint32_t assert_state; /* CSAN_MEMERR_EMPTY / WRITING / READY */
  uint32_t assert_line;
  uint32_t assert_slot;
  csan_epoch_t assert_epoch;
  char assert_file[128];    /* NUL-terminated, the path's last 127 bytes */
  char assert_function[64]; /* NUL-terminated, truncated */
  /* csan_memerr_record records[capacity] follows at CSAN_MEMERR_RECORDS_OFFSET */
} csan_memerr_ring;
#define CSAN_MEMERR_RECORDS_OFFSET 256u
CSAN_STATIC_ASSERT(sizeof(csan_memerr_ring) <= CSAN_MEMERR_RECORDS_OFFSET,
                   "ring header fits before the records");
CSAN_STATIC_ASSERT(CSAN_MEMERR_RECORDS_OFFSET % 64u == 0, "records are 64-byte aligned");

/* ------------------------------------------------------------------------
 * The host-memory log (DESIGN.md, decision 22, "The device half"). A
 * kernel's access to host memory (an address in the launch's host hull
 * that has no device shadow, i.e. pinned, mapped or registered memory, or
 * that is in one of the managed ranges) that misses the fast path is
 * appended here, one record per granule
 * (warp-aggregated: the lanes of one kind and site on one granule are one
 * record with the OR of their bytes), and the host replays the records on
 * its own shadow, where host code's accesses, the host sides of copies and
 * the other kernels' logged accesses to those bytes are. Same protocol as
 * the memory-error ring: a writer takes slot head++ % capacity (head in
 * device memory); a slot still READY makes the access count in dropped;
 * otherwise it fills the slot, publishes it READY with a system-scope
 * release, then sets `pending` the same way. The host swaps `pending` to 0
 * and, when it was set, copies every READY record and sets it EMPTY.
 * ---------------------------------------------------------------------- */
#define CSAN_HOSTLOG_EMPTY 0u
#define CSAN_HOSTLOG_WRITING 1u
#define CSAN_HOSTLOG_READY 2u

typedef struct csan_hostlog_record {
  uint32_t state;  /* CSAN_HOSTLOG_EMPTY / WRITING / READY */
  uint32_t access; /* CSAN_ACC_* | the access's size << CSAN_ACC_SIZE_SHIFT */
  uint64_t gaddr;  /* the granule */
  uint32_t mask;   /* its bytes (bit i: byte gaddr + i) */
  int32_t site;    /* device site (offset from the module anchor) */
  uint32_t slot;   /* the launch */
  csan_epoch_t epoch;
} csan_hostlog_record;
CSAN_STATIC_ASSERT(sizeof(csan_hostlog_record) == 32, "host-log record layout is ABI");

/* Managed ranges the device logs although they have device shadow (the
 * hull may cover device memory too, which must not be logged). */
#define CSAN_HOSTLOG_MANAGED_MAX 64u

typedef struct csan_hostlog_counters { /* device memory */
  uint32_t head;      /* records claimed so far (wraps) */
  uint32_t dropped;   /* accesses that found their slot still unread */
  uint32_t managed_n; /* managed ranges below (the host rewrites them) */
  uint32_t reserved;
  uint64_t managed_lo[CSAN_HOSTLOG_MANAGED_MAX];
  uint64_t managed_end[CSAN_HOSTLOG_MANAGED_MAX];
} csan_hostlog_counters;
CSAN_STATIC_ASSERT(sizeof(csan_hostlog_counters) == 16 + 16 * CSAN_HOSTLOG_MANAGED_MAX,
                   "host-log counters layout is ABI");

typedef struct csan_hostlog_ring { /* host-mapped memory */
  uint32_t capacity; /* records, a power of two */
  uint32_t pending;  /* set after a record is published */
  uint32_t reserved[14];
  /* csan_hostlog_record records[capacity] follows at CSAN_HOSTLOG_RECORDS_OFFSET */
} csan_hostlog_ring;
#define CSAN_HOSTLOG_RECORDS_OFFSET 64u
CSAN_STATIC_ASSERT(sizeof(csan_hostlog_ring) == CSAN_HOSTLOG_RECORDS_OFFSET,
                   "host-log header is one 64-byte line");

/* ------------------------------------------------------------------------
 * Host call sites: the host half of the pass passes a pointer to one of these
 * (a private constant) as the extra last argument of every runtime wrapper
 * (__csan_<api>), so reports can name the call even without symbols.
 * ---------------------------------------------------------------------- */
typedef struct csan_host_site {
  const char *file;     /* source path, or 0 */
  const char *function; /* enclosing function (mangled), or 0 */
  uint32_t line;
  uint32_t column;
} csan_host_site;

/* __device__ / __managed__ variables of a host module. Without -fgpu-rdc the
 * module's registration code calls __cudaRegisterVar, which the pass
 * redirects (csan_api.def). With -fgpu-rdc registration is emitted by the
 * device linker instead, so the pass adds a constructor to each host module
 * that calls, for every variable in the module's offloading entries:
 *   void __csan_register_device_var(const void *host_var, const char *name,
 *                                   uint64_t size, uint32_t flags);
 * The runtime resolves the device address lazily (cudaGetSymbolAddress) and
 * tracks the variable like an allocation. */
#define CSAN_VAR_F_MANAGED 0x1u
#define CSAN_VAR_F_CONSTANT 0x2u /* __constant__: read-only on the device, never checked */

#endif /* CSAN_ABI_H */
