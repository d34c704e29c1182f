/** Byte helpers that work the same in pages, the service worker and Node. */

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const TEXTUAL =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|yaml|x-yaml|x-ndjson|problem\+json)\b)|\+(json|xml)\b/i;

/** Decodes a body as text when its type says so or it is valid UTF-8; otherwise null. */
export function decodeText(bytes: Uint8Array, contentType: string | null): string | null {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (contentType && TEXTUAL.test(contentType)) {
    try {
      return new TextDecoder(charset ?? 'utf-8').decode(bytes);
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
  try {
    return new TextDecoder(charset ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
