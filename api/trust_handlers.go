package api

import (
	"context"
	"net/http"

	"rehome/app"
)

// handoverCode shows the buyer the code of their booking.
func (s *Server) handoverCode(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	code, err := s.bookings.HandoverCode(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	// A code is the buyer's alone: no cache keeps it.
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, code)
	return nil
}

// handOver is the seller entering the buyer's code at the pickup.
func (s *Server) handOver(w http.ResponseWriter, r *http.Request) error {
	var in app.HandoverInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	return s.changeBooking(w, r, func(ctx context.Context, actor *app.User, id int64) (*app.Booking, error) {
		return s.bookings.HandOver(ctx, actor, id, in)
	})
}

func (s *Server) reviewSeller(w http.ResponseWriter, r *http.Request) error {
	return s.review(w, r, s.bookings.ReviewSeller)
}

func (s *Server) reviewBuyer(w http.ResponseWriter, r *http.Request) error {
	return s.review(w, r, s.bookings.ReviewBuyer)
}

func (s *Server) review(w http.ResponseWriter, r *http.Request,
	write func(context.Context, *app.User, int64, app.ReviewInput) (*app.Review, error)) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	var in app.ReviewInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	review, err := write(r.Context(), actor(r), id, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, review)
	return nil
}

func (s *Server) userReviews(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.profiles.Reviews(r.Context(), actor(r), id, page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

func (s *Server) hideReview(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	var in app.HideReviewInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.moderation.HideReview(r.Context(), actor(r), id, in); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) block(w http.ResponseWriter, r *http.Request) error {
	return s.blockChange(w, r, s.blocking.Block)
}

func (s *Server) unblock(w http.ResponseWriter, r *http.Request) error {
	return s.blockChange(w, r, s.blocking.Unblock)
}

func (s *Server) blockChange(w http.ResponseWriter, r *http.Request, change func(context.Context, *app.User, int64) error) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	if err := change(r.Context(), actor(r), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) blocks(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.blocking.Blocks(r.Context(), actor(r), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// suspendUser answers the account as the admins' lists show it.
func (s *Server) suspendUser(w http.ResponseWriter, r *http.Request) error {
	var in app.SuspendInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	return s.changeUser(w, r, "id", func(ctx context.Context, actor *app.User, id int64) (*app.User, error) {
		return s.moderation.SuspendUser(ctx, actor, id, in)
	})
}

func (s *Server) unsuspendUser(w http.ResponseWriter, r *http.Request) error {
	return s.changeUser(w, r, "id", s.moderation.UnsuspendUser)
}

// buyerNoShow is the seller saying the buyer did not come to the pickup.
func (s *Server) buyerNoShow(w http.ResponseWriter, r *http.Request) error {
	return s.changeBooking(w, r, s.bookings.BuyerNoShow)
}

// sellerNoShow is the buyer saying the seller did not come to the pickup.
func (s *Server) sellerNoShow(w http.ResponseWriter, r *http.Request) error {
	return s.changeBooking(w, r, s.bookings.SellerNoShow)
}

// answerNoShow is the person a no-show was counted against saying, once,
// what happened.
func (s *Server) answerNoShow(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "booking_id"))
	if err != nil {
		return err
	}
	var in app.NoShowAnswerInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	booking, err := s.bookings.AnswerNoShow(r.Context(), actor(r), id, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, booking)
	return nil
}

// removeNoShow is an admin taking a no-show back, with a reason.
func (s *Server) removeNoShow(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "booking_id"))
	if err != nil {
		return err
	}
	var in app.RemoveNoShowInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.bookings.RemoveNoShow(r.Context(), actor(r), id, in); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
