package uploads

import (
	"context"
	"errors"
	"net"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/minio/minio-go/v7"
)

// What the S3 health check says goes out on /healthz: the cause, never the
// store's URL, host name or address.
func TestWithoutHost(t *testing.T) {
	const host = "minio.internal"
	put := func(err error) error {
		return &url.Error{Op: "Put", URL: "http://" + host + ":9000/pics/.health", Err: err}
	}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"refused", put(&net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 9000},
			Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}), "dial: connect: connection refused"},
		{"no such host", put(&net.OpError{Op: "dial", Net: "tcp",
			Err: &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}}), "cannot look up the store's host: no such host"},
		{"timeout", put(context.DeadlineExceeded), "context deadline exceeded"},
		{"the store's answer", minio.ErrorResponse{Code: "AccessDenied", Message: "Access Denied.", BucketName: "pics", Key: ".health",
			Resource: "/pics/.health", Server: host}, "Access Denied."},
		{"anything else", errors.New("odd"), "odd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := withoutHost(tt.err).Error()
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			for _, s := range []string{host, "10.1.2.3", "9000"} {
				if strings.Contains(got, s) {
					t.Errorf("%q names %s", got, s)
				}
			}
		})
	}
}
