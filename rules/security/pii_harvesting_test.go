package security

import "testing"

// TestPasswordOwner: whom a parameter's description gives a password to.
func TestPasswordOwner(t *testing.T) {
	own := map[string]bool{"virtual": true, "machine": true, "recovery": true, "mode": true, "recipes": true, "template": true}
	for _, c := range []struct {
		desc string
		want owner
	}{
		{"Root password for the virtual machine", ownerResource},
		{"Temporary root password for recovery mode", ownerResource},
		{"Panel password for the panel-based OS template.", ownerResource},
		{"Password for the recipes site of the user's account", ownerPerson},
		{"Your password for the virtual machine", ownerPerson},
		{"The user's email account password, needed to save favourites.", ownerPerson},
		{"The root password of the server", ownerPerson},
		{"Ask the user for the password.", ownerUnsaid},
	} {
		if got := passwordOwner(c.desc, own); got != c.want {
			t.Errorf("passwordOwner(%q) = %v, want %v", c.desc, got, c.want)
		}
	}
}
