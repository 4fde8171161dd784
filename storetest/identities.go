package storetest

import (
	"fmt"
	"testing"
	"time"

	"rehome/app"
)

// RunClaimAccount checks an account taken over by the person a provider
// vouches owns its email: everything in one transaction, and never an
// account whose email was proven meanwhile.
func RunClaimAccount(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("OK", func(t *testing.T) {
		w := newWorld(t, open)
		u := &app.User{Name: "Squatter", Email: "ann@example.com", Role: app.RoleSeller}
		must(t, w.CreateUser(w.ctx, u, []byte("squatter's hash")))
		must(t, w.LinkIdentity(w.ctx, "google", "unverified-subject", u.ID))
		audit := &app.AuditEntry{ActorID: &u.ID, ActorName: u.Name, ActorEmail: u.Email, Action: app.AuditClaimAccount,
			TargetType: app.AuditTargetUser, TargetID: u.ID, Target: "Squatter <ann@example.com>"}
		got, hadPassword, err := w.ClaimAccount(w.ctx, app.AccountClaim{UserID: u.ID, Email: u.Email, Provider: "google", Subject: "owner",
			Audit: audit, Mail: &app.Mail{To: u.Email, Subject: "Claimed", Text: "t", HTML: "h"}})
		must(t, err)
		if !hadPassword || !got.EmailVerified || got.HasPassword || got.SessionEpoch != u.SessionEpoch+1 {
			t.Errorf("claimed: had password %v, account %+v", hadPassword, got)
		}
		if _, hash, _ := w.PasswordHash(w.ctx, u.Email); len(hash) != 0 {
			t.Errorf("the password hash is still %q", hash)
		}
		if owner, err := w.UserByIdentity(w.ctx, "google", "owner"); err != nil || owner.ID != u.ID {
			t.Errorf("the owner's identity gives %v, %v", owner, err)
		}
		_, err = w.UserByIdentity(w.ctx, "google", "unverified-subject")
		wantKind(t, err, app.KindNotFound)
		log, err := w.AuditLog(w.ctx, app.Page{Limit: 10})
		must(t, err)
		if len(log.Items) != 1 || log.Items[0].Action != app.AuditClaimAccount || log.Items[0].Target != audit.Target {
			t.Errorf("the audit log is %+v", log.Items)
		}
		due, err := w.ClaimDueMail(w.ctx, "courier", time.Now(), time.Minute, 10)
		must(t, err)
		if len(due) != 1 || due[0].To != u.Email {
			t.Errorf("the mail queue holds %+v", due)
		}
		_, _, err = w.ClaimAccount(w.ctx, app.AccountClaim{UserID: u.ID, Email: u.Email, Provider: "google", Subject: "another"})
		wantKind(t, err, app.KindConflict)
	})
	t.Run("CreateUserWithIdentity", func(t *testing.T) {
		w := newWorld(t, open)
		u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer, EmailVerified: true}
		must(t, w.CreateUserWithIdentity(w.ctx, u, "google", "ann"))
		if u.ID == 0 || u.Created.IsZero() {
			t.Fatalf("CreateUserWithIdentity filled in ID %d, Created %v", u.ID, u.Created)
		}
		if got, err := w.UserByIdentity(w.ctx, "google", "ann"); err != nil || got.ID != u.ID || got.HasPassword {
			t.Errorf("the identity gives %+v, %v", got, err)
		}
		// Both or neither: a taken email links no identity, and a taken
		// identity stores no account.
		err := w.CreateUserWithIdentity(w.ctx, &app.User{Name: "Sam", Email: w.seller.Email, Role: app.RoleBuyer}, "google", "sam")
		wantKind(t, err, app.KindConflict)
		_, err = w.UserByIdentity(w.ctx, "google", "sam")
		wantKind(t, err, app.KindNotFound)
		if err := w.CreateUserWithIdentity(w.ctx, &app.User{Name: "Bea", Email: "bea@example.com", Role: app.RoleBuyer}, "google", "ann"); err == nil {
			t.Error("a second account took ann's identity")
		}
		_, err = w.UserByEmail(w.ctx, "bea@example.com")
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("CreateUserWithIdentityOnceForAnEmail", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			email := fmt.Sprint("bea", round, "@example.com")
			winner := wantOneWinner(t, race(racers, round, func(i int) error {
				return w.CreateUserWithIdentity(w.ctx, &app.User{Name: "Bea", Email: email, Role: app.RoleBuyer},
					"google", fmt.Sprint("g", round, "-", i))
			}))
			u, err := w.UserByIdentity(w.ctx, "google", fmt.Sprint("g", round, "-", winner))
			if err != nil || u.Email != email {
				t.Errorf("the winner's identity gives %+v, %v", u, err)
			}
		}
	})
	t.Run("ErrEmailChangedMeanwhile", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		_, _, err := w.ClaimAccount(w.ctx, app.AccountClaim{UserID: bea.ID, Email: "old-" + bea.Email, Provider: "google", Subject: "g"})
		wantKind(t, err, app.KindConflict)
		if got, err := w.UserByID(w.ctx, bea.ID); err != nil || got.EmailVerified || !got.HasPassword {
			t.Errorf("a refused claim changed the account: %+v (%v)", got, err)
		}
		_, err = w.UserByIdentity(w.ctx, "google", "g")
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("ClaimAgainstProof", func(t *testing.T) {
		// Either the claim comes first, and the link that would prove the
		// email is void with the sessions it predates; or the proof does,
		// and the claim is refused.
		w := newWorld(t, open)
		for round := range rounds {
			bea := w.user(t, fmt.Sprint("bea", round), app.RoleBuyer)
			token := []byte(fmt.Sprint("verify", round))
			must(t, w.CreateEmailVerification(w.ctx, app.EmailVerification{UserID: bea.ID, Email: bea.Email, TokenHash: token, Expires: time.Now().Add(time.Hour)}))
			errs := race(2, round, func(i int) error {
				if i == 0 {
					_, _, err := w.ClaimAccount(w.ctx, app.AccountClaim{UserID: bea.ID, Email: bea.Email, Provider: "google", Subject: fmt.Sprint("g", round)})
					return err
				}
				_, err := w.UseEmailVerification(w.ctx, token, time.Now())
				return err
			})
			claimed := errs[0] == nil
			if claimed {
				wantKind(t, errs[1], app.KindNotFound)
			} else {
				wantKind(t, errs[0], app.KindConflict)
				must(t, errs[1])
			}
			got, err := w.UserByID(w.ctx, bea.ID)
			must(t, err)
			if (got.SessionEpoch > bea.SessionEpoch) != claimed || !got.EmailVerified {
				t.Errorf("claimed %v, and the account is %+v", claimed, got)
			}
		}
	})
	t.Run("TwoClaimsAtOnce", func(t *testing.T) {
		// The first claim proves the email: the second finds it proven.
		w := newWorld(t, open)
		for round := range rounds {
			bea := w.user(t, fmt.Sprint("bea", round), app.RoleBuyer)
			winner := wantOneWinner(t, race(2, round, func(i int) error {
				_, _, err := w.ClaimAccount(w.ctx, app.AccountClaim{UserID: bea.ID, Email: bea.Email, Provider: "google", Subject: fmt.Sprint("g", round, "-", i)})
				return err
			}))
			for i := range 2 {
				linked, err := w.UserByIdentity(w.ctx, "google", fmt.Sprint("g", round, "-", i))
				if i == winner && (err != nil || linked.ID != bea.ID) {
					t.Errorf("the winner's identity gives %v, %v", linked, err)
				}
				if i != winner {
					wantKind(t, err, app.KindNotFound)
				}
			}
		}
	})
}
