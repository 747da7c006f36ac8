package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// counts are what a loaded provider holds, compared with the file's own
// "stats" block and with the numbers the files had when this was written.
type counts struct {
	Resources, DataSources, Attributes, Enums, CustomTypes, Regions int
}

func providerCounts(p *Provider) counts {
	c := counts{
		Resources: len(p.Resources), DataSources: len(p.DataSources),
		Enums: len(p.Enums), CustomTypes: len(p.CustomTypes), Regions: len(p.Regions),
	}
	for _, m := range []map[string]*Resource{p.Resources, p.DataSources} {
		for _, r := range m {
			for _, a := range r.Attributes {
				if !a.Synthetic {
					c.Attributes++ // the data's attributes, not the id every resource has
				}
			}
		}
	}
	return c
}

func statsCounts(t *testing.T, path string) counts {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Stats struct {
			Resources   int `json:"resources"`
			DataSources int `json:"data_sources"`
			Attributes  int `json:"attributes"`
			Enums       int `json:"enums"`
			CustomTypes int `json:"custom_types"`
		} `json:"stats"`
		Regions struct {
			Values []json.RawMessage `json:"values"`
		} `json:"regions"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	s := f.Stats
	return counts{s.Resources, s.DataSources, s.Attributes, s.Enums, s.CustomTypes, len(f.Regions.Values)}
}

// TestLoadSharedFiles loads ../shared/schemas/{aws,awscc}.json.
//
// schemas.md §5.7 gives 25 resources / 2 data sources / 36 enums for aws.json
// and 46 / 0 / 192 for awscc.json; the files in ../shared have since been
// regenerated (aws.json now describes the current PascalCase aws provider,
// with aws.acm.Certificate), so the expected numbers are the files' own
// stats, pinned here so that a regenerated file is noticed (and the embedded
// copies regenerated with go generate).
func TestLoadSharedFiles(t *testing.T) {
	tests := []struct {
		file string
		want counts
	}{
		{"aws.json", counts{Resources: 40, DataSources: 4, Attributes: 271, Enums: 67, CustomTypes: 30, Regions: 38}},
		{"awscc.json", counts{Resources: 46, DataSources: 0, Attributes: 480, Enums: 194, CustomTypes: 58, Regions: 38}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := needShared(t, filepath.Join("schemas", tt.file))
			p := mustLoadFile(t, path)
			got := providerCounts(p)
			if diff := cmp.Diff(statsCounts(t, path), got); diff != "" {
				t.Errorf("counts differ from the file's stats (-stats +loaded):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("counts (-want +got):\n%s", diff)
			}
		})
	}
}
