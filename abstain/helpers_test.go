package abstain

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// diff stands in for cmp.Diff: go-cmp is in go.sum but not required by
// go.mod, and this package's tests add no dependency. It returns "" when want
// and got are deeply equal, and otherwise both, as indented JSON.
func diff(want, got any) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	w, _ := json.MarshalIndent(want, "", "  ")
	g, _ := json.MarshalIndent(got, "", "  ")
	return fmt.Sprintf("-want %s\n+got  %s", w, g)
}
