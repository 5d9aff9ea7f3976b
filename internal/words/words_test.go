package words

import "testing"

func TestCount(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{0, "0 rule pages"},
		{1, "1 rule page"},
		{2, "2 rule pages"},
		{87, "87 rule pages"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, "rule page", "rule pages"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
