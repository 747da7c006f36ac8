package graph

import "unicode"

// helvetica holds the advance widths of Helvetica's printable ASCII characters (space to tilde) in
// thousandths of an em, from its font metrics; Arial and Liberation Sans, which browsers draw
// "Helvetica, Arial, sans-serif" with, share them.
var helvetica = [95]uint16{
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 to ?
	1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ to O
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P to _
	333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` to o
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p to ~
}

// textWidth estimates the width in pixels of s drawn at size pixels, bold or not, as a box must
// hold it: Helvetica's widths for ASCII (bold a tenth wider), a full em for the wide characters of
// East Asian scripts, and more than most letters for any other character.
func textWidth(s string, size float64, bold bool) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case r >= ' ' && r <= '~':
			w += float64(helvetica[r-' ']) / 1000
		case unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana) || r >= 0xFF00 && r <= 0xFFEF:
			w += 1
		default:
			w += 0.7
		}
	}
	if bold {
		w *= 1.1
	}
	return w * size
}
