package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"substep/internal/app"
	"substep/internal/cardsdb"
	"substep/internal/words"
	"substep/pools"
	"substep/rulings"
)

// errIllegal makes `site deck-check` exit non-zero for an illegal deck
// after printing the report.
var errIllegal = errors.New("the deck is not legal")

// deckCheck is `site deck-check FILE [-format goat|edison|hat|domain]
// [-list FILE.lflist.conf] [-master NAME] [-cards cards.cdb] [-why] [-json]`.
func deckCheck(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	format := fs.String("format", "domain", "the format: goat, edison, hat or domain")
	list := fs.String("list", "", "check against this EDOPro .lflist.conf instead of a format's own list")
	master := fs.String("master", "", "Domain: the Deck Master, by name or passcode (or mark it in the list)")
	cards := fs.String("cards", "", "a YGOPro cards.cdb to read card data from (default: the built-in catalogue)")
	why := fs.Bool("why", false, "list every card with its status (Domain: why each allowed card is allowed)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return fmt.Errorf("usage: site deck-check FILE [-format goat|edison|hat|domain] [-list FILE.lflist.conf] [-master NAME] [-cards cards.cdb] [-why] [-json] (FILE may be - for standard input)")
	}
	data, err := readInput(files[0])
	if err != nil {
		return err
	}
	name := files[0]
	if name == "-" {
		name = "" // standard input: detect the format from the content
	}
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		return err
	}
	src, err := app.DeckCards(*cards, cat)
	if err != nil {
		return err
	}
	set, err := pools.Default()
	if err != nil {
		return err
	}
	ch := &pools.Checker{Set: set, Cards: src}
	var res pools.Result
	if *list != "" {
		raw, err := os.ReadFile(*list)
		if err != nil {
			return err
		}
		l, err := pools.ParseLFList(bytes.NewReader(raw))
		if err != nil {
			return fmt.Errorf("%s: %w", *list, err)
		}
		res, err = ch.CheckIn(set.WithList(l), name, data)
		if err != nil {
			return fmt.Errorf("%s: %w", files[0], err)
		}
	} else if res, err = ch.Check(*format, name, data, *master); err != nil {
		return fmt.Errorf("%s: %w", files[0], err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else if err := pools.WriteReport(stdout, res, *why); err != nil {
		return err
	}
	if !res.Legal {
		return errIllegal
	}
	return nil
}

// cardsDB is `site cards-db -o cards.cdb`: the built-in catalogue written in
// the YGOPro cards.cdb layout.
func cardsDB(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	out := fs.String("o", "cards.cdb", "output file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		return err
	}
	if err := cardsdb.WriteCatalogue(*out, cat); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %s\n", *out, words.Count(len(cat.Cards()), "card", "cards"))
	return nil
}
