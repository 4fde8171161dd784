package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
)

// passwordCost is bcrypt's work factor: about a tenth of a second per login
// on a small server.
const passwordCost = 11

// envOr is a flag's default: the environment variable when set, else def.
func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// errUsage is a command line the flag set has already explained.
var errUsage = errors.New("usage")

// flagsFromEnv sets each named flag from its environment variable, when
// set, so that a value the flag cannot read is refused as on the command
// line rather than ignored. Call it before Parse: flags given win.
func flagsFromEnv(fs *flag.FlagSet, envOf map[string]string) error {
	for name, env := range envOf {
		if v, ok := os.LookupEnv(env); ok {
			if err := fs.Set(name, v); err != nil {
				return fmt.Errorf("%s=%q: %w", env, v, err)
			}
		}
	}
	return nil
}

func envBool(name string) bool {
	v, _ := strconv.ParseBool(os.Getenv(name))
	return v
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func dataFlag(fs *flag.FlagSet) *string {
	return fs.String("data", envOr("REHOME_DATA", "./data"), "directory for the database and stored images (env REHOME_DATA)")
}

func hasher() app.BcryptHasher {
	return app.BcryptHasher{Cost: max(passwordCost, bcrypt.MinCost)}
}
