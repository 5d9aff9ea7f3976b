package rulings

import "slices"

// Step is the duel right after one line of the script, for viewers that
// walk a replay forward and back. The first step carries the whole State;
// every later step carries only what changed since the step before it
// (Change, nil when nothing did), so a long script of quiet lines costs
// little. StepStates rebuilds each step's whole state.
type Step struct {
	Line   int          `json:"line"`
	Action string       `json:"action"` // the script line as written
	State  *State       `json:"state,omitempty"`
	Change *StateChange `json:"change,omitempty"`
}

// StateChange is what changed between two steps: each field that is set
// replaces the one before; players are named by Player and list only
// their changed fields.
type StateChange struct {
	Turn       *int           `json:"turn,omitempty"`
	TurnPlayer *string        `json:"turn_player,omitempty"`
	Phase      *string        `json:"phase,omitempty"`
	Step       *string        `json:"step,omitempty"`
	Timing     *string        `json:"timing,omitempty"`
	Winner     *string        `json:"winner,omitempty"`
	Pending    *[]string      `json:"pending,omitempty"`
	Order      *[]string      `json:"order,omitempty"`
	Next       *string        `json:"next,omitempty"`
	Players    []PlayerChange `json:"players,omitempty"`
}

// PlayerChange is what changed on one player's side.
type PlayerChange struct {
	Player             string       `json:"player"`
	LP                 *int         `json:"lp,omitempty"`
	Hand               *[]string    `json:"hand,omitempty"`
	DeckSize           *int         `json:"deck_size,omitempty"`
	Monsters           *[]FieldCard `json:"monsters,omitempty"`
	SpellTraps         *[]FieldCard `json:"spell_traps,omitempty"`
	FieldZone          **FieldCard  `json:"field_zone,omitempty"` // set to null when the Field Zone empties
	Graveyard          *[]string    `json:"graveyard,omitempty"`
	Banished           *[]string    `json:"banished,omitempty"`
	Lost               *bool        `json:"lost,omitempty"`
	FreeMonsterZones   *int         `json:"free_monster_zones,omitempty"`
	FreeSpellTrapZones *int         `json:"free_spell_trap_zones,omitempty"`
	Team               *string      `json:"team,omitempty"`
	Removed            *bool        `json:"removed,omitempty"`
	DeckMaster         **FieldCard  `json:"deck_master,omitempty"`
	DeckMasterReturns  *int         `json:"deck_master_returns,omitempty"`

	deck  *[]string
	extra *[]string
}

// Steps lists the steps of the script lines that ran, in order. The first
// step, with Line 0, is the starting position when the replay recorded one.
func (t *Timeline) Steps() []Step {
	text := map[int]string{}
	for _, a := range t.acts {
		text[a.Line] = a.Text
	}
	out := slices.Clone(t.steps)
	for i := range out {
		out[i].Action = text[out[i].Line]
	}
	return out
}

// StepStates rebuilds the whole state at each step from the first step's
// state and the changes after it.
func StepStates(steps []Step) []State {
	out := make([]State, 0, len(steps))
	var cur State
	for _, s := range steps {
		switch {
		case s.State != nil:
			cur = *s.State
		case s.Change != nil:
			cur = s.Change.apply(cur)
		}
		out = append(out, cur)
	}
	return out
}

// stateAt is the state after script line n, if the replay reached it.
func (t *Timeline) stateAt(n int) (State, bool) {
	var cur State
	found := false
	for _, s := range t.steps {
		switch {
		case s.State != nil:
			cur = *s.State
		case s.Change != nil:
			cur = s.Change.apply(cur)
		}
		if s.Line == n {
			found = true
			break
		}
	}
	return cur, found
}

// reached reports whether the replay recorded a step for script line n.
func (t *Timeline) reached(n int) bool {
	for _, s := range t.steps {
		if s.Line == n {
			return true
		}
	}
	return false
}

// snapshot records the step after a script line, charging the budget
// for what it stores.
func (d *duel) snapshot(line int) {
	st := d.state()
	step := Step{Line: line}
	cost := 1
	if d.last == nil {
		step.State = &st
		cost += st.entries()
	} else if ch, n := diffState(d.last, &st); n > 0 {
		step.Change, cost = ch, cost+n
	}
	d.last = &st
	d.remember()
	d.t.steps = append(d.t.steps, step)
	if !d.budget.spend(cost) {
		d.overBudget()
	}
}

// entries counts a state's card entries and fields, its budget cost.
func (st *State) entries() int {
	n := 10 + len(st.Pending) + len(st.Order)
	for _, p := range st.Players {
		n += 12 + len(p.Hand) + len(p.deck) + len(p.Monsters) + len(p.SpellTraps) + len(p.Graveyard) + len(p.Banished)
	}
	return n
}

// diffState tells b against a: the change and how many entries it holds.
func diffState(a, b *State) (*StateChange, int) {
	c, n := &StateChange{}, 0
	setIf(&c.Turn, a.Turn, b.Turn, &n)
	setIf(&c.TurnPlayer, a.TurnPlayer, b.TurnPlayer, &n)
	setIf(&c.Phase, a.Phase, b.Phase, &n)
	setIf(&c.Step, a.Step, b.Step, &n)
	setIf(&c.Timing, a.Timing, b.Timing, &n)
	setIf(&c.Winner, a.Winner, b.Winner, &n)
	setIf(&c.Next, a.Next, b.Next, &n)
	setList(&c.Pending, a.Pending, b.Pending, &n)
	setList(&c.Order, a.Order, b.Order, &n)
	for i := range b.Players {
		if i >= len(a.Players) {
			break
		}
		if pc, k := diffPlayer(&a.Players[i], &b.Players[i]); k > 0 {
			c.Players, n = append(c.Players, *pc), n+k
		}
	}
	return c, n
}

