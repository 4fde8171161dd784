package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"sort"
	"time"
)

// photo is a phone-sized picture: 4000 x 3000 (12 megapixels), JPEG quality
// 90, with an EXIF block saying the phone was held upright (orientation 6,
// so the server must turn it), as portrait shots from phones are.
func photo() []byte {
	const w, h = 4000, 3000
	rng := rand.New(rand.NewPCG(3, 4))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			n := uint8(rng.IntN(24))
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] =
				uint8(x*200/w)+n, uint8(y*200/h)+n, uint8((x+y)*100/(w+h))+n, 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		panic(err) // encoding to memory cannot fail
	}
	data := buf.Bytes()
	// The APP1 segment goes right after the SOI marker.
	return append(append(append([]byte{}, data[:2]...), exifAPP1(6)...), data[2:]...)
}

// exifAPP1 is an APP1 segment with a big-endian TIFF block whose IFD0 holds
// the camera make and the orientation.
func exifAPP1(orientation uint16) []byte {
	be := binary.BigEndian
	make_ := []byte("Rehome bench\x00")
	var t []byte
	t = append(t, "MM\x00\x2a"...)
	t = be.AppendUint32(t, 8) // IFD0 right after the header
	t = be.AppendUint16(t, 2) // two entries
	// Make: ASCII, stored after the IFD (offset 8 + 2 + 2*12 + 4).
	t = be.AppendUint16(t, 0x010f)
	t = be.AppendUint16(t, 2)
	t = be.AppendUint32(t, uint32(len(make_)))
	t = be.AppendUint32(t, 8+2+2*12+4)
	// Orientation: SHORT, left-justified in the value field.
	t = be.AppendUint16(t, 0x0112)
	t = be.AppendUint16(t, 3)
	t = be.AppendUint32(t, 1)
	t = be.AppendUint16(t, orientation)
	t = be.AppendUint16(t, 0)
	t = be.AppendUint32(t, 0) // no next IFD
	t = append(t, make_...)
	payload := append([]byte("Exif\x00\x00"), t...)
	seg := []byte{0xff, 0xe1}
	seg = be.AppendUint16(seg, uint16(len(payload)+2))
	return append(seg, payload...)
}

// upload is the image scenario: n uploads one after another, each timed
// until the server answers that the picture and its thumbnail are stored.
type uploadRun struct {
	n        int
	size     int
	p50, max time.Duration
	cpu      time.Duration // server CPU per upload
	peakRSS  int64         // during the uploads
}

func (b *bench) uploads(n int, cookie string) (uploadRun, error) {
	pic := photo()
	var body bytes.Buffer
	form := multipart.NewWriter(&body)
	part, _ := form.CreateFormFile("image", "IMG_0001.jpg")
	part.Write(pic)
	form.Close()
	send := func() (time.Duration, error) {
		req, _ := http.NewRequest(http.MethodPost, b.srv.base+"/api/images", bytes.NewReader(body.Bytes()))
		req.Header.Set("Content-Type", form.FormDataContentType())
		req.Header.Set("Cookie", cookie)
		start := time.Now()
		_, err := b.api.do(req, http.StatusCreated, nil)
		return time.Since(start), err
	}
	if _, err := send(); err != nil { // warm up
		return uploadRun{}, err
	}
	if err := resetPeak(b.srv.pid()); err != nil {
		return uploadRun{}, err
	}
	before, err := readUsage(b.srv.pid(), b.ticks)
	if err != nil {
		return uploadRun{}, err
	}
	times := make([]time.Duration, n)
	for i := range n {
		if times[i], err = send(); err != nil {
			return uploadRun{}, err
		}
	}
	after, err := readUsage(b.srv.pid(), b.ticks)
	if err != nil {
		return uploadRun{}, err
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	return uploadRun{n: n, size: len(pic), p50: times[n/2], max: times[n-1], cpu: (after.cpu - before.cpu) / time.Duration(n),
		peakRSS: after.peakRSS}, nil
}
