package api

import (
	"compress/gzip"
	"net/http"
	"sync"

	"rehome/api/httpcache"
	"rehome/contract"
)

// openAPIDocument is the API's contract, the same bytes for the process's
// life: its ETag lets a client keep it until the binary changes. It is
// made on the first request, so that a server nobody asks spends no memory
// on its gzipped copy.
var openAPIDocument = sync.OnceValue(func() *httpcache.KeptBody {
	return httpcache.NewKeptBody("application/json", httpcache.ETagOf(contract.JSON()), contract.JSON(), gzip.BestCompression)
})

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	openAPIDocument().Serve(w, r)
}
