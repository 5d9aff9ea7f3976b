package search

import (
	"context"
	"path/filepath"
	"testing"
)

// The benchmark corpus: 60 pages of 8 sections each (540 docs), about the
// size the real site will reach.
const benchPages, benchSections = 60, 8

func BenchmarkSearch(b *testing.B) {
	ctx := context.Background()
	docs := genCorpus(benchPages, benchSections, 42)
	ix := buildIndex(b, docs, testCards())
	file, err := Build(ctx, filepath.Join(b.TempDir(), "bench.db"), docs, testCards())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { file.Close() })

	searches := []struct{ name, q string }{
		{"common-word", "damage"},
		{"card-name", "Sangan"},
		{"prefix", "dam"},
		{"20-words", "the turn player may activate an ignition effect during the battle phase before priority passes when the chain resolves under today's rules"},
	}
	for _, s := range searches {
		b.Run(s.name, func(b *testing.B) {
			res, err := ix.Search(ctx, s.q, Filter{})
			if err != nil || len(res.Hits) == 0 {
				b.Fatalf("Search(%q) = %d hits, %v; the benchmark needs hits", s.q, len(res.Hits), err)
			}
			for b.Loop() {
				if _, err := ix.Search(ctx, s.q, Filter{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("misspelt-card-name", func(b *testing.B) {
		hits, err := ix.Cards(ctx, "embodyment of apopis", 10)
		if err != nil || len(hits) == 0 || hits[0].Name != "Embodiment of Apophis" {
			b.Fatalf("Cards = %v, %v; want Embodiment of Apophis first", hits, err)
		}
		for b.Loop() {
			if _, err := ix.Cards(ctx, "embodyment of apopis", 10); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("common-word-filtered", func(b *testing.B) {
		for b.Loop() {
			if _, err := ix.Search(ctx, "damage", Filter{Format: "goat", Topic: "damage-step"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The served case: a read-only file with concurrent readers.
	b.Run("file-parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := file.Search(ctx, "damage step", Filter{}); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}

func BenchmarkBuild(b *testing.B) {
	ctx := context.Background()
	docs := genCorpus(benchPages, benchSections, 42)
	cards := testCards()
	b.Run("memory", func(b *testing.B) {
		for b.Loop() {
			ix, err := Build(ctx, "", docs, cards)
			if err != nil {
				b.Fatal(err)
			}
			ix.Close()
		}
	})
	b.Run("file", func(b *testing.B) {
		path := filepath.Join(b.TempDir(), "bench.db")
		for b.Loop() {
			ix, err := Build(ctx, path, docs, cards)
			if err != nil {
				b.Fatal(err)
			}
			ix.Close()
		}
	})
}
