// Command s3-fake is an S3-compatible object store in memory, for the
// browser tests on PostgreSQL and an object store (make test-postgres): it
// makes one bucket, prints its s3:// URL as the first line of its output,
// and serves until killed. Nothing it keeps outlives it.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	bucket := flag.String("bucket", "rehome", "the bucket to make")
	flag.Parse()
	backend := s3mem.New()
	if err := backend.CreateBucket(*bucket); err != nil {
		log.Fatal(err)
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	// The fake checks no signature: any key and secret do.
	fmt.Printf("s3://rehome:rehome-secret@%s/%s?region=us-east-1&tls=false\n", l.Addr(), *bucket)
	server := &http.Server{Handler: gofakes3.New(backend).Server(), ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(server.Serve(l))
}
