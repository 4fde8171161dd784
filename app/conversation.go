package app

import (
	"context"
	"time"
)

// ConversationRole is a person's side of a conversation: the buyer asks
// about a product, the seller answers.
type ConversationRole string

const (
	AsBuyer  ConversationRole = "buyer"
	AsSeller ConversationRole = "seller"
)

// Conversation is what one buyer and the seller of one product said about
// it, as one of them sees it. The product is a snapshot, so the
// conversation outlives the product (Product.ID is null then); it goes
// with either person's account.
type Conversation struct {
	ID          int64                `json:"id"`
	Role        ConversationRole     `json:"role"`
	Product     ConversationProduct  `json:"product"`
	Other       ConversationPerson   `json:"other"`
	Booking     *ConversationBooking `json:"booking"` // the buyer's newest booking of the product
	LastMessage *Message             `json:"last_message"`
	Unread      int                  `json:"unread"` // messages to the viewer not read yet
	Updated     time.Time            `json:"updated"`
	// ProductRef is the product's ID, kept after it is deleted.
	ProductRef int64 `json:"-"`
	BuyerID    int64 `json:"-"`
	SellerID   int64 `json:"-"`
}

// ConversationProduct is what the product was at the last message while
// it existed.
type ConversationProduct struct {
	ID       *int64 `json:"id"`
	Name     string `json:"name"`
	Image    string `json:"image"`
	ThumbURL string `json:"thumb_url"`
	Price    Cents  `json:"price"`
}

// ConversationPerson is the other side, as they appear in their profile.
type ConversationPerson struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Image string `json:"image"`
}

// ConversationBooking is the buyer's newest booking of the product.
type ConversationBooking struct {
	ID       int64         `json:"id"`
	Status   BookingStatus `json:"status"`
	PickupAt *time.Time    `json:"pickup_at"`
}

// Open reports whether a pickup time may be agreed for the booking.
func (b *ConversationBooking) Open() bool {
	return b != nil && (b.Status == BookingBooked || b.Status == BookingPaid)
}

// OtherID is the person in c who is not userID.
func (c *Conversation) OtherID(userID int64) int64 {
	if userID == c.BuyerID {
		return c.SellerID
	}
	return c.BuyerID
}

// ConversationStore keeps conversations and their messages. Conversations
// are read as viewerID sees them.
type ConversationStore interface {
	// AddMessage stores m in the conversation c names by its product and
	// buyer, in one transaction: it starts the conversation with c's
	// snapshot when there is none yet and refreshes the snapshot otherwise
	// (an upsert on the unique index conversations_once, so two first
	// messages racing share one conversation). It sets c.ID and m's ID,
	// ConversationID and Created. A party removed meanwhile is a conflict.
	AddMessage(ctx context.Context, c *Conversation, m *Message) error
	// AddMessageTo stores m in an existing conversation and makes it the
	// conversation's last, in one transaction; a conversation removed
	// meanwhile is a conflict.
	AddMessageTo(ctx context.Context, conversationID int64, m *Message) error
	// ConversationByID finds a conversation as viewerID sees it; an
	// unknown one is not found.
	ConversationByID(ctx context.Context, id, viewerID int64) (*Conversation, error)
	// Conversations lists viewerID's conversations, newest activity first.
	Conversations(ctx context.Context, viewerID int64, page Page) (List[Conversation], error)
	// Messages are the newest limit messages of a conversation before the
	// message before (0: the newest overall), oldest first, and how many
	// the conversation holds in all: the ID of the first is the cursor of
	// the page before.
	Messages(ctx context.Context, conversationID, before int64, limit int) (List[Message], error)
	// ConversationOfMessage finds the conversation a message is in; an
	// unknown message is not found.
	ConversationOfMessage(ctx context.Context, messageID int64) (int64, error)
	// MessageByID finds a message of a conversation; one of another
	// conversation, or none, is not found.
	MessageByID(ctx context.Context, conversationID, id int64) (*Message, error)
	// MarkRead moves readerID's read mark to the conversation's last
	// message, in one update on condition a message to them lies above the
	// mark; changed is false when none did (so of racing calls at most one
	// reports a change).
	MarkRead(ctx context.Context, conversationID, readerID int64) (changed bool, err error)
	// Unread counts the messages to userID not read yet, in all their
	// conversations.
	Unread(ctx context.Context, userID int64) (int, error)
	// AcceptPickup marks a proposal accepted and sets its time as the
	// pickup time of the buyer's open or paid booking of the product, in
	// one transaction, and returns the booking. The message is marked on
	// condition it is still unanswered, so of an accept racing another
	// answer exactly one wins and the other is a conflict. A message that
	// is not a proposal, is answered or superseded, or whose buyer has no
	// open booking, is a conflict; an unknown one not found.
	AcceptPickup(ctx context.Context, conversationID, messageID int64) (*Booking, error)
	// DeclinePickup marks a proposal declined, with the checks and the
	// condition of AcceptPickup.
	DeclinePickup(ctx context.Context, conversationID, messageID int64) error
}
