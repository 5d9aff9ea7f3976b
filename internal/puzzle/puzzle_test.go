package puzzle

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"substep/content"
	"substep/rulings"
)

// placed is one Debug.AddCard call as the simulator would see it.
type placed struct {
	Passcode      int
	Owner, Player int
	Location      string
	Seq           int
	Pos           string
}

// run parses the script with gopher-lua's parser, then runs it with
// EDOPro's puzzle API stubbed: the constants are their names, and each
// Debug function records what it was given.
func run(t *testing.T, src []byte) (cards []placed, lp map[int]int, calls []string) {
	t.Helper()
	if _, err := parse.Parse(bytes.NewReader(src), "puzzle.lua"); err != nil {
		t.Fatalf("the puzzle does not parse: %v\n%s", err, src)
	}
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	for _, name := range []string{"LOCATION_DECK", "LOCATION_HAND", "LOCATION_EXTRA", "LOCATION_GRAVE", "LOCATION_REMOVED", "LOCATION_MZONE", "LOCATION_SZONE", "LOCATION_FZONE",
		"POS_FACEUP", "POS_FACEDOWN", "POS_FACEUP_ATTACK", "POS_FACEUP_DEFENSE", "POS_FACEDOWN_DEFENSE", "DUEL_ATTACK_FIRST_TURN", "DUEL_SIMPLE_AI"} {
		L.SetGlobal(name, lua.LString(name))
	}
	// "DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI" adds two strings: give them
	// numbers instead.
	L.SetGlobal("DUEL_ATTACK_FIRST_TURN", lua.LNumber(0x2))
	L.SetGlobal("DUEL_SIMPLE_AI", lua.LNumber(0x40))
	lp = map[int]int{}
	debug := L.NewTable()
	fn := func(name string, f func(L *lua.LState) int) {
		debug.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			calls = append(calls, name)
			return f(L)
		}))
	}
	fn("SetAIName", func(L *lua.LState) int { L.CheckString(1); return 0 })
	fn("ReloadFieldBegin", func(L *lua.LState) int {
		if flags, rule := L.CheckInt(1), L.CheckInt(2); flags != 0x42 || rule != 5 {
			t.Errorf("ReloadFieldBegin(%#x, %d)", flags, rule)
		}
		return 0
	})
	fn("SetPlayerInfo", func(L *lua.LState) int {
		lp[L.CheckInt(1)] = L.CheckInt(2)
		if L.CheckInt(3) != 0 || L.CheckInt(4) != 0 {
			t.Errorf("SetPlayerInfo draws cards")
		}
		return 0
	})
	fn("AddCard", func(L *lua.LState) int {
		c := placed{Passcode: L.CheckInt(1), Owner: L.CheckInt(2), Player: L.CheckInt(3), Location: L.CheckString(4), Seq: L.CheckInt(5), Pos: L.CheckString(6)}
		cards = append(cards, c)
		ud := L.NewUserData()
		ud.Value = c
		L.Push(ud)
		return 1
	})
	fn("PreEquip", func(L *lua.LState) int { L.CheckUserData(1); L.CheckUserData(2); return 0 })
	fn("ReloadFieldEnd", func(L *lua.LState) int { return 0 })
	fn("ShowHint", func(L *lua.LState) int { L.CheckString(1); return 0 })
	L.SetGlobal("Debug", debug)
	aux := L.NewTable()
	aux.RawSetString("BeginPuzzle", L.NewFunction(func(L *lua.LState) int { calls = append(calls, "BeginPuzzle"); return 0 }))
	L.SetGlobal("aux", aux)
	if err := L.DoString(string(src)); err != nil {
		t.Fatalf("the puzzle does not run: %v\n%s", err, src)
	}
	return cards, lp, calls
}

func scenario(t *testing.T, name string) *rulings.Scenario {
	t.Helper()
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	all, err := rulings.LoadScenarios(content.FS, "scenarios", cat)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range all {
		if sc.Name == name {
			return sc
		}
	}
	t.Fatalf("no bundled scenario %s", name)
	return nil
}

