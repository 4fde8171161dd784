package app

import "testing"

func TestSlug(t *testing.T) {
	for _, tc := range []struct{ title, want string }{
		{"Swap day, 14 June!", "swap-day-14-june"},
		{"  Crème brûlée & Smørrebrød  ", "creme-brulee-smorrebrod"},
		{"Don't miss: Straße-Fest", "dont-miss-strasse-fest"},
		{"!!!", "post"},
		{"Новости", "post"},
		{"New", "new-post"},
		{"a very long title that goes on and on about the many things we will sell at the big market", "a-very-long-title-that-goes-on-and-on-about-the-many-things-we-will-sell-at-the"},
	} {
		if got := Slug(tc.title); got != tc.want {
			t.Errorf("Slug(%q) = %q, want %q", tc.title, got, tc.want)
		}
	}
}
