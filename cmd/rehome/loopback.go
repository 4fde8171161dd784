package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// checkLoopback accepts an empty address (the service off) or one on the
// loopback interface: profiles and metrics reveal code paths, request data
// and traffic, and a CPU profile costs CPU, so they are never offered to
// the network.
func checkLoopback(addr string) error {
	if addr == "" {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("%q is not a loopback address; use 127.0.0.1:PORT", addr)
	}
	return nil
}

// profiles is net/http/pprof, apart from the marketplace's router and
// middleware.
func profiles() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// serveLoopback serves h on its own listener at the loopback address addr,
// for the operator only. The returned function stops it.
func serveLoopback(addr, what, path string, h http.Handler, log *slog.Logger) (stop func(), err error) {
	if err := checkLoopback(addr); err != nil {
		return nil, err
	}
	listener, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(listener); !errors.Is(err, http.ErrServerClosed) {
			log.Error(what+" server stopped", "err", err)
		}
	}()
	log.Info(what+" are served", "url", "http://"+listener.Addr().String()+path)
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}, nil
}
