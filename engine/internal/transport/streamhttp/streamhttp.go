// Package streamhttp is the Streamable HTTP transport: every message the
// session sends is its own POST to the MCP endpoint, answered with one
// JSON object, an SSE stream, or 202 Accepted for a notification. It
// speaks both eras (2026-07-28/basic/transports/streamable-http.mdx): for
// the legacy one it keeps the MCP-Session-Id the server assigns, sends
// the negotiated MCP-Protocol-Version and ends the session with DELETE;
// for the modern one it mirrors the body's protocol version, method and
// name into the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers.
//
// Every exchange is recorded: the message sent, an EventHTTP with the
// status, content type and protocol headers, each SSE event's id and
// retry, and the messages received. Headers the user passed (credentials)
// are sent but never recorded.
package streamhttp

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/internal/transport"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// Defaults of Options.
const (
	DefaultTimeout = 10 * time.Second
	// DefaultBodyCap bounds one response body or SSE event (8 MiB, the
	// stdio line cap).
	DefaultBodyCap = 8 << 20
	// closeGrace is how long Close waits for answers still coming before
	// it ends the session.
	closeGrace = 500 * time.Millisecond
	// bodyExcerpt is how many characters of a body that is not JSON-RPC
	// are recorded.
	bodyExcerpt = 2 << 10
)

// Header names the transport sends or reads.
const (
	HeaderProtocolVersion = "MCP-Protocol-Version"
	HeaderSessionID       = "MCP-Session-Id"
	HeaderMethod          = "Mcp-Method"
	HeaderName            = "Mcp-Name"
	HeaderLastEventID     = "Last-Event-ID"
)

// Options configure a Transport. The zero value is usable.
type Options struct {
	// Header is sent with every request (credentials); never recorded.
	Header http.Header
	// Timeout bounds each HTTP exchange, a response stream included
	// (DefaultTimeout when zero).
	Timeout time.Duration
	// BodyCap bounds one response body or SSE event (DefaultBodyCap when
	// zero).
	BodyCap int
	// StreamCap bounds the bytes of one response stream, decompressed
	// (DefaultStreamCap, or eight times BodyCap when that is more, when
	// zero).
	StreamCap int
	// Client is the HTTP client (when nil, a fresh one with a connection
	// pool of its own, following no redirects). Its idle connections are
	// closed after an error answer to a POST (see dropIdleAfter) and when
	// the session ends, so it should not share its Transport with
	// anything else.
	Client *http.Client
}

// Transport is a Streamable HTTP connection to one MCP endpoint. It
// implements transport.Transport.
type Transport struct {
	url  string
	opts Options
	rec  transport.Sink

	ctx    context.Context
	cancel context.CancelFunc
	flight sync.WaitGroup

	mu        sync.Mutex
	sessionID string
	version   string // the negotiated legacy version, sent once known
	streams   int
	queue     []item
	more      chan struct{} // signalled when queue grows
	closed    bool
	deleted   bool
	// askedMetadata is set once a 401 has sent mcplint to the protected
	// resource metadata.
	askedMetadata bool
	seen          map[[32]byte]int // SSE messages with ids: the stream each came on
	// inflight cancels the exchange of a request by its id: in 2026-07-28
	// closing the response stream is the cancellation.
	inflight map[string]context.CancelFunc
	// params are the x-mcp-header parameters of each listed tool.
	params map[string][]paramHeader
	failed string // why the server is unreachable, once it is
}

type item struct {
	msg []byte
	err error
}

// New is a transport to the MCP endpoint rawURL, recording into rec. It
// sends nothing until the first Send.
func New(rawURL string, opts Options, rec transport.Sink) (*Transport, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%q is not an http:// or https:// URL", rawURL)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.BodyCap <= 0 {
		opts.BodyCap = DefaultBodyCap
	}
	if opts.StreamCap <= 0 {
		opts.StreamCap = max(DefaultStreamCap, 8*opts.BodyCap)
	}
	if opts.Client == nil {
		opts.Client = &http.Client{
			// A pool of its own, so that closing its connections ends
			// this session's and no other's.
			Transport: http.DefaultTransport.(*http.Transport).Clone(),
			// A redirect could carry the credentials elsewhere; the
			// redirect itself is recorded and judged.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Transport{url: rawURL, opts: opts, rec: rec, ctx: ctx, cancel: cancel, more: make(chan struct{}, 1)}, nil
}

// URL is the MCP endpoint.
func (t *Transport) URL() string { return t.url }

// SessionID is the MCP-Session-Id the server assigned, "" for none.
func (t *Transport) SessionID() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.sessionID
}

