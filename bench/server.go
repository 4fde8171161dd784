package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// server is a running 'rehome serve' child process.
type server struct {
	cmd     *exec.Cmd
	base    string // http://127.0.0.1:PORT
	started time.Time
	ready   time.Duration // from exec to the first answered request
	done    chan error
}

// startServer runs bin serve on a free loopback port and waits until it
// answers GET /api/categories. Its log goes to log.
// The server is stopped with SIGTERM, and killed if it has not stopped
// 30 s later, when ctx ends.
// env is added to the server's environment.
func startServer(ctx context.Context, bin, data, logPath string, env []string, extra ...string) (*server, error) {
	return startProcess(ctx, logPath, env, bin, append([]string{"serve", "--data", data}, extra...)...)
}

// serverEnv is what --server-gogc adds to the server's environment.
func (b *bench) serverEnv() []string {
	if b.opts.serverGOGC == "" {
		return nil
	}
	return []string{"GOGC=" + b.opts.serverGOGC}
}

// startBare runs this program's bare handler (see bare.go) on data, as
// startServer runs the server.
func startBare(ctx context.Context, data, logPath string) (*server, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return startProcess(ctx, logPath, nil, self, "bare", "--data", data)
}

// startProcess runs bin with args and --addr, a free loopback port, and
// waits until it answers GET /api/categories.
func startProcess(ctx context.Context, logPath string, env []string, bin string, args ...string) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin, append(args, "--addr", addr)...)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 30 * time.Second
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	s := &server{cmd: cmd, base: "http://" + addr, done: make(chan error, 1)}
	s.started = time.Now()
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, err
	}
	go func() { s.done <- cmd.Wait(); logFile.Close() }()
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		res, err := client.Get(s.base + "/api/categories")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				s.ready = time.Since(s.started)
				return s, nil
			}
		}
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("server exited before answering: %v; see %s", err, logPath)
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		case <-time.After(2 * time.Millisecond):
		}
	}
	s.stop()
	return nil, fmt.Errorf("server did not answer within a minute; see %s", logPath)
}

// stop asks the server to shut down and waits for it.
func (s *server) stop() error {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		return err
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		return errors.New("server did not stop within 30 s; killed")
	}
}

func (s *server) pid() int { return s.cmd.Process.Pid }

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// usage is what /proc says a process has used so far.
type usage struct {
	cpu     time.Duration // user + system
	peakRSS int64         // bytes, since the last resetPeak
}

// readUsage reads utime and stime from /proc/PID/stat and VmHWM from
// /proc/PID/status.
func readUsage(pid int, ticksPerSecond int64) (usage, error) {
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return usage{}, err
	}
	ticks, err := cpuTicks(stat)
	if err != nil {
		return usage{}, err
	}
	status, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return usage{}, err
	}
	hwm, err := statusKB(status, "VmHWM")
	if err != nil {
		return usage{}, err
	}
	return usage{cpu: time.Duration(ticks) * time.Second / time.Duration(ticksPerSecond), peakRSS: hwm * 1024}, nil
}

// cpuTicks adds utime and stime, fields 14 and 15 of /proc/PID/stat. The
// command name (field 2) is in parentheses and may hold spaces, so fields
// are counted from the last ')'.
func cpuTicks(stat []byte) (int64, error) {
	end := bytes.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, errors.New("unexpected /proc/PID/stat format")
	}
	fields := strings.Fields(string(stat[end+1:]))
	// fields[0] is field 3 (state), so utime (14) is fields[11].
	if len(fields) < 13 {
		return 0, errors.New("unexpected /proc/PID/stat format")
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return utime + stime, nil
}

// statusKB reads a "Name:   123 kB" line of /proc/PID/status.
func statusKB(status []byte, name string) (int64, error) {
	sc := bufio.NewScanner(bytes.NewReader(status))
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if !ok || key != name {
			continue
		}
		return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
	}
	return 0, fmt.Errorf("no %s in /proc/PID/status", name)
}

// machineBusy is the CPU time all processes have used, from the first line
// of /proc/stat: user, nice, system, irq, softirq and steal.
func machineBusy(ticksPerSecond int64) (time.Duration, error) {
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, err
	}
	line, _, _ := strings.Cut(string(stat), "\n")
	fields := strings.Fields(line)
	if len(fields) < 9 || fields[0] != "cpu" {
		return 0, errors.New("unexpected /proc/stat format")
	}
	var busy int64
	for _, i := range []int{1, 2, 3, 6, 7, 8} {
		n, err := strconv.ParseInt(fields[i], 10, 64)
		if err != nil {
			return 0, err
		}
		busy += n
	}
	return time.Duration(busy) * time.Second / time.Duration(ticksPerSecond), nil
}

// threadsCPU is the time the process's threads have spent on a CPU, summed
// from /proc/PID/task/*/schedstat, in nanoseconds. utime and stime come in
// clock ticks (10 ms here), too coarse for a run of a few hundred requests
// at a steady rate. A thread that ended takes its time with it, but Go's
// runtime keeps the threads it starts.
func threadsCPU(pid int) (time.Duration, error) {
	dir := filepath.Join("/proc", strconv.Itoa(pid), "task")
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var total time.Duration
	for _, task := range tasks {
		stat, err := os.ReadFile(filepath.Join(dir, task.Name(), "schedstat"))
		if errors.Is(err, os.ErrNotExist) {
			continue // the thread ended meanwhile
		}
		if err != nil {
			return 0, err
		}
		ns, err := schedstatRuntime(stat)
		if err != nil {
			return 0, err
		}
		total += ns
	}
	return total, nil
}

// schedstatRuntime reads the first field of a schedstat line: the time
// on a CPU, in nanoseconds.
func schedstatRuntime(stat []byte) (time.Duration, error) {
	fields := strings.Fields(string(stat))
	if len(fields) < 1 {
		return 0, errors.New("unexpected schedstat format")
	}
	ns, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("schedstat: %w", err)
	}
	return time.Duration(ns), nil
}

// resetPeak starts VmHWM again from the current RSS (Linux 4.0 and later).
func resetPeak(pid int) error {
	return os.WriteFile(filepath.Join("/proc", strconv.Itoa(pid), "clear_refs"), []byte("5"), 0)
}

// clockTicks is the kernel's USER_HZ, the unit of utime and stime.
func clockTicks(ctx context.Context) (int64, error) {
	out, err := exec.CommandContext(ctx, "getconf", "CLK_TCK").Output()
	if err != nil {
		return 0, fmt.Errorf("getconf CLK_TCK: %w", err)
	}
	return strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
}
