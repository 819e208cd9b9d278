// Command garbled answers every request with a line that is not JSON: the
// start of an answer, cut off. A client waiting for an answer it can read
// times out, though the server did answer at once.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		fmt.Println(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{`)
	}
}
