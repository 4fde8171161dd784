// Command mail-sink is an SMTP server for the browser tests: it keeps every
// mail it receives and lists them over HTTP, GET /messages?to=EMAIL (JSON,
// oldest first). It prints its SMTP URL and the messages URL as one JSON
// line, then serves until killed.
package main

import (
	"encoding/json"
	"log"
	"net"
	"net/http"
	"os"

	"rehome/internal/mailsink"
)

func main() {
	sink, err := mailsink.Start("127.0.0.1:0", mailsink.Options{})
	if err != nil {
		log.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /messages", func(w http.ResponseWriter, r *http.Request) {
		messages := sink.Messages(r.URL.Query().Get("to"))
		if messages == nil {
			messages = []mailsink.Message{}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(messages)
	})
	if err := json.NewEncoder(os.Stdout).Encode(map[string]string{
		"smtp_url":     "smtp://" + sink.Addr,
		"messages_url": "http://" + l.Addr().String() + "/messages",
	}); err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.Serve(l, mux)) // #nosec G114 -- a test tool on loopback
}
