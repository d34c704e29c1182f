/**
 * The importers on real export files and on files written in each tool's
 * export layout (see tests/fixtures/collections/README.md for each file's
 * origin), the Postman v2.1 and native exports, and their round trips.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromPortable, toPortable } from '../../src/core/collections/model.ts';
import { ImportError, exportNative, importCollections } from '../../src/core/collections/formats.ts';
import { exportPostman, postmanUrl, POSTMAN_SCHEMA_V21 } from '../../src/core/collections/postman.ts';
import type { PortableCollection, PortableItem } from '../../src/core/collections/types.ts';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/collections/${path}`, import.meta.url), 'utf8');

/** The item at a path of names. */
function at(collection: PortableCollection, ...names: string[]): PortableItem {
  let items = collection.items;
  let found: PortableItem | undefined;
  for (const name of names) {
    found = items.find((i) => i.name === name);
    if (!found) throw new Error(`no ${name} in ${items.map((i) => i.name).join(', ')}`);
    items = found.type === 'folder' ? found.items : [];
  }
  return found!;
}

const request = (item: PortableItem) => {
  if (item.type !== 'request') throw new Error(`${item.name} is a folder`);
  return item;
};

describe('Postman Collection v2.1 (workbench-demo)', () => {
  const result = importCollections(fixture('postman/workbench-demo.postman_collection.json'));
  const [c] = result.collections;

  it('reads the collection, its variables and its auth', () => {
    expect(result.format).toBe('Postman Collection v2.1');
    expect(c!.name).toBe('Workbench Demo API');
    expect(c!.auth).toEqual({ kind: 'bearer', token: '{{apiToken}}' });
    expect(c!.variables.slice(0, 4)).toEqual([
      { key: 'baseUrl', value: 'http://127.0.0.1:8787', secret: false, enabled: true },
      { key: 'userId', value: '7', secret: false, enabled: true },
      { key: 'userName', value: 'Ana', secret: false, enabled: true },
      { key: 'apiToken', value: 'tok-abc', secret: true, enabled: true },
    ]);
  });

  it('keeps folders nested in order, with folder variables and folder auth (secrets as secret variables)', () => {
    expect(c!.items.map((i) => i.name)).toEqual(['Users', 'Bodies']);
    const users = at(c!, 'Users');
    expect(users).toMatchObject({ type: 'folder', auth: null, variables: [{ key: 'fields', value: 'name,email' }] });
    const admin = at(c!, 'Users', 'Admin');
    expect(admin).toMatchObject({
      type: 'folder',
      auth: { kind: 'basic', user: 'admin', password: '{{password}}' },
      variables: [{ key: 'userId', value: '99' }],
    });
    expect(c!.variables).toContainEqual({ key: 'password', value: 'hunter2', secret: true, enabled: true });
    expect(JSON.stringify(c!.items)).not.toContain('hunter2');
  });

  it('reads URLs with path variables filled, headers with disabled ones, and inherit/noauth', () => {
    const get = request(at(c!, 'Users', 'Get user'));
    expect(get.request.url).toBe('{{baseUrl}}/echo/users/{{userId}}?fields={{fields}}');
    expect(get.request.headers).toEqual([
      { enabled: true, name: 'Accept', value: 'application/json' },
      { enabled: false, name: 'X-Debug', value: '1' },
    ]);
    expect(get.inheritAuth).toBe(true);
    const login = request(at(c!, 'Bodies', 'Login form'));
    expect(login.inheritAuth).toBe(false);
    expect(login.request.auth).toEqual({ kind: 'none' });
  });

  it('reads every body mode', () => {
    expect(request(at(c!, 'Users', 'Create user (JSON)')).request).toMatchObject({
      method: 'POST',
      headers: [{ enabled: true, name: 'Content-Type', value: 'application/json' }],
      body: { kind: 'json', text: '{\n  "name": "{{userName}}"\n}' },
    });
    expect(request(at(c!, 'Bodies', 'Login form')).request.body).toEqual({
      kind: 'form',
      rows: [
        { enabled: true, name: 'user', value: '{{userName}}' },
        { enabled: false, name: 'remember', value: 'yes' },
      ],
    });
    expect(request(at(c!, 'Bodies', 'Upload avatar')).request.body).toEqual({
      kind: 'multipart',
      rows: [
        { kind: 'text', enabled: true, name: 'title', value: 'Me' },
        { kind: 'file', enabled: true, name: 'avatar', fileName: 'avatar.png' },
      ],
    });
    expect(request(at(c!, 'Bodies', 'Put binary')).request.body).toEqual({ kind: 'binary', fileName: 'blob.bin' });
    const graphql = request(at(c!, 'Bodies', 'GraphQL query'));
    expect(JSON.parse((graphql.request.body as { text: string }).text)).toEqual({
      query: 'query ($id: ID!) { user(id: $id) { name } }',
      variables: { id: '7' },
    });
    expect(graphql.request.headers).toContainEqual({ enabled: true, name: 'Content-Type', value: 'application/json' });
    expect(graphql.request.auth).toEqual({ kind: 'apikey', name: 'X-API-Key', value: '{{apiKey}}', in: 'header' });
  });

  it('lists what it could not import, naming where', () => {
    expect(result.notes).toEqual([
      'collection "Workbench Demo API": the pre-request script was not imported (scripts are not run).',
      'request Workbench Demo API / Users / Create user (JSON): the test script was not imported (scripts are not run).',
      'request Workbench Demo API / Users / Create user (JSON): a saved response (example) was not imported.',
      'request Workbench Demo API / Bodies / Upload avatar: the file "avatar.png" of form field "avatar" is not in the export: choose it again before sending.',
      'request Workbench Demo API / Bodies / Put binary: the body file "blob.bin" is not in the export: choose it again before sending.',
      'request Workbench Demo API / Bodies / Digest protected: digest auth is not supported and was not imported (it sends no auth).',
      'A description was not imported.',
    ]);
  });

  it('exports v2.1 that reads back the same, secrets blank unless asked', () => {
    const doc = exportPostman(c!, { includeSecrets: true });
    expect((doc.info as { schema: string }).schema).toBe(POSTMAN_SCHEMA_V21);
    const back = importCollections(JSON.stringify(doc));
    expect(back.collections[0]).toEqual(c);
    const blank = exportPostman(c!, { includeSecrets: false });
    expect(JSON.stringify(blank)).not.toContain('tok-abc');
    expect(JSON.stringify(blank)).not.toContain('hunter2');
    expect(
      (blank.variable as { key: string; value: string; type: string }[]).find((v) => v.key === 'apiToken'),
    ).toEqual({
      key: 'apiToken',
      value: '',
      type: 'secret',
    });
  });
});

