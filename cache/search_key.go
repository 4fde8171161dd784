package cache

import (
	"strconv"
	"strings"

	"rehome/app"
)

// SearchKey is the same for two searches that find the same listings in
// the same order: built from the checked search, not the query string.
func SearchKey(s app.Search) string {
	var b strings.Builder
	for i, w := range s.Words {
		b.WriteString(w)
		if i < len(s.Synonyms) {
			for _, synonym := range s.Synonyms[i] {
				b.WriteString("/" + synonym)
			}
		}
		b.WriteByte(' ')
	}
	b.WriteByte('|')
	b.WriteString(strconv.FormatInt(s.CategoryID, 10))
	for _, c := range s.Conditions {
		b.WriteString("|c" + string(c))
	}
	for _, st := range s.Statuses {
		b.WriteString("|s" + string(st))
	}
	for _, p := range []*app.Cents{s.MinPrice, s.MaxPrice} {
		b.WriteByte('|')
		if p != nil {
			b.WriteString(strconv.FormatInt(int64(*p), 10))
		}
	}
	for _, m := range []*float64{s.MaxWidth, s.MaxDepth, s.MaxHeight} {
		b.WriteByte('|')
		if m != nil {
			b.WriteString(strconv.FormatFloat(*m, 'g', -1, 64))
		}
	}
	b.WriteString("|" + strconv.FormatInt(s.SellerID, 10) + "|" + string(s.Sort) + "|" + s.Location)
	return b.String()
}
