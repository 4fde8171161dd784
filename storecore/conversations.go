package storecore

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"slices"

	"rehome/app"
)

// Where the database locks rows, every write to a conversation's messages
// (a new message, an answer to a proposal) first takes the conversation's
// row (HoldConversation), so those writes run one after another: message
// IDs grow in the order messages commit, the last message is always the
// newest, and an answer reads its proposal (answered yet? superseded?)
// with no other write of the conversation under way. SQLite's one writer
// runs them one after another anyway.

// conversationColumns and conversationJoins read a conversation as the viewer ?1 sees it: the
// other person, the buyer's newest booking of the product, the last
// message and the messages to the viewer above their read mark.
const (
	conversationColumns = `SELECT c.id, c.product_ref, c.product_id, c.buyer_id, c.seller_id,
	c.product, c.image, c.thumb_url, c.price, c.updated,
	u.id, u.name, u.image,
	b.id, b.status, b.pickup_at,
	m.id, m.conversation_id, m.sender_id, m.text, m.pickup_at, m.accepted, m.declined, m.created,
	(SELECT count(*) FROM messages x WHERE x.conversation_id = c.id AND x.sender_id <> ?1
		AND x.id > CASE WHEN c.buyer_id = ?1 THEN c.buyer_read ELSE c.seller_read END)`
	conversationJoins = `
JOIN users u ON u.id = CASE WHEN c.buyer_id = ?1 THEN c.seller_id ELSE c.buyer_id END
LEFT JOIN messages m ON m.id = c.last_message_id
LEFT JOIN bookings b ON b.id = (SELECT max(id) FROM bookings WHERE product_ref = c.product_ref AND buyer_id = c.buyer_id)`
)

// A person's conversations on either side, newest activity first, through
// conversations_of_buyer and conversations_of_seller; see
// TestListQueriesUseIndexes.
const (
	ConversationQuery  = conversationColumns + ` FROM conversations c` + conversationJoins + ` WHERE c.id = ?2`
	ConversationsCount = `SELECT (SELECT count(*) FROM conversations WHERE buyer_id = ?1)
		+ (SELECT count(*) FROM conversations WHERE seller_id = ?1)`
	// The page's IDs come first, in order, and the rest is joined to them,
	// so that the planner of either database keeps their order.
	ConversationsPage = conversationColumns + ` FROM (
			SELECT id, updated FROM conversations WHERE buyer_id = ?1
			UNION ALL
			SELECT id, updated FROM conversations WHERE seller_id = ?1
			ORDER BY 2 DESC, 1 DESC LIMIT ?2 + 0 OFFSET ?3 + 0) page
		JOIN conversations c ON c.id = page.id` + conversationJoins + `
		ORDER BY page.updated DESC, page.id DESC`
	// A proposal is superseded once a newer one follows it.
	messageColumns = `id, conversation_id, sender_id, text, pickup_at, accepted, declined,
		EXISTS (SELECT 1 FROM messages n WHERE n.conversation_id = messages.conversation_id
			AND n.id > messages.id AND n.pickup_at IS NOT NULL), created`
	MessagesCount = `SELECT count(*) FROM messages WHERE conversation_id = ?`
	MessagesPage  = `SELECT ` + messageColumns + ` FROM messages WHERE conversation_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3`
	MessageQuery  = `SELECT ` + messageColumns + ` FROM messages WHERE id = ? AND conversation_id = ?`
	// UnreadQuery counts the messages to ?1 above their mark, on each side.
	UnreadQuery = `SELECT
		(SELECT count(*) FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.id > c.buyer_read
			WHERE c.buyer_id = ?1 AND m.sender_id <> ?1)
		+ (SELECT count(*) FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.id > c.seller_read
			WHERE c.seller_id = ?1 AND m.sender_id <> ?1)`
)

