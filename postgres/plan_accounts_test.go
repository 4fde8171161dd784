package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/storecore"
)

// TestAccountQueriesUseIndexes keeps the account queries that run on every
// request (the session, the signed-in account) or grow with the
// marketplace (the admins' account list, a person's sessions, the hourly
// clean-ups) on an index, on a database big enough that the planner, with
// ANALYZE's statistics, would read a table whole if no index served: no
// plan reads a table by a Seq Scan. A count of every account is left out:
// it reads them all, whichever way.
func TestAccountQueriesUseIndexes(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, fixtureDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	now := time.Now().UnixMilli()
	loadAccounts(t, db, now)
	for name, q := range map[string]struct {
		query string
		args  []any
	}{
		"user by id":            {rebind(storecore.UserByIDQuery), []any{7}},
		"user by email":         {rebind(storecore.UserByEmailQuery), []any{"u7@example.com"}},
		"user by identity":      {rebind(storecore.UserByIdentityQuery), []any{"google", "g7"}},
		"users page":            {rebind(storecore.UsersPage), []any{24, 0}},
		"users by role count":   {rebind(storecore.UsersByRoleCount), []any{"Seller"}},
		"users by role page":    {rebind(storecore.UsersByRolePage), []any{"Seller", 24, 0}},
		"session":               {rebind(storecore.FindSessionQuery), []any{"token7", now}},
		"account sessions":      {rebind(storecore.AccountSessionsCount), []any{7, now}},
		"account sessions page": {rebind(storecore.AccountSessionsPage), []any{"id7", 7, now, "id7", 24, 0}},
		"end a session":         {rebind(storecore.EndSessionQuery), []any{7, "id7"}},
		"expired sessions":      {deleteExpiredQuery, []any{now, 500}},
		"stored answer":         {rebind(storecore.StoredAnswerQuery), []any{7, "key7", now - 1000}},
		"old answers":           {rebind(storecore.ForgetAnswersQuery), []any{now - 19_900}},
		"reset link's account":  {rebind(storecore.HoldLinkAccountQuery(dialect, "password_resets")), []any{[]byte("reset7")}},
	} {
		t.Run(name, func(t *testing.T) {
			var out []byte
			if err := db.pool.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+q.query, q.args...).Scan(&out); err != nil {
				t.Fatal(err)
			}
			var plans []struct{ Plan accountPlanNode }
			if err := json.Unmarshal(out, &plans); err != nil || len(plans) != 1 {
				t.Fatalf("plan %s: %v", out, err)
			}
			if scans := plans[0].Plan.seqScans(); len(scans) > 0 {
				t.Errorf("Seq Scan on %s; plan:\n%s", strings.Join(scans, ", "), explainText(t, db, q.query, q.args))
			}
		})
	}
}

// accountPlanNode is a node of EXPLAIN (FORMAT JSON)'s plan.
type accountPlanNode struct {
	NodeType string            `json:"Node Type"`
	Relation string            `json:"Relation Name"`
	Plans    []accountPlanNode `json:"Plans"`
}

// seqScans are the tables read whole under n.
func (n *accountPlanNode) seqScans() []string {
	var tables []string
	if n.NodeType == "Seq Scan" {
		tables = append(tables, n.Relation)
	}
	for i := range n.Plans {
		tables = append(tables, n.Plans[i].seqScans()...)
	}
	return tables
}

func TestSeqScansFound(t *testing.T) {
	for _, tc := range []struct {
		name string
		plan accountPlanNode
		want string
	}{
		{"index scan", accountPlanNode{NodeType: "Limit", Plans: []accountPlanNode{{NodeType: "Index Scan", Relation: "users"}}}, ""},
		{"whole table", accountPlanNode{NodeType: "Seq Scan", Relation: "sessions"}, "sessions"},
		{"deep down", accountPlanNode{NodeType: "Limit", Plans: []accountPlanNode{{NodeType: "Sort", Plans: []accountPlanNode{
			{NodeType: "Index Scan", Relation: "users"}, {NodeType: "Seq Scan", Relation: "identities"}}}}}, "identities"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Join(tc.plan.seqScans(), " "); got != tc.want {
				t.Errorf("Seq Scans %q, want %q", got, tc.want)
			}
		})
	}
}

// explainText is EXPLAIN's plan as text, for a failure's message.
func explainText(t *testing.T, db *DB, query string, args []any) string {
	rows, err := db.pool.Query(context.Background(), "EXPLAIN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

// loadAccounts fills db with 20,000 accounts (one in ten a seller), four
// sessions each, one in a hundred expired, a linked identity each, five
// kept answers each (20 seconds of them, one a millisecond, up to now) and
// a reset link for one in ten, then has PostgreSQL gather its statistics.
func loadAccounts(t *testing.T, db *DB, now int64) {
	t.Helper()
	const accounts = 20_000
	ctx := context.Background()
	load := func(table string, columns []string, n int, row func(i int) []any) {
		rows := make([][]any, n)
		for i := range rows {
			rows[i] = row(i)
		}
		if _, err := db.pool.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromRows(rows)); err != nil {
			t.Fatalf("load %s: %v", table, err)
		}
	}
	account := func(i int) int64 { return int64(i%accounts + 1) }
	load("users", []string{"id", "name", "email", "password_hash", "role", "created"}, accounts, func(i int) []any {
		role := "Buyer"
		if i%10 == 0 {
			role = "Seller"
		}
		return []any{account(i), fmt.Sprint("User ", i+1), fmt.Sprintf("u%d@example.com", i+1), []byte("hash"), role, now}
	})
	load("sessions", []string{"token", "data", "expiry", "id", "user_id", "device", "signed_in", "last_seen"}, 4*accounts, func(i int) []any {
		expiry := now + 3_600_000
		if i%100 == 0 {
			expiry = now - 1
		}
		return []any{fmt.Sprint("token", i), []byte("data"), expiry, fmt.Sprint("id", i), account(i), "phone", now, now - int64(i)}
	})
	load("identities", []string{"provider", "subject", "user_id", "created"}, accounts, func(i int) []any {
		return []any{"google", fmt.Sprint("g", i+1), account(i), now}
	})
	load("idempotency_keys", []string{"user_id", "key", "request_hash", "status", "body", "created"}, 5*accounts, func(i int) []any {
		return []any{account(i), fmt.Sprint("key", i), []byte("req"), 200, []byte("{}"), now - int64(i%20_000)}
	})
	load("password_resets", []string{"token_hash", "user_id", "expires"}, accounts/10, func(i int) []any {
		return []any{[]byte(fmt.Sprint("reset", i)), account(i), now + 3_600_000}
	})
	if _, err := db.pool.Exec(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
}
