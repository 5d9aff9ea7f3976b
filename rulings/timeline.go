package rulings

import (
	"fmt"
	"strings"
)

// Timeline is the result of replaying a scenario under one format.
type Timeline struct {
	Scenario     string         `json:"scenario"`
	Title        string         `json:"title"`
	Example      string         `json:"example,omitempty"`
	Format       string         `json:"format"`
	FormatName   string         `json:"format_name"`
	Events       []Event        `json:"events"`
	Chains       []Chain        `json:"chains"`
	Final        State          `json:"final"`
	Verdict      *Verdict       `json:"verdict,omitempty"`
	Corrections  []Correction   `json:"corrections,omitempty"` // illegal requests a judge corrects; the replay went on
	Error        *ParseError    `json:"error,omitempty"`
	Expectations []ExpectResult `json:"expectations,omitempty"`
	Assumed      []string       `json:"assumed,omitempty"` // switches the replay relied on that the format's source does not state
	// Match is the match standing when the scenario plays a match
	// ("match:" header or "time is called").
	Match *MatchResult `json:"match,omitempty"`

	profile *Profile
	cat     *Catalogue
	steps   []Step // the state after each action line, in order: the first whole, then changes
	acts    []*Action
	first   int // turn player at the end, for "first response"
	attacks map[string]int
	timings map[string]string // card name -> timing of its first activation
	destroy map[string]string // card name -> "battle" / "effect"
	reveals map[string]bool   // "B hand", "A Deck": what was revealed to verify a resolution
	// triggered: card name -> a Trigger Effect of the card met its
	// condition (segoc.go: queue), whether or not it was then activated.
	triggered map[string]bool
}

// Event is one thing that happened.
type Event struct {
	Seq     int    `json:"seq"`
	Line    int    `json:"line"`
	Turn    int    `json:"turn"`
	Phase   string `json:"phase"`
	Step    string `json:"step,omitempty"`
	Timing  string `json:"timing,omitempty"`
	Kind    string `json:"kind"`
	Player  string `json:"player,omitempty"`
	Card    string `json:"card,omitempty"`
	Text    string `json:"text"`
	Rule    string `json:"rule,omitempty"`
	Assumed bool   `json:"assumed,omitempty"`
}

// Chain is one chain with its links in order (Chain Link 1 first).
type Chain struct {
	N        int    `json:"n"`
	Line     int    `json:"line"`
	Phase    string `json:"phase"`
	Step     string `json:"step,omitempty"`
	Timing   string `json:"timing,omitempty"`
	Links    []Link `json:"links"`
	Resolved bool   `json:"resolved"`
}

// Link is one Chain Link.
type Link struct {
	N          int      `json:"n"`
	Card       string   `json:"card"`
	Effect     string   `json:"effect"`
	Controller string   `json:"controller"`
	Kind       string   `json:"kind"`
	Speed      int      `json:"speed"`
	Targets    []string `json:"targets,omitempty"`
	Costs      []string `json:"costs,omitempty"`
	Negated    bool     `json:"negated,omitempty"`
	Line       int      `json:"line"`
	// Responders lists the players who may respond to this link, in the
	// order they get the chance (clockwise from the player after its
	// controller).
	Responders []string `json:"responders,omitempty"`
	// Player is the player the effect targets ("target an opponent").
	Player string `json:"player,omitempty"`
	// Removed: its player left the game before it resolved.
	Removed bool `json:"removed,omitempty"`
}

// State is the duel at one moment.
type State struct {
	Turn       int           `json:"turn"`
	TurnPlayer string        `json:"turn_player"`
	Phase      string        `json:"phase"`
	Step       string        `json:"step,omitempty"`
	Timing     string        `json:"timing,omitempty"`
	Players    []PlayerState `json:"players"`
	Winner     string        `json:"winner,omitempty"`
	Pending    []string      `json:"pending,omitempty"` // links of a chain not yet resolved
	// Order is the turn rotation from the turn player; Next the player
	// whose turn comes next.
	Order []string `json:"order,omitempty"`
	Next  string   `json:"next,omitempty"`
}

// PlayerState is one player's side of the duel.
type PlayerState struct {
	Player     string      `json:"player"`
	LP         int         `json:"lp"`
	Hand       []string    `json:"hand"`
	DeckSize   int         `json:"deck_size"`
	Monsters   []FieldCard `json:"monsters"`
	SpellTraps []FieldCard `json:"spell_traps"`
	FieldZone  *FieldCard  `json:"field_zone,omitempty"`
	Graveyard  []string    `json:"graveyard"`
	Banished   []string    `json:"banished"`
	Lost       bool        `json:"lost,omitempty"`
	// Zones still free, counting a Trap Monster's second zone and zones held
	// for a card banished for a while.
	FreeMonsterZones   int `json:"free_monster_zones"`
	FreeSpellTrapZones int `json:"free_spell_trap_zones"`
	// Multiplayer (Domain): the player's team, whether they were removed
	// from the game, their Deck Master and how often it went back to its zone.
	Team              string     `json:"team,omitempty"`
	Removed           bool       `json:"removed,omitempty"`
	DeckMaster        *FieldCard `json:"deck_master,omitempty"`
	DeckMasterReturns int        `json:"deck_master_returns,omitempty"`

	deck  []string // Deck contents, top first, for "location" queries
	extra []string // Extra Deck contents, for "location" queries
}

