package sqlite

import (
	"context"

	"rehome/app"
	"rehome/cache"
	"rehome/storecore"
)

// ExecForTest runs a statement on the writer, for tests that set up states
// no store method produces yet.
func (db *DB) ExecForTest(ctx context.Context, query string, args ...any) error {
	_, err := db.exec(ctx, query, args...)
	return err
}

// ReaderPragma reads a pragma's value on a reader's connection.
func (db *DB) ReaderPragma(ctx context.Context, name string) (int64, error) {
	var value int64
	err := db.read.QueryRowContext(ctx, "PRAGMA "+name).Scan(&value)
	return value, err
}

// WriterPragma reads a pragma's value on the writer's connection.
func (db *DB) WriterPragma(ctx context.Context, name string) (int64, error) {
	var value int64
	err := db.write.QueryRowContext(ctx, "PRAGMA "+name).Scan(&value)
	return value, err
}

// The page caches' sizes, in KiB.
const (
	ReaderCacheKiB = readerCacheKiB
	WriterCacheKiB = writerCacheKiB
)

// QueryPlan explains how SQLite will run query.
func (db *DB) QueryPlan(ctx context.Context, query string, args ...any) (string, error) {
	rows, err := db.read.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var plan string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return "", err
		}
		plan += detail + "\n"
	}
	return plan, rows.Err()
}

// ListQueries are the list queries with sample arguments, for the index test.
var ListQueries = map[string]struct {
	Query string
	Args  []any
}{
	"category count":        {storecore.CategoryCountQuery, []any{1}},
	"category page from":    {storecore.CategoryPageFrom, []any{1, 1000, 1000, 7, 24}},
	"category page skip":    {storecore.CategoryPageSkip, []any{1, 1, 1000, 1000, 7, 3, 24}},
	"category marks":        {categoryMarksQuery, []any{1, cache.PageStride}},
	"seller count":          {storecore.SellerCountQuery, []any{1}},
	"seller's counts":       {sellerCountsQuery, []any{1}},
	"booked from":           {bookedFromQuery, []any{1, 2}},
	"my bookings":           {storecore.MyBookingsQuery(dialect), []any{"[1,2,3]", 1}},
	"booked by":             {storecore.BookingsOfBuyerQuery, []any{1, 257}},
	"seller page":           {storecore.SellerPageQuery, []any{1, 24, 0}},
	"categories":            {storecore.CategoriesQuery, nil},
	"buyer bookings count":  {storecore.BuyerBookingsCount, []any{1}},
	"buyer bookings page":   {storecore.BuyerBookingsPage, []any{1, 24, 0}},
	"seller bookings count": {storecore.SellerBookingsCount, []any{1}},
	"seller bookings page":  {storecore.SellerBookingsPage, []any{1, 24, 0}},
	"reports count":         {storecore.ReportsCount, nil},
	"reports page":          {storecore.ReportsPage, []any{24, 0}},
	"audit page":            {auditPage, []any{24, 0}},
	"adverts count":         {advertsCount, nil},
	"adverts page":          {advertsPage, []any{24, 0}},
	"users count":           {storecore.UsersCount, nil},
	"users page":            {storecore.UsersPage, []any{24, 0}},
	"users by role count":   {storecore.UsersByRoleCount, []any{"Seller"}},
	"users by role page":    {storecore.UsersByRolePage, []any{"Seller", 24, 0}},

	"conversations count": {storecore.ConversationsCount, []any{1}},
	"conversations page":  {storecore.ConversationsPage, []any{1, 24, 0}},
	"conversation":        {storecore.ConversationQuery, []any{1, 1}},
	"messages count":      {storecore.MessagesCount, []any{1}},
	"messages page":       {storecore.MessagesPage, []any{1, 1000, 50}},
	"unread":              {storecore.UnreadQuery, []any{1}},
	"open bookings":       {storecore.OpenBookingsQuery, []any{1}},
	"open bookings with":  {storecore.OpenBookingsWithQuery, []any{1, 1}},
	"booking by id":       {storecore.BookingByIDQuery, []any{1}},
	"reviews count":       {storecore.ReviewsOfCount, []any{1, 1000}},
	"reviews page":        {storecore.ReviewsOfPage, []any{1, 1000, 24, 0}},
	"rating":              {storecore.RatingOfQuery, []any{1, 1000}},
	"no-shows":            {storecore.NoShowsQuery, []any{1, 1000}},
	"suspended":           {suspendedQuery, []any{1000}},
	"blocks count":        {storecore.BlocksCount, []any{1}},
	"blocks page":         {storecore.BlocksPage, []any{1, 24, 0}},
	"blocked by":          {storecore.BlockedByQuery, []any{1}},
	"either blocked":      {storecore.EitherBlockedQuery, []any{1, 2}},

	"listings for sale count": {forSaleCountQuery, nil},
	"listings for sale page":  {forSalePageQuery, []any{50000, 0}},

	"listings for sale count but a few sellers": {forSaleExceptCountQuery, []any{"[1,2]"}},
	"listings for sale page but a few sellers":  {forSaleExceptPageQuery, []any{"[1,2]", 50000, 0}},
}

