package quizzes

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestItemStats(t *testing.T) {
	// Eight candidates; "sep" is right exactly for the four strongest,
	// "easy" for all, "hard" for none, "odd" only for the weakest two.
	var rs []Response
	for i := 0; i < 8; i++ {
		strong := i < 4
		rs = append(rs, Response{Attempt: string(rune('a' + i)), Right: map[string]bool{
			"sep": strong, "easy": true, "hard": false, "odd": i >= 6,
			"f1": strong || i == 4, "f2": strong, "f3": i < 5,
		}})
	}
	got := map[string]ItemStat{}
	for _, st := range ItemStats(rs) {
		got[st.QuestionID] = st
	}
	type row struct {
		Right int
		Flag  string
		UL    float64
	}
	want := map[string]row{
		"sep":  {4, "", 1},
		"easy": {8, FlagEverybody, 0},
		"hard": {0, FlagNobody, 0},
		"odd":  {2, FlagNegative, -0.5}, // the bottom two: the one with only "easy", and one of the two with "odd"
	}
	gotRows := map[string]row{}
	for q := range want {
		gotRows[q] = row{got[q].Right, got[q].Flag, got[q].UpperLower}
	}
	if diff := cmp.Diff(want, gotRows); diff != "" {
		t.Errorf("item statistics (-want +got):\n%s", diff)
	}
	if r := got["sep"].PointBiserial; !(r > 0.8) {
		t.Errorf("point-biserial of the separating question = %v, want > 0.8", r)
	}
	if r := got["odd"].PointBiserial; !(r < 0) {
		t.Errorf("point-biserial of the reversed question = %v, want < 0", r)
	}
	if r := got["easy"].PointBiserial; !math.IsNaN(r) {
		t.Errorf("point-biserial of a question everyone got = %v, want NaN", r)
	}
}
