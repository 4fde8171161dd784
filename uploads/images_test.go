package uploads_test

// Builders for the pictures the tests upload. Everything is made in code, so
// there are no binary fixtures to trust or to keep up to date.

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"testing"
)

// gpsLatitude and gpsLongitude are the RATIONAL triples of the GPS IFD, with
// odd denominators so that the bytes are distinctive and easy to look for.
var (
	gpsLatitude  = []uint32{52, 1, 31, 1, 123457, 10007}
	gpsLongitude = []uint32{13, 1, 24, 1, 765431, 10009}
)

// gpsBytes is how the coordinates appear in a big-endian EXIF block.
func gpsBytes() []byte { return gpsBytesIn(binary.BigEndian) }

func gpsBytesIn(order binary.AppendByteOrder) []byte {
	var b []byte
	for _, v := range append(append([]uint32{}, gpsLatitude...), gpsLongitude...) {
		b = order.AppendUint32(b, v)
	}
	return b
}

// exifAPP1 builds a JPEG APP1 segment holding a big-endian TIFF structure:
// IFD0 with Orientation and a pointer to a GPS IFD with latitude and
// longitude, which is what a phone writes (and what must never leak).
func exifAPP1(orientation uint16) []byte { return exifAPP1In(binary.BigEndian, orientation) }

// exifAPP1In is exifAPP1 in the given byte order ("II" or "MM" TIFF).
func exifAPP1In(order binary.AppendByteOrder, orientation uint16) []byte {
	var t []byte // TIFF structure; offsets are relative to its start
	// entry writes one IFD entry; value is the raw 4-byte value field, in
	// which values shorter than 4 bytes sit left-justified.
	entry := func(tag, typ uint16, count uint32, value []byte) {
		t = order.AppendUint16(t, tag)
		t = order.AppendUint16(t, typ)
		t = order.AppendUint32(t, count)
		t = append(t, value...)
	}
	u16 := func(v uint16) []byte { return append(order.AppendUint16(nil, v), 0, 0) }
	u32 := func(v uint32) []byte { return order.AppendUint32(nil, v) }
	const (
		typeASCII    = 2
		typeShort    = 3
		typeLong     = 4
		typeRational = 5
		ifd0At       = 8
		gpsIFDAt     = ifd0At + 2 + 2*12 + 4
		gpsDataAt    = gpsIFDAt + 2 + 4*12 + 4
	)
	if order == binary.AppendByteOrder(binary.LittleEndian) {
		t = append(t, "II\x2a\x00"...)
	} else {
		t = append(t, "MM\x00\x2a"...)
	}
	t = order.AppendUint32(t, ifd0At)

	t = order.AppendUint16(t, 2)
	entry(0x0112, typeShort, 1, u16(orientation))
	entry(0x8825, typeLong, 1, u32(gpsIFDAt))
	t = order.AppendUint32(t, 0)

	t = order.AppendUint16(t, 4)
	entry(0x0001, typeASCII, 2, []byte("N\x00\x00\x00")) // GPSLatitudeRef
	entry(0x0002, typeRational, 3, u32(gpsDataAt))
	entry(0x0003, typeASCII, 2, []byte("E\x00\x00\x00")) // GPSLongitudeRef
	entry(0x0004, typeRational, 3, u32(gpsDataAt+24))
	t = order.AppendUint32(t, 0)
	t = append(t, gpsBytesIn(order)...)

	payload := append([]byte("Exif\x00\x00"), t...)
	seg := []byte{0xff, 0xe1}
	seg = binary.BigEndian.AppendUint16(seg, uint16(2+len(payload)))
	return append(seg, payload...)
}

// encodeJPEG encodes img and, when exif is given, splices it in right after
// SOI, where cameras put it.
func encodeJPEG(t testing.TB, img image.Image, quality int, exif []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if exif == nil {
		return data
	}
	return append(append(append([]byte{}, data[:2]...), exif...), data[2:]...)
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// encodeGIF makes a two-frame animation; only the first frame is kept.
func encodeGIF(t testing.TB, w, h int) []byte {
	t.Helper()
	pal := color.Palette{color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}}
	first := image.NewPaletted(image.Rect(0, 0, w, h), pal)  // all red
	second := image.NewPaletted(image.Rect(0, 0, w, h), pal) // all blue
	for i := range second.Pix {
		second.Pix[i] = 1
	}
	var buf bytes.Buffer
	anim := &gif.GIF{Image: []*image.Paletted{first, second}, Delay: []int{10, 10}}
	if err := gif.EncodeAll(&buf, anim); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// cornerPicture is w x h, grey, with a red square in the top left corner, so
// that a test can tell where the corner went.
func cornerPicture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{128, 128, 128, 255}
			if x < 50 && y < 50 {
				c = color.RGBA{255, 0, 0, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// photo is a gradient with noise, which compresses about as badly as a real
// photograph does.
func photo(w, h int) *image.RGBA {
	rng := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			n := rng.IntN(48)
			i := img.PixOffset(x, y)
			img.Pix[i+0] = uint8(x*200/w + n)
			img.Pix[i+1] = uint8(y*200/h + n)
			img.Pix[i+2] = uint8((x+y)*100/(w+h) + n)
			img.Pix[i+3] = 255
		}
	}
	return img
}

// pngHeaderOnly is a well-formed PNG whose IHDR claims w x h pixels but which
// carries only a few hundred bytes of data: a decompression bomb in waiting.
func pngHeaderOnly(w, h uint32) []byte {
	chunk := func(out []byte, typ string, data []byte) []byte {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		body := append([]byte(typ), data...)
		out = append(out, body...)
		return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(body))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0) // 8-bit RGBA, deflate, no interlace
	var idat bytes.Buffer
	zw := zlib.NewWriter(&idat)
	zw.Write(make([]byte, 64<<10))
	zw.Close()
	out := []byte("\x89PNG\r\n\x1a\n")
	out = chunk(out, "IHDR", ihdr)
	out = chunk(out, "IDAT", idat.Bytes())
	return chunk(out, "IEND", nil)
}

