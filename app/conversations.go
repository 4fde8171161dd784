package app

import (
	"context"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"
)

// Messages a person may send: enough for any haggle over a sofa, too few
// to spam the marketplace.
const (
	MessagesPerMinute = 20
	MessagesPerDay    = 300
)

// Conversations are buyers and sellers writing to each other about a
// product or a booking, and proposing when to pick it up.
type Conversations struct {
	store    ConversationStore
	products ProductStore
	bookings *Bookings // the booking a conversation is about, and whose pickup it agrees
	notices  *Notices
	now      func() time.Time

	messagesPerMinute *AttemptLimiter
	messagesPerDay    *AttemptLimiter
}

// ConversationsDeps are what Conversations is built from.
type ConversationsDeps struct {
	Conversations ConversationStore
	Products      ProductStore
	Bookings      *Bookings
	Notices       *Notices
	Limits        RateLimits // how fast one person may write
}

func NewConversations(d ConversationsDeps) *Conversations {
	return &Conversations{store: d.Conversations, products: d.Products, bookings: d.Bookings, notices: d.Notices, now: utcNow,
		messagesPerMinute: newAttemptLimiter(d.Limits, "messages per minute", Limit{MessagesPerMinute, time.Minute}),
		messagesPerDay:    newAttemptLimiter(d.Limits, "messages per day", Limit{MessagesPerDay, 24 * time.Hour}),
	}
}

// MessageAboutProduct starts, or continues, the actor's conversation with
// the seller of a product.
func (s *Conversations) MessageAboutProduct(ctx context.Context, actor *User, productID int64, in MessageInput) (*Message, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	p, err := s.products.ProductByID(ctx, productID)
	if err != nil {
		return nil, err
	}
	if !CanMessageAbout(actor, p) {
		return nil, Errorf(KindForbidden, "You cannot message yourself")
	}
	return s.startConversation(ctx, actor, p, actor.ID, in)
}

// MessageAboutBooking writes to the other side of a booking, in the
// conversation between its buyer and seller about its product.
func (s *Conversations) MessageAboutBooking(ctx context.Context, actor *User, bookingID int64, in MessageInput) (*Message, error) {
	b, err := s.bookings.bookingFor(ctx, actor, bookingID, CanMessageAboutBooking)
	if err != nil {
		return nil, err
	}
	if b.ConversationID != nil {
		c, err := s.conversationFor(ctx, actor, *b.ConversationID)
		if err != nil {
			return nil, err
		}
		in.PickupAt = nil
		return s.sendIn(ctx, actor, c, in)
	}
	if b.ProductID == nil || b.BuyerID == 0 || b.SellerID == 0 {
		return nil, Errorf(KindConflict, "The product or the other account no longer exists, and there is no conversation about it")
	}
	p, err := s.products.ProductByID(ctx, *b.ProductID)
	if ErrorKind(err) == KindNotFound {
		return nil, Errorf(KindConflict, "The product no longer exists, and there is no conversation about it")
	} else if err != nil {
		return nil, err
	}
	return s.startConversation(ctx, actor, p, b.BuyerID, in)
}

// startConversation sends the actor's message in the conversation of
// buyerID about p, starting it when there is none.
func (s *Conversations) startConversation(ctx context.Context, actor *User, p *Product, buyerID int64, in MessageInput) (*Message, error) {
	in.PickupAt = nil // proposed only in a conversation, where the booking shows
	other := p.SellerID
	if actor.ID == p.SellerID {
		other = buyerID
	}
	if err := refuseBlocked(ctx, s.bookings.safety, actor.ID, other, blockedMessage); err != nil {
		return nil, err
	}
	if err := s.checkMessage(actor, &in, nil); err != nil {
		return nil, err
	}
	productID := p.ID
	c := &Conversation{
		ProductRef: p.ID, BuyerID: buyerID, SellerID: p.SellerID,
		Product: ConversationProduct{ID: &productID, Name: p.Name, Image: p.Image, ThumbURL: p.ThumbURL, Price: p.ResalePrice},
	}
	m := &Message{SenderID: actor.ID, Text: in.Text, Mine: true}
	if err := s.store.AddMessage(ctx, c, m); err != nil {
		return nil, err
	}
	s.messageSent(ctx, actor, c, m)
	return m, nil
}

// SendMessage writes in a conversation: a message, or a pickup time
// proposed while the buyer has an open booking.
func (s *Conversations) SendMessage(ctx context.Context, actor *User, conversationID int64, in MessageInput) (*Message, error) {
	c, err := s.conversationFor(ctx, actor, conversationID)
	if err != nil {
		return nil, err
	}
	return s.sendIn(ctx, actor, c, in)
}

// blockedMessage is the answer to a message between two people one of
// whom blocked the other: the same to both, so it does not say who did.
const blockedMessage = "You cannot message this person"

