package leader

// RunOnTicks is Run asking for the lock at each tick, for tests.
var RunOnTicks = runOnTicks
