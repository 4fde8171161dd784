package app

// Events tell people, as it happens, that something of theirs changed: an
// open tab hears them over GET /api/events, and a phone is told by Web Push
// when an event carries a Push note of a kind its owner left on. They are
// sent after the write they announce has committed, never before: a tab
// that reloads on one must find the change.

// EventType names an event on the stream; the web app refreshes what the
// type says changed.
type EventType string

const (
	// EventMessage: a new message in one of the person's conversations, or
	// a pickup time proposed or accepted there. Data: MessageEventData.
	EventMessage EventType = "message"
	// EventBooking: a booking changed on one of the person's products or
	// orders (made, cancelled, declined, paid, a pickup time set). Data:
	// BookingEventData.
	EventBooking EventType = "booking"
	// EventUnread: the person's count of unread messages changed. Data:
	// UnreadEventData.
	EventUnread EventType = "unread"
)

// EventData is what an event says; each type of event has its own. Its
// JSON (the field tags) is what a stream and a phone receive, encoded
// where the event leaves the server.
type EventData interface {
	EventType() EventType
}

// MessageEventData is the data of an EventMessage.
type MessageEventData struct {
	ConversationID int64 `json:"conversation_id"`
	MessageID      int64 `json:"message_id"`
}

// BookingEventData is the data of an EventBooking.
type BookingEventData struct {
	BookingID int64  `json:"booking_id"`
	ProductID *int64 `json:"product_id"`
}

// UnreadEventData is the data of an EventUnread.
type UnreadEventData struct {
	Unread int `json:"unread"`
}

func (MessageEventData) EventType() EventType { return EventMessage }
func (BookingEventData) EventType() EventType { return EventBooking }
func (UnreadEventData) EventType() EventType  { return EventUnread }

// Event is one thing one person is told.
type Event struct {
	UserID int64
	Type   EventType
	Data   EventData // nil: the type says it all
	Push   *PushNote // nil: no notification on the phone
}

// NewEvent makes an event of data's type for userID.
func NewEvent(userID int64, data EventData) Event {
	return Event{UserID: userID, Type: data.EventType(), Data: data}
}

// PushKind is a kind of phone notification; each person may turn each off.
type PushKind string

const (
	PushMessage  PushKind = "message"  // a new message to the seller
	PushReply    PushKind = "reply"    // a message to the buyer
	PushBooking  PushKind = "booking"  // a new booking on the seller's product
	PushDeclined PushKind = "declined" // the buyer's booking was declined
	PushPayment  PushKind = "payment"  // the seller received a payment
	PushReminder PushKind = "reminder" // an agreed pickup time is near
)

// PushKinds are every kind, in the order the profile lists them.
var PushKinds = []PushKind{PushMessage, PushReply, PushBooking, PushDeclined, PushPayment, PushReminder}

// PushNote is what the phone shows: a tap opens Link, and a later note
// with the same tag replaces an earlier one.
//
// Title and Body are written in English with {placeholders}, and Vars
// (pairs of a name and its value) fill them; Notices writes them in the
// person's language before they leave (see speak.go).
type PushNote struct {
	Kind  PushKind
	Title string
	Body  string
	Vars  []string
	Link  Link
	Tag   string
}

// Notifier delivers events: to the open streams of each event's person,
// and its push note to their phones. Notify never blocks on a slow client
// or push service.
type Notifier interface {
	Notify(events ...Event)
}
