package app

import "golang.org/x/crypto/bcrypt"

// BcryptHasher hashes passwords with bcrypt. Argon2id would be as good, but its
// memory cost per login would dominate the server's footprint on a small box.
type BcryptHasher struct {
	Cost int
}

func (h BcryptHasher) Hash(password string) ([]byte, error) {
	return bcrypt.GenerateFromPassword([]byte(password), h.Cost)
}

func (h BcryptHasher) Compare(hash []byte, password string) error {
	return bcrypt.CompareHashAndPassword(hash, []byte(password))
}
