// Package cardsdb reads and writes card databases in the layout of YGOPro's
// cards.cdb (an SQLite file with tables datas and texts), the database every
// YGOPro-family simulator ships. Substep builds a small one from its own card
// catalogue, and reads a player's full one, to feed the Domain deck checker
// (rulings/domain). Build with -tags sqlite_fts5 like the rest of Substep.
package cardsdb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver

	"substep/rulings"
	"substep/rulings/domain"
)

// DB is a card database loaded into memory; it is a domain.CardSource.
type DB struct {
	*domain.Index
	path string
}

// Path is the file the cards were read from ("" for one built in memory).
func (db *DB) Path() string { return db.path }

// schema is the cards.cdb layout as the simulators create it.
const schema = `
CREATE TABLE datas(id integer primary key,ot integer,alias integer,setcode integer,type integer,atk integer,def integer,level integer,race integer,attribute integer,category integer);
CREATE TABLE texts(id integer primary key,name text,desc text,str1 text,str2 text,str3 text,str4 text,str5 text,str6 text,str7 text,str8 text,str9 text,str10 text,str11 text,str12 text,str13 text,str14 text,str15 text,str16 text);
`

// otOCGTCG is datas.ot for a card legal in both the OCG and the TCG.
const otOCGTCG = 3

// Open reads the cards.cdb at path. Archetype names come from
// domain.DefaultSetNames; use OpenWith to give a simulator's own table
// (domain.ParseSetNames on its strings.conf).
func Open(path string) (*DB, error) { return OpenWith(path, nil) }

// OpenWith reads the cards.cdb at path, with sets as its archetype table
// (nil: domain.DefaultSetNames).
func OpenWith(path string, sets *domain.SetNames) (*DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("cardsdb: %w", err)
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("cardsdb: %w", err)
	}
	if !looksLikeSQLite(abs) {
		return nil, fmt.Errorf("cardsdb: %s: not an SQLite file, so not a cards.cdb", path)
	}
	sqldb, err := sql.Open("sqlite3", fileDSN(abs, "mode=ro"))
	if err != nil {
		return nil, fmt.Errorf("cardsdb: %s: %w", path, err)
	}
	defer sqldb.Close()
	cards, err := load(context.Background(), sqldb)
	if err != nil {
		return nil, fmt.Errorf("cardsdb: %s: %w", path, err)
	}
	return &DB{Index: domain.NewIndex(cards, sets), path: path}, nil
}

// FromCatalogue builds an in-memory database from Substep's card catalogue,
// going through the same SQLite layout a file would. Cards that the
// conversion could not fully encode are kept as well as they convert
// (CatalogueCards lists the issues).
func FromCatalogue(cat *rulings.Catalogue) (*DB, error) {
	cards, _ := CatalogueCards(cat, nil)
	sqldb, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		return nil, fmt.Errorf("cardsdb: %w", err)
	}
	defer sqldb.Close()
	sqldb.SetMaxOpenConns(1) // each :memory: connection is its own database
	ctx := context.Background()
	if err := write(ctx, sqldb, cards); err != nil {
		return nil, err
	}
	loaded, err := load(ctx, sqldb)
	if err != nil {
		return nil, fmt.Errorf("cardsdb: %w", err)
	}
	return &DB{Index: domain.NewIndex(loaded, nil)}, nil
}

// WriteCatalogue writes Substep's catalogue as a cards.cdb file at path.
func WriteCatalogue(path string, cat *rulings.Catalogue) error {
	cards, _ := CatalogueCards(cat, nil)
	return Write(path, cards)
}

// Write writes cards as a new cards.cdb file at path, replacing any file
// there only once the new one is complete.
func Write(path string, cards []*domain.Card) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("cardsdb: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(abs), "."+filepath.Base(abs)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cardsdb: %w", err)
	}
	tmp := f.Name()
	f.Close()
	defer os.Remove(tmp)
	sqldb, err := sql.Open("sqlite3", fileDSN(tmp, "_journal_mode=DELETE"))
	if err != nil {
		return fmt.Errorf("cardsdb: %w", err)
	}
	sqldb.SetMaxOpenConns(1)
	if err := write(context.Background(), sqldb, cards); err != nil {
		sqldb.Close()
		return err
	}
	if err := sqldb.Close(); err != nil {
		return fmt.Errorf("cardsdb: closing %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, abs); err != nil {
		return fmt.Errorf("cardsdb: %w", err)
	}
	return nil
}

