package postgres_test

import (
	"testing"

	"rehome/internal/leader"
	"rehome/internal/porttest"
)

// The periodic jobs' leader lock holds on PostgreSQL as on SQLite.
func TestLeaderLock(t *testing.T) {
	porttest.LeaderLock(t, func(t *testing.T) leader.Lock { return mustOpenDB(t) })
}
