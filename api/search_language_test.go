package api_test

import (
	"net/http"
	"slices"
	"testing"

	"rehome/app"
)

// TestSearchSpeaksTheSitesLanguage: words are stemmed in the marketplace's
// language, which an admin's change rebuilds the index in, and a word's
// synonyms, kept by admins, find what it would not.
func TestSearchSpeaksTheSitesLanguage(t *testing.T) {
	t.Parallel()
	s := newSearchShop(t)
	for _, l := range []struct{ name, about string }{
		{"Chaise en chêne", "Solide."},
		{"Stuhl aus Eiche", "Stabil."},
		{"Canapé d'angle", "Trois places."},
	} {
		body := productBody("Chairs", s.picture.URL)
		body["product"], body["description"] = l.name, l.about
		expectStatus(t, s.seller.call("POST", "/api/products", body), http.StatusCreated)
	}
	find := func(t *testing.T, words string) []string {
		t.Helper()
		names, _ := s.search(t, "sort=newest&q="+words)
		return names
	}
	for _, tc := range []struct {
		language string
		words    string
		want     []string
	}{
		{"en", "sofas", []string{"Office chair", "Oak table", "Velvet sofa"}},
		{"fr", "chaises", []string{"Chaise en chêne"}},
		{"fr", "canape", []string{"Canapé d'angle"}},
		{"de", "St%C3%BChle", []string{"Stuhl aus Eiche"}},
		{"de", "eichen", []string{"Stuhl aus Eiche"}},
	} {
		expectStatus(t, s.admin.call("PUT", "/api/site", map[string]any{"language": tc.language}), http.StatusOK)
		if got := find(t, tc.words); !slices.Equal(got, tc.want) {
			t.Errorf("in %s, %s finds %q, want %q", tc.language, tc.words, got, tc.want)
		}
	}

	expectStatus(t, s.admin.call("PUT", "/api/site", map[string]any{"language": "fr"}), http.StatusOK)
	if got := find(t, "couch"); len(got) != 0 {
		t.Fatalf("without synonyms, couch finds %q", got)
	}
	r := s.admin.call("PUT", "/api/search/synonyms", [][]string{{"Couch", "canapé", "sofa", "couch"}, {"armoire", "penderie"}})
	expectStatus(t, r, http.StatusOK)
	kept := [][]string{{"couch", "canape", "sofa"}, {"armoire", "penderie"}}
	if got := decode[[][]string](t, r); !slices.EqualFunc(got, kept, slices.Equal) {
		t.Errorf("kept %q, want %q", got, kept)
	}
	if got := decode[[][]string](t, s.admin.call("GET", "/api/search/synonyms", nil)); !slices.EqualFunc(got, kept, slices.Equal) {
		t.Errorf("read %q, want %q", got, kept)
	}
	if got, want := find(t, "couchs"), []string{"Canapé d'angle", "Office chair", "Oak table", "Velvet sofa"}; !slices.Equal(got, want) {
		t.Errorf("couchs finds %q, want %q", got, want)
	}
	entries := decode[app.List[app.AuditEntry]](t, s.admin.call("GET", "/api/audit", nil)).Items
	if len(entries) == 0 || entries[0].Action != app.AuditUpdateSynonyms || entries[0].Target != "2 groups" {
		t.Errorf("audit log: %+v", entries[:1])
	}

	// The marketplace speaks French now; this admin reads English.
	s.admin.headers = []string{"Accept-Language", "en"}
	for _, tc := range []struct {
		name   string
		groups any
		fields map[string]string
	}{
		{"a group of one", [][]string{{"sofa", "couch"}, {"lamp"}}, map[string]string{"synonyms.1": app.SynonymGroupMessage}},
		{"two words", [][]string{{"sofa bed", "couch"}}, map[string]string{"synonyms.0": app.SynonymWordMessage}},
		{"a word in two groups", [][]string{{"sofa", "couch"}, {"settee", "Sofa"}}, map[string]string{"synonyms.1": app.SynonymTwiceMessage}},
		{"not groups", map[string]string{"sofa": "couch"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.admin.call("PUT", "/api/search/synonyms", tc.groups)
			if tc.fields == nil {
				expectStatus(t, r, http.StatusBadRequest)
				return
			}
			expectError(t, r, http.StatusUnprocessableEntity, "Please correct the highlighted fields", tc.fields)
		})
	}
	if got := decode[[][]string](t, s.admin.call("GET", "/api/search/synonyms", nil)); !slices.EqualFunc(got, kept, slices.Equal) {
		t.Errorf("after refusals, %q, want %q", got, kept)
	}
}

// TestSearchSeveralWordsWithSynonyms: once an admin keeps a synonym group,
// a search of several words, one of which has synonyms, finds the listings
// holding every word or one of its synonyms, whatever the words' order.
func TestSearchSeveralWordsWithSynonyms(t *testing.T) {
	t.Parallel()
	s := newSearchShop(t)
	for _, name := range []string{"Red couch", "Red lamp"} {
		body := productBody("Chairs", s.picture.URL)
		body["product"], body["description"] = name, "Bright."
		expectStatus(t, s.seller.call("POST", "/api/products", body), http.StatusCreated)
	}
	expectStatus(t, s.admin.call("PUT", "/api/search/synonyms", [][]string{{"sofa", "couch"}}), http.StatusOK)
	for _, tc := range []struct {
		words string
		want  []string
	}{
		{"red%20sofa", []string{"Red couch"}},
		{"sofa%20red", []string{"Red couch"}},
		{"red%20couch", []string{"Red couch"}},
		{"velvet%20couch", []string{"Velvet sofa"}},
		{"bright%20red%20sofa", []string{"Red couch"}},
		{"couch%20sofa", []string{"Red couch", "Office chair", "Oak table", "Velvet sofa"}},
		{"red%20lamp", []string{"Red lamp"}},
	} {
		if got, _ := s.search(t, "sort=newest&q="+tc.words); !slices.Equal(got, tc.want) {
			t.Errorf("%s finds %q, want %q", tc.words, got, tc.want)
		}
	}
}
