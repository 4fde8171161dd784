package main

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"rehome/app"
)

// TestPacingCountsFromWhenDue drives the pacing on a clock of its own: a
// write that stalls delays the writes due meanwhile, which are sent at
// once after it and timed from when they were due; none is skipped.
func TestPacingCountsFromWhenDue(t *testing.T) {
	var now time.Duration
	var sentAt []time.Duration
	costs := []time.Duration{time.Millisecond, 500 * time.Millisecond, time.Millisecond, time.Millisecond, time.Millisecond, time.Millisecond}
	stop := make(chan struct{})
	p := pacing{interval: 200 * time.Millisecond, clock: func() time.Duration { return now }, sleep: func(d time.Duration) { now += d }}
	latencies := p.run(stop, func(i int) {
		sentAt = append(sentAt, now)
		now += costs[i]
		if i == len(costs)-1 {
			close(stop)
		}
	})
	ms := time.Millisecond
	wantSent := []time.Duration{0, 200 * ms, 700 * ms, 701 * ms, 800 * ms, 1000 * ms}
	wantLatencies := []time.Duration{1 * ms, 500 * ms, 301 * ms, 102 * ms, 1 * ms, 1 * ms}
	if !slices.Equal(sentAt, wantSent) {
		t.Errorf("sent at %v, want %v", sentAt, wantSent)
	}
	if !slices.Equal(latencies, wantLatencies) {
		t.Errorf("latencies %v, want %v", latencies, wantLatencies)
	}
}

func TestPacingStopsBeforeTheNextWrite(t *testing.T) {
	var now time.Duration
	stop := make(chan struct{})
	close(stop)
	p := pacing{interval: time.Second, clock: func() time.Duration { return now }, sleep: func(d time.Duration) { now += d }}
	if latencies := p.run(stop, func(int) { t.Error("a write was sent after the stop") }); len(latencies) != 0 {
		t.Errorf("latencies %v", latencies)
	}
}

func TestWriteKinds(t *testing.T) {
	var kinds []writeKind
	for i := range 10 {
		kinds = append(kinds, writeKindAt(i, 1))
	}
	want := []writeKind{editPrice, book, message, editTitle, decline, editPrice, book, message, editTitle, decline}
	if !slices.Equal(kinds, want) {
		t.Errorf("kinds %v, want %v", kinds, want)
	}
	if k := writeKindAt(4, 0); k != editPrice {
		t.Errorf("with no booking open to decline, write 4 is %v, want an edit", k)
	}
}

func TestMessageSendersStayUnderTheLimit(t *testing.T) {
	for _, rate := range []int{1, 5, 7, 20, 100} {
		senders := messageSenders(rate)
		perMinute := float64(60*rate) / float64(len(writeCycle))
		if each := perMinute / float64(senders); each > app.MessagesPerMinute/4 {
			t.Errorf("at %d writes a second, %d senders send %.1f messages a minute each", rate, senders, each)
		}
	}
}

func TestSummarizeWrites(t *testing.T) {
	var latencies []time.Duration
	for i := 100; i >= 1; i-- { // unsorted
		latencies = append(latencies, time.Duration(i)*time.Millisecond)
	}
	s := summarizeWrites(latencies)
	if s.n != 100 || s.p50 != 51*time.Millisecond || s.p90 != 91*time.Millisecond || s.max != 100*time.Millisecond {
		t.Errorf("n %d, p50 %v, p90 %v, max %v", s.n, s.p50, s.p90, s.max)
	}
	if s := summarizeWrites(nil); s.n != 0 || s.max != 0 {
		t.Errorf("no writes: %+v", s)
	}
}

// TestWriterAgainstTheServer builds rehome, writes a small data set, and
// sends two rounds of each kind of write through the writer: every one is
// answered as expected, the declined bookings' listings are available
// again, and an edited title is seen.
func TestWriterAgainstTheServer(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv, _ := serveBenchData(ctx, t, 600, 60, 300)
	a := newAPI(srv.base)
	w, err := newWriter(a, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.sellers) != writerSellers || len(w.bookers) != writerBookers || len(w.senders) != messageSenders(5) || len(w.products) < 100 {
		t.Fatalf("%d sellers with %d listings, %d bookers, %d senders", len(w.sellers), len(w.products), len(w.bookers), len(w.senders))
	}
	var booked []int64
	for range 2 * len(writeCycle) {
		w.write(ctx)
		for _, bk := range w.open {
			if !slices.Contains(booked, w.products[bk.product].id) {
				booked = append(booked, w.products[bk.product].id)
			}
		}
	}
	s := w.stats()
	if s.unwantedN != 0 {
		t.Fatalf("unexpected answers: %v", s.unwanted)
	}
	for _, k := range []writeKind{editPrice, editTitle, book, decline, message} {
		if s.counts[k] != 2 {
			t.Errorf("%d %v, want 2 (all: %v)", s.counts[k], k, s.counts)
		}
	}
	if len(w.open) != 0 || len(booked) != 2 {
		t.Errorf("%d bookings still open, %d listings booked; want 0 and 2", len(w.open), len(booked))
	}
	cookie := w.sellers[0]
	for _, id := range booked {
		var p struct {
			Status string `json:"status"`
		}
		if _, err := a.get("/api/products/"+strconv.FormatInt(id, 10), cookie, &p); err != nil || p.Status != "Available" {
			t.Errorf("listing %d after its booking was declined: %q, %v", id, p.Status, err)
		}
	}
	retitled := 0
	for _, p := range w.products {
		if !p.retitle {
			continue
		}
		retitled++
		var got struct {
			Title string `json:"product"`
		}
		if _, err := a.get("/api/products/"+strconv.FormatInt(p.id, 10), cookie, &got); err != nil || got.Title != p.title+" (price lowered)" {
			t.Errorf("listing %d: title %q, %v; want %q", p.id, got.Title, err, p.title+" (price lowered)")
		}
	}
	if retitled == 0 {
		t.Error("no listing has a new title")
	}
}