// DeckCards is the Deck's contents, top first, an unnamed card as
// "(card)": what a judge's question may state about a Deck (a situation
// shows the named ones; the order itself stays the engine's).
func (p PlayerState) DeckCards() []string { return append([]string(nil), p.deck...) }

// FieldCard is a card on the field.
type FieldCard struct {
	Card     string `json:"card"`
	Position string `json:"position"`
	ATK      int    `json:"atk,omitempty"`
	DEF      int    `json:"def,omitempty"`
	Counters int    `json:"counters,omitempty"`
	Owner    string `json:"owner,omitempty"` // when not the controller
	// TrapMonster: a Trap Card that is a monster; HoldsSpellTrapZone: it
	// still holds its Spell & Trap Zone as well.
	TrapMonster        bool   `json:"trap_monster,omitempty"`
	HoldsSpellTrapZone bool   `json:"holds_spell_trap_zone,omitempty"`
	EquippedTo         string `json:"equipped_to,omitempty"`
	// Materials are an Xyz Monster's materials, comma-separated.
	Materials string `json:"materials,omitempty"`
	// Zone names its zone ("Extra Monster Zone (column 2)") in scenarios
	// that use zones and columns (link.go).
	Zone string `json:"zone,omitempty"`
}

// MatchResult is the standing of a match: duel wins before this duel, how
// this duel ended, and who takes the match.
type MatchResult struct {
	Wins   map[string]int `json:"wins"`
	Duel   string         `json:"duel"`   // "A", "B", "draw" or "" (not decided)
	Winner string         `json:"winner"` // "A", "B", "draw", "extra duel" or "none"
	Rule   string         `json:"rule,omitempty"`
}

// Verdict ends a replay at an action the format forbids.
type Verdict struct {
	Line    int    `json:"line"`
	Action  string `json:"action"`
	Reason  string `json:"reason"`
	Rule    string `json:"rule"`
	Assumed bool   `json:"assumed,omitempty"`
}

// ExpectResult is one expectation checked against the replay.
type ExpectResult struct {
	Line   int    `json:"line"`
	Format string `json:"format"`
	Query  string `json:"query"`
	Want   string `json:"want"`
	Got    string `json:"got"`
	OK     bool   `json:"ok"`
}

// OK reports whether the replay ran without a scenario error and every
// expectation held.
func (t *Timeline) OK() bool {
	if t.Error != nil {
		return false
	}
	for _, e := range t.Expectations {
		if !e.OK {
			return false
		}
	}
	return true
}

// Text renders the timeline as plain text: the events, the chains, the
// verdict and corrections, the final state and the expectations, each
// written by a section writer below.
func (t *Timeline) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s under %s", t.Title, t.FormatName)
	if t.Example != "" {
		fmt.Fprintf(&b, " (replays %s)", t.Example)
	}
	for _, section := range []func(*strings.Builder){t.textEvents, t.textChains, t.textVerdict, t.textFinal, t.textExpectations} {
		section(&b)
	}
	return b.String()
}

// textEvents writes every event under a heading for each new turn, phase,
// step and Damage Step timing.
func (t *Timeline) textEvents(b *strings.Builder) {
	b.WriteString("\n\nEvents\n")
	where := ""
	for _, e := range t.Events {
		w := fmt.Sprintf("turn %d, %s", e.Turn, e.Phase)
		if e.Step != "" {
			w += ", " + e.Step
		}
		if e.Timing != "" {
			w += ", " + e.Timing
		}
		if w != where {
			fmt.Fprintf(b, "  [%s]\n", w)
			where = w
		}
		line := "    "
		if e.Line > 0 {
			line = fmt.Sprintf("L%-3d", e.Line)
		}
		fmt.Fprintf(b, "  %3d %s %s", e.Seq, line, e.Text)
		if e.Rule != "" {
			if e.Assumed {
				fmt.Fprintf(b, "  (%s; assumed as today)", e.Rule)
			} else {
				fmt.Fprintf(b, "  (%s)", e.Rule)
			}
		} else if e.Assumed {
			b.WriteString("  (assumed as today)")
		}
		b.WriteByte('\n')
	}
}

