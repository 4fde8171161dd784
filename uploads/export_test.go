package uploads

import "time"

// The decode budget's sizes, for tests that pick pictures around them.
const (
	NormalPixels = normalPixels
	LargeShare   = largeShare
)

// SetRetryEvery sets how often a store found down is tried again, see
// reach.Tracker.Attempt.
func (s *Store) SetRetryEvery(d time.Duration) { s.files.(s3Storage).reach.SetRetryEvery(d) }
