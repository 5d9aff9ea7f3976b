package domain

import (
	"fmt"
	"strings"
)

// How a card gets into a Domain (Reason.By).
const (
	ByName      = "name"      // a monster named in the Deck Master's text
	ByArchetype = "archetype" // an archetype of the Deck Master, or named in or through its text
	ByAttribute = "attribute"
	ByType      = "type"
	ByDivine    = "divine" // DIVINE monsters and Divine-Beasts are in every Domain
	BySpell     = "spell"  // Spell Cards are in every Domain
	ByTrap      = "trap"   // Trap Cards are in every Domain
)

// Reason says why a card is allowed.
type Reason struct {
	Card     string `json:"card"`
	Passcode uint32 `json:"passcode"`
	By       string `json:"by"`     // one of the By* constants
	Detail   string `json:"detail"` // the Attribute, Type or archetype that admits it, or a sentence
}

var byLabels = map[string]string{
	ByName: "name", ByArchetype: "archetype", ByAttribute: "Attribute", ByType: "Type",
	ByDivine: "the DIVINE rule", BySpell: "card type", ByTrap: "card type",
}

// String reads like "Cyber Dragon: allowed by Type, Machine".
func (r Reason) String() string {
	return fmt.Sprintf("%s: allowed by %s, %s", r.Card, byLabels[r.By], r.Detail)
}

// DomainEntry is one thing a Domain contains, and how it got there.
type DomainEntry struct {
	Name string `json:"name"`
	Via  string `json:"via"` // "its own Attribute", "named in its text", ...
}

// DomainSummary is what a Deck Master's Domain contains, for display.
type DomainSummary struct {
	DeckMaster string        `json:"deck_master"`
	Cards      []DomainEntry `json:"cards,omitempty"` // monsters named in its text
	Archetypes []DomainEntry `json:"archetypes,omitempty"`
	Attributes []DomainEntry `json:"attributes,omitempty"`
	Types      []DomainEntry `json:"types,omitempty"`
	Always     []string      `json:"always"` // what every Domain holds
	// Unresolved lists quoted names in its text that are neither a card nor
	// an archetype this card database knows; they admit nothing.
	Unresolved []string `json:"unresolved,omitempty"`
}

// Domain is the card pool a Deck Master allows for the Main and Extra Deck.
type Domain struct {
	master     *Card
	sets       *SetNames
	attrs      uint32
	races      uint64
	archetypes []uint16
	named      map[uint32]*Card // by Canonical passcode
	summary    DomainSummary
}

// Via texts.
const (
	viaOwnAttribute = "its own Attribute"
	viaOwnType      = "its own Type"
	viaOwnArchetype = "its own archetype"
	viaText         = "named in its text"
	viaToken        = "named in a token definition in its text"
)

// NewDomain works out master's Domain:
//   - its own Attribute, Type and archetypes, each archetype taken at its
//     base ("Destiny HERO" brings all of "HERO"), or as each of its named
//     sub-archetypes when the base is no archetype of its own ("Dark Magician
//     Girl" brings "Dark Magician" and "Magician Girl");
//   - from its text (the flavour text of a Normal Monster names nothing):
//     monsters named in quotes and their archetypes, archetypes named in
//     quotes, Attributes and Types, including those of tokens it defines;
//   - and, in every Domain, Spell and Trap Cards, DIVINE monsters and
//     Divine-Beasts.
//
// Abilities, card types, Levels, ATK/DEF and series names never count. src
// resolves quoted names; its archetype table is used if it has one
// (SetNamer), else DefaultSetNames.
func NewDomain(master *Card, src CardSource) *Domain {
	d := &Domain{master: master, sets: setNamesOf(src), named: map[uint32]*Card{}}
	d.summary = DomainSummary{
		DeckMaster: master.Name,
		Always:     []string{"Spell Cards", "Trap Cards", "DIVINE monsters", "Divine-Beast monsters"},
	}
	d.addAttributes(master.Attribute, viaOwnAttribute)
	d.addRaces(master.Race, viaOwnType)
	for _, s := range master.Setcodes {
		for _, q := range d.sets.domainArchetypes(s) {
			via := viaOwnArchetype
			if q == s&0xfff && q != s {
				via = fmt.Sprintf("the base archetype of its own %q", d.sets.Label(s))
			}
			d.addArchetype(q, via)
		}
	}
	if master.Type&TypeNormal != 0 && master.Type&TypePendulum == 0 {
		return d
	}
	m := ParseMentions(master.Text)
	d.addAttributes(m.Attributes, viaText)
	d.addRaces(m.Races, viaText)
	d.addAttributes(m.TokenAttributes, viaToken)
	d.addRaces(m.TokenRaces, viaToken)
	for _, name := range m.Quoted {
		if isTokenName(name) {
			continue
		}
		c, isCard := src.ByName(name)
		code, isArchetype := d.sets.Code(name)
		if isCard && (c.Canonical() == master.Canonical() || foldName(c.Name) == foldName(master.Name)) {
			continue // the Deck Master naming itself
		}
		if isCard && c.IsMonster() {
			if _, dup := d.named[c.Canonical()]; !dup {
				d.named[c.Canonical()] = c
				d.summary.Cards = append(d.summary.Cards, DomainEntry{Name: c.Name, Via: viaText})
			}
			for _, s := range c.Setcodes {
				for _, q := range d.sets.domainArchetypes(s) {
					d.addArchetype(q, fmt.Sprintf("an archetype of %q, named in its text", c.Name))
				}
			}
		}
		if isArchetype {
			for _, q := range d.sets.domainArchetypes(code) {
				via := viaText
				if q != code {
					via = fmt.Sprintf("the base archetype of %q, named in its text", d.sets.Label(code))
				}
				d.addArchetype(q, via)
			}
		}
		if !isCard && !isArchetype {
			d.summary.Unresolved = append(d.summary.Unresolved, name)
		}
	}
	return d
}

