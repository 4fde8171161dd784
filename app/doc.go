// Package app holds the marketplace's rules, one service per noun or per
// thing a person does (Catalogue, Bookings, Conversations, SigningIn,
// Profiles, Moderation, Blocking, ...). Each service holds
// only the store interfaces it uses, and takes another service where it
// needs that one's rule; only the composition root (internal/wiring)
// sees a whole store and hands each service its parts. Every method that
// acts for someone takes the acting user (nil when nobody is signed in) and
// checks the policy before touching the store.
//
// A service's methods are all in one file named after it, in snake case:
// Catalogue in catalogue.go, Bookings in bookings.go, SiteSettings in
// site_settings.go. No file holds the methods of two services. What a
// service deals in (its types, their validation and policies, the store
// interface that keeps them) is in the noun's file: booking.go holds
// Booking and BookingStore, review.go Review and ReviewStore.
//
// Each store method is atomic: it runs in one transaction, and what its
// comment says happens whole or not at all. The comment says what it
// checks there and, where callers can race, how the race ends. A store
// keeps that under its own concurrency: SQLite's one writer keeps it
// trivially, a store whose writers run side by side must decide each race
// by a conditional update, a constraint or a held row, never by a read
// before the write. Not found and conflict are Errors of those kinds; not
// found is never a nil result. A rule the SQLite store keeps by trigger or
// constraint is named, for another store to keep too. Package storetest
// checks these promises against any store.
package app
