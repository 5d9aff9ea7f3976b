package rulings

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Effect is one effect of a card in the engine's small vocabulary. A card's
// effects live under `effects:` in cards/*.yaml. An effect the vocabulary
// cannot express is written with `unsupported: <why>`; the engine refuses it
// by name when a scenario would need it, rather than approximate it.
//
//	effects:
//	  - kind: trigger            # activate | ignition | trigger | flip | quick | continuous | maintenance
//	    when: sent-to-gy-from-field
//	    optional: false          # triggers: "you can" effects are optional
//	    do:
//	      - {op: search, filter: monster-atk-max-1500}
type Effect struct {
	Kind        EffectKind   `yaml:"kind" json:"kind"` // one of effectKinds (effectkinds.go)
	When        When         `yaml:"when,omitempty" json:"when,omitempty"`
	Optional    bool         `yaml:"optional,omitempty" json:"optional,omitempty"`
	Speed       int          `yaml:"speed,omitempty" json:"speed,omitempty"`
	Timing      When         `yaml:"timing,omitempty" json:"timing,omitempty"` // a Damage Step timing the card names
	From        From         `yaml:"from,omitempty" json:"from,omitempty"`     // where it is used from when not the field: one of origins (cardwords.go)
	Cost        []Op         `yaml:"cost,omitempty" json:"cost,omitempty"`
	Target      *Target      `yaml:"target,omitempty" json:"target,omitempty"`
	Do          []Op         `yaml:"do,omitempty" json:"do,omitempty"`
	Negates     Negation     `yaml:"negates,omitempty" json:"negates,omitempty"`   // one of negations (effectwords.go)
	Modifies    Modification `yaml:"modifies,omitempty" json:"modifies,omitempty"` // one of modifications (effectwords.go)
	Label       string       `yaml:"label,omitempty" json:"label,omitempty"`       // short name when a card has several effects
	Unsupported string       `yaml:"unsupported,omitempty" json:"unsupported,omitempty"`
	// MustFind: the effect needs a card to get even in a format that lets
	// searches fail to find ("The Agent of Creation - Venus").
	MustFind bool `yaml:"must-find,omitempty" json:"must_find,omitempty"`
	// Mandatory: a quick effect its controller must activate as soon as
	// its condition is met ("Doomcaliber Knight").
	Mandatory bool `yaml:"mandatory,omitempty" json:"mandatory,omitempty"`
	// OncePerTurn: the effect can be activated once per turn (once.go).
	OncePerTurn bool `yaml:"once-per-turn,omitempty" json:"once_per_turn,omitempty"`
	// OncePerName: each player can activate a card of this name once per
	// turn ("You can only activate 1 Pot of Duality per turn"; once.go).
	OncePerName bool `yaml:"once-per-name,omitempty" json:"once_per_name,omitempty"`
	// OncePerDuel: each copy can use the effect once per Duel, wherever it
	// goes ("Twin-Headed Behemoth"; once.go).
	OncePerDuel bool `yaml:"once-per-duel,omitempty" json:"once_per_duel,omitempty"`
	// Battler: for the condition own-monster-battles, the filter the
	// battling monster must match ("archetype=Blackwing"; battlefx.go).
	Battler string `yaml:"battler,omitempty" json:"battler,omitempty"`
	// Only: on a `procedure` effect, the card cannot be Normal Summoned or
	// Set and must first be Special Summoned this way (mustfirst.go).
	Only bool `yaml:"only,omitempty" json:"only,omitempty"`
	// Or: this effect is another choice of the effect before it ("choose
	// one"); the catalogue moves it into that effect's Alts (choice.go).
	Or bool `yaml:"or,omitempty" json:"-"`
	// First: where the format says so (Profile.FirstOverTriggers), it is
	// activated before the triggers waiting at its timing ("Flashbang").
	First bool `yaml:"first,omitempty" json:"first,omitempty"`
	// NoResponse: its controller's opponents cannot activate cards or
	// effects in response to its activation ("Borreload Dragon": noresponse.go).
	NoResponse bool `yaml:"no-response,omitempty" json:"no_response,omitempty"`
	// Wording is how an optional Trigger Effect is worded: "when" ("When
	// ... you can": it misses the timing when its event was not the last
	// thing to happen) or "if" ("If ... you can": it never misses); empty
	// where the wording is not sourced, and then it never misses
	// (timingmiss.go). WordingSource says where the wording comes from.
	Wording       Wording `yaml:"wording,omitempty" json:"-"` // one of wordings (effectwords.go)
	WordingSource string  `yaml:"wording-source,omitempty" json:"-"`
	// If is a condition the effect needs when it would activate, besides
	// its When: `if:` terms joined by ";" (ifterms.go).
	If string `yaml:"if,omitempty" json:"if,omitempty"`
	// DamageStepAgainst names the one card whose effect this effect may
	// answer in the Damage Step by a special ruling, where its kind alone
	// would not be allowed ("Null and Void" against "Airknight Parshath":
	// nullvoid.go).
	DamageStepAgainst string   `yaml:"damage-step-against,omitempty" json:"damage_step_against,omitempty"`
	Alts              []Effect `yaml:"-" json:"choices,omitempty"`
}

