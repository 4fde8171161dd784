package app

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
)

// A handover is the moment a booked product changes hands. The buyer shows
// a code only they can see; the seller enters it. A handover both sides
// took part in is what a review may be written about: reviews cannot be
// invented by one side alone.

const (
	// HandoverCodeDigits is how long a handover code is.
	HandoverCodeDigits = 6
	// Each HandoverAttempts wrong codes in a row lock a booking's handover:
	// for HandoverLock the first time, and twice as long each time after,
	// up to HandoverLongestLock. A guesser gets 5 codes, then 5 more a
	// quarter of an hour later, then half an hour, an hour…: 60 in the
	// first month and 5 a month after that, about 115 in a year, where a
	// lock that never grew would allow 480 a day. The seller's device catches typos before
	// they are sent (HandoverCheckOf), so an honest seller hardly ever
	// meets a lock.
	HandoverAttempts    = 5
	HandoverLock        = 15 * time.Minute
	HandoverLongestLock = 30 * 24 * time.Hour
)

// HandoverLockAfter is how long the failures-th wrong code in a row locks
// the handover; 0 when it does not lock it.
func HandoverLockAfter(failures int) time.Duration {
	if failures <= 0 || failures%HandoverAttempts != 0 {
		return 0
	}
	lock := HandoverLock
	for n := failures / HandoverAttempts; n > 1 && lock < HandoverLongestLock; n-- {
		lock *= 2
	}
	return min(lock, HandoverLongestLock)
}

// The handover check lets the seller's device tell, offline, a code typed
// wrong from one it should send: the device hashes what was typed as
// HandoverCheckOf does and compares it with the booking's HandoverCheck.
// It is the first HandoverCheckBits bits of a hash, never the whole hash:
// a whole hash of a six-digit code gives the code back after a million
// tries, which take milliseconds, and a seller who knew the code could
// mark a handover without meeting the buyer. HandoverCheckBits bits catch
// all but 1 in 2^HandoverCheckBits typos and leave 10^6 / 2^HandoverCheckBits
// codes that agree with the check, among which the seller would have to
// guess on the server, HandoverAttempts at a time, each run of them locking
// the handover for longer (HandoverLockAfter): with 8 bits, 3,900 or so
// codes against about 115 guesses in a year, so a year of trying finds
// the code 3 times in 100. 10 bits would catch a few more typos (999 in
// 1,000 rather than 996) but leave a quarter as many codes: 1 in 8.
const (
	HandoverCheckBits = 8
	// handoverCheckDomain keeps the hash apart from any other use of
	// SHA-256 over the same digits.
	handoverCheckDomain = "rehome-handover\x00"
)

// HandoverCheckOf is the check of code for booking id: the first
// HandoverCheckBits bits of SHA-256 over the domain, the booking's id in
// decimal, a zero byte and the code, read as a number.
func HandoverCheckOf(id int64, code string) int {
	sum := sha256.Sum256([]byte(handoverCheckDomain + strconv.FormatInt(id, 10) + "\x00" + code))
	return int(binary.BigEndian.Uint16(sum[:2]) >> (16 - HandoverCheckBits))
}

// HandoverCode is the answer of GET /api/booked/{id}/handover.
type HandoverCode struct {
	Code string `json:"code"`
}

// HandoverInput is the body of POST /api/mybuyers/{id}/handover.
type HandoverInput struct {
	Code string `json:"code"`
}

// handoverOpen says whether b may still be handed over: it is booked, or
// paid by card and not handed over yet.
func handoverOpen(b *Booking) error {
	switch {
	case b.HandedOverAt != nil:
		return Errorf(KindConflict, "This booking was already handed over")
	case b.Status == BookingBooked || b.Status == BookingPaid:
		return nil
	case b.Status == BookingCancelled:
		return Errorf(KindConflict, "This booking was cancelled")
	default:
		return Errorf(KindConflict, "This booking was declined by the seller")
	}
}

// newHandoverCode draws a code uniformly from the 10^6 six-digit strings.
func newHandoverCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// SameHandoverCode says whether code is the stored one, in time that does
// not tell how much of it matched. A booking whose buyer never opened the
// code has none, and no code is it.
func SameHandoverCode(stored, code string) bool {
	return stored != "" && subtle.ConstantTimeCompare([]byte(stored), []byte(code)) == 1
}

// WrongHandoverCode is the error of a code that is not the booking's, the
// failures-th wrong one in a row, which may have locked the handover.
func WrongHandoverCode(failures int) error {
	message := "This is not the buyer's code"
	if lock := HandoverLockAfter(failures); lock > 0 {
		message = lockMessage(lock, [...]string{wrongCodeLockedMinuteMessage, wrongCodeLockedMinutesMessage,
			wrongCodeLockedHoursMessage, wrongCodeLockedDaysMessage})
	}
	return &Error{Kind: KindInvalid, Message: message, Fields: map[string]string{"code": message}}
}

// HandoverLocked is the error while a booking's handover is locked, until.
func HandoverLocked(wait time.Duration) error {
	return &Error{Kind: KindRateLimited, RetryAfterSeconds: int(wait.Seconds()) + 1,
		Message: lockMessage(wait, [...]string{handoverLockedMinuteMessage, handoverLockedMinutesMessage,
			handoverLockedHoursMessage, handoverLockedDaysMessage})}
}

// The messages of a lock, one per unit, each with at most one number, as
// the catalogs translate a message by its pattern with one {n}.
const (
	wrongCodeLockedMinuteMessage  = "This is not the buyer's code: the handover is now locked for a minute"
	wrongCodeLockedMinutesMessage = "This is not the buyer's code: the handover is now locked for {n} minutes"
	wrongCodeLockedHoursMessage   = "This is not the buyer's code: the handover is now locked for {n} hours"
	wrongCodeLockedDaysMessage    = "This is not the buyer's code: the handover is now locked for {n} days"
	handoverLockedMinuteMessage   = "Too many wrong codes: try again in a minute"
	handoverLockedMinutesMessage  = "Too many wrong codes: try again in {n} minutes"
	handoverLockedHoursMessage    = "Too many wrong codes: try again in {n} hours"
	handoverLockedDaysMessage     = "Too many wrong codes: try again in {n} days"
)

// lockMessage says how long a lock lasts in the unit a person would name,
// with messages for a minute, minutes, hours and days.
func lockMessage(d time.Duration, messages [4]string) string {
	var unit, n int
	switch minutes := int(d.Round(time.Minute).Minutes()); {
	case minutes <= 1:
		return messages[0]
	case minutes < 120:
		unit, n = 1, minutes
	case minutes < 48*60:
		unit, n = 2, (minutes+30)/60
	default:
		unit, n = 3, (minutes+12*60)/(24*60)
	}
	return strings.Replace(messages[unit], "{n}", strconv.Itoa(n), 1)
}

func handedOverNote(b *Booking) *bookingNote {
	return &bookingNote{to: b.BuyerID, PushNote: PushNote{Kind: PushBooking, Title: "Handed over: {product}",
		Body: "Enjoy it! You can now review the seller", Vars: []string{"product", b.Product}, Link: Link{Screen: ScreenMyOrders}, Tag: bookingTag(b)}}
}
