package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"rehome/app/api"
	"rehome/internal/marketplace"

	"rehome/internal/demo"
)

// serve is 'rehome serve': the marketplace until SIGINT or SIGTERM.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rehome serve", stderr)
	addr := fs.String("addr", envOr("REHOME_ADDR", "127.0.0.1:8080"), "address to listen on (env REHOME_ADDR)")
	data := dataFlag(fs)
	secure := fs.Bool("secure-cookies", envBool("REHOME_SECURE_COOKIES"), "mark cookies Secure, for deployments behind HTTPS (env REHOME_SECURE_COOKIES)")
	withDemo := fs.Bool("demo", envBool("REHOME_DEMO"), "fill an empty database with demo content (env REHOME_DEMO)")
	pprofAddr := fs.String("pprof", envOr("REHOME_PPROF", ""), "serve net/http/pprof on this loopback address, such as 127.0.0.1:6060 (env REHOME_PPROF)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := checkLoopback(*pprofAddr); err != nil {
		fmt.Fprintf(stderr, "rehome: --pprof: %v\n", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stdout, nil))
	if err := runServer(ctx, log, serverConfig{addr: *addr, data: *data, secureCookies: *secure, demo: *withDemo, pprof: *pprofAddr}); err != nil {
		log.Error("server stopped", "err", err)
		return 1
	}
	return 0
}

// serverConfig is what 'rehome serve' was asked for.
type serverConfig struct {
	addr, data    string
	secureCookies bool
	demo          bool
	pprof         string // loopback address for net/http/pprof, or empty
}

func runServer(ctx context.Context, log *slog.Logger, cfg serverConfig) error {
	m, err := marketplace.Open(ctx, cfg.data, hasher())
	if err != nil {
		return err
	}
	defer m.Close()
	if cfg.demo {
		if err := demo.Fill(ctx, m.Service, log); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}

	cleanupCtx, stopCleanup := context.WithCancel(ctx)
	defer stopCleanup()
	go m.DB.CleanUp(cleanupCtx, time.Hour, log)

	srv := &http.Server{
		Handler:           m.Server(api.Config{SecureCookies: cfg.secureCookies, Logger: log}).Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		// Phones on poor connections upload photos slowly.
		ReadTimeout:  2 * time.Minute,
		WriteTimeout: 2 * time.Minute,
		IdleTimeout:  2 * time.Minute,
		ErrorLog:     slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	listener, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	if cfg.pprof != "" {
		stopProfiling, err := serveProfiles(cfg.pprof, log)
		if err != nil {
			listener.Close()
			return err
		}
		defer stopProfiling()
	}
	log.Info("Rehome is listening", "url", "http://"+listener.Addr().String(), "data", cfg.data)

	served := make(chan error, 1)
	go func() { served <- srv.Serve(listener) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
