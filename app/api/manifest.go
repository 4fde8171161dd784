package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"unicode/utf8"
)

// The web app manifest as built, with the site's name: an installed app
// is called what the community calls its marketplace.

// maxShortNameRunes is about what a phone's home screen shows under an icon.
const maxShortNameRunes = 12

type keptManifest struct {
	name string
	*keptBody
}

func (wf *webFiles) manifest(w http.ResponseWriter, r *http.Request) {
	built := wf.file(manifestFile)
	if built == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	site, err := wf.srv.svc.Site(r.Context())
	if err != nil {
		wf.srv.log.Error("the site's settings for the manifest", "err", err)
		built.serve(w, r)
		return
	}
	wf.manifestMu.Lock()
	kept := wf.manifests
	if kept == nil || kept.name != site.Name {
		kept = &keptManifest{name: site.Name, keptBody: built}
		if body, err := renamedManifest(built.body, site.Name); err == nil {
			kept.keptBody = newWebFile(manifestFile, body)
		} else {
			wf.srv.log.Error("the built manifest", "err", err)
		}
		wf.manifests = kept
	}
	wf.manifestMu.Unlock()
	kept.serve(w, r)
}

const manifestFile = "manifest.webmanifest"

// renamedManifest is the manifest with name and short_name from the site's
// name, and every other member as it was.
func renamedManifest(built []byte, name string) ([]byte, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(built, &members); err != nil {
		return nil, err
	}
	for member, value := range map[string]string{"name": name, "short_name": shortName(name)} {
		encoded, err := json.Marshal(value)
		if err != nil {
			return nil, err
		}
		members[member] = encoded
	}
	return json.Marshal(members)
}

// shortName is the site's name cut to maxShortNameRunes: whole words while
// they fit, or the first word cut with an ellipsis.
func shortName(name string) string {
	if utf8.RuneCountInString(name) <= maxShortNameRunes {
		return name
	}
	short := ""
	for _, word := range strings.Fields(name) {
		next := strings.TrimSpace(short + " " + word)
		if utf8.RuneCountInString(next) > maxShortNameRunes {
			break
		}
		short = next
	}
	if short == "" {
		short = string([]rune(name)[:maxShortNameRunes-1]) + "…"
	}
	return short
}
