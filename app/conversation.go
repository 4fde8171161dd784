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
	// buyer, starting it with c's snapshot when there is none yet (and
	// refreshing the snapshot otherwise); it sets c.ID and m's ID,
	// ConversationID and Created.
	AddMessage(ctx context.Context, c *Conversation, m *Message) error
	// AddMessageTo stores m in an existing conversation.
	AddMessageTo(ctx context.Context, conversationID int64, m *Message) error
	ConversationByID(ctx context.Context, id, viewerID int64) (*Conversation, error)
	// Conversations lists viewerID's conversations, newest activity first.
	Conversations(ctx context.Context, viewerID int64, page Page) (List[Conversation], error)
	// Messages are the newest limit messages of a conversation before the
	// message before (0: the newest overall), oldest first, and how many
	// the conversation holds in all.
	Messages(ctx context.Context, conversationID, before int64, limit int) (List[Message], error)
	MessageByID(ctx context.Context, conversationID, id int64) (*Message, error)
	// MarkRead marks every message to readerID in the conversation read;
	// changed is false when none was unread.
	MarkRead(ctx context.Context, conversationID, readerID int64) (changed bool, err error)
	// Unread counts the messages to userID not read yet, in all their
	// conversations.
	Unread(ctx context.Context, userID int64) (int, error)
	// AcceptPickup marks a proposal accepted and sets its time as the
	// pickup time of the buyer's open booking of the product, in one
	// transaction: a conflict when it is accepted already, is not a
	// proposal, or there is no open booking. It returns the booking.
	AcceptPickup(ctx context.Context, conversationID, messageID int64) (*Booking, error)
	// DeclinePickup marks a proposal declined, in one transaction with
	// the same checks of the proposal as AcceptPickup's.
	DeclinePickup(ctx context.Context, conversationID, messageID int64) error
}
