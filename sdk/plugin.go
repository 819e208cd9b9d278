package sdk

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Version is the version of this sdk. A plugin reports the sdk version it
// was built with; the host refuses plugins built with an sdk older than
// MinPluginSDKVersion and names the side to upgrade.
const Version = "0.1.0"

// MinPluginSDKVersion is the oldest plugin sdk this host runs.
const MinPluginSDKVersion = "0.1.0"

// DecodeStrict returns a decode function for Configurable.Configure that
// reads JSON settings and rejects unknown keys.
func DecodeStrict(settings []byte) func(v any) error {
	return func(v any) error {
		dec := json.NewDecoder(bytes.NewReader(settings))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			return err
		}
		if dec.More() {
			return fmt.Errorf("settings: unexpected data after the object")
		}
		return nil
	}
}
