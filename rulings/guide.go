package rulings

import _ "embed"

// ScenarioGuide is SCENARIOS.md, the documentation of the scenario file
// format, for the site's help page.
//
//go:embed SCENARIOS.md
var ScenarioGuide []byte
