module github.com/mcplint/mcplint

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/dlclark/regexp2/v2 v2.5.1 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/tiktoken-go/tokenizer v0.10.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
