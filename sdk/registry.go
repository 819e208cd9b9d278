package sdk

// RegistryEntry is what an MCP Registry server.json says about the server
// mcplint launched from it (one of its remotes or packages), for the rules
// that hold the server to it.
type RegistryEntry struct {
	// File is the server.json, or the registry export holding it, as the
	// user named it.
	File string `json:"file"`
	// Pointer is where the server's entry is in File: "" for a server.json,
	// "/servers/3/server" for an entry of a registry export.
	Pointer string `json:"pointer,omitempty"`
	// Variant names what was launched: "remote[0]", "package[1]".
	Variant string `json:"variant"`
	// Name and Version are the entry's name (NAMESPACE/NAME) and version.
	Name    string `json:"name"`
	Version string `json:"version"`
	// Transport is the variant's declared transport type: "stdio",
	// "streamable-http" or "sse".
	Transport string `json:"transport"`
	// Locations places the entry's "name", "version" and "transport" in
	// File, for findings about them.
	Locations map[string]Location `json:"locations,omitempty"`
}
