; TEST STAND-IN: a device runtime that lacks every check entry point but the 1-byte
; read, for the "does not define" error of csan-device-link.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @__csan_dev_read1(ptr %ctx, ptr %addr, i32 %site) alwaysinline {
  ret void
}