func (s *Conversations) sendIn(ctx context.Context, actor *User, c *Conversation, in MessageInput) (*Message, error) {
	other := c.SellerID
	if actor.ID == c.SellerID {
		other = c.BuyerID
	}
	if err := refuseBlocked(ctx, s.bookings.safety, actor.ID, other, blockedMessage); err != nil {
		return nil, err
	}
	if err := s.checkMessage(actor, &in, c); err != nil {
		return nil, err
	}
	m := &Message{SenderID: actor.ID, Text: in.Text, PickupAt: in.PickupAt, Mine: true}
	if err := s.store.AddMessageTo(ctx, c.ID, m); err != nil {
		return nil, err
	}
	s.messageSent(ctx, actor, c, m)
	return m, nil
}

// checkMessage validates a message and counts it against the sender's
// limits; in a conversation c, a pickup time needs an open booking.
func (s *Conversations) checkMessage(actor *User, in *MessageInput, c *Conversation) error {
	now := s.now()
	v := &Validator{}
	in.Validate(v, now)
	if err := v.Err(); err != nil {
		return err
	}
	if in.PickupAt != nil && (c == nil || !c.Booking.Open()) {
		return Errorf(KindConflict, "A pickup time can be proposed only while the buyer has an open booking")
	}
	key := strconv.FormatInt(actor.ID, 10)
	for _, l := range []*AttemptLimiter{s.messagesPerMinute, s.messagesPerDay} {
		if wait := l.RetryAfter(key, now); wait > 0 {
			return rateLimited("You are sending messages too fast. Try again later.", wait)
		}
	}
	s.messagesPerMinute.Record(key, now)
	s.messagesPerDay.Record(key, now)
	return nil
}

// messageSent tells the recipient (on their phone too) and the sender's
// other tabs.
func (s *Conversations) messageSent(ctx context.Context, sender *User, c *Conversation, m *Message) {
	recipient := c.OtherID(sender.ID)
	data := MessageEventData{ConversationID: c.ID, MessageID: m.ID}
	told := NewEvent(recipient, data)
	kind := PushMessage
	if recipient == c.BuyerID {
		kind = PushReply
	}
	body, vars := messagePreview(sender, m)
	told.Push = &PushNote{Kind: kind, Title: "New message about {product}", Body: body, Vars: append(vars, "product", c.Product.Name),
		Link: Link{Screen: ScreenConversation, ID: c.ID}, Tag: fmt.Sprintf("conversation-%d", c.ID)}
	events := []Event{told, NewEvent(sender.ID, data)}
	events = append(events, s.unreadEvents(ctx, recipient)...)
	s.notices.notify(events...)
}

// unreadEvents tell userID their new count of unread messages. A count
// that cannot be read now is left out: the message is stored, and the app
// counts again when it next loads.
func (s *Conversations) unreadEvents(ctx context.Context, userID int64) []Event {
	unread, err := s.store.Unread(ctx, userID)
	if err != nil {
		return nil
	}
	return []Event{NewEvent(userID, UnreadEventData{Unread: unread})}
}

// messagePreview is the sender's name and the start of the message.
func messagePreview(sender *User, m *Message) (string, []string) {
	text := m.Text
	if utf8.RuneCountInString(text) > 100 {
		text = string([]rune(text)[:100]) + "…"
	}
	vars := []string{"sender", sender.Name, "text", text}
	if text == "" && m.PickupAt != nil {
		return "{sender} proposes a pickup time", vars
	}
	return "{sender}: {text}", vars
}

// Conversations lists the actor's conversations, newest activity first.
func (s *Conversations) Conversations(ctx context.Context, actor *User, page Page) (List[Conversation], error) {
	if err := RequireUser(actor); err != nil {
		return List[Conversation]{}, err
	}
	return s.store.Conversations(ctx, actor.ID, page.Clamp())
}

// Conversation shows one conversation to one of its two people.
func (s *Conversations) Conversation(ctx context.Context, actor *User, id int64) (*Conversation, error) {
	return s.conversationFor(ctx, actor, id)
}

// Unread is what the top bar's badge counts.
type Unread struct {
	Unread   int `json:"unread"`   // messages to the person not read yet
	Bookings int `json:"bookings"` // open bookings of theirs they have not seen in My Buyers
}

// Unread counts the messages to the actor not read yet, and the bookings
// new to them as a seller.
func (s *Conversations) Unread(ctx context.Context, actor *User) (Unread, error) {
	if err := RequireUser(actor); err != nil {
		return Unread{}, err
	}
	unread, err := s.store.Unread(ctx, actor.ID)
	if err != nil {
		return Unread{}, err
	}
	bookings, err := s.bookings.newBookings(ctx, actor.ID)
	return Unread{Unread: unread, Bookings: bookings}, err
}

// Messages reads a page of a conversation. Reading changes nothing: a
// GET may be repeated, prefetched or replayed from a cache, so marking read
// is MarkConversationRead's, asked for when the thread is on screen.
func (s *Conversations) Messages(ctx context.Context, actor *User, conversationID int64, page MessagePage) (List[Message], error) {
	c, err := s.conversationFor(ctx, actor, conversationID)
	if err != nil {
		return List[Message]{}, err
	}
	page = page.Clamp()
	list, err := s.store.Messages(ctx, c.ID, page.Before, page.Limit)
	if err != nil {
		return List[Message]{}, err
	}
	for i := range list.Items {
		list.Items[i].Mine = list.Items[i].SenderID == actor.ID
	}
	return list, nil
}

