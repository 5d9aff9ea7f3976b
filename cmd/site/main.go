// Command site serves Substep and runs its offline tasks:
//
//	site [-addr 127.0.0.1:8080] [-content DIR] [-db FILE]   serve the site
//	site build -o substep.db                                 compile the content database
//	site check                                               validate every page; non-zero on problems
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}
