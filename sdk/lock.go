package sdk

// LockEntry is what .mcplint.lock pinned for one server: a hash of every
// tool's definition and of the instructions, so that a later run can tell
// when a server changed what a model reads after a user approved it.
type LockEntry struct {
	// Instructions is the hash of the instructions string; empty when the
	// server sent none.
	Instructions string `json:"instructions,omitempty"`
	// Tools maps each tool name to its pin.
	Tools map[string]ToolPin `json:"tools"`
}

// ToolPin is the hash of one tool definition and of its parts.
type ToolPin struct {
	// SHA256 is the hash of the whole definition.
	SHA256 string `json:"sha256"`
	// Parts hashes each top-level member of the definition by its JSON
	// pointer ("/description", "/inputSchema"), and each property of the
	// input and output schemas ("/inputSchema/properties/path"), so a
	// change can be named, not just detected.
	Parts map[string]string `json:"parts"`
}
