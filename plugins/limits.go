package plugins

import (
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/sdk/pluginpb"
)

// A plugin's answers are read as any other input: every field has a cap,
// far above what a rule says in earnest, so that a broken or hostile
// plugin cannot make mcplint hold, locate or print gigabytes.
const (
	// maxAnswerBytes caps one answer (Info, Check) as it arrives.
	maxAnswerBytes = 128 << 20
	// maxRules caps the rules of one plugin.
	maxRules = 1000
	// maxName caps a rule name, a version and an issue's tool name.
	maxName = 256
	// maxSummary caps a rule's summary and source.
	maxSummary = 4 << 10
	// maxDoc caps a rule's documentation.
	maxDoc = 256 << 10
	// maxPointer caps an issue's JSON pointer.
	maxPointer = 4 << 10
	// maxMessage caps an issue's message and fix.
	maxMessage = 64 << 10
)

// field is one field of a plugin's answer and its cap.
type field struct {
	name  string
	value string
	max   int
}

// overCap returns an error for the first field over its cap, naming it,
// its size and the cap.
func overCap(fields ...field) error {
	for _, f := range fields {
		if len(f.value) > f.max {
			return fmt.Errorf("its %s is %s, over the %s cap", f.name, inputfile.FormatSize(int64(len(f.value))), inputfile.FormatSize(int64(f.max)))
		}
	}
	return nil
}

// checkInfo bounds what a plugin says of itself and its rules.
func checkInfo(info *pluginpb.InfoResponse) error {
	if len(info.Rules) > maxRules {
		return fmt.Errorf("it declares %d rules, over the cap of %d", len(info.Rules), maxRules)
	}
	if err := overCap(field{"version", info.Version, maxName}, field{"sdk version", info.SdkVersion, maxName}); err != nil {
		return err
	}
	for _, m := range info.Rules {
		if err := overCap(field{"rule name", m.Name, maxName}, field{"category", m.Category, maxName},
			field{"summary", m.Summary, maxSummary}, field{"source", m.Source, maxSummary}, field{"doc", m.Doc, maxDoc}); err != nil {
			return fmt.Errorf("rule %.64q: %w", m.Name, err)
		}
	}
	return nil
}

// checkIssue bounds one issue a plugin returned.
func checkIssue(is *pluginpb.Issue) error {
	return overCap(field{"tool name", is.Tool, maxName}, field{"pointer", is.Pointer, maxPointer},
		field{"message", is.Message, maxMessage}, field{"fix", is.Fix, maxMessage})
}

// tooLarge words gRPC's refusal of an answer over maxAnswerBytes; "" for
// any other error.
func tooLarge(err error) string {
	if s, ok := status.FromError(err); ok && s.Code() == codes.ResourceExhausted {
		return fmt.Sprintf("its answer is over the %s cap on a plugin's answer (%s)", inputfile.FormatSize(maxAnswerBytes), s.Message())
	}
	return ""
}
