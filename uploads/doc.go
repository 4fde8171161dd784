// Package uploads takes in pictures from users and serves them back.
//
// Nothing a user sends is stored as is: every upload is sniffed by content,
// checked for size before it is decoded, turned upright, scaled down and
// re-encoded, which drops EXIF, GPS and any other metadata or payload hidden
// in the original file. Files get random names and never change, so they can
// be cached forever.
//
// # Where the files are
//
// New keeps the files in a directory: enough for one server. OpenS3 keeps
// them as objects of the same names in a bucket of an S3-compatible store
// (Amazon S3, MinIO, Garage, Ceph...), which every instance of a server
// behind a load balancer shares. The pictures are made the same way for
// both; only the storage interface below Store differs. Import copies a
// directory's pictures into a bucket, for moving a marketplace there.
//
// # Serving from a bucket: streamed, not redirected
//
// /images/NAME answers from the bucket by streaming the object through this
// server, rather than redirecting to a presigned URL of the store:
//
//   - The URLs stay what they were, on the marketplace's own origin, so the
//     ones already recorded keep working and the web app needs no change.
//   - The Content-Security-Policy allows images from 'self' only; a redirect
//     would need the store's origin allowed as well.
//   - The service worker caches /images/ same-origin for offline use; from
//     a redirect it would get opaque cross-origin answers, which browsers
//     count at several MB each against its storage quota.
//   - A presigned URL expires, which does not go with caching for a year as
//     immutable, and it changes at each signing, so no cache could keep it.
//   - The headers stay ours: immutable caching, the name as ETag, nosniff and
//     a CSP of its own on every picture, and Range and conditional requests
//     answered by http.ServeContent as for files on disk.
//
// The price is this server's bandwidth, which is also what serving from
// disk costs. Streaming copies through a 32 KB buffer and never holds an
// object whole, so it adds nothing noticeable to the memory budget. A whole
// picture (nearly every request) is one GET to the store; a Range request
// may cost a second, ranged one; a HEAD or a 304 drops the GET's body
// unread. A CDN in front of /images/ is the way to spare the bandwidth.
//
// # What the bucket's keys need
//
// s3:GetObject, s3:PutObject, s3:DeleteObject (a picture whose thumbnail
// could not be stored is removed), s3:ListBucket (so that a missing object
// is a 404 rather than a 403, and for the bucket check at start), and on a
// bucket with versioning s3:DeleteObjectVersion (see CheckWritableContext).
package uploads
