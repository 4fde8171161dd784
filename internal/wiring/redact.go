package wiring

import (
	"errors"
	"net/url"
	"strings"
)

// RedactURL is rawURL fit for a log line or an error: its password, and
// the secret key of an s3:// URL (the same place), replaced by xxxxx, as
// are password parameters of its query. A URL that does not parse as
// scheme://host/... is shown as its scheme alone, since where its
// password ends cannot be told.
func RedactURL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme == "" || u.Opaque != "" || u.Host == "" && u.User != nil {
		if scheme, _, ok := strings.Cut(rawURL, "://"); ok && scheme != "" && !strings.ContainsAny(scheme, "@/:?# ") {
			return scheme + "://(a URL that does not parse)"
		}
		return "(a URL that does not parse)"
	}
	q := u.Query()
	for key := range q {
		if strings.Contains(strings.ToLower(key), "password") || strings.Contains(strings.ToLower(key), "secret") {
			q.Set(key, "xxxxx")
			u.RawQuery = q.Encode()
		}
	}
	return u.Redacted()
}

// HidePassword is err with every form of rawURL's password in its message
// replaced by xxxxx: the libraries that read the URL try not to repeat it,
// and this makes sure.
func HidePassword(err error, rawURL string) error {
	if err == nil {
		return nil
	}
	secrets := passwordsIn(rawURL)
	msg := err.Error()
	hidden := msg
	for _, s := range secrets {
		hidden = strings.ReplaceAll(hidden, s, "xxxxx")
	}
	if hidden == msg {
		return err
	}
	return errors.New(hidden)
}

// passwordsIn is the password of rawURL as written and as decoded, and for
// a URL that does not parse, what lies between the first colon after the
// scheme and the last @.
func passwordsIn(rawURL string) []string {
	var found []string
	add := func(s string) {
		if len(s) >= 3 { // shorter would replace letters of the message
			found = append(found, s)
		}
	}
	if u, err := url.Parse(rawURL); err == nil {
		if u.User != nil {
			if p, ok := u.User.Password(); ok {
				add(p)
				add(url.PathEscape(p))
				add(url.QueryEscape(p))
			}
		}
		for key, values := range u.Query() {
			if strings.Contains(strings.ToLower(key), "password") || strings.Contains(strings.ToLower(key), "secret") {
				for _, v := range values {
					add(v)
					add(url.QueryEscape(v))
				}
			}
		}
	}
	rest := rawURL
	if _, after, ok := strings.Cut(rest, "://"); ok {
		rest = after
	}
	if at := strings.LastIndex(rest, "@"); at >= 0 {
		if _, p, ok := strings.Cut(rest[:at], ":"); ok {
			add(p)
		}
	}
	return found
}