describe('Postman Collection v2.0 (postmanlabs/postman-collection examples)', () => {
  const result = importCollections(fixture('postman/postman-collection-examples-v2.0.json'));
  const [c] = result.collections;

  it('reads bare-URL requests, header text, v2.0 auth objects and id-keyed variables', () => {
    expect(result.format).toBe('Postman Collection v2.0');
    expect(c!.variables.slice(0, 5).map((v) => [v.key, v.value])).toEqual([
      ['var-1', 'hello-world'],
      ['var-2', '123'],
      ['var-3', 'true'],
      ['var-4', 'hello-world-any'],
      ['var-5', ''],
    ]);
    expect(request(c!.items[0]!).request).toMatchObject({
      method: 'GET',
      url: 'http://echo.getpostman.com/status/200',
    });
    const put = request(at(c!, 'This is a folder', '201'));
    expect(put.request.method).toBe('PUT');
    expect(put.request.headers[0]).toEqual({ enabled: true, name: 'Content-Type', value: 'application/json' });
    expect(put.request.headers[1]!.value).toBe('Hawk {{token}}');
    const post = request((at(c!, 'This is a folder') as { items: PortableItem[] }).items[1]!);
    expect(post.request.auth).toEqual({ kind: 'basic', user: 'yosam', password: '{{password}}' });
    expect(post.request.body).toEqual({ kind: 'text', text: 'blahblah' });
  });

  it('builds a URL from its parts and says hawk auth was not imported', () => {
    const notFound = request(at(c!, 'This is a folder', 'my-folder-2', 'Solo Folder', '404 not found'));
    expect(notFound.request.url).toBe('https://sub.example.com.:8443/path/to/document');
    expect(notFound.request.auth).toEqual({ kind: 'none' });
    expect(result.notes).toContain(
      'request HTTP Status Messages / This is a folder / my-folder-2 / Solo Folder / 404 not found: hawk auth is not supported and was not imported (it sends no auth).',
    );
    expect(result.notes).toContain(
      '2 items have request settings (protocolProfileBehavior, proxy or certificate) that were not imported.',
    );
  });

  it('keeps the nested folders of the multi-level example, the empty one included', () => {
    const nested = importCollections(fixture('postman/postman-collection-nested-v2.0.json')).collections[0]!;
    expect(nested.items.map((i) => i.name)).toEqual(['F1', 'F2', 'R1']);
    expect((at(nested, 'F2') as { items: PortableItem[] }).items.map((i) => i.name)).toEqual(['F2.F3', 'F4', 'F2.R1']);
    expect(at(nested, 'F2', 'F4')).toMatchObject({ type: 'folder', items: [] });
  });

  it('refuses a v1 collection by name', () => {
    expect(() => importCollections(JSON.stringify({ id: 'x', name: 'old', order: [], requests: [] }))).toThrow(
      /Postman Collection v1.*export it as Collection v2\.1/,
    );
  });
});

