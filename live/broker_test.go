package live_test

import (
	"testing"

	"rehome/internal/porttest"
	"rehome/live"
)

func TestHubIsABroker(t *testing.T) {
	porttest.Broker(t, func(*testing.T) live.Broker { return live.New() })
}
