package app

import "time"

const (
	// Decoding a picture costs a fraction of a second of CPU and up to a few
	// hundred MB, so one account may not keep the server busy with uploads.
	UploadsPerHour = 120
	// Signing up decodes a picture too, and tells whether an email is taken,
	// so one address may try only so often. Loose enough for a household or
	// a community evening on one Wi-Fi.
	RegistrationsPerAddressPerHour = 30
)

// utcNow is the services' clock.
func utcNow() time.Time { return time.Now().UTC() }

// RequireUser refuses anonymous callers.
func RequireUser(actor *User) error {
	if actor == nil {
		return Errorf(KindUnauthorized, "Please log in")
	}
	return nil
}

// Allow turns a policy decision into an error: unauthorized for nobody,
// forbidden for a signed-in user the policy refuses.
func Allow(actor *User, ok bool) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	if !ok {
		return Errorf(KindForbidden, "You are not allowed to do that")
	}
	return nil
}