// gifHeaderOnly is a GIF whose logical screen claims w x h, with no frames.
func gifHeaderOnly(w, h uint16) []byte {
	out := []byte("GIF89a")
	out = binary.LittleEndian.AppendUint16(out, w)
	out = binary.LittleEndian.AppendUint16(out, h)
	return append(out, 0, 0, 0, 0x3b)
}

// jpegHeaderOnly is SOI, a baseline SOF0 claiming w x h and the start of a
// scan (where image/jpeg stops reading headers), then nothing.
func jpegHeaderOnly(w, h uint16) []byte {
	out := []byte{0xff, 0xd8, 0xff, 0xc0, 0, 17, 8}
	out = binary.BigEndian.AppendUint16(out, h)
	out = binary.BigEndian.AppendUint16(out, w)
	out = append(out, 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0)
	out = append(out, 0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0)
	return append(out, 0xff, 0xd9)
}

// bitWriter packs bits least significant first, as VP8L wants them.
type bitWriter struct {
	out   []byte
	nbits uint
}

func (b *bitWriter) write(v uint32, n uint) {
	for i := uint(0); i < n; i++ {
		if b.nbits%8 == 0 {
			b.out = append(b.out, 0)
		}
		b.out[len(b.out)-1] |= byte(v>>i&1) << (b.nbits % 8)
		b.nbits++
	}
}

// webpLossless encodes a w x h lossless WebP (golang.org/x/image has no
// encoder). Every pixel is a or b, chosen by pick: each channel gets a
// "simple" prefix code of one or two symbols, so a pixel costs one bit at
// most, and the whole format fits in a few lines.
func webpLossless(w, h int, a, b color.NRGBA, pick func(x, y int) bool) []byte {
	var bw bitWriter
	bw.write(0x2f, 8) // VP8L signature
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	bw.write(1, 1) // alpha is used
	bw.write(0, 3) // version
	bw.write(0, 1) // no transforms
	bw.write(0, 1) // no colour cache
	bw.write(0, 1) // no meta prefix codes
	// Prefix codes for green, red, blue, alpha, then distance.
	channels := [][2]uint8{{a.G, b.G}, {a.R, b.R}, {a.B, b.B}, {a.A, b.A}, {0, 0}}
	varies := make([]bool, len(channels))
	for i, c := range channels {
		varies[i] = c[0] != c[1]
		bw.write(1, 1) // simple code
		if varies[i] {
			bw.write(1, 1) // two symbols
			bw.write(1, 1) // first symbol has 8 bits
			bw.write(uint32(c[0]), 8)
			bw.write(uint32(c[1]), 8)
		} else {
			bw.write(0, 1) // one symbol, which costs no bits at all
			bw.write(1, 1)
			bw.write(uint32(c[0]), 8)
		}
	}
	for y := range h {
		for x := range w {
			bit := uint32(0)
			if pick(x, y) {
				bit = 1
			}
			for i := range 4 {
				if varies[i] {
					bw.write(bit, 1)
				}
			}
		}
	}
	return riffWebP("VP8L", bw.out)
}

func riffWebP(fourCC string, payload []byte) []byte {
	chunk := append([]byte(fourCC), binary.LittleEndian.AppendUint32(nil, uint32(len(payload)))...)
	chunk = append(chunk, payload...)
	if len(payload)%2 == 1 {
		chunk = append(chunk, 0)
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(chunk)))...)
	return append(append(out, "WEBP"...), chunk...)
}

// webpHeaderOnly is a lossless WebP header claiming w x h, then nothing.
func webpHeaderOnly(w, h int) []byte {
	var bw bitWriter
	bw.write(0x2f, 8)
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	bw.write(0, 4)
	return riffWebP("VP8L", bw.out)
}
