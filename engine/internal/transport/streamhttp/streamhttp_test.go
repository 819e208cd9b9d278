package streamhttp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/transport"
	"github.com/mcplint/mcplint/sdk"
)

// sink keeps what a transport records.
type sink struct {
	mu      sync.Mutex
	records []sdk.Record
}

func (s *sink) Message(dir string, line []byte) {
	s.mu.Lock()
	s.records = append(s.records, sdk.Record{Dir: dir, Msg: append([]byte(nil), line...)})
	s.mu.Unlock()
}
func (s *sink) StreamMessage(on sdk.MessageStream, msg []byte) {
	s.mu.Lock()
	s.records = append(s.records, sdk.Record{Dir: sdk.DirServerToClient, Msg: append([]byte(nil), msg...), Stream: &on})
	s.mu.Unlock()
}
func (s *sink) Stderr(string) {}
func (s *sink) Event(e sdk.Event) {
	s.mu.Lock()
	s.records = append(s.records, sdk.Record{Dir: sdk.DirEvent, Event: &e})
	s.mu.Unlock()
}

func (s *sink) events(kind string) []*sdk.Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*sdk.Event
	for _, r := range s.records {
		if r.Event != nil && r.Event.Kind == kind {
			out = append(out, r.Event)
		}
	}
	return out
}

// TestResumesAStreamClosedBeforeItsResponse: a legacy server primes the
// stream with an event id and a retry field, closes the connection, and
// answers on the GET that resumes it with Last-Event-ID.
func TestResumesAStreamClosedBeforeItsResponse(t *testing.T) {
	var mu sync.Mutex
	var lastEventID string
	tr, rec, ctx := dial(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		switch r.Method {
		case http.MethodPost:
			fmt.Fprint(w, "id: ev-1\nretry: 20\ndata:\n\n")
		case http.MethodGet:
			mu.Lock()
			lastEventID = r.Header.Get("Last-Event-ID")
			mu.Unlock()
			fmt.Fprint(w, ": resumed\nid: ev-2\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n")
		}
	}, 5*time.Second, true)
	if err := tr.Send([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)); err != nil {
		t.Fatal(err)
	}
	msg, err := tr.Receive(ctx)
	if err != nil || !strings.Contains(string(msg), `"result"`) {
		t.Fatalf("got %s, %v; want the response from the resumed stream", msg, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if lastEventID != "ev-1" {
		t.Errorf("the GET resumed with Last-Event-ID %q, want ev-1", lastEventID)
	}
	var resumed bool
	for _, e := range rec.events(sdk.EventHTTP) {
		resumed = resumed || (e.HTTP.Purpose == sdk.HTTPPurposeResume && e.HTTP.Request[HeaderLastEventID] == "ev-1")
	}
	if !resumed {
		t.Error("the resuming GET is not recorded")
	}
	var primed bool
	for _, e := range rec.events(sdk.EventSSE) {
		primed = primed || (e.HTTP.SSE.ID == "ev-1" && e.HTTP.SSE.Empty && e.HTTP.SSE.Retry != nil && *e.HTTP.SSE.Retry == 20)
	}
	if !primed {
		t.Error("the priming event (id, retry, no data) is not recorded")
	}
	if on := rec.streamOf(`"result"`); on == nil || on.N != 1 || string(on.Request) != "1" || on.Method != "ping" {
		t.Errorf("the response from the resumed stream is recorded on %+v, want stream 1 of ping (request 1)", on)
	}
}

// TestStreamEndedByDeleteIsNotResumed: a legacy server holds a request's
// stream open (as the reference server holds a cancelled long
// operation's, with no response to send) until the DELETE that ends the
// session closes it. mcplint ended the session itself, so it does not
// resume the stream: such a resume raced the DELETE's record, and the
// records after it, which findings point at, moved from run to run. The
// request's failure reaches Receive only once any resume is over, so the
// test needs no clock.
func TestStreamEndedByDeleteIsNotResumed(t *testing.T) {
	streaming, deleted := make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	var resumes int
	tr, rec, ctx := dial(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet:
			mu.Lock()
			resumes++
			mu.Unlock()
			http.Error(w, "no such session", http.StatusNotFound)
		case http.MethodDelete:
			close(deleted)
		default:
			if strings.Contains(readAll(r), `"initialize"`) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set(HeaderSessionID, "s-1")
				fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"held","version":"1"}}}`)
				return
			}
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "id: ev-1\ndata:\n\n")
			w.(http.Flusher).Flush()
			close(streaming)
			<-deleted
		}
	}, 10*time.Second, false)
	if err := tr.Send([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Receive(ctx); err != nil {
		t.Fatal(err)
	}
	if err := tr.Send([]byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow"}}`)); err != nil {
		t.Fatal(err)
	}
	<-streaming
	if ev := tr.Delete(); ev == nil || ev.Status != http.StatusOK {
		t.Fatalf("DELETE: %+v, want 200", ev)
	}
	_, err := tr.Receive(ctx)
	var u *transport.Unanswered
	if !errors.As(err, &u) || string(u.ID) != "2" {
		t.Fatalf("got %v, want request 2 unanswered", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if resumes != 0 {
		t.Errorf("the stream the DELETE ended was resumed %d times, want none", resumes)
	}
	for _, e := range rec.events(sdk.EventHTTP) {
		if e.HTTP.Purpose == sdk.HTTPPurposeResume {
			t.Errorf("a resume of stream %d is recorded", e.HTTP.Stream)
		}
	}
}

// dial serves h and opens a transport to it with request timeout d; ctx
// ends after d. The server, the transport (closed abruptly or not) and
// ctx are released when the test ends, the last opened first.
func dial(t *testing.T, h http.HandlerFunc, d time.Duration, abrupt bool) (tr *Transport, rec *sink, ctx context.Context) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	rec = &sink{}
	tr, err := New(srv.URL, Options{Timeout: d}, rec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Close(abrupt) })
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return tr, rec, ctx
}

