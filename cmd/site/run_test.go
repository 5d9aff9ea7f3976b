package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelp: every way of asking for help succeeds (exit 0) and prints what
// was asked: the list of every command with one line each, or one command's
// flags.
func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want []string // lines or flags the output must have
	}{
		{args: []string{"-h"}},
		{args: []string{"--help"}},
		{args: []string{"help"}},
		{args: []string{"help", "help"}},
		{args: []string{"help", "replay"}, want: []string{"usage: site replay FILE", "-format", "-json", "-puzzle"}},
		{args: []string{"replay", "-h"}, want: []string{"usage: site replay FILE", "-format", "-json"}},
		{args: []string{"help", "serve"}, want: []string{"-addr", "-attempts", "-content"}},
		{args: []string{"help", "deck-check"}, want: []string{"-master", "-cards"}},
		{args: []string{"build", "-help"}, want: []string{"-o"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out bytes.Buffer
			if err := run(context.Background(), tt.args, &out); err != nil {
				t.Fatalf("run: %v", err)
			}
			want := tt.want
			if want == nil { // the overview: one line per command
				for _, c := range commands {
					want = append(want, "\n  "+c.name+" ")
				}
			}
			for _, w := range want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

func TestUnknownCommand(t *testing.T) {
	for _, args := range [][]string{{"frobnicate"}, {"help", "frobnicate"}} {
		var out bytes.Buffer
		err := run(context.Background(), args, &out)
		if err == nil || !strings.Contains(err.Error(), `unknown command "frobnicate"`) {
			t.Errorf("%q: err = %v", args, err)
		}
		if !strings.Contains(out.String(), "commands:") {
			t.Errorf("%q: the command list is not printed:\n%s", args, out.String())
		}
	}
}

// TestReplayPuzzle: site replay -puzzle writes the bundled scenario's
// puzzle, which names its cards' passcodes.
func TestReplayPuzzle(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.lua")
	var stdout bytes.Buffer
	if err := run(context.Background(), []string{"replay", "../../content/scenarios/goat-09-example-2.scn", "-puzzle", out}, &stdout); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"aux.BeginPuzzle()", "Debug.AddCard(26202165,1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) -- Sangan"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the puzzle lacks %q:\n%s", want, b)
		}
	}
	if !strings.HasPrefix(stdout.String(), "wrote "+out) {
		t.Errorf("stdout: %q", stdout.String())
	}
}

// TestReplayAllFormats: -format all replays the formats the file names and
// reports the others as not meant for it, without failing.
func TestReplayAllFormats(t *testing.T) {
	var stdout bytes.Buffer
	err := run(context.Background(), []string{"replay", "../../content/scenarios/hat-05-example-2.scn", "-format", "all"}, &stdout)
	if err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "under Domain: not meant for this scenario") {
		t.Errorf("Domain is not reported as not meant for the scenario:\n%s", out)
	}
	if !strings.Contains(out, "Expectations") {
		t.Errorf("the named formats were not replayed:\n%s", out)
	}
}
