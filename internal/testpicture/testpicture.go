// Package testpicture makes pictures for tests that need real, big bitmaps
// from small files: a decoder has to allocate and fill every pixel.
package testpicture

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// Layout is how a PNG stores its pixels.
type Layout int

// The layouts these pictures come in.
const (
	Gray  Layout = iota // 8-bit grey: decodes to an image.Gray, 1 byte a pixel
	RGB                 // 8-bit RGB: decodes to an image.RGBA, 4 bytes a pixel
	RGB16               // 16-bit RGB: decodes to an image.RGBA64, 8 bytes a pixel
)

// FlatPNG is a black w x h PNG. Its rows of zeros compress about a thousand
// times: 6000x6000 RGB is some 100 KB.
func FlatPNG(w, h int, layout Layout) []byte {
	colorType, depth, bytesPerPixel := byte(0), byte(8), 1
	switch layout {
	case RGB:
		colorType, bytesPerPixel = 2, 3
	case RGB16:
		colorType, depth, bytesPerPixel = 2, 16, 6
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w)) // #nosec G115 -- a test picture's size
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h)) // #nosec G115 -- a test picture's size
	ihdr = append(ihdr, depth, colorType, 0, 0, 0)        // deflate, no filter, no interlace
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	row := make([]byte, 1+bytesPerPixel*w) // filter byte "none", then the samples
	for range h {
		zw.Write(row) // writes to a bytes.Buffer do not fail
	}
	zw.Close()
	out := []byte("\x89PNG\r\n\x1a\n")
	out = chunk(out, "IHDR", ihdr)
	out = chunk(out, "IDAT", idat.Bytes())
	return chunk(out, "IEND", nil)
}

func chunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data))) // #nosec G115 -- small
	body := append([]byte(typ), data...)
	out = append(out, body...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(body))
}
