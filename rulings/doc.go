// Package rulings is Substep's rules engine and card catalogue: format
// profiles as data (Profiles, each switch citing the rule page that states
// it), hand-written scenarios (ParseScenario; the file format is documented
// in SCENARIOS.md) and their deterministic replay into timelines (Replay,
// Timeline.Text, Timeline.Ask). Domain games may seat 2 to 6 players or
// teams, with clockwise turns and responses, player removal and Deck
// Masters. Profile.NotModelled lists what a format's pages state that the
// engine does not replay. It is pure Go: no I/O beyond its embedded data,
// no HTTP, no database.
package rulings
