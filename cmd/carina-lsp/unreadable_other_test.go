//go:build !unix

package main

import "testing"

func testChmod000(t *testing.T) { t.Skip("no Unix permissions here") }
