package app

import (
	"context"
	"time"
	"unicode/utf8"
)

// AuditAction names what an admin did.
type AuditAction string

const (
	AuditPromoteUser    AuditAction = "promote_user"
	AuditVerifySeller   AuditAction = "verify_seller"
	AuditDeleteUser     AuditAction = "delete_user"
	AuditDismissReport  AuditAction = "dismiss_report"
	AuditCreateCategory AuditAction = "create_category"
	// AuditEditCategory: a category was renamed or got another picture;
	// the target is "former → new" for a rename, else its name.
	AuditEditCategory AuditAction = "edit_category"
	AuditResetLink    AuditAction = "reset_link"
	// AuditClaimAccount: the owner of an email, vouched for by a provider,
	// took over an account someone had made with it before proving it.
	// The actor is that person, not an admin.
	AuditClaimAccount AuditAction = "claim_account"
	// AuditUpdateSite: the site's settings changed; the target names which.
	AuditUpdateSite AuditAction = "update_site"
	// AuditUpdateSynonyms: the search's synonyms were replaced; the target
	// says how many groups there are now.
	AuditUpdateSynonyms AuditAction = "update_synonyms"
	AuditCreatePost     AuditAction = "create_post"
	AuditEditPost       AuditAction = "edit_post"
	AuditDeletePost     AuditAction = "delete_post"
	// AuditStartSelling: a Buyer made their account a Seller's. The actor
	// is that person, not an admin.
	AuditStartSelling AuditAction = "start_selling"
	// AuditHideReview: a review was taken out of sight; the target is the
	// admin's reason.
	AuditHideReview AuditAction = "hide_review"
	// AuditSuspendUser: the target names the account, for how long and why.
	AuditSuspendUser   AuditAction = "suspend_user"
	AuditUnsuspendUser AuditAction = "unsuspend_user"
	// AuditRemoveNoShow: a no-show stopped counting; the target names the
	// booking, whose person it was counted against, and the reason.
	AuditRemoveNoShow AuditAction = "remove_no_show"
)

// What an audit entry's target is.
const (
	AuditTargetUser     = "user"
	AuditTargetCategory = "category"
	AuditTargetReport   = "report"
	AuditTargetSite     = "site"
	AuditTargetPost     = "post"
	AuditTargetReview   = "review"
	AuditTargetBooking  = "booking"
)

// AuditEntry is one admin action: who did what to whom, and when. The
// names are kept as they were, so an entry still reads once the accounts,
// category or listing it names are gone (ActorID is then nil).
type AuditEntry struct {
	ID         int64       `json:"id"`
	Time       time.Time   `json:"time"`
	ActorID    *int64      `json:"actor_id"`
	ActorName  string      `json:"actor_name"`
	ActorEmail string      `json:"actor_email"`
	Action     AuditAction `json:"action"`
	TargetType string      `json:"target_type"`
	TargetID   int64       `json:"target_id"`
	// Target names the target as it was: "Name <email>" for an account, a
	// category's name, a reported listing's name.
	Target string `json:"target"`
}

// AuditStore keeps the audit log. The entries themselves are written by
// the store methods of the actions, in their transactions.
type AuditStore interface {
	// AuditLog lists the entries, newest first, and how many there are.
	AuditLog(ctx context.Context, page Page) (List[AuditEntry], error)
}

// auditOf starts the entry of an action actor takes on a target.
func auditOf(actor *User, action AuditAction, targetType string, targetID int64, target string) *AuditEntry {
	id := actor.ID
	return &AuditEntry{ActorID: &id, ActorName: actor.Name, ActorEmail: actor.Email, Action: action,
		TargetType: targetType, TargetID: targetID, Target: target}
}

// accountName is how the audit log names an account.
func accountName(u *User) string { return u.Name + " <" + u.Email + ">" }

// Audit shows the admins what admins did.
type Audit struct {
	store AuditStore
}

func NewAudit(store AuditStore) *Audit { return &Audit{store: store} }

// AuditLog lists the admins' actions, newest first (admins only).
func (s *Audit) AuditLog(ctx context.Context, actor *User, page Page) (List[AuditEntry], error) {
	if err := Allow(actor, CanReadAuditLog(actor)); err != nil {
		return List[AuditEntry]{}, err
	}
	return s.store.AuditLog(ctx, page.Clamp())
}

// auditReason is the reason an admin gives for an action the audit log
// keeps: one line, required, at most 500 characters.
func auditReason(given string) (string, error) {
	reason := CleanLine(given)
	v := &Validator{}
	v.Required(reason, "reason")
	v.Check(utf8.RuneCountInString(reason) <= 500, "reason", "Use at most 500 characters")
	return reason, v.Err()
}
