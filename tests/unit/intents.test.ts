import { describe, expect, it } from 'vitest';
import { INTENT_KINDS, isHandoff, isIntent, type IntentKind } from '../../src/core/intents/intents.ts';
import { recogniseText } from '../../src/core/intents/recognise.ts';

const ALL = new Set<IntentKind>(INTENT_KINDS);

describe('recognising selected text', () => {
  it.each([
    ['429', { kind: 'show-status', code: 429 }],
    [' 404 Not Found\n', { kind: 'show-status', code: 404 }],
    ['HTTP/1.1 503 Service Unavailable', { kind: 'show-status', code: 503 }],
    ['HTTP/2 200', { kind: 'show-status', code: 200 }],
    [
      "curl -X POST 'https://api.example.com/x' -d a=1",
      { kind: 'convert-command', text: "curl -X POST 'https://api.example.com/x' -d a=1" },
    ],
    ['$ curl https://example.com', { kind: 'convert-command', text: '$ curl https://example.com' }],
    [
      'docker run -d -p 8080:80 \\\n  nginx:alpine',
      { kind: 'convert-docker-run', text: 'docker run -d -p 8080:80 \\\n  nginx:alpine' },
    ],
    ['$ sudo podman run --rm alpine', { kind: 'convert-docker-run', text: '$ sudo podman run --rm alpine' }],
    [
      'docker network create n\ndocker run --network n redis',
      { kind: 'convert-docker-run', text: 'docker network create n\ndocker run --network n redis' },
    ],
    [
      'docker run curlimages/curl curl https://example.com',
      { kind: 'convert-docker-run', text: 'docker run curlimages/curl curl https://example.com' },
    ],
    ['{"id": 12345678901234567890}', { kind: 'open-json', text: '{"id": 12345678901234567890}' }],
    ['  [{"a": 1}, {"a": 2}]\n', { kind: 'open-json', text: '  [{"a": 1}, {"a": 2}]\n' }],
    // Broken JSON still goes to JSON Tools, which shows where it is broken.
    ["{'a': 1,}", { kind: 'open-json', text: "{'a': 1,}" }],
    // A bare number stays a status code.
    ['404', { kind: 'show-status', code: 404 }],
  ])('%j', (text, intent) => {
    const found = recogniseText(text, ALL);
    expect(found.intent).toEqual(intent);
  });

  it('says what the text was chosen as', () => {
    expect(recogniseText('418', ALL)).toMatchObject({ what: 'an HTTP status code' });
    expect(recogniseText('curl example.com', ALL)).toMatchObject({ what: 'a curl command' });
    expect(recogniseText('docker run nginx', ALL)).toMatchObject({ what: 'a docker run command' });
  });

  it('sends a docker run command with a problem to Compose, and a broken curl command to the converter', () => {
    expect(recogniseText('docker run --bogus nginx', ALL).intent?.kind).toBe('convert-docker-run');
    expect(recogniseText("docker run -e 'A=1 nginx", ALL).intent?.kind).toBe('convert-docker-run');
    expect(recogniseText("curl -d 'x https://example.com", ALL).intent?.kind).toBe('convert-command');
    expect(recogniseText('docker ps -a', ALL).intent).toBeNull();
  });

  it('sends a curl command with a problem to the converter, which shows the problem', () => {
    expect(recogniseText("curl 'https://example.com", ALL).intent?.kind).toBe('convert-command');
  });

  it.each(['99', '600', '1000', '4044', 'status', 'SELECT * FROM users;', '[a-z]+'])(
    'refuses %j and says what it can open',
    (text) => {
      const found = recogniseText(text, ALL);
      expect(found.intent).toBeNull();
      expect('reason' in found && found.reason).toContain(
        'select an HTTP status code, a JSON document, a docker run command or a curl command',
      );
    },
  );

  it('only offers what some tool accepts', () => {
    const found = recogniseText('429', new Set<IntentKind>(['convert-command']));
    expect(found.intent).toBeNull();
    expect('reason' in found && found.reason).toContain('select a curl command');
    expect(recogniseText('  ', ALL)).toEqual({ intent: null, reason: 'The selected text is empty.' });
  });
});

describe('intents read back from storage', () => {
  it('accepts well-formed intents and handoffs and nothing else', () => {
    expect(isIntent({ kind: 'show-status', code: 404 })).toBe(true);
    expect(isIntent({ kind: 'show-status', code: 40.4 })).toBe(false);
    expect(isIntent({ kind: 'convert-command', text: 'curl x' })).toBe(true);
    expect(isIntent({ kind: 'convert-command' })).toBe(false);
    expect(isIntent({ kind: 'convert-docker-run', text: 'docker run nginx' })).toBe(true);
    expect(isIntent({ kind: 'convert-docker-run', text: 3 })).toBe(false);
    expect(isIntent({ kind: 'open-request', request: { method: 'GET', url: 'https://x/' } })).toBe(true);
    expect(isIntent({ kind: 'open-request', request: 'GET /' })).toBe(false);
    expect(isIntent({ kind: 'open-json', text: '{}' })).toBe(true);
    expect(isIntent({ kind: 'open-json', text: '{}', title: 'Response' })).toBe(true);
    expect(isIntent({ kind: 'open-json', text: '{}', title: 7 })).toBe(false);
    expect(isIntent({ kind: 'format-disk' })).toBe(false);
    expect(isIntent(null)).toBe(false);
    expect(isHandoff({ notice: 'hi' })).toBe(true);
    expect(isHandoff({ intent: { kind: 'show-status', code: 200 }, notice: 'Opened' })).toBe(true);
    expect(isHandoff({ intent: { kind: 'nope' } })).toBe(false);
    expect(isHandoff({})).toBe(false);
    expect(isHandoff({ text: 'curl x' })).toBe(false);
  });
});
