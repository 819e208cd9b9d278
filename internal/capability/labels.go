package capability

// The word lists behind each label. A name gives a label when it pairs a
// verb with an object of the label ("read" + "file"), or holds a verb that
// says it alone ("send", "exec"); a parameter or a phrase of the
// description gives it where the list says. Annotations add evidence and
// also rule labels out: a read-only tool sends nothing out and destroys
// nothing, and a tool of a closed world (openWorldHint: false) neither
// takes in others' content nor reaches anyone outside.

// readVerbs say a tool returns something it read.
var readVerbs = set("read", "get", "list", "search", "find", "query", "retrieve", "fetch", "view", "show",
	"open", "download", "export", "cat", "browse", "lookup", "describe", "diff", "blame", "grep", "dump", "aggregate", "tree")

// privateObjects are the user's own data.
var privateObjects = set("file", "directory", "dir", "folder", "note", "mail", "email", "inbox", "message",
	"history", "repo", "repository", "repositories", "git", "commit", "database", "db", "databases", "table",
	"record", "row", "collection", "document", "secret", "credential", "password", "env", "contact",
	"calendar", "clipboard", "memory", "memories", "node", "kb", "channel", "thread", "conversation", "chat",
	"attachment", "block", "issue", "comment", "task", "project")

// notPrivate words make a name's objects something other than the user's
// data: what a browser shows (its console, its pages), figures about the
// data rather than the data (a count, a size, a status), a verdict on it
// (validate, verify) or the server's own instructions.
var notPrivate = set("browser", "console", "network", "screenshot", "snapshot", "page", "stats", "size",
	"index", "indexes", "count", "counts", "explain", "status", "statuses", "info", "emoji", "reaction",
	"performance", "metrics", "instructions", "validate", "verify", "lint", "quota", "cluster", "garbage", "dns",
	"domain")

// metaWords make a name's objects the kinds and settings around the data,
// not the data: an issue type, a preset, a check run on a pull request, a
// quota on messages. They are neither the user's data nor text others
// write.
var metaWords = set("type", "preset", "check", "quota")

// evaluationWords make "eval" the evaluation of a model, not of code.
var evaluationWords = set("model", "metric", "dataset")

// privateParams name where the user's data is read from (compared as
// untrustedParams are).
var privateParams = set("path", "paths", "filepath", "filepaths", "file", "filename", "files", "directory",
	"dir", "folder", "repo", "repository", "database", "collection", "table", "tableid", "sql")

// privatePhrases in a description say the tool reads the user's data.
var privatePhrases = []string{"contents of a file", "contents of the file", "contents of files",
	"from the file system", "from the filesystem", "private repositor", "your files", "local file", "your emails",
	"knowledge graph"}

// untrustedObjects are content that others write.
var untrustedObjects = set("web", "webpage", "website", "site", "html", "browser", "issue",
	"comment", "review", "pull", "pr", "mr", "news", "tweet", "feed", "email", "mail", "inbox", "message",
	"thread", "reply", "replies", "channel", "conversation", "chat", "story", "stories", "transcript")

// untrustedVerbs read from the web whatever follows them.
var untrustedVerbs = set("navigate", "scrape", "crawl", "extract", "snapshot")

// untrustedParams name a page to read (compared without case or
// separators: "page_url" is "pageurl"); a base URL is where an API lives,
// not a page to read.
var untrustedParams = set("url", "urls", "href", "link", "pageurl", "targeturl", "starturl", "weburl", "website")

// untrustedPhrases in a description say the tool reads the web.
var untrustedPhrases = []string{"web page", "webpage", "web search", "search the web", "from the web",
	"the internet", "fetches a url", "fetch a url", "content of a url", "scrape", "crawl"}

// sendVerbs send something out on their own.
var sendVerbs = set("send", "post", "publish", "upload", "share", "reply", "tweet", "notify",
	"push", "submit", "invite", "broadcast")

// bland words make a name's objects something other than content: an
// emoji reaction, a status, a link between items, a queue of the user's
// own jobs.
var bland = set("emoji", "reaction", "status", "link", "queue")

// textParams carry free text, what a write to a place others read can
// leak.
var textParams = set("body", "text", "content", "message", "comment", "description", "title", "note",
	"html", "markdown", "summary", "files", "properties", "children")

// writeVerbs send something out when their object is read by others.
var writeVerbs = set("create", "add", "update", "write", "edit", "comment", "open", "patch")

// sinkObjects are where others read what a tool writes.
var sinkObjects = set("issue", "comment", "pull", "pr", "review", "message", "post", "tweet", "reply",
	"story", "merge", "email", "mail", "gist", "discussion")

// sinkParams address someone (compared as untrustedParams are); "to" does
// only in a tool that sends mail or messages, as elsewhere it ends a range,
// and in one that reads them (search_emails) it filters by recipient.
var sinkParams = set("recipient", "recipients", "cc", "bcc", "webhook", "webhookurl")

// sinkPhrases in a description say the tool sends something out.
var sinkPhrases = []string{"send an email", "sends an email", "send email", "send a message", "sends a message",
	"post a message", "posts a message", "publishes"}

// destroyVerbs delete or stop things.
var destroyVerbs = set("delete", "remove", "drop", "destroy", "purge", "truncate", "wipe", "erase", "kill",
	"terminate", "uninstall", "reset", "clean", "rm", "unlink", "overwrite")

