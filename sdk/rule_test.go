package sdk

import "testing"

func TestMetaInProtocol(t *testing.T) {
	since := Meta{Name: "since-rule", Category: CategorySchema, Since: "2025-06-18"}
	legacySince := Meta{Name: "legacy-since-rule", Category: CategorySchema, Era: EraLegacy, Since: "2025-06-18"}
	modern := Meta{Name: "modern-rule", Category: CategorySchema, Era: EraModern}
	unlimited := Meta{Name: "any-rule", Category: CategorySchema}
	for _, tc := range []struct {
		name    string
		meta    Meta
		era     string
		version string
		want    bool
	}{
		{"before since", since, EraLegacy, "2025-03-26", false},
		{"long before since", since, EraLegacy, "2024-11-05", false},
		{"at since", since, EraLegacy, "2025-06-18", true},
		{"after since", since, EraLegacy, "2025-11-25", true},
		{"since, modern version", since, EraModern, "2026-07-28", true},
		{"since, no version (a static file)", since, "", "", true},
		{"since, era known but no version", since, EraLegacy, "", true},
		{"era and since, both hold", legacySince, EraLegacy, "2025-11-25", true},
		{"era and since, version too old", legacySince, EraLegacy, "2025-03-26", false},
		{"era and since, other era", legacySince, EraModern, "2026-07-28", false},
		{"modern rule, modern snapshot", modern, EraModern, "2026-07-28", true},
		{"modern rule, legacy snapshot", modern, EraLegacy, "2025-11-25", false},
		{"modern rule, no era", modern, "", "", false},
		{"no limits, legacy", unlimited, EraLegacy, "2024-11-05", true},
		{"no limits, modern", unlimited, EraModern, "2026-07-28", true},
		{"no limits, no version", unlimited, "", "", true},
	} {
		s := &Snapshot{Era: tc.era, ProtocolVersion: tc.version}
		if got := tc.meta.InProtocol(s); got != tc.want {
			t.Errorf("%s: %s.InProtocol(era %q, version %q) = %v, want %v", tc.name, tc.meta.Name, tc.era, tc.version, got, tc.want)
		}
		// Applies adds the transcript condition of conformance rules only.
		if got := tc.meta.Applies(s); got != tc.want {
			t.Errorf("%s: %s.Applies = %v, want %v", tc.name, tc.meta.Name, got, tc.want)
		}
	}
}

func TestMetaAppliesNeedsTranscriptForConformance(t *testing.T) {
	m := Meta{Name: "c", Category: CategoryConformance, Since: "2025-06-18"}
	for _, tc := range []struct {
		name string
		s    *Snapshot
		want bool
	}{
		{"static file", &Snapshot{Source: SourceStatic}, false},
		{"session at since", &Snapshot{Era: EraLegacy, ProtocolVersion: "2025-06-18", Transcript: &Transcript{}}, true},
		{"session before since", &Snapshot{Era: EraLegacy, ProtocolVersion: "2025-03-26", Transcript: &Transcript{}}, false},
	} {
		if got := m.Applies(tc.s); got != tc.want {
			t.Errorf("%s: Applies = %v, want %v", tc.name, got, tc.want)
		}
	}
}
