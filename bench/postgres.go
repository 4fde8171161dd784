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
// database of its own; the signed-in category page and the searches of
// the load scenarios measured there and on SQLite in alternate runs; and
// the throughput of one instance on PostgreSQL against two behind HAProxy.
// On a machine of two cores the second instance shares the first one's CPU
// with PostgreSQL and the load, so the two-instance figure shows what a
// balancer costs and that nothing is serialized between instances, not
// what a second machine would add. Each part can be picked with --only
// (pgParts).

// The parts of the PostgreSQL run, as --only names them.
const (
	pgPageName      = "postgres: category page"
	pgSearchesName  = "postgres: searches"
	pgInstancesName = "postgres: instances"
)

var pgParts = []string{pgPageName, pgSearchesName, pgInstancesName}

// postgresRun is what the PostgreSQL run measured.
type postgresRun struct {
	dataTook       time.Duration
	products       int
	page           *storeComparison  // the signed-in category page
	searches       []storeComparison // the searches, each against SQLite's
	one, oneBehind run               // one instance, directly and behind HAProxy
	two            run               // two instances behind HAProxy
	instances      bool              // whether the instances were measured
	haproxy        bool              // whether HAProxy was there to measure with
}

// storeComparison is one scenario run alternately on the SQLite server
// and on one on PostgreSQL, a round being a run of each.
type storeComparison struct {
	name       string
	sqlite, pg []run
	pgServer   []time.Duration // PostgreSQL's own CPU per request of each run of pg
}

// sums is the CPU per request of the rounds added up: SQLite's server,
// rehome's on PostgreSQL and PostgreSQL's own.
func (c *storeComparison) sums() (sqlite, rehome, pg time.Duration) {
	for i := range c.sqlite {
		sqlite += c.sqlite[i].cpu
		rehome += c.pg[i].cpu
		pg += c.pgServer[i]
	}
	return sqlite, rehome, pg
}

// ratio is rehome's and PostgreSQL's CPU per request together against
// SQLite's server's, over the rounds.
func (c *storeComparison) ratio() float64 {
	sqlite, rehome, pg := c.sums()
	if sqlite <= 0 {
		return 0
	}
	return float64(rehome+pg) / float64(sqlite)
}

// pgScenario is a load scenario's name and its requests, signed in with
// the cookie given.
type pgScenario struct {
	name    string
	targets func(cookie string) cycle
}

// onPostgres measures on a new database of the server at serverURL, beside
// the SQLite server b.srv: the category page, then searches.
func (b *bench) onPostgres(ctx context.Context, serverURL string, page pgScenario, searches []pgScenario) error {
	database, err := createDatabase(ctx, serverURL)
	if err != nil {
		return err
	}
	postmaster, err := postmasterOf(ctx, database)
	if err != nil {
		return err
	}
	pr := &postgresRun{products: b.opts.products}
	b.progress(fmt.Sprintf("writing %d listings into PostgreSQL", b.opts.products))
	start := time.Now()
	if _, err := b.benchData(ctx, filepath.Join(b.dir, "data-pg"), b.opts.products, "--database-url", database); err != nil {
		return err
	}
	pr.dataTook = time.Since(start)
	b.progress(fmt.Sprintf("written in %.1f s", pr.dataTook.Seconds()))
	serveFlags := []string{"--database-url", database}
	if b.opts.profiles != "" {
		if b.pgPprof, err = freeAddr(); err != nil {
			return err
		}
		serveFlags = append(serveFlags, "--pprof", b.pgPprof)
	}
	pg, err := startServer(b.ctx, b.opts.bin, filepath.Join(b.dir, "data-pg"), filepath.Join(b.dir, "serve-pg.log"), b.serverEnv(), serveFlags...)
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
	alternately := func(sc pgScenario) (storeComparison, error) {
		b.progress(sc.name + " on PostgreSQL and on SQLite, alternately")
		return b.alternately(pg, postmaster, sc.name, sc.targets(sqliteCookies[0]), sc.targets(pgCookie))
	}
	if b.selected(pgPageName) {
		c, err := alternately(page)
		if err != nil {
			return err
		}
		pr.page = &c
	}
	if b.selected(pgSearchesName) {
		for _, sc := range searches {
			c, err := alternately(sc)
			if err != nil {
				return err
			}
			pr.searches = append(pr.searches, c)
		}
	}
	b.report.postgres = pr
	if !b.selected(pgInstancesName) {
		return nil
	}
	pr.instances = true
	pgPages := page.targets(pgCookie)
	if pr.one, err = b.wrkRunOn(pg, pgPages, headers(), b.opts.duration); err != nil {
		return err
	}
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		b.report.notes = append(b.report.notes, "HAProxy is not installed: no run of two instances (apt-get install haproxy).")
		return nil
	}
	pr.haproxy = true
	second, err := startServer(b.ctx, b.opts.bin, filepath.Join(b.dir, "data-pg2"), filepath.Join(b.dir, "serve-pg2.log"), b.serverEnv(), "--database-url", database)
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
	return nil
}

