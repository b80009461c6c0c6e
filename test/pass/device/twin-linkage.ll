; The twin lives where its kernel lives: same linkage, visibility and comdat
; (a weak_odr template kernel has a weak_odr twin), same function attributes
; (launch bounds). Attributes the checks break (memory, nosync, willreturn,
; captures) are dropped from the twin; the kernel itself, which calls nothing
; that reads the context slot, gets no prologue and keeps them.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

$_Z4tmplIfEvPT_ = comdat any

; CHECK-LABEL: define weak_odr ptx_kernel void @_Z4tmplIfEvPT_(ptr captures(none) %p)
; CHECK-SAME: [[KATTRS:#[0-9]+]] comdat {
; CHECK-NEXT:    store float
define weak_odr ptx_kernel void @_Z4tmplIfEvPT_(ptr captures(none) %p) #0 comdat {
  store float 1.0, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define internal ptx_kernel void @local_kernel(
define internal ptx_kernel void @local_kernel(ptr %p) {
  store float 2.0, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define weak_odr ptx_kernel void @_Z4tmplIfEvPT___csan(ptr %p, ptr {{.*}} %csan.ctx)
; CHECK-SAME: [[ATTRS:#[0-9]+]] comdat($_Z4tmplIfEvPT_) {
; CHECK-LABEL: define internal ptx_kernel void @local_kernel__csan(

; CHECK-DAG: attributes [[KATTRS]] = { nofree norecurse nosync nounwind willreturn memory(argmem: write) "nvvm.maxntid"="128" "nvvm.minctasm"="2" }
; CHECK-DAG: attributes [[ATTRS]] = { nofree norecurse nounwind "nvvm.maxntid"="128" "nvvm.minctasm"="2" }
attributes #0 = { nofree norecurse nosync nounwind willreturn memory(argmem: write) "nvvm.maxntid"="128" "nvvm.minctasm"="2" }
