import { flatMap } from '../arrays';
/**
 * curl's command-line options, as a table the converter can check a pasted command against.
 *
 * The baseline is curl 7.88.1: every option its `curl --help all` lists (the manual lists the same 250), plus the
 * spellings it accepts without listing them. On top of that come the options of newer releases up to 8.17 (marked
 * with `added`) and legacy spellings curl accepted in the past (marked `removed`).
 *
 * How curl reads a long option, and what {@link lookupLong} copies:
 * - `--no-<name>` switches a boolean option off; options that take an argument, and a few switches such as
 *   `--http2` or `--tlsv1.2`, refuse it. The options documented as `--no-<name>` (`--no-buffer`, `--no-keepalive`,
 *   ...) are booleans named `<name>` inside curl, so `--buffer` is their opposite and `--no-no-buffer` is unknown.
 * - `--expand-<name>` (curl 8.3+) expands `{{variables}}` in the argument of an option that takes one.
 * - curl 7.x also accepted any unambiguous prefix of a long name (`--verb` for `--verbose`), compared without regard
 *   to letter case; current curl only accepts the exact name. {@link lookupLong} reports such matches as `inexact`.
 * - curl 7.88 does not split `--name=value`: that is an unknown option there.
 */

/** One curl command-line option. Its manual section is at {@link manualUrl}(long). */
export interface CurlOptionSpec {
  /** Long name without the leading dashes, e.g. 'data-raw'. */
  long: string;
  /** Single-letter form, e.g. 'd' for `-d`. */
  short?: string;
  /** Whether the option takes an argument. */
  arg: boolean;
  /**
   * A boolean option that can be switched off: `--no-<long>`. For the options documented as `--no-<name>`, the
   * opposite spelling is `--<name>` instead.
   */
  negatable?: boolean;
  /** Legacy or removed: a previous name, an option that no longer does anything, or one curl no longer accepts. */
  removed?: boolean;
  /** The long name this option is another name for. */
  alias?: string;
  /** The curl release that introduced the option, for options newer than curl 7.88.1. */
  added?: string;
}

/** A long option as found by {@link lookupLong}. */
export interface LongOptionMatch {
  spec: CurlOptionSpec;
  /** Switched to the opposite of what the spec describes: `--no-location`, or `--buffer` for `--no-buffer`. */
  negated: boolean;
  /** Written as `--expand-<long>` (curl 8.3+): `{{variables}}` in the argument are expanded. */
  expanded: boolean;
  /**
   * Matched only the way curl 7.x matched: an unambiguous prefix of the name (`--verb`), or the name in other letter
   * case (`--Location`). Current curl rejects these; {@link suggestOption} gives the full name.
   */
  inexact: boolean;
}

/**
 * Every long option, alphabetically, with `curl --help all`'s one-line description (or the manual's, for options
 * --help does not list). The manual section of each is at {@link manualUrl}(long).
 */