func readAll(r *http.Request) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}

// streamOf is the stream of the first recorded message of the server
// that holds substr.
func (s *sink) streamOf(substr string) *sdk.MessageStream {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.records {
		if r.Dir == sdk.DirServerToClient && strings.Contains(string(r.Msg), substr) {
			return r.Stream
		}
	}
	return nil
}

// TestEachMessageRecordsItsStream: with two response streams open at once
// and their messages interleaved, each message is recorded with the
// stream it came on, whichever came last.
func TestEachMessageRecordsItsStream(t *testing.T) {
	callSent := make(chan struct{})
	listenSent := make(chan struct{})
	tr, rec, ctx := dial(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		send := func(data string) {
			fmt.Fprintf(w, "data: %s\n\n", data)
			w.(http.Flusher).Flush()
		}
		if strings.Contains(string(body), "subscriptions/listen") {
			send(`{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"mark":"L1"}}`)
			<-callSent
			send(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"mark":"L2"}}`)
			close(listenSent)
			<-r.Context().Done()
			return
		}
		send(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"mark":"C1"}}`)
		close(callSent)
		<-listenSent
		send(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"mark":"C2"}}`)
		send(`{"jsonrpc":"2.0","id":"c","result":{"mark":"C3"}}`)
	}, 5*time.Second, false)
	if err := tr.Send([]byte(`{"jsonrpc":"2.0","id":7,"method":"subscriptions/listen"}`)); err != nil {
		t.Fatal(err)
	}
	if msg, err := tr.Receive(ctx); err != nil || !strings.Contains(string(msg), "L1") {
		t.Fatalf("got %s, %v; want the acknowledgment", msg, err)
	}
	if err := tr.Send([]byte(`{"jsonrpc":"2.0","id":"c","method":"tools/call"}`)); err != nil {
		t.Fatal(err)
	}
	// The two streams are read apart: L2, written before C2, may be read
	// after C3.
	for got := 0; got < 2; {
		msg, err := tr.Receive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(msg), "C3") || strings.Contains(string(msg), "L2") {
			got++
		}
	}
	listen := sdk.MessageStream{N: 1, Request: json.RawMessage(`7`), Method: "subscriptions/listen"}
	call := sdk.MessageStream{N: 2, Request: json.RawMessage(`"c"`), Method: "tools/call"}
	for mark, want := range map[string]sdk.MessageStream{"L1": listen, "L2": listen, "C1": call, "C2": call, "C3": call} {
		if got := rec.streamOf(mark); got == nil || !reflect.DeepEqual(*got, want) {
			t.Errorf("the message %s is recorded on %+v, want %+v", mark, got, want)
		}
	}
}

// TestUnansweredRequestFailsAtOnce: a 400 with an id-less error body
// reaches the session as that request's failure, with the error object.
func TestUnansweredRequestFailsAtOnce(t *testing.T) {
	tr, _, ctx := dial(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}}`)
	}, 5*time.Second, true)
	tr.Send([]byte(`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`))
	_, err := tr.Receive(ctx)
	var u *transport.Unanswered
	if !errors.As(err, &u) || string(u.ID) != "7" || u.Status != 400 || !strings.Contains(string(u.RPCError), "Server not initialized") {
		t.Fatalf("got %#v, want request 7's failure with the 400 and its error object", err)
	}
}

func TestEncodeValue(t *testing.T) {
	for in, want := range map[string]string{
		"us-west1":           "us-west1",
		"Hello, 世界":          "=?base64?SGVsbG8sIOS4lueVjA==?=",
		" padded ":           "=?base64?IHBhZGRlZCA=?=",
		"line1\nline2":       "=?base64?bGluZTEKbGluZTI=?=",
		"=?base64?literal?=": "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=",
	} {
		if got := EncodeValue(in); got != want {
			t.Errorf("EncodeValue(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestModernCancelClosesTheStream: in 2026-07-28 a cancellation closes the
// request's response stream; no notifications/cancelled is POSTed.
func TestModernCancelClosesTheStream(t *testing.T) {
	cancelled := make(chan struct{})
	var mu sync.Mutex
	var methods []string
	tr, rec, _ := dial(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		methods = append(methods, r.Header.Get(HeaderMethod))
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		close(cancelled)
	}, 10*time.Second, false)
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}`
	if err := tr.Send([]byte(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"slow",` + meta + `}}`)); err != nil {
		t.Fatal(err)
	}
	if err := tr.Send([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4,` + meta + `}}`)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the server never saw the request's stream close")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(methods) != 1 || methods[0] != "tools/call" {
		t.Errorf("the server got POSTs for %q; want the tools/call alone", methods)
	}
	var noted bool
	for _, e := range rec.events(sdk.EventHTTP) {
		noted = noted || e.HTTP.Purpose == sdk.HTTPPurposeCancel
	}
	if !noted {
		t.Error("the cancellation is not recorded")
	}
}