// alternately warms up a scenario on both servers, then runs it --rounds
// times on each in turn, SQLite first, reading PostgreSQL's CPU (the
// processes of the cluster whose server is postmaster) around each run on
// it.
func (b *bench) alternately(pg *server, postmaster int, name string, onSQLite, onPG cycle) (storeComparison, error) {
	c := storeComparison{name: name}
	for _, warm := range []struct {
		srv     *server
		targets cycle
	}{{b.srv, onSQLite}, {pg, onPG}} {
		if _, err := b.wrkRunOn(warm.srv, warm.targets, headers(), 2*time.Second); err != nil {
			return c, err
		}
	}
	for round := range max(1, b.opts.rounds) {
		// With --profiles, a profile of each server a round: `go tool
		// pprof` merges them.
		stopProfile := b.profile(fmt.Sprintf("sqlite %s round %d", name, round+1), b.opts.round)
		r, err := b.wrkRunOn(b.srv, onSQLite, headers(), b.opts.round)
		stopProfile()
		if err != nil {
			return c, err
		}
		c.sqlite = append(c.sqlite, r)
		before, err := postgresCPU(b.ticks, postmaster)
		if err != nil {
			return c, err
		}
		stopProfile = b.profileAt(b.pgPprof, fmt.Sprintf("postgres %s round %d", name, round+1), b.opts.round)
		r, err = b.wrkRunOn(pg, onPG, headers(), b.opts.round)
		stopProfile()
		if err != nil {
			return c, err
		}
		after, err := postgresCPU(b.ticks, postmaster)
		if err != nil {
			return c, err
		}
		c.pg = append(c.pg, r)
		c.pgServer = append(c.pgServer, postgresCPUBetween(before, after)/time.Duration(max(1, r.requests)))
	}
	return c, nil
}

// postmasterOf is the process of the PostgreSQL server that serves
// database: the parent of the backend of a connection to it. Only its
// processes are counted, not those of other clusters on the machine.
func postmasterOf(ctx context.Context, database string) (int, error) {
	conn, err := pgx.Connect(ctx, database)
	if err != nil {
		return 0, err
	}
	defer conn.Close(ctx)
	var backend int
	if err := conn.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
		return 0, err
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", backend))
	if err != nil {
		return 0, fmt.Errorf("PostgreSQL's CPU is read from /proc, so it must run on this machine: %w", err)
	}
	return parentPID(stat)
}

// parentPID is the parent's process ID in a /proc/PID/stat.
func parentPID(stat []byte) (int, error) {
	end := bytes.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, errors.New("unexpected /proc/PID/stat format")
	}
	fields := strings.Fields(string(stat[end+1:]))
	// fields[0] is field 3 (state), so the parent (4) is fields[1].
	if len(fields) < 2 {
		return 0, errors.New("unexpected /proc/PID/stat format")
	}
	return strconv.Atoi(fields[1])
}

