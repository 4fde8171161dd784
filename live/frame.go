package live

import (
	"bytes"
	"strconv"
)

// frameText is an event in the text/event-stream format. The data is one
// line of JSON: encoding/json escapes the line breaks inside strings.
func frameText(id int64, event string, data []byte) []byte {
	if len(data) == 0 {
		data = []byte("{}")
	}
	b := make([]byte, 0, 32+len(event)+len(data))
	b = append(b, "id: "...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, "\nevent: "...)
	b = append(b, event...)
	b = append(b, "\ndata: "...)
	b = append(b, oneLine(data)...)
	return append(b, "\n\n"...)
}

// oneLine keeps JSON that was indented to one line: a line break would
// end the data field.
func oneLine(data []byte) []byte {
	if bytes.ContainsAny(data, "\r\n") {
		data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r"), nil), []byte("\n"), nil)
	}
	return data
}

// ResetText tells a client that the server no longer holds every event it
// missed: it refetches what it shows.
var ResetText = []byte("event: reset\ndata: {}\n\n")

// SupersededText is the last a stream says when a newer stream of the same
// account took its place (MaxStreams): its client waits until it is
// shown again before reconnecting, so that tabs do not take turns.
var SupersededText = []byte("event: superseded\ndata: {}\n\n")
