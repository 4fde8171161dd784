package api_test

import (
	"net/http"
	"sync/atomic"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"rehome/api"
	"rehome/app"
	"rehome/internal/wiring"
)

// countingHasher is the server's own bcrypt hasher, counting the passwords
// it hashes.
type countingHasher struct {
	app.BcryptHasher
	hashed atomic.Int64
}

func (h *countingHasher) Hash(password string) ([]byte, error) {
	h.hashed.Add(1)
	return h.BcryptHasher.Hash(password)
}

// TestRegisterHashesTheTakenEmailsPassword: a sign-up with a taken email
// does the bcrypt work a free one does before it is answered, so the time
// it takes does not tell a taken email from a free one; the answer is the
// documented 409, the same for every taken email, and signs nobody in.
func TestRegisterHashesTheTakenEmailsPassword(t *testing.T) {
	t.Parallel()
	hasher := &countingHasher{BcryptHasher: app.BcryptHasher{Cost: bcrypt.MinCost}}
	e := serverSet(t, t.TempDir(), api.Config{}, wiring.Settings{Hasher: hasher})
	e.register("Dora Dup", "dup@example.com", app.RoleBuyer)
	taken := "An account with this email already exists"
	cases := []struct {
		name, email string
		status      int
	}{
		{"free email", "free@example.com", http.StatusCreated},
		{"taken email", "dup@example.com", http.StatusConflict},
		{"taken email in another case", " DUP@Example.com", http.StatusConflict},
		{"email taken by the sign-up above", "free@example.com", http.StatusConflict},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := hasher.hashed.Load()
			r := e.client().form("/api/auth/register", registerForm("Nia New", tc.email, "Buyer"), nil)
			if tc.status == http.StatusCreated {
				expectStatus(t, r, tc.status)
			} else {
				expectError(t, r, tc.status, taken, map[string]string{"email": taken})
				if sessionCookie(r) != nil {
					t.Errorf("a taken email's sign-up set a session cookie")
				}
			}
			if n := hasher.hashed.Load() - before; n != 1 {
				t.Errorf("hashed %d passwords, want 1, as for every sign-up", n)
			}
		})
	}
}
