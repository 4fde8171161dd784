// Package testpicture makes pictures for tests that need real, big bitmaps
// from small files: a decoder has to allocate and fill every pixel.
package testpicture

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// ColorType is how a PNG stores its pixels.
type ColorType byte

// The PNG colour types these pictures come in, at 8 bits a sample.
const (
	Gray ColorType = 0 // decodes to an image.Gray: 1 byte a pixel
	RGB  ColorType = 2 // decodes to an image.RGBA: 4 bytes a pixel
)

// FlatPNG is a black w x h PNG. Its rows of zeros compress about a thousand
// times: 6000x6000 RGB is some 100 KB.
func FlatPNG(w, h int, ct ColorType) []byte {
	channels := 1
	if ct == RGB {
		channels = 3
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w)) // #nosec G115 -- a test picture's size
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h)) // #nosec G115 -- a test picture's size
	ihdr = append(ihdr, 8, byte(ct), 0, 0, 0)             // 8 bits, deflate, no filter, no interlace
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	row := make([]byte, 1+channels*w) // filter byte "none", then the samples
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
