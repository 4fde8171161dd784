package uploads

// The decode budget's sizes, for tests that pick pictures around them.
const (
	NormalPixels = normalPixels
	LargeShare   = largeShare
)
