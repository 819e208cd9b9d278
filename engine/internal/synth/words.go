package synth

var domains = []string{
	"github", "gitlab", "jira", "slack", "fs", "postgres", "k8s", "calendar",
	"weather", "stripe", "notion", "drive", "s3", "sentry", "linear", "docker",
}

var verbs = []string{
	"list", "get", "create", "update", "delete", "search", "sync", "archive",
	"export", "import", "move", "merge",
}

var nouns = []string{
	"issue", "pull_request", "channel", "message", "file", "directory",
	"table", "row", "pod", "deployment", "event", "invoice", "page",
	"comment", "branch", "label", "bucket", "object", "user", "team",
}

var paramNames = []string{
	"path", "query", "limit", "cursor", "owner", "repo", "issue_number",
	"labels", "state", "since", "until", "include_archived", "timeout_ms",
	"format", "sort_by", "order", "page_size", "branch", "message", "title",
	"body", "assignees", "channel_id", "user_id", "namespace", "dry_run",
	"recursive", "encoding", "max_results", "region", "filter", "fields",
}

var defNames = []string{"Filter", "Pagination", "Actor", "DateRange", "Sort", "Attachment"}

var enumValues = []string{
	"open", "closed", "all", "asc", "desc", "created", "updated", "json",
	"markdown", "text", "utf-8", "base64", "draft", "published", "low",
	"medium", "high",
}

// sentences are the templates of generated prose; {placeholders} are
// filled from the word lists above.
var sentences = []string{
	"Use this tool to {verb} {a noun} in the connected {domain} workspace.",
	"Returns a list of {nouns} that match the given `{param}`, newest first.",
	"If `{param}` is omitted, the tool falls back to the default ({value}) and logs a warning.",
	"Results are paginated: pass the `next_cursor` from the previous call as `{param}` to fetch the next page.",
	"Note: {nouns} larger than {n} MB are truncated; use `{param}` to narrow the result.",
	"This call is rate-limited to {n} requests per minute per token; on HTTP 429 wait for the `Retry-After` header before retrying.",
	"The {noun} must already exist, otherwise the tool returns an error with code `NOT_FOUND`.",
	"Example: `{param}=\"{value}\"` returns only {nouns} whose state is {value}.",
	"Dates use ISO 8601 (for example 2024-05-01T12:00:00Z); times without a zone are read as UTC.",
	"Set `dry_run` to true to preview the change without writing anything to the {noun}.",
	"Do not call this tool repeatedly in a loop; batch the identifiers into `{param}` instead.",
	"The response contains `id`, `{param}`, `{param}` and `updated_at` for each {noun}.",
	"When `{param}` is set together with `cursor`, the cursor wins and `{param}` is ignored.",
	"Permissions: the token needs the `{domain}:{verb}` scope, which read-only installations lack.",
	"Unlike the {domain} {verb} tool, this one never modifies the {noun}; it is safe to call at any time.",
	"Paths are relative to the workspace root (e.g. `src/main.go`), and `..` segments are rejected.",
	"Large responses are summarised: at most {n} {nouns} are returned, with a `truncated` flag.",
	"Errors are reported in the result with `isError` set, together with a human-readable message.",
	"Prefer this tool over fetching raw URLs: it follows redirects, retries transient failures and respects robots.txt.",
	"The {noun} identifier looks like `{domain}-{n}` and is case-sensitive.",
	"Call the list tool for {nouns} first if you do not know the identifier; guessing it wastes a request.",
	"Sorting by `{param}` is stable, so repeated calls with the same cursor return the same order.",
}

// paramSentences are the templates of property descriptions, which are
// shorter than tool descriptions.
var paramSentences = []string{
	"The {noun} identifier.",
	"Maximum number of {nouns} to return (1-{n}).",
	"Filter by `{param}`.",
	"Opaque cursor from a previous call; omit it for the first page.",
	"ISO 8601 timestamp; only {nouns} updated after it are returned.",
	"Absolute or workspace-relative path, e.g. `docs/README.md`.",
	"Defaults to {value}.",
	"Whether to include archived {nouns}.",
	"Name of the {domain} {noun}.",
	"Free-text query; supports `AND`, `OR` and quoted phrases.",
	"Timeout in milliseconds (default {n}).",
	"The {noun} to {verb}; see the `{param}` field of the list result.",
}

// shortDescriptions are the too-short descriptions real servers ship.
var shortDescriptions = []string{"Gets data.", "Runs the tool.", "TODO", "Search.", "Updates an item.", "Does stuff.", "Helper"}
