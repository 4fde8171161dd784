// Command mail-sink is an SMTP server for the browser tests: it keeps every
// mail it receives and lists them over HTTP, GET /messages?to=EMAIL (JSON,
// oldest first); with &count=N, once there are N (or after a minute, what
// there is), so a test waits for mail without polling. It prints its SMTP URL and the messages URL as one JSON
// line, then serves until killed.
package main

import (
	"encoding/json"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

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
		to := r.URL.Query().Get("to")
		messages := sink.Messages(to)
		if n, err := strconv.Atoi(r.URL.Query().Get("count")); err == nil && n > 0 {
			messages = sink.Wait(to, n, time.Minute)
		}
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
