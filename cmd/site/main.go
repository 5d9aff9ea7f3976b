// Command site serves Substep and runs its offline tasks:
//
//	site [-addr 127.0.0.1:8080] [-content DIR] [-db FILE] [-attempts FILE] [-shares FILE] [-cards cards.cdb] [-export-token T]
//	                                                         serve the site
//	site build -o substep.db                                 compile the content database
//	site check                                               validate every page and scenario; non-zero on problems
//	site replay FILE [-format goat,hat|all] [-json]          replay a scenario; non-zero when an expectation fails
//	site deck-check FILE [-format goat|edison|hat|domain] [-list L.lflist.conf] [-master NAME] [-cards cards.cdb]
//	                                                         check a deck (.ydk, ydke:// or a list)
//	site pools [-from ../shared/formats] [-o pools/data]     re-derive the card-pool data files
//	site pools -export goat                                  print a format's list as an EDOPro .lflist.conf
//	site cards-db -o cards.cdb                               write the card catalogue as a YGOPro cards.cdb
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
