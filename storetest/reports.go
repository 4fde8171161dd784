package storetest

import (
	"testing"
	"time"

	"rehome/app"
)

// RunReports checks reports of people, messages and reviews: one report
// per thing that reporters join, once each, listed most recently reported
// first, and each reporter's own reports oldest first.
func RunReports(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("OneReportPerThing", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
		c := w.newConversation(w.product(t, "Lamp"), bea)
		m := &app.Message{SenderID: bea.ID, Text: "Rude words"}
		must(t, w.AddMessage(w.ctx, c, m))
		if got, err := w.ConversationOfMessage(w.ctx, m.ID); err != nil || got != c.ID {
			t.Errorf("ConversationOfMessage = %d, %v; want %d", got, err, c.ID)
		}
		_, err := w.ConversationOfMessage(w.ctx, 9999)
		wantKind(t, err, app.KindNotFound)

		must(t, w.ReportOther(w.ctx, app.ReportUser, bea.ID, w.seller.ID, "Spam"))
		now = now.Add(time.Second)
		must(t, w.ReportOther(w.ctx, app.ReportMessage, m.ID, w.seller.ID, "Rude"))
		now = now.Add(time.Second)
		must(t, w.ReportOther(w.ctx, app.ReportUser, bea.ID, cy.ID, "Fake"))
		wantKind(t, w.ReportOther(w.ctx, app.ReportUser, bea.ID, cy.ID, "Again"), app.KindConflict)
		wantKind(t, w.ReportOther(w.ctx, app.ReportProduct, 1, cy.ID, "Not this way"), app.KindInvalid)
		for name, kind := range map[string]app.ReportKind{"person": app.ReportUser, "message": app.ReportMessage,
			"review": app.ReportReview} {
			if err := w.ReportOther(w.ctx, kind, 9999, cy.ID, ""); app.ErrorKind(err) != app.KindConflict {
				t.Errorf("reporting a %s that is gone: %v, want a conflict", name, err)
			}
		}
		_, err = w.UserByID(w.ctx, 9999)
		wantKind(t, err, app.KindNotFound) // nothing reported made one

		list, err := w.ReportedProducts(w.ctx, app.Page{Limit: 10})
		must(t, err)
		if len(list.Items) != 2 || list.Total != 2 {
			t.Fatalf("ReportedProducts = %+v, want the person then the message", list)
		}
		person, message := list.Items[0], list.Items[1]
		if person.Kind != app.ReportUser || person.UserID == nil || *person.UserID != bea.ID || person.User != "bea" ||
			person.Reports != 2 || person.Reason != "Fake" || !sameMoment(person.Updated, now) {
			t.Errorf("the person's report: %+v", person)
		}
		if message.Kind != app.ReportMessage || message.MessageID == nil || *message.MessageID != m.ID ||
			message.ConversationID == nil || *message.ConversationID != c.ID || message.Text != "Rude words" ||
			message.Reports != 1 || message.Reason != "Rude" {
			t.Errorf("the message's report: %+v", message)
		}
		if page, err := w.ReportedProducts(w.ctx, app.Page{Limit: 1, Offset: 1}); err != nil || len(page.Items) != 1 ||
			page.Items[0].ID != message.ID || page.Total != 2 {
			t.Errorf("the second page: %+v, %v", page, err)
		}

		made, err := w.ReportsMadeBy(w.ctx, w.seller.ID)
		must(t, err)
		if len(made) != 2 || made[0].Kind != app.ReportUser || *made[0].UserID != bea.ID || made[0].Reason != "Spam" ||
			made[1].Kind != app.ReportMessage || *made[1].MessageID != m.ID || made[1].Reason != "Rude" ||
			!made[0].Time.Before(made[1].Time) {
			t.Errorf("the seller's reports: %+v", made)
		}
		if made, err := w.ReportsMadeBy(w.ctx, bea.ID); err != nil || len(made) != 0 {
			t.Errorf("bea made no report, read %+v, %v", made, err)
		}
	})
	t.Run("ReviewByIDOnceSeen", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		b := w.handedOver(t, bea)
		byBuyer := w.review(b, true, 4)
		must(t, w.AddReview(w.ctx, byBuyer))
		_, err := w.ReviewByID(w.ctx, byBuyer.ID)
		wantKind(t, err, app.KindNotFound) // not seen until the seller writes theirs
		must(t, w.AddReview(w.ctx, w.review(b, false, 5)))
		got, err := w.ReviewByID(w.ctx, byBuyer.ID)
		must(t, err)
		if got.ID != byBuyer.ID || got.Rating != 4 || got.SubjectID != w.seller.ID || !got.ByBuyer {
			t.Errorf("ReviewByID = %+v, stored %+v", got, byBuyer)
		}
		must(t, w.ReportOther(w.ctx, app.ReportReview, byBuyer.ID, w.seller.ID, "Unfair"))
		if list, err := w.ReportedProducts(w.ctx, app.Page{Limit: 10}); err != nil || len(list.Items) != 1 ||
			list.Items[0].ReviewID == nil || *list.Items[0].ReviewID != byBuyer.ID || *list.Items[0].Rating != 4 {
			t.Errorf("the review's report: %+v, %v", list, err)
		}
		must(t, w.HideReview(w.ctx, byBuyer.ID, "Rude", nil))
		_, err = w.ReviewByID(w.ctx, byBuyer.ID)
		wantKind(t, err, app.KindNotFound)
		_, err = w.ReviewByID(w.ctx, 9999)
		wantKind(t, err, app.KindNotFound)
	})
}
