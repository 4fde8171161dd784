package api

import (
	"net/url"
	"strconv"
	"strings"

	"rehome/app"
)

// searchInput reads a search's query string. Parameters it does not know,
// limit and offset among them, are someone else's. What it cannot read goes
// to the service as unreadable, which refuses it once it knows the actor may
// search at all.
func searchInput(query url.Values) app.SearchInput {
	in := app.SearchInput{Text: query.Get("q"), Category: query.Get("category"), Location: query.Get("location")}
	unreadable := func(field, msg string) {
		if in.Unreadable == nil {
			in.Unreadable = map[string]string{}
		}
		if _, had := in.Unreadable[field]; !had {
			in.Unreadable[field] = msg
		}
	}
	for _, raw := range query["condition"] {
		if c, ok := oneOf(raw, app.ConditionExcellent, app.ConditionGood, app.ConditionFair); ok {
			in.Conditions = append(in.Conditions, c)
		} else {
			unreadable("condition", app.ConditionMessage)
		}
	}
	for _, raw := range query["status"] {
		if st, ok := oneOf(raw, app.StatusAvailable, app.StatusReserved, app.StatusSold); ok {
			in.Statuses = append(in.Statuses, st)
		} else {
			unreadable("status", "Choose Available, Reserved or Sold")
		}
	}
	for _, price := range []struct {
		name string
		dst  **app.Cents
	}{{"min_price", &in.MinPrice}, {"max_price", &in.MaxPrice}} {
		if raw := query.Get(price.name); raw != "" {
			if c, ok := app.ParseCents(raw); ok {
				*price.dst = &c
			} else {
				unreadable(price.name, "Use an amount such as 120 or 120.50")
			}
		}
	}
	for _, measure := range []struct {
		name string
		dst  **float64
	}{{"max_width_cm", &in.MaxWidth}, {"max_depth_cm", &in.MaxDepth}, {"max_height_cm", &in.MaxHeight}} {
		if raw := query.Get(measure.name); raw != "" {
			if f, ok := app.ParseDecimal(raw); ok {
				*measure.dst = &f
			} else {
				unreadable(measure.name, app.SearchFitMessage)
			}
		}
	}
	if raw := query.Get("seller"); raw != "" {
		if id, err := strconv.ParseInt(raw, 10, 64); err == nil && id > 0 {
			in.SellerID = id
		} else {
			unreadable("seller", "Must be a seller's ID")
		}
	}
	if raw := query.Get("sort"); raw != "" {
		if sort, ok := oneOf(raw, app.SortRelevance, app.SortNewest, app.SortPriceAsc, app.SortPriceDesc); ok {
			in.Sort = sort
		} else {
			unreadable("sort", "Choose relevance, newest, price_asc or price_desc")
		}
	}
	return in
}

// oneOf is the allowed value raw names, in any case.
func oneOf[T ~string](raw string, allowed ...T) (T, bool) {
	for _, a := range allowed {
		if strings.EqualFold(raw, string(a)) {
			return a, true
		}
	}
	return "", false
}
