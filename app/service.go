package app

import "time"

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
