package app

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// Cents is an amount of money in hundredths; prices are stored this way so
// sums never drift. In JSON it is a plain decimal number such as 120.5.
type Cents int64

// MaxCents bounds a price at ten million, far beyond any household item.
const MaxCents Cents = 10_000_000_00

func (c Cents) String() string {
	return strconv.FormatInt(int64(c)/100, 10) + "." + twoDigits(int64(c)%100)
}

func twoDigits(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// AppendDecimal appends the shortest decimal: 120.5, 120, 0.05.
func (c Cents) AppendDecimal(b []byte) []byte {
	if c < 0 { // never stored; written as it always was
		s := c.String()
		s = strings.TrimSuffix(strings.TrimSuffix(s, "0"), ".0")
		return append(b, strings.TrimSuffix(s, ".")...)
	}
	b = strconv.AppendInt(b, int64(c)/100, 10)
	switch frac := byte(c % 100); {
	case frac == 0:
		return b
	case frac%10 == 0:
		return append(b, '.', '0'+frac/10)
	default:
		return append(b, '.', '0'+frac/10, '0'+frac%10)
	}
}

// MarshalJSON spells an amount as the number AppendDecimal writes. Amounts
// sit in many of the API's answers, each encoded by its field tags, so the
// spelling goes with the type; it needs nothing of encoding/json.
func (c Cents) MarshalJSON() ([]byte, error) {
	return c.AppendDecimal(nil), nil
}

// UnmarshalJSON reads the number MarshalJSON writes.
func (c *Cents) UnmarshalJSON(data []byte) error {
	parsed, ok := ParseCents(string(data))
	if !ok {
		return errors.New("not an amount of money")
	}
	*c = parsed
	return nil
}

var decimalPattern = regexp.MustCompile(`^[0-9]{1,12}(\.[0-9]{1,2})?$`)

// ParseCents reads a non-negative decimal with at most two decimals.
func ParseCents(s string) (Cents, bool) {
	s = strings.TrimSpace(s)
	if !decimalPattern.MatchString(s) {
		return 0, false
	}
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, false
	}
	for len(frac) < 2 {
		frac += "0"
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	c := Cents(w*100 + f)
	return c, c <= MaxCents
}
