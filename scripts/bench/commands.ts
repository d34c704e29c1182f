/**
 * The benchmark corpus: realistic curl commands, from a typical DevTools copy
 * to a 1 MB body. Both converters must accept each one; the conversion and
 * cold-start benchmarks read them from here so every figure uses the same input.
 */

export interface BenchCommand {
  /** Stable id used in figure ids, e.g. "chrome-14-headers". */
  id: string;
  /** What it stands for, for notes and tables. */
  description: string;
  text: string;
  /** Heavy commands get fewer samples. */
  heavy: boolean;
}

const chromeJson = JSON.stringify({
  query: 'wireless headphones',
  filters: { brand: ['acme', 'sonic'], priceMax: 199.99, inStock: true },
  sort: { field: 'relevance', order: 'desc' },
  page: 1,
  pageSize: 24,
  context: { locale: 'en-US', currency: 'USD', experiment: 'search-v2' },
  trackingId: '9f1c2e7a-4b3d-4e8f-a1c2-5d6e7f8a9b0c',
});

/**
 * What Chrome DevTools writes for "Copy as cURL (bash)" of a JSON POST: one
 * `-H` per header in lower case, the cookie as `-b` (as current Chrome does),
 * the body as `--data-raw`; 14 headers in all, counting the cookie.
 */
const chrome14Headers = [
  "curl 'https://shop.example.com/api/v2/search?session=web&v=3' \\",
  "  -H 'accept: application/json, text/plain, */*' \\",
  "  -H 'accept-language: en-US,en;q=0.9,de;q=0.8' \\",
  "  -H 'content-type: application/json' \\",
  "  -b 'sid=s%3A8f2a1c9e4b7d.Zx9QmT2vLw; theme=dark; consent=analytics%2Cads; _ga=GA1.1.123456789.1700000000' \\",
  "  -H 'origin: https://shop.example.com' \\",
  "  -H 'priority: u=1, i' \\",
  "  -H 'referer: https://shop.example.com/search?q=wireless+headphones' \\",
  '  -H \'sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24", "Google Chrome";v="131"\' \\',
  "  -H 'sec-ch-ua-mobile: ?0' \\",
  '  -H \'sec-ch-ua-platform: "Linux"\' \\',
  "  -H 'sec-fetch-dest: empty' \\",
  "  -H 'sec-fetch-mode: cors' \\",
  "  -H 'sec-fetch-site: same-origin' \\",
  "  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' \\",
  `  --data-raw '${chromeJson}'`,
].join('\n');

const multipart =
  "curl -F 'title=Report' -F 'file=@report.pdf;type=application/pdf' -F 'tags=a,b' " +
  "-H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJl' " +
  'https://api.example.com/v1/upload';

const simpleGet = "curl https://api.example.com/v1/items?limit=20 -H 'Accept: application/json'";

/** Size of the generated body: 1 MiB exactly. */
export const LARGE_BODY_BYTES = 1024 * 1024;

/**
 * A deterministic JSON document of exactly `bytes` bytes (ASCII, no single
 * quotes, so it sits inside a bash single-quoted word): an array of records
 * from a fixed linear congruential generator, padded in the last record.
 */
export function largeJsonBody(bytes: number = LARGE_BODY_BYTES): string {
  let seed = 0x2545f491;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  const records: string[] = [];
  // '{"items":[' + records joined by ',' + ']}' plus the padding record.
  const closing = ']}';
  const pad = (n: number) => `{"id":-1,"pad":"${'x'.repeat(n)}"}`;
  const minPad = pad(0).length + 1;
  let length = '{"items":['.length + closing.length;
  for (let id = 0; ; id++) {
    const record = JSON.stringify({
      id,
      name: `${words[next() % words.length]}-${next() % 100000}`,
      price: (next() % 100000) / 100,
      active: next() % 2 === 0,
      tags: [words[next() % words.length], words[next() % words.length]],
      score: (next() % 1000000) / 1000,
    });
    if (length + record.length + 1 + minPad > bytes) break;
    records.push(record);
    length += record.length + 1;
  }
  records.push(pad(bytes - length - minPad + 1));
  const body = `{"items":[${records.join(',')}${closing}`;
  if (body.length !== bytes) throw new Error(`largeJsonBody: built ${body.length} bytes instead of ${bytes}`);
  return body;
}

const body1mb = [
  "curl 'https://api.example.com/v1/import' \\",
  "  -H 'Content-Type: application/json' \\",
  "  -H 'Authorization: Bearer 0123456789abcdef' \\",
  `  --data-raw '${largeJsonBody()}'`,
].join('\n');

export const COMMANDS: readonly BenchCommand[] = [
  {
    id: 'chrome-14-headers',
    description: 'Chrome "Copy as cURL (bash)" JSON POST, 14 headers',
    text: chrome14Headers,
    heavy: false,
  },
  { id: 'multipart', description: 'multipart upload: 3 -F parts and a bearer token', text: multipart, heavy: false },
  { id: 'simple-get', description: 'GET with one header', text: simpleGet, heavy: false },
  { id: 'body-1mb', description: 'POST with a 1 MiB JSON --data-raw body', text: body1mb, heavy: true },
];

/** The command with this id (throws naming the known ids otherwise). */
export function commandById(id: string): BenchCommand {
  const found = COMMANDS.find((command) => command.id === id);
  if (!found) throw new Error(`Unknown bench command "${id}". Known: ${COMMANDS.map((c) => c.id).join(', ')}.`);
  return found;
}
