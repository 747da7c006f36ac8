package workspace

import "testing"

func TestPinsVersion(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"provider aws {\n  version = '~0.5.0'\n}\n", true},
		{"provider aws {\n  region = aws.Region.us_east_1\n  version='0.5'\n}\n", true},
		{"let p = provider aws {\n  version = '0.5'\n}\n", true},
		{"provider aws {\n  region = aws.Region.us_east_1\n}\n\naws.s3.Bucket {\n  version = 1\n}\n", false},
		{"aws.lambda.Function {\n  version = '1'\n}\n", false},
		{"provider aws {\n  versions = 1\n}\n", false},
		{"", false},
	} {
		if got := pinsVersion(tc.text); got != tc.want {
			t.Errorf("pinsVersion(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
