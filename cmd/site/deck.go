package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"substep/internal/app"
	"substep/internal/cardsdb"
	"substep/internal/words"
	"substep/rulings"
	"substep/rulings/domain"
)

// errIllegal makes `site deck-check` exit non-zero for an illegal deck
// after printing the report.
var errIllegal = errors.New("the deck is not legal")

// deckCheck is `site deck-check FILE [-master NAME] [-cards cards.cdb] [-why] [-json]`.
func deckCheck(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	master := fs.String("master", "", "the Deck Master, by name or passcode (or mark it in the list)")
	cards := fs.String("cards", "", "a YGOPro cards.cdb to read card data from (default: the built-in catalogue)")
	why := fs.Bool("why", false, "say why each allowed card is allowed")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return fmt.Errorf("usage: site deck-check FILE [-master NAME] [-cards cards.cdb] [-why] [-json] (FILE may be - for standard input)")
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
	res, err := domain.CheckFile(name, data, *master, src)
	if err != nil {
		return fmt.Errorf("%s: %w", files[0], err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else if err := domain.WriteReport(stdout, res, *why); err != nil {
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
