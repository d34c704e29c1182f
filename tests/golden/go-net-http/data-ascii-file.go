package main

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
)

func main() {
	data, err := os.ReadFile("form.txt")
	if err != nil {
		log.Fatal(err)
	}
	// Like curl -d @file: carriage returns and newlines are dropped.
	data = bytes.ReplaceAll(data, []byte("\r"), nil)
	data = bytes.ReplaceAll(data, []byte("\n"), nil)

	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/", bytes.NewReader(data))
	if err != nil {
		log.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")

	client := &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error {
			// Like curl without -L: do not follow redirects.
			return http.ErrUseLastResponse
		},
	}
	resp, err := client.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()

	respBody, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Status)
	fmt.Println(string(respBody))
}
