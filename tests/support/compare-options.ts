import type { CurlRequest } from '../../src/core/curl/model.ts';
import type { NormaliseOptions } from './wire-compare.ts';

/** The headers the command set itself: strict even where curl's default would be tolerated. */
export function userSetHeaders(request: CurlRequest): Set<string> {
  const names = new Set(request.headers.map((h) => h.name.toLowerCase()));
  for (const name of request.removedHeaders) names.add(name.toLowerCase());
  if (request.userAgent !== undefined) names.add('user-agent');
  if (request.referer !== undefined) names.add('referer');
  if (request.cookies.length > 0 || request.cookieFiles.length > 0) names.add('cookie');
  if (request.auth || /^\w+:\/\/[^/]*@/.test(request.url)) names.add('authorization');
  return names;
}

/** The multipart parts whose own Content-Type the command set (`;type=`): only those are compared. */
export function fileTypeSet(request: CurlRequest): Set<string> {
  return new Set(
    request.body.kind === 'multipart' ? request.body.parts.filter((p) => p.contentType).map((p) => p.name) : [],
  );
}

/** The normalisation options for comparing what curl sent for `request` with another client's request. */
export function compareOptionsFor(request: CurlRequest): NormaliseOptions {
  return { userSet: userSetHeaders(request), fileTypeSet: fileTypeSet(request) };
}
