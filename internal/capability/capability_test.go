package capability_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/capability"
	"github.com/mcplint/mcplint/sdk"
)

func tool(t *testing.T, def string) *sdk.Tool {
	t.Helper()
	var tl sdk.Tool
	if err := json.Unmarshal([]byte(def), &tl); err != nil {
		t.Fatalf("%s: %v", def, err)
	}
	return &tl
}

// TestLabels: each label is given on its evidence, and a tool that looks
// close but does not do it (a clean counter-example) does not get it.
func TestLabels(t *testing.T) {
	for _, c := range []struct {
		label    capability.Label
		def      string
		want     bool
		evidence string // a substring of one evidence string, when want
	}{
		// private-data
		{capability.PrivateData, `{"name":"read_file","description":"Reads a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`, true, `"read" + "file"`},
		{capability.PrivateData, `{"name":"lookup","description":"Returns the contents of a file.","annotations":{"readOnlyHint":true}}`, true, `description: "contents of a file"`},
		{capability.PrivateData, `{"name":"query","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}`, true, `parameter "sql"`},
		{capability.PrivateData, `{"name":"write_file","description":"Writes a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`, false, ""},
		{capability.PrivateData, `{"name":"get_weather","description":"Returns the forecast for a city."}`, false, ""},
		{capability.PrivateData, `{"name":"list_console_messages","description":"Lists the page's console messages.","annotations":{"readOnlyHint":true}}`, false, ""},
		{capability.PrivateData, `{"name":"git_wrapup_instructions","annotations":{"readOnlyHint":true}}`, false, ""},
		{capability.PrivateData, `{"name":"collection-storage-size","inputSchema":{"type":"object","properties":{"collection":{"type":"string"}}},"annotations":{"readOnlyHint":true}}`, false, ""},
		// A quota, an issue type, a cluster's settings, a garbage collection
		// and DNS records are about the data, or public, not the user's data
		// (line-bot, plane, digitalocean).
		{capability.PrivateData, `{"name":"get_message_quota","description":"Get the message quota and consumption of the LINE Official Account. This shows the monthly message limit and current usage.","annotations":{"readOnlyHint":true}}`, false, ""},
		{capability.PrivateData, `{"name":"list_issue_types","description":"Get all issue types for a specific project","inputSchema":{"type":"object","properties":{"project_id":{"type":"string"}}}}`, false, ""},
		{capability.PrivateData, `{"name":"db-cluster-get-mysql-config","description":"Get the MySQL config for a cluster by its id","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}},"annotations":{"readOnlyHint":true}}`, false, ""},
		{capability.PrivateData, `{"name":"docr-garbage-collection-list","description":"List garbage collections for a container registry","annotations":{"readOnlyHint":true}}`, false, ""},
		{capability.PrivateData, `{"name":"domain-record-list","description":"List domain records for a domain with pagination","annotations":{"readOnlyHint":true}}`, false, ""},
		{capability.PrivateData, `{"name":"genai-inference-router-task-presets","description":"List preset inference-router tasks (task_slug, name, models, etc.)","annotations":{"readOnlyHint":true}}`, false, ""},
		// A read verb after a write verb is a noun; a tool that uploads reads
		// nothing back (monday).
		{capability.PrivateData, `{"name":"create_view_table","description":"Create a new table-type board view with optional filters, sort, tags, and table-specific settings (column visibility/order and group-by)."}`, false, ""},
		{capability.PrivateData, `{"name":"get_asset_upload_url","description":"Only call this tool if you can execute a direct HTTP PUT with binary file data and read response headers (e.g. via shell/curl).","inputSchema":{"type":"object","properties":{"fileName":{"type":"string"}}}}`, false, ""},
		{capability.PrivateData, `{"name":"open_nodes","description":"Open specific nodes in the knowledge graph by their names","annotations":{"readOnlyHint":true}}`, true, `"open" + "nodes"`},
		// untrusted-content
		{capability.UntrustedContent, `{"name":"fetch","description":"Fetches a URL.","inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}`, true, `parameter "url"`},
		{capability.UntrustedContent, `{"name":"get_issue","description":"Gets an issue."}`, true, `"get" + "issue"`},
		{capability.UntrustedContent, `{"name":"browser_navigate","description":"Navigate to a URL."}`, true, `"navigate"`},
		{capability.UntrustedContent, `{"name":"get_message_quota","description":"Get the message quota and consumption of the LINE Official Account. This shows the monthly message limit and current usage."}`, false, ""},
		{capability.UntrustedContent, `{"name":"get_issue_type","description":"Get details of a specific issue type","inputSchema":{"type":"object","properties":{"project_id":{"type":"string"},"type_id":{"type":"string"}}}}`, false, ""},
		{capability.UntrustedContent, `{"name":"get_pull_request_checks","description":"Summarize the latest status checks and policy evaluations for a pull request."}`, false, ""},
		{capability.UntrustedContent, `{"name":"list_applications","inputSchema":{"type":"object","properties":{"argocdBaseUrl":{"type":"string"}}}}`, false, ""},
		{capability.UntrustedContent, `{"name":"fetch_page","inputSchema":{"type":"object","properties":{"url":{"type":"string"}}},"annotations":{"openWorldHint":false}}`, false, ""},
		{capability.UntrustedContent, `{"name":"list_issue_emoji_reactions","description":"Lists the emoji on an issue."}`, false, ""},
		// outbound-sink
		{capability.OutboundSink, `{"name":"send_email","inputSchema":{"type":"object","properties":{"to":{"type":"string"},"body":{"type":"string"}}}}`, true, `"send"`},
		{capability.OutboundSink, `{"name":"create_issue","inputSchema":{"type":"object","properties":{"title":{"type":"string"},"body":{"type":"string"}}}}`, true, `"create" + "issue"`},
		{capability.OutboundSink, `{"name":"notify_hook","inputSchema":{"type":"object","properties":{"webhook_url":{"type":"string"}}}}`, true, `parameter "webhook_url"`},
		{capability.OutboundSink, `{"name":"broadcast_text_message","description":"Broadcast a simple text message via LINE to all users who have followed your LINE Official Account.","inputSchema":{"type":"object","properties":{"message":{"type":"object"}}}}`, true, `"broadcast"`},
		{capability.OutboundSink, `{"name":"update_pull_request_branch","inputSchema":{"type":"object","properties":{"pull_number":{"type":"number"}}}}`, false, ""},
		{capability.OutboundSink, `{"name":"get_metrics","inputSchema":{"type":"object","properties":{"from":{"type":"string"},"to":{"type":"string"}}}}`, false, ""},
		// A search of mail filters by recipient; it sends nothing
		// (google-workspace-mcp's search_emails).
		{capability.OutboundSink, `{"name":"search_emails","inputSchema":{"type":"object","properties":{"query":{"type":"string"},"from":{"type":"string","description":"Sender email or name"},"to":{"type":"string","description":"Recipient email or name"}}}}`, false, ""},
		{capability.OutboundSink, `{"name":"send_message","annotations":{"readOnlyHint":true}}`, false, ""},
		{capability.OutboundSink, `{"name":"port_forward","description":"Forward a local port to a pod."}`, false, ""},
		{capability.OutboundSink, `{"name":"queue_send_message","description":"Send a message to a queue."}`, false, ""},
		{capability.OutboundSink, `{"name":"create_comment","inputSchema":{"type":"object","properties":{"parentCommentId":{"type":"string"}}}}`, false, ""},
		// destructive
		{capability.Destructive, `{"name":"delete_branch","description":"Deletes a branch."}`, true, `"delete"`},
		{capability.Destructive, `{"name":"apply","annotations":{"destructiveHint":true}}`, true, "destructiveHint: true"},
		{capability.Destructive, `{"name":"delete_preview","annotations":{"readOnlyHint":true}}`, false, ""},
		{capability.Destructive, `{"name":"create_branch","description":"Creates a branch."}`, false, ""},
		{capability.Destructive, `{"name":"post-search","annotations":{"destructiveHint":true}}`, false, ""},
		// code-execution
		{capability.CodeExecution, `{"name":"run_code","description":"Runs a snippet."}`, true, `"run" + "code"`},
		{capability.CodeExecution, `{"name":"browser_evaluate","inputSchema":{"type":"object","properties":{"function":{"type":"string"}}}}`, true, `parameter "function"`},
		{capability.CodeExecution, `{"name":"exec_in_pod"}`, true, `"exec"`},
		{capability.CodeExecution, `{"name":"runCollection","inputSchema":{"type":"object","properties":{"scriptTimeout":{"type":"number"}}}}`, false, ""},
		// "eval" next to a model is the evaluation of a model (digitalocean).
		{capability.CodeExecution, `{"name":"genai-model-eval-list-runs","description":"List model evaluation runs with optional filters.","inputSchema":{"type":"object","properties":{"status":{"type":"string"}}}}`, false, ""},
		{capability.CodeExecution, `{"name":"browser_eval","description":"Evaluate JavaScript in the browser."}`, true, `"eval"`},
		{capability.CodeExecution, `{"name":"run_pipeline","description":"Triggers a CI pipeline."}`, false, ""},
	} {
		caps := capability.Classify(tool(t, c.def))
		i := slices.IndexFunc(caps, func(cp capability.Capability) bool { return cp.Label == c.label })
		if (i >= 0) != c.want {
			t.Errorf("%s: %s = %v, want %v (labels %v)", c.def, c.label, i >= 0, c.want, caps)
			continue
		}
		if c.want && !slices.ContainsFunc(caps[i].Evidence, func(e string) bool { return strings.Contains(e, c.evidence) }) {
			t.Errorf("%s: %s evidence %q, want one with %q", c.def, c.label, caps[i].Evidence, c.evidence)
		}
	}
}

// TestNoLabelWithoutEvidence: a tool that says nothing gets nothing.
func TestNoLabelWithoutEvidence(t *testing.T) {
	for _, def := range []string{`{"name":"x"}`, `{"name":"add","description":"Adds two numbers.","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}}`} {
		if caps := capability.Classify(tool(t, def)); caps != nil {
			t.Errorf("%s: labels %v, want none", def, caps)
		}
	}
}
