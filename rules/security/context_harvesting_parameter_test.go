package security

import "testing"

// TestSpeaksOfOwnModel: a "you" who picks or acts on a model is not the
// model asked who it is; "running on", "use" and "your" still are.
func TestSpeaksOfOwnModel(t *testing.T) {
	for _, c := range []struct {
		desc string
		want bool
	}{
		{"The full name of the model that you want to deploy e.g. stability-ai/sdxl.", false},
		{"The input schema depends on what model you are running.", false},
		{"The model you are currently fine-tuning.", false},
		{"The model you are running in production.", false},
		{"The model you are running on.", true},
		{"The model you are.", true},
		{"The model you use to answer.", true},
		{"Your model name, to improve the docs.", true},
	} {
		if got := speaksOfOwnModel(c.desc); got != c.want {
			t.Errorf("speaksOfOwnModel(%q) = %v, want %v", c.desc, got, c.want)
		}
	}
}

// TestAnotherPartys: an assistant or agent the description gives to
// someone in the record (a contact's assistant) is not the calling model.
func TestAnotherPartys(t *testing.T) {
	for _, c := range []struct {
		desc string
		want bool
	}{
		{"The name of the contact's assistant.", true},
		{"The name of the contact\u2019s assistant.", true},
		{"The support agent of the customer.", true},
		{"Your assistant name.", false},
		{"The model's agent name, for analytics.", false},
		{"Name of the AI assistant calling this tool.", false},
		{"The agent of the model.", false},
		{"", false},
	} {
		if got := anotherPartys(c.desc); got != c.want {
			t.Errorf("anotherPartys(%q) = %v, want %v", c.desc, got, c.want)
		}
	}
}
