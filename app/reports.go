package app

import "context"

// Reports are what members flag to the admins.
type Reports struct {
	reports       ReportStore
	products      ProductStore
	users         UserStore
	conversations ConversationStore
	reviews       ReviewStore
}

// ReportsDeps are what Reports is built from.
type ReportsDeps struct {
	Reports       ReportStore
	Products      ProductStore
	Users         UserStore
	Conversations ConversationStore
	Reviews       ReviewStore
}

func NewReports(d ReportsDeps) *Reports {
	return &Reports{reports: d.Reports, products: d.Products, users: d.Users, conversations: d.Conversations, reviews: d.Reviews}
}

// Report flags a listing for the admins.
func (s *Reports) Report(ctx context.Context, actor *User, in ReportInput) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	v := &Validator{}
	in.Validate(v)
	if err := v.Err(); err != nil {
		return err
	}
	kind, id := in.Target()
	switch kind {
	case ReportUser:
		if _, err := s.users.UserByID(ctx, id); err != nil {
			return err
		}
		if id == actor.ID {
			return Errorf(KindForbidden, "You cannot report yourself")
		}
	case ReportMessage:
		if err := s.mayReportMessage(ctx, actor, id); err != nil {
			return err
		}
	case ReportReview:
		r, err := s.reviews.ReviewByID(ctx, id)
		if err != nil {
			return err
		}
		if r.AuthorID != nil && *r.AuthorID == actor.ID {
			return Errorf(KindForbidden, "You cannot report your own review")
		}
	default:
		p, err := s.products.ProductByID(ctx, id)
		if err != nil {
			return err
		}
		if !CanReport(actor, p) {
			return Errorf(KindForbidden, "You cannot report your own product")
		}
		return s.reports.CreateReport(ctx, p.ID, actor.ID, in.Reason)
	}
	return s.reports.ReportOther(ctx, kind, id, actor.ID, in.Reason)
}

// mayReportMessage lets the recipient of a message report it: one of the
// two people of its conversation, not its sender. To anyone else it is not
// found, as the conversation is.
func (s *Reports) mayReportMessage(ctx context.Context, actor *User, id int64) error {
	conversationID, err := s.conversations.ConversationOfMessage(ctx, id)
	if err != nil {
		return err
	}
	c, err := s.conversations.ConversationByID(ctx, conversationID, actor.ID)
	if err != nil {
		return err
	}
	if !CanReadConversation(actor, c) {
		return Errorf(KindNotFound, "Message not found")
	}
	m, err := s.conversations.MessageByID(ctx, conversationID, id)
	if err != nil {
		return err
	}
	if m.SenderID == actor.ID {
		return Errorf(KindForbidden, "You cannot report your own message")
	}
	return nil
}

func (s *Reports) ReportedProducts(ctx context.Context, actor *User, page Page) (List[ReportedProduct], error) {
	if err := Allow(actor, CanReviewReports(actor)); err != nil {
		return List[ReportedProduct]{}, err
	}
	list, err := s.reports.ReportedProducts(ctx, page.Clamp())
	if err != nil {
		return list, err
	}
	for i := range list.Items {
		r := &list.Items[i]
		if r.MessageID == nil || r.ConversationID == nil {
			continue
		}
		before, err := s.conversations.Messages(ctx, *r.ConversationID, *r.MessageID+1, ReportContextMessages+1)
		if err != nil {
			return list, err
		}
		r.Context = []ReportedLine{}
		for _, m := range before.Items {
			r.Context = append(r.Context, ReportedLine{ID: m.ID, SenderID: m.SenderID, Text: m.Text, PickupAt: m.PickupAt,
				Time: m.Created, Reported: m.ID == *r.MessageID})
		}
	}
	return list, nil
}

// DismissReport clears a product's reports, keeping the product listed.
func (s *Reports) DismissReport(ctx context.Context, actor *User, id int64) error {
	if err := Allow(actor, CanReviewReports(actor)); err != nil {
		return err
	}
	return s.reports.DismissReport(ctx, id, auditOf(actor, AuditDismissReport, AuditTargetReport, id, ""))
}