export const CURL_OPTIONS: readonly CurlOptionSpec[] = [
  { long: '3p-quote', arg: true, removed: true }, // No longer accepted: commands for the source of a third-party FTP transfer
  { long: '3p-url', arg: true, removed: true }, // No longer accepted: source URL of a third-party FTP transfer
  { long: '3p-user', arg: true, removed: true }, // No longer accepted: user for the source of a third-party FTP transfer
  { long: 'abstract-unix-socket', arg: true }, // Connect via abstract Unix domain socket
  { long: 'alt-svc', arg: true }, // Enable alt-svc with this cache file
  { long: 'anyauth', arg: false, negatable: true }, // Pick any authentication method
  { long: 'append', short: 'a', arg: false, negatable: true }, // Append to target file when uploading
  { long: 'aws-sigv4', arg: true }, // Use AWS V4 signature authentication
  { long: 'basic', arg: false, negatable: true }, // Use HTTP Basic Authentication
  { long: 'ca-native', arg: false, negatable: true, added: '8.2.0' }, // Load CA certs from the OS (8.2.0+)
  { long: 'cacert', arg: true }, // CA certificate to verify peer against
  { long: 'capath', arg: true }, // CA directory to verify peer against
  { long: 'cert', short: 'E', arg: true }, // Client certificate file and password
  { long: 'cert-status', arg: false, negatable: true }, // Verify the status of the server cert via OCSP-staple
  { long: 'cert-type', arg: true }, // Certificate type (DER/PEM/ENG/P12)
  { long: 'ciphers', arg: true }, // SSL ciphers to use
  { long: 'compressed', arg: false, negatable: true }, // Request compressed response
  { long: 'compressed-ssh', arg: false, negatable: true }, // Enable SSH compression
  { long: 'config', short: 'K', arg: true }, // Read config from a file
  { long: 'connect-timeout', arg: true }, // Maximum time allowed for connection
  { long: 'connect-to', arg: true }, // Connect to host
  { long: 'continue-at', short: 'C', arg: true }, // Resumed transfer offset
  { long: 'cookie', short: 'b', arg: true }, // Send cookies from string/file
  { long: 'cookie-jar', short: 'c', arg: true }, // Write cookies to <filename> after operation
  { long: 'create-dirs', arg: false, negatable: true }, // Create necessary local directory hierarchy
  { long: 'create-file-mode', arg: true }, // File mode for created files
  { long: 'crlf', arg: false, negatable: true }, // Convert LF to CRLF in upload
  { long: 'crlfile', arg: true }, // Use this CRL list
  { long: 'curves', arg: true }, // (EC) TLS key exchange algorithm(s) to request
  { long: 'data', short: 'd', arg: true }, // HTTP POST data
  { long: 'data-ascii', arg: true, alias: 'data' }, // HTTP POST ASCII data; alias of --data
  { long: 'data-binary', arg: true }, // HTTP POST binary data
  { long: 'data-raw', arg: true }, // HTTP POST data, '@' allowed
  { long: 'data-urlencode', arg: true }, // HTTP POST data URL encoded
  { long: 'delegation', arg: true }, // GSS-API delegation permission
  { long: 'digest', arg: false, negatable: true }, // Use HTTP Digest Authentication
  { long: 'disable', short: 'q', arg: false, negatable: true }, // Disable .curlrc
  { long: 'disable-eprt', arg: false, negatable: true }, // Inhibit using EPRT or LPRT
  { long: 'disable-epsv', arg: false, negatable: true }, // Inhibit using EPSV
  { long: 'disallow-username-in-url', arg: false, negatable: true }, // Disallow username in URL
  { long: 'dns-interface', arg: true }, // Interface to use for DNS requests
  { long: 'dns-ipv4-addr', arg: true }, // IPv4 address to use for DNS requests
  { long: 'dns-ipv6-addr', arg: true }, // IPv6 address to use for DNS requests
  { long: 'dns-servers', arg: true }, // DNS server addrs to use
  { long: 'doh-cert-status', arg: false, negatable: true }, // Verify the status of the DoH server cert via OCSP-staple
  { long: 'doh-insecure', arg: false, negatable: true }, // Allow insecure DoH server connections
  { long: 'doh-url', arg: true }, // Resolve host names over DoH
  { long: 'dump-ca-embed', arg: false, added: '8.10.0' }, // Write the embedded CA bundle to standard output (8.10.0+)
  { long: 'dump-header', short: 'D', arg: true }, // Write the received headers to <filename>
  { long: 'ech', arg: true, added: '8.8.0' }, // Configure ECH (Encrypted Client Hello) (8.8.0+)
  { long: 'egd-file', arg: true, removed: true }, // EGD socket path for random data; ignored since 7.84.0
  { long: 'engine', arg: true }, // Crypto engine to use
  { long: 'environment', arg: false, negatable: true, removed: true }, // No longer accepted: write transfer info to environment variables (RISC OS)
  { long: 'eprt', arg: false, negatable: true }, // Use EPRT or LPRT (--no-eprt is an alias of --disable-eprt)
  { long: 'epsv', arg: false, negatable: true }, // Use EPSV (--no-epsv is an alias of --disable-epsv)
  { long: 'etag-compare', arg: true }, // Pass an ETag from a file as a custom header
  { long: 'etag-save', arg: true }, // Parse ETag from a request and save it to a file
  { long: 'expect100-timeout', arg: true }, // How long to wait for 100-continue
  { long: 'fail', short: 'f', arg: false, negatable: true }, // Fail fast with no output on HTTP errors
  { long: 'fail-early', arg: false, negatable: true }, // Fail on first transfer error, do not continue
  { long: 'fail-with-body', arg: false, negatable: true }, // Fail on HTTP errors but save the body
  { long: 'false-start', arg: false, negatable: true }, // Enable TLS False Start
  { long: 'follow', arg: false, negatable: true, added: '8.16.0' }, // Follow redirects per spec (8.16.0+)
  { long: 'form', short: 'F', arg: true }, // Specify multipart MIME data
  { long: 'form-escape', arg: false, negatable: true }, // Escape multipart form field/file names using backslash
  { long: 'form-string', arg: true }, // Specify multipart MIME data
  { long: 'ftp-account', arg: true }, // Account data string
  { long: 'ftp-alternative-to-user', arg: true }, // String to replace USER [name]
  { long: 'ftp-ascii', arg: false, removed: true, alias: 'use-ascii' }, // No longer accepted: previous name of --use-ascii
  { long: 'ftp-create-dirs', arg: false, negatable: true }, // Create the remote dirs if not present
  { long: 'ftp-method', arg: true }, // Control CWD usage
  { long: 'ftp-pasv', arg: false, negatable: true }, // Use PASV/EPSV instead of PORT
  { long: 'ftp-port', short: 'P', arg: true }, // Use PORT instead of PASV
  { long: 'ftp-pret', arg: false, negatable: true }, // Send PRET before PASV
  { long: 'ftp-skip-pasv-ip', arg: false, negatable: true }, // Skip the IP address for PASV
  { long: 'ftp-ssl', arg: false, negatable: true, removed: true, alias: 'ssl' }, // Previous name of --ssl, still accepted
  { long: 'ftp-ssl-ccc', arg: false, negatable: true }, // Send CCC after authenticating
  { long: 'ftp-ssl-ccc-mode', arg: true }, // Set CCC mode
  { long: 'ftp-ssl-control', arg: false, negatable: true }, // Require SSL/TLS for FTP login, clear for transfer
  { long: 'ftp-ssl-reqd', arg: false, negatable: true, removed: true, alias: 'ssl-reqd' }, // Previous name of --ssl-reqd, still accepted
  { long: 'ftpport', arg: true, removed: true, alias: 'ftp-port' }, // No longer accepted: previous name of --ftp-port
  { long: 'get', short: 'G', arg: false, negatable: true }, // Put the post data in the URL and use GET
  { long: 'globoff', short: 'g', arg: false, negatable: true }, // Disable URL sequences and ranges using {} and []
  { long: 'happy-eyeballs-timeout-ms', arg: true }, // Time for IPv6 before trying IPv4
  { long: 'haproxy-clientip', arg: true, added: '8.2.0' }, // Set address in HAProxy PROXY (8.2.0+)
  { long: 'haproxy-protocol', arg: false, negatable: true }, // Send HAProxy PROXY protocol v1 header
  { long: 'head', short: 'I', arg: false, negatable: true }, // Show document info only
  { long: 'header', short: 'H', arg: true }, // Pass custom header(s) to server
  { long: 'help', short: 'h', arg: true }, // Get help for commands (the category is optional)
  { long: 'hostpubmd5', arg: true }, // Acceptable MD5 hash of the host public key
  { long: 'hostpubsha256', arg: true }, // Acceptable SHA256 hash of the host public key
  { long: 'hsts', arg: true }, // Enable HSTS with this cache file
  { long: 'http-request', arg: true, removed: true, alias: 'request' }, // No longer accepted: previous name of --request
  { long: 'http0.9', arg: false, negatable: true }, // Allow HTTP 0.9 responses
  { long: 'http1.0', short: '0', arg: false }, // Use HTTP 1.0
  { long: 'http1.1', arg: false }, // Use HTTP 1.1
  { long: 'http2', arg: false }, // Use HTTP 2
  { long: 'http2-prior-knowledge', arg: false }, // Use HTTP 2 without HTTP/1.1 Upgrade
  { long: 'http2.0', arg: false, removed: true, alias: 'http2' }, // No longer accepted: previous name of --http2
  { long: 'http3', arg: false }, // Use HTTP v3
  { long: 'http3-only', arg: false }, // Use HTTP v3 only
  { long: 'ignore-content-length', arg: false, negatable: true }, // Ignore the size of the remote resource
  { long: 'include', short: 'i', arg: false, negatable: true }, // Include protocol response headers in the output
  { long: 'insecure', short: 'k', arg: false, negatable: true }, // Allow insecure server connections
  { long: 'interface', arg: true }, // Use network INTERFACE (or address)
  { long: 'ip-tos', arg: true, added: '8.9.0' }, // Set IP Type of Service or Traffic Class (8.9.0+)
  { long: 'ipfs-gateway', arg: true, added: '8.4.0' }, // Gateway for IPFS (8.4.0+)
  { long: 'ipv4', short: '4', arg: false }, // Resolve names to IPv4 addresses
  { long: 'ipv6', short: '6', arg: false }, // Resolve names to IPv6 addresses
  { long: 'json', arg: true }, // HTTP POST JSON
  { long: 'junk-session-cookies', short: 'j', arg: false, negatable: true }, // Ignore session cookies read from file
  { long: 'keepalive-cnt', arg: true, added: '8.9.0' }, // Maximum number of keepalive probes (8.9.0+)
  { long: 'keepalive-time', arg: true }, // Interval time for keepalive probes
  { long: 'key', arg: true }, // Private key file name
  { long: 'key-type', arg: true }, // Private key file type (DER/PEM/ENG)
  { long: 'knownhosts', arg: true, added: '8.17.0' }, // Specify knownhosts path (8.17.0+)
  { long: 'krb', arg: true }, // Enable Kerberos with security <level>
  { long: 'krb4', arg: true, removed: true, alias: 'krb' }, // Previous name of --krb, still accepted
  { long: 'libcurl', arg: true }, // Dump libcurl equivalent code of this command line
  { long: 'limit-rate', arg: true }, // Limit transfer speed to RATE
  { long: 'list-only', short: 'l', arg: false, negatable: true }, // List only mode
  { long: 'local-port', arg: true }, // Force use of RANGE for local port numbers
  { long: 'location', short: 'L', arg: false, negatable: true }, // Follow redirects
  { long: 'location-trusted', arg: false, negatable: true }, // Like --location, and send auth to other hosts
  { long: 'login-options', arg: true }, // Server login options
  { long: 'mail-auth', arg: true }, // Originator address of the original email
  { long: 'mail-from', arg: true }, // Mail from this address
  { long: 'mail-rcpt', arg: true }, // Mail to this address
  { long: 'mail-rcpt-allowfails', arg: false, negatable: true }, // Allow RCPT TO command to fail for some recipients
  { long: 'manual', short: 'M', arg: false, negatable: true }, // Display the full manual
  { long: 'max-filesize', arg: true }, // Maximum file size to download
  { long: 'max-redirs', arg: true }, // Maximum number of redirects allowed
  { long: 'max-time', short: 'm', arg: true }, // Maximum time allowed for transfer
  { long: 'metalink', arg: false, negatable: true, removed: true }, // Process given URLs as metalink XML file; disabled since 7.78.0
  { long: 'mptcp', arg: false, negatable: true, added: '8.9.0' }, // Enable Multipath TCP (8.9.0+)
  { long: 'negotiate', arg: false, negatable: true }, // Use HTTP Negotiate (SPNEGO) authentication
  { long: 'netrc', short: 'n', arg: false, negatable: true }, // Must read .netrc for user name and password
  { long: 'netrc-file', arg: true }, // Specify FILE for netrc
  { long: 'netrc-optional', arg: false, negatable: true }, // Use either .netrc or URL
  { long: 'next', short: ':', arg: false }, // Make next URL use its separate set of options
  { long: 'no-alpn', arg: false, negatable: true }, // Disable the ALPN TLS extension
  { long: 'no-buffer', short: 'N', arg: false, negatable: true }, // Disable buffering of the output stream
  { long: 'no-clobber', arg: false, negatable: true }, // Do not overwrite files that already exist
  { long: 'no-keepalive', arg: false, negatable: true }, // Disable TCP keepalive on the connection
  { long: 'no-npn', arg: false, negatable: true, removed: true }, // Disable the NPN TLS extension; NPN is never used since 7.86.0
  { long: 'no-progress-meter', arg: false, negatable: true }, // Do not show the progress meter
  { long: 'no-sessionid', arg: false, negatable: true }, // Disable SSL session-ID reusing
  { long: 'noproxy', arg: true }, // List of hosts which do not use proxy
  { long: 'ntlm', arg: false, negatable: true }, // Use HTTP NTLM authentication
  { long: 'ntlm-wb', arg: false, negatable: true, removed: true }, // Use HTTP NTLM authentication with winbind; deprecated and without function since 8.8.0
  { long: 'oauth2-bearer', arg: true }, // OAuth 2 Bearer Token
  { long: 'out-null', arg: false, negatable: true, added: '8.16.0' }, // Discard response data into the void (8.16.0+)
  { long: 'output', short: 'o', arg: true }, // Write to file instead of stdout
  { long: 'output-dir', arg: true }, // Directory to save files in
  { long: 'parallel', short: 'Z', arg: false, negatable: true }, // Perform transfers in parallel
  { long: 'parallel-immediate', arg: false, negatable: true }, // Do not wait for multiplexing (with --parallel)
  { long: 'parallel-max', arg: true }, // Maximum concurrency for parallel transfers
  { long: 'parallel-max-host', arg: true, added: '8.16.0' }, // Maximum connections to a single host (8.16.0+)
  { long: 'pass', arg: true }, // Pass phrase for the private key
  { long: 'path-as-is', arg: false, negatable: true }, // Do not squash .. sequences in URL path
  { long: 'pinnedpubkey', arg: true }, // FILE/HASHES Public key to verify peer against
  { long: 'port', arg: true, removed: true }, // No longer accepted: port number to connect to (put it in the URL)
  { long: 'post301', arg: false, negatable: true }, // Do not switch to GET after following a 301
  { long: 'post302', arg: false, negatable: true }, // Do not switch to GET after following a 302
  { long: 'post303', arg: false, negatable: true }, // Do not switch to GET after following a 303
  { long: 'preproxy', arg: true }, // Use this proxy first
  { long: 'progress-bar', short: '#', arg: false, negatable: true }, // Display transfer progress as a bar
  { long: 'proto', arg: true }, // Enable/disable PROTOCOLS
  { long: 'proto-default', arg: true }, // Use PROTOCOL for any URL missing a scheme
  { long: 'proto-redir', arg: true }, // Enable/disable PROTOCOLS on redirect
  { long: 'proxy', short: 'x', arg: true }, // Use this proxy
  { long: 'proxy-anyauth', arg: false, negatable: true }, // Pick any proxy authentication method
  { long: 'proxy-basic', arg: false, negatable: true }, // Use Basic authentication on the proxy
  { long: 'proxy-ca-native', arg: false, negatable: true, added: '8.2.0' }, // Load CA certs from the OS to verify proxy (8.2.0+)
  { long: 'proxy-cacert', arg: true }, // CA certificate to verify peer against for proxy
  { long: 'proxy-capath', arg: true }, // CA directory to verify peer against for proxy
  { long: 'proxy-cert', arg: true }, // Set client certificate for proxy
  { long: 'proxy-cert-type', arg: true }, // Client certificate type for HTTPS proxy
  { long: 'proxy-ciphers', arg: true }, // SSL ciphers to use for proxy
  { long: 'proxy-crlfile', arg: true }, // Set a CRL list for proxy
  { long: 'proxy-digest', arg: false, negatable: true }, // Use Digest authentication on the proxy
  { long: 'proxy-header', arg: true }, // Pass custom header(s) to proxy
  { long: 'proxy-http2', arg: false, negatable: true, added: '8.1.0' }, // Use HTTP/2 with HTTPS proxy (8.1.0+)
  { long: 'proxy-insecure', arg: false, negatable: true }, // Do HTTPS proxy connections without verifying the proxy
  { long: 'proxy-key', arg: true }, // Private key for HTTPS proxy
  { long: 'proxy-key-type', arg: true }, // Private key file type for proxy
  { long: 'proxy-negotiate', arg: false, negatable: true }, // Use HTTP Negotiate (SPNEGO) authentication on the proxy
  { long: 'proxy-ntlm', arg: false, negatable: true }, // Use NTLM authentication on the proxy
  { long: 'proxy-pass', arg: true }, // Pass phrase for the private key for HTTPS proxy
  { long: 'proxy-pinnedpubkey', arg: true }, // FILE/HASHES public key to verify proxy with
  { long: 'proxy-service-name', arg: true }, // SPNEGO proxy service name
  { long: 'proxy-ssl-allow-beast', arg: false, negatable: true }, // Allow security flaw for interop for HTTPS proxy
  { long: 'proxy-ssl-auto-client-cert', arg: false, negatable: true }, // Use auto client certificate for proxy (Schannel)
  { long: 'proxy-tls13-ciphers', arg: true }, // TLS 1.3 proxy cipher suites
  { long: 'proxy-tlsauthtype', arg: true }, // TLS authentication type for HTTPS proxy
  { long: 'proxy-tlspassword', arg: true }, // TLS password for HTTPS proxy
  { long: 'proxy-tlsuser', arg: true }, // TLS username for HTTPS proxy
  { long: 'proxy-tlsv1', arg: false }, // Use TLSv1 for HTTPS proxy
  { long: 'proxy-user', short: 'U', arg: true }, // Proxy user and password
  { long: 'proxy1.0', arg: true }, // Use HTTP/1.0 proxy on given port
  { long: 'proxytunnel', short: 'p', arg: false, negatable: true }, // Operate through an HTTP proxy tunnel (using CONNECT)
  { long: 'pubkey', arg: true }, // SSH Public key file name
  { long: 'quote', short: 'Q', arg: true }, // Send command(s) to server before transfer
  { long: 'random-file', arg: true, removed: true }, // File for reading random data from; ignored since 7.84.0
  { long: 'range', short: 'r', arg: true }, // Retrieve only the bytes within RANGE
  { long: 'rate', arg: true }, // Request rate for serial transfers
  { long: 'raw', arg: false, negatable: true }, // Do HTTP "raw"; no transfer decoding
  { long: 'referer', short: 'e', arg: true }, // Referrer URL
  { long: 'remote-header-name', short: 'J', arg: false, negatable: true }, // Use the header-provided filename
  { long: 'remote-name', short: 'O', arg: false, negatable: true }, // Write output to a file named as the remote file
  { long: 'remote-name-all', arg: false, negatable: true }, // Use the remote file name for all URLs
  { long: 'remote-time', short: 'R', arg: false, negatable: true }, // Set the remote file's time on the local output
  { long: 'remove-on-error', arg: false, negatable: true }, // Remove output file on errors
  { long: 'request', short: 'X', arg: true }, // Specify request method to use
  { long: 'request-target', arg: true }, // Specify the target for this request
  { long: 'resolve', arg: true }, // Resolve the host+port to this address
  { long: 'retry', arg: true }, // Retry request if transient problems occur
  { long: 'retry-all-errors', arg: false, negatable: true }, // Retry all errors (use with --retry)
  { long: 'retry-connrefused', arg: false, negatable: true }, // Retry on connection refused (use with --retry)
  { long: 'retry-delay', arg: true }, // Wait time between retries
  { long: 'retry-max-time', arg: true }, // Retry only within this period
  { long: 'sasl-authzid', arg: true }, // Identity for SASL PLAIN authentication
  { long: 'sasl-ir', arg: false, negatable: true }, // Enable initial response in SASL authentication
  { long: 'service-name', arg: true }, // SPNEGO service name
  { long: 'show-error', short: 'S', arg: false, negatable: true }, // Show error even when -s is used
  { long: 'show-headers', arg: false, negatable: true, alias: 'include', added: '8.10.0' }, // Show response headers in output; new name of --include (8.10.0+)
  { long: 'sigalgs', arg: true, added: '8.14.0' }, // TLS signature algorithms to use (8.14.0+)
  { long: 'silent', short: 's', arg: false, negatable: true }, // Silent mode
  { long: 'skip-existing', arg: false, negatable: true, added: '8.10.0' }, // Skip download if local file already exists (8.10.0+)
  { long: 'socks', arg: true, removed: true, alias: 'socks5' }, // No longer accepted: previous name of --socks5
  { long: 'socks4', arg: true }, // SOCKS4 proxy on given host + port
  { long: 'socks4a', arg: true }, // SOCKS4a proxy on given host + port
  { long: 'socks5', arg: true }, // SOCKS5 proxy on given host + port
  { long: 'socks5-basic', arg: false, negatable: true }, // Enable username/password auth for SOCKS5 proxies
  { long: 'socks5-gssapi', arg: false, negatable: true }, // Enable GSS-API auth for SOCKS5 proxies
  { long: 'socks5-gssapi-nec', arg: false, negatable: true }, // Compatibility with NEC SOCKS5 server
  { long: 'socks5-gssapi-service', arg: true, alias: 'proxy-service-name' }, // SOCKS5 proxy service name for GSS-API; deprecated name of --proxy-service-name
  { long: 'socks5-hostname', arg: true }, // SOCKS5 proxy, pass host name to proxy
  { long: 'speed-limit', short: 'Y', arg: true }, // Stop transfers slower than this
  { long: 'speed-time', short: 'y', arg: true }, // Trigger 'speed-limit' abort after this time
  { long: 'ssl', arg: false, negatable: true }, // Try SSL/TLS
  { long: 'ssl-allow-beast', arg: false, negatable: true }, // Allow security flaw to improve interop
  { long: 'ssl-auto-client-cert', arg: false, negatable: true }, // Use auto client certificate (Schannel)
  { long: 'ssl-no-revoke', arg: false, negatable: true }, // Disable cert revocation checks (Schannel)
  { long: 'ssl-reqd', arg: false, negatable: true }, // Require SSL/TLS
  { long: 'ssl-revoke-best-effort', arg: false, negatable: true }, // Ignore missing/offline cert CRL dist points
  { long: 'ssl-sessions', arg: true, added: '8.12.0' }, // Load/save SSL session tickets from/to this file (8.12.0+)
  { long: 'sslv2', short: '2', arg: false, removed: true }, // Use SSLv2; ignored since 7.77.0
  { long: 'sslv3', short: '3', arg: false, removed: true }, // Use SSLv3; ignored since 7.77.0
  { long: 'stderr', arg: true }, // Where to redirect stderr
  { long: 'styled-output', arg: false, negatable: true }, // Enable styled output for HTTP headers
  { long: 'suppress-connect-headers', arg: false, negatable: true }, // Suppress proxy CONNECT response headers
  { long: 'tcp-fastopen', arg: false, negatable: true }, // Use TCP Fast Open
  { long: 'tcp-nodelay', arg: false, negatable: true }, // Use the TCP_NODELAY option
  { long: 'telnet-option', short: 't', arg: true }, // Set telnet option
  { long: 'telnet-options', arg: true, removed: true, alias: 'telnet-option' }, // No longer accepted: previous name of --telnet-option
  { long: 'test-event', arg: false, negatable: true }, // Event-based transfers, for curl's test suite (debug builds only)
  { long: 'tftp-blksize', arg: true }, // Set TFTP BLKSIZE option
  { long: 'tftp-no-options', arg: false, negatable: true }, // Do not send any TFTP options
  { long: 'time-cond', short: 'z', arg: true }, // Transfer based on a time condition
  { long: 'tls-earlydata', arg: false, negatable: true, added: '8.11.0' }, // Allow use of TLSv1.3 early data (0RTT) (8.11.0+)
  { long: 'tls-max', arg: true }, // Set maximum allowed TLS version
  { long: 'tls13-ciphers', arg: true }, // TLS 1.3 cipher suites to use
  { long: 'tlsauthtype', arg: true }, // TLS authentication type
  { long: 'tlspassword', arg: true }, // TLS password
  { long: 'tlsuser', arg: true }, // TLS user name
  { long: 'tlsv1', short: '1', arg: false }, // Use TLSv1.0 or greater
  { long: 'tlsv1.0', arg: false }, // Use TLSv1.0 or greater
  { long: 'tlsv1.1', arg: false }, // Use TLSv1.1 or greater
  { long: 'tlsv1.2', arg: false }, // Use TLSv1.2 or greater
  { long: 'tlsv1.3', arg: false }, // Use TLSv1.3 or greater
  { long: 'tr-encoding', arg: false, negatable: true }, // Request compressed transfer encoding
  { long: 'trace', arg: true }, // Write a debug trace to FILE
  { long: 'trace-ascii', arg: true }, // Like --trace, but without hex output
  { long: 'trace-config', arg: true, added: '8.3.0' }, // Details to log in trace/verbose output (8.3.0+)
  { long: 'trace-ids', arg: false, negatable: true, added: '8.2.0' }, // Transfer + connection ids in verbose output (8.2.0+)
  { long: 'trace-time', arg: false, negatable: true }, // Add time stamps to trace/verbose output
  { long: 'unix-socket', arg: true }, // Connect through this Unix domain socket
  { long: 'upload-file', short: 'T', arg: true }, // Transfer local FILE to destination
  { long: 'upload-flags', arg: true, added: '8.13.0' }, // Specify additional upload behavior (8.13.0+)
  { long: 'url', arg: true }, // URL to work with
  { long: 'url-query', arg: true }, // Add a URL query part
  { long: 'use-ascii', short: 'B', arg: false, negatable: true }, // Use ASCII/text transfer
  { long: 'user', short: 'u', arg: true }, // Server user and password
  { long: 'user-agent', short: 'A', arg: true }, // Send User-Agent <name> to server
  { long: 'variable', arg: true, added: '8.3.0' }, // Set variable (8.3.0+)
  { long: 'verbose', short: 'v', arg: false, negatable: true }, // Make the operation more talkative
  { long: 'version', short: 'V', arg: false, negatable: true }, // Show version number and quit
  { long: 'vlan-priority', arg: true, added: '8.9.0' }, // Set VLAN priority (8.9.0+)
  { long: 'wdebug', arg: false, negatable: true }, // Debug output of the Watt-32 TCP/IP stack (MS-DOS builds only)
  { long: 'write-out', short: 'w', arg: true }, // Use output FORMAT after completion
  { long: 'xattr', arg: false, negatable: true }, // Store metadata in extended file attributes
];

