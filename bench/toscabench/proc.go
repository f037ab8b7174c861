package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// limits guard every child process so that the machine survives an engine
// that runs away.
type limits struct {
	timeout time.Duration
	maxRSS  int64
}

// watched is a child process under a timeout and a memory watch: it is
// killed when it outlives the timeout or its RSS passes the limit, and the
// reason becomes the figure of whatever it was measuring.
type watched struct {
	cmd   *exec.Cmd
	start time.Time
	done  chan struct{}
	stop  chan struct{}

	// parentHWM is this process's peak RSS once the child started, and
	// sampledHWM the child's largest VmHWM the watch read (see peakRSS).
	parentHWM int64

	mu         sync.Mutex
	killed     string
	waitErr    error
	sampledHWM int64
}

// watchInterval is how often the child's RSS is read; the first reads come
// sooner (1 ms, then twice as long each time), so that even a child that
// lives a few milliseconds has its memory read.
const watchInterval = 20 * time.Millisecond

func startWatched(cmd *exec.Cmd, lim limits) (*watched, error) {
	w := &watched{cmd: cmd, done: make(chan struct{}), stop: make(chan struct{})}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	// Read once the child has exec'd: this process's peak then is at least
	// what the kernel charged the child with (see peakRSS).
	_, w.parentHWM, _ = procMemory(os.Getpid())
	w.start = time.Now()
	go func() {
		err := cmd.Wait()
		w.mu.Lock()
		w.waitErr = err
		w.mu.Unlock()
		close(w.done)
	}()
	go w.watch(lim)
	return w, nil
}

func (w *watched) watch(lim limits) {
	interval := time.Millisecond
	tick := time.NewTimer(interval)
	defer tick.Stop()
	deadline := time.NewTimer(lim.timeout)
	defer deadline.Stop()
	for {
		select {
		case <-w.done:
			return
		case <-w.stop:
			return
		case <-deadline.C:
			rss, _, _ := w.memory()
			w.kill(fmt.Sprintf("timed out after %s (RSS %s)", formatDuration(time.Since(w.start)), formatBytes(float64(rss))))
			return
		case <-tick.C:
			interval = min(2*interval, watchInterval)
			tick.Reset(interval)
			rss, hwm, err := w.memory()
			if err == nil {
				w.mu.Lock()
				w.sampledHWM = max(w.sampledHWM, hwm)
				w.mu.Unlock()
			}
			if err == nil && rss > lim.maxRSS {
				w.kill(fmt.Sprintf("killed at %s after %s (--max-rss %s)", formatBytes(float64(rss)), formatDuration(time.Since(w.start)), formatBytes(float64(lim.maxRSS))))
				return
			}
		}
	}
}

// kill ends the child, recording why.
func (w *watched) kill(reason string) {
	w.mu.Lock()
	if w.killed == "" {
		w.killed = reason
	}
	w.mu.Unlock()
	_ = w.cmd.Process.Kill()
}

// wait blocks until the child has exited or the time is up.
func (w *watched) wait(timeout time.Duration) error {
	select {
	case <-w.done:
	case <-time.After(timeout):
		return fmt.Errorf("process did not exit within %s", timeout)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.waitErr
}

// killedBecause is why the watch killed the child ("" if it did not).
func (w *watched) killedBecause() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.killed
}

// exited reports whether the child has ended.
func (w *watched) exited() bool {
	select {
	case <-w.done:
		return true
	default:
		return false
	}
}

// end stops a child that is still running and its watch.
func (w *watched) end() {
	close(w.stop)
	if !w.exited() {
		_ = w.cmd.Process.Kill()
		<-w.done
	}
}

// peakRSS is the child's maximum resident set size, once it has exited.
// The kernel's accounting (rusage) is exact but for one flaw: Go starts a
// child with vfork, so at its exec the kernel counts the peak of the
// parent's memory, which it shared until then, as the child's. When rusage
// says more than this process's own peak, it is the child's; otherwise the
// child stayed below that, and its largest VmHWM the watch read (at most
// watchInterval apart: the last moments may be missed) is its peak.
func (w *watched) peakRSS() int64 {
	ru, ok := w.cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ok && ru.Maxrss*1024 > w.parentHWM {
		return ru.Maxrss * 1024 // kilobytes on Linux
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.sampledHWM
}

// memory reads the child's current and peak resident set size from
// /proc/<pid>/status.
func (w *watched) memory() (rss, hwm int64, err error) {
	return procMemory(w.cmd.Process.Pid)
}

func procMemory(pid int) (rss, hwm int64, err error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	return parseStatus(raw)
}

// parseStatus reads VmRSS and VmHWM (in kB) from a /proc status file.
func parseStatus(raw []byte) (rss, hwm int64, err error) {
	found := 0
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		key, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || key != "VmRSS" && key != "VmHWM" {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", key, err)
		}
		if key == "VmRSS" {
			rss = kb * 1024
		} else {
			hwm = kb * 1024
		}
		found++
	}
	if found < 2 {
		return 0, 0, errors.New("no VmRSS and VmHWM in the process status")
	}
	return rss, hwm, nil
}

// cpuTicks is the CPU time (user and system, in clock ticks) the child
// has used, from /proc/<pid>/stat.
func (w *watched) cpuTicks() (int64, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", w.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	return parseStatTicks(raw)
}

// parseStatTicks adds utime and stime, the 14th and 15th fields of a /proc
// stat line; the command name before them may hold spaces, so fields are
// counted after its closing parenthesis.
func parseStatTicks(raw []byte) (int64, error) {
	i := bytes.LastIndexByte(raw, ')')
	if i < 0 {
		return 0, errors.New("malformed process stat")
	}
	fields := strings.Fields(string(raw[i+1:]))
	if len(fields) < 13 {
		return 0, errors.New("short process stat")
	}
	var total int64
	for _, f := range fields[11:13] {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("process stat: %w", err)
		}
		total += v
	}
	return total, nil
}

// tailBuffer keeps the last bytes written to it: enough of a child's
// stderr to explain a failure without holding all of its logs.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
