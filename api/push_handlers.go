package api

import (
	"net/http"

	"rehome/api/sessions"
	"rehome/app"
)

func (s *Server) pushKey(w http.ResponseWriter, r *http.Request) error {
	key, err := s.notifications.PushKey(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"key": key})
	return nil
}

// subscribeToPush answers 201 for an endpoint new to the server and 200
// for one it kept already (the same browser again, or another account on it).
func (s *Server) subscribeToPush(w http.ResponseWriter, r *http.Request) error {
	var sub app.PushSubscription
	if err := decodeJSON(w, r, &sub); err != nil {
		return err
	}
	browser, system := sessions.Device(r.UserAgent())
	from := app.PushFrom{Session: app.SessionID(s.sessions.Token(r.Context())), Browser: browser, System: system}
	created, err := s.notifications.SubscribeToPush(r.Context(), actor(r), from, sub)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, map[string]string{"endpoint": sub.Endpoint})
	return nil
}

func (s *Server) unsubscribeFromPush(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Endpoint string `json:"endpoint"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.notifications.UnsubscribeFromPush(r.Context(), actor(r), in.Endpoint); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// pushDevices lists the browsers that get the person's push notes, the one
// subscribed in this session marked current.
func (s *Server) pushDevices(w http.ResponseWriter, r *http.Request) error {
	page, err := pageOf(r)
	if err != nil {
		return err
	}
	list, err := s.notifications.PushDevices(r.Context(), actor(r), app.SessionID(s.sessions.Token(r.Context())), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// removePushDevice stops push notes to one of the person's browsers.
func (s *Server) removePushDevice(w http.ResponseWriter, r *http.Request) error {
	// An id that is no number names no device: not found, once the
	// service has asked who is signed in.
	id, _ := idParam(pathParam(r, "id"))
	if err := s.notifications.RemovePushDevice(r.Context(), actor(r), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) pushPreferences(w http.ResponseWriter, r *http.Request) error {
	prefs, err := s.notifications.PushPreferences(r.Context(), actor(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, prefs)
	return nil
}

func (s *Server) setPushPreferences(w http.ResponseWriter, r *http.Request) error {
	var changes map[string]*bool
	if err := decodeJSON(w, r, &changes); err != nil {
		return err
	}
	prefs, err := s.notifications.SetPushPreferences(r.Context(), actor(r), changes)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, prefs)
	return nil
}
