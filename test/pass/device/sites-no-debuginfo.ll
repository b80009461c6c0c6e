; Without debug info a site has line 0, column 0, the module's source file
; and the IR function: the kernel's own name for its twin.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

source_filename = "dir/nodebug.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: [[FILE:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [15 x i8] c"dir/nodebug.cu\00"
; CHECK-DAG: [[K:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [7 x i8] c"_Z1kPi\00"
; CHECK-DAG: [[F:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [7 x i8] c"_Z1fPi\00"
; CHECK-DAG: [[KSITE:@csan.site[0-9]*]] = private addrspace(1) constant %struct.csan_site { i32 0, i32 0, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[K]] to ptr), i32 1, i32 4 }
; CHECK-DAG: [[FSITE:@csan.site[0-9]*]] = private addrspace(1) constant %struct.csan_site { i32 0, i32 0, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[F]] to ptr), i32 0, i32 0 }
; CHECK-NOT: c"_Z1kPi__csan\00"

; CHECK-LABEL: define void @_Z1fPi__csan(
; CHECK:       ptrtoint ptr addrspace(1) [[FSITE]] to i64
; CHECK:       call void @__csan_dev_read_range(
define void @_Z1fPi(ptr %p) {
  %v = load i24, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @_Z1kPi__csan(
; CHECK:       ptrtoint ptr addrspace(1) [[KSITE]] to i64
; CHECK:       call ptr @__csan_dev_write4(
define ptx_kernel void @_Z1kPi(ptr %p) {
  store i32 0, ptr %p, align 4
  ret void
}
