package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"slices"

	"rehome/app"
	"rehome/storecore"
)

// conversationQuery reads a conversation as the viewer ?1 sees it: the
// other person, the buyer's newest booking of the product, the last
// message and the messages to the viewer above their read mark.
const conversationQuery = `SELECT c.id, c.product_ref, c.product_id, c.buyer_id, c.seller_id,
	c.product, c.image, c.thumb_url, c.price, c.updated,
	u.id, u.name, u.image,
	b.id, b.status, b.pickup_at,
	m.id, m.conversation_id, m.sender_id, m.text, m.pickup_at, m.accepted, m.declined, m.created,
	(SELECT count(*) FROM messages x WHERE x.conversation_id = c.id AND x.sender_id <> ?1
		AND x.id > CASE WHEN c.buyer_id = ?1 THEN c.buyer_read ELSE c.seller_read END)
FROM conversations c
JOIN users u ON u.id = CASE WHEN c.buyer_id = ?1 THEN c.seller_id ELSE c.buyer_id END
LEFT JOIN messages m ON m.id = c.last_message_id
LEFT JOIN bookings b ON b.id = (SELECT max(id) FROM bookings WHERE product_ref = c.product_ref AND buyer_id = c.buyer_id)
WHERE c.id = ?2`

// A person's conversations on either side, newest activity first; see
// TestListQueriesUseIndexes.
const (
	conversationsCount = `SELECT (SELECT count(*) FROM conversations WHERE buyer_id = ?1)
		+ (SELECT count(*) FROM conversations WHERE seller_id = ?1)`
	conversationsPage = `SELECT id, updated FROM conversations WHERE buyer_id = ?1
		UNION ALL
		SELECT id, updated FROM conversations WHERE seller_id = ?1
		ORDER BY 2 DESC, 1 DESC LIMIT ?2 OFFSET ?3`
	// A proposal is superseded once a newer one follows it.
	messageColumns = `id, conversation_id, sender_id, text, pickup_at, accepted, declined,
		EXISTS (SELECT 1 FROM messages n WHERE n.conversation_id = messages.conversation_id
			AND n.id > messages.id AND n.pickup_at IS NOT NULL), created`
	messagesCount = `SELECT count(*) FROM messages WHERE conversation_id = ?`
	messagesPage  = `SELECT ` + messageColumns + ` FROM messages WHERE conversation_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3`
	// unreadQuery counts the messages to ?1 above their mark, on each side.
	unreadQuery = `SELECT
		(SELECT count(*) FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.id > c.buyer_read
			WHERE c.buyer_id = ?1 AND m.sender_id <> ?1)
		+ (SELECT count(*) FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.id > c.seller_read
			WHERE c.seller_id = ?1 AND m.sender_id <> ?1)`
)

func scanConversation(r row, viewerID int64) (app.Conversation, error) {
	var c app.Conversation
	var productID, bookingID, bookingPickup, messageID, messageConversation, messageSender, messagePickup, messageCreated sql.NullInt64
	var bookingStatus, messageText sql.NullString
	var messageAccepted, messageDeclined sql.NullBool
	var updated int64
	err := r.Scan(&c.ID, &c.ProductRef, &productID, &c.BuyerID, &c.SellerID,
		&c.Product.Name, &c.Product.Image, &c.Product.ThumbURL, &c.Product.Price, &updated,
		&c.Other.ID, &c.Other.Name, &c.Other.Image,
		&bookingID, &bookingStatus, &bookingPickup,
		&messageID, &messageConversation, &messageSender, &messageText, &messagePickup, &messageAccepted, &messageDeclined, &messageCreated,
		&c.Unread)
	c.Product.ID = storecore.NullID(productID)
	c.Updated = fromMillis(updated)
	c.Role = app.AsSeller
	if viewerID == c.BuyerID {
		c.Role = app.AsBuyer
	}
	if bookingID.Valid {
		c.Booking = &app.ConversationBooking{ID: bookingID.Int64, Status: app.BookingStatus(bookingStatus.String), PickupAt: storecore.NullTime(bookingPickup)}
	}
	if messageID.Valid {
		c.LastMessage = &app.Message{ID: messageID.Int64, ConversationID: messageConversation.Int64, SenderID: messageSender.Int64,
			Mine: messageSender.Int64 == viewerID, Text: messageText.String, PickupAt: storecore.NullTime(messagePickup),
			Accepted: messageAccepted.Bool, Declined: messageDeclined.Bool, Created: fromMillis(messageCreated.Int64)}
	}
	return c, err
}

