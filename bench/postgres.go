package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// The PostgreSQL run (--postgres): the same data set written into a
// database of its own, the signed-in category page measured there and on
// SQLite in alternate runs, and the throughput of one instance on
// PostgreSQL against two behind HAProxy. On a machine of two cores the
// second instance shares the first one's CPU with PostgreSQL and the load,
// so the two-instance figure shows what a balancer costs and that nothing
// is serialized between instances, not what a second machine would add.

// postgresRun is what the PostgreSQL run measured.
type postgresRun struct {
	dataTook       time.Duration
	sqlite, pg     []run           // the category page, alternately
	pgServer       []time.Duration // PostgreSQL's own CPU per request of each run of pg
	one, oneBehind run             // one instance, directly and behind HAProxy
	two            run             // two instances behind HAProxy
	haproxy        bool            // whether HAProxy was there to measure with
}

// onPostgres measures on a new database of the server at serverURL, beside
// the SQLite server b.srv answering pages.
func (b *bench) onPostgres(ctx context.Context, serverURL string, pages func(cookie string) cycle) error {
	database, err := createDatabase(ctx, serverURL)
	if err != nil {
		return err
	}
	pr := &postgresRun{}
	b.progress(fmt.Sprintf("writing %d listings into PostgreSQL", b.opts.products))
	start := time.Now()
	if _, err := b.benchData(ctx, filepath.Join(b.dir, "data-pg"), b.opts.products, "--database-url", database); err != nil {
		return err
	}
	pr.dataTook = time.Since(start)
	pg, err := startServer(b.ctx, b.opts.bin, filepath.Join(b.dir, "data-pg"), filepath.Join(b.dir, "serve-pg.log"), "--database-url", database)
	if err != nil {
		return err
	}
	defer pg.stop()
	onPG := newAPI(pg.base)
	email := fmt.Sprintf("bench%d@bench.rehome.test", time.Now().UnixNano())
	pgCookie, err := onPG.register(email, benchPassword)
	if err != nil {
		return err
	}
	sqliteCookies, err := b.signIn(1)
	if err != nil {
		return err
	}
	sqlitePages, pgPages := pages(sqliteCookies[0]), pages(pgCookie)
	b.progress("the category page on PostgreSQL and on SQLite, alternately")
	for _, warm := range []*server{b.srv, pg} {
		if _, err := b.wrkRunOn(warm, pgPagesFor(warm, pg, sqlitePages, pgPages), headers(), 2*time.Second); err != nil {
			return err
		}
	}
	for range max(1, b.opts.rounds) {
		r, err := b.wrkRunOn(b.srv, sqlitePages, headers(), b.opts.round)
		if err != nil {
			return err
		}
		pr.sqlite = append(pr.sqlite, r)
		before, err := postgresCPU(b.ticks)
		if err != nil {
			return err
		}
		if r, err = b.wrkRunOn(pg, pgPages, headers(), b.opts.round); err != nil {
			return err
		}
		after, err := postgresCPU(b.ticks)
		if err != nil {
			return err
		}
		pr.pg = append(pr.pg, r)
		pr.pgServer = append(pr.pgServer, postgresCPUBetween(before, after)/time.Duration(max(1, r.requests)))
	}
	if pr.one, err = b.wrkRunOn(pg, pgPages, headers(), b.opts.duration); err != nil {
		return err
	}

	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		b.report.notes = append(b.report.notes, "HAProxy is not installed: no run of two instances (apt-get install haproxy).")
		b.report.postgres = pr
		return nil
	}
	pr.haproxy = true
	second, err := startServer(b.ctx, b.opts.bin, filepath.Join(b.dir, "data-pg2"), filepath.Join(b.dir, "serve-pg2.log"), "--database-url", database)
	if err != nil {
		return err
	}
	defer second.stop()
	for _, lb := range []struct {
		backends []*server
		into     *run
	}{{[]*server{pg}, &pr.oneBehind}, {[]*server{pg, second}, &pr.two}} {
		balancer, err := startHAProxy(b.ctx, haproxy, b.dir, lb.backends...)
		if err != nil {
			return err
		}
		b.progress(fmt.Sprintf("the category page through HAProxy, %d instance(s)", len(lb.backends)))
		if _, err := b.wrkRunOn(balancer, pgPages, headers(), 2*time.Second); err != nil {
			balancer.stop()
			return err
		}
		*lb.into, err = b.wrkRunOn(balancer, pgPages, headers(), b.opts.duration)
		balancer.stop()
		if err != nil {
			return err
		}
	}
	b.report.postgres = pr
	return nil
}

// postgresCPU is the CPU time used so far by each process of PostgreSQL
// running now, by pid: its server, and the backend of each connection,
// which the instances keep open in their pools through a run.
func postgresCPU(ticksPerSecond int64) (map[int]time.Duration, error) {
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		return nil, err
	}
	cpu := map[int]time.Duration{}
	for _, path := range stats {
		stat, err := os.ReadFile(path)
		if err != nil {
			continue // ended meanwhile
		}
		start, end := bytes.IndexByte(stat, '('), bytes.LastIndexByte(stat, ')')
		if start < 0 || end < start || string(stat[start+1:end]) != "postgres" {
			continue
		}
		pid, err1 := strconv.Atoi(filepath.Base(filepath.Dir(path)))
		ticks, err2 := cpuTicks(stat)
		if err1 == nil && err2 == nil {
			cpu[pid] = time.Duration(ticks) * time.Second / time.Duration(ticksPerSecond)
		}
	}
	return cpu, nil
}

