package api

import (
	"context"
	"net/http"
	"strconv"

	"rehome/app"
)

// messageAboutProduct is a buyer's question to the seller of a product.
func (s *Server) messageAboutProduct(w http.ResponseWriter, r *http.Request) error {
	return s.sendMessage(w, r, s.conversations.MessageAboutProduct)
}

// messageAboutBooking writes to the other side of a booking.
func (s *Server) messageAboutBooking(w http.ResponseWriter, r *http.Request) error {
	return s.sendMessage(w, r, s.conversations.MessageAboutBooking)
}

func (s *Server) messageInConversation(w http.ResponseWriter, r *http.Request) error {
	return s.sendMessage(w, r, s.conversations.SendMessage)
}

type messageSend func(ctx context.Context, actor *app.User, id int64, in app.MessageInput) (*app.Message, error)

// sendMessage answers 201 with the message send stored about the {id} of
// the path.
func (s *Server) sendMessage(w http.ResponseWriter, r *http.Request, send messageSend) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	var in app.MessageInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	m, err := send(r.Context(), actor(r), id, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, m)
	return nil
}

func (s *Server) listConversations(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.conversations.Conversations(r.Context(), actor(r), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

type unreadReply struct {
	Unread int `json:"unread"`
}

// unread answers the top bar's badge: unread messages, and new bookings.
func (s *Server) unread(w http.ResponseWriter, r *http.Request) error {
	counts, err := s.conversations.Unread(r.Context(), actor(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, counts)
	return nil
}

func (s *Server) conversation(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	c, err := s.conversations.Conversation(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

// conversationMessages answers a page of messages, oldest first: the
// newest ?limit before the message ?before.
func (s *Server) conversationMessages(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	page, err := messagePageOf(r)
	if err != nil {
		return err
	}
	list, err := s.conversations.Messages(r.Context(), actor(r), id, page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// markConversationRead marks the messages the other side sent read for the
// caller, and answers the caller's unread count after.
func (s *Server) markConversationRead(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	n, err := s.conversations.MarkConversationRead(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, unreadReply{Unread: n})
	return nil
}

func (s *Server) acceptPickup(w http.ResponseWriter, r *http.Request) error {
	return s.answerPickup(w, r, s.conversations.AcceptPickup)
}

func (s *Server) declinePickup(w http.ResponseWriter, r *http.Request) error {
	return s.answerPickup(w, r, s.conversations.DeclinePickup)
}

func (s *Server) answerPickup(w http.ResponseWriter, r *http.Request,
	answer func(ctx context.Context, actor *app.User, conversationID, messageID int64) (*app.Message, error)) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	messageID, err := idParam(pathParam(r, "messageId"))
	if err != nil {
		return err
	}
	m, err := answer(r.Context(), actor(r), id, messageID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, m)
	return nil
}

// messagePageOf reads ?limit as the other lists do, and ?before, the ID
// of the oldest message the client already has.
func messagePageOf(r *http.Request) (app.MessagePage, error) {
	page, err := pageUpTo(r, app.MaxMessageLimit)
	if err != nil {
		return app.MessagePage{}, err
	}
	var before int64
	if raw := r.URL.Query().Get("before"); raw != "" {
		before, err = strconv.ParseInt(raw, 10, 64)
		if err != nil || before < 0 {
			return app.MessagePage{}, &app.Error{Kind: app.KindMalformed, Message: "before must be a whole number of at least 0",
				Fields: map[string]string{"before": "Must be a whole number of at least 0"}}
		}
	}
	return app.MessagePage{Before: before, Limit: page.Limit}, nil
}
