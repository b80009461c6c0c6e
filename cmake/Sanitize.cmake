# CSAN_SANITIZE: build csan's own C code under a sanitizer, so CI runs the
# CPU test suite against an instrumented runtime.
#
#   -DCSAN_SANITIZE=address   AddressSanitizer (with LeakSanitizer) and
#                             UndefinedBehaviorSanitizer, which stops at the
#                             first error (-fno-sanitize-recover) so no report
#                             can scroll by in a test that still passes
#   -DCSAN_SANITIZE=thread    ThreadSanitizer
#
# csan_sanitize(target) applies it to one target. It is applied to the host
# runtime (csan_core, libcsan_rt), csan-replay, csan-clang and the fake CUDA
# library; lit gives the same flags to the test programs it compiles
# (%cc_core, %cc_rt, %cc_rt_static). The pass plugin is not sanitized: it is
# loaded into clang and opt, which are not. Nor is the device runtime (GPU
# code) or csan-gpu-probe (it loads the real CUDA runtime).
#
# Configure with clang-22 as the C compiler (scripts/run-tests --sanitize
# does): its sanitizer runtimes are those of libclang-rt-22-dev.
set(CSAN_SANITIZE "" CACHE STRING
    "build the host runtime, csan-replay and the CPU tests with a sanitizer: address or thread")
set_property(CACHE CSAN_SANITIZE PROPERTY STRINGS "" address thread)

if(CSAN_SANITIZE STREQUAL "address")
  set(CSAN_SANITIZE_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all
      -fno-omit-frame-pointer)
elseif(CSAN_SANITIZE STREQUAL "thread")
  set(CSAN_SANITIZE_FLAGS -fsanitize=thread -fno-omit-frame-pointer)
elseif(CSAN_SANITIZE STREQUAL "")
  set(CSAN_SANITIZE_FLAGS)
else()
  message(FATAL_ERROR "CSAN_SANITIZE=${CSAN_SANITIZE}: expected address, thread or nothing")
endif()
if(CSAN_SANITIZE)
  message(STATUS "csan: sanitizer ${CSAN_SANITIZE}: ${CSAN_SANITIZE_FLAGS}")
endif()
# For lit, which pastes them into compile commands.
string(REPLACE ";" " " CSAN_SANITIZE_FLAGS_STR "${CSAN_SANITIZE_FLAGS}")

function(csan_sanitize target)
  if(CSAN_SANITIZE_FLAGS)
    target_compile_options(${target} PRIVATE ${CSAN_SANITIZE_FLAGS})
    target_link_options(${target} PRIVATE ${CSAN_SANITIZE_FLAGS})
  endif()
endfunction()