// postgresCPUBetween is what PostgreSQL's processes used between two
// readings: a process that ended meanwhile (an autovacuum worker) is left
// out, rather than taken off.
func postgresCPUBetween(before, after map[int]time.Duration) time.Duration {
	var d time.Duration
	for pid, cpu := range after {
		d += cpu - before[pid]
	}
	return d
}

// pgPagesFor picks the pages signed in on srv.
func pgPagesFor(srv, pg *server, sqlitePages, pgPages cycle) cycle {
	if srv == pg {
		return pgPages
	}
	return sqlitePages
}

// createDatabase makes an empty database on the server at serverURL and
// returns its URL.
func createDatabase(ctx context.Context, serverURL string) (string, error) {
	conn, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		return "", fmt.Errorf("--postgres: %w", err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("bench_%d", time.Now().UnixNano())
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	u, err := url.Parse(serverURL)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// startHAProxy balances round-robin between backends, as docs/deploy.md
// sets it up, and waits until it answers.
func startHAProxy(ctx context.Context, bin, dir string, backends ...*server) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	var servers strings.Builder
	for i, s := range backends {
		fmt.Fprintf(&servers, "    server rehome%d %s check\n", i, strings.TrimPrefix(s.base, "http://"))
	}
	config := "global\n    maxconn 1024\ndefaults\n    mode http\n    timeout connect 2s\n    timeout client 1m\n    timeout server 1m\n" +
		"    retries 3\n    option redispatch\n    option http-keep-alive\nfrontend rehome\n    bind " + addr + "\n    default_backend instances\n" +
		"backend instances\n    balance roundrobin\n    option httpchk GET /healthz\n" + servers.String()
	path := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(path, []byte(config), 0o644); err != nil {
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(dir, "haproxy.log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin, "-db", "-f", path)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.Stdout, cmd.Stderr = logFile, logFile
	s := &server{cmd: cmd, base: "http://" + addr, done: make(chan error, 1), started: time.Now()}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, err
	}
	go func() { s.done <- cmd.Wait(); logFile.Close() }()
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		if res, err := client.Get(s.base + "/api/categories"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("haproxy exited: %v; see %s", err, filepath.Join(dir, "haproxy.log"))
		case <-time.After(5 * time.Millisecond):
		}
	}
	s.stop()
	return nil, errors.New("haproxy did not answer within 30 s")
}

// String is the PostgreSQL run's section of the report.
func (pr *postgresRun) String() string {
	var b strings.Builder
	b.WriteString("### On PostgreSQL\n\n")
	fmt.Fprintf(&b, "The same data set written into PostgreSQL 15 on this machine (rehome bench-data --database-url) in %.1f s. The signed-in category page (`GET /api/categories/{name}?limit=24`), at full speed, alternately on the SQLite server and on one on PostgreSQL:\n\n", pr.dataTook.Seconds())
	b.WriteString("| run | SQLite: requests/s | SQLite: server CPU / request | PostgreSQL: requests/s | PostgreSQL: rehome's CPU / request | PostgreSQL's own CPU / request |\n|---|---:|---:|---:|---:|---:|\n")
	var sqliteCPU, pgCPU, pgServerCPU time.Duration
	for i := range pr.sqlite {
		fmt.Fprintf(&b, "| %d | %.0f | %s | %.0f | %s | %s |\n", i+1, pr.sqlite[i].rate, us(pr.sqlite[i].cpu), pr.pg[i].rate, us(pr.pg[i].cpu), us(pr.pgServer[i]))
		sqliteCPU += pr.sqlite[i].cpu
		pgCPU += pr.pg[i].cpu
		pgServerCPU += pr.pgServer[i]
	}
	if sqliteCPU > 0 {
		fmt.Fprintf(&b, "\nOn PostgreSQL, rehome's own CPU per page is %.2f× SQLite's, and with PostgreSQL's %.2f× (sums of the runs, each pair run back to back).\n\n",
			float64(pgCPU)/float64(sqliteCPU), float64(pgCPU+pgServerCPU)/float64(sqliteCPU))
	}
	fmt.Fprintf(&b, "One instance on PostgreSQL, directly: %.0f requests/s (p50 %s, p99 %s).", pr.one.rate, ms(pr.one.p50), ms(pr.one.p99))
	if pr.haproxy {
		fmt.Fprintf(&b, " Behind HAProxy, one instance: %.0f requests/s (p50 %s, p99 %s); two instances: %.0f requests/s (p50 %s, p99 %s). On two cores a second instance shares the CPU with the first, PostgreSQL, HAProxy and the load: the figure shows what the balancer costs and that the instances do not wait on each other, not what a second machine adds.",
			pr.oneBehind.rate, ms(pr.oneBehind.p50), ms(pr.oneBehind.p99), pr.two.rate, ms(pr.two.p50), ms(pr.two.p99))
	}
	b.WriteString("\n\n")
	return b.String()
}