func scanMessage(r row) (app.Message, error) {
	var m app.Message
	var pickup sql.NullInt64
	var created int64
	err := r.Scan(&m.ID, &m.ConversationID, &m.SenderID, &m.Text, &pickup, &m.Accepted, &m.Declined, &m.Superseded, &created)
	m.PickupAt = storecore.NullTime(pickup)
	m.Created = fromMillis(created)
	return m, err
}

// AddMessage starts the conversation of c's product and buyer, or
// continues it with c's snapshot of the product, and adds m.
func (db *DB) AddMessage(ctx context.Context, c *app.Conversation, m *app.Message) error {
	now := db.millis()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		p := c.Product
		err := db.txRow(ctx, tx, `
			INSERT INTO conversations (product_ref, product_id, buyer_id, seller_id, product, image, thumb_url, price, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (product_ref, buyer_id) DO UPDATE SET
				product = excluded.product, image = excluded.image, thumb_url = excluded.thumb_url, price = excluded.price
			RETURNING id`,
			c.ProductRef, p.ID, c.BuyerID, c.SellerID, p.Name, p.Image, p.ThumbURL, p.Price, now).Scan(&c.ID)
		if err != nil {
			return referenceGone(err)
		}
		return db.addMessage(ctx, tx, c.ID, m, now)
	})
}

// AddMessageTo adds m to a conversation that exists.
func (db *DB) AddMessageTo(ctx context.Context, conversationID int64, m *app.Message) error {
	now := db.millis()
	return db.inTx(ctx, func(tx *sql.Tx) error { return db.addMessage(ctx, tx, conversationID, m, now) })
}

func (db *DB) addMessage(ctx context.Context, tx *sql.Tx, conversationID int64, m *app.Message, now int64) error {
	var pickup *int64
	if m.PickupAt != nil {
		ms := m.PickupAt.UnixMilli()
		pickup = &ms
	}
	err := db.txRow(ctx, tx, `INSERT INTO messages (conversation_id, sender_id, text, pickup_at, created)
		VALUES (?, ?, ?, ?, ?) RETURNING id`, conversationID, m.SenderID, m.Text, pickup, now).Scan(&m.ID)
	if err != nil {
		return referenceGone(err)
	}
	m.ConversationID, m.Created = conversationID, fromMillis(now)
	_, err = db.txExec(ctx, tx, `UPDATE conversations SET last_message_id = ?, updated = ? WHERE id = ?`, m.ID, now, conversationID)
	return err
}

func (db *DB) ConversationByID(ctx context.Context, id, viewerID int64) (*app.Conversation, error) {
	c, err := scanConversation(db.queryRow(ctx, conversationQuery, viewerID, id), viewerID)
	if err != nil {
		return nil, notFound(err, "Conversation")
	}
	return &c, nil
}

// Conversations reads a page of a person's conversations in one snapshot.
func (db *DB) Conversations(ctx context.Context, viewerID int64, page app.Page) (app.List[app.Conversation], error) {
	list := app.List[app.Conversation]{Items: []app.Conversation{}}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		if err := db.readTxRow(ctx, tx, conversationsCount, viewerID).Scan(&list.Total); err != nil {
			return err
		}
		if page.Offset >= list.Total {
			return nil
		}
		ids, err := db.conversationIDs(ctx, tx, viewerID, page)
		if err != nil {
			return err
		}
		for _, id := range ids {
			c, err := scanConversation(db.readTxRow(ctx, tx, conversationQuery, viewerID, id), viewerID)
			if err != nil {
				return err
			}
			list.Items = append(list.Items, c)
		}
		return nil
	})
	return list, err
}

func (db *DB) conversationIDs(ctx context.Context, tx *sql.Tx, viewerID int64, page app.Page) ([]int64, error) {
	rows, err := db.readTxQuery(ctx, tx, conversationsPage, viewerID, page.Limit, page.Offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id, updated int64
		if err := rows.Scan(&id, &updated); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Messages reads a page of a conversation, newest first from the database
// and handed back oldest first, as a chat shows them.
func (db *DB) Messages(ctx context.Context, conversationID, before int64, limit int) (app.List[app.Message], error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	list := app.List[app.Message]{Items: []app.Message{}}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		if err := db.readTxRow(ctx, tx, messagesCount, conversationID).Scan(&list.Total); err != nil {
			return err
		}
		rows, err := db.readTxQuery(ctx, tx, messagesPage, conversationID, before, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m, err := scanMessage(rows)
			if err != nil {
				return err
			}
			list.Items = append(list.Items, m)
		}
		return rows.Err()
	})
	slices.Reverse(list.Items)
	return list, err
}

