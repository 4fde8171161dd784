package app

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// Kind says what sort of failure an error is. The HTTP layer maps each kind
// to a status in exactly one place.
type Kind string

const (
	KindInvalid      Kind = "invalid"      // the input breaks a rule (422)
	KindMalformed    Kind = "malformed"    // the request cannot be read at all (400)
	KindUnauthorized Kind = "unauthorized" // nobody is signed in, or bad credentials (401)
	KindForbidden    Kind = "forbidden"    // signed in, but not allowed (403)
	KindNotFound     Kind = "not found"    // (404)
	KindConflict     Kind = "conflict"     // clashes with what is stored (409)
	KindTooLarge     Kind = "too large"    // (413)
	KindUnsupported  Kind = "unsupported"  // a media type we do not take (415)
	KindRateLimited  Kind = "rate limited" // too many attempts (429)
	KindUnavailable  Kind = "unavailable"  // the server cannot save now (its disk is full or read-only), or cannot reach a shared service (503)
	KindInternal     Kind = "internal"     // our fault; details are logged, never shown
)

// Error is the one error type that crosses package boundaries with a meaning.
// Message is safe to show to the user; Fields names per-field problems.
type Error struct {
	Kind    Kind
	Message string
	Fields  map[string]string
	// RetryAfterSeconds is set on rate-limited and unavailable errors.
	RetryAfterSeconds int
}

func (e *Error) Error() string {
	if len(e.Fields) > 0 {
		return fmt.Sprintf("%s: %s %v", e.Kind, e.Message, e.Fields)
	}
	return fmt.Sprintf("%s: %s", e.Kind, e.Message)
}

// Errorf builds an Error of the given kind with a user-facing message.
func Errorf(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// ErrorKind reports the kind of err: none for nil, internal for anything
// that is not an *Error.
func ErrorKind(err error) Kind {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}

// ErrorMessage reports the user-facing message of err, hiding internal details.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Kind != KindInternal {
		return e.Message
	}
	return "Internal error"
}

// ErrorFields reports the per-field messages of err, if any.
func ErrorFields(err error) map[string]string {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// StorageRefused is the error for a write the disk refused: full (or over
// a quota or size limit) unless readOnly. cause, for the log, is kept in
// the error's text but never shown. Reads go on working meanwhile, and
// writes succeed again by themselves once there is room.
func StorageRefused(readOnly bool, cause error) error {
	e := &Error{Kind: KindUnavailable, RetryAfterSeconds: 60,
		Message: "The server cannot save anything right now: its disk is full. Please try again later."}
	if readOnly {
		e.Message = "The server cannot save anything right now: its storage is read-only. Please try again later."
	}
	return fmt.Errorf("%w (%v)", e, cause)
}

// The messages of a request that needs a service the instances share (the
// PostgreSQL database, the S3 picture store) while this one cannot reach it.
const (
	DatabaseUnreachableMessage = "The marketplace cannot reach its database: try again in a moment"
	PicturesUnreachableMessage = "Pictures cannot be reached: try again in a moment"
)

// ErrUnreachable is in every error Unreachable makes: the store that made
// it has logged the outage once, so the request's answer is not logged again.
var ErrUnreachable = errors.New("a shared service is unreachable")

// unreachableRetry is how long a client waits before trying again: a
// restarting database or object store is usually back within seconds.
const unreachableRetry = 5

// Unreachable is the error of a request that needs a shared service this
// instance cannot reach now: message (one of the …UnreachableMessage
// constants) is shown, cause only kept in the error's text.
func Unreachable(message string, cause error) error {
	e := &Error{Kind: KindUnavailable, RetryAfterSeconds: unreachableRetry, Message: message}
	return fmt.Errorf("%w (%w: %v)", e, ErrUnreachable, cause)
}

// DatabaseBusyMessage is the message of a request that waited as long as
// it may for the database, which answers but cannot serve it now: every
// connection of the pool was in use, or a statement waited on a lock or ran
// past its bound (see docs/deploy.md).
const DatabaseBusyMessage = "The marketplace is busy right now: try again in a moment"

// ErrBusy is in every error Busy makes.
var ErrBusy = errors.New("the database is busy")

// busyRetry is how long a client waits before trying again: a burst or a
// held lock is usually over within seconds.
const busyRetry = 2

// Busy is the error of a request that gave up waiting on the database,
// which is reachable but could not serve it in time; cause is only kept in
// the error's text.
func Busy(cause error) error {
	e := &Error{Kind: KindUnavailable, RetryAfterSeconds: busyRetry, Message: DatabaseBusyMessage}
	return fmt.Errorf("%w (%w: %v)", e, ErrBusy, cause)
}

// RequiredMessage is the spec's wording for an empty required field.
const RequiredMessage = "This field is required"

// Validator collects per-field messages; the first message for a field wins.
type Validator struct {
	Fields map[string]string
}

// Check records msg for field unless ok.
func (v *Validator) Check(ok bool, field, msg string) {
	if ok {
		return
	}
	if v.Fields == nil {
		v.Fields = map[string]string{}
	}
	if _, exists := v.Fields[field]; !exists {
		v.Fields[field] = msg
	}
}

// Required records the spec's required-field message when value is blank.
func (v *Validator) Required(value, field string) {
	v.Check(Visible(value), field, RequiredMessage)
}

// Has reports whether field already has a message.
func (v *Validator) Has(field string) bool {
	_, ok := v.Fields[field]
	return ok
}

// Err returns an invalid-kind error naming every field, or nil when all passed.
func (v *Validator) Err() error {
	if len(v.Fields) == 0 {
		return nil
	}
	return &Error{Kind: KindInvalid, Message: "Please correct the highlighted fields", Fields: v.Fields}
}

func rateLimited(message string, wait time.Duration) error {
	return &Error{Kind: KindRateLimited, Message: message, RetryAfterSeconds: int(math.Ceil(wait.Seconds()))}
}
