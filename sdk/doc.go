// Package sdk is the public surface of mcplint for rule authors.
//
// A rule reads a [Snapshot] (what one MCP server exposes, however it was
// obtained: a live session, a recorded trace or a static file) and reports
// [Issue] values. Built-in rules and out-of-process plugin rules implement
// the same [Rule] interface, so one engine runs both.
//
// This package imports nothing else of mcplint's, so a plugin author's whole
// world is this package and its subpackages.
package sdk
