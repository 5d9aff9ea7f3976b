package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"substep/internal/puzzle"
	"substep/rulings"
)

// errExpectations makes `site replay` exit non-zero when an expectation
// fails or the scenario cannot be replayed.
var errExpectations = errors.New("the replay did not meet the scenario's expectations")

// replay is `site replay FILE [-format goat,hat,edison,modern|all] [-json]`.
func replay(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	formats := fs.String("format", "", "comma-separated formats (goat, hat, edison, domain, modern) or all; default: the formats the file names")
	asJSON := fs.Bool("json", false, "print the timelines as JSON")
	puzzleOut := fs.String("puzzle", "", "write the scenario's starting position as an EDOPro puzzle (Lua) to this file (- for standard output) instead of replaying it")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("usage: site replay FILE... [-format goat,hat|all] [-json] [-puzzle OUT.lua] (FILE may be - for standard input)")
	}
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		return err
	}
	failed := false
	for _, name := range files {
		src, err := readInput(name)
		if err != nil {
			return err
		}
		sc, err := rulings.ParseScenario(strings.TrimSuffix(name, ".scn"), src, cat)
		if err != nil {
			return fmt.Errorf("%s:\n%w", name, err)
		}
		if *puzzleOut != "" {
			if len(files) > 1 {
				return fmt.Errorf("-puzzle writes one scenario's puzzle; %d files were given", len(files))
			}
			return writePuzzle(sc, *puzzleOut, stdout)
		}
		var profiles []*rulings.Profile
		ids := sc.Formats
		switch *formats {
		case "":
		case "all":
			ids = rulings.FormatIDs()
		default:
			ids = strings.Split(*formats, ",")
		}
		for _, id := range ids {
			p, ok := rulings.ProfileByID(strings.TrimSpace(id))
			if !ok {
				return fmt.Errorf("unknown format %q (want %s or all)", id, strings.Join(rulings.FormatIDs(), ", "))
			}
			profiles = append(profiles, p)
		}
		var out []*rulings.Timeline
		budget := rulings.NewBudget(0) // the same budget a web request gets for all its formats
		for _, p := range profiles {
			if *formats == "all" && !slices.Contains(sc.Formats, p.ID) {
				// The file's expectations are written for its own formats.
				if !*asJSON {
					fmt.Fprintf(stdout, "%s under %s: not meant for this scenario (it names %s)\n\n", sc.Title, p.Name, strings.Join(sc.Formats, ", "))
				}
				continue
			}
			t := rulings.Replay(context.Background(), sc, p, budget)
			failed = failed || !t.OK()
			out = append(out, t)
			if !*asJSON {
				fmt.Fprintln(stdout, t.Text())
			}
		}
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(out); err != nil {
				return err
			}
		}
	}
	if failed {
		return errExpectations
	}
	return nil
}

// writePuzzle writes sc's starting position as an EDOPro puzzle to out
// ("-": stdout).
func writePuzzle(sc *rulings.Scenario, out string, stdout io.Writer) error {
	lua, err := puzzle.Lua(sc)
	if err != nil {
		return err
	}
	if out == "-" {
		_, err = stdout.Write(lua)
		return err
	}
	if err := os.WriteFile(out, lua, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: the starting position of %q as an EDOPro puzzle\n", out, sc.Title)
	return nil
}
