/**
 * Checks a response the tests received against the OpenAPI document the app serves (/docs/json), with
 * ajv in strict mode: the operation must document the status, the content type and the required
 * headers, and a JSON body must match the documented schema. Wired in once for every test by
 * test/helpers/check-every-response.ts (fetch) and `checkedInject` (Fastify's inject), so the document
 * and the app's behaviour cannot drift apart unnoticed.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface ReceivedResponse {
  method: string;
  /** The request's path, with or without the query string. */
  path: string;
  status: number;
  header(name: string): string | undefined;
  /** The body as text when the test read it (JSON); undefined when it was not read (streams, HEAD). */
  body: string | undefined;
}

/**
 * Served but on purpose not in the document: Swagger UI and the document itself, the checkout page's
 * script and style, the display's short address, and the UI's static files. Checked for their content
 * type when they succeed; their errors are the contract's.
 */
const UNDOCUMENTED: { path: RegExp; contentType: RegExp }[] = [
  { path: /^\/docs(\/.*)?$/, contentType: /^(text\/html|application\/json|application\/(x-)?yaml|text\/css|application\/javascript|text\/javascript|image\/png)/ },
  { path: /^\/pay\/assets\/(checkout\.(js|css)|receipt\.css)$/, contentType: /^(text\/javascript|text\/css)/ },
  { path: /^\/display$/, contentType: /.*/ },
  { path: /^\/$|^\/index\.html$|^\/assets\/|^\/favicon/, contentType: /.*/ },
];

const JSON_MEDIA = /^application\/json$/;

interface Operation {
  responses?: Record<string, ResponseObject>;
}
interface ResponseObject {
  $ref?: string;
  headers?: Record<string, { $ref?: string; required?: boolean; schema?: object }>;
  content?: Record<string, { schema?: object }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

const DOC_ID = 'https://stablepos.test/openapi.json';

/** JSON Pointer token (RFC 6901). */
const token = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class ResponseChecker {
  private readonly ajv = new Ajv2020({ strict: true, allErrors: true });
  private readonly validators = new Map<string, ReturnType<Ajv2020['compile']>>();
  private readonly routes: { method: string; template: string; regex: RegExp; statics: number }[] = [];

  constructor(private readonly doc: Document) {
    // The schemas are reached by JSON Pointer from here, so their `$ref`s to #/components resolve. The
    // document's own top-level members are no JSON Schema keywords: declared (as annotations) so that
    // strict mode accepts this root and still refuses anything unknown inside the schemas.
    this.ajv.addKeyword('paths');
    this.ajv.addKeyword('components');
    this.ajv.addSchema({ $id: DOC_ID, paths: doc.paths, components: doc.components } as never);
    for (const [template, operations] of Object.entries(doc.paths)) {
      const pattern = template.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
      for (const method of Object.keys(operations)) {
        this.routes.push({ method: method.toUpperCase(), template, regex: new RegExp(`^${pattern}$`), statics: template.replace(/\{[^}]+\}/g, '').length });
      }
    }
    // Like the router: the most specific template wins (static `sessions.csv` over `{id}`).
    this.routes.sort((a, b) => b.statics - a.statics);
  }

  /** What is wrong with the response, as sentences naming the operation; empty when it matches. */
  check(res: ReceivedResponse): string[] {
    const method = res.method.toUpperCase() === 'HEAD' ? 'GET' : res.method.toUpperCase();
    const path = res.path.split('?')[0]!.replace(/(.)\/$/, '$1'); // the router ignores a trailing slash
    const what = `${res.method.toUpperCase()} ${res.path.split('?')[0]} → ${res.status}`;
    const route = this.routes.find((r) => r.method === method && r.regex.test(path));
    if (!route) return this.checkUndocumented(res, path).map((p) => `${what}: ${p}`);
    const pointer = `#/paths/${token(route.template)}/${method.toLowerCase()}/responses`;
    const op = this.doc.paths[route.template]![method.toLowerCase()]!;
    const status = String(res.status);
    const declared = op.responses?.[status] ?? op.responses?.[`${status[0]}XX`] ?? op.responses?.default;
    if (!declared) return [`${what}: status ${status} is not documented for ${method} ${route.template} (documented: ${Object.keys(op.responses ?? {}).join(', ')})`];
    const [response, at] = declared.$ref ? [this.resolve(declared.$ref) as ResponseObject, declared.$ref] : [declared, `${pointer}/${token(status)}`];
    return this.checkAgainst(res, response, at).map((p) => `${what} (${method} ${route.template}): ${p}`);
  }