// TestGoat09: the bundled scenario of Goat rule #9, example 2, read back
// card by card: A's hand, B's Sangan, B's Deck (named cards only, the top
// card added last) and B's hand, each with its passcode, zone and player.
func TestGoat09(t *testing.T) {
	src, err := Lua(scenario(t, "goat-09-example-2"))
	if err != nil {
		t.Fatal(err)
	}
	cards, lp, calls := run(t, src)
	want := []placed{
		{68005187, 0, 0, "LOCATION_HAND", 0, "POS_FACEDOWN"},       // Soul Exchange
		{26205777, 0, 0, "LOCATION_HAND", 0, "POS_FACEDOWN"},       // Thestalos the Firestorm Monarch
		{83011277, 1, 1, "LOCATION_DECK", 0, "POS_FACEDOWN"},       // Mystic Tomato, the top card
		{97017120, 1, 1, "LOCATION_HAND", 0, "POS_FACEDOWN"},       // Giant Rat
		{26202165, 1, 1, "LOCATION_MZONE", 0, "POS_FACEUP_ATTACK"}, // Sangan
	}
	cat, _ := rulings.DefaultCatalogue()
	for _, name := range []string{"Soul Exchange", "Thestalos the Firestorm Monarch", "Mystic Tomato", "Giant Rat", "Sangan"} {
		c, ok := cat.Lookup(name)
		if !ok || c.Passcode == 0 {
			t.Fatalf("the catalogue has no passcode for %s", name)
		}
	}
	if diff := cmp.Diff(want, cards); diff != "" {
		t.Errorf("cards (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[int]int{0: 8000, 1: 8000}, lp); diff != "" {
		t.Errorf("LP (-want +got):\n%s", diff)
	}
	if calls[0] != "SetAIName" || calls[1] != "ReloadFieldBegin" || calls[len(calls)-1] != "BeginPuzzle" || calls[len(calls)-2] != "ShowHint" || calls[len(calls)-3] != "ReloadFieldEnd" {
		t.Errorf("calls in the order %q", calls)
	}
	if !strings.Contains(string(src), "-- left out: 4 unnamed cards") {
		t.Errorf("the four unnamed cards of B's Deck are not mentioned:\n%s", src)
	}
}

// TestEveryScenario: the puzzle of every bundled two-player scenario parses,
// runs, and places each named card of the starting position, with the
// catalogue's passcode, in its zone, under the right player (the turn
// player is player 0).
func TestEveryScenario(t *testing.T) {
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	all, err := rulings.LoadScenarios(content.FS, "scenarios", cat)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sc := range all {
		src, err := Lua(sc)
		if len(sc.Players) != 2 {
			if !errors.Is(err, ErrPlayers) {
				t.Errorf("%s: %d players: err = %v", sc.Name, len(sc.Players), err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", sc.Name, err)
			continue
		}
		n++
		got, lp, _ := run(t, src)
		var want []string
		for _, p := range []int{sc.Turn, 1 - sc.Turn} {
			pl := 0
			if p != sc.Turn {
				pl = 1
			}
			st := sc.Players[p]
			zones := []struct {
				loc   string
				specs []rulings.CardSpec
			}{{"LOCATION_DECK", st.Deck}, {"LOCATION_HAND", st.Hand}, {"LOCATION_EXTRA", st.Extra}, {"LOCATION_GRAVE", st.GY},
				{"LOCATION_REMOVED", st.Banished}, {"LOCATION_MZONE", st.Monsters}, {"LOCATION_SZONE", st.Spells}, {"LOCATION_FZONE", st.Field}}
			for _, z := range zones {
				for _, sp := range z.specs {
					if sp.Card != nil {
						want = append(want, fmt.Sprintf("%d %s p%d", sp.Card.Passcode, z.loc, pl))
					}
				}
			}
			wantLP := st.LP
			if wantLP == 0 {
				wantLP = 8000
			}
			if lp[pl] != wantLP {
				t.Errorf("%s: player %d has %d LP, want %d", sc.Name, pl, lp[pl], wantLP)
			}
		}
		var have []string
		for _, c := range got {
			have = append(have, fmt.Sprintf("%d %s p%d", c.Passcode, c.Location, c.Player))
		}
		if diff := cmp.Diff(sorted(want), sorted(have)); diff != "" {
			t.Errorf("%s: cards (-want +got):\n%s", sc.Name, diff)
		}
	}
	if n < 20 {
		t.Errorf("only %d two-player scenarios were exported", n)
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestHostileTitle: a title can neither end a comment nor a string early.
func TestHostileTitle(t *testing.T) {
	sc := scenario(t, "goat-09-example-2")
	evil := *sc
	evil.Title = "x\nDebug.AddCard(1,0,0,LOCATION_HAND,0,POS_FACEDOWN)\r\n\") os.exit() --[[ \\"
	src, err := Lua(&evil)
	if err != nil {
		t.Fatal(err)
	}
	cards, _, _ := run(t, src)
	for _, c := range cards {
		if c.Passcode == 1 {
			t.Fatalf("the title added a card:\n%s", src)
		}
	}
}
