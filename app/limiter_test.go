package app_test

import (
	"testing"

	"rehome/app"
	"rehome/internal/porttest"
)

func TestMemoryRateLimits(t *testing.T) {
	porttest.RateLimits(t, func(*testing.T) app.RateLimits { return app.NewMemoryRateLimits() })
}
