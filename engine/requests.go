package engine

import (
	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/mcp"
)

// Request is one request a user names (mcplint call, read-resource,
// get-prompt), for Settings.Requests.
type Request = exercise.Request

// Methods of a Request.
const (
	MethodCallTool     = mcp.MethodToolsCall
	MethodReadResource = mcp.MethodResourcesRead
	MethodGetPrompt    = mcp.MethodPromptsGet
)

// Scenario names under which a Request's result is in the report's
// exercise results.
const (
	ScenarioCall = exercise.ScenarioCall
	ScenarioRead = exercise.ScenarioRead
	ScenarioGet  = exercise.ScenarioGet
)
