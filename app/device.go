package app

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Device tokens, after OWASP's "Slow Down Online Guessing Attacks with
// Device Cookies": a browser that signs in to an account is given a token
// naming that account, signed with a key the server keeps. Strangers
// guessing from many addresses can run down the account-wide failure
// limit; a browser bringing the account's token is not refused by it. Its
// own failures are counted, and past LoginFailuresPerDevice it is a
// stranger again. A token is no credential: it lets its holder try a
// password when strangers may not, nothing more.

// DeviceTokenLifetime is how long a device token is honoured after it is
// issued; each sign-in issues a fresh one.
const DeviceTokenLifetime = 365 * 24 * time.Hour

// deviceKeyName is the name the signing key is kept under.
const deviceKeyName = "device cookies"

type deviceTokens struct {
	keys ServerKeyStore
	mu   sync.Mutex
	key  []byte // once read: a kept key never changes
}

// signingKey is the key kept in the store, made and kept the first time.
func (d *deviceTokens) signingKey(ctx context.Context) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.key != nil {
		return d.key, nil
	}
	key, err := d.keys.ServerKey(ctx, deviceKeyName)
	if ErrorKind(err) == KindNotFound {
		fresh := make([]byte, 32)
		rand.Read(fresh) // never fails: crypto/rand crashes the program rather
		key, err = d.keys.KeepServerKey(ctx, deviceKeyName, fresh)
	}
	if err != nil {
		return nil, err
	}
	d.key = key
	return key, nil
}

// issue makes a token for a browser user just signed in on: when it was
// issued, a random nonce that names this browser to the failure counts,
// and their MAC with the account's id and session epoch. A new epoch (a
// new password, signing out everywhere, a suspension) ends the account's
// tokens with its sessions; the browser that made the change is given a
// fresh one.
func (d *deviceTokens) issue(ctx context.Context, user *User, now time.Time) (string, error) {
	key, err := d.signingKey(ctx)
	if err != nil {
		return "", err
	}
	head := strconv.FormatInt(now.Unix(), 10) + "." + rand.Text()
	return head + "." + deviceMAC(key, user, head), nil
}

// device is the nonce of token when token is user's and still honoured at
// now, and otherwise empty: a stranger's.
func (d *deviceTokens) device(ctx context.Context, token string, user *User, now time.Time) (string, error) {
	cut := strings.LastIndexByte(token, '.')
	if cut < 0 {
		return "", nil
	}
	head, mac := token[:cut], token[cut+1:]
	issued, nonce, ok := strings.Cut(head, ".")
	seconds, err := strconv.ParseInt(issued, 10, 64)
	if !ok || err != nil || now.Sub(time.Unix(seconds, 0)) > DeviceTokenLifetime {
		return "", nil
	}
	key, err := d.signingKey(ctx)
	if err != nil {
		return "", err
	}
	if !hmac.Equal([]byte(mac), []byte(deviceMAC(key, user, head))) {
		return "", nil
	}
	return nonce, nil
}

func deviceMAC(key []byte, user *User, head string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("rehome device token\x00" + strconv.FormatInt(user.ID, 10) + "\x00" +
		strconv.FormatInt(user.SessionEpoch, 10) + "\x00" + head))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}
