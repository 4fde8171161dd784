package app

import (
	"context"
	"net/url"
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
	Words              []string
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

// ParseSearch checks a search's query string. Parameters it does not know,
// limit and offset among them, are someone else's.
func ParseSearch(query url.Values) (Search, error) {
	var s Search
	var v Validator
	if q := query.Get("q"); q != "" {
		v.Check(utf8.ValidString(q) && utf8.RuneCountInString(q) <= maxSearchText, "q",
			"Use at most "+strconv.Itoa(maxSearchText)+" characters")
		s.Words = SearchWords(Fold(q))
		v.Check(len(s.Words) <= maxSearchWords, "q", "Use at most "+strconv.Itoa(maxSearchWords)+" words")
	}
	s.Category = strings.TrimSpace(query.Get("category"))
	for _, raw := range query["condition"] {
		c, ok := oneOf(raw, ConditionExcellent, ConditionGood, ConditionFair)
		v.Check(ok, "condition", "Choose Excellent, Good or Fair")
		if ok && !slices.Contains(s.Conditions, c) {
			s.Conditions = append(s.Conditions, c)
		}
	}
	s.MinPrice = price(&v, query, "min_price")
	s.MaxPrice = price(&v, query, "max_price")
	if s.MinPrice != nil && s.MaxPrice != nil {
		v.Check(*s.MaxPrice >= *s.MinPrice, "max_price", "Must be at least the lowest price")
	}
	if location := strings.TrimSpace(query.Get("location")); location != "" {
		v.Check(utf8.ValidString(location) && utf8.RuneCountInString(location) <= maxLocation, "location",
			"Use at most "+strconv.Itoa(maxLocation)+" characters")
		s.Location = Fold(location)
	}
	for _, raw := range query["status"] {
		st, ok := oneOf(raw, StatusAvailable, StatusReserved, StatusSold)
		v.Check(ok, "status", "Choose Available, Reserved or Sold")
		if ok && !slices.Contains(s.Statuses, st) {
			s.Statuses = append(s.Statuses, st)
		}
	}
	if len(s.Statuses) == 0 {
		s.Statuses = []ProductStatus{StatusAvailable, StatusReserved}
	}
	s.MaxWidth = measure(&v, query, "max_width_cm")
	s.MaxDepth = measure(&v, query, "max_depth_cm")
	s.MaxHeight = measure(&v, query, "max_height_cm")
	if raw := query.Get("seller"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		v.Check(err == nil && id > 0, "seller", "Must be a seller's ID")
		s.SellerID = id
	}
	s.Sort = SortNewest
	if len(s.Words) > 0 {
		s.Sort = SortRelevance
	}
	if raw := query.Get("sort"); raw != "" {
		sort, ok := oneOf(raw, SortRelevance, SortNewest, SortPriceAsc, SortPriceDesc)
		v.Check(ok, "sort", "Choose relevance, newest, price_asc or price_desc")
		// Without words every listing is as relevant as the next: newest first.
		if ok && (sort != SortRelevance || len(s.Words) > 0) {
			s.Sort = sort
		}
	}
	return s, v.Err()
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

func oneOf[T ~string](raw string, allowed ...T) (T, bool) {
	for _, a := range allowed {
		if strings.EqualFold(raw, string(a)) {
			return a, true
		}
	}
	return "", false
}

func price(v *Validator, query url.Values, name string) *Cents {
	raw := query.Get(name)
	if raw == "" {
		return nil
	}
	c, ok := ParseCents(raw)
	v.Check(ok && c <= MaxCents, name, "Use an amount such as 120 or 120.50")
	if !ok {
		return nil
	}
	return &c
}

func measure(v *Validator, query url.Values, name string) *float64 {
	raw := query.Get(name)
	if raw == "" {
		return nil
	}
	raw = strings.TrimSpace(raw)
	f, err := strconv.ParseFloat(raw, 64)
	ok := err == nil && measurePattern.MatchString(raw) && f > 0 && f <= maxFitCM
	v.Check(ok, name, "Use centimetres over 0")
	if !ok {
		return nil
	}
	return &f
}

// SearchStore finds listings.
type SearchStore interface {
	// SearchProducts returns a page of the listings that match s, with
	// their category and seller, and a suggestion when none match. The
	// search index follows every listing's change by trigger, in the
	// change's transaction.
	SearchProducts(ctx context.Context, s Search, page Page) (SearchResult, error)
}

// SearchProducts shows whoever may browse a page of the search a query
// string asks for.
func (s *Service) SearchProducts(ctx context.Context, actor *User, query url.Values, page Page) (SearchResult, error) {
	if err := s.requireViewer(ctx, actor); err != nil {
		return SearchResult{}, err
	}
	search, err := ParseSearch(query)
	if err != nil {
		return SearchResult{}, err
	}
	if search.Category != "" {
		c, err := s.store.CategoryByName(ctx, search.Category)
		if ErrorKind(err) == KindNotFound {
			return SearchResult{}, &Error{Kind: KindInvalid, Message: "There is no such category",
				Fields: map[string]string{"category": "There is no such category"}}
		}
		if err != nil {
			return SearchResult{}, err
		}
		search.CategoryID = c.ID
	}
	result, err := s.store.SearchProducts(ctx, search, page.Clamp())
	if err != nil {
		return result, err
	}
	_, err = s.MarkForViewer(ctx, actor, result.Items)
	return result, err
}
