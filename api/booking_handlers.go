package api

import (
	"context"
	"net/http"

	"rehome/app"
)

func (s *Server) book(w http.ResponseWriter, r *http.Request) error {
	var in app.BookingInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	booking, err := s.bookings.Book(r.Context(), actor(r), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, booking)
	return nil
}

// buyerBookings lists the bookings of ?email=, the signed-in user's by default.
func (s *Server) buyerBookings(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	email := r.URL.Query().Get("email")
	if email == "" && actor(r) != nil {
		email = actor(r).Email
	}
	list, err := s.bookings.BuyerBookings(r.Context(), actor(r), email, page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

func (s *Server) sellerBookings(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.bookings.SellerBookings(r.Context(), actor(r), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// seeBookings records the newest booking My Buyers showed the seller.
func (s *Server) seeBookings(w http.ResponseWriter, r *http.Request) error {
	var in app.SeenInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.bookings.SeeBookings(r.Context(), actor(r), in); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) booking(w http.ResponseWriter, r *http.Request) error {
	return s.changeBooking(w, r, s.bookings.Booking)
}

func (s *Server) cancelBooking(w http.ResponseWriter, r *http.Request) error {
	return s.changeBooking(w, r, s.bookings.CancelBooking)
}

func (s *Server) confirmPayment(w http.ResponseWriter, r *http.Request) error {
	return s.changeBooking(w, r, s.bookings.ConfirmPayment)
}

// declineBooking is the seller's no, with an optional JSON body giving the
// reason.
func (s *Server) declineBooking(w http.ResponseWriter, r *http.Request) error {
	var in app.DeclineInput
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	return s.changeBooking(w, r, func(ctx context.Context, actor *app.User, id int64) (*app.Booking, error) {
		return s.bookings.DeclineBooking(ctx, actor, id, in)
	})
}

// changeBooking answers with the booking that change (or a look-up) returns.
func (s *Server) changeBooking(w http.ResponseWriter, r *http.Request, change bookingChange) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	booking, err := change(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, booking)
	return nil
}
