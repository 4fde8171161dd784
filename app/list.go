package app

// Page asks for a slice of a list.
type Page struct {
	Limit  int
	Offset int
}

// Paging limits of every list.
const (
	DefaultPageLimit = 24
	MaxPageLimit     = 100
)

// Clamp keeps a page inside the limits.
func (p Page) Clamp() Page {
	if p.Limit <= 0 {
		p.Limit = DefaultPageLimit
	}
	if p.Limit > MaxPageLimit {
		p.Limit = MaxPageLimit
	}
	if p.Offset < 0 {
		p.Offset = 0
	}
	return p
}

// List is one page of a list and how many items there are in all.
type List[T any] struct {
	Items []T `json:"items"`
	Total int `json:"total"`
}