// Target says what an effect targets when activated.
type Target struct {
	What  TargetKind `yaml:"what" json:"what"`                     // one of targetKinds (targetkinds.go)
	Side  Side       `yaml:"side,omitempty" json:"side,omitempty"` // one of sides (effectwords.go); any when left out
	Count int        `yaml:"count,omitempty" json:"count,omitempty"`
	// Filter narrows the targets: a filter of `matches`, or several joined
	// by " or " ("light or dark").
	Filter string `yaml:"filter,omitempty" json:"filter,omitempty"`
}

// Op is one instruction of a cost or of what an effect does.
type Op struct {
	Op     OpName `yaml:"op" json:"op"` // a key of opTable (optable.go)
	N      int    `yaml:"n,omitempty" json:"n,omitempty"`
	What   What   `yaml:"what,omitempty" json:"what,omitempty"` // declared per op in opTable (optable.go, opargs.go)
	To     To     `yaml:"to,omitempty" json:"to,omitempty"`     // one of the To words (opargs.go)
	Filter string `yaml:"filter,omitempty" json:"filter,omitempty"`
}

// Conditions describes each `when:` condition of the vocabulary.
func Conditions() map[When]string {
	out := map[When]string{}
	for w, c := range conditions {
		out[w] = c.about
	}
	return out
}

func (e *Effect) validate() string {
	if e.Unsupported != "" {
		return ""
	}
	if _, ok := effectKinds[e.Kind]; !ok {
		return fmt.Sprintf("effect kind %q is not one of %s", e.Kind, joinWords(slices.Sorted(maps.Keys(effectKinds))))
	}
	if e.When != "" {
		if _, ok := conditions[e.When]; !ok {
			return fmt.Sprintf("unknown condition %q", e.When)
		}
	}
	if e.Timing != "" {
		if _, ok := conditions[e.Timing]; !ok {
			return fmt.Sprintf("unknown timing %q", e.Timing)
		}
	}
	if e.Kind == EffectProcedure && e.When != "" && conditions[e.When].proc == nil {
		return fmt.Sprintf("a Summon procedure cannot have the condition %q", e.When)
	}
	if e.Kind == EffectTrigger && e.When == "" {
		return "a trigger needs `when`"
	}
	if why := wordingProblem(e); why != "" {
		return why
	}
	if why := e.Target.problem(); why != "" {
		return why
	}
	if why := ifProblem(e.If); why != "" {
		return why
	}
	if why := filterProblem(e.Battler); why != "" {
		return "battler: " + why
	}
	for _, list := range [][]Op{e.Cost, e.Do} {
		for _, op := range list {
			if msg := checkOpArgs(op); msg != "" {
				return msg
			}
		}
	}
	if why := wordProblem("from", e.From, origins); why != "" {
		return why
	}
	if why := wordProblem("negates", e.Negates, negations); why != "" {
		return why
	}
	return wordProblem("modifies", e.Modifies, modifications)
}

// problem says why a target does not load (its kind, filter or side), or "".
func (t *Target) problem() string {
	if t == nil {
		return ""
	}
	if _, ok := targetKinds[t.What]; !ok {
		return fmt.Sprintf("unknown target %q", t.What)
	}
	if why := filterProblem(t.Filter); why != "" {
		return "target: " + why
	}
	if why := wordProblem("side", t.Side, sides); why != "" {
		return "target: " + why
	}
	return ""
}

// speed is the effect's Spell Speed: explicit, or from its kind and card.
func (e *Effect) speed(c *Card) int {
	if e.Speed != 0 {
		return e.Speed
	}
	switch {
	case c.Kind == CardTrap && c.Has(SubCounter):
		return 3
	case c.Kind == CardTrap:
		return 2
	case c.Kind == CardSpell && c.Has(SubQuickPlay):
		return 2
	case e.Kind == EffectQuick:
		return 2
	}
	return 1
}

// effectName labels an effect for events: `Sangan` or `Breaker the Magical
// Warrior (destroy)`.
func effectName(c *Card, e *Effect) string {
	if e.Label != "" {
		return c.Name + " (" + e.Label + ")"
	}
	return c.Name
}

// refusedOnField reports why the engine cannot have the card face-up on the
// field: a continuous effect it cannot express would apply silently.
func (c *Card) refusedOnField() string {
	if len(c.Effects) == 0 {
		if c.IsMonster() && (c.Has(SubNormal) || c.Has(SubToken)) {
			return ""
		}
		return fmt.Sprintf("%s: Substep cannot play this card's effects yet", c.Name)
	}
	for _, e := range c.Effects {
		if e.Unsupported != "" && e.Kind == EffectContinuous {
			return fmt.Sprintf("%s: the engine's vocabulary cannot express its effect (%s)", c.Name, e.Unsupported)
		}
	}
	return ""
}

// refusedUse reports why no effect of the card can be used, or "".
func (c *Card) refusedUse() string {
	if why := c.refusedOnField(); why != "" {
		return why
	}
	var why []string
	for _, e := range c.Effects {
		if e.Unsupported == "" && e.Kind != EffectContinuous {
			return ""
		}
		if e.Unsupported != "" {
			why = append(why, e.Unsupported)
		}
	}
	if len(why) > 0 {
		return fmt.Sprintf("%s: the engine's vocabulary cannot express its effect (%s)", c.Name, strings.Join(why, "; "))
	}
	return fmt.Sprintf("%s has no effect to activate", c.Name)
}

// refusedEffect names an unsupported effect by its card.
func refusedEffect(c *Card, e *Effect) string {
	return fmt.Sprintf("%s: the engine's vocabulary cannot express this effect (%s)", c.Name, e.Unsupported)
}
