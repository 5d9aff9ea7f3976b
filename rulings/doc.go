// Package rulings is Substep's rules engine and card catalogue: format
// profiles as data, scenarios, and their deterministic replay into timelines.
// It is pure Go: no I/O beyond its embedded data, no HTTP, no database.
package rulings