describe('Insomnia export v4', () => {
  const result = importCollections(fixture('insomnia/workbench-demo.insomnia-v4.json'));
  const [c] = result.collections;

  it('reads the workspace, its base environment and folders in metaSortKey order', () => {
    expect(result.format).toBe('Insomnia export v4');
    expect(c!.name).toBe('Workbench Demo');
    expect(c!.variables.slice(0, 2)).toEqual([
      { key: 'base_url', value: 'http://127.0.0.1:8787', secret: false, enabled: true },
      { key: 'user_name', value: 'Ana', secret: false, enabled: true },
    ]);
    expect(c!.items.map((i) => i.name)).toEqual(['Users', 'Login', 'Upload', 'GraphQL']);
    expect(at(c!, 'Users')).toMatchObject({
      variables: [{ key: 'user.id', value: '7' }],
      auth: { kind: 'basic', user: 'admin', password: '{{password}}' },
    });
    expect((at(c!, 'Users') as { items: PortableItem[] }).items.map((i) => i.name)).toEqual([
      'Get user',
      'Create user',
    ]);
  });

  it('turns {{ _.x }} into {{x}}, appends enabled parameters, and inherits empty auth', () => {
    const get = request(at(c!, 'Users', 'Get user'));
    expect(get.request.url).toBe('{{base_url}}/echo/users/{{user.id}}?fields=name%20email');
    expect(get.inheritAuth).toBe(true);
    expect(get.request.headers[1]).toEqual({ enabled: false, name: 'X-Trace', value: "{% uuid 'v4' %}" });
    const create = request(at(c!, 'Users', 'Create user'));
    expect(create.request.auth).toEqual({ kind: 'bearer', token: '{{token}}' });
    expect(create.request.body).toEqual({ kind: 'json', text: '{\n  "name": "{{user_name}}"\n}' });
  });

  it('reads urlencoded, multipart, GraphQL bodies and API key auth', () => {
    expect(request(at(c!, 'Login')).request.body).toEqual({
      kind: 'form',
      rows: [
        { enabled: true, name: 'user', value: '{{user_name}}' },
        { enabled: false, name: 'remember', value: 'yes' },
      ],
    });
    const upload = request(at(c!, 'Upload'));
    expect(upload.request.body).toEqual({
      kind: 'multipart',
      rows: [
        { kind: 'text', enabled: true, name: 'title', value: 'Me' },
        { kind: 'file', enabled: true, name: 'avatar', fileName: 'avatar.png' },
      ],
    });
    expect(upload.request.auth).toEqual({ kind: 'apikey', name: 'X-API-Key', value: '{{apiKey}}', in: 'header' });
    const graphql = request(at(c!, 'GraphQL'));
    expect(JSON.parse((graphql.request.body as { text: string }).text)).toEqual({
      query: '{ me { name } }',
      variables: { a: 1 },
    });
  });

  it('lists what it left out', () => {
    expect(result.notes).toEqual([
      'The environment "Staging" of "Workbench Demo" was not imported as collection variables: add it under Environments if you need it.',
      'request Workbench Demo / Users / Get user: 1 disabled query parameter was not imported.',
      'request Workbench Demo / Upload: the file of form field "avatar" is not in the export: choose it again before sending.',
      'request Workbench Demo / GraphQL: oauth2 auth is not supported and was not imported (it sends no auth).',
      'Workbench Demo / Greeter: the gRPC request was not imported.',
      'request Workbench Demo / Users / Get user: Insomnia template tags ({% … %}) are kept as written and are not evaluated.',
    ]);
    expect(JSON.stringify(c!.items)).not.toMatch(/pa55|secret-token-1|k-999/);
  });

  it('says how many descriptions it left out', () => {
    const json = JSON.parse(fixture('insomnia/workbench-demo.insomnia-v4.json')) as {
      resources: { _type: string; description?: string }[];
    };
    const described = json.resources.filter((r) => ['workspace', 'request_group', 'request'].includes(r._type));
    described.slice(0, 2).forEach((r, i) => (r.description = `Notes ${i}`));
    expect(importCollections(JSON.stringify(json)).notes.at(-1)).toBe('2 descriptions were not imported.');
    expect(result.notes.some((n) => /description/.test(n))).toBe(false);
  });
});

