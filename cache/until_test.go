package cache

import "testing"

func TestUntilForgetsOnANewVersionOrItsDeadline(t *testing.T) {
	var u Until[[]int64]
	if _, ok := u.Get(1, 0); ok {
		t.Fatal("an empty Until answered")
	}
	u.Put(1, 100, []int64{7})
	for _, tc := range []struct {
		version uint64
		now     int64
		want    bool
	}{{1, 0, true}, {1, 99, true}, {1, 100, false}, {2, 50, false}} {
		if got, ok := u.Get(tc.version, tc.now); ok != tc.want || (ok && got[0] != 7) {
			t.Errorf("Get(%d, %d) = %v, %v", tc.version, tc.now, got, ok)
		}
	}
}
