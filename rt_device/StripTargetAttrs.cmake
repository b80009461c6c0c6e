# cmake -DIN=file.ll -DOUT=file.ll -P StripTargetAttrs.cmake
# Drops the "target-cpu" and "target-features" function attributes from the
# device runtime's textual IR. The bitcode is compiled once for the oldest
# supported GPU (sm_75) and linked into modules for any newer one; without
# these attributes its functions take the including module's GPU and PTX
# version, so code that stays out of line (the slow path) is compiled like
# the rest of the user's module and never asks for a newer PTX ISA.
file(READ "${IN}" _ir)
string(REGEX REPLACE " \"target-cpu\"=\"[^\"]*\"" "" _ir "${_ir}")
string(REGEX REPLACE " \"target-features\"=\"[^\"]*\"" "" _ir "${_ir}")
file(WRITE "${OUT}" "${_ir}")