func (db *DB) ConversationOfMessage(ctx context.Context, messageID int64) (int64, error) {
	var id int64
	err := db.queryRow(ctx, `SELECT conversation_id FROM messages WHERE id = ?`, messageID).Scan(&id)
	return id, notFound(err, "Message")
}

func (db *DB) MessageByID(ctx context.Context, conversationID, id int64) (*app.Message, error) {
	m, err := scanMessage(db.queryRow(ctx, `SELECT `+messageColumns+` FROM messages WHERE id = ? AND conversation_id = ?`, id, conversationID))
	if err != nil {
		return nil, notFound(err, "Message")
	}
	return &m, nil
}

// MarkRead moves the reader's mark to the conversation's last message, if
// a message to them lies above it.
func (db *DB) MarkRead(ctx context.Context, conversationID, readerID int64) (changed bool, err error) {
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := db.txExec(ctx, tx, `UPDATE conversations SET
				buyer_read = CASE WHEN buyer_id = ?2 THEN last_message_id ELSE buyer_read END,
				seller_read = CASE WHEN seller_id = ?2 THEN last_message_id ELSE seller_read END
			WHERE id = ?1 AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ?1 AND m.sender_id <> ?2
				AND m.id > CASE WHEN conversations.buyer_id = ?2 THEN conversations.buyer_read ELSE conversations.seller_read END)`,
			conversationID, readerID)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		changed = n > 0
		return err
	})
	return changed, err
}

func (db *DB) Unread(ctx context.Context, userID int64) (int, error) {
	var n int
	err := db.queryRow(ctx, unreadQuery, userID).Scan(&n)
	return n, err
}

// AcceptPickup checks the proposal and the booking and agrees on the time,
// in one transaction, so that two accepts cannot both win.
func (db *DB) AcceptPickup(ctx context.Context, conversationID, messageID int64) (*app.Booking, error) {
	var bookingID int64
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		m, err := scanMessage(db.txRow(ctx, tx, `SELECT `+messageColumns+` FROM messages WHERE id = ? AND conversation_id = ?`,
			messageID, conversationID))
		if err != nil {
			return notFound(err, "Message")
		}
		if err := m.Answerable(); err != nil {
			return err
		}
		var status app.BookingStatus
		err = db.txRow(ctx, tx, `SELECT b.id, b.status FROM conversations c
			JOIN bookings b ON b.id = (SELECT max(id) FROM bookings WHERE product_ref = c.product_ref AND buyer_id = c.buyer_id)
			WHERE c.id = ?`, conversationID).Scan(&bookingID, &status)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && status != app.BookingBooked && status != app.BookingPaid) {
			return app.Errorf(app.KindConflict, "The buyer has no open booking of this product")
		} else if err != nil {
			return err
		}
		if err := db.answerPickup(ctx, tx, `UPDATE messages SET accepted = 1 WHERE id = ? AND accepted = 0 AND declined = 0`, messageID); err != nil {
			return err
		}
		_, err = db.txExec(ctx, tx, `UPDATE bookings SET pickup_at = ? WHERE id = ?`, m.PickupAt.UnixMilli(), bookingID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return db.BookingByID(ctx, bookingID)
}

// DeclinePickup turns a proposal down, in one transaction with the checks,
// so that an accept and a decline cannot both win.
func (db *DB) DeclinePickup(ctx context.Context, conversationID, messageID int64) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		m, err := scanMessage(db.txRow(ctx, tx, `SELECT `+messageColumns+` FROM messages WHERE id = ? AND conversation_id = ?`,
			messageID, conversationID))
		if err != nil {
			return notFound(err, "Message")
		}
		if err := m.Answerable(); err != nil {
			return err
		}
		return db.answerPickup(ctx, tx, `UPDATE messages SET declined = 1 WHERE id = ? AND accepted = 0 AND declined = 0`, messageID)
	})
}

// answerPickup runs the update that accepts or declines a proposal on the
// condition that it is still unanswered, so that of two answers racing
// exactly one changes the row; the other is a conflict.
func (db *DB) answerPickup(ctx context.Context, tx *sql.Tx, update string, messageID int64) error {
	answered, err := changedRow(db.txExec(ctx, tx, update, messageID))
	if err != nil || answered {
		return err
	}
	return app.Errorf(app.KindConflict, "This pickup time was answered meanwhile")
}
