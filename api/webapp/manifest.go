package webapp

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"rehome/api/httpcache"
)

// The web app manifest as built, with the site's name: an installed app
// is called what the community calls its marketplace.

// ManifestFile is the built manifest's name, and its path under /.
const ManifestFile = "manifest.webmanifest"

// maxShortNameRunes is about what a phone's home screen shows under an icon.
const maxShortNameRunes = 12

type keptManifest struct {
	name string
	*httpcache.KeptBody
}

// Manifest is the built manifest named name, made again only when the name
// changes; nil when the web app has no manifest. A built manifest that
// cannot be read is kept as built, and the error returned when it is made.
func (wf *Files) Manifest(name string) (*httpcache.KeptBody, error) {
	built := wf.File(ManifestFile)
	if built == nil {
		return nil, nil
	}
	wf.manifestMu.Lock()
	defer wf.manifestMu.Unlock()
	if kept := wf.manifests; kept != nil && kept.name == name {
		return kept.KeptBody, nil
	}
	kept := &keptManifest{name: name, KeptBody: built}
	wf.manifests = kept
	body, err := renamedManifest(built.Body(), name)
	if err != nil {
		return kept.KeptBody, err
	}
	kept.KeptBody = newFile(ManifestFile, body)
	return kept.KeptBody, nil
}

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