// textChains writes each chain with its links, targets, costs and
// negations.
func (t *Timeline) textChains(b *strings.Builder) {
	if len(t.Chains) == 0 {
		return
	}
	b.WriteString("\nChains\n")
	for _, c := range t.Chains {
		fmt.Fprintf(b, "  Chain %d (line %d, %s", c.N, c.Line, c.Phase)
		if c.Timing != "" {
			fmt.Fprintf(b, ", %s", c.Timing)
		}
		b.WriteString(")")
		if !c.Resolved {
			b.WriteString(" not resolved")
		}
		b.WriteByte('\n')
		for _, l := range c.Links {
			fmt.Fprintf(b, "    CL%d %s: %s", l.N, l.Controller, l.Effect)
			if len(l.Targets) > 0 {
				fmt.Fprintf(b, " -> %s", strings.Join(l.Targets, ", "))
			}
			if len(l.Costs) > 0 {
				fmt.Fprintf(b, " [cost: %s]", strings.Join(l.Costs, "; "))
			}
			if l.Negated {
				b.WriteString(" (negated)")
			}
			b.WriteByte('\n')
		}
	}
}

// textVerdict writes the verdict on an illegal line, the corrections made
// to illegal trigger orders, and a replay error.
func (t *Timeline) textVerdict(b *strings.Builder) {
	if t.Verdict != nil {
		v := t.Verdict
		fmt.Fprintf(b, "\nVerdict: line %d is illegal: %s", v.Line, v.Reason)
		if v.Rule != "" {
			fmt.Fprintf(b, " (%s", v.Rule)
			if v.Assumed {
				b.WriteString("; assumed as today")
			}
			b.WriteString(")")
		}
		fmt.Fprintf(b, "\n  %s\n", v.Action)
	}
	for _, c := range t.Corrections {
		fmt.Fprintf(b, "\nCorrected: line %d is illegal: %s (%s); %s\n  %s\n", c.Line, c.Reason, c.Rule, c.Fix, c.Action)
	}
	if t.Error != nil {
		fmt.Fprintf(b, "\nError: %s\n", t.Error.Error())
	}
}

// textFinal writes the final state: where the duel stopped, the winner, a
// chain left open, and each player's LP and zones.
func (t *Timeline) textFinal(b *strings.Builder) {
	b.WriteString("\nFinal state")
	fmt.Fprintf(b, " (turn %d, %s's %s", t.Final.Turn, t.Final.TurnPlayer, t.Final.Phase)
	if t.Final.Step != "" {
		fmt.Fprintf(b, ", %s", t.Final.Step)
	}
	if t.Final.Timing != "" {
		fmt.Fprintf(b, ", %s", t.Final.Timing)
	}
	b.WriteString(")\n")
	if t.Final.Winner != "" {
		fmt.Fprintf(b, "  Winner: %s\n", t.Final.Winner)
	}
	if len(t.Final.Pending) > 0 {
		fmt.Fprintf(b, "  Chain still open: %s\n", strings.Join(t.Final.Pending, "; "))
	}
	for _, p := range t.Final.Players {
		fmt.Fprintf(b, "  %s: %d LP, Deck %d\n", p.Player, p.LP, p.DeckSize)
		fmt.Fprintf(b, "    hand: %s\n", listOrNone(p.Hand))
		var ms, ss []string
		for _, m := range p.Monsters {
			ms = append(ms, m.text(true))
		}
		for _, s := range p.SpellTraps {
			ss = append(ss, s.text(false))
		}
		fmt.Fprintf(b, "    monsters: %s\n", listOrNone(ms))
		fmt.Fprintf(b, "    spells/traps: %s\n", listOrNone(ss))
		if p.FieldZone != nil {
			fmt.Fprintf(b, "    field zone: %s\n", p.FieldZone.text(false))
		}
		fmt.Fprintf(b, "    graveyard: %s\n", listOrNone(p.Graveyard))
		fmt.Fprintf(b, "    banished: %s\n", listOrNone(p.Banished))
	}
	if len(t.Assumed) > 0 {
		fmt.Fprintf(b, "\nAssumed as today (the format's source is silent): %s\n", strings.Join(t.Assumed, "; "))
	}
}

// textExpectations writes each expect line with ok or FAIL.
func (t *Timeline) textExpectations(b *strings.Builder) {
	if len(t.Expectations) == 0 {
		return
	}
	b.WriteString("\nExpectations\n")
	for _, e := range t.Expectations {
		mark := "ok  "
		if !e.OK {
			mark = "FAIL"
		}
		fmt.Fprintf(b, "  %s L%d %s = %s", mark, e.Line, e.Query, e.Want)
		if !e.OK {
			fmt.Fprintf(b, " (got %s)", e.Got)
		}
		b.WriteByte('\n')
	}
}

func (f FieldCard) text(monster bool) string {
	s := f.Card + " (" + f.Position
	if monster && f.Position != "face-down Defense Position" {
		s += fmt.Sprintf(", %d/%d", f.ATK, f.DEF)
	}
	if f.Counters > 0 {
		s += fmt.Sprintf(", %d counters", f.Counters)
	}
	if f.Owner != "" {
		s += ", owned by " + f.Owner
	}
	if f.Materials != "" {
		s += ", materials: " + f.Materials
	}
	if f.Zone != "" {
		s += ", " + f.Zone
	}
	return s + ")"
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
