// Package mailsink is an SMTP server that keeps what it receives, for tests
// and for the browser tests' tool (tools/mail-sink): the marketplace's mail
// goes through a real SMTP conversation, and the tests read what arrived.
package mailsink

import (
	"bytes"
	"crypto/tls"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is a mail as received, with its text and HTML parts decoded.
type Message struct {
	From    string   `json:"from"`
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
	HTML    string   `json:"html"`
	Raw     string   `json:"raw"`
	// TLS and User say how the sender connected: over TLS, and signed in as.
	TLS  bool   `json:"tls"`
	User string `json:"user"`
}

// Sink is a running SMTP server.
type Sink struct {
	server *smtp.Server
	Addr   string

	mu       sync.Mutex
	messages []Message
	arrived  chan struct{} // closed and replaced when a message arrives
	// Refuse, when set, is the error every DATA answers with.
	refuse error
}

// Options say how the sink behaves.
type Options struct {
	// TLS offers STARTTLS, or with ImplicitTLS, speaks TLS from the start.
	TLS         *tls.Config
	ImplicitTLS bool
	// User and Password, when set, are required (AUTH PLAIN).
	User, Password string
}

// Start listens on addr ("127.0.0.1:0" for any free port).
func Start(addr string, opts Options) (*Sink, error) {
	s := &Sink{arrived: make(chan struct{})}
	server := smtp.NewServer(backend{s, opts})
	server.Domain = "mail.test"
	server.ReadTimeout, server.WriteTimeout = 30*time.Second, 30*time.Second
	server.MaxMessageBytes = 10 << 20
	server.TLSConfig = opts.TLS
	// Over loopback in tests, a password may go without TLS.
	server.AllowInsecureAuth = opts.TLS == nil
	var l net.Listener
	var err error
	if opts.ImplicitTLS {
		l, err = tls.Listen("tcp", addr, opts.TLS)
	} else {
		l, err = net.Listen("tcp", addr)
	}
	if err != nil {
		return nil, err
	}
	s.server, s.Addr = server, l.Addr().String()
	go server.Serve(l)
	return s, nil
}

// Close stops the server.
func (s *Sink) Close() error { return s.server.Close() }

// Refuse makes every later mail fail with a temporary error (451), or
// accepted again after Refuse(false).
func (s *Sink) Refuse(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = nil
	if on {
		s.refuse = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
}

// Messages are the mails received for to (all of them when empty), oldest first.
func (s *Sink) Messages(to string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if to == "" || contains(m.To, to) {
			out = append(out, m)
		}
	}
	return out
}

// Wait returns the mails for to once there are at least n, or what there
// is after timeout.
func (s *Sink) Wait(to string, n int, timeout time.Duration) []Message {
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		arrived := s.arrived
		s.mu.Unlock()
		if got := s.Messages(to); len(got) >= n {
			return got
		}
		select {
		case <-arrived:
		case <-deadline:
			return s.Messages(to)
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

type backend struct {
	sink *Sink
	opts Options
}

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &session{sink: b.sink, opts: b.opts, conn: c}, nil
}

type session struct {
	sink *Sink
	opts Options
	conn *smtp.Conn
	user string
	msg  Message
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.opts.User || password != s.opts.Password {
			return errors.New("invalid credentials")
		}
		s.user = username
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.opts.User != "" && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.msg = Message{From: from}
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasSuffix(to, "@nowhere.test") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"}
	}
	s.msg.To = append(s.msg.To, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.sink.mu.Lock()
	refuse := s.sink.refuse
	s.sink.mu.Unlock()
	if refuse != nil {
		return refuse
	}
	m := s.msg
	m.Raw = string(raw)
	_, m.TLS = s.conn.TLSConnectionState()
	m.User = s.user
	if err := parse(&m, raw); err != nil {
		return err
	}
	s.sink.mu.Lock()
	defer s.sink.mu.Unlock()
	s.sink.messages = append(s.sink.messages, m)
	close(s.sink.arrived)
	s.sink.arrived = make(chan struct{})
	return nil
}

func (s *session) Reset()        { s.msg = Message{} }
func (s *session) Logout() error { return nil }

// parse reads the subject and the text and HTML parts of raw.
func parse(m *Message, raw []byte) error {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	dec := new(mime.WordDecoder)
	if m.Subject, err = dec.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return err
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return err
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		body, err := decodeBody(msg.Body, msg.Header.Get("Content-Transfer-Encoding"))
		m.Text = body
		return err
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextRawPart()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		body, err := decodeBody(p, p.Header.Get("Content-Transfer-Encoding"))
		if err != nil {
			return err
		}
		switch t, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); t {
		case "text/plain":
			m.Text = body
		case "text/html":
			m.HTML = body
		}
	}
}

func decodeBody(r io.Reader, encoding string) (string, error) {
	if strings.EqualFold(encoding, "quoted-printable") {
		r = quotedprintable.NewReader(r)
	}
	b, err := io.ReadAll(r)
	return strings.ReplaceAll(string(b), "\r\n", "\n"), err
}
