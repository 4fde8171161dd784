package storecore

import (
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// A Migration is one numbered file of a store's migrations, which each
// store applies its own way (SQLite all in one transaction, numbered by
// user_version; PostgreSQL one transaction each, under an advisory lock).
type Migration struct {
	Number int
	Name   string
	Body   string
}

// MigrationsAbove reads the files migrations/*.sql of fsys numbered above
// version, in the order of their names, each of which starts with its
// number.
func MigrationsAbove(fsys fs.FS, version int) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var above []Migration
	for _, name := range names {
		n, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(name, "migrations/"), "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with its number", name)
		}
		if n <= version {
			continue
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		above = append(above, Migration{Number: n, Name: name, Body: string(body)})
	}
	return above, nil
}
