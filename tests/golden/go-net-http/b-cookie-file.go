package main

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

func main() {
	req, err := http.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
	if err != nil {
		log.Fatal(err)
	}
	req.Header.Set("Cookie", strings.Join(cookiesFromFile("cookies.txt", "http://127.0.0.1/"), "; "))

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

// cookiesFromFile reads a Netscape cookie file like curl -b file: the cookies
// whose domain, path, secure flag and expiry match the URL.
func cookiesFromFile(file, rawURL string) []string {
	data, err := os.ReadFile(file)
	if err != nil {
		log.Fatal(err)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		log.Fatal(err)
	}
	host := strings.ToLower(u.Hostname())
	local := host == "localhost" || host == "127.0.0.1" || host == "::1"
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	var cookies []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(strings.TrimPrefix(line, "#HttpOnly_"), "\r")
		fields := strings.Split(line, "\t")
		if strings.HasPrefix(line, "#") || len(fields) < 7 {
			continue
		}
		domain := strings.TrimPrefix(strings.ToLower(fields[0]), ".")
		expires, _ := strconv.ParseInt(fields[4], 10, 64)
		switch {
		case host != domain && !strings.HasSuffix(host, "."+domain):
		case !strings.HasPrefix(path, fields[2]):
		case strings.EqualFold(fields[3], "TRUE") && u.Scheme != "https" && !local:
		case expires != 0 && expires < time.Now().Unix():
		default:
			cookies = append(cookies, fields[5]+"="+fields[6])
		}
	}
	return cookies
}