func diffPlayer(a, b *PlayerState) (*PlayerChange, int) {
	c, n := &PlayerChange{Player: b.Player}, 0
	setIf(&c.LP, a.LP, b.LP, &n)
	setIf(&c.DeckSize, a.DeckSize, b.DeckSize, &n)
	setIf(&c.Lost, a.Lost, b.Lost, &n)
	setIf(&c.FreeMonsterZones, a.FreeMonsterZones, b.FreeMonsterZones, &n)
	setIf(&c.FreeSpellTrapZones, a.FreeSpellTrapZones, b.FreeSpellTrapZones, &n)
	setIf(&c.Team, a.Team, b.Team, &n)
	setIf(&c.Removed, a.Removed, b.Removed, &n)
	setIf(&c.DeckMasterReturns, a.DeckMasterReturns, b.DeckMasterReturns, &n)
	setList(&c.Hand, a.Hand, b.Hand, &n)
	setList(&c.Graveyard, a.Graveyard, b.Graveyard, &n)
	setList(&c.Banished, a.Banished, b.Banished, &n)
	setList(&c.deck, a.deck, b.deck, &n)
	setList(&c.extra, a.extra, b.extra, &n)
	setList(&c.Monsters, a.Monsters, b.Monsters, &n)
	setList(&c.SpellTraps, a.SpellTraps, b.SpellTraps, &n)
	setCard(&c.FieldZone, a.FieldZone, b.FieldZone, &n)
	setCard(&c.DeckMaster, a.DeckMaster, b.DeckMaster, &n)
	return c, n
}

func setIf[T comparable](dst **T, a, b T, n *int) {
	if a != b {
		*dst, *n = &b, *n+1
	}
}

func setList[T comparable](dst **[]T, a, b []T, n *int) {
	if len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0] || slices.Equal(a, b)) {
		return // the same list (often the very slice of the step before)
	}
	if b == nil {
		b = []T{}
	}
	*dst, *n = &b, *n+1+len(b)
}

func setCard(dst ***FieldCard, a, b *FieldCard, n *int) {
	if a == b || (a != nil && b != nil && *a == *b) {
		return
	}
	*dst, *n = &b, *n+1
}

// apply is st with the change made.
func (c *StateChange) apply(st State) State {
	put(&st.Turn, c.Turn)
	put(&st.TurnPlayer, c.TurnPlayer)
	put(&st.Phase, c.Phase)
	put(&st.Step, c.Step)
	put(&st.Timing, c.Timing)
	put(&st.Winner, c.Winner)
	put(&st.Next, c.Next)
	put(&st.Pending, c.Pending)
	put(&st.Order, c.Order)
	if len(c.Players) == 0 {
		return st
	}
	st.Players = slices.Clone(st.Players)
	for _, pc := range c.Players {
		for i := range st.Players {
			if st.Players[i].Player == pc.Player {
				pc.applyTo(&st.Players[i])
			}
		}
	}
	return st
}

func (c *PlayerChange) applyTo(p *PlayerState) {
	put(&p.LP, c.LP)
	put(&p.DeckSize, c.DeckSize)
	put(&p.Lost, c.Lost)
	put(&p.FreeMonsterZones, c.FreeMonsterZones)
	put(&p.FreeSpellTrapZones, c.FreeSpellTrapZones)
	put(&p.Team, c.Team)
	put(&p.Removed, c.Removed)
	put(&p.DeckMasterReturns, c.DeckMasterReturns)
	put(&p.Hand, c.Hand)
	put(&p.Graveyard, c.Graveyard)
	put(&p.Banished, c.Banished)
	put(&p.deck, c.deck)
	put(&p.extra, c.extra)
	put(&p.Monsters, c.Monsters)
	put(&p.SpellTraps, c.SpellTraps)
	put(&p.FieldZone, c.FieldZone)
	put(&p.DeckMaster, c.DeckMaster)
}

func put[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// The piles whose names a step reuses from the step before when their
// cards did not change (a quiet line then costs no copying of long lists).
const (
	zcHand = iota
	zcGY
	zcBanished
	zcDeck
	zcExtra
	zcZones
)

// zoneNames is the names of the cards of one of player p's piles: the
// slice of the last step when the same cards lie there, new ones otherwise.
func (d *duel) zoneNames(p, zone int, list []*inst) []string {
	if d.last != nil && p < len(d.zc) && p < len(d.last.Players) && sameCards(d.zc[p][zone], list) {
		ps := &d.last.Players[p]
		return [...][]string{ps.Hand, ps.Graveyard, ps.Banished, ps.deck, ps.extra}[zone]
	}
	return names(list)
}

func sameCards(cards []*Card, list []*inst) bool {
	if len(cards) != len(list) {
		return false
	}
	for i, c := range list {
		if cards[i] != c.c {
			return false
		}
	}
	return true
}

// remember notes which cards each pile held at the step just taken.
func (d *duel) remember() {
	if len(d.zc) != len(d.pl) {
		d.zc = make([][zcZones][]*Card, len(d.pl))
	}
	for p, ps := range d.pl {
		if ps == nil {
			continue
		}
		for z, list := range [zcZones][]*inst{ps.hand, ps.gy, ps.banished, ps.deck, ps.extra} {
			if sameCards(d.zc[p][z], list) {
				continue
			}
			cards := d.zc[p][z][:0]
			for _, c := range list {
				cards = append(cards, c.c)
			}
			d.zc[p][z] = cards
		}
	}
}