// ForgetCategoryPages makes the next page of a category read its marks
// again, as after a write to it.
func (db *DB) ForgetCategoryPages(categoryID int64) { db.caches.Pages.Changed(categoryID) }

// ForgetProducts empties the products cache, as a cold start would.
func (db *DB) ForgetProducts() { db.caches.Products.ForgetAll() }

// StorageRefused is storageRefused, for tests that make SQLite's errors on
// connections of their own.
var StorageRefused = storageRefused

// SearchQuery is the SQL a search runs, for the plan test.
func SearchQuery(s app.Search) (string, []any) { return searchQuery(s, app.English, nil) }

// RecheckQuery is the SQL that checks the listings only against a
// search's filters but its words, for the plan test.
func RecheckQuery(s app.Search, only []int64) (string, []any) {
	s.Words = nil
	return searchQuery(s, app.English, only)
}

// SuggestionQueries are the queries a suggestion runs, for the plan test.
var SuggestionQueries = map[string]struct {
	Query string
	Args  []any
}{
	"known word":  {knownWordQuery, []any{`"sofa"*`}},
	"close words": {closeWordsQuery, []any{"s", "t"}},
	"any found":   anyFound(app.Search{Words: []string{"sofa"}, Statuses: []app.ProductStatus{app.StatusAvailable}, Sort: app.SortRelevance}),
}

func anyFound(s app.Search) struct {
	Query string
	Args  []any
} {
	query, args := anyFoundQuery(s, app.English)
	return struct {
		Query string
		Args  []any
	}{query, args}
}

// ForgetSearches drops every kept search, as a write of a listing does.
func (db *DB) ForgetSearches() { db.caches.Searches.ForgetAll() }

// KeptSearch is what a search answers, from its kept hits brought up to
// date: every listing's ID in order, and how many times the hits were
// updated in place since they were read afresh.
func (db *DB) KeptSearch(ctx context.Context, s app.Search) (ids []int64, updates int, err error) {
	hits, err := db.searchHits(ctx, s)
	if err != nil {
		return nil, 0, err
	}
	return hits.Page(0, hits.Len()), hits.Updates(), nil
}

// FreshSearch is what a search finds read afresh, in order.
func (db *DB) FreshSearch(ctx context.Context, s app.Search) ([]int64, error) {
	hits, err := db.searchIDs(ctx, s, nil)
	ids := make([]int64, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return ids, err
}

// LocationsKept are the listings' distinct locations as product_locations
// keeps them and as counted afresh from products, each "location=count".
func (db *DB) LocationsKept(ctx context.Context) (kept, counted []string, err error) {
	for query, into := range map[string]*[]string{
		`SELECT location || '=' || listings FROM product_locations ORDER BY location`:          &kept,
		`SELECT location || '=' || count(*) FROM products GROUP BY location ORDER BY location`: &counted,
	} {
		rows, err := db.read.QueryContext(ctx, query)
		if err != nil {
			return nil, nil, err
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				rows.Close()
				return nil, nil, err
			}
			*into = append(*into, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, err
		}
	}
	return kept, counted, nil
}

// SearchGeneration is the kept searches' generation now.
func (db *DB) SearchGeneration() uint64 { return db.caches.Searches.Generation() }

// ChangedSince is the listings written after the searches' generation
// gen, and those of them whose text changed.
func (db *DB) ChangedSince(gen uint64) (ids, texts []int64) {
	ids, texts, _, _ = db.caches.Searches.Since(gen)
	return ids, texts
}
