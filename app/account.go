package app

import (
	"context"
)

// AccountStore changes what a signed-in person may change of their own account.
type AccountStore interface {
	// SetPassword gives the account passwordHash and a raised session epoch
	// in one update, which ends its sessions (trigger
	// sessions_end_with_epoch) and voids its outstanding links (trigger
	// links_end_with_credentials). It returns the account read after the
	// update; an unknown account is not found. Racing calls each raise the
	// epoch; the last to commit sets the hash.
	SetPassword(ctx context.Context, userID int64, passwordHash []byte) (*User, error)
	// EndSessions raises the account's session epoch in one update, with
	// the same triggers as SetPassword, and returns the account read after
	// it; an unknown account is not found.
	EndSessions(ctx context.Context, userID int64) (*User, error)
	// UpdateProfile sets the account's profile in one update: of two
	// racing calls one profile is stored whole, never a mix. It returns the
	// account read after the update; an unknown account is not found.
	UpdateProfile(ctx context.Context, userID int64, profile Profile) (*User, error)
}

// Profile is what a person may change of their own account at once.
type Profile struct {
	Name, Phone, Location string
	Image                 string // a picture's URL, or empty
	// ShowPhone shows the phone of their listings to everyone signed in.
	ShowPhone bool
	Language  Language
}

// WrongPasswordMessage answers a current password that does not match.
const WrongPasswordMessage = "This is not your current password"

// ProfileInput is the body of PATCH /api/auth/me: only the fields given
// change. The email changes only through a confirmation sent to the new
// address, never here.
type ProfileInput struct {
	Name     *string `json:"name"`
	Phone    *string `json:"phone"`
	Location *string `json:"location"`
	// Image is the URL of a picture the person uploaded (POST /api/images).
	Image *string `json:"image"`
	// ShowPhone shows the phone of their listings to everyone signed in.
	ShowPhone *bool `json:"show_phone"`
	// Language is the person's choice of language; empty forgets it.
	Language *Language `json:"language"`
}