  /** Undocumented paths: the allowed ones by content type; anything else is the router's 404, or a global refusal. */
  private checkUndocumented(res: ReceivedResponse, path: string): string[] {
    const allowed = UNDOCUMENTED.find((u) => u.path.test(path));
    if (allowed && res.status < 400) {
      const type = res.header('content-type');
      if (type !== undefined && !allowed.contentType.test(type)) return [`content type ${type} is not expected here`];
      return res.header('request-id') ? [] : ['no Request-Id header'];
    }
    const name = `#/components/schemas/Error${res.status}`;
    if (!this.doc.components.schemas?.[`Error${res.status}`]) return [`status ${res.status} on a path that is not documented (not a documented error status)`];
    if (!allowed && res.status !== 404 && ![400, 403, 415, 429, 500, 503].includes(res.status)) return [`status ${res.status} on a path that is not documented`];
    const errorResponse = { headers: { 'Request-Id': { $ref: '#/components/headers/RequestId' } }, content: { 'application/json': { schema: { $ref: name } } } };
    return this.checkAgainst(res, errorResponse, null);
  }

  private checkAgainst(res: ReceivedResponse, response: ResponseObject, at: string | null): string[] {
    const problems: string[] = [];
    for (const [name, declared] of Object.entries(response.headers ?? {})) {
      const header = (declared.$ref ? this.resolve(declared.$ref) : declared) as { required?: boolean; schema?: object };
      const value = res.header(name);
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      if (header.schema && !this.validator(`header:${name}`, header.schema)(value)) problems.push(`header ${name}: ${JSON.stringify(value)} does not match its schema`);
    }
    const content = response.content;
    if (!content) return problems;
    const type = res.header('content-type');
    if (type === undefined) {
      if (res.method.toUpperCase() !== 'HEAD' && res.body !== '') problems.push('no Content-Type');
      return problems;
    }
    const media = type.split(';')[0]!.trim().toLowerCase();
    const entry = Object.entries(content).find(([documented]) => documented.toLowerCase() === media);
    if (!entry) return [...problems, `content type ${media} is not documented (documented: ${Object.keys(content).join(', ')})`];
    if (!JSON_MEDIA.test(media) || res.body === undefined || res.method.toUpperCase() === 'HEAD') return problems;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [...problems, `the body is not JSON: ${res.body.slice(0, 200)}`];
    }
    const schemaRef = at === null ? (entry[1].schema as { $ref: string }).$ref : `${at.startsWith('#') ? at : `#${at}`}/content/${token(entry[0])}/schema`;
    const validate = this.validator(schemaRef, { $ref: `${DOC_ID}${schemaRef}` });
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
      problems.push(`the body does not match ${schemaRef}: ${errors.join('; ')}; body: ${res.body.slice(0, 300)}`);
    }
    return problems;
  }

  private validator(key: string, schema: object) {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.validators.set(key, validate);
    }
    return validate;
  }

  private resolve(ref: string): unknown {
    let node: unknown = this.doc;
    for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
    return node;
  }
}

/**
 * `app.inject` for tests that build the app directly: every answer is checked against the document
 * the app serves, and a mismatch fails the call.
 */
export function checkedInject(app: FastifyInstance): (options: InjectOptions) => Promise<LightMyRequestResponse> {
  let checker: Promise<ResponseChecker> | undefined;
  return async (options) => {
    const res = await app.inject(options);
    checker ??= app.inject({ method: 'GET', url: '/docs/json' }).then((d) => new ResponseChecker(d.json()));
    const url = typeof options.url === 'string' ? options.url : (options.url?.pathname ?? options.path?.toString() ?? '/');
    const problems = (await checker).check({
      method: options.method ?? 'GET',
      path: url,
      status: res.statusCode,
      header: (name) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? undefined : String(value);
      },
      body: res.body,
    });
    if (problems.length > 0) throw new Error(`response does not match the OpenAPI document:\n${problems.join('\n')}`);
    return res;
  };
}
