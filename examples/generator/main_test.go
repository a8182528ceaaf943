package main

import (
	"context"
	"testing"

	"github.com/dermliving/dermliving"
)

func TestModelGenerator(t *testing.T) {
	res, err := run(context.Background(), "What causes hives?", cannedModel{})
	if err != nil {
		t.Fatal(err)
	}
	g, ok := res.(*dermliving.Grounded)
	if !ok {
		t.Fatalf("%T, want a grounded answer", res)
	}
	if g.Metadata.Mode != dermliving.ModeGenerated {
		t.Errorf("mode %s", g.Metadata.Mode)
	}
	if len(g.Claims) != 1 || len(g.RemovedClaims) != 1 || g.RemovedClaims[0].Text != "This condition is always cured within a day." {
		t.Errorf("claims %+v removed %+v: the model's quoted sentence is kept, its invention removed", g.Claims, g.RemovedClaims)
	}
}
