package app

import (
	"context"
	"fmt"
	"slices"
)

// Notifications are people's push subscriptions and which notes they
// want, and the server's push keys.
type Notifications struct {
	store       PushStore
	pushTargets PushEndpoints
}

// NotificationsDeps are what Notifications is built from.
type NotificationsDeps struct {
	Push PushStore
	// Targets judges subscriptions' endpoints; nil: none is accepted.
	Targets PushEndpoints
}

func NewNotifications(d NotificationsDeps) *Notifications {
	return &Notifications{store: d.Push, pushTargets: d.Targets}
}

// VAPIDKeys returns the server's push key pair, making and keeping one the
// first time.
func (s *Notifications) VAPIDKeys(ctx context.Context) (VAPIDKeys, error) {
	return KeptVAPIDKeys(ctx, s.store)
}

// PushKey is the public key browsers subscribe with; anyone may read it.
func (s *Notifications) PushKey(ctx context.Context) (string, error) {
	keys, err := s.VAPIDKeys(ctx)
	return keys.Public, err
}

// SubscribeToPush has actor's push notes sent to a browser while the
// session from.Session lasts: a subscription ends with the session that
// made it, so that whoever is signed out (a thief's stolen cookie, the
// maker of an account its email's owner claimed) is no longer notified. A
// browser keeps its endpoint when another person signs in on it, so an
// endpoint already kept moves to actor and this session. created says the
// endpoint was new.
func (s *Notifications) SubscribeToPush(ctx context.Context, actor *User, from PushFrom, sub PushSubscription) (created bool, err error) {
	if err := RequireUser(actor); err != nil {
		return false, err
	}
	v := &Validator{}
	sub.Validate(v, s.pushTargets)
	if err := v.Err(); err != nil {
		return false, err
	}
	return s.store.SavePushSubscription(ctx, actor.ID, from, sub)
}

// PushDevices lists the browsers that get actor's push notes, the one
// subscribed in the session current first. A person has at most
// MaxPushSubscriptions, so the page is cut from the whole list.
func (s *Notifications) PushDevices(ctx context.Context, actor *User, current string, page Page) (List[PushDevice], error) {
	if err := RequireUser(actor); err != nil {
		return List[PushDevice]{}, err
	}
	all, err := s.store.PushDevices(ctx, actor.ID, current)
	if err != nil {
		return List[PushDevice]{}, err
	}
	page = page.Clamp()
	start := min(page.Offset, len(all))
	end := min(start+page.Limit, len(all))
	return List[PushDevice]{Items: append([]PushDevice{}, all[start:end]...), Total: len(all)}, nil
}

// RemovePushDevice stops push notes to one of actor's browsers. Another
// person's is not found, as if it did not exist.
func (s *Notifications) RemovePushDevice(ctx context.Context, actor *User, id int64) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	return s.store.DeletePushDevice(ctx, actor.ID, id)
}

// UnsubscribeFromPush stops push notes to actor's browser at endpoint. Only
// actor's own subscription goes; asking about any other endpoint changes
// nothing and says nothing of whose it is.
func (s *Notifications) UnsubscribeFromPush(ctx context.Context, actor *User, endpoint string) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	v := &Validator{}
	v.Required(endpoint, "endpoint")
	if err := v.Err(); err != nil {
		return err
	}
	return s.store.DeletePushSubscription(ctx, actor.ID, endpoint)
}

// PushPreferences says which kinds of push notes actor wants.
func (s *Notifications) PushPreferences(ctx context.Context, actor *User) (PushPreferences, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	return s.pushPreferencesOf(ctx, actor.ID)
}

func (s *Notifications) pushPreferencesOf(ctx context.Context, userID int64) (PushPreferences, error) {
	off, err := s.store.PushKindsOff(ctx, userID)
	if err != nil {
		return nil, err
	}
	return preferencesWithout(off), nil
}

// preferencesWithout is every kind on but those in off.
func preferencesWithout(off []PushKind) PushPreferences {
	prefs := PushPreferences{}
	for _, kind := range PushKinds {
		prefs[kind] = !slices.Contains(off, kind)
	}
	return prefs
}

// SetPushPreferences turns the kinds named in changes on (true) or off
// (false), leaving the others as they are, and returns them all.
func (s *Notifications) SetPushPreferences(ctx context.Context, actor *User, changes map[string]*bool) (PushPreferences, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	v := &Validator{}
	on := map[PushKind]bool{}
	for name, value := range changes {
		kind := PushKind(name)
		if !slices.Contains(PushKinds, kind) {
			v.Check(false, name, fmt.Sprintf("Not a kind of notification; the kinds are %v", PushKinds))
			continue
		}
		v.Check(value != nil, name, "Give true or false")
		if value != nil {
			on[kind] = *value
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.store.SetPushKinds(ctx, actor.ID, on); err != nil {
		return nil, err
	}
	return s.pushPreferencesOf(ctx, actor.ID)
}

// pushDevices are the endpoints of userID's push subscriptions.
func (s *Notifications) pushDevices(ctx context.Context, userID int64) ([]string, error) {
	subs, err := s.store.PushSubscriptions(ctx, userID)
	if err != nil {
		return nil, err
	}
	endpoints := make([]string, 0, len(subs))
	for _, sub := range subs {
		endpoints = append(endpoints, sub.Endpoint)
	}
	return endpoints, nil
}
