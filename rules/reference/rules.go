// Package reference holds the rules that check what a server's texts refer
// to: tools named in descriptions and instructions must exist.
package reference

import "github.com/mcplint/mcplint/sdk"

// Rules returns the reference rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{
		DanglingToolReference{},
	}
}
