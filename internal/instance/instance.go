// Package instance names the holders of claims and leases in a store that
// several processes share.
package instance

import (
	"crypto/rand"
	"fmt"
	"os"
)

// NewName is a name no other holder has, in this process or another: the
// host and process, for whoever reads the database, and a random part.
func NewName() string {
	host, _ := os.Hostname()
	var b [6]byte
	rand.Read(b[:])
	return fmt.Sprintf("%s/%d/%x", host, os.Getpid(), b)
}