func scanConversation(r Row, viewerID int64) (app.Conversation, error) {
	var c app.Conversation
	var productID, bookingID, bookingPickup, messageID, messageConversation, messageSender, messagePickup, messageCreated sql.NullInt64
	var bookingStatus, messageText sql.NullString
	var messageAccepted, messageDeclined sql.NullBool
	var price, updated int64
	err := r.Scan(&c.ID, &c.ProductRef, &productID, &c.BuyerID, &c.SellerID,
		&c.Product.Name, &c.Product.Image, &c.Product.ThumbURL, &price, &updated,
		&c.Other.ID, &c.Other.Name, &c.Other.Image,
		&bookingID, &bookingStatus, &bookingPickup,
		&messageID, &messageConversation, &messageSender, &messageText, &messagePickup, &messageAccepted, &messageDeclined, &messageCreated,
		&c.Unread)
	if err != nil {
		return c, err
	}
	c.Product.ID = NullID(productID)
	c.Product.Price = app.Cents(price)
	c.Updated = FromMillis(updated)
	c.Role = app.AsSeller
	if viewerID == c.BuyerID {
		c.Role = app.AsBuyer
	}
	if bookingID.Valid {
		c.Booking = &app.ConversationBooking{ID: bookingID.Int64, Status: app.BookingStatus(bookingStatus.String), PickupAt: NullTime(bookingPickup)}
	}
	if messageID.Valid {
		// The join found the message, so its NOT NULL columns are all there.
		c.LastMessage = &app.Message{ID: messageID.Int64, ConversationID: messageConversation.Int64, SenderID: messageSender.Int64,
			Mine: messageSender.Int64 == viewerID, Text: messageText.String, PickupAt: NullTime(messagePickup),
			Accepted: messageAccepted.Bool, Declined: messageDeclined.Bool, Created: FromMillis(messageCreated.Int64)}
	}
	return c, nil
}

func scanMessage(r Row) (app.Message, error) {
	var m app.Message
	var pickup sql.NullInt64
	var created int64
	err := r.Scan(&m.ID, &m.ConversationID, &m.SenderID, &m.Text, &pickup, &m.Accepted, &m.Declined, &m.Superseded, &created)
	m.PickupAt = NullTime(pickup)
	m.Created = FromMillis(created)
	return m, err
}

// AddMessage starts the conversation of c's product and buyer, or
// continues it with c's snapshot of the product, and adds m. Under
// PostgreSQL the upsert on conversations_once holds the conversation's row
// (a racing first message waits on the index entry, then updates the row
// this one inserted) until the message is in.
func (s *Store) AddMessage(ctx context.Context, c *app.Conversation, m *app.Message) error {
	now := s.now()
	return s.inTx(ctx, func(tx Querier) error {
		p := c.Product
		err := tx.QueryRow(ctx, `
			INSERT INTO conversations (product_ref, product_id, buyer_id, seller_id, product, image, thumb_url, price, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (product_ref, buyer_id) DO UPDATE SET
				product = excluded.product, image = excluded.image, thumb_url = excluded.thumb_url, price = excluded.price
			RETURNING id`,
			c.ProductRef, p.ID, c.BuyerID, c.SellerID, p.Name, p.Image, p.ThumbURL, int64(p.Price), now).Scan(&c.ID)
		if err != nil {
			return s.d.ReferenceGone(err)
		}
		return s.addMessage(ctx, tx, c.ID, m, now)
	})
}

// AddMessageTo adds m to a conversation that exists, holding the
// conversation's row first (see the top of this file).
func (s *Store) AddMessageTo(ctx context.Context, conversationID int64, m *app.Message) error {
	now := s.now()
	return s.inTx(ctx, func(tx Querier) error {
		if err := HoldConversation(ctx, s.d, tx, conversationID); errors.Is(err, sql.ErrNoRows) {
			return app.Errorf(app.KindConflict, "Something this refers to was just removed. Reload and try again.")
		} else if err != nil {
			return err
		}
		return s.addMessage(ctx, tx, conversationID, m, now)
	})
}

