package api_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"maps"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"rehome/api"
	"rehome/api/sessions"
	"rehome/internal/pgtest"
	"rehome/internal/wiring"
	"rehome/uploads/s3test"

	"golang.org/x/crypto/bcrypt"
	_ "modernc.org/sqlite"

	"rehome/app"
	"rehome/live"
)

// env is a running server on a fresh database in a temp dir.
type env struct {
	t   testing.TB
	srv *httptest.Server
	db  wiring.Store
	// sessions is the store of scs sessions the server was given.
	sessions sessions.Store
	svc      api.Services
	// told is told every event the services tell, from the start (see listen).
	told *recorder
	dir  string
	hub  live.Broker // the live event streams
}

func newEnv(t testing.TB) *env {
	t.Helper()
	return serverAt(t, t.TempDir(), false)
}

// serverAt starts a server on the data directory dir (so a test can restart
// on the same files) and with the given cookie mode.
func serverAt(t testing.TB, dir string, secureCookies bool) *env {
	t.Helper()
	return serverWith(t, dir, api.Config{SecureCookies: secureCookies})
}

// serverWith starts a server deployed as cfg says, logging nowhere unless
// cfg has a logger.
func serverWith(t testing.TB, dir string, cfg api.Config, prepare ...func(*wiring.Marketplace)) *env {
	t.Helper()
	return serverSet(t, dir, cfg, wiring.Settings{}, prepare...)
}

