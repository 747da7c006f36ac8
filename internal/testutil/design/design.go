// Package design holds the one copy the tests share of the wait design example: the
// configuration of shared/docs/wait.md, which is the example of
// shared/seeds/wait-construct-design.txt written for today's schemas (enum values as identifiers,
// the validation record's nested fields, CloudFront's distribution from awscc). It is split over
// three files of one directory, as a user would: the certificate and its DNS validation record
// (main.crn), the wait (wait.crn) and the distribution that reads through it (cdn.crn). It checks
// clean.
package design

import (
	"embed"
	"path"
)

//go:embed example/*.crn
var example embed.FS

// Files returns the example's files by name (main.crn, wait.crn, cdn.crn), in a new map the
// caller may change.
func Files() map[string]string {
	entries, err := example.ReadDir("example")
	if err != nil {
		panic(err) // embedded at build time: cannot fail
	}
	out := map[string]string{}
	for _, e := range entries {
		data, err := example.ReadFile(path.Join("example", e.Name()))
		if err != nil {
			panic(err)
		}
		out[e.Name()] = string(data)
	}
	return out
}