// HoldConversation holds a conversation's row for the rest of the
// transaction, where the database locks rows; sql.ErrNoRows tells that
// there is none. Without row locks it reads nothing: what follows finds a
// conversation gone by itself.
func HoldConversation(ctx context.Context, d Dialect, tx Querier, id int64) error {
	if d.ForNoKeyUpdate == "" {
		return nil
	}
	var held int64
	return tx.QueryRow(ctx, `SELECT id FROM conversations WHERE id = ?`+d.ForNoKeyUpdate, id).Scan(&held)
}

// addMessage stores m in a conversation whose row tx holds.
func (s *Store) addMessage(ctx context.Context, tx Querier, conversationID int64, m *app.Message, now int64) error {
	var pickup *int64
	if m.PickupAt != nil {
		ms := m.PickupAt.UnixMilli()
		pickup = &ms
	}
	err := tx.QueryRow(ctx, `INSERT INTO messages (conversation_id, sender_id, text, pickup_at, created)
		VALUES (?, ?, ?, ?, ?) RETURNING id`, conversationID, m.SenderID, m.Text, pickup, now).Scan(&m.ID)
	if err != nil {
		return s.d.ReferenceGone(err)
	}
	m.ConversationID, m.Created = conversationID, FromMillis(now)
	_, err = tx.Exec(ctx, `UPDATE conversations SET last_message_id = ?, updated = ? WHERE id = ?`, m.ID, now, conversationID)
	return err
}

func (s *Store) ConversationByID(ctx context.Context, id, viewerID int64) (*app.Conversation, error) {
	c, err := scanConversation(s.read.QueryRow(ctx, ConversationQuery, viewerID, id), viewerID)
	if err != nil {
		return nil, NotFound(err, "Conversation")
	}
	return &c, nil
}

// Conversations reads a page of a person's conversations in one snapshot.
func (s *Store) Conversations(ctx context.Context, viewerID int64, page app.Page) (app.List[app.Conversation], error) {
	return list(ctx, s, page, ConversationsCount, ConversationsPage, []any{viewerID},
		func(r Row) (app.Conversation, error) { return scanConversation(r, viewerID) })
}

// Messages reads a page of a conversation, newest first from the database
// and handed back oldest first, as a chat shows them, in one snapshot.
func (s *Store) Messages(ctx context.Context, conversationID, before int64, limit int) (app.List[app.Message], error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	var l app.List[app.Message]
	err := s.run.ReadTx(ctx, func(tx Querier) error {
		l = app.List[app.Message]{Items: []app.Message{}}
		if err := tx.QueryRow(ctx, MessagesCount, conversationID).Scan(&l.Total); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, MessagesPage, conversationID, before, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m, err := scanMessage(rows)
			if err != nil {
				return err
			}
			l.Items = append(l.Items, m)
		}
		return rows.Err()
	})
	slices.Reverse(l.Items)
	return l, err
}

func (s *Store) ConversationOfMessage(ctx context.Context, messageID int64) (int64, error) {
	var id int64
	err := s.read.QueryRow(ctx, `SELECT conversation_id FROM messages WHERE id = ?`, messageID).Scan(&id)
	return id, NotFound(err, "Message")
}

func (s *Store) MessageByID(ctx context.Context, conversationID, id int64) (*app.Message, error) {
	m, err := scanMessage(s.read.QueryRow(ctx, MessageQuery, id, conversationID))
	if err != nil {
		return nil, NotFound(err, "Message")
	}
	return &m, nil
}

// MarkRead moves the reader's mark to the conversation's last message, if
// a message to them lies above it. One conditional UPDATE: under
// PostgreSQL a racing call waits for the row lock, READ COMMITTED checks
// the condition again on the row as the first left it, and finds no
// message above the new mark.
func (s *Store) MarkRead(ctx context.Context, conversationID, readerID int64) (changed bool, err error) {
	err = s.inTx(ctx, func(tx Querier) error {
		n, err := tx.Exec(ctx, `UPDATE conversations SET
				buyer_read = CASE WHEN buyer_id = ?2 THEN last_message_id ELSE buyer_read END,
				seller_read = CASE WHEN seller_id = ?2 THEN last_message_id ELSE seller_read END
			WHERE id = ?1 AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ?1 AND m.sender_id <> ?2
				AND m.id > CASE WHEN conversations.buyer_id = ?2 THEN conversations.buyer_read ELSE conversations.seller_read END)`,
			conversationID, readerID)
		changed = n > 0
		return err
	})
	return changed, err
}