// execVerbs run what follows them; execAlone runs anything.
var (
	execVerbs   = set("run", "execute", "start", "spawn", "launch", "evaluate", "interact")
	execAlone   = set("exec", "eval", "shell", "bash", "repl")
	execObjects = set("code", "script", "command", "shell", "process", "program", "javascript", "js", "python",
		"terminal", "cmd")
	execParams = set("command", "cmd", "code", "script", "javascript", "function", "expression") // compared as untrustedParams are
)

// execPhrases in a description say the tool runs code.
var execPhrases = []string{"execute arbitrary", "executes arbitrary", "run arbitrary", "execute a shell command",
	"execute shell command", "executes a shell command", "execute javascript", "executes javascript",
	"run javascript", "execute code", "executes code", "run code", "runs code", "execute a command",
	"executes a command", "terminal command"}

// evidence gathers what supports label l; none when l does not hold.
func (f facts) evidence(l Label) []string {
	var ev []string
	add := func(s string) {
		if s != "" {
			ev = append(ev, s)
		}
	}
	readVerb := f.readVerb()
	switch l {
	case PrivateData:
		if readVerb == "" && !f.readOnly() || f.nameHas(notPrivate) != "" || f.nameHas(metaWords) != "" {
			return nil
		}
		// A tool that uploads or sends reads nothing back: "get_asset_upload_url"
		// returns where to upload a file, not the file.
		if v := f.nameHas(sendVerbs); v != "" && v != "post" {
			return nil
		}
		if o := f.nameHas(privateObjects); o != "" && o != readVerb {
			if readVerb != "" {
				add(nameEvidence(f.name, readVerb, o))
			} else {
				add(nameEvidence(f.name, o))
			}
		}
		if p := f.paramIs(privateParams); p != "" {
			add(paramEvidence(p))
		}
		if p := f.descHas(privatePhraseList); p != "" {
			add(descEvidence(p))
		}
		if len(ev) > 0 && f.readOnly() {
			add(readOnlyEvidence)
		}
	case UntrustedContent:
		if f.closedWorld() {
			return nil
		}
		verb := readVerb
		if v := f.nameHas(untrustedVerbs); v != "" {
			add(nameEvidence(f.name, v))
			verb = v
		}
		if verb == "" && !f.readOnly() {
			return nil
		}
		if o := f.nameHas(untrustedObjects); o != "" && len(ev) == 0 && verb != "" && f.nameHas(bland) == "" && f.nameHas(metaWords) == "" {
			add(nameEvidence(f.name, verb, o))
		}
		if p := f.paramIs(untrustedParams); p != "" && verb != "" {
			add(paramEvidence(p))
		}
		if p := f.descHas(untrustedPhraseList); p != "" {
			add(descEvidence(p))
		}
		if len(ev) > 0 && f.ann != nil && hint(f.ann.OpenWorldHint, true) {
			add(openWorldEvidence)
		}
	case OutboundSink:
		if f.readOnly() || f.closedWorld() {
			return nil
		}
		blandName := f.nameHas(bland) != ""
		if v := f.nameHas(sendVerbs); v != "" && (v != "post" || readVerb == "") && !blandName {
			add(nameEvidence(f.name, v))
		} else if v := f.nameHas(writeVerbs); v != "" && readVerb == "" && !blandName {
			if o := f.nameHas(sinkObjects); o != "" {
				if p := f.paramEndsIn(textParams); p != "" {
					add(nameEvidence(f.name, v, o))
					add(paramEvidence(p))
				}
			}
		}
		if p := f.paramIs(sinkParams); p != "" {
			add(paramEvidence(p))
		} else if p := f.paramIs(set("to")); p != "" && readVerb == "" && f.nameHas(set("send", "email", "mail", "message")) != "" {
			add(paramEvidence(p))
		}
		if p := f.descHas(sinkPhraseList); p != "" && !blandName {
			add(descEvidence(p))
		}
		if len(ev) > 0 && f.ann != nil && hint(f.ann.OpenWorldHint, true) {
			add(openWorldEvidence)
		}
	case Destructive:
		if f.readOnly() || f.ann != nil && hint(f.ann.DestructiveHint, false) {
			return nil
		}
		if v := f.nameHas(destroyVerbs); v != "" {
			add(nameEvidence(f.name, v))
		}
		// A server that sets destructiveHint on every tool sets it on its
		// searches too; alone, it does not outweigh a name that reads.
		if f.ann != nil && hint(f.ann.DestructiveHint, true) && (len(ev) > 0 || readVerb == "") {
			add(destructiveEvidence)
		}
	case CodeExecution:
		if v := f.nameHas(execAlone); v != "" && (v != "eval" || f.nameHas(evaluationWords) == "") {
			add(nameEvidence(f.name, v))
		} else if v := f.nameHas(execVerbs); v != "" {
			if o := f.nameHas(execObjects); o != "" {
				add(nameEvidence(f.name, v, o))
			} else if p := f.paramIs(execParams); p != "" {
				add(nameEvidence(f.name, v))
				add(paramEvidence(p))
			}
		}
		if p := f.descHas(execPhraseList); p != "" {
			add(descEvidence(p))
		}
	}
	return ev
}