const BY_LONG: ReadonlyMap<string, CurlOptionSpec> = new Map(CURL_OPTIONS.map((spec) => [spec.long, spec]));

const BY_SHORT: ReadonlyMap<string, CurlOptionSpec> = new Map(
  flatMap(CURL_OPTIONS, (spec) => (spec.short === undefined ? [] : [[spec.short, spec] as const])),
);

/** Legacy spellings that curl 7.88 no longer knows (so they cannot be abbreviated either). */
const UNKNOWN_TO_CURL_7_88: ReadonlySet<string> = new Set([
  '3p-quote',
  '3p-url',
  '3p-user',
  'environment',
  'ftp-ascii',
  'ftpport',
  'http-request',
  'http2.0',
  'port',
  'socks',
  'telnet-options',
  'wdebug',
]);

/** The name curl itself gives an option: the ones documented as `--no-<name>` are called `<name>` inside. */
function internalName(spec: CurlOptionSpec): string {
  return spec.long.startsWith('no-') ? spec.long.slice(3) : spec.long;
}

/** The option names curl 7.88 compared abbreviations against, each with its spec. */
const CURL_7_88_NAMES: readonly (readonly [string, CurlOptionSpec])[] = CURL_OPTIONS.filter(
  (spec) => spec.added === undefined && !UNKNOWN_TO_CURL_7_88.has(spec.long),
).map((spec) => [internalName(spec), spec] as const);

