package sqlite

import (
	"slices"
	"testing"
)

// TestKeptTextsDropWhatChanged walks kept texts through a change log: a
// text changed after it was kept is read again, and one read before a
// change the kept texts have already moved past is not kept.
func TestKeptTextsDropWhatChanged(t *testing.T) {
	// The log: listing 2's text changed at generation 11, listing 3's at 12.
	changedAt := map[int64]uint64{2: 11, 3: 12}
	now := uint64(10)
	since := func(gen uint64) (ids, texts []int64, at uint64, ok bool) {
		for id, g := range changedAt {
			if g > gen && g <= now {
				texts = append(texts, id)
			}
		}
		return texts, texts, now, true
	}
	text := func(id int64, name string) listingText { return listingText{id: id, name: name} }
	var k keptTexts
	check := func(step string, gen uint64, ids []int64, wantKept []string, wantMissing []int64) {
		t.Helper()
		texts, missing := k.get(gen, ids, since)
		var names []string
		for _, t := range texts {
			names = append(names, t.name)
		}
		if !slices.Equal(names, wantKept) || !slices.Equal(missing, wantMissing) {
			t.Errorf("%s: kept %q, missing %v; want %q and %v", step, names, missing, wantKept, wantMissing)
		}
	}

	check("at first", 10, []int64{1, 2, 4}, nil, []int64{1, 2, 4})
	k.put(10, []int64{1, 2, 4}, []listingText{text(1, "oak table"), text(2, "velvet sofa")}) // 4 does not exist
	check("read once", 10, []int64{1, 2, 4}, []string{"oak table", "velvet sofa"}, nil)

	now = 11
	check("after 2 changed", 11, []int64{1, 2, 4}, []string{"oak table"}, []int64{2})
	now = 12
	// A text read at 11 arrives after the kept texts moved on to 12.
	check("after 3 changed", 12, []int64{3}, nil, []int64{3})
	k.put(11, []int64{2}, []listingText{text(2, "velvet chair")})
	check("a late read is not kept", 12, []int64{2}, nil, []int64{2})
	k.put(12, []int64{2, 3}, []listingText{text(2, "velvet chair"), text(3, "brass lamp")})
	check("read again", 12, []int64{1, 2, 3, 4}, []string{"oak table", "velvet chair", "brass lamp"}, nil)
	check("an older reader uses newer texts", 11, []int64{2}, []string{"velvet chair"}, nil)
}
