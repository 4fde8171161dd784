package api

import (
	"net/http"

	"rehome/api/sessions"
	"rehome/app"
)

func (s *Server) pushKey(w http.ResponseWriter, r *http.Request) {
	key, err := s.notifications.PushKey(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"key": key})
}

// subscribeToPush answers 201 for an endpoint new to the server and 200
// for one it kept already (the same browser again, or another account on it).
func (s *Server) subscribeToPush(w http.ResponseWriter, r *http.Request) {
	var sub app.PushSubscription
	if err := decodeJSON(w, r, &sub); err != nil {
		s.writeError(w, r, err)
		return
	}
	browser, system := sessions.Device(r.UserAgent())
	from := app.PushFrom{Session: app.SessionID(s.sessions.Token(r.Context())), Browser: browser, System: system}
	created, err := s.notifications.SubscribeToPush(r.Context(), actor(r), from, sub)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, map[string]string{"endpoint": sub.Endpoint})
}

func (s *Server) unsubscribeFromPush(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Endpoint string `json:"endpoint"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.notifications.UnsubscribeFromPush(r.Context(), actor(r), in.Endpoint); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// pushDevices lists the browsers that get the person's push notes, the one
// subscribed in this session marked current.
func (s *Server) pushDevices(w http.ResponseWriter, r *http.Request) {
	page, err := pageOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.notifications.PushDevices(r.Context(), actor(r), app.SessionID(s.sessions.Token(r.Context())), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// removePushDevice stops push notes to one of the person's browsers.
func (s *Server) removePushDevice(w http.ResponseWriter, r *http.Request) {
	// An id that is no number names no device: not found, once the
	// service has asked who is signed in.
	id, _ := idParam(pathParam(r, "id"))
	if err := s.notifications.RemovePushDevice(r.Context(), actor(r), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) pushPreferences(w http.ResponseWriter, r *http.Request) {
	prefs, err := s.notifications.PushPreferences(r.Context(), actor(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, prefs)
}

func (s *Server) setPushPreferences(w http.ResponseWriter, r *http.Request) {
	var changes map[string]*bool
	if err := decodeJSON(w, r, &changes); err != nil {
		s.writeError(w, r, err)
		return
	}
	prefs, err := s.notifications.SetPushPreferences(r.Context(), actor(r), changes)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, prefs)
}
