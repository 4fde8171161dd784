package uploads

import (
	"context"
	"time"
)

// checkTimeout bounds CheckWritable: storage that takes longer to take one
// tiny write is not healthy for uploads either.
const checkTimeout = 2 * time.Second

// CheckWritable tells whether a picture could be stored now: it writes and
// removes a small file in the image directory, or a small object in the
// bucket (see CheckWritableContext for what each costs). The error names
// the cause without the directory's path or the bucket's address, which
// are the operator's business only.
func (s *Store) CheckWritable() error {
	ctx, cancel := context.WithTimeout(context.Background(), checkTimeout)
	defer cancel()
	return s.CheckWritableContext(ctx)
}

// CheckWritableContext is CheckWritable within ctx.
//
// On disk it costs a create, a one-byte write, an fsync and an unlink. On
// S3 it costs two requests: a PUT of a one-byte object named ".health" and
// a DELETE of the very version that PUT made, so that a bucket with
// versioning on (as docs/deploy.md advises) keeps no trail of health
// checks. With a load balancer checking every 2 seconds that is 43,200
// PUTs a day per instance: nothing for a MinIO of one's own, about 0.22 USD
// a day at Amazon's price for PUTs (DELETEs are free). Reading the bucket
// (a HEAD) would be cheaper but would miss what matters here: full
// storage, a quota, or keys that may read but not write.
func (s *Store) CheckWritableContext(ctx context.Context) error {
	return s.files.checkWritable(ctx)
}
