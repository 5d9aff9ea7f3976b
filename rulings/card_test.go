package rulings

import "testing"

func TestDefaultCatalogue(t *testing.T) {
	cat, err := DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Cards()) == 0 {
		t.Fatal("empty catalogue")
	}
	for _, c := range cat.Cards() {
		got, ok := cat.BySlug(c.Slug())
		if !ok || got != c {
			t.Errorf("BySlug(%q) does not find %s", c.Slug(), c.Name)
		}
		if c.Passcode == 0 {
			t.Errorf("%s: no passcode", c.Name)
		}
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Breaker the Magical Warrior":            "breaker-the-magical-warrior",
		"D.D. Warrior Lady":                      "dd-warrior-lady",
		"Harpie's Feather Duster":                "harpies-feather-duster",
		"Lo, the Prayers of the Voiceless Voice": "lo-the-prayers-of-the-voiceless-voice",
	} {
		if got := Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}
