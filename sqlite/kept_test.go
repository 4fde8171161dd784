package sqlite

import (
	"slices"
	"testing"
)

// TestKeptByListingDropsWhatChanged walks kept texts through a change log:
// a text changed after it was kept is read again, and one read before a
// change that what is kept has already moved past is not kept.
func TestKeptByListingDropsWhatChanged(t *testing.T) {
	// The log: listing 2 changed at generation 11, listing 3 at 12.
	changedAt := map[int64]uint64{2: 11, 3: 12}
	now := uint64(10)
	changedSince := func(gen uint64) (changed []int64, at uint64, ok bool) {
		for id, g := range changedAt {
			if g > gen && g <= now {
				changed = append(changed, id)
			}
		}
		return changed, now, true
	}
	text := func(name string) *listingText { return &listingText{name: name} }
	var k keptByListing[*listingText]
	check := func(step string, gen uint64, ids []int64, wantKept []string, wantMissing []int64) {
		t.Helper()
		kept, missing := k.get(gen, ids, changedSince)
		var names []string
		for _, t := range kept {
			if t == nil {
				names = append(names, "(none)")
			} else {
				names = append(names, t.name)
			}
		}
		if !slices.Equal(names, wantKept) || !slices.Equal(missing, wantMissing) {
			t.Errorf("%s: kept %q, missing %v; want %q and %v", step, names, missing, wantKept, wantMissing)
		}
	}

	check("at first", 10, []int64{1, 2, 4}, nil, []int64{1, 2, 4})
	k.put(10, map[int64]*listingText{1: text("oak table"), 2: text("velvet sofa"), 4: nil})
	check("read once", 10, []int64{1, 2, 4}, []string{"oak table", "velvet sofa", "(none)"}, nil)

	now = 11
	check("after 2 changed", 11, []int64{1, 2, 4}, []string{"oak table", "(none)"}, []int64{2})
	now = 12
	// What was read at 11 arrives after what is kept moved on to 12.
	check("after 3 changed", 12, []int64{3}, nil, []int64{3})
	k.put(11, map[int64]*listingText{2: text("velvet chair")})
	check("a late read is not kept", 12, []int64{2}, nil, []int64{2})
	k.put(12, map[int64]*listingText{2: text("velvet chair"), 3: text("brass lamp")})
	check("read again", 12, []int64{1, 2, 3}, []string{"oak table", "velvet chair", "brass lamp"}, nil)
	check("an older reader takes newer values", 11, []int64{2}, []string{"velvet chair"}, nil)
}