// serverSet is serverWith, the marketplace run as set says: passwords
// hashed quickly unless set has a hasher. A mail courier or push sender set
// up runs if prepare runs it (runUntilCleanup).
func serverSet(t testing.TB, dir string, cfg api.Config, set wiring.Settings, prepare ...func(*wiring.Marketplace)) *env {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if set.Hasher == nil {
		set.Hasher = app.BcryptHasher{Cost: bcrypt.MinCost}
	}
	if set.Log == nil {
		set.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	told := &recorder{}
	set.Notifiers = append(slices.Clone(set.Notifiers), told)
	m, err := wiring.Open(context.Background(), locationOf(t, dir), set)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	for _, p := range prepare {
		p(m)
	}
	srv := httptest.NewUnstartedServer(nil)
	if cfg.OIDC != nil && cfg.OIDC.RedirectURL == "" {
		// Known only now that the test server has its address.
		cfg.OIDC.RedirectURL = "http://" + srv.Listener.Addr().String() + "/api/auth/google/callback"
	}
	srv.Config.Handler = m.Server(cfg).Handler()
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(m.Events.Close) // ends the event streams, which srv.Close leaves open
	return &env{t: t, srv: srv, db: m.Store, sessions: m.Sessions(), svc: m.Services, told: told, dir: dir, hub: m.Events}
}

// runUntilCleanup runs run until the test ends, and waits for it to return
// before the database closes (cleanups run last in, first out).
func runUntilCleanup(t testing.TB, run func(context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// listen answers the recorder of the events the services tell, given to
// the marketplace as it was opened, with what it was told so far dropped.
func (e *env) listen() *recorder {
	e.told.take()
	return e.told
}

// With REHOME_TEST_POSTGRES (make test-postgres), the API tests run on
// PostgreSQL and pictures in an object store: each data directory gets a
// database and a bucket of its own, kept for a server restarted on it.
var (
	onPostgres = pgtest.Server() != ""
	locations  sync.Map // data directory → wiring.Location
)

// locationOf is where a server on the data directory dir keeps its marketplace.
func locationOf(t testing.TB, dir string) wiring.Location {
	t.Helper()
	if !onPostgres {
		return wiring.Location{Dir: dir}
	}
	if loc, ok := locations.Load(dir); ok {
		return loc.(wiring.Location)
	}
	return placeOnPostgres(t, dir, pgtest.NewDatabase(t), s3test.Server(t))
}

// placeOnPostgres has a server on dir keep its marketplace in the database
// and bucket given, for a test that reaches them its own way (through a
// proxy, with bounds in the URL).
func placeOnPostgres(t testing.TB, dir, databaseURL, s3URL string) wiring.Location {
	t.Helper()
	loc := wiring.Location{Dir: dir, DatabaseURL: databaseURL, S3URL: s3URL}
	locations.Store(dir, loc)
	t.Cleanup(func() { locations.Delete(dir) })
	return loc
}

// sqliteOnly skips a test of what only the SQLite store has (its file).
func sqliteOnly(t testing.TB) {
	t.Helper()
	if onPostgres {
		t.Skip("a test of the SQLite store's file")
	}
}

// client is one browser: its own cookie jar.
type client struct {
	t    testing.TB
	base string
	http *http.Client
	// headers are sent with every request, as a proxy in front would add them.
	headers []string
}

// client is a new browser on its own machine: each connects from its own
// loopback address, as people do from their own phones, so the limits per
// address see them apart.
func (e *env) client() *client {
	n := lastClientAddress.Add(1)
	return e.clientFrom(fmt.Sprintf("127.%d.%d.%d", 1+n>>16, n>>8&0xff, n&0xff))
}

var lastClientAddress atomic.Uint32

// clientFrom is a new browser connecting from the loopback address ip.
func (e *env) clientFrom(ip string) *client {
	jar, _ := cookiejar.New(nil)
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	transport := &http.Transport{DialContext: dialer.DialContext}
	e.t.Cleanup(transport.CloseIdleConnections)
	return &client{t: e.t, base: e.srv.URL, http: &http.Client{Jar: jar, Transport: transport}}
}

type response struct {
	status int
	header http.Header
	body   []byte
}

// json decodes the body into a fresh value of type T.
func decode[T any](t testing.TB, r *response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
	return v
}

type errorReply struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields"`
}

func (c *client) send(method, path, contentType string, body io.Reader, headers ...string) *response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	headers = append(slices.Clone(c.headers), headers...)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Add(headers[i], headers[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	checkAnswer(c.t, res, data)
	return &response{status: res.StatusCode, header: res.Header, body: data}
}

// call sends body as JSON (a string is sent as it is) and returns the answer.
func (c *client) call(method, path string, body any) *response {
	c.t.Helper()
	switch b := body.(type) {
	case nil:
		return c.send(method, path, "", nil)
	case string:
		return c.send(method, path, "application/json", strings.NewReader(b))
	default:
		data, err := json.Marshal(b)
		if err != nil {
			c.t.Fatal(err)
		}
		return c.send(method, path, "application/json", bytes.NewReader(data))
	}
}

// form sends a multipart form with an optional image file.
func (c *client) form(path string, fields map[string]string, image []byte) *response {
	c.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	if image != nil {
		part, _ := w.CreateFormFile("image", "picture.png")
		part.Write(image)
	}
	w.Close()
	return c.send(http.MethodPost, path, w.FormDataContentType(), &buf)
}

func expectStatus(t testing.TB, r *response, want int) {
	t.Helper()
	if r.status != want {
		t.Fatalf("status %d, want %d; body %s", r.status, want, r.body)
	}
}

// expectNobody checks an answer of /api/auth/me: nobody is signed in, which
// is 204 without a body (a 200 of null reads as a user of zero values in a
// client generated from the document).
func expectNobody(t testing.TB, r *response) {
	t.Helper()
	expectStatus(t, r, http.StatusNoContent)
	if len(r.body) != 0 {
		t.Fatalf("/api/auth/me answers %s, want no body (nobody signed in)", r.body)
	}
}

// pngImage is a small opaque picture.
func pngImage(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const testPassword = "correct horse battery"

// register signs up a new account through the API and returns its client.
func (e *env) register(name, email string, role app.Role) (*client, app.User) {
	e.t.Helper()
	c := e.client()
	r := c.form("/api/auth/register", map[string]string{
		"name": name, "email": email, "password": testPassword, "role": string(role), "phone": "+1 555 0100",
	}, pngImage(e.t, 40, 30))
	expectStatus(e.t, r, http.StatusCreated)
	return c, decode[app.User](e.t, r)
}

// admin creates an admin the way the command line does and signs them in.
func (e *env) admin(email string) (*client, app.User) {
	e.t.Helper()
	u, err := e.svc.SigningIn.CreateAdmin(context.Background(), app.NewUser{Name: "Admin", Email: email, Password: testPassword})
	if err != nil {
		e.t.Fatal(err)
	}
	c := e.client()
	expectStatus(e.t, c.call("POST", "/api/auth/login", map[string]string{"email": email, "password": testPassword}), http.StatusOK)
	return c, *u
}

// upload stores a picture as c and returns its URLs.
func (c *client) upload(image []byte) app.Image {
	c.t.Helper()
	r := c.form("/api/images", nil, image)
	expectStatus(c.t, r, http.StatusCreated)
	return decode[app.Image](c.t, r)
}

// productBody is a valid product in category.
func productBody(category, image string) map[string]any {
	return map[string]any{
		"category": category, "product": "Oak table", "description": "Solid oak, seats six.",
		"image": image, "condition": "Good", "location": "Riverside",
		"original_price": 500, "resale_price": "120.50", "seller_phone": "+1 555 0100",
		"purchase_year": 2019, "use_period": "5 years",
	}
}

// fingerprint is everything the server keeps apart from sessions (whose rows
// change legitimately on every login and logout): the schema, every row of
// every other table in primary-key order, and the names of the files in the
// images folder. Equal fingerprints mean nothing was changed in between.
// It reads through its own read-only connection, as an outsider would.
func (e *env) fingerprint(t testing.TB) string {
	t.Helper()
	if onPostgres {
		return e.postgresFingerprint(t)
	}
	path := filepath.Join(e.dir, "rehome.db")
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// One read transaction, so every table is read from the same snapshot.
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()

	var out strings.Builder
	var tables []string
	rows, err := tx.Query(`SELECT type, name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var kind, name, schema string
		if err := rows.Scan(&kind, &name, &schema); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "schema %s %s: %s\n", kind, name, schema)
		if kind == "table" && name != "sessions" {
			tables = append(tables, name)
		}
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	for _, table := range tables {
		dumpTable(t, tx, table, &out)
	}

	var files []string
	err = filepath.WalkDir(filepath.Join(e.dir, "images"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(e.dir, path)
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files { // WalkDir walks in lexical order
		fmt.Fprintf(&out, "file %s\n", f)
	}
	return out.String()
}

// dumpTable writes one line per row of table, ordered by its primary key
// (or rowid when it has none).
func dumpTable(t testing.TB, tx *sql.Tx, table string, out *strings.Builder) {
	t.Helper()
	quote := func(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }
	keys, err := tx.Query(`SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk`, table)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for keys.Next() {
		var name string
		if err := keys.Scan(&name); err != nil {
			t.Fatal(err)
		}
		order = append(order, quote(name))
	}
	if err := keys.Close(); err != nil {
		t.Fatal(err)
	}
	if len(order) == 0 {
		order = []string{"rowid"}
	}
	rows, err := tx.Query(`SELECT * FROM ` + quote(table) + ` ORDER BY ` + strings.Join(order, ", "))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	columns, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	values := make([]any, len(columns))
	pointers := make([]any, len(columns))
	for i := range values {
		pointers[i] = &values[i]
	}
	for rows.Next() {
		if err := rows.Scan(pointers...); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(out, "row %s:", table)
		for i, v := range values {
			switch v := v.(type) {
			case nil:
				fmt.Fprintf(out, " %s=NULL", columns[i])
			case []byte:
				fmt.Fprintf(out, " %s=x'%s'", columns[i], hex.EncodeToString(v))
			case string:
				fmt.Fprintf(out, " %s=%q", columns[i], v)
			default:
				fmt.Fprintf(out, " %s=%v", columns[i], v)
			}
		}
		out.WriteByte('\n')
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// fingerprintDiff lists the lines only before has (-) and only after has (+);
// it is empty when the fingerprints are equal.
func fingerprintDiff(before, after string) string {
	count := map[string]int{}
	for _, line := range strings.Split(before, "\n") {
		count[line]++
	}
	var added []string
	for _, line := range strings.Split(after, "\n") {
		if count[line] > 0 {
			count[line]--
		} else {
			added = append(added, "+ "+line)
		}
	}
	var diff []string
	for _, line := range strings.Split(before, "\n") {
		if count[line] > 0 {
			count[line]--
			diff = append(diff, "- "+line)
		}
	}
	return strings.Join(append(diff, added...), "\n")
}

// refusal is a request the server must refuse: with status, message (when
// not empty) and the field messages fields.
type refusal struct {
	name    string
	send    func() *response
	status  int
	message string
	fields  map[string]string
}

// formRefusal is a multipart form the server must refuse, and how.
type formRefusal struct {
	name    string
	form    map[string]string
	image   []byte
	status  int
	message string
	fields  map[string]string
}

// expectJSONFields checks that got has exactly want's keys and the keys
// more, with want's values.
func expectJSONFields(t testing.TB, got, want map[string]any, more ...string) {
	t.Helper()
	wantKeys := append(slices.Collect(maps.Keys(want)), more...)
	slices.Sort(wantKeys)
	if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, wantKeys) {
		t.Errorf("keys %v, want %v", keys, wantKeys)
	}
	for k, v := range want {
		if !reflect.DeepEqual(got[k], v) {
			t.Errorf("%s = %#v, want %#v", k, got[k], v)
		}
	}
}

// pageCase is a page of a list c asks for at path: the IDs it must hold, in
// order, and the list's total.
type pageCase struct {
	name  string
	c     *client
	path  string
	want  []int64
	total int
}
