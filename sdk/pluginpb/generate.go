// Package pluginpb is the generated gRPC code of ruleset.proto, the protocol
// between mcplint and rule plugins. Regenerate with `go generate ./sdk/...`
// (needs protoc, protoc-gen-go and protoc-gen-go-grpc on PATH).
package pluginpb

//go:generate protoc --go_out=. --go_opt=paths=source_relative --go-grpc_out=. --go-grpc_opt=paths=source_relative ruleset.proto
