package web

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMarkWords(t *testing.T) {
	tests := []struct {
		s, query string
		want     []textPart
	}{
		{"The 7-Timing Damage Step", "damage step", []textPart{{"The 7-Timing ", false}, {"Damage Step", true}}},
		{"Damage Step and the Damage Step", "damage step", []textPart{{"Damage Step", true}, {" and the ", false}, {"Damage Step", true}}},
		{"Step, Damage", "damage step", []textPart{{"Step", true}, {", ", false}, {"Damage", true}}},
		{"Battle Steps", "step", []textPart{{"Battle ", false}, {"Steps", true}}},
		{"Sangan", "sangna", []textPart{{"Sangan", false}}},
		{"Sangan", "", []textPart{{"Sangan", false}}},
		{"a <b>", "b a", []textPart{{"a <b>", false}}}, // one-letter words are not marked
		{"Égalité", "éga", []textPart{{"Égalité", true}}},
		{"", "x", nil},
	}
	for _, tt := range tests {
		t.Run(tt.s+"/"+tt.query, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, markWords(tt.s, tt.query)); diff != "" {
				t.Errorf("markWords(%q, %q) (-want +got):\n%s", tt.s, tt.query, diff)
			}
		})
	}
}
