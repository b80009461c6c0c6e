/* csan_rt_sites.h: device source sites of instrumented modules, resolved
 * for reports (csan_rt_sites.c). */
#ifndef CSAN_RT_SITES_H
#define CSAN_RT_SITES_H

#include "csan_rt.h"

/* The descriptor of device site `site` of module `module` (a CUmodule), read
 * once and cached; false when the module has no such site. */
bool csan_rt_site_resolve(const void *module, uint32_t site, csan_site_info *out);
/* Counts, once per module, the device accesses its compilation left
 * without a check (CSAN_MODULE_GAPS_NAME) into the exit summary. */
void csan_rt_module_gaps_note(const void *module);
/* cudaDeviceReset unloaded every module: cached sites are stale. */
void csan_rt_sites_forget(void);

#endif /* CSAN_RT_SITES_H */
