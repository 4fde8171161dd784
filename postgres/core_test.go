package postgres

import "testing"

func TestRebind(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{`SELECT 1`, `SELECT 1`},
		{`SELECT a FROM t WHERE b = ? AND c IN (?, ?)`, `SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)`},
		{`SELECT '?' || ? FROM "q?" LIMIT ? + 0`, `SELECT '?' || $1 FROM "q?" LIMIT $2 + 0`},
		{`SELECT a FROM t WHERE b = ?1 OR c = ?1 LIMIT ?2 OFFSET ?3`, `SELECT a FROM t WHERE b = $1 OR c = $1 LIMIT $2 OFFSET $3`},
		{`SELECT a FROM t WHERE b = ?2 AND c = ? AND d = ?1`, `SELECT a FROM t WHERE b = $2 AND c = $3 AND d = $1`},
	} {
		if got := rebind(c.query); got != c.want {
			t.Errorf("rebind(%q) = %q, want %q", c.query, got, c.want)
		}
		if got := rebind(c.query); got != c.want {
			t.Errorf("rebind(%q) the second time = %q, want %q", c.query, got, c.want)
		}
	}
}
