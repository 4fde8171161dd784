package postgres

// ExpiredBatch is how many expired sessions one transaction deletes.
const ExpiredBatch = expiredBatch
