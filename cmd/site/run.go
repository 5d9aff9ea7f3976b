package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"substep/internal/app"
)

// run parses the command line into a config and runs one command.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("site "+cmd, flag.ContinueOnError)
	var cfg app.Config
	fs.StringVar(&cfg.ContentDir, "content", "", "read content from this folder instead of the embedded copy")
	switch cmd {
	case "serve":
		fs.StringVar(&cfg.Addr, "addr", "127.0.0.1:8080", "listen address")
		fs.StringVar(&cfg.BaseURL, "base-url", "", "canonical URL of the site (default http://ADDR)")
		fs.StringVar(&cfg.CardsPath, "cards", "", "a YGOPro cards.cdb for the Domain deck checker (default: the built-in catalogue)")
		fs.StringVar(&cfg.DBPath, "db", "", "serve a content database made by 'site build' (default: build in memory)")
		fs.StringVar(&cfg.AttemptsPath, "attempts", "attempts.db", "SQLite file for quiz attempts (created if missing)")
		fs.StringVar(&cfg.SharesPath, "shares", "shares.db", "SQLite file for shared replay links, apart from the attempts (created if missing)")
		sharesMB := fs.Int64("shares-max-mb", 512, "size cap of the shared-links file, in MiB")
		fs.StringVar(&cfg.ExportToken, "export-token", "", "token for /export/attempts.csv (default $SUBSTEP_EXPORT_TOKEN; none: export off)")
		rateLimit := fs.Bool("rate-limit", true, "limit each client's use of the engine and the databases (20 tokens/s, bursts of 60, a token per 10ms of work); false only for load benchmarks")
		if err := fs.Parse(args); err != nil {
			return err
		}
		cfg.RateLimit.Off = !*rateLimit
		cfg.ShareLimits.MaxBytes = *sharesMB << 20
		if cfg.ExportToken == "" {
			cfg.ExportToken = os.Getenv("SUBSTEP_EXPORT_TOKEN")
		}
		a, err := app.New(ctx, cfg)
		if err != nil {
			return err
		}
		defer a.Close()
		return a.Run(ctx)
	case "build":
		out := fs.String("o", "substep.db", "output file")
		if err := fs.Parse(args); err != nil {
			return err
		}
		c, err := app.LoadContent(app.ContentFS(cfg.ContentDir))
		if err != nil {
			return err
		}
		abs, _ := filepath.Abs(*out)
		ix, err := c.Build(ctx, abs)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s: %d pages\n", *out, len(c.Site.Pages))
		return ix.Close()
	case "replay":
		return replay(fs, args, stdout)
	case "deck-check":
		return deckCheck(fs, args, stdout)
	case "cards-db":
		return cardsDB(fs, args, stdout)
	case "check":
		if err := fs.Parse(args); err != nil {
			return err
		}
		return check(stdout, app.ContentFS(cfg.ContentDir))
	default:
		return fmt.Errorf("unknown command %q (want serve, build, check, replay, deck-check, cards-db)", cmd)
	}
}

// parseInterspersed parses flags that may come after positional arguments
// ("site replay FILE -format goat"), which the flag package alone stops at.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// readInput reads a file named on the command line, or standard input
// (at most 1 MiB) for "-".
func readInput(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(io.LimitReader(os.Stdin, 1<<20))
	}
	return os.ReadFile(name)
}
