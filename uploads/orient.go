package uploads

import (
	"bytes"
	"encoding/binary"
	"image"

	"github.com/disintegration/imaging"
)

// Reading the EXIF orientation ourselves, rather than letting
// imaging.AutoOrientation turn the decoded bitmap, lets us turn the picture
// after it has been scaled down: turning a 12 MP photo costs more than 60 ms
// on 2 cores, turning the 1600 px result a few. Portrait photos from phones
// are nearly all stored sideways, so this is the common case, not a corner.
// Budget: a 12 MP upload stored with its thumbnail in 400 ms
// (docs/benchmarks.md).

// exifOrientation returns the EXIF orientation (1 to 8) of a JPEG, or 1 (as
// stored) when there is none or it cannot be read.
func exifOrientation(data []byte) int {
	if !bytes.HasPrefix(data, []byte{0xff, 0xd8}) {
		return 1
	}
	// Walk the marker segments up to the image data, looking for APP1 Exif.
	for p := 2; p+4 <= len(data); {
		if data[p] != 0xff {
			return 1
		}
		marker := data[p+1]
		if marker == 0xff { // fill byte
			p++
			continue
		}
		if marker == 0xda || marker == 0xd9 { // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[p+2:]))
		if n < 2 || p+2+n > len(data) {
			return 1
		}
		seg := data[p+4 : p+2+n]
		if marker == 0xe1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return tiffOrientation(seg[6:])
		}
		p += 2 + n
	}
	return 1
}

// tiffOrientation finds tag 0x0112 in the first IFD of a TIFF structure.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := int64(order.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > int64(len(t)) {
		return 1
	}
	entries := t[ifd+2:]
	for range order.Uint16(t[ifd:]) {
		if len(entries) < 12 {
			return 1
		}
		if order.Uint16(entries) == 0x0112 {
			// A SHORT value sits in the first two bytes of the value field.
			if v := int(order.Uint16(entries[8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
		entries = entries[12:]
	}
	return 1
}

// upright turns a picture stored with EXIF orientation i (2 to 8) upright:
// the transforms imaging.AutoOrientation applies.
var upright = [...]func(image.Image) *image.NRGBA{
	2: imaging.FlipH,
	3: imaging.Rotate180,
	4: imaging.FlipV,
	5: imaging.Transpose,
	6: imaging.Rotate270,
	7: imaging.Transverse,
	8: imaging.Rotate90,
}

// orient applies an EXIF orientation to img, turning it upright.
func orient(img *image.NRGBA, orientation int) *image.NRGBA {
	if orientation < 0 || orientation >= len(upright) || upright[orientation] == nil {
		return img
	}
	return upright[orientation](img)
}