// envelope is what the transport reads of a message it sends or receives.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Params struct {
		RequestID json.RawMessage            `json:"requestId"`
		Arguments json.RawMessage            `json:"arguments"`
		Name      any                        `json:"name"`
		URI       any                        `json:"uri"`
		Meta      map[string]json.RawMessage `json:"_meta"`
	} `json:"params"`
	Result *struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"result"`
	Error json.RawMessage `json:"error"`
}

// kind is "request", "notification" or "response".
func (e *envelope) kind() string {
	switch {
	case e.isRequest():
		return "request"
	case e.Method != nil:
		return "notification"
	}
	return "response"
}

func (e *envelope) isRequest() bool {
	return e.Method != nil && len(e.ID) > 0 && string(e.ID) != "null"
}
func (e *envelope) modernVersion() string {
	var v string
	json.Unmarshal(e.Params.Meta["io.modelcontextprotocol/protocolVersion"], &v)
	return v
}

// Send POSTs msg and returns once the request is written; the response is
// read in the background and its messages come from Receive.
func (t *Transport) Send(msg []byte) error {
	var env envelope
	json.Unmarshal(msg, &env)
	if env.Method != nil && *env.Method == "notifications/cancelled" && env.modernVersion() != "" {
		t.cancelRequest(env.Params.RequestID)
		return nil
	}
	t.rec.Message(sdk.DirClientToServer, msg)
	req, err := http.NewRequestWithContext(t.ctx, http.MethodPost, t.url, bytes.NewReader(msg))
	if err != nil {
		return &transport.SendError{Doing: "building a POST request", Err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	t.protocolHeaders(req.Header, &env)
	return t.exchange(req, &env, "")
}

// cancelRequest is notifications/cancelled in the modern era, which
// defines no such notification over HTTP: closing the request's response
// stream is the cancellation (2026-07-28/basic/transports/streamable-http.mdx#cancellation).
// It is recorded as what mcplint did instead.
func (t *Transport) cancelRequest(id json.RawMessage) {
	key := string(bytes.TrimSpace(id))
	t.mu.Lock()
	cancel, ok := t.inflight[key]
	t.mu.Unlock()
	if !ok {
		return
	}
	t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, ID: id, Detail: "mcplint closed the response stream of request " + key + " to cancel it (2026-07-28 has no notifications/cancelled over HTTP)",
		HTTP: &sdk.HTTP{Method: http.MethodPost, Purpose: sdk.HTTPPurposeCancel}})
	cancel()
}

// protocolHeaders sets the headers the protocol asks of a POST carrying
// env: MCP-Protocol-Version (the body's modern version, else the
// negotiated legacy one), MCP-Session-Id, and for a modern request
// Mcp-Method and Mcp-Name.
func (t *Transport) protocolHeaders(h http.Header, env *envelope) {
	t.mu.Lock()
	session, version := t.sessionID, t.version
	t.mu.Unlock()
	if modern := env.modernVersion(); modern != "" {
		h.Set(HeaderProtocolVersion, modern)
		if env.isRequest() {
			h.Set(HeaderMethod, *env.Method)
			if name, ok := nameOf(env); ok {
				h.Set(HeaderName, EncodeValue(name))
			}
			if name, ok := nameOf(env); ok && *env.Method == "tools/call" {
				t.setParamHeaders(h, name, env.Params.Arguments)
			}
		}
	} else if version != "" {
		h.Set(HeaderProtocolVersion, version)
	}
	if session != "" {
		h.Set(HeaderSessionID, session)
	}
}

// nameOf is the Mcp-Name source of a request: params.name of tools/call
// and prompts/get, params.uri of resources/read.
func nameOf(env *envelope) (string, bool) {
	switch *env.Method {
	case "tools/call", "prompts/get":
		s, ok := env.Params.Name.(string)
		return s, ok
	case "resources/read":
		s, ok := env.Params.URI.(string)
		return s, ok
	}
	return "", false
}

// EncodeValue is v as an Mcp-Name or Mcp-Param header value: as it is
// when it is plain visible ASCII with no surrounding space, else in the
// =?base64?…?= sentinel form (2026-07-28 streamable-http.mdx#value-encoding).
func EncodeValue(v string) string {
	safe := v != "" && v == strings.TrimSpace(v) && !(strings.HasPrefix(v, "=?base64?") && strings.HasSuffix(v, "?="))
	for i := 0; safe && i < len(v); i++ {
		if c := v[i]; (c < 0x20 || c > 0x7e) && c != '\t' {
			safe = false
		}
	}
	if safe {
		return v
	}
	return "=?base64?" + base64.StdEncoding.EncodeToString([]byte(v)) + "?="
}

// exchange sends req (carrying env, nil for a GET or DELETE) and reads its
// response in the background once it is written. purpose marks a
// request that is not one of the session's messages.
func (t *Transport) exchange(req *http.Request, env *envelope, purpose string) error {
	for k, vs := range t.opts.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	acceptGzip(req.Header)
	ctx, cancel := context.WithTimeout(req.Context(), t.opts.Timeout)
	tracked := env != nil && env.isRequest() && purpose == ""
	if tracked {
		t.mu.Lock()
		if t.inflight == nil {
			t.inflight = map[string]context.CancelFunc{}
		}
		t.inflight[string(bytes.TrimSpace(env.ID))] = cancel
		t.mu.Unlock()
	}
	written := make(chan struct{})
	var once sync.Once
	trace := &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) { once.Do(func() { close(written) }) }}
	req = req.WithContext(httptrace.WithClientTrace(ctx, trace))
	sentHeaders := protocolHeaderValues(req.Header, requestHeaders)
	t.mu.Lock()
	if t.closed && purpose == "" {
		t.mu.Unlock()
		cancel()
		return &transport.SendError{Doing: "sending a " + req.Method + " request", Err: errors.New("the session is closed")}
	}
	t.flight.Add(1)
	t.mu.Unlock()
	failed := make(chan error, 1)
	go func() {
		defer t.flight.Done()
		defer cancel()
		if tracked {
			defer func() {
				t.mu.Lock()
				delete(t.inflight, string(bytes.TrimSpace(env.ID)))
				t.mu.Unlock()
			}()
		}
		resp, err := t.opts.Client.Do(req)
		once.Do(func() { close(written) })
		ev := &sdk.HTTP{Method: req.Method, URL: stripQuery(req.URL), Purpose: purpose, Request: sentHeaders, Authorized: t.authorized(req.Header)}
		var id json.RawMessage
		if env != nil {
			id = env.ID
			ev.Sent = env.kind()
		}
		if err != nil {
			ev.Error = t.scrub(err)
			t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, ID: id, HTTP: ev})
			failed <- err
			if env != nil && env.isRequest() {
				t.push(item{err: &transport.Unanswered{ID: id, Reason: fmt.Sprintf("%s failed: %s", req.Method, t.scrub(err))}})
			}
			return
		}
		close(failed)
		defer resp.Body.Close()
		t.response(resp, ev, env)
	}()
	select {
	case <-written:
	case <-t.ctx.Done():
	}
	// A request that failed before it was written (connection refused)
	// is the send's failure.
	select {
	case err, ok := <-failed:
		if ok && err != nil && purpose == "" {
			t.mu.Lock()
			t.failed = t.scrub(err)
			t.mu.Unlock()
			return &transport.SendError{Doing: "sending a " + req.Method + " request", Err: errors.New(t.scrub(err))}
		}
	default:
	}
	return nil
}

// ProtocolHeaders copies the protocol's own headers of a request (response
// false) or response: never any other, so credentials stay out of what is
// recorded.
func ProtocolHeaders(h http.Header, response bool) map[string]string {
	if response {
		return protocolHeaderValues(h, responseHeaders)
	}
	return protocolHeaderValues(h, requestHeaders)
}

var requestHeaders = []string{HeaderProtocolVersion, HeaderMethod, HeaderName, HeaderSessionID, "Origin", HeaderLastEventID}

var responseHeaders = []string{HeaderSessionID, "WWW-Authenticate", "Allow", "Location", "X-Accel-Buffering"}

// protocolHeaderValues copies the named headers of h, never any other.
func protocolHeaderValues(h http.Header, names []string) map[string]string {
	var out map[string]string
	for _, n := range names {
		if vs := h.Values(n); len(vs) > 0 {
			if out == nil {
				out = map[string]string{}
			}
			out[n] = strings.Join(vs, ", ")
		}
	}
	return out
}

// scrub is err's text without the endpoint's query or password, which may
// hold a credential: net/http quotes the URL in its errors.
func (t *Transport) scrub(err error) string {
	msg := err.Error()
	u, perr := url.Parse(t.url)
	if perr != nil {
		return msg
	}
	for _, form := range []string{t.url, u.Redacted()} {
		msg = strings.ReplaceAll(msg, form, stripQuery(u))
	}
	return msg
}

func stripQuery(u *url.URL) string {
	c := *u
	c.RawQuery, c.Fragment, c.User = "", "", nil
	return c.String()
}

// response records resp and delivers its messages.
func (t *Transport) response(resp *http.Response, ev *sdk.HTTP, env *envelope) {
	ev.Status = resp.StatusCode
	ev.ContentType = resp.Header.Get("Content-Type")
	ev.Response = protocolHeaderValues(resp.Header, responseHeaders)
	var id json.RawMessage
	isRequest := env != nil && env.isRequest()
	if env != nil {
		id = env.ID
	}
	mediaType := strings.ToLower(strings.TrimSpace(strings.Split(ev.ContentType, ";")[0]))
	if isRequest && *env.Method == "initialize" {
		if sid := resp.Header.Get(HeaderSessionID); sid != "" && resp.StatusCode < 300 {
			t.mu.Lock()
			t.sessionID = sid
			t.mu.Unlock()
		}
	}
	if resp.StatusCode == http.StatusUnauthorized {
		t.mu.Lock()
		first := !t.askedMetadata
		t.askedMetadata = true
		t.mu.Unlock()
		if first {
			defer t.fetchMetadata(resp.Header.Get("WWW-Authenticate"))
		}
	}
	answered := false
	// streamErr is why mcplint stopped reading an SSE response, which the
	// event recorded before the stream cannot say.
	var streamErr string
	var idless json.RawMessage
	deliver := func(msg []byte) {
		var got envelope
		if json.Unmarshal(msg, &got) == nil {
			if isRequest && got.Method == nil && (got.Result != nil || got.Error != nil) {
				if bytes.Equal(bytes.TrimSpace(got.ID), bytes.TrimSpace(id)) {
					answered = true
					if got.Result != nil && *env.Method == "tools/list" {
						var full struct {
							Result json.RawMessage `json:"result"`
						}
						if json.Unmarshal(msg, &full) == nil {
							t.learnTools(full.Result)
						}
					}
					if got.Result != nil && *env.Method == "initialize" && got.Result.ProtocolVersion != "" {
						t.mu.Lock()
						t.version = got.Result.ProtocolVersion
						t.mu.Unlock()
					}
				} else if len(got.ID) == 0 || string(got.ID) == "null" {
					idless = got.Error
				}
			}
		}
		t.push(item{msg: msg})
	}
	switch {
	case mediaType == "text/event-stream" && resp.StatusCode < 300:
		t.mu.Lock()
		t.streams++
		ev.Stream = t.streams
		t.mu.Unlock()
		t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, ID: id, HTTP: ev})
		on := sdk.MessageStream{N: ev.Stream}
		if isRequest {
			on.Request, on.Method = bytes.TrimSpace(id), *env.Method
		}
		var lastID, why string
		var retry int
		lastID, retry, why = t.readStream(resp, ev.Method, on, deliver)
		// A legacy server may close the connection before the response,
		// once it has sent an event id, and expect the client to resume
		// the stream with GET and Last-Event-ID after retry milliseconds
		// (2025-11-25/basic/transports.mdx#sending-messages-to-the-server).
		// Not once mcplint has ended the session with DELETE, which is
		// what ends a stream the server was still holding (a cancelled
		// request's, say): a resume then raced the DELETE's own record,
		// and the records after it, which findings point at, moved from
		// run to run.
		for tries := 0; isRequest && !answered && lastID != "" && tries < maxResumes && t.ctx.Err() == nil && !t.ended(); tries++ {
			lastID, retry, why = t.resume(on, lastID, retry, deliver)
		}
		streamErr = why
	default:
		body, err := t.readBody(resp)
		switch {
		case err != nil:
			ev.Error = "reading the body: " + err.Error()
			body = nil
		case len(body) > t.opts.BodyCap:
			ev.Error = fmt.Sprintf("the body is larger than %d bytes; it was not read", t.opts.BodyCap)
			body = nil
		}
		if env != nil {
			t.dropIdleAfter(resp.StatusCode)
		}
		trimmed := bytes.TrimSpace(body)
		isJSON := len(trimmed) > 0 && json.Valid(trimmed) && (trimmed[0] == '{' || trimmed[0] == '[')
		// An error status may carry a JSON-RPC error with no id: it is
		// the transport's answer, not a message of the session, so it
		// stays in the event (and reaches the session as the request's
		// failure). A response to the request itself is a message.
		// Neither is a body on the answer to a notification or response,
		// which must be a bodiless 202: the rules judge it from the event.
		if isJSON && env != nil && !isRequest {
			isJSON = false
		}
		if isJSON && resp.StatusCode >= 300 && !answers(trimmed, id) {
			var got envelope
			if json.Unmarshal(trimmed, &got) == nil && got.Method == nil {
				idless = got.Error
			}
			isJSON = false
		}
		if !isJSON && len(trimmed) > 0 {
			ev.Body = excerpt(body)
		}
		t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, ID: id, HTTP: ev})
		if isJSON {
			t.rec.Message(sdk.DirServerToClient, trimmed)
			deliver(append([]byte(nil), trimmed...))
		}
	}
	if isRequest && !answered {
		reason := fmt.Sprintf("%s %s was answered %s with no response to request %s", ev.Method, ev.URL, resp.Status, id)
		if ev.Error != "" {
			// The body may have held the response: say why it was not read.
			reason += ": " + ev.Error
		}
		if ev.Stream > 0 {
			reason = fmt.Sprintf("the SSE stream of %s ended without a response to request %s", *env.Method, id)
			if streamErr != "" {
				reason += ": " + streamErr
			}
		}
		t.push(item{err: &transport.Unanswered{ID: id, Status: resp.StatusCode, Reason: reason, RPCError: idless}})
	}
}

// dropIdleAfter closes the pool's idle connections after an answer with
// status to a request that carried a body, unless it is a success. A
// server may refuse a request on its headers before it reads the body
// (those built on Python's http.server do) and keep the connection open;
// it then reads the unread body as the start of the next request on that
// connection, and answers it 400 or 501. Once the answer's body has been
// read to its end, net/http has put the connection back in the pool, so
// closing the idle connections here, before the answer is delivered, sends
// what it leads to (initialize after a refused server/discover, the next
// probe) on a fresh connection.
func (t *Transport) dropIdleAfter(status int) {
	if status/100 != 2 {
		t.opts.Client.CloseIdleConnections()
	}
}

// answers reports whether body is a JSON-RPC response with id.
func answers(body []byte, id json.RawMessage) bool {
	var got envelope
	return len(id) > 0 && json.Unmarshal(body, &got) == nil && got.Method == nil &&
		(got.Result != nil || got.Error != nil) && bytes.Equal(bytes.TrimSpace(got.ID), bytes.TrimSpace(id))
}

func excerpt(body []byte) string { return excerptN(body, bodyExcerpt) }

// excerptN is the first n characters of body.
func excerptN(body []byte, n int) string {
	// n characters are at most this many bytes; one more shows whether
	// there is more.
	body = body[:min(len(body), n*utf8.UTFMax+1)]
	return snip.Runes(strings.ToValidUTF8(string(body), "\uFFFD"), n)
}

// readStream records and delivers the events of one SSE response stream,
// on, until it ends, its deadline passes or the transport closes; method
// is the HTTP method that opened it. Each message is recorded with on.
//
// It returns the last event id seen ("" for none) and the last retry field
// (-1 for none), for resuming the stream.
func (t *Transport) readStream(resp *http.Response, method string, on sdk.MessageStream, deliver func([]byte)) (lastID string, retry int, why string) {
	retry = -1
	stream := on.N
	stop := func(reason string) {
		why = reason
		t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: &sdk.HTTP{Method: method, Stream: stream, Error: reason}})
	}
	body, err := decodedBody(resp, int64(t.opts.StreamCap))
	if err != nil {
		stop("reading the SSE stream: " + err.Error())
		return "", retry, why
	}
	sr := NewSSEReader(body, t.opts.BodyCap)
	for events := 0; ; events++ {
		if events == MaxStreamEvents {
			// A stream past its bounds is not resumed: what it
			// would carry next is more of the same.
			stop(fmt.Sprintf("mcplint stopped reading the SSE stream after %d events, the most it reads from one stream", MaxStreamEvents))
			return "", retry, why
		}
		e, err := sr.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				stop("reading the SSE stream: " + err.Error())
			}
			if errors.Is(err, ErrStreamTooLarge) || errors.Is(err, ErrCompressionBomb) || errors.Is(err, ErrEventTooLarge) {
				return "", retry, why
			}
			return lastID, retry, why
		}
		if e.HasID {
			lastID = e.ID
		}
		if e.Retry >= 0 {
			retry = e.Retry
		}
		if e.HasID || e.Retry >= 0 || (e.Type != "" && e.Type != "message") || !e.HasData || len(bytes.TrimSpace(e.Data)) == 0 {
			s := &sdk.SSEEvent{ID: e.ID, Event: e.Type, Empty: len(bytes.TrimSpace(e.Data)) == 0}
			if e.Retry >= 0 {
				r := e.Retry
				s.Retry = &r
			}
			t.rec.Event(sdk.Event{Kind: sdk.EventSSE, HTTP: &sdk.HTTP{Method: method, Stream: stream, SSE: s}})
		}
		if data := bytes.TrimSpace(e.Data); len(data) > 0 {
			if other := t.seenOn(data, stream); other != 0 {
				t.rec.Event(sdk.Event{Kind: sdk.EventSSE, Detail: fmt.Sprintf("the message that follows also came on stream %d", other),
					HTTP: &sdk.HTTP{Method: method, Stream: stream, DuplicateOf: other, SSE: &sdk.SSEEvent{ID: e.ID}}})
			}
			t.rec.StreamMessage(on, data)
			deliver(append([]byte(nil), data...))
		}
	}
}

// readBody reads a response body that is not a stream: at most BodyCap
// bytes, decompressed; one more byte tells that there was more.
func (t *Transport) readBody(resp *http.Response) ([]byte, error) {
	r, err := decodedBody(resp, int64(t.opts.BodyCap)+1)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(r)
	if errors.Is(err, ErrStreamTooLarge) {
		err = nil // the cap on one body says it, below
	}
	return b, err
}

// maxResumes bounds how often one response stream is resumed, and
// maxRetryWait how long mcplint honours a retry field before it resumes.
const (
	maxResumes   = 3
	maxRetryWait = 2 * time.Second
)

// ended reports whether mcplint has sent the DELETE that ends the session.
func (t *Transport) ended() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.deleted
}

// resume waits the stream's retry time (capped) and resumes it with a GET
// carrying Last-Event-ID, reading what comes as the same stream; not when
// the session was ended during the wait.
func (t *Transport) resume(on sdk.MessageStream, lastID string, retry int, deliver func([]byte)) (string, int, string) {
	wait := time.Duration(max(retry, 0)) * time.Millisecond
	timer := time.NewTimer(min(wait, maxRetryWait))
	select {
	case <-timer.C:
	case <-t.ctx.Done():
		timer.Stop()
		return "", retry, ""
	}
	if t.ended() {
		return "", retry, ""
	}
	ctx, cancel := context.WithTimeout(t.ctx, t.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.url, nil)
	if err != nil {
		return "", retry, ""
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set(HeaderLastEventID, lastID)
	t.protocolHeaders(req.Header, &envelope{})
	for k, vs := range t.opts.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	acceptGzip(req.Header)
	ev := &sdk.HTTP{Method: http.MethodGet, URL: stripQuery(req.URL), Purpose: sdk.HTTPPurposeResume, Stream: on.N, Request: protocolHeaderValues(req.Header, requestHeaders)}
	resp, err := t.opts.Client.Do(req)
	if err != nil {
		ev.Error = t.scrub(err)
		t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: ev})
		return "", retry, ""
	}
	defer resp.Body.Close()
	ev.Status, ev.ContentType, ev.Response = resp.StatusCode, resp.Header.Get("Content-Type"), protocolHeaderValues(resp.Header, responseHeaders)
	t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: ev})
	mt, _, _ := strings.Cut(strings.ToLower(ev.ContentType), ";")
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(mt) != "text/event-stream" {
		return "", retry, ""
	}
	next, r, why := t.readStream(resp, http.MethodGet, on, deliver)
	if next == lastID {
		next = "" // no progress: do not ask again
	}
	return next, r, why
}

// seenOn notes that msg came on stream and returns another stream the same
// message (one with an id: a request or response) came on before, 0 for
// none. A notification may rightly repeat; a message with an id may not
// (2025-11-25/basic/transports.mdx#multiple-connections).
func (t *Transport) seenOn(msg []byte, stream int) int {
	var env envelope
	if json.Unmarshal(msg, &env) != nil || len(env.ID) == 0 || string(env.ID) == "null" {
		return 0
	}
	sum := sha256.Sum256(msg)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.seen == nil {
		t.seen = map[[32]byte]int{}
	}
	if other, ok := t.seen[sum]; ok && other != stream {
		return other
	}
	t.seen[sum] = stream
	return 0
}

func (t *Transport) push(it item) {
	t.mu.Lock()
	t.queue = append(t.queue, it)
	t.mu.Unlock()
	select {
	case t.more <- struct{}{}:
	default:
	}
}

// Receive returns the next message any response carried, a
// *transport.Unanswered for a request that will get none, or io.EOF once
// the transport is closed and every response has been read.
func (t *Transport) Receive(ctx context.Context) ([]byte, error) {
	for {
		t.mu.Lock()
		if len(t.queue) > 0 {
			it := t.queue[0]
			t.queue = t.queue[1:]
			t.mu.Unlock()
			return it.msg, it.err
		}
		done := t.closed
		t.mu.Unlock()
		if done {
			return nil, io.EOF
		}
		select {
		case <-t.more:
		case <-ctx.Done():
			return nil, context.Cause(ctx)
		}
	}
}

// Gone is nil: an HTTP server is not a process mcplint watches.
func (t *Transport) Gone() <-chan struct{} { return nil }

// Status says whether the endpoint has answered.
func (t *Transport) Status() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.failed != "" {
		return "unreachable"
	}
	return "reachable"
}

// Close ends the session: a legacy session the server assigned an id is
// ended with DELETE (2025-11-25/basic/transports.mdx#session-management);
// then every response still being read is abandoned. It returns once
// nothing more will be recorded.
func (t *Transport) Close(gentle bool) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return
	}
	session := t.sessionID
	t.mu.Unlock()
	if gentle {
		// What was sent last (a notification) must reach the server
		// before the session ends, or the DELETE overtakes it.
		settled := make(chan struct{})
		go func() { t.flight.Wait(); close(settled) }()
		timer := time.NewTimer(closeGrace)
		select {
		case <-settled:
		case <-timer.C:
		}
		timer.Stop()
		if session != "" {
			t.Delete()
		}
	}
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
	t.cancel()
	t.flight.Wait()
	// Kept-alive connections would otherwise stay open until the server
	// or the pool's idle timeout ends them.
	t.opts.Client.CloseIdleConnections()
	select {
	case t.more <- struct{}{}:
	default:
	}
}

// Delete ends the legacy session with DELETE and waits for the answer; it
// does nothing when there is no session or it was already deleted.
func (t *Transport) Delete() *sdk.HTTP {
	t.mu.Lock()
	session, version, done := t.sessionID, t.version, t.deleted
	t.deleted = true
	t.mu.Unlock()
	if session == "" || done {
		return nil
	}
	return t.Raw(http.MethodDelete, sdk.HTTPPurposeSessionEnd, "", nil, func(h http.Header) {
		h.Set(HeaderSessionID, session)
		if version != "" {
			h.Set(HeaderProtocolVersion, version)
		}
	})
}

// Raw sends one request outside the session's message flow (a probe of
// the transport: DELETE, GET, a foreign Origin) and waits for the head of
// its answer. It records one EventHTTP with purpose and probe (what the
// body carried, in words); the body is not a message of the session, so
// neither it nor the answer's body is recorded as one: the start of the
// answer's body is kept in the event. set adjusts the headers. The user's
// headers are sent as with every request.
func (t *Transport) Raw(method, purpose, probe string, body []byte, set func(http.Header)) *sdk.HTTP {
	return t.raw(method, t.url, purpose, probe, body, set, true)
}

func (t *Transport) raw(method, target, purpose, probe string, body []byte, set func(http.Header), credentials bool) *sdk.HTTP {
	return t.rawCapped(method, target, purpose, probe, body, set, credentials, bodyExcerpt)
}

// rawCapped is raw keeping up to keep characters of the answer's body.
func (t *Transport) rawCapped(method, target, purpose, probe string, body []byte, set func(http.Header), credentials bool, keep int) *sdk.HTTP {
	ctx, cancel := context.WithTimeout(t.ctx, t.opts.Timeout)
	defer cancel()
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, r)
	if err != nil {
		return nil
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
	} else if method == http.MethodGet {
		req.Header.Set("Accept", "text/event-stream")
	}
	if credentials {
		for k, vs := range t.opts.Header {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
	}
	// After the user's headers, so that a probe can replace one of them
	// (the invalid token) or take it away (the token in the query).
	if set != nil {
		set(req.Header)
	}
	acceptGzip(req.Header)
	ev := &sdk.HTTP{Method: method, URL: stripQuery(req.URL), Purpose: purpose, Probe: probe, Request: protocolHeaderValues(req.Header, requestHeaders),
		Authorized: credentials && t.authorized(req.Header)}
	resp, err := t.opts.Client.Do(req)
	if err != nil {
		// The target may carry a token in its query (the query probe).
		msg := t.scrub(err)
		for _, form := range []string{target, req.URL.String(), req.URL.Redacted()} {
			msg = strings.ReplaceAll(msg, form, stripQuery(req.URL))
		}
		ev.Error = msg
		t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: ev})
		return ev
	}
	defer resp.Body.Close()
	ev.Status = resp.StatusCode
	ev.ContentType = resp.Header.Get("Content-Type")
	ev.Response = protocolHeaderValues(resp.Header, responseHeaders)
	mediaType := strings.ToLower(strings.TrimSpace(strings.Split(ev.ContentType, ";")[0]))
	// The head of an SSE stream is the answer; a GET stream may stay open
	// for as long as the session, so it is not read.
	if mediaType != "text/event-stream" {
		if r, err := decodedBody(resp, int64(keep*utf8.UTFMax+1)); err != nil {
			ev.Error = "reading the body: " + err.Error()
		} else if b, _ := io.ReadAll(r); len(bytes.TrimSpace(b)) > 0 {
			ev.Body = excerptN(b, keep)
		}
	}
	if body != nil {
		t.dropIdleAfter(resp.StatusCode)
	}
	t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: ev})
	return ev
}

// fetchMetadata follows a 401 to the OAuth protected resource metadata
// (RFC 9728): the resource_metadata URL of the WWW-Authenticate challenge,
// else the well-known URIs at the endpoint's path and at the root
// (2025-11-25/basic/authorization.mdx#protected-resource-metadata-discovery-requirements).
// Each fetch is recorded; the user's headers (credentials) are not sent.
func (t *Transport) fetchMetadata(challenge string) {
	var urls []string
	if u := ResourceMetadataParam(challenge); u != "" {
		urls = append(urls, u)
	} else if base, err := url.Parse(t.url); err == nil {
		root := base.Scheme + "://" + base.Host + "/.well-known/oauth-protected-resource"
		if p := strings.TrimSuffix(base.EscapedPath(), "/"); p != "" {
			urls = append(urls, root+p)
		}
		urls = append(urls, root)
	}
	for _, u := range urls {
		if !IsHTTPURL(u) {
			continue
		}
		if !sameOrigin(u, t.url) {
			// A challenge could send mcplint to a cloud metadata address
			// (169.254.169.254) or a host of the private network it runs
			// in, and have the answer quoted into the report.
			t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: &sdk.HTTP{Method: http.MethodGet, URL: stripQuery(mustParse(u)), Purpose: sdk.HTTPPurposeResourceMetadata,
				Error: "mcplint did not fetch it: it is not on the server's own origin, the only one mcplint asks for metadata"}})
			continue
		}
		ev := t.rawCapped(http.MethodGet, u, sdk.HTTPPurposeResourceMetadata, "", nil, func(h http.Header) { h.Set("Accept", "application/json") }, false, MetadataCap)
		if ev != nil && ev.Status == http.StatusOK {
			t.fetchAuthServers(ev.Body)
			return
		}
	}
}

// sameOrigin reports whether URLs a and b have the same scheme, host and
// port (RFC 6454), the port defaulted by the scheme.
func sameOrigin(a, b string) bool {
	pa, errA := url.Parse(a)
	pb, errB := url.Parse(b)
	if errA != nil || errB != nil {
		return false
	}
	port := func(u *url.URL) string {
		if p := u.Port(); p != "" {
			return p
		}
		if u.Scheme == "https" {
			return "443"
		}
		return "80"
	}
	return strings.EqualFold(pa.Scheme, pb.Scheme) && strings.EqualFold(pa.Hostname(), pb.Hostname()) && port(pa) == port(pb)
}

func mustParse(u string) *url.URL {
	p, err := url.Parse(u)
	if err != nil {
		return &url.URL{}
	}
	return p
}

// IsHTTPURL reports whether u is an http:// or https:// URL with a host.
func IsHTTPURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != ""
}

// ResourceMetadataParam is the resource_metadata parameter of a
// WWW-Authenticate challenge (RFC 9728 section 5.1), "" when it has none.
func ResourceMetadataParam(challenge string) string {
	l := strings.ToLower(challenge)
	i := strings.Index(l, "resource_metadata=")
	if i < 0 {
		return ""
	}
	v := challenge[i+len("resource_metadata="):]
	if strings.HasPrefix(v, `"`) {
		if j := strings.IndexByte(v[1:], '"'); j >= 0 {
			return v[1 : j+1]
		}
		return ""
	}
	if j := strings.IndexAny(v, ", "); j >= 0 {
		v = v[:j]
	}
	return v
}

var _ transport.Transport = (*Transport)(nil)
