package uploads

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
	"testing"

	"rehome/app"
)

// TestDiskRefusalsAreUnavailable: the errors writing a picture gets from a
// disk that takes no more. (A full disk is made for real, with a file-size
// limit, in api's TestAFullDiskRefusesWritesAndRecovers; a read-only
// mount needs privileges the tests do not have.)
func TestDiskRefusalsAreUnavailable(t *testing.T) {
	tests := []struct {
		errno     syscall.Errno
		kind      app.Kind
		messageIs string
	}{
		{syscall.ENOSPC, app.KindUnavailable, "disk is full"},
		{syscall.EDQUOT, app.KindUnavailable, "disk is full"},
		{syscall.EFBIG, app.KindUnavailable, "disk is full"},
		{syscall.EROFS, app.KindUnavailable, "read-only"},
		{syscall.EIO, app.KindInternal, ""},
	}
	for _, tt := range tests {
		t.Run(tt.errno.Error(), func(t *testing.T) {
			err := storageRefused(&fs.PathError{Op: "write", Path: "/data/images/.upload-1", Err: tt.errno})
			if app.ErrorKind(err) != tt.kind || !strings.Contains(app.ErrorMessage(err), tt.messageIs) {
				t.Errorf("%v: %s %q, want %s saying %q", tt.errno, app.ErrorKind(err), app.ErrorMessage(err), tt.kind, tt.messageIs)
			}
			if !errors.Is(err, tt.errno) && tt.kind == app.KindInternal {
				t.Errorf("the cause was lost: %v", err)
			}
		})
	}
}
