package api

import (
	"context"
	"net/http"

	"rehome/app"
)

func (s *Server) book(w http.ResponseWriter, r *http.Request) {
	var in app.BookingInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	booking, err := s.bookings.Book(r.Context(), actor(r), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, booking)
}

// buyerBookings lists the bookings of ?email=, the signed-in user's by default.
func (s *Server) buyerBookings(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	email := r.URL.Query().Get("email")
	if email == "" && actor(r) != nil {
		email = actor(r).Email
	}
	list, err := s.bookings.BuyerBookings(r.Context(), actor(r), email, page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) sellerBookings(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.bookings.SellerBookings(r.Context(), actor(r), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// seeBookings records the newest booking My Buyers showed the seller.
func (s *Server) seeBookings(w http.ResponseWriter, r *http.Request) {
	var in app.SeenInput
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.bookings.SeeBookings(r.Context(), actor(r), in); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) booking(w http.ResponseWriter, r *http.Request) {
	s.changeBooking(w, r, s.bookings.Booking)
}

func (s *Server) cancelBooking(w http.ResponseWriter, r *http.Request) {
	s.changeBooking(w, r, s.bookings.CancelBooking)
}

func (s *Server) confirmPayment(w http.ResponseWriter, r *http.Request) {
	s.changeBooking(w, r, s.bookings.ConfirmPayment)
}

// declineBooking is the seller's no, with an optional JSON body giving the
// reason.
func (s *Server) declineBooking(w http.ResponseWriter, r *http.Request) {
	var in app.DeclineInput
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	s.changeBooking(w, r, func(ctx context.Context, actor *app.User, id int64) (*app.Booking, error) {
		return s.bookings.DeclineBooking(ctx, actor, id, in)
	})
}

// changeBooking answers with the booking that change (or a look-up) returns.
func (s *Server) changeBooking(w http.ResponseWriter, r *http.Request, change bookingChange) {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	booking, err := change(r.Context(), actor(r), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, booking)
}
