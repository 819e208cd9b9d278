package diff

import (
	"encoding/json"
	"io"
	"sort"

	"github.com/mcplint/mcplint/engine/report"
)

// SARIF 2.1.0, as much of it as a list of changes needs.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string    `json:"id"`
		ShortDescription sarifText `json:"shortDescription"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID     string          `json:"ruleId"`
		RuleIndex  int             `json:"ruleIndex"`
		Level      string          `json:"level"`
		Message    sarifText       `json:"message"`
		Locations  []sarifLocation `json:"locations"`
		Properties map[string]any  `json:"properties"`
	}
	sarifLocation struct {
		PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
		LogicalLocations []sarifLogical `json:"logicalLocations"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
	}
	sarifLogical struct {
		FullyQualifiedName string `json:"fullyQualifiedName"`
		Kind               string `json:"kind"`
	}
)

// sarifLevels map a class to a SARIF level.
var sarifLevels = map[Class]string{Breaking: "error", Risky: "warning", Compatible: "note"}

// WriteSARIF writes r as SARIF 2.1.0 for code scanning: one result per
// change, its rule "diff/KIND", its level error (breaking), warning
// (risky) or note (compatible), placed in the new version's file when it
// was read from one.
func WriteSARIF(w io.Writer, r *Report) error {
	used := map[string]bool{}
	for _, c := range r.Changes {
		used[c.Kind] = true
	}
	var kinds []string
	for k := range used {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	index := map[string]int{}
	driver := sarifDriver{Name: "mcplint", Version: r.Mcplint, InformationURI: report.ProjectURL, Rules: []sarifRule{}}
	for i, k := range kinds {
		index[k] = i
		driver.Rules = append(driver.Rules, sarifRule{ID: "diff/" + k, ShortDescription: sarifText{Kinds[k]}})
	}
	results := []sarifResult{}
	for _, c := range r.Changes {
		loc := sarifLocation{LogicalLocations: []sarifLogical{{FullyQualifiedName: report.Escape(c.Owner + c.Pointer), Kind: "member"}}}
		if l := c.Location; l != nil {
			loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{l.File}, Region: sarifRegion{StartLine: l.Line, StartColumn: l.Column}}
		}
		props := map[string]any{"class": string(c.Class), "tool": report.Escape(c.Owner), "pointer": report.Escape(c.Pointer)}
		if c.Rule != "" {
			props["rule"] = c.Rule
		}
		results = append(results, sarifResult{RuleID: "diff/" + c.Kind, RuleIndex: index[c.Kind], Level: sarifLevels[c.Class],
			Message:   sarifText{report.Escape(c.Owner) + ": " + report.Escape(c.Message)},
			Locations: []sarifLocation{loc}, Properties: props})
	}
	log := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0",
		Runs: []sarifRun{{Tool: sarifTool{driver}, Results: results}}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}
