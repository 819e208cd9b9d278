package streamhttp

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

func TestAuthServerMetadataURLsInTheSpecOrder(t *testing.T) {
	tests := []struct {
		issuer string
		want   []string
	}{
		{"https://auth.example.com", []string{"https://auth.example.com/.well-known/oauth-authorization-server", "https://auth.example.com/.well-known/openid-configuration"}},
		{"https://auth.example.com/", []string{"https://auth.example.com/.well-known/oauth-authorization-server", "https://auth.example.com/.well-known/openid-configuration"}},
		{"https://auth.example.com/tenant1", []string{
			"https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
			"https://auth.example.com/.well-known/openid-configuration/tenant1",
			"https://auth.example.com/tenant1/.well-known/openid-configuration",
		}},
		{"ftp://auth.example.com", nil},
		{"not a url", nil},
	}
	for _, tc := range tests {
		if got := AuthServerMetadataURLs(tc.issuer); !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.issuer, got, tc.want)
		}
	}
}

// TestAuthServersOnLinkLocalAddressesAreNotAsked: a protected resource
// metadata document that lists a cloud metadata address as its
// authorization server gets it recorded as not fetched.
func TestAuthServersOnLinkLocalAddressesAreNotAsked(t *testing.T) {
	rec := &sink{}
	tr, err := New("http://127.0.0.1:1/mcp", Options{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close(false)
	tr.fetchAuthServers(`{"authorization_servers":["http://169.254.169.254/latest","http://metadata.google.internal"]}`)
	evs := rec.events(sdk.EventHTTP)
	if len(evs) != 2 {
		t.Fatalf("got %d events, want 2", len(evs))
	}
	for _, e := range evs {
		if e.HTTP.Status != 0 || !strings.Contains(e.HTTP.Error, "did not fetch") {
			t.Errorf("%s was asked: %+v", e.HTTP.URL, e.HTTP)
		}
	}
}

// TestTokenProbesKeepTheTokenOut: the invalid-token probe replaces the
// user's token, the query probe sends it in the query without the
// header, and neither the recorded URL nor an error holds the token, even
// when the server drops the connection.
func TestTokenProbesKeepTheTokenOut(t *testing.T) {
	const token = "tok-9a1f-secret"
	type got struct{ auth, query string }
	var seen []got
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, got{r.Header.Get("Authorization"), r.URL.Query().Get("access_token")})
		if r.URL.Query().Has("access_token") {
			// Drop the connection: net/http quotes the URL in its error.
			hj, _ := w.(http.Hijacker)
			c, _, _ := hj.Hijack()
			c.Close()
			return
		}
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	rec := &sink{}
	tr, err := New(srv.URL+"/mcp", Options{Header: http.Header{"Authorization": {"Bearer " + token}}}, rec)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close(false)
	tr.authProbes("ping", func(p string) []byte { return []byte(`{"jsonrpc":"2.0","id":"` + p + `","method":"ping"}`) }, func(http.Header) {})
	if len(seen) < 2 || seen[0] != (got{"Bearer " + InvalidToken, ""}) || seen[len(seen)-1] != (got{"", token}) {
		t.Errorf("the server saw %+v", seen)
	}
	out, _ := json.Marshal(rec.events(sdk.EventHTTP))
	if strings.Contains(string(out), token) {
		t.Errorf("the token was recorded: %s", out)
	}
	var purposes []string
	for _, e := range rec.events(sdk.EventHTTP) {
		purposes = append(purposes, e.HTTP.Purpose)
	}
	if !slices.Contains(purposes, sdk.HTTPPurposeInvalidToken) || !slices.Contains(purposes, sdk.HTTPPurposeTokenInQuery) {
		t.Errorf("recorded purposes %q", purposes)
	}
}
