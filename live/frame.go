package live

import (
	"encoding/json"
	"strconv"

	"rehome/app"
)

// frameText is an event in the text/event-stream format. The data is one
// line of JSON: encoding/json escapes the line breaks inside strings.
func frameText(id int64, event app.EventType, payload app.EventData) []byte {
	data, err := EventJSON(payload)
	if err != nil {
		panic("live: event data that JSON cannot hold: " + err.Error())
	}
	return frameTextJSON(id, event, data)
}

// EventJSON is an event's data as its frame carries it: one line of JSON,
// {} for an event without data.
func EventJSON(payload app.EventData) (json.RawMessage, error) {
	if payload == nil {
		return json.RawMessage("{}"), nil
	}
	return json.Marshal(payload)
}

// frameTextJSON is frameText for data already encoded by EventJSON.
func frameTextJSON(id int64, event app.EventType, data []byte) []byte {
	b := make([]byte, 0, 32+len(event)+len(data))
	b = append(b, "id: "...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, "\nevent: "...)
	b = append(b, event...)
	b = append(b, "\ndata: "...)
	b = append(b, data...)
	return append(b, "\n\n"...)
}

// ResetText tells a client that the server no longer holds every event it
// missed: it refetches what it shows.
var ResetText = []byte("event: reset\ndata: {}\n\n")

// SupersededText is the last a stream says when a newer stream of the same
// account took its place (MaxStreams): its client waits until it is
// shown again before reconnecting, so that tabs do not take turns.
var SupersededText = []byte("event: superseded\ndata: {}\n\n")