describe('Hoppscotch collection', () => {
  const result = importCollections(fixture('hoppscotch/workbench-demo.hoppscotch.json'));
  const [c] = result.collections;

  it('reads variables (secret kept), collection auth and <<var>> as {{var}}', () => {
    expect(result.format).toBe('Hoppscotch collection');
    expect(c!.auth).toEqual({ kind: 'bearer', token: '{{token}}' });
    expect(c!.variables.slice(0, 3)).toEqual([
      { key: 'baseUrl', value: 'http://127.0.0.1:8787', secret: false, enabled: true },
      { key: 'userName', value: 'Ana', secret: false, enabled: true },
      { key: 'token', value: 'hop-tok', secret: true, enabled: true },
    ]);
  });

  it('reads the folder with its auth and headers copied into its requests, and request variables', () => {
    const get = request(at(c!, 'Users', 'Get user'));
    expect(get.request.url).toBe('{{baseUrl}}/echo/users/{{userId}}?fields=name');
    expect(get.request.headers).toEqual([
      { enabled: true, name: 'X-Team', value: 'core' },
      { enabled: true, name: 'Accept', value: 'application/json' },
    ]);
    expect(get.inheritAuth).toBe(true);
    expect(get.variables).toEqual([{ key: 'userId', value: '8', secret: false, enabled: true }]);
    expect(at(c!, 'Users')).toMatchObject({ auth: { kind: 'basic', user: 'admin', password: '{{password}}' } });
  });

  it('reads urlencoded lines, JSON, multipart and API key auth, and lists what it left out', () => {
    expect(request(at(c!, 'Login')).request.body).toEqual({
      kind: 'form',
      rows: [
        { enabled: true, name: 'user', value: '{{userName}}' },
        { enabled: false, name: 'remember', value: 'yes' },
      ],
    });
    expect(request(at(c!, 'Login')).request.auth).toEqual({ kind: 'none' });
    expect(request(at(c!, 'Create item')).request).toMatchObject({
      body: { kind: 'json', text: '{"name": "{{userName}}"}' },
      auth: { kind: 'apikey', name: 'X-API-Key', value: '{{apiKey}}', in: 'header' },
    });
    expect(request(at(c!, 'Upload')).request.body).toEqual({
      kind: 'multipart',
      rows: [
        { kind: 'text', enabled: true, name: 'title', value: 'Me' },
        { kind: 'file', enabled: true, name: 'avatar', fileName: '' },
      ],
    });
    expect(result.notes).toEqual([
      'Workbench Demo / Users: its 1 header was copied into each request under it.',
      'request Workbench Demo / Users / Get user: the test script was not imported (scripts are not run).',
      'request Workbench Demo / Users / Get user: 1 inactive query parameter was not imported.',
      'request Workbench Demo / Login: the pre-request script was not imported (scripts are not run).',
      'request Workbench Demo / Upload: oauth-2 auth is not supported and was not imported (it sends no auth).',
      'request Workbench Demo / Upload: the file of form field "avatar" is not in the export: choose it again before sending.',
    ]);
  });

  it('lists saved responses and descriptions it left out', () => {
    type Level = { description?: string | null; folders: Level[]; requests: { name: string; responses?: unknown }[] };
    const [json] = JSON.parse(fixture('hoppscotch/workbench-demo.hoppscotch.json')) as [Level];
    json.description = 'The demo API';
    const login = json.requests.find((r) => r.name === 'Login')!;
    login.responses = { 'Signed in': { status: 200 }, Refused: { status: 401 } };
    const notes = importCollections(JSON.stringify([json])).notes;
    expect(notes).toContain('request Workbench Demo / Login: 2 saved responses were not imported.');
    expect(notes.at(-1)).toBe('A description was not imported.');
  });
});

