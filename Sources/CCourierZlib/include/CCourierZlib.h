// zlib for CourierCompression. zlib's deflateInit2/inflateInit2 are macros (they pass the library's version and
// the size of z_stream), which Swift cannot call: these functions wrap them.
#ifndef C_COURIER_ZLIB_H
#define C_COURIER_ZLIB_H

#include <zlib.h>

int CCourierZlib_deflateInit2(z_streamp stream, int level, int windowBits);
int CCourierZlib_inflateInit2(z_streamp stream, int windowBits);

#endif
