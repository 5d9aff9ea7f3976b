// Package puzzle writes a scenario's starting position as an EDOPro puzzle:
// a Lua script for the simulator's puzzle mode, so a player can play a
// disputed position out in the client they already use.
//
// The script uses EDOPro's puzzle API as EDOPro's own puzzles do (for
// example "single/[WCS2006]10_gilford.lua" in the YGOPro puzzle collection,
// and the files written by senpaizuri's Puzzle Maker):
//
//	Debug.SetAIName(name)
//	Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI, 5)
//	Debug.SetPlayerInfo(player, lp, 0, 0)
//	local c = Debug.AddCard(passcode, owner, player, LOCATION_x, sequence, POS_x[, true])
//	Debug.PreEquip(equip, monster)
//	Debug.ReloadFieldEnd()
//	Debug.ShowHint(text)
//	aux.BeginPuzzle()
//
// A puzzle always starts in Main Phase 1 of player 0's turn, so the
// scenario's turn player becomes player 0 (the one at the keyboard). The
// script's comments say what the simulator cannot set: another starting
// phase, the turn number, counters, cards without a name.
package puzzle

import (
	"errors"
	"fmt"
	"strings"

	"substep/internal/words"
	"substep/rulings"
)

// ErrPlayers is returned for scenarios with more than two players: an
// EDOPro puzzle is a two-player duel.
var ErrPlayers = errors.New("an EDOPro puzzle has two players; this scenario has more")

// Lua is the puzzle script for sc's starting position.
func Lua(sc *rulings.Scenario) ([]byte, error) {
	if len(sc.Players) != 2 {
		return nil, fmt.Errorf("%w (%d)", ErrPlayers, len(sc.Players))
	}
	w := &writer{}
	// seat maps the scenario's players to the puzzle's: the turn player is
	// player 0.
	seat := [2]int{0, 1}
	if sc.Turn == 1 {
		seat = [2]int{1, 0}
	}
	name := func(p int) string { return sc.Names[p] }
	me, opp := name(sc.Turn), name(1-sc.Turn)

	w.comment("EDOPro puzzle made by Substep from the scenario " + quoteName(sc.Title) + ".")
	if len(sc.Formats) > 0 {
		w.comment("Formats it was written for: " + strings.Join(sc.Formats, ", ") + ".")
	}
	w.comment(fmt.Sprintf("You are %s (the turn player, player 0); the AI is %s (player 1).", me, opp))
	if sc.TurnNumber > 1 {
		w.comment(fmt.Sprintf("The scenario is on turn %d; the puzzle cannot set the turn number.", sc.TurnNumber))
	}
	if sc.Phase != "" && sc.Phase != "main1" {
		w.comment("The scenario starts in the " + phaseName(sc.Phase) + "; an EDOPro puzzle always starts in Main Phase 1.")
	}
	w.comment("Put this file in EDOPro's puzzles folder and open it from Puzzles.")
	w.line("")
	w.line("Debug.SetAIName(" + luaString("Substep: "+opp) + ")")
	w.line("Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)")
	for _, p := range []int{sc.Turn, 1 - sc.Turn} {
		lp := sc.Players[p].LP
		if lp == 0 {
			lp = 8000
		}
		w.line(fmt.Sprintf("Debug.SetPlayerInfo(%d,%d,0,0)", seat[p], lp))
	}
	type equip struct {
		v, to string
		p     int
	}
	type monster struct {
		v, name string
		p       int
	}
	var equips []equip
	var monsters []monster
	for _, p := range []int{sc.Turn, 1 - sc.Turn} {
		st := sc.Players[p]
		pl := seat[p]
		zone := func(title string, specs []rulings.CardSpec, loc string, reverse bool, pos func(rulings.CardSpec) string, field bool) {
			var lines, left []string
			unnamed := 0
			order := make([]int, len(specs))
			for i := range specs {
				order[i] = i
				if reverse {
					order[i] = len(specs) - 1 - i
				}
			}
			for _, i := range order {
				sp := specs[i]
				if sp.Card == nil {
					unnamed++
					continue
				}
				if sp.Card.Passcode == 0 {
					left = append(left, sp.Card.Name+" (no passcode known)")
					continue
				}
				owner := pl
				if sp.Owner >= 0 && sp.Owner < 2 {
					owner = seat[sp.Owner]
				}
				seq := 0
				if field {
					seq = i
				}
				call := fmt.Sprintf("Debug.AddCard(%d,%d,%d,%s,%d,%s", sp.Card.Passcode, owner, pl, loc, seq, pos(sp))
				if field && loc == "LOCATION_MZONE" && !sp.FaceDown {
					call += ",true" // properly Summoned: it can be sent back, revived, …
				}
				call += ") -- " + sp.Card.Name
				if sp.Counters > 0 {
					call += fmt.Sprintf(" (the scenario gives it %d counters; add them by hand)", sp.Counters)
				}
				switch {
				case sp.EquipTo != "":
					v := fmt.Sprintf("e%d", len(equips)+1)
					call = "local " + v + " = " + call
					equips = append(equips, equip{v, sp.EquipTo, p})
				case loc == "LOCATION_MZONE":
					v := fmt.Sprintf("m%d_%d", pl, i)
					call = "local " + v + " = " + call
					monsters = append(monsters, monster{v, sp.Card.Name, p})
				}
				lines = append(lines, call)
			}
			if unnamed > 0 {
				left = append(left, words.Count(unnamed, "unnamed card", "unnamed cards")+" (a puzzle card needs a passcode)")
			}
			if len(lines) == 0 && len(left) == 0 {
				return
			}
			w.line("")
			w.comment(title + " (" + name(p) + ")")
			for _, l := range lines {
				w.line(l)
			}
			for _, l := range left {
				w.comment("left out: " + l)
			}
		}
		faceDown := func(rulings.CardSpec) string { return "POS_FACEDOWN" }
		faceUp := func(rulings.CardSpec) string { return "POS_FACEUP" }
		zone("Deck, the top card last", st.Deck, "LOCATION_DECK", true, faceDown, false)
		zone("Hand", st.Hand, "LOCATION_HAND", false, faceDown, false)
		zone("Extra Deck", st.Extra, "LOCATION_EXTRA", false, faceDown, false)
		zone("Graveyard", st.GY, "LOCATION_GRAVE", false, faceUp, false)
		zone("Banished", st.Banished, "LOCATION_REMOVED", false, faceUp, false)
		zone("Monster Zones", st.Monsters, "LOCATION_MZONE", false, monsterPos, true)
		zone("Spell & Trap Zones", st.Spells, "LOCATION_SZONE", false, spellPos, true)
		zone("Field Zone", st.Field, "LOCATION_FZONE", false, spellPos, false)
		if len(st.DeckMaster) > 0 {
			w.line("")
			w.comment("Deck Master (" + name(p) + "): EDOPro has no Deck Master Zone; " + st.DeckMaster[0].Card.Name + " is left out.")
		}
	}
	// Equip cards name their monster; bind each to the first monster of
	// that name its controller has.
	if len(equips) > 0 {
		w.line("")
		w.comment("Equip cards and the monsters they equip")
		for _, e := range equips {
			// The equipping player's own monster of that name first, then
			// the opponent's ("equipped to B's Sangan" names it either way).
			target := ""
			for _, own := range []bool{true, false} {
				for _, m := range monsters {
					if target == "" && (m.p == e.p) == own && strings.Contains(strings.ToLower(e.to), strings.ToLower(m.name)) {
						target = m.v
					}
				}
			}
			if target == "" {
				w.comment("left out: equipping to " + e.to + ", which is not on the field")
				continue
			}
			w.line("Debug.PreEquip(" + e.v + "," + target + ")")
		}
	}
	w.line("")
	w.line("Debug.ReloadFieldEnd()")
	w.line("Debug.ShowHint(" + luaString(sc.Title+" — replay it by the scenario's script, or play it out.") + ")")
	w.line("aux.BeginPuzzle()")
	return []byte(w.b.String()), nil
}

