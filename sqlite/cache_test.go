package sqlite

import "testing"

func TestCache(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		c := newCache[string, int](2)
		if _, ok := c.get("a"); ok {
			t.Fatal("found in an empty cache")
		}
		c.put(c.generation(), "a", 1)
		if v, ok := c.get("a"); !ok || v != 1 {
			t.Fatalf("got %v %v", v, ok)
		}
	})
	t.Run("a read older than a write is not kept", func(t *testing.T) {
		c := newCache[string, int](2)
		gen := c.generation() // a reader starts reading…
		c.forget("a")         // …a write commits and forgets…
		c.put(gen, "a", 1)    // …and the reader offers the row it read before.
		if _, ok := c.get("a"); ok {
			t.Error("a row read before a write was kept")
		}
		c.put(c.generation(), "a", 2)
		if v, _ := c.get("a"); v != 2 {
			t.Errorf("got %v, want 2", v)
		}
	})
	t.Run("forget and forgetAll", func(t *testing.T) {
		c := newCache[string, int](4)
		for i, k := range []string{"a", "b", "c"} {
			c.put(c.generation(), k, i)
		}
		c.forget("a")
		if _, ok := c.get("a"); ok {
			t.Error("a forgotten row was found")
		}
		if _, ok := c.get("b"); !ok {
			t.Error("forget dropped another row")
		}
		c.forgetAll()
		if _, ok := c.get("b"); ok {
			t.Error("forgetAll kept a row")
		}
	})
	t.Run("bounded", func(t *testing.T) {
		c := newCache[int, int](3)
		for i := range 10 {
			c.put(c.generation(), i, i)
			if len(c.items) > 3 {
				t.Fatalf("%d entries, limit 3", len(c.items))
			}
			if v, ok := c.get(i); !ok || v != i {
				t.Fatalf("the newest entry %d is missing", i)
			}
		}
	})
}
