package sessions

import (
	"testing"
	"time"

	"github.com/alexedwards/scs/v2"
)

func TestSessionCodec(t *testing.T) {
	deadline := time.Date(2026, 12, 22, 10, 15, 0, 123456789, time.UTC)
	roundTrip := func(t *testing.T, data []byte) (time.Time, map[string]any) {
		t.Helper()
		got, values, err := Codec{}.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		return got, values
	}
	t.Run("int64 values, compactly", func(t *testing.T) {
		values := map[string]any{"user_id": int64(42), "other": int64(-7), "": int64(1 << 62)}
		data, err := Codec{}.Encode(deadline, values)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 40 {
			t.Errorf("%d bytes, want a few", len(data))
		}
		got, decoded := roundTrip(t, data)
		if !got.Equal(deadline) || len(decoded) != 3 {
			t.Fatalf("got %v %v", got, decoded)
		}
		for k, v := range values {
			if decoded[k] != v {
				t.Errorf("%q: %#v, want %#v", k, decoded[k], v)
			}
		}
	})
	t.Run("empty session", func(t *testing.T) {
		data, _ := Codec{}.Encode(deadline, map[string]any{})
		if got, values := roundTrip(t, data); !got.Equal(deadline) || len(values) != 0 {
			t.Errorf("got %v %v", got, values)
		}
	})
	t.Run("other values go through gob", func(t *testing.T) {
		values := map[string]any{"user_id": int64(42), "flash": "Saved"}
		data, err := Codec{}.Encode(deadline, values)
		if err != nil {
			t.Fatal(err)
		}
		if _, values, err := (scs.GobCodec{}).Decode(data); err != nil || values["flash"] != "Saved" {
			t.Fatalf("not gob: %v %v", values, err)
		}
		if _, decoded := roundTrip(t, data); decoded["flash"] != "Saved" || decoded["user_id"] != int64(42) {
			t.Errorf("got %v", decoded)
		}
	})
	t.Run("sessions stored before this codec", func(t *testing.T) {
		data, err := scs.GobCodec{}.Encode(deadline, map[string]any{"user_id": int64(42)})
		if err != nil {
			t.Fatal(err)
		}
		if got, values := roundTrip(t, data); !got.Equal(deadline) || values["user_id"] != int64(42) {
			t.Errorf("got %v %v", got, values)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		good, _ := Codec{}.Encode(deadline, map[string]any{"user_id": int64(42)})
		for _, data := range [][]byte{good[:len(good)-1], good[:5], append(append([]byte{}, good...), 5, 'a'), []byte("rhs1")} {
			if _, _, err := (Codec{}).Decode(data); err == nil {
				t.Errorf("%q decoded", data)
			}
		}
	})
}