// MarkConversationRead marks every message to the actor in a conversation
// read and answers the actor's unread count after; when that changed it, the
// actor's open streams hear the new count.
func (s *Conversations) MarkConversationRead(ctx context.Context, actor *User, conversationID int64) (int, error) {
	c, err := s.conversationFor(ctx, actor, conversationID)
	if err != nil {
		return 0, err
	}
	changed, err := s.store.MarkRead(ctx, c.ID, actor.ID)
	if err != nil {
		return 0, err
	}
	unread, err := s.store.Unread(ctx, actor.ID)
	if err != nil {
		return 0, err
	}
	if changed {
		s.notices.notify(NewEvent(actor.ID, UnreadEventData{Unread: unread}))
	}
	return unread, nil
}

// pickupToAnswer loads a pickup time proposed in a conversation that actor
// may answer as may allows, and that can still be answered. An answer is
// a word to the other side: once either blocked the other, it is refused
// as a message is, whichever proposed first.
func (s *Conversations) pickupToAnswer(ctx context.Context, actor *User, conversationID, messageID int64,
	may func(*User, *Conversation, *Message) bool) (*Conversation, *Message, error) {
	c, err := s.conversationFor(ctx, actor, conversationID)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.store.MessageByID(ctx, c.ID, messageID)
	if err != nil {
		return nil, nil, err
	}
	if err := Allow(actor, may(actor, c, m)); err != nil {
		return nil, nil, err
	}
	if err := refuseBlocked(ctx, s.bookings.safety, actor.ID, c.OtherID(actor.ID), blockedMessage); err != nil {
		return nil, nil, err
	}
	if err := s.checkAnswerable(m); err != nil {
		return nil, nil, err
	}
	return c, m, nil
}

// AcceptPickup agrees to a pickup time the other side proposed: it
// becomes the pickup time of the buyer's open booking.
func (s *Conversations) AcceptPickup(ctx context.Context, actor *User, conversationID, messageID int64) (*Message, error) {
	c, m, err := s.pickupToAnswer(ctx, actor, conversationID, messageID, CanAcceptPickup)
	if err != nil {
		return nil, err
	}
	b, err := s.store.AcceptPickup(ctx, c.ID, m.ID)
	if err != nil {
		return nil, err
	}
	m.Accepted = true
	s.pickupAnswered(c, m)
	s.bookings.bookingChanged(b, nil)
	return m, nil
}

// DeclinePickup turns down a pickup time the other side proposed; the
// booking keeps the time it had. Answering with another time is a new
// proposal, which supersedes this one without declining it.
func (s *Conversations) DeclinePickup(ctx context.Context, actor *User, conversationID, messageID int64) (*Message, error) {
	c, m, err := s.pickupToAnswer(ctx, actor, conversationID, messageID, CanDeclinePickup)
	if err != nil {
		return nil, err
	}
	if err := s.store.DeclinePickup(ctx, c.ID, m.ID); err != nil {
		return nil, err
	}
	m.Declined = true
	s.pickupAnswered(c, m)
	return m, nil
}

func (s *Conversations) checkAnswerable(m *Message) error {
	if err := m.Answerable(); err != nil {
		return err
	}
	if !m.PickupAt.After(s.now()) {
		return Errorf(KindConflict, "This pickup time has passed")
	}
	return nil
}

// pickupAnswered tells both sides' open screens the proposal changed.
func (s *Conversations) pickupAnswered(c *Conversation, m *Message) {
	data := MessageEventData{ConversationID: c.ID, MessageID: m.ID}
	s.notices.notify(NewEvent(c.BuyerID, data), NewEvent(c.SellerID, data))
}

// conversationFor loads a conversation the actor is one of the two people of.
func (s *Conversations) conversationFor(ctx context.Context, actor *User, id int64) (*Conversation, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	c, err := s.store.ConversationByID(ctx, id, actor.ID)
	if err != nil {
		return nil, err
	}
	if err := Allow(actor, CanReadConversation(actor, c)); err != nil {
		return nil, err
	}
	return c, nil
}

// exportConversations reads every conversation of userID with all of its
// messages, as they would read it, without marking anything read.
func (s *Conversations) exportConversations(ctx context.Context, userID int64) ([]ConversationExport, error) {
	conversations, err := allPages(ctx, userID, s.store.Conversations)
	if err != nil {
		return nil, err
	}
	all := make([]ConversationExport, 0, len(conversations))
	for _, c := range conversations {
		var messages []Message
		for before := int64(0); ; {
			page, err := s.store.Messages(ctx, c.ID, before, MaxMessageLimit)
			if err != nil {
				return nil, err
			}
			messages = append(page.Items, messages...)
			if len(page.Items) == 0 || len(messages) >= page.Total {
				break
			}
			before = page.Items[0].ID
		}
		for i := range messages {
			messages[i].Mine = messages[i].SenderID == userID
		}
		all = append(all, ConversationExport{Conversation: c, Messages: messages})
	}
	return all, nil
}
