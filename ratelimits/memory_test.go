package ratelimits_test

import (
	"testing"

	"rehome/app"
	"rehome/internal/porttest"
	"rehome/ratelimits"
)

func TestMemory(t *testing.T) {
	porttest.RateLimits(t, func(*testing.T) app.RateLimits { return ratelimits.NewMemory() })
}
