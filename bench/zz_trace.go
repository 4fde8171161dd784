package main

import (
	"fmt"
	"os"
	"time"
)

func traceSlow(slow []time.Time, start time.Time) {
	bins := map[int]int{}
	for _, at := range slow {
		bins[int(at.Sub(start)/(100*time.Millisecond))]++
	}
	fmt.Fprintf(os.Stderr, "slow (>5ms) by 100ms bin: %v\n", bins)
}
