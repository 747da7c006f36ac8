package diagnostics

import "testing"

func TestSuggestMember(t *testing.T) {
	tests := []struct {
		name, written string
		candidates    []string
		fit           func(string) bool
		want          string
	}{
		{"a typo wins", "bukcet", []string{"bucket", "bucket_arn"}, nil, "bucket"},
		{"the one name ending in it", "arn", []string{"certificate_arn", "domain_name", "status"}, nil, "certificate_arn"},
		{"case is ignored", "ARN", []string{"certificate_arn", "status"}, nil, "certificate_arn"},
		{"several: no guess", "arn", []string{"certificate_arn", "role_arn"}, nil, ""},
		{"several, one fits", "arn", []string{"certificate_arn", "role_arn"}, func(c string) bool { return c == "role_arn" }, "role_arn"},
		{"a suffix that is not a whole word", "rn", []string{"certificate_arn"}, nil, ""},
		{"none fits", "id", []string{"vpc_id"}, func(string) bool { return false }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := suggestMember(tt.written, tt.candidates, tt.fit); got != tt.want {
				t.Errorf("suggestMember(%q) = %q, want %q", tt.written, got, tt.want)
			}
		})
	}
}
