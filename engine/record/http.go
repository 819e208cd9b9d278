package record

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/internal/transport/streamhttp"
	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/sdk"
)

// HTTPOptions configure the recording of a Streamable HTTP server.
type HTTPOptions struct {
	// Upstream is the server's MCP endpoint, http:// or https://.
	Upstream string
	// Listen is the loopback address the proxy listens on, e.g.
	// "127.0.0.1:8808"; "127.0.0.1:0" (the default) picks a free port.
	Listen string
	// Output is the trace file, written in one piece when the recording
	// ends.
	Output string
	// Ready is called with the proxy's URL once it listens.
	Ready func(url string)
	// Signals end the recording, as ctx does.
	Signals <-chan os.Signal
	// MaxLine caps a recorded message (DefaultMaxLine when zero); a longer
	// body is still relayed whole.
	MaxLine int
}

// IsURL reports whether a record target is a server's URL rather than a
// command.
func IsURL(s string) bool { return streamhttp.IsHTTPURL(s) }

// hopHeaders are the hop-by-hop headers a proxy does not forward.
var hopHeaders = []string{"Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization", "Proxy-Connection", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

// RunHTTP is mcplint record for a Streamable HTTP server: a reverse proxy
// on a loopback address that forwards every request to Upstream unchanged
// and records the exchange as the live HTTP transport does (the messages
// both ways, an http event per exchange with the protocol's headers, SSE
// ids and retry fields), in the same trace format. Credentials the client
// sends pass through and are not recorded. It runs until ctx ends or a
// signal comes, then writes the trace.
func RunHTTP(ctx context.Context, opts HTTPOptions) (Result, error) {
	if !streamhttp.IsHTTPURL(opts.Upstream) {
		return Result{}, fmt.Errorf("record: %q is not an http:// or https:// URL", opts.Upstream)
	}
	if opts.Listen == "" {
		opts.Listen = "127.0.0.1:0"
	}
	if opts.MaxLine <= 0 {
		opts.MaxLine = DefaultMaxLine
	}
	host, _, err := net.SplitHostPort(opts.Listen)
	if ip := net.ParseIP(host); err != nil || (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
		return Result{}, fmt.Errorf("record: --listen %s: the proxy listens on a loopback address only, e.g. 127.0.0.1:8808", opts.Listen)
	}
	l, err := net.Listen("tcp", opts.Listen)
	if err != nil {
		return Result{}, fmt.Errorf("record: listen on %s: %w", opts.Listen, err)
	}
	// The trace names the server without a password or query key.
	rec, err := newRecorder(opts.Output, []string{target.RedactURL(opts.Upstream)}, true)
	if err != nil {
		l.Close()
		return Result{}, err
	}
	up, _ := url.Parse(opts.Upstream)
	p := &proxy{upstream: up, rec: rec, maxLine: opts.MaxLine,
		client: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	if opts.Ready != nil {
		opts.Ready("http://" + l.Addr().String() + up.EscapedPath())
	}
	select {
	case <-ctx.Done():
	case <-opts.Signals:
	case err = <-served:
	}
	// Open streams are cut: the client sees the end of the proxy as the
	// end of the server.
	shut, cancel := context.WithTimeout(context.Background(), time.Second)
	srv.Shutdown(shut)
	cancel()
	srv.Close()
	p.wg.Wait()
	n, cerr := rec.commit()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return Result{Records: n}, fmt.Errorf("record: the proxy stopped: %w", err)
	}
	return Result{Records: n}, cerr
}

type proxy struct {
	upstream *url.URL
	rec      *recorder
	client   *http.Client
	maxLine  int
	wg       sync.WaitGroup

	mu      sync.Mutex
	streams int
}

func (p *proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.wg.Add(1)
	defer p.wg.Done()
	body, err := io.ReadAll(io.LimitReader(r.Body, int64(p.maxLine)+1))
	if err != nil || len(body) > p.maxLine {
		http.Error(w, "mcplint record: the request body could not be read or is too large", http.StatusBadGateway)
		return
	}
	target := *p.upstream
	target.RawQuery = r.URL.RawQuery
	out, err := http.NewRequestWithContext(r.Context(), r.Method, target.String(), bytes.NewReader(body))
	if err != nil {
		http.Error(w, "mcplint record: "+err.Error(), http.StatusBadGateway)
		return
	}
	out.Header = r.Header.Clone()
	for _, h := range hopHeaders {
		out.Header.Del(h)
	}
	ev := &sdk.HTTP{Method: r.Method, URL: p.upstream.Scheme + "://" + p.upstream.Host + p.upstream.Path, Request: streamhttp.ProtocolHeaders(out.Header, false)}
	var id json.RawMessage
	var method string
	if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 {
		p.rec.line(sdk.DirClientToServer, trimmed, false)
		id, method, ev.Sent = sent(trimmed)
	}
	resp, err := p.client.Do(out)
	if err != nil {
		ev.Error = err.Error()
		p.rec.event(sdk.Event{Kind: sdk.EventHTTP, ID: id, HTTP: ev})
		http.Error(w, "mcplint record: the server did not answer: "+err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	for _, h := range hopHeaders {
		w.Header().Del(h)
	}
	w.WriteHeader(resp.StatusCode)
	ev.Status, ev.ContentType, ev.Response = resp.StatusCode, resp.Header.Get("Content-Type"), streamhttp.ProtocolHeaders(resp.Header, true)
	if mt, _, _ := strings.Cut(strings.ToLower(ev.ContentType), ";"); strings.TrimSpace(mt) == "text/event-stream" {
		p.mu.Lock()
		p.streams++
		ev.Stream = p.streams
		p.mu.Unlock()
		p.rec.event(sdk.Event{Kind: sdk.EventHTTP, ID: id, HTTP: ev})
		on := sdk.MessageStream{N: ev.Stream}
		if ev.Sent == "request" {
			on.Request, on.Method = id, method
		}
		p.stream(w, resp.Body, r.Method, on)
		return
	}
	data, _ := io.ReadAll(io.LimitReader(resp.Body, int64(p.maxLine)+1))
	w.Write(data)
	trimmed := bytes.TrimSpace(data)
	isJSON := len(trimmed) > 0 && len(data) <= p.maxLine && json.Valid(trimmed) && (trimmed[0] == '{' || trimmed[0] == '[')
	// As the live transport does: an id-less error of an error status, and
	// any body on the answer to a notification, stay in the event.
	if isJSON && (ev.Sent == "notification" || ev.Sent == "response" || (resp.StatusCode >= 300 && !answersID(trimmed, id))) {
		isJSON = false
	}
	if !isJSON && len(trimmed) > 0 {
		ev.Body = string(trimmed[:min(len(trimmed), 2<<10)])
	}
	p.rec.event(sdk.Event{Kind: sdk.EventHTTP, ID: id, HTTP: ev})
	if isJSON {
		p.rec.line(sdk.DirServerToClient, trimmed, false)
	}
}

// stream relays the SSE body of stream on as it comes, flushing each
// chunk, and records its events and messages beside it; method is the
// HTTP method that opened it.
func (p *proxy) stream(w http.ResponseWriter, body io.Reader, method string, on sdk.MessageStream) {
	flusher, _ := w.(http.Flusher)
	pr, pw := io.Pipe()
	parsed := make(chan struct{})
	go func() {
		defer close(parsed)
		sr := streamhttp.NewSSEReader(pr, p.maxLine)
		for {
			e, err := sr.Next()
			if err != nil {
				io.Copy(io.Discard, pr)
				return
			}
			data := bytes.TrimSpace(e.Data)
			if e.HasID || e.Retry >= 0 || (e.Type != "" && e.Type != "message") || len(data) == 0 {
				s := &sdk.SSEEvent{ID: e.ID, Event: e.Type, Empty: len(data) == 0}
				if e.Retry >= 0 {
					r := e.Retry
					s.Retry = &r
				}
				p.rec.event(sdk.Event{Kind: sdk.EventSSE, HTTP: &sdk.HTTP{Method: method, Stream: on.N, SSE: s}})
			}
			if len(data) > 0 {
				rec := trace.LineRecord(0, sdk.DirServerToClient, data, false)
				rec.Stream = &on
				p.rec.add(rec)
			}
		}
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := body.Read(buf)
		if n > 0 {
			w.Write(buf[:n])
			if flusher != nil {
				flusher.Flush()
			}
			pw.Write(buf[:n])
		}
		if err != nil {
			break
		}
	}
	pw.Close()
	<-parsed
}

// sent is the id and method of a POSTed message, and what it is.
func sent(msg []byte) (json.RawMessage, string, string) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	json.Unmarshal(msg, &m)
	hasID := len(m.ID) > 0 && string(m.ID) != "null"
	switch {
	case m.Method != nil && hasID:
		return m.ID, *m.Method, "request"
	case m.Method != nil:
		return nil, *m.Method, "notification"
	}
	return m.ID, "", "response"
}

func answersID(body []byte, id json.RawMessage) bool {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	return len(id) > 0 && json.Unmarshal(body, &m) == nil && m.Method == nil && bytes.Equal(bytes.TrimSpace(m.ID), bytes.TrimSpace(id))
}
