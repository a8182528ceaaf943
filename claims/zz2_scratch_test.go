package claims_test

import (
	"fmt"
	"testing"

	"github.com/dermliving/dermliving/sandbox"
)

func TestZZIDF(t *testing.T) {
	kv, _ := sandbox.Open()
	defer kv.Close()
	ix := kv.Index()
	for _, s := range []string{"Psoriasis arises from a combination of genetic, immune and environmental factors.", "Wool, harsh soaps and sweat are commonly reported to worsen symptoms of psoriasis.", "Food is a common trigger of atopic dermatitis in adults. always main cures 15 30 0.05% not without never"} {
		for _, c := range ix.Analyzer().Concepts(s, ix.Thesaurus()) {
			fmt.Printf("%v filler=%v idf=%.2f | ", c.Terms, c.Filler, ix.IDF(c.Terms[0]))
		}
		fmt.Println()
	}
	fmt.Println(ix.Analyzer().Terms("not no never without cannot none neither nor lack absent unlikely rarely seldom doesn't isn't"))
	fmt.Println(ix.Analyzer().Terms("always all every everyone only main mainly primary major most cures cure cured guarantees completely permanently definitely certainly must proven eliminates"))
}
