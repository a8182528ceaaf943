package logistic

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Cut is a named cut-off stored with a model, such as the threshold
// cross-validation chose for balanced accuracy.
type Cut struct {
	Name  string
	Value float64
}

// Write writes m as the lines of a model file: "weight NAME VALUE" for each
// feature in the order names gives, "bias VALUE", then "NAME VALUE" for each
// cut. The caller writes any '#' comment lines before them.
func Write(w io.Writer, m Model, names []string, cuts ...Cut) error {
	if len(names) != len(m.Weights) {
		return fmt.Errorf("logistic: %d names for %d weights", len(names), len(m.Weights))
	}
	var b strings.Builder
	for i, name := range names {
		fmt.Fprintf(&b, "weight %s %.6f\n", name, m.Weights[i])
	}
	fmt.Fprintf(&b, "bias %.6f\n", m.Bias)
	for _, c := range cuts {
		fmt.Fprintf(&b, "%s %.2f\n", c.Name, c.Value)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Parse reads a model file as Write writes it: blank lines and comment lines
// starting with '#', "weight NAME VALUE" for every one of names in order,
// "bias VALUE", and "CUT VALUE" for every one of cuts, each strictly between
// 0 and 1. It returns the model and the cuts' values in the order asked.
// Any other line, a missing or misplaced weight, a missing bias or cut, or a
// number that is not finite is an error naming its line.
func Parse(text string, names []string, cuts ...string) (Model, []float64, error) {
	m := Model{Weights: make([]float64, 0, len(names))}
	values := make([]float64, len(cuts))
	haveCut := make([]bool, len(cuts))
	haveBias := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		value := func(s string) (float64, error) {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return 0, fmt.Errorf("line %d: bad number %q", n, s)
			}
			return x, nil
		}
		switch c := slices.Index(cuts, f[0]); {
		case f[0] == "weight" && len(f) == 3:
			next := len(m.Weights)
			if next == len(names) || f[1] != names[next] {
				return Model{}, nil, fmt.Errorf("line %d: weight %q out of order (features are %s)", n, f[1], strings.Join(names, ", "))
			}
			x, err := value(f[2])
			if err != nil {
				return Model{}, nil, err
			}
			m.Weights = append(m.Weights, x)
		case f[0] == "bias" && len(f) == 2:
			x, err := value(f[1])
			if err != nil {
				return Model{}, nil, err
			}
			m.Bias, haveBias = x, true
		case c >= 0 && len(f) == 2:
			x, err := value(f[1])
			if err != nil {
				return Model{}, nil, err
			}
			if x <= 0 || x >= 1 {
				return Model{}, nil, fmt.Errorf("line %d: %s %v outside (0,1)", n, f[0], x)
			}
			values[c], haveCut[c] = x, true
		default:
			return Model{}, nil, fmt.Errorf("line %d: unknown line %q", n, line)
		}
	}
	if err := sc.Err(); err != nil {
		return Model{}, nil, err
	}
	if len(m.Weights) != len(names) {
		return Model{}, nil, fmt.Errorf("%d weights for %d features", len(m.Weights), len(names))
	}
	if !haveBias {
		return Model{}, nil, fmt.Errorf("no bias")
	}
	for i, ok := range haveCut {
		if !ok {
			return Model{}, nil, fmt.Errorf("no %s cut-off", cuts[i])
		}
	}
	return m, values, nil
}

// Differences lists where two model files disagree by more than tol in a
// weight, the bias or a cut: what a test reports when the embedded model is
// not what its generator writes today. Either file failing to parse is an
// error.
func Differences(want, got string, tol float64, names []string, cuts ...string) ([]string, error) {
	wm, wc, err := Parse(want, names, cuts...)
	if err != nil {
		return nil, fmt.Errorf("want: %w", err)
	}
	gm, gc, err := Parse(got, names, cuts...)
	if err != nil {
		return nil, fmt.Errorf("got: %w", err)
	}
	var out []string
	differ := func(what string, w, g float64) {
		if math.Abs(w-g) > tol {
			out = append(out, fmt.Sprintf("%s = %v, want %v", what, g, w))
		}
	}
	for i, name := range names {
		differ("weight "+name, wm.Weights[i], gm.Weights[i])
	}
	differ("bias", wm.Bias, gm.Bias)
	for i, name := range cuts {
		differ(name, wc[i], gc[i])
	}
	return out, nil
}
