package graph

import (
	"fmt"
	"strings"
)

// Direction is where apply order runs in a picture: dependencies first, then what reads them.
type Direction uint8

// Directions.
const (
	LeftToRight Direction = iota // columns: suits a wide panel or page
	TopToBottom                  // rows: suits a panel taller than wide (an editor's side panel)
)

// ParseDirection reads a direction as the CLI and carina/graph write it: "LR" or "TB" (any case;
// "" is LR).
func ParseDirection(s string) (Direction, error) {
	switch strings.ToUpper(s) {
	case "", "LR":
		return LeftToRight, nil
	case "TB":
		return TopToBottom, nil
	}
	return 0, fmt.Errorf("unknown direction %q (want LR or TB)", s)
}

// Theme is the palette a picture is painted in. A view that themes the picture itself (the VS
// Code graph view) overrides the colours through the elements' classes.
type Theme uint8

// Themes.
const (
	Light Theme = iota
	Dark
)

// ParseTheme reads a theme: "light" or "dark" ("" is light).
func ParseTheme(s string) (Theme, error) {
	switch strings.ToLower(s) {
	case "", "light":
		return Light, nil
	case "dark":
		return Dark, nil
	}
	return 0, fmt.Errorf("unknown theme %q (want light or dark)", s)
}

// SVGOptions say how WriteSVG draws.
type SVGOptions struct {
	Direction Direction
	Theme     Theme
}

// palette is the colours of one theme. fill and stroke are by kind, for the kinds up to Module
// (the others take otherFill and muted); arrays rather than maps, so that the palettes are data
// in the binary and not built by every process when the package loads.
type palette struct {
	background, text, muted, red, errorFill, otherFill string
	fill, stroke                                       [Module + 1]string
}

var (
	lightPalette = palette{
		background: "#ffffff", text: "#1f1f1f", muted: "#5f6368", red: colourRed, errorFill: colourError, otherFill: colourOther,
		fill:   [...]string{Resource: colourResource, DataSource: colourDataSource, Wait: colourWait, Module: colourModule},
		stroke: [...]string{Resource: "#1a73e8", DataSource: "#188038", Wait: "#e37400", Module: "#9334e6"},
	}
	darkPalette = palette{
		background: "#1e1e1e", text: "#e3e3e3", muted: "#9aa0a6", red: "#f28b82", errorFill: "#4c2321", otherFill: "#2b2b2b",
		fill:   [...]string{Resource: "#1c2b41", DataSource: "#1b3224", Wait: "#3a2e12", Module: "#2f2240"},
		stroke: [...]string{Resource: "#8ab4f8", DataSource: "#81c995", Wait: "#fdd663", Module: "#c58af9"},
	}
)

func (t Theme) palette() palette {
	if t == Dark {
		return darkPalette
	}
	return lightPalette
}

// nodeFill is a node's fill: red where it is on a cycle or has errors, else its kind's.
func (p palette) nodeFill(n *Node) string {
	if n.Cycle || n.Errors > 0 {
		return p.errorFill
	}
	if int(n.Kind) < len(p.fill) {
		return p.fill[n.Kind]
	}
	return p.otherFill
}

// nodeStroke is a node's outline.
func (p palette) nodeStroke(n *Node) string {
	if n.Cycle || n.Errors > 0 {
		return p.red
	}
	if int(n.Kind) < len(p.stroke) {
		return p.stroke[n.Kind]
	}
	return p.muted
}
