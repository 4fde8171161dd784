// Package uploads takes in pictures from users and serves them back.
//
// Nothing a user sends is stored as is: every upload is sniffed by content,
// checked for size before it is decoded, turned upright, scaled down and
// re-encoded, which drops EXIF, GPS and any other metadata or payload hidden
// in the original file. Files get random names and never change, so they can
// be cached forever.
package uploads
