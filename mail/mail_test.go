package mail_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net"
	netmail "net/mail"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/mailsink"
	"rehome/mail"
	"rehome/sqlite"
)

var from = &netmail.Address{Name: "Rehome", Address: "noreply@market.test"}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// selfSigned is a certificate for 127.0.0.1, and a pool that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "mail.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

func startSink(t *testing.T, opts mailsink.Options) *mailsink.Sink {
	t.Helper()
	sink, err := mailsink.Start("127.0.0.1:0", opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sink.Close() })
	return sink
}

func queued(to string) app.QueuedMail {
	return app.QueuedMail{ID: 7, Queued: time.Unix(1700000000, 0), Mail: app.Mail{
		To: to, Subject: "Réinitialiser\r\nBcc: evil@example.com", Text: "Hello Zoë,\nOpen https://market.test/reset-password?token=ABC=DEF\n",
		HTML: `<p>Hello Zoë, <a href="https://market.test/x">open</a></p>`,
	}}
}

func TestSendingOverEachKindOfConnection(t *testing.T) {
	cert, pool := selfSigned(t)
	serverTLS := &tls.Config{Certificates: []tls.Certificate{cert}}
	cases := []struct {
		name    string
		scheme  string
		opts    mailsink.Options
		wantTLS bool
	}{
		{"plain, on this machine, no password", "smtp://", mailsink.Options{}, false},
		{"plain, on this machine, with a password", "smtp://sam:secret@", mailsink.Options{User: "sam", Password: "secret"}, false},
		{"STARTTLS when offered, with a password", "smtp://sam:secret@", mailsink.Options{TLS: serverTLS, User: "sam", Password: "secret"}, true},
		{"TLS from the start", "smtps://sam:secret@", mailsink.Options{TLS: serverTLS, ImplicitTLS: true, User: "sam", Password: "secret"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sink := startSink(t, tc.opts)
			server, err := mail.ParseServer(tc.scheme + sink.Addr)
			if err != nil {
				t.Fatal(err)
			}
			server.TLS = &tls.Config{RootCAs: pool}
			m := queued("zoe@example.com")
			msg, err := mail.Compose(from, m, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if err := server.Send(context.Background(), from.Address, m.To, msg); err != nil {
				t.Fatal(err)
			}
			got := sink.Messages("zoe@example.com")
			if len(got) != 1 {
				t.Fatalf("%d mails arrived, want 1", len(got))
			}
			if got[0].TLS != tc.wantTLS || got[0].User != tc.opts.User {
				t.Errorf("TLS %v as %q, want TLS %v as %q", got[0].TLS, got[0].User, tc.wantTLS, tc.opts.User)
			}
			if got[0].Text != "Hello Zoë,\nOpen https://market.test/reset-password?token=ABC=DEF\n" || !strings.Contains(got[0].HTML, `<a href="https://market.test/x">`) {
				t.Errorf("parts arrived as %q and %q", got[0].Text, got[0].HTML)
			}
			// A line break in a subject must not start a header of its own.
			if got[0].Subject != "Réinitialiser Bcc: evil@example.com" || strings.Contains(got[0].Raw, "\r\nBcc:") {
				t.Errorf("subject %q; raw:\n%s", got[0].Subject, got[0].Raw)
			}
			if !strings.Contains(got[0].Raw, "Message-ID: <rehome.7.") {
				t.Errorf("no stable Message-ID:\n%s", got[0].Raw)
			}
		})
	}
}

func TestServerURLs(t *testing.T) {
	for _, bad := range []string{"", "http://mail.test", "smtp://", "smtp://mail.test/path", "smtp://mail.test?x=1", "::"} {
		if _, err := mail.ParseServer(bad); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
	s, err := mail.ParseServer("smtp://sam:s3cret@mail.test")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(s.String(), "s3cret") {
		t.Errorf("the password shows in %s", s)
	}
}

func TestAPasswordIsNeverSentInTheClearToAnotherMachine(t *testing.T) {
	// 127.0.0.2 is this machine too, but not "localhost" by name: the rule
	// of net/smtp's PLAIN is what the server is called.
	sink := startSink(t, mailsink.Options{User: "sam", Password: "secret"})
	_, port, _ := net.SplitHostPort(sink.Addr)
	server, err := mail.ParseServer("smtp://sam:secret@" + net.JoinHostPort("localhost.", port))
	if err != nil {
		t.Fatal(err)
	}
	msg, _ := mail.Compose(from, queued("zoe@example.com"), time.Now())
	if err := server.Send(context.Background(), from.Address, "zoe@example.com", msg); err == nil {
		t.Fatal("the password went without TLS")
	}
	if n := len(sink.Messages("")); n != 0 {
		t.Errorf("%d mails arrived", n)
	}
}

func openDB(t *testing.T, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// TestTheQueue: a mail queued survives a restart, waits out a refusing
// server with growing pauses, goes once the server takes it, and never again.
func TestTheQueue(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	db := openDB(t, path)
	if err := db.QueueMail(ctx, &app.Mail{To: "zoe@example.com", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	db = openDB(t, path)
	defer db.Close()
	sink := startSink(t, mailsink.Options{})
	server, err := mail.ParseServer("smtp://" + sink.Addr)
	if err != nil {
		t.Fatal(err)
	}
	courier := mail.NewCourier(db, server, from, quiet())

	sink.Refuse(true)
	courier.SendDue(ctx)
	next, waiting, err := db.NextMailDue(ctx)
	if err != nil || !waiting {
		t.Fatalf("the refused mail left the queue: %v", err)
	}
	if wait := time.Until(next); wait < mail.FirstRetry-5*time.Second || wait > mail.FirstRetry+5*time.Second {
		t.Errorf("next attempt in %s, want %s", wait, mail.FirstRetry)
	}
	courier.SendDue(ctx) // not due yet: nothing is tried
	if due, _ := db.ClaimDueMail(ctx, "test", next, time.Minute, 10); len(due) != 1 || due[0].Attempts != 1 {
		t.Fatalf("queue after a refusal: %+v", due)
	}

	sink.Refuse(false)
	if err := db.MailFailed(ctx, "test", 1, time.Now(), "made due for the test"); err != nil {
		t.Fatal(err)
	}
	courier.SendDue(ctx)
	courier.SendDue(ctx)
	if got := sink.Messages("zoe@example.com"); len(got) != 1 || got[0].Subject != "Hello" {
		t.Fatalf("arrived: %+v", got)
	}
	if _, waiting, _ := db.NextMailDue(ctx); waiting {
		t.Error("a sent mail stayed queued")
	}
}

func TestARecipientRefusedForGoodIsGivenUp(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, filepath.Join(t.TempDir(), "rehome.db"))
	defer db.Close()
	sink := startSink(t, mailsink.Options{})
	server, _ := mail.ParseServer("smtp://" + sink.Addr)
	if err := db.QueueMail(ctx, &app.Mail{To: "ghost@nowhere.test", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}); err != nil {
		t.Fatal(err)
	}
	mail.NewCourier(db, server, from, quiet()).SendDue(ctx)
	if _, waiting, _ := db.NextMailDue(ctx); waiting {
		t.Error("a mail to an address the server refused for good is still queued")
	}
}

func TestRetryPausesDoubleUpToAnHour(t *testing.T) {
	for failures, want := range map[int]time.Duration{1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute, 8: time.Hour, 40: time.Hour} {
		if got := mail.RetryAfter(failures); got != want {
			t.Errorf("after %d failures: %s, want %s", failures, got, want)
		}
	}
}

// idleSignal is the store as the courier sees it, telling the test each
// time the courier asks when mail is next due: it has sent all that was due
// and is about to wait.
type idleSignal struct {
	app.MailQueue
	idle chan struct{}
}

func (q idleSignal) NextMailDue(ctx context.Context) (time.Time, bool, error) {
	defer func() {
		select {
		case q.idle <- struct{}{}:
		default:
		}
	}()
	return q.MailQueue.NextMailDue(ctx)
}

// TestRunSendsAsSoonAsWoken: a mail queued while the courier waits for its
// next poll, a minute away, goes as soon as Wake is called.
func TestRunSendsAsSoonAsWoken(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	db := openDB(t, filepath.Join(t.TempDir(), "rehome.db"))
	defer db.Close()
	sink := startSink(t, mailsink.Options{})
	server, _ := mail.ParseServer("smtp://" + sink.Addr)
	queue := idleSignal{db, make(chan struct{}, 1)}
	courier := mail.NewCourier(queue, server, from, quiet())
	if err := db.QueueMail(ctx, &app.Mail{To: "yan@example.com", Subject: "First", Text: "Hi", HTML: "<p>Hi</p>"}); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { courier.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	<-queue.idle
	if got := sink.Messages("yan@example.com"); len(got) != 1 {
		t.Fatalf("%d first mails arrived before the courier waited", len(got))
	}
	// Queued behind the courier's back: only Wake, not another look at the
	// queue, can send it before the poll.
	if err := db.QueueMail(ctx, &app.Mail{To: "zoe@example.com", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}); err != nil {
		t.Fatal(err)
	}
	courier.Wake()
	if got := sink.Wait("zoe@example.com", 1, 10*time.Second); len(got) != 1 {
		t.Fatalf("%d mails arrived", len(got))
	}
}

// TestTwoCouriersSendEachMailOnce runs the couriers of two instances, each
// with its own store on one database file, over one queue at once.
func TestTwoCouriersSendEachMailOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	first, second := openDB(t, path), openDB(t, path)
	defer first.Close()
	defer second.Close()
	const mails = 60
	for i := range mails {
		to := fmt.Sprintf("person%d@example.com", i)
		if err := first.QueueMail(ctx, &app.Mail{To: to, Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}); err != nil {
			t.Fatal(err)
		}
	}
	sink := startSink(t, mailsink.Options{})
	server, _ := mail.ParseServer("smtp://" + sink.Addr)
	var wg sync.WaitGroup
	for _, db := range []*sqlite.DB{first, second} {
		courier := mail.NewCourier(db, server, from, quiet())
		wg.Go(func() { courier.SendDue(ctx) })
	}
	wg.Wait()
	for i := range mails {
		to := fmt.Sprintf("person%d@example.com", i)
		if got := len(sink.Messages(to)); got != 1 {
			t.Errorf("%s got %d mails, want 1", to, got)
		}
	}
	if _, waiting, _ := first.NextMailDue(ctx); waiting {
		t.Error("sent mail stayed queued")
	}
}

// busyOnDone is the store as the courier sees it, refusing the first
// records of a sent mail as a busy or restarting database does.
type busyOnDone struct {
	app.MailQueue
	refusals atomic.Int32
	tries    atomic.Int32
	refused  chan struct{} // when not nil, told of each refusal
}

func (q *busyOnDone) MailDone(ctx context.Context, id int64) error {
	q.tries.Add(1)
	if q.refusals.Add(-1) >= 0 {
		if q.refused != nil {
			select {
			case q.refused <- struct{}{}:
			default:
			}
		}
		return errors.New("database is locked")
	}
	return q.MailQueue.MailDone(ctx, id)
}

// TestASentMailIsRecordedThroughABusyDatabase: a mail the server accepted
// leaves the queue though the database refused the first records of it,
// rather than staying to be sent again when its claim ends.
func TestASentMailIsRecordedThroughABusyDatabase(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, filepath.Join(t.TempDir(), "rehome.db"))
	defer db.Close()
	sink := startSink(t, mailsink.Options{})
	server, _ := mail.ParseServer("smtp://" + sink.Addr)
	if err := db.QueueMail(ctx, &app.Mail{To: "zoe@example.com", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}); err != nil {
		t.Fatal(err)
	}
	queue := &busyOnDone{MailQueue: db}
	queue.refusals.Store(2)
	mail.NewCourier(queue, server, from, quiet()).SendDue(ctx)
	if got := sink.Messages("zoe@example.com"); len(got) != 1 {
		t.Fatalf("%d mails arrived, want 1", len(got))
	}
	if _, waiting, _ := db.NextMailDue(ctx); waiting {
		t.Error("the sent mail stayed queued, to go again once its claim ends")
	}
}

// TestAStoppingCourierDoesNotWaitToRecordASentMail: a courier stopped
// while the database refuses to record a mail the server accepted tries
// once more at once, then stops, rather than going on trying for the
// minutes left of its claim.
func TestAStoppingCourierDoesNotWaitToRecordASentMail(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	db := openDB(t, filepath.Join(t.TempDir(), "rehome.db"))
	defer db.Close()
	sink := startSink(t, mailsink.Options{})
	server, _ := mail.ParseServer("smtp://" + sink.Addr)
	if err := db.QueueMail(ctx, &app.Mail{To: "zoe@example.com", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}); err != nil {
		t.Fatal(err)
	}
	queue := &busyOnDone{MailQueue: db, refused: make(chan struct{}, 1)}
	queue.refusals.Store(1 << 20)
	stopped := make(chan struct{})
	go func() { mail.NewCourier(queue, server, from, quiet()).SendDue(ctx); close(stopped) }()
	<-queue.refused
	stop()
	<-stopped
	if n := queue.tries.Load(); n > 2 {
		t.Errorf("the stopping courier tried %d times to record the sent mail, want at most one more after the stop", n)
	}
}

// hungSender is a mail server that takes mail only once answer is closed.
type hungSender struct {
	sending chan string // the recipient, as the first attempt starts
	answer  chan error
}

func (s hungSender) Send(ctx context.Context, from, to string, msg []byte) error {
	select {
	case s.sending <- to:
	default:
	}
	return <-s.answer
}

// TestAStuckCourierHoldsOnlyTheMailItSends: while one courier is stuck
// sending a mail (its process hangs, or dies), another sends the rest of
// the queue at once, and the stuck one's mail is due again within minutes.
func TestAStuckCourierHoldsOnlyTheMailItSends(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	first, second := openDB(t, path), openDB(t, path)
	defer first.Close()
	defer second.Close()
	for _, to := range []string{"ann@example.com", "bo@example.com"} {
		if err := first.QueueMail(ctx, &app.Mail{To: to, Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}); err != nil {
			t.Fatal(err)
		}
	}
	stuck := hungSender{make(chan string, 1), make(chan error)}
	done := make(chan struct{})
	go func() { mail.NewCourier(first, stuck, from, quiet()).SendDue(ctx); close(done) }()
	if to := <-stuck.sending; to != "ann@example.com" {
		t.Fatalf("the first courier sends to %s first, want the oldest mail's", to)
	}

	sink := startSink(t, mailsink.Options{})
	server, _ := mail.ParseServer("smtp://" + sink.Addr)
	mail.NewCourier(second, server, from, quiet()).SendDue(ctx)
	if got := sink.Messages("bo@example.com"); len(got) != 1 {
		t.Errorf("the mail behind the stuck one: %d arrived, want 1", len(got))
	}
	if got := sink.Messages("ann@example.com"); len(got) != 0 {
		t.Errorf("the stuck courier's mail went twice")
	}
	next, waiting, err := second.NextMailDue(ctx)
	if err != nil || !waiting || time.Until(next) > 5*time.Minute {
		t.Errorf("the stuck courier's mail is due at %v (%v, %v), want within minutes", next, waiting, err)
	}

	close(stuck.answer) // the server accepts it at last
	<-done
	if _, waiting, _ := second.NextMailDue(ctx); waiting {
		t.Error("mail stayed queued")
	}
}
