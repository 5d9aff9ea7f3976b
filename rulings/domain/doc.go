// Package domain owns Substep's Domain deck checker: the card model in the
// encodings of the YGOPro card database (type, Attribute and Type bits, set
// codes), the three deck-list parsers (.ydk files, ydke:// URLs and plain
// text lists), the reading of a Deck Master's text into its Domain, and the
// deck-building rules of the Domain format (60 Main Deck cards, at most 15
// Extra Deck cards, one copy of each card, every monster inside the Deck
// Master's Domain).
//
// It is pure Go: no HTTP, no database, no templates. Card data comes in
// through the CardSource interface; internal/cardsdb implements it over a
// YGOPro cards.cdb file, and Index implements it over a slice of cards.
package domain
