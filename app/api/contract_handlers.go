package api

import (
	"compress/gzip"
	"net/http"

	"rehome/contract"
)

// openAPIDocument is the API's contract, the same bytes for the process's
// life: its ETag lets a client keep it until the binary changes.
var openAPIDocument = newKeptBody("application/json", etagOf(contract.JSON()), contract.JSON(), gzip.BestCompression)

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	openAPIDocument.serve(w, r)
}
