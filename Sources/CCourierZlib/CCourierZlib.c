#include "CCourierZlib.h"

// memLevel 8 and the default strategy are zlib's own defaults (deflateInit uses them).
int CCourierZlib_deflateInit2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

int CCourierZlib_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
