// Package content holds Substep's rule pages (one Markdown file per rule,
// under a folder per format), the topic vocabulary, the lists of the
// source's examples, and the hand-written scenarios the engine replays. All
// of it is embedded in the binary; `site -content DIR` reads a folder
// instead so an editor sees changes on reload.
package content

import "embed"

// FS is the content tree as compiled into the binary.
//
//go:embed *
var FS embed.FS