// postgresCPU is the CPU time used so far by each process of the
// PostgreSQL server postmaster running now, by pid: the server itself, and
// the backend of each connection, which the instances keep open in their
// pools through a run.
func postgresCPU(ticksPerSecond int64, postmaster int) (map[int]time.Duration, error) {
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
		parent, err2 := parentPID(stat)
		ticks, err3 := cpuTicks(stat)
		if errors.Join(err1, err2, err3) == nil && (pid == postmaster || parent == postmaster) {
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
	fmt.Fprintf(&b, "The same data set, %d listings, written into PostgreSQL 15 on this machine (rehome bench-data --database-url) in %.1f s. Each scenario below was run at full speed, alternately on the SQLite server and on one on PostgreSQL, signed in on each; rehome's CPU and PostgreSQL's (the processes of its cluster: the server and each connection's backend) are read apart.\n\n",
		pr.products, pr.dataTook.Seconds())
	if c := pr.page; c != nil {
		b.WriteString(c.rounds())
		sqlite, rehome, _ := c.sums()
		if sqlite > 0 {
			fmt.Fprintf(&b, "\nOn PostgreSQL, rehome's own CPU per page is %.2f× SQLite's, and with PostgreSQL's %.2f× (sums of the runs, each pair run back to back).\n\n",
				float64(rehome)/float64(sqlite), c.ratio())
		}
	}
	if len(pr.searches) > 0 {
		b.WriteString("The searches of the load scenarios, each against SQLite's in the same rounds (CPU per request, sums of the rounds; the budget is rehome's and PostgreSQL's together against SQLite's server's):\n\n")
		b.WriteString("| scenario | rounds | SQLite: requests/s | SQLite: server CPU | PostgreSQL: requests/s | rehome's CPU | PostgreSQL's CPU | together against SQLite's | unexpected answers on PostgreSQL |\n|---|---:|---:|---:|---:|---:|---:|---:|---|\n")
		for _, c := range pr.searches {
			sqlite, rehome, pg := c.sums()
			n := time.Duration(max(1, len(c.sqlite)))
			fmt.Fprintf(&b, "| %s | %d | %.0f | %s | %.0f | %s | %s | %.2f× | %s |\n", c.name, len(c.sqlite), meanRate(c.sqlite), us(sqlite/n),
				meanRate(c.pg), us(rehome/n), us(pg/n), c.ratio(), errorsOf(c.pg...))
		}
		b.WriteString("\n")
	}
	if pr.instances {
		fmt.Fprintf(&b, "One instance on PostgreSQL, directly: %.0f requests/s (p50 %s, p99 %s).", pr.one.rate, ms(pr.one.p50), ms(pr.one.p99))
		if pr.haproxy {
			fmt.Fprintf(&b, " Behind HAProxy, one instance: %.0f requests/s (p50 %s, p99 %s); two instances: %.0f requests/s (p50 %s, p99 %s). On two cores a second instance shares the CPU with the first, PostgreSQL, HAProxy and the load: the figure shows what the balancer costs and that the instances do not wait on each other, not what a second machine adds.",
				pr.oneBehind.rate, ms(pr.oneBehind.p50), ms(pr.oneBehind.p99), pr.two.rate, ms(pr.two.p50), ms(pr.two.p99))
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

// rounds is a table of each round of a comparison.
func (c *storeComparison) rounds() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:\n\n", c.name)
	b.WriteString("| run | SQLite: requests/s | SQLite: server CPU / request | PostgreSQL: requests/s | PostgreSQL: rehome's CPU / request | PostgreSQL's own CPU / request |\n|---|---:|---:|---:|---:|---:|\n")
	for i := range c.sqlite {
		fmt.Fprintf(&b, "| %d | %.0f | %s | %.0f | %s | %s |\n", i+1, c.sqlite[i].rate, us(c.sqlite[i].cpu), c.pg[i].rate, us(c.pg[i].cpu), us(c.pgServer[i]))
	}
	return b.String()
}

func meanRate(runs []run) float64 {
	if len(runs) == 0 {
		return 0
	}
	var sum float64
	for _, r := range runs {
		sum += r.rate
	}
	return sum / float64(len(runs))
}

// budgetRows judges the signed-in category page and each search on
// PostgreSQL against SQLite's.
func (pr *postgresRun) budgetRows() string {
	var b strings.Builder
	if c := pr.page; c != nil {
		sqlite, rehome, pg := c.sums()
		n := time.Duration(max(1, len(c.sqlite)))
		ratio := 0.0
		if sqlite > 0 {
			ratio = float64(rehome) / float64(sqlite)
		}
		unexpected := errorsOf(c.pg...)
		fmt.Fprintf(&b, "| on PostgreSQL, the signed-in category page: rehome's CPU ≤ %.1f × SQLite's server CPU / request, %d rounds of each in turn, without errors | %s against %s: %.2f× (PostgreSQL's own beside it: %s); unexpected answers: %s | %s |\n",
			budgetPostgresPageRatio, len(c.sqlite), us(rehome/n), us(sqlite/n), ratio, us(pg/n), unexpected,
			met(sqlite > 0 && ratio <= budgetPostgresPageRatio && unexpected == "0"))
	}
	for _, c := range pr.searches {
		sqlite, rehome, pg := c.sums()
		n := time.Duration(max(1, len(c.sqlite)))
		unexpected := errorsOf(c.pg...)
		fmt.Fprintf(&b, "| on PostgreSQL, %s: rehome's + PostgreSQL's CPU ≤ %.0f × SQLite's server CPU / request, %d rounds of each in turn, without errors | %s + %s against %s: %.2f×; unexpected answers: %s | %s |\n",
			c.name, budgetPostgresSearchRatio, len(c.sqlite), us(rehome/n), us(pg/n), us(sqlite/n), c.ratio(), unexpected,
			met(sqlite > 0 && c.ratio() <= budgetPostgresSearchRatio && unexpected == "0"))
	}
	return b.String()
}
