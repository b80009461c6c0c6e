// The fault report from the core, text and JSON objects: the error, the call
// that returned it with its line, then each candidate in rank order with its
// kernel, stream, grid, block, dynamic shared memory and launch line; a
// launch the device named also carries its device line; a candidate whose
// record is gone is named by slot and number. Without markers the text says
// csan cannot tell.
// RUN: %cc_core -o %t && %t text | FileCheck %s
// RUN: %t json | FileCheck %s --check-prefix=JSON
// RUN: %t none | FileCheck %s --check-prefix=NONE
#include <stdio.h>
#include <string.h>

#include "csan_faults.h"
#include "csan_report.h"

static void launch(uint32_t slot, const char *kernel, unsigned line) {
  csan_fault_launch l;
  memset(&l, 0, sizeof l);
  l.kernel = kernel;
  l.stream = 0x1000 + slot;
  l.grid[0] = 4, l.grid[1] = 1, l.grid[2] = 1;
  l.block[0] = 128, l.block[1] = 1, l.block[2] = 1;
  l.shared_mem = 256;
  l.site = (csan_host_site){"app.cu", "main", line, 3};
  csan_faults_launch(&l, slot);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "text";
  csan_flags f;
  csan_flags_defaults(&f);
  if (!strcmp(mode, "json"))
    f.report_format = CSAN_REPORT_JSON;
  csan_log_open("stdout", NULL, 0);
  launch(2, "_Z4stepPf", 20);
  launch(3, "_Z4longPf", 21);
  csan_fault_report r = {710, "cudaErrorAssert", "device-side assert triggered",
                         "cudaStreamSynchronize", {"app.cu", "main", 30, 3}, 0, true};
  csan_fault_device_record dev = {true, 2, 1, "k.cu", 7};
  csan_fault_candidate c[] = {{CSAN_FAULT_DEVICE, 2, 1}, {CSAN_FAULT_RUNNING, 3, 1},
                              {CSAN_FAULT_HEAD, 5, 9}};
  if (!strcmp(mode, "none")) {
    r.markers = false;
    csan_fault_print(&f, &r, NULL, 0, NULL);
    return 0;
  }
  csan_fault_print(&f, &r, c, 3, &dev);
  return 0;
}

// CHECK:      ==================
// CHECK-NEXT: csan: ERROR: asynchronous fault: cudaErrorAssert (device-side assert triggered)
// CHECK-NEXT:   returned by cudaStreamSynchronize at app.cu:30:3
// CHECK-NEXT:   The operations that may have faulted, most likely first (csan's progress markers; nothing was serialized):
// CHECK-NEXT:   #1 kernel step(float*) on stream 0x1002 (the device recorded the fault in it)
// CHECK-NEXT:      grid (4,1,1), block (128,1,1), 256 bytes of dynamic shared memory
// CHECK-NEXT:      device line k.cu:7
// CHECK-NEXT:      launched at app.cu:20:3
// CHECK-NEXT:   #2 kernel long(float*) on stream 0x1003 (begun and never finished)
// CHECK-NEXT:      grid (4,1,1), block (128,1,1), 256 bytes of dynamic shared memory
// CHECK-NEXT:      launched at app.cu:21:3
// CHECK-NEXT:   #3 launch 9 of stream slot 5 (the oldest launch its stream did not finish; csan no longer has its record)
// CHECK-NEXT: SUMMARY: csan: asynchronous fault cudaErrorAssert in step(float*) launched at app.cu:20:3
// CHECK-NEXT: ==================

// JSON:      {"type":"fault","error":710,"error_name":"cudaErrorAssert","error_text":"device-side assert triggered","api":"cudaStreamSynchronize","file":"app.cu","line":30,"stack":[{"function":"main","file":"app.cu","line":30,"column":3}],"markers":true,"candidates":[{"why":"device","slot":2,"seq":1,"kernel":"step(float*)","api":null,"bytes":0,"stream":"0x1002","grid":[4,1,1],"block":[128,1,1],"shared_mem":256,"file":"app.cu","line":20,"stack":[{"function":"main","file":"app.cu","line":20,"column":3}],"device_file":"k.cu","device_line":7},{"why":"running","slot":3,"seq":1,"kernel":"long(float*)",{{.*}}"line":21,{{.*}}},{"why":"head","slot":5,"seq":9}]}

// NONE:      csan: ERROR: asynchronous fault: cudaErrorAssert
// NONE-NEXT:   returned by cudaStreamSynchronize at app.cu:30:3
// NONE:        csan has no progress markers on this device: it cannot say which launch faulted
// NONE-NEXT: SUMMARY: csan: asynchronous fault cudaErrorAssert{{$}}