func setNamesOf(src CardSource) *SetNames {
	if sn, ok := src.(SetNamer); ok {
		if s := sn.SetNames(); s != nil {
			return s
		}
	}
	return DefaultSetNames()
}

func (d *Domain) addAttributes(bits uint32, via string) {
	for _, name := range AttributeNames(bits &^ d.attrs) {
		d.summary.Attributes = append(d.summary.Attributes, DomainEntry{Name: name, Via: via})
	}
	d.attrs |= bits
}

func (d *Domain) addRaces(bits uint64, via string) {
	for _, name := range RaceNames(bits &^ d.races) {
		d.summary.Types = append(d.summary.Types, DomainEntry{Name: name, Via: via})
	}
	d.races |= bits
}

func (d *Domain) addArchetype(q uint16, via string) {
	for _, have := range d.archetypes {
		if have == q {
			return
		}
	}
	d.archetypes = append(d.archetypes, q)
	d.summary.Archetypes = append(d.summary.Archetypes, DomainEntry{Name: d.sets.Label(q), Via: via})
}

// Master is the Deck Master whose Domain this is.
func (d *Domain) Master() *Card { return d.master }

// Summary is what the Domain contains, for display.
func (d *Domain) Summary() DomainSummary { return d.summary }

// Admits reports whether c may be in a deck led by this Deck Master, and
// why. The first reason found is given, in this order: a card named in the
// text, archetype, Attribute, Type, then the rules that hold in every
// Domain.
func (d *Domain) Admits(c *Card) (Reason, bool) {
	r := Reason{Card: c.Name, Passcode: c.Passcode}
	switch {
	case c.IsSpell():
		r.By, r.Detail = BySpell, "Spell Cards are in every Domain"
		return r, true
	case c.IsTrap():
		r.By, r.Detail = ByTrap, "Trap Cards are in every Domain"
		return r, true
	}
	if _, ok := d.named[c.Canonical()]; ok {
		r.By, r.Detail = ByName, fmt.Sprintf("named in the text of %s", d.master.Name)
		return r, true
	}
	for _, s := range c.Setcodes {
		for _, q := range d.archetypes {
			if Matches(s, q) {
				r.By, r.Detail = ByArchetype, d.sets.Label(q)
				return r, true
			}
		}
	}
	if a := c.Attribute & d.attrs; a != 0 {
		r.By, r.Detail = ByAttribute, strings.Join(AttributeNames(a), ", ")
		return r, true
	}
	if t := c.Race & d.races; t != 0 {
		r.By, r.Detail = ByType, strings.Join(RaceNames(t), ", ")
		return r, true
	}
	if c.Attribute&AttrDivine != 0 {
		r.By, r.Detail = ByDivine, "DIVINE monsters are in every Domain"
		return r, true
	}
	if c.Race&RaceDivineBeast != 0 {
		r.By, r.Detail = ByDivine, "Divine-Beast monsters are in every Domain"
		return r, true
	}
	return r, false
}

// whyNot explains, in plain words, why a monster is outside the Domain.
func (d *Domain) whyNot(c *Card) string {
	var parts []string
	if a := AttributeNames(c.Attribute); len(a) > 0 {
		parts = append(parts, "its Attribute ("+strings.Join(a, ", ")+")")
	}
	if t := RaceNames(c.Race); len(t) > 0 {
		parts = append(parts, "its Type ("+strings.Join(t, ", ")+")")
	}
	var archs []string
	for _, s := range c.Setcodes {
		archs = append(archs, fmt.Sprintf("%q", d.sets.Label(s)))
	}
	if len(archs) > 0 {
		parts = append(parts, "its archetype ("+strings.Join(archs, ", ")+")")
	}
	head := fmt.Sprintf("%s is outside the Domain of %s: ", c.Describe(), d.master.Name)
	tail := "the Deck Master's text does not name it."
	switch len(parts) {
	case 0:
		return head + tail
	case 1:
		return head + parts[0] + " is not in it, and " + tail
	}
	return head + "neither " + strings.Join(parts[:len(parts)-1], ", ") + " nor " + parts[len(parts)-1] + " is in it, and " + tail
}
