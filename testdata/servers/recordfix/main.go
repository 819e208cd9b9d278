// Command recordfix is a small stdio JSON-RPC server whose misbehaviours
// are chosen by its first argument, for the tests of `mcplint record`:
//
//	echo       answer every request; on stdin EOF send a last line without a newline and exit 0
//	crash      answer the first request, then print a panic on stderr and exit 3
//	stubborn   ignore stdin EOF, SIGINT and SIGTERM; start a grandchild that holds stdout
//	interrupt  answer requests; on SIGINT send a notification and exit 130
//	leaky      like echo, but first start a grandchild that holds no stdio and never exits
//	sleep      sleep until killed (the grandchild)
//
// Every line read is echoed to stderr as "recv LINE", so a test can see the
// bytes the server got. A request for the method "pollute" also gets three
// stdout lines that are not JSON-RPC messages.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	mode := "echo"
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	switch mode {
	case "sleep":
		for {
			time.Sleep(time.Hour)
		}
	case "stubborn", "leaky":
		gc := exec.Command(os.Args[0], "sleep")
		if mode == "stubborn" {
			signal.Ignore(syscall.SIGINT, syscall.SIGTERM)
			gc.Stdout = os.Stdout
		}
		if err := gc.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "grandchild %d\n", gc.Process.Pid)
	case "interrupt":
		sigs := make(chan os.Signal, 1)
		signal.Notify(sigs, syscall.SIGINT)
		go func() {
			<-sigs
			fmt.Println(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"interrupted"}}`)
			os.Exit(130)
		}()
		fmt.Fprintln(os.Stderr, "ready")
	}
	in := bufio.NewReader(os.Stdin)
	answered := 0
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			fmt.Fprintf(os.Stderr, "recv %s", line)
			if line[len(line)-1] != '\n' {
				fmt.Fprintln(os.Stderr)
			}
			if answer(line) {
				answered++
			}
			if mode == "crash" && answered == 1 {
				fmt.Fprintln(os.Stderr, "panic: boom")
				os.Exit(3)
			}
		}
		if err != nil {
			break
		}
	}
	switch mode {
	case "stubborn", "interrupt":
		for {
			time.Sleep(time.Hour)
		}
	}
	fmt.Print(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"bye"}}`)
}

// answer replies to a JSON-RPC request and reports whether it was one.
func answer(line []byte) bool {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(line, &req) != nil || req.ID == nil || req.Method == "" {
		return false
	}
	if req.Method == "pollute" {
		os.Stdout.WriteString("Server listening on stdio\n")
		os.Stdout.WriteString("caf\xe9 latin-1 \xff\n")
		os.Stdout.WriteString(`{"jsonrpc":"2.0","method":"notifications/crlf"}` + "\r\n")
	}
	result, _ := json.Marshal(map[string]string{"method": req.Method})
	fmt.Printf(`{"jsonrpc":"2.0","id":%s,"result":%s}`+"\n", req.ID, result)
	return true
}
