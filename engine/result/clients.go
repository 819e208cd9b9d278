package result

import (
	"bytes"
	"encoding/json"
)

// Clients are the verdicts for the selected clients, in the order they
// were selected. In JSON they are one object keyed by client name, in that
// order.
type Clients []ClientVerdict

// ClientVerdict says whether a target works in one client, by the
// client-compatibility findings left after suppressions and the baseline.
type ClientVerdict struct {
	// Client is the profile's name.
	Client string `json:"-"`
	// Works is true when nothing the client rejects was found.
	Works bool `json:"works"`
	// Tools counts the tools with at least one finding for this client.
	Tools int `json:"tools"`
	// Server is true when the client rejects the tool list as a whole
	// (more tools than it sends).
	Server bool `json:"server"`
	// Findings counts the findings for this client.
	Findings int `json:"findings"`
}

// MarshalJSON writes the verdicts as an object keyed by client, in order.
func (c Clients) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(v.Client)
		if err != nil {
			return nil, err
		}
		val, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the object MarshalJSON writes, keeping its order.
func (c *Clients) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return err
	}
	*c = nil
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		var v ClientVerdict
		if err := dec.Decode(&v); err != nil {
			return err
		}
		v.Client = name
		*c = append(*c, v)
	}
	_, err := dec.Token()
	return err
}