describe('HAR', () => {
  it('reads each entry as a request, credentials as secret variables', () => {
    const result = importCollections(fixture('har/demo.har'));
    const [c] = result.collections;
    expect(result.format).toBe('HAR');
    expect(c!.items.map((i) => i.name)).toEqual(['GET /echo/items?page=2', 'POST /echo/items']);
    const get = request(c!.items[0]!);
    expect(get.request.headers).toEqual([
      { enabled: true, name: 'Accept', value: 'application/json' },
      { enabled: true, name: 'Authorization', value: 'Bearer {{token}}' },
    ]);
    expect(c!.variables).toEqual([{ key: 'token', value: 'har-secret', secret: true, enabled: true }]);
    expect(request(c!.items[1]!).request.body).toEqual({ kind: 'json', text: '{"name":"x"}' });
  });

  it('keeps the content of a file param given with its value (HAR 1.2), and asks again only for the others', () => {
    const params = [
      { name: 'note', fileName: '-', value: 'hello\n', contentType: 'text/plain' },
      { name: 'photo', fileName: 'a.png' },
      { name: 'title', value: 'x' },
    ];
    const entry = {
      request: {
        method: 'POST',
        url: 'https://api.example.com/upload',
        headers: [],
        postData: { mimeType: 'multipart/form-data; boundary=b', params },
      },
    };
    const result = importCollections(JSON.stringify({ log: { version: '1.2', entries: [entry] } }));
    const item = request(result.collections[0]!.items[0]!);
    expect(item.request.body).toEqual({
      kind: 'multipart',
      rows: [
        { kind: 'file', enabled: true, name: 'note', fileName: '-', content: 'hello\n', contentType: 'text/plain' },
        { kind: 'file', enabled: true, name: 'photo', fileName: 'a.png' },
        { kind: 'text', enabled: true, name: 'title', value: 'x' },
      ],
    });
  });
});

describe('the project’s own format and bad input', () => {
  it('round-trips through the native export, secrets blank unless asked', () => {
    const source = importCollections(fixture('postman/workbench-demo.postman_collection.json')).collections[0]!;
    let next = 0;
    const stored = fromPortable(source, { newId: () => `n${++next}`, now: 1 });
    const { portable, missing } = toPortable(stored.collection, new Map(stored.requests.map((r) => [r.id, r])));
    expect(missing).toEqual([]);
    expect(portable).toEqual(source);
    const text = JSON.stringify(exportNative([portable], { includeSecrets: true }));
    expect(importCollections(text).collections[0]).toEqual(source);
    expect(JSON.stringify(exportNative([portable], { includeSecrets: false }))).not.toContain('tok-abc');
  });

  it('says where JSON is broken, and which formats it reads', () => {
    expect(() => importCollections('{\n  "info": {,\n}')).toThrow(/not valid JSON at line 2, column 12/);
    expect(() => importCollections('')).toThrow('The file is empty.');
    expect(() => importCollections('{"hello": 1}')).toThrow(ImportError);
    expect(() => importCollections('{"hello": 1}')).toThrow(
      /Postman Collection \(v2\.0 or v2\.1\), an Insomnia export \(v4\), a Hoppscotch collection, an OpenAPI document \(2\.0 or 3\.x\), a HAR file/,
    );
    expect(() => importCollections('{"openapi": "3.1.0"}')).toThrow(
      'The OpenAPI document describes no operations: nothing to import.',
    );
    expect(() =>
      importCollections(
        JSON.stringify({
          format: 'http-workbench-collection',
          version: 1,
          collections: [{ name: 'x', items: [{ type: 'request', name: 'r', request: { method: 1 } }] }],
        }),
      ),
    ).toThrow('x / item 1 ("r"): request.method is not a string.');
  });

  it('never crashes on odd but JSON input', () => {
    for (const odd of [
      'null',
      '[]',
      '"x"',
      '{"info": {"name": 3}, "item": [null, 1, {"item": "no"}]}',
      '{"_type":"export","__export_format":4,"resources":[null,{"_type":"request"}]}',
      '[{"name":"h","folders":[1],"requests":[null]}]',
    ]) {
      try {
        importCollections(odd);
      } catch (error) {
        expect(error).toBeInstanceOf(ImportError);
      }
    }
  });

  it('writes Postman URL objects from URL text with variables', () => {
    expect(postmanUrl('{{baseUrl}}/users/{{id}}?a=1&b')).toEqual({
      raw: '{{baseUrl}}/users/{{id}}?a=1&b',
      host: ['{{baseUrl}}'],
      path: ['users', '{{id}}'],
      query: [
        { key: 'a', value: '1' },
        { key: 'b', value: null },
      ],
    });
    expect(postmanUrl('https://api.example.com:8443/v1')).toEqual({
      raw: 'https://api.example.com:8443/v1',
      protocol: 'https',
      host: ['api', 'example', 'com'],
      port: '8443',
      path: ['v1'],
    });
  });
});