function stripDashes(name: string): string {
  return name.startsWith('--') ? name.slice(2) : name;
}

function found(spec: CurlOptionSpec, flags: Partial<Omit<LongOptionMatch, 'spec'>> = {}): LongOptionMatch {
  return { spec, negated: false, expanded: false, inexact: false, ...flags };
}

/** The spec of a long option, by its exact name (leading `--` optional). No `--no-`/`--expand-` handling. */
export function findLongOption(name: string): CurlOptionSpec | undefined {
  return BY_LONG.get(stripDashes(name));
}

/**
 * Finds a long option the way curl reads it (leading `--` optional): the exact name, `--no-<name>` for a negatable
 * boolean, the positive spelling of an option documented as `--no-<name>`, `--expand-<name>` for an option that
 * takes an argument, and lastly curl 7.x's unambiguous abbreviations (flagged `inexact`). Undefined when curl would
 * refuse the option, e.g. `--no-data`.
 */
export function lookupLong(name: string): LongOptionMatch | undefined {
  const word = stripDashes(name);
  const exact = BY_LONG.get(word);
  if (exact) return found(exact);

  if (word.startsWith('no-')) {
    const spec = BY_LONG.get(word.slice(3));
    // curl strips "no-" and looks the rest up by its internal name, so "--no-no-buffer" is unknown.
    return spec?.negatable && !spec.long.startsWith('no-') ? found(spec, { negated: true }) : undefined;
  }

  const inverse = BY_LONG.get(`no-${word}`);
  if (inverse?.negatable) return found(inverse, { negated: true });

  if (word.startsWith('expand-')) {
    const spec = BY_LONG.get(word.slice('expand-'.length));
    return spec?.arg ? found(spec, { expanded: true }) : undefined;
  }

  return lookupAbbreviation(word);
}

