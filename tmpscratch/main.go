package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/dermliving/dermliving"
	"github.com/dermliving/dermliving/sandbox"
)

func main() {
	kv, err := sandbox.Open()
	if err != nil {
		panic(err)
	}
	for _, q := range os.Args[1:] {
		res, err := dermliving.Ask(context.Background(), q, kv)
		if err != nil {
			fmt.Println("ERR", err)
			continue
		}
		b, _ := json.MarshalIndent(res, "", " ")
		fmt.Println(q)
		fmt.Println(string(b))
	}
}
