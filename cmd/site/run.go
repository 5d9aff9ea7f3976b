package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"substep/internal/app"
	"substep/internal/words"
)

// commands are site's subcommands, in the order help lists them: how each
// is called, and what it does in one line.
var commands = []struct{ name, usage, does string }{
	{"serve", "site [serve] [-addr 127.0.0.1:8080] [-content DIR] [-db FILE] [-attempts FILE] [-cards cards.cdb]", "serve the site (the default when no command is given)"},
	{"build", "site build [-o substep.db] [-content DIR]", "compile the content into a SQLite database file"},
	{"check", "site check [-content DIR]", "validate every page and scenario; exits non-zero on a problem"},
	{"replay", "site replay FILE... [-format goat,hat|all] [-json] [-puzzle OUT.lua]", "replay a scenario under each format (exits non-zero when an expectation fails), or export it as an EDOPro puzzle"},
	{"deck-check", "site deck-check FILE [-format goat|edison|hat|domain] [-list FILE.lflist.conf] [-master NAME] [-cards cards.cdb] [-why] [-json]", "check a deck (.ydk, ydke:// or a card list) in a format, or against an EDOPro list"},
	{"cards-db", "site cards-db [-o cards.cdb]", "write the card catalogue as a YGOPro cards.cdb"},
	{"pools", "site pools [-from ../shared/formats] [-o pools/data] | site pools -export goat", "re-derive the card-pool data files from the shared EDOPro lists, or print a format's list as a .lflist.conf"},
	{"help", "site help [COMMAND]", "list the commands, or show one command's flags"},
}

// usage prints every command with one line each.
func usage(w io.Writer) {
	fmt.Fprintln(w, "Substep: the rules of the Goat, HAT, Edison and Domain formats, side by side with today's.")
	fmt.Fprintln(w, "\nusage: site [COMMAND] [FLAGS]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-11s %s\n", c.name, c.does)
	}
	fmt.Fprintln(w, "\n'site help COMMAND' or 'site COMMAND -h' shows a command's flags.")
}

// run runs the command line; asking for help is not an error.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || !slices.Contains([]string{"help", "-h", "-help", "--help"}, args[0]) {
		err := runCommand(ctx, args, stdout)
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if len(args) == 1 || args[0] != "help" {
		usage(stdout)
		return nil
	}
	if !slices.ContainsFunc(commands, func(c struct{ name, usage, does string }) bool { return c.name == args[1] }) || args[1] == "help" {
		usage(stdout)
		if args[1] == "help" {
			return nil
		}
		return fmt.Errorf("unknown command %q", args[1])
	}
	err := runCommand(ctx, []string{args[1], "-h"}, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// runCommand parses the command line into a config and runs one command.
func runCommand(ctx context.Context, args []string, stdout io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("site "+cmd, flag.ContinueOnError)
	fs.SetOutput(stdout)
	for _, c := range commands {
		if c.name == cmd {
			fs.Usage = func() {
				fmt.Fprintf(stdout, "usage: %s\n\n%s.\n\nflags:\n", c.usage, strings.ToUpper(c.does[:1])+c.does[1:])
				fs.PrintDefaults()
			}
		}
	}
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
		fs.StringVar(&cfg.ExportToken, "export-token", "", "organiser token for /organiser and /export/attempts.csv (default $SUBSTEP_EXPORT_TOKEN; none: both off)")
		fs.StringVar(&cfg.Issuer, "issuer", "", "the organiser's label on exam codes and certificates (default: the organiser of this Substep site)")
		fs.DurationVar(&cfg.SelfCooldown, "self-cooldown", 10*time.Minute, "default wait between two self-assessments of a format from one address (organisers may change it per format)")
		rateLimit := fs.Bool("rate-limit", true, "limit each client's use of the engine and the databases (20 tokens/s, bursts of 60, a token per 25ms of work); false only for load benchmarks")
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
		fmt.Fprintf(stdout, "wrote %s: %s\n", *out, words.Count(len(c.Site.Pages), "page", "pages"))
		return ix.Close()
	case "replay":
		return replay(fs, args, stdout)
	case "deck-check":
		return deckCheck(fs, args, stdout)
	case "cards-db":
		return cardsDB(fs, args, stdout)
	case "pools":
		return poolsCmd(fs, args, stdout)
	case "check":
		if err := fs.Parse(args); err != nil {
			return err
		}
		return check(stdout, app.ContentFS(cfg.ContentDir))
	default:
		usage(stdout)
		return fmt.Errorf("unknown command %q", cmd)
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