/** curl 7.x: a case-insensitive match, exact or else the only name the word is a prefix of. */
function lookupAbbreviation(word: string): LongOptionMatch | undefined {
  if (word === '') return undefined;
  const lower = word.toLowerCase();
  let hit: CurlOptionSpec | undefined;
  let hits = 0;
  for (const [name, spec] of CURL_7_88_NAMES) {
    if (!name.startsWith(lower)) continue;
    hit = spec;
    if (name === lower) {
      hits = 1;
      break;
    }
    hits++;
  }
  if (hits !== 1 || hit === undefined) return undefined;
  // An abbreviation of "buffer" means the opposite of the documented "--no-buffer".
  return found(hit, { negated: hit.long.startsWith('no-'), inexact: true });
}

/** The option a single-letter flag stands for: 'd' (or '-d') gives `--data`, '#' `--progress-bar`, ':' `--next`. */
export function findShortOption(char: string): CurlOptionSpec | undefined {
  const letter = char.length === 2 && char.startsWith('-') ? char.slice(1) : char;
  return BY_SHORT.get(letter);
}

/** Options worth suggesting: the current ones, legacy spellings left out. */
const SUGGESTIBLE: readonly CurlOptionSpec[] = CURL_OPTIONS.filter((spec) => !spec.removed);

