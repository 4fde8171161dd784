package sqlite_test

import (
	"testing"

	"rehome/storetest"
)

func TestStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Stores { return mustOpenDB(t) })
}
