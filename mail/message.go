// Package mail sends the marketplace's mail: it lays out what a mail says
// as plain text and HTML (Layout), writes each queued mail as a MIME
// message and hands it to an SMTP server, retrying with a growing pause
// until the server accepts it.
package mail

import (
	"bytes"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
	"time"

	"rehome/app"
)

// Compose writes m as a MIME message from from. messageID stays the same
// on every attempt, so that a mail server that did get an earlier attempt
// can tell the two apart.
func Compose(from *mail.Address, m app.QueuedMail, date time.Time) ([]byte, error) {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return nil, fmt.Errorf("recipient %q: %w", m.To, err)
	}
	var msg bytes.Buffer
	body := multipart.NewWriter(&msg)
	header := []struct{ name, value string }{
		{"From", from.String()},
		{"To", to.String()},
		{"Subject", mime.QEncoding.Encode("utf-8", oneLine(m.Subject))},
		{"Date", date.Format(time.RFC1123Z)},
		{"Message-ID", messageID(m, from)},
		{"MIME-Version", "1.0"},
		{"Content-Type", `multipart/alternative; boundary="` + body.Boundary() + `"`},
		// Automatic mail: vacation responders and the like stay quiet.
		{"Auto-Submitted", "auto-generated"},
	}
	var head bytes.Buffer
	for _, h := range header {
		head.WriteString(h.name + ": " + h.value + "\r\n")
	}
	head.WriteString("\r\n")
	for _, part := range []struct{ contentType, text string }{
		{"text/plain; charset=utf-8", m.Text},
		{"text/html; charset=utf-8", m.HTML},
	} {
		w, err := body.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.contentType},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		qp := quotedprintable.NewWriter(w)
		if _, err := qp.Write([]byte(crlf(part.text))); err != nil {
			return nil, err
		}
		if err := qp.Close(); err != nil {
			return nil, err
		}
	}
	if err := body.Close(); err != nil {
		return nil, err
	}
	return append(head.Bytes(), msg.Bytes()...), nil
}

// messageID names a queued mail for good: the queue's id and the time it
// was queued, at the sender's domain.
func messageID(m app.QueuedMail, from *mail.Address) string {
	domain := "rehome.invalid"
	if at := strings.LastIndexByte(from.Address, '@'); at >= 0 {
		domain = from.Address[at+1:]
	}
	return fmt.Sprintf("<rehome.%d.%d@%s>", m.ID, m.Queued.UnixNano(), domain)
}

// oneLine keeps a header on one line: a line break in a subject would
// start a header of the writer's choosing.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// crlf ends every line with CRLF, as SMTP wants.
func crlf(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}
