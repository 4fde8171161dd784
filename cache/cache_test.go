package cache

import "testing"

func TestCache(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		c := New[string, int](2)
		if _, ok := c.Get("a"); ok {
			t.Fatal("found in an empty cache")
		}
		c.Put(c.Generation(), "a", 1)
		if v, ok := c.Get("a"); !ok || v != 1 {
			t.Fatalf("got %v %v", v, ok)
		}
	})
	t.Run("a read older than a write is not kept", func(t *testing.T) {
		c := New[string, int](2)
		gen := c.Generation() // a reader starts reading…
		c.Forget("a")         // …a write commits and forgets…
		c.Put(gen, "a", 1)    // …and the reader offers the row it read before.
		if _, ok := c.Get("a"); ok {
			t.Error("a row read before a write was kept")
		}
		c.Put(c.Generation(), "a", 2)
		if v, _ := c.Get("a"); v != 2 {
			t.Errorf("got %v, want 2", v)
		}
	})
	t.Run("Forget and ForgetAll", func(t *testing.T) {
		c := New[string, int](4)
		for i, k := range []string{"a", "b", "c"} {
			c.Put(c.Generation(), k, i)
		}
		c.Forget("a")
		if _, ok := c.Get("a"); ok {
			t.Error("a forgotten row was found")
		}
		if _, ok := c.Get("b"); !ok {
			t.Error("forget dropped another row")
		}
		c.ForgetAll()
		if _, ok := c.Get("b"); ok {
			t.Error("forgetAll kept a row")
		}
	})
	t.Run("bounded", func(t *testing.T) {
		c := New[int, int](3)
		for i := range 10 {
			c.Put(c.Generation(), i, i)
			if len(c.items) > 3 {
				t.Fatalf("%d entries, limit 3", len(c.items))
			}
			if v, ok := c.Get(i); !ok || v != i {
				t.Fatalf("the newest entry %d is missing", i)
			}
		}
	})
}

func TestPause(t *testing.T) {
	c := New[string, int](4)
	c.Put(c.Generation(), "a", 1)
	c.Pause()
	if _, ok := c.Get("a"); ok {
		t.Error("a row kept before the pause was found")
	}
	c.Put(c.Generation(), "b", 2)
	if _, ok := c.Get("b"); ok {
		t.Error("a row was kept while paused")
	}
	c.Resume()
	c.Put(c.Generation(), "b", 2)
	if v, ok := c.Get("b"); !ok || v != 2 {
		t.Errorf("got %v %v after Resume, want 2", v, ok)
	}
}