/**
 * For an unknown (or only `inexact`) long option, the closest known one with its dashes, e.g. '--data-raw' for
 * 'data-rwa'; undefined when the name is known as written or nothing is close. Closeness is an unambiguous-enough
 * prefix ('dat' gives '--data') or a small edit distance with transpositions, up to a third of the length.
 */
export function suggestOption(name: string): string | undefined {
  const match = lookupLong(name);
  if (match && !match.inexact) return undefined;
  const word = stripDashes(name).toLowerCase();
  if (word === '') return undefined;

  const candidates = [closest(word, SUGGESTIBLE, '--')];
  if (word.startsWith('no-')) {
    const negatable = SUGGESTIBLE.filter((spec) => spec.negatable && !spec.long.startsWith('no-'));
    candidates.push(closest(word.slice(3), negatable, '--no-'));
  }
  if (word.startsWith('expand-')) {
    const withArgument = SUGGESTIBLE.filter((spec) => spec.arg);
    candidates.push(closest(word.slice('expand-'.length), withArgument, '--expand-'));
  }
  return candidates.filter((candidate) => candidate !== undefined).sort(bySuggestionRank)[0]?.text;
}

interface Suggestion {
  text: string;
  score: number;
}

function bySuggestionRank(a: Suggestion, b: Suggestion): number {
  return a.score - b.score || a.text.length - b.text.length || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}

function closest(word: string, specs: readonly CurlOptionSpec[], prefix: string): Suggestion | undefined {
  if (word === '') return undefined;
  const limit = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  let best: Suggestion | undefined;
  for (const spec of specs) {
    // A prefix of a longer name ranks just above a one-letter typo.
    const prefixScore = word.length >= 3 && spec.long.startsWith(word) ? 0.5 : Infinity;
    const score = Math.min(prefixScore, editDistance(word, spec.long, limit));
    if (score > limit) continue;
    const suggestion = { text: prefix + spec.long, score };
    if (best === undefined || bySuggestionRank(suggestion, best) < 0) best = suggestion;
  }
  return best;
}

/**
 * Optimal-string-alignment distance (Levenshtein plus swaps of adjacent letters). Returns limit + 1 as soon as the
 * distance is known to exceed the limit.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The section of curl's online manual about a long option (leading dashes optional). */
export function manualUrl(long: string): string {
  return `https://curl.se/docs/manpage.html#--${stripDashes(long)}`;
}
