package sessions

import (
	"bytes"
	"encoding/binary"
	"errors"
	"time"

	"github.com/alexedwards/scs/v2"
)

// Codec writes sessions in a few bytes instead of scs's default gob:
// gob describes its types again in every blob, so decoding one cost about
// as much CPU as the rest of a signed-in request. Our sessions hold only
// int64 values (the user's ID and session epoch); a session holding anything else, and every
// session written before this codec, goes through gob. Budget: the signed-in
// category page's server CPU per request (docs/benchmarks.md).
type Codec struct{}

// sessionMagic starts our blobs. A gob stream never starts this way: after
// the length byte comes the negative id of a type definition, which gob
// writes as an odd byte or as 0xff, and 'h' is neither.
var sessionMagic = []byte("rhs1")

var errBadSession = errors.New("malformed session data")

func (Codec) Encode(deadline time.Time, values map[string]any) ([]byte, error) {
	b := append(make([]byte, 0, 32), sessionMagic...)
	b = binary.AppendVarint(b, deadline.UnixNano())
	for key, value := range values {
		n, ok := value.(int64)
		if !ok {
			return scs.GobCodec{}.Encode(deadline, values)
		}
		b = binary.AppendUvarint(b, uint64(len(key)))
		b = append(b, key...)
		b = binary.AppendVarint(b, n)
	}
	return b, nil
}

func (Codec) Decode(b []byte) (time.Time, map[string]any, error) {
	if !bytes.HasPrefix(b, sessionMagic) {
		return scs.GobCodec{}.Decode(b)
	}
	b = b[len(sessionMagic):]
	nanos, n := binary.Varint(b)
	if n <= 0 {
		return time.Time{}, nil, errBadSession
	}
	b = b[n:]
	values := make(map[string]any, 1)
	for len(b) > 0 {
		size, n := binary.Uvarint(b)
		if n <= 0 || uint64(len(b)-n) < size { // #nosec G115 -- n > 0 bytes of b were read: len(b)-n >= 0
			return time.Time{}, nil, errBadSession
		}
		// #nosec G115 -- size was just checked to be at most len(b)-n
		key, rest := string(b[n:n+int(size)]), b[n+int(size):]
		b = rest
		value, n := binary.Varint(b)
		if n <= 0 {
			return time.Time{}, nil, errBadSession
		}
		b = b[n:]
		values[key] = value
	}
	return time.Unix(0, nanos).UTC(), values, nil
}