func write(ctx context.Context, db *sql.DB, cards []*domain.Card) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("cardsdb: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("cardsdb: creating tables: %w", err)
	}
	datas, err := tx.PrepareContext(ctx, `INSERT INTO datas(id,ot,alias,setcode,type,atk,def,level,race,attribute,category) VALUES(?,?,?,?,?,?,?,?,?,?,0)`)
	if err != nil {
		return fmt.Errorf("cardsdb: %w", err)
	}
	defer datas.Close()
	texts, err := tx.PrepareContext(ctx, `INSERT INTO texts(id,name,desc,str1,str2,str3,str4,str5,str6,str7,str8,str9,str10,str11,str12,str13,str14,str15,str16) VALUES(?,?,?,'','','','','','','','','','','','','','','','')`)
	if err != nil {
		return fmt.Errorf("cardsdb: %w", err)
	}
	defer texts.Close()
	for _, c := range cards {
		if c.Passcode == 0 {
			return fmt.Errorf("cardsdb: %s has no passcode", c.Name)
		}
		if c.Race > math.MaxInt64 {
			return fmt.Errorf("cardsdb: %s: race %#x does not fit", c.Name, c.Race)
		}
		if _, err := datas.ExecContext(ctx, c.Passcode, otOCGTCG, c.Alias, domain.SetcodesToInt(c.Setcodes), c.Type,
			c.ATK, c.DEF, domain.LevelToInt(c.Level, c.LScale, c.RScale), int64(c.Race), c.Attribute); err != nil {
			return fmt.Errorf("cardsdb: %s (%d): %w", c.Name, c.Passcode, err)
		}
		if _, err := texts.ExecContext(ctx, c.Passcode, c.Name, c.Text); err != nil {
			return fmt.Errorf("cardsdb: %s (%d): %w", c.Name, c.Passcode, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("cardsdb: %w", err)
	}
	return nil
}

// errNotCardDB says the file is SQLite but not a card database.
var errNotCardDB = errors.New("not a YGOPro card database (it needs tables datas and texts)")

func load(ctx context.Context, db *sql.DB) ([]*domain.Card, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN ('datas','texts')`).Scan(&n); err != nil {
		return nil, err
	}
	if n != 2 {
		return nil, errNotCardDB
	}
	rows, err := db.QueryContext(ctx, `
		SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name, t.desc
		FROM datas d JOIN texts t ON t.id = d.id
		ORDER BY d.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cards []*domain.Card
	for rows.Next() {
		var id, alias, setcode, typ, atk, def, level, race, attr sql.NullInt64
		var name, desc sql.NullString
		if err := rows.Scan(&id, &alias, &setcode, &typ, &atk, &def, &level, &race, &attr, &name, &desc); err != nil {
			return nil, err
		}
		if id.Int64 <= 0 || id.Int64 > math.MaxUint32 {
			continue // not a passcode a deck list can hold
		}
		c := &domain.Card{
			Passcode:  uint32(id.Int64),
			Setcodes:  domain.SetcodesFromInt(setcode.Int64),
			Type:      uint32(typ.Int64),
			Attribute: uint32(attr.Int64),
			Race:      uint64(race.Int64),
			ATK:       int(atk.Int64),
			DEF:       int(def.Int64),
			Name:      name.String,
			Text:      desc.String,
		}
		if alias.Int64 > 0 && alias.Int64 <= math.MaxUint32 {
			c.Alias = uint32(alias.Int64)
		}
		c.Level, c.LScale, c.RScale = domain.LevelFromInt(level.Int64)
		cards = append(cards, c)
	}
	return cards, rows.Err()
}

// fileDSN is an SQLite URI for the file at abs with the given parameters.
func fileDSN(abs, params string) string {
	return "file:" + (&url.URL{Path: abs}).EscapedPath() + "?" + params
}

// looksLikeSQLite reports whether the file starts with SQLite's header, so a
// wrong file gets a clear error instead of the driver's.
func looksLikeSQLite(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 16)
	n, _ := f.Read(head)
	return strings.HasPrefix(string(head[:n]), "SQLite format 3")
}
