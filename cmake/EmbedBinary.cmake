# cmake -DIN=file -DOUT=file.c -DSYMBOL=name -P EmbedBinary.cmake
# Writes `const unsigned char name[]` (8-byte aligned, as cuModuleLoadData
# wants for a fatbin) and `const unsigned long name_size`.
file(READ "${IN}" _hex HEX)
string(LENGTH "${_hex}" _len)
math(EXPR _size "${_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _bytes "${_hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n" _bytes "${_bytes}")
file(WRITE "${OUT}"
  "/* Generated from ${IN} by EmbedBinary.cmake; do not edit. */\n"
  "__attribute__((aligned(8))) const unsigned char ${SYMBOL}[] = {\n${_bytes}\n};\n"
  "const unsigned long ${SYMBOL}_size = ${_size}ul;\n")
