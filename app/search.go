package app

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// SearchSort is the order of a search's results.
type SearchSort string

const (
	SortRelevance SearchSort = "relevance" // best match first; needs words
	SortNewest    SearchSort = "newest"
	SortPriceAsc  SearchSort = "price_asc"
	SortPriceDesc SearchSort = "price_desc"
)

// The most a search may ask for.
const (
	maxSearchText  = 200 // runes of q
	maxSearchWords = 20
	maxLocation    = 100
	maxFitCM       = 100_000 // a room, not a listing: a filter may be generous
)

// Search is a checked search of the listings. Zero values mean "any".
type Search struct {
	// Words are the words of q, folded, each only letters, digits and
	// marks, so nothing of the index's query syntax survives; every one
	// must match.
	Words []string
	// Synonyms are, for each of Words, the other words of its group
	// (SearchSynonyms), any of which matches in its place; none for most.
	Synonyms           [][]string
	Category           string // a category's name; CategoryID once found
	CategoryID         int64
	Conditions         []Condition
	MinPrice, MaxPrice *Cents
	Location           string // folded, see Fold
	// Statuses is never empty: Available and Reserved unless asked.
	Statuses                      []ProductStatus
	MaxWidth, MaxDepth, MaxHeight *float64
	SellerID                      int64
	Sort                          SearchSort
}

// SearchResult is a page of a search, and a spelling to try instead when
// nothing matched and the listings know a close one.
type SearchResult struct {
	List[Product]
	Suggestion string `json:"suggestion,omitempty"`
}

// SearchInput is a search as a client asks for it, each value read into
// its type by the transport but not yet checked. Zero values mean "any".
type SearchInput struct {
	Text               string // the words to find, as typed
	Category           string // a category's name
	Conditions         []Condition
	MinPrice, MaxPrice *Cents
	Location           string
	Statuses           []ProductStatus // none: Available and Reserved
	// The most each measure of a product may be, in centimetres.
	MaxWidth, MaxDepth, MaxHeight *float64
	SellerID                      int64
	Sort                          SearchSort // none: relevance with words, else newest
	// Unreadable are the values the transport could not read as their
	// type, by field, with the message to show. They are refused with the
	// rest of the search, once the actor may search at all.
	Unreadable map[string]string
}

// Messages of a search's fields.
const (
	ConditionMessage = "Choose Excellent, Good or Fair"
	SearchFitMessage = "Use centimetres over 0"
)

// CheckSearch checks a search and makes it ready for the store.
func CheckSearch(in SearchInput) (Search, error) {
	var s Search
	var v Validator
	for field, msg := range in.Unreadable {
		v.Check(false, field, msg)
	}
	if q := in.Text; q != "" {
		v.Check(utf8.ValidString(q) && utf8.RuneCountInString(q) <= maxSearchText, "q",
			"Use at most "+strconv.Itoa(maxSearchText)+" characters")
		s.Words = SearchWords(Fold(q))
		v.Check(len(s.Words) <= maxSearchWords, "q", "Use at most "+strconv.Itoa(maxSearchWords)+" words")
	}
	s.Category = strings.TrimSpace(in.Category)
	s.Conditions = unique(in.Conditions)
	s.MinPrice, s.MaxPrice = in.MinPrice, in.MaxPrice
	if s.MinPrice != nil && s.MaxPrice != nil {
		v.Check(*s.MaxPrice >= *s.MinPrice, "max_price", "Must be at least the lowest price")
	}
	if location := strings.TrimSpace(in.Location); location != "" {
		v.Check(utf8.ValidString(location) && utf8.RuneCountInString(location) <= maxLocation, "location",
			"Use at most "+strconv.Itoa(maxLocation)+" characters")
		s.Location = Fold(location)
	}
	s.Statuses = unique(in.Statuses)
	if len(s.Statuses) == 0 {
		s.Statuses = []ProductStatus{StatusAvailable, StatusReserved}
	}
	s.MaxWidth = fit(&v, in.MaxWidth, "max_width_cm")
	s.MaxDepth = fit(&v, in.MaxDepth, "max_depth_cm")
	s.MaxHeight = fit(&v, in.MaxHeight, "max_height_cm")
	s.SellerID = in.SellerID
	s.Sort = SortNewest
	if len(s.Words) > 0 {
		s.Sort = SortRelevance
	}
	// Without words every listing is as relevant as the next: newest first.
	if in.Sort != "" && (in.Sort != SortRelevance || len(s.Words) > 0) {
		s.Sort = in.Sort
	}
	return s, v.Err()
}

// unique is values without repeats, in their first order.
func unique[T comparable](values []T) []T {
	var out []T
	for _, value := range values {
		if !slices.Contains(out, value) {
			out = append(out, value)
		}
	}
	return out
}

// SearchWords splits text into words of letters, digits and marks. What is
// between them, quotes, stars, dashes and brackets included, only parts
// them, so no input can be taken for the index's query syntax.
func SearchWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
	})
}

// accentFolders drop the accents that decomposing a text sets apart. A
// transformer keeps state while it works, so each use takes its own.
var accentFolders = sync.Pool{New: func() any {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}}

// Fold is text as searches compare it: lower case, without accents
// ('Café' and 'cafe' are the same).
func Fold(text string) string {
	lower := strings.ToLower(text)
	if isASCII(lower) {
		return lower
	}
	t := accentFolders.Get().(transform.Transformer)
	defer accentFolders.Put(t)
	t.Reset()
	folded, _, err := transform.String(t, lower)
	if err != nil {
		return lower
	}
	return folded
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func fit(v *Validator, cm *float64, field string) *float64 {
	if cm == nil {
		return nil
	}
	ok := *cm > 0 && *cm <= maxFitCM
	v.Check(ok, field, SearchFitMessage)
	if !ok {
		return nil
	}
	return cm
}

// SearchStore finds listings.
type SearchStore interface {
	// SearchProducts returns a page of the listings that match s, with
	// their category and seller, and a suggestion when none match. The
	// search index follows every listing's change by trigger, in the
	// change's transaction.
	SearchProducts(ctx context.Context, s Search, page Page) (SearchResult, error)
}