func monsterPos(sp rulings.CardSpec) string {
	switch {
	case sp.FaceDown:
		return "POS_FACEDOWN_DEFENSE"
	case sp.Defense:
		return "POS_FACEUP_DEFENSE"
	}
	return "POS_FACEUP_ATTACK"
}

func spellPos(sp rulings.CardSpec) string {
	if sp.FaceDown {
		return "POS_FACEDOWN"
	}
	return "POS_FACEUP"
}

func phaseName(id string) string {
	switch id {
	case "draw":
		return "Draw Phase"
	case "standby":
		return "Standby Phase"
	case "battle":
		return "Battle Phase"
	case "main2":
		return "Main Phase 2"
	case "end":
		return "End Phase"
	}
	return id
}

type writer struct{ b strings.Builder }

func (w *writer) line(s string) { w.b.WriteString(s + "\n") }

// comment writes one Lua line comment; s is made one line first, so no
// text can end the comment early.
func (w *writer) comment(s string) { w.line("-- " + oneLine(s)) }

// oneLine replaces every control character with a space and cuts s to 200
// runes: a scenario's title is whatever its author typed.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	if rs := []rune(s); len(rs) > 200 {
		s = string(rs[:199]) + "…"
	}
	return s
}

// luaString is s as a Lua string literal: one line, backslashes and quotes
// escaped.
func luaString(s string) string {
	s = oneLine(s)
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return `"` + s + `"`
}

func quoteName(s string) string { return "“" + s + "”" }
