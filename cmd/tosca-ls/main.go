// Command tosca-ls is a language server (and linter) for TOSCA.
//
//	tosca-ls                                   serve LSP on stdin/stdout
//	tosca-ls serve [--stdio] [--log-file F] [--log-level L]
//	tosca-ls check [...] PATH...               print diagnostics (see `tosca-ls check -h`)
//	tosca-ls graph [--format F] PATH           print the topology (see `tosca-ls graph -h`)
//	tosca-ls version                           print the version, commit and Go version
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tosca-ls/tosca-ls/server"
)

const usage = `usage: tosca-ls [command] [flags]

Commands:
  serve     run the language server on stdin/stdout (the default)
  check     analyse files, folders or CSARs and print diagnostics
  graph     print the topology of service templates (dot, json, mermaid, svg)
  version   print the version, the commit and the Go version it was built with

Run "tosca-ls serve -h", "tosca-ls check -h" or "tosca-ls graph -h" for their flags.
`

func main() {
	os.Exit(run(os.Args[1:], pollableStdin(), os.Stdout, os.Stderr))
}

// pollableStdin returns stdin in non-blocking mode when it is a pipe or a
// socket, so that closing it interrupts a pending read and the server can
// stop promptly after `exit`. Other stdins (terminals, files) are returned
// unchanged.
func pollableStdin() *os.File {
	st, err := os.Stdin.Stat()
	if err != nil || st.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return os.Stdin
	}
	if err := syscall.SetNonblock(syscall.Stdin, true); err != nil {
		return os.Stdin
	}
	return os.NewFile(uintptr(syscall.Stdin), "/dev/stdin")
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return serve(nil, stdin, stdout, stderr)
	}
	switch args[0] {
	case "serve":
		return serve(args[1:], stdin, stdout, stderr)
	case "check":
		batchGC()
		return runCheck(args[1:], stdout, stderr)
	case "graph":
		batchGC()
		return runGraph(args[1:], stdout, stderr)
	case "version", "--version", "-version", "-v":
		printVersion(stdout)
		return 0
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	if len(args[0]) > 0 && args[0][0] == '-' {
		// Flags without a command: serve (editors often pass --stdio).
		return serve(args, stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "tosca-ls: unknown command %q\n\n%s", args[0], usage)
	return 2
}

func serve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	logFile := fs.String("log-file", "", "also append logs to `file`")
	logLevel := fs.String("log-level", "info", "log `level`: debug, info, warn or error")
	fs.Bool("stdio", true, "communicate over stdin/stdout (the only transport)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: tosca-ls serve [--stdio] [--log-file FILE] [--log-level LEVEL]\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tosca-ls serve: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	lvl, err := zapcore.ParseLevel(*logLevel)
	if err != nil {
		fmt.Fprintf(stderr, "tosca-ls serve: invalid --log-level %q\n", *logLevel)
		return 2
	}
	level := zap.NewAtomicLevelAt(lvl)
	logger, closeLog, err := server.NewLogger(level, *logFile)
	if err != nil {
		fmt.Fprintf(stderr, "tosca-ls serve: %v\n", err)
		return 2
	}
	defer closeLog()
	defer func() { _ = logger.Sync() }()

	serverMemoryLimit()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// An editor that closes our stdout must not kill us with SIGPIPE: the
	// failed write makes the server stop cleanly instead.
	signal.Ignore(syscall.SIGPIPE)
	logger.Info("tosca-ls starting", zap.String("version", versionString()), zap.Int("pid", os.Getpid()))
	err = server.Run(ctx, stdin, stdout, server.Options{
		Version:   versionString(),
		Logger:    logger,
		Level:     &level,
		TestHooks: os.Getenv("TOSCA_LS_TEST_HOOKS") == "1",
	})
	switch {
	case errors.Is(err, server.ErrExitWithoutShutdown):
		logger.Warn("exit without shutdown")
		return 1
	case err != nil:
		logger.Error("server stopped", zap.Error(err))
		return 1
	}
	logger.Info("tosca-ls stopped")
	return 0
}

// batchGC lets a one-shot command (check, graph) run without collections
// until its heap reaches a soft limit of batchMemoryFloor, raised with the
// live heap after each collection (see followMemoryLimit), unless GOGC or
// GOMEMLIMIT says otherwise. It holds its whole workspace until it exits,
// and what it allocates besides is mostly garbage of one file at a time
// (its parse trees are recycled in arenas): the DMTF set (7,400 files)
// then needs no collection at all, where GOGC=1500 under the same limit
// still collected twice, 6% of check's time.
func batchGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(-1)
	}
	followMemoryLimit(batchMemoryFloor)
}
