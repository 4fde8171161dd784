package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// holdLinkAccount locks the row of the account a one-time link was made
// for (FOR NO KEY UPDATE), before the link is spent. Every write that voids
// links takes the account's row first and the links' rows after (trigger
// links_end_with_credentials); spending a link takes them in the same
// order, so a link spent while its account changes waits for the change
// instead of deadlocking with it, and then finds the link voided or not.
// table is one of the link tables, never input.
func holdLinkAccount(ctx context.Context, tx pgx.Tx, table string, tokenHash []byte) error {
	_, err := tx.Exec(ctx, holdLinkAccountQuery(table), tokenHash)
	return err
}

func holdLinkAccountQuery(table string) string {
	return `SELECT 1 FROM users WHERE id = (SELECT user_id FROM ` + table + ` WHERE token_hash = $1) FOR NO KEY UPDATE`
}
