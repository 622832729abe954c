#!/usr/bin/env python3
"""Checks a PNG with the standard library only and prints what a test can compare.

Usage: png_check.py FILE
Walks the chunks (signature, CRC of each, IHDR first, IEND last), inflates the IDAT data,
checks its length is height * (1 + row bytes), undoes the scanline filters (8-bit colour types
0, 2, 4, 6 only) and prints one line:  WIDTH HEIGHT NONWHITE DISTINCT
where NONWHITE counts pixels that are not opaque white and DISTINCT the distinct pixel values.
Exits 1 with a message on stderr for anything wrong.
"""
import struct
import sys
import zlib


def fail(message):
    print("png_check: " + message, file=sys.stderr)
    sys.exit(1)


def main(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("no PNG signature")
    pos, chunks = 8, []
    while pos < len(data):
        if pos + 12 > len(data):
            fail("truncated chunk at byte %d" % pos)
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if len(body) != length or zlib.crc32(kind + body) != crc:
            fail("bad CRC or length in chunk %r" % kind)
        chunks.append((kind, body))
        pos += 12 + length
    if not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        fail("IHDR must come first and IEND last")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        fail("only 8-bit, non-palette, non-interlaced images are checked")
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * channels
    if len(raw) != height * (1 + stride):
        fail("inflated %d bytes, expected %d" % (len(raw), height * (1 + stride)))
    previous, pixels = bytearray(stride), []
    for y in range(height):
        kind, row = raw[y * (1 + stride)], bytearray(raw[y * (1 + stride) + 1:(y + 1) * (1 + stride)])
        for i in range(stride):
            a = row[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            elif kind != 0:
                fail("unknown filter %d in row %d" % (kind, y))
        pixels.extend(bytes(row[i:i + channels]) for i in range(0, stride, channels))
        previous = row
    white = b"\xff" * channels
    nonwhite = sum(1 for p in pixels if p != white)
    print(width, height, nonwhite, len(set(pixels)))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        fail("usage: png_check.py FILE")
    main(sys.argv[1])