func (s *Store) Unread(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.read.QueryRow(ctx, UnreadQuery, userID).Scan(&n)
	return n, err
}

// AcceptPickup checks the proposal and the booking and agrees on the time,
// in one transaction. It holds the conversation's row from before it reads
// the proposal (see the top of this file), so a racing answer or a newer
// proposal comes wholly before or after it; the message is then marked on
// condition it is still unanswered, and the booking given its time on
// condition it is still open or paid, so a cancel racing the accept either
// comes first (a conflict) or after.
func (s *Store) AcceptPickup(ctx context.Context, conversationID, messageID int64) (*app.Booking, error) {
	var bookingID int64
	err := s.inTx(ctx, func(tx Querier) error {
		m, err := answerable(ctx, s.d, tx, conversationID, messageID)
		if err != nil {
			return err
		}
		var status string
		err = tx.QueryRow(ctx, `SELECT b.id, b.status FROM conversations c
			JOIN bookings b ON b.id = (SELECT max(id) FROM bookings WHERE product_ref = c.product_ref AND buyer_id = c.buyer_id)
			WHERE c.id = ?`, conversationID).Scan(&bookingID, &status)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && status != string(app.BookingBooked) && status != string(app.BookingPaid)) {
			return errNoOpenBooking()
		} else if err != nil {
			return err
		}
		if err := answerPickup(ctx, tx, `UPDATE messages SET accepted = true WHERE id = ? AND NOT accepted AND NOT declined`, messageID); err != nil {
			return err
		}
		set, err := tx.Exec(ctx, `UPDATE bookings SET pickup_at = ? WHERE id = ? AND status IN ('Booked', 'Paid')`,
			m.PickupAt.UnixMilli(), bookingID)
		if err == nil && set == 0 {
			return errNoOpenBooking() // called off since the read
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return BookingByID(ctx, s.read, bookingID)
}

func errNoOpenBooking() error {
	return app.Errorf(app.KindConflict, "The buyer has no open booking of this product")
}

// DeclinePickup turns a proposal down, in one transaction with the checks
// and under the conversation's row lock, as AcceptPickup does.
func (s *Store) DeclinePickup(ctx context.Context, conversationID, messageID int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		if _, err := answerable(ctx, s.d, tx, conversationID, messageID); err != nil {
			return err
		}
		return answerPickup(ctx, tx, `UPDATE messages SET declined = true WHERE id = ? AND NOT accepted AND NOT declined`, messageID)
	})
}

// answerable holds the conversation's row and reads the proposal, which
// must still be open to an answer.
func answerable(ctx context.Context, d Dialect, tx Querier, conversationID, messageID int64) (app.Message, error) {
	if err := HoldConversation(ctx, d, tx, conversationID); err != nil {
		return app.Message{}, NotFound(err, "Message")
	}
	m, err := scanMessage(tx.QueryRow(ctx, MessageQuery, messageID, conversationID))
	if err != nil {
		return m, NotFound(err, "Message")
	}
	return m, m.Answerable()
}

// answerPickup runs the update that accepts or declines a proposal on the
// condition that it is still unanswered, so that of two answers racing
// exactly one changes the row; the other is a conflict.
func answerPickup(ctx context.Context, tx Querier, update string, messageID int64) error {
	answered, err := tx.Exec(ctx, update, messageID)
	if err != nil || answered > 0 {
		return err
	}
	return app.Errorf(app.KindConflict, "This pickup time was answered meanwhile")
}
