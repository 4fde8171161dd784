package sqlite_test

import (
	"testing"

	"rehome/internal/leader"
	"rehome/internal/porttest"
)

func TestLeaderLock(t *testing.T) {
	porttest.LeaderLock(t, func(t *testing.T) leader.Lock { return mustOpenDB(t) })
}
