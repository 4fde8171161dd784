package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"net/textproto"
	"net/url"
	"time"
)

// Server is the SMTP server mail is handed to, from a URL:
// smtp://user:pass@host:587 uses STARTTLS when the server offers it, and
// smtps://user:pass@host:465 speaks TLS from the start.
type Server struct {
	addr        string
	host        string
	implicitTLS bool
	user        *url.Userinfo // nil: no authentication
	redacted    string
	// TLS, when set, replaces the default TLS settings (the system's
	// certificate authorities), for a server with a private certificate.
	TLS *tls.Config
}

// ParseServer reads an smtp:// or smtps:// URL.
func ParseServer(raw string) (*Server, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("not a URL such as smtp://user:pass@mail.example.org:587")
	}
	s := &Server{host: u.Hostname(), user: u.User, redacted: u.Redacted()}
	port := u.Port()
	switch u.Scheme {
	case "smtp":
		if port == "" {
			port = "587"
		}
	case "smtps":
		s.implicitTLS = true
		if port == "" {
			port = "465"
		}
	default:
		return nil, fmt.Errorf("%s: the scheme must be smtp or smtps", s.redacted)
	}
	if s.host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return nil, fmt.Errorf("%s: give a host and port only, such as smtp://user:pass@mail.example.org:587", s.redacted)
	}
	s.addr = net.JoinHostPort(s.host, port)
	return s, nil
}

// String is the server's URL without its password, for logs.
func (s *Server) String() string { return s.redacted }

// sendTimeout bounds one attempt: a stuck server is tried again later
// rather than holding the queue.
const sendTimeout = time.Minute

// Send hands msg for to, from from, to the server. A password is never
// sent in the clear: without TLS, only to a server on this machine.
func (s *Server) Send(ctx context.Context, from, to string, msg []byte) error {
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", s.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	deadline, _ := ctx.Deadline()
	if err := conn.SetDeadline(deadline); err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	if s.implicitTLS {
		conn = tls.Client(conn, s.tlsConfig())
	}
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		return err
	}
	defer c.Close()
	if !s.implicitTLS {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(s.tlsConfig()); err != nil {
				return err
			}
		}
	}
	if s.user != nil {
		password, _ := s.user.Password()
		// PlainAuth itself refuses to send the password without TLS to a
		// server that is not on this machine.
		if err := c.Auth(smtp.PlainAuth("", s.user.Username(), password, s.host)); err != nil {
			return err
		}
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		if refusedForGood(err) {
			return &RefusedError{err}
		}
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	// Accepted: a failing QUIT changes nothing for the mail.
	_ = c.Quit()
	return nil
}

func (s *Server) tlsConfig() *tls.Config {
	if s.TLS != nil {
		cfg := s.TLS.Clone()
		if cfg.ServerName == "" {
			cfg.ServerName = s.host
		}
		return cfg
	}
	return &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
}

// RefusedError is a recipient the server refused for good (a 5xx answer),
// such as an address that does not exist: trying again cannot help.
type RefusedError struct{ err error }

func (e *RefusedError) Error() string { return "recipient refused: " + e.err.Error() }
func (e *RefusedError) Unwrap() error { return e.err }

func refusedForGood(err error) bool {
	var refused *textproto.Error
	return errors.As(err, &refused) && refused.Code >= 500 && refused.Code < 600
}
