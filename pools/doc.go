// Package pools holds the card pools of the retro formats Substep covers
// (Goat, Edison, HAT): every card a format allows, with its Forbidden,
// Limited, Semi-Limited or Unlimited status, and the simulator-only
// passcodes ("(GOAT)" and "(Pre-Errata)" versions) that stand for a card in
// EDOPro's lists. It reads and writes EDOPro's .lflist.conf files, resolves
// card names and community abbreviations, and checks decks against a
// format's pool and deck-size rules (Domain decks go to rulings/domain).
//
// The data under data/ is derived from the shared EDOPro lists (see
// Derive); regenerate it with
//
//	go run -tags sqlite_fts5 ./cmd/site pools -from ../shared/formats -o pools/data
//
// It is pure Go: no HTTP, no database, no templates.
package pools

//go:generate go run -tags sqlite_fts5 ../cmd/site pools -from ../../shared/formats -o data
