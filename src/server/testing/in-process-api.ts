import { deviceNotConfirmed, restrictedCallOpen } from '../http/device-restriction.ts';
import type { APIContext } from 'astro';
import type { App } from '../app.ts';
import { checkApiPath } from '../http/api-routes.ts';
import { ensureJsonAnswer, jsonFailure, jsonRouteFailure } from '../http/respond.ts';
import { apiOriginAllowed } from '../http/security-headers.ts';
import { resolveCredential } from '../http/credential.ts';
import { apiLanguage } from '../http/language.ts';
import { said } from '../../i18n/said.ts';

/**
 * The API without a server: the endpoint files under src/pages/api, routed as Astro routes them
 * (a fixed segment before a parameter, a parameter before a rest), behind the same steps the
 * middleware takes for /api (src/middleware.ts: the API router's own answers, the origin check,
 * the Bearer session or pending registration, the envelope for anything that is not JSON). Cookies are not carried: a
 * client here signs in with `Authorization: Bearer`.
 */

type Handler = (context: APIContext) => Response | Promise<Response>;
type EndpointModule = Partial<Record<string, Handler>>;
type Segment = { kind: 'fixed'; value: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string };
type Route = { file: string; segments: Segment[]; module: EndpointModule };

const modules = import.meta.glob<EndpointModule>(['../../pages/api/**/*.ts', '!../../pages/api/**/*.test.ts'], { eager: true });

const routes: Route[] = Object.entries(modules).map(([file, module]) => {
  const path = file.replace(/^.*\/pages\/api\//, '').replace(/\.ts$/, '');
  const segments = path.split('/').map((part): Segment => {
    const rest = /^\[\.\.\.(\w+)\]$/.exec(part);
    if (rest) return { kind: 'rest', name: rest[1]! };
    const param = /^\[(\w+)\]$/.exec(part);
    return param ? { kind: 'param', name: param[1]! } : { kind: 'fixed', value: part };
  });
  return { file, segments, module };
});

const rank = { fixed: 0, param: 1, rest: 2 } as const;

/** Astro's priority, segment by segment: fixed, then a parameter, then a rest. */
function compareRoutes(a: Route, b: Route): number {
  for (let index = 0; index < Math.max(a.segments.length, b.segments.length); index++) {
    const left = a.segments[index];
    const right = b.segments[index];
    if (!left || !right) return left ? -1 : 1;
    if (rank[left.kind] !== rank[right.kind]) return rank[left.kind] - rank[right.kind];
  }
  return 0;
}
routes.sort(compareRoutes);

function match(route: Route, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let index = 0; index < route.segments.length; index++) {
    const segment = route.segments[index]!;
    if (segment.kind === 'rest') {
      params[segment.name] = parts.slice(index).join('/');
      return params;
    }
    const part = parts[index];
    if (part === undefined || part === '') return null;
    if (segment.kind === 'fixed' && segment.value !== part) return null;
    if (segment.kind === 'param') params[segment.name] = part;
  }
  return parts.length === route.segments.length ? params : null;
}

function decodeParts(pathname: string): string[] {
  return pathname
    .replace(/^\/api\//, '')
    .split('/')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

const noCookies = {
  get: () => undefined,
  has: () => false,
  set: () => undefined,
  delete: () => undefined,
  merge: () => undefined,
  headers: () => [][Symbol.iterator](),
} as unknown as APIContext['cookies'];

export type CallOptions = { json?: unknown; form?: Record<string, string>; token?: string; headers?: Record<string, string> };
/** The answer, its JSON body as `Json` says (a test that reaches deep into it names a looser type). */
export type CallAnswer<Json = Record<string, unknown>> = { status: number; headers: Headers; json: Json };

export type InProcessApi = {
  fetch(request: Request): Promise<Response>;
  /** One call as a client makes it: a Bearer token, a JSON or form body, extra headers; the answer's envelope parsed. */
  call<Json = Record<string, unknown>>(method: string, path: string, options?: CallOptions): Promise<CallAnswer<Json>>;
};

function callRequest(method: string, path: string, options: CallOptions): Request {
  const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
  let body: string | null = null;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  return new Request(`http://bank.test${path}`, { method, headers, body });
}

/** `clientAddress` is where the requests seem to come from (not loopback by default, as on a real network). */
export function inProcessApi(app: App, options: { clientAddress?: string } = {}): InProcessApi {
  const clientAddress = options.clientAddress ?? '203.0.113.7';
  const api: InProcessApi = {
    async call<Json>(method: string, path: string, callOptions: CallOptions = {}) {
      const response = await api.fetch(callRequest(method, path, callOptions));
      return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
    },
    async fetch(request) {
      const url = new URL(request.url);
      const path = checkApiPath(url.pathname, request.method);
      // The caller's language as the middleware finds it for /api (language.ts's apiLanguage; no cookies here).
      const acceptLanguage = request.headers.get('accept-language');
      const guest = apiLanguage({ profile: null, chosen: null, acceptLanguage });
      if (!path.ok) return jsonRouteFailure(path, guest);
      const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (!apiOriginAllowed(request, url, bearer ? 'bearer' : null, false)) return jsonFailure({ code: 'FORBIDDEN', message: said('said.api.notThisSite') }, guest);

      const locals: App.Locals = { app, session: null, user: null, freeze: null, mayMoveMoney: null, sessionEnded: null, registration: null, deviceRestricted: false, locale: guest, formToken: () => { throw new Error('no forms over the API'); } };
      if (bearer) {
        const resolved = await resolveCredential(app, bearer);
        if (resolved.kind === 'customer' || resolved.kind === 'restricted') {
          locals.deviceRestricted = resolved.kind === 'restricted';
          locals.session = { id: resolved.session.id, userId: resolved.session.user_id, via: 'bearer' };
          locals.user = resolved.user;
          locals.freeze = resolved.freeze;
          locals.mayMoveMoney = resolved.mayMoveMoney;
          locals.locale = apiLanguage({ profile: resolved.language, chosen: null, acceptLanguage });
        } else if (resolved.kind === 'pending') {
          locals.registration = resolved.registration;
        } else if (resolved.kind === 'ended') {
          locals.sessionEnded = resolved.reason;
        }
      }

      if (locals.deviceRestricted && !restrictedCallOpen(request.method, url.pathname)) return jsonFailure(deviceNotConfirmed(), locals.locale);
      const parts = decodeParts(url.pathname);
      for (const route of routes) {
        const params = match(route, parts);
        if (!params) continue;
        const method = request.method.toUpperCase();
        const handler = route.module[method] ?? route.module.ALL ?? (method === 'HEAD' ? route.module.GET : undefined);
        // Astro answers a missing method with an empty 404 (then its HTML page); the middleware makes it the envelope.
        if (!handler) return ensureJsonAnswer(new Response(null, { status: 404 }), locals.locale);
        const context = { request, url, params, locals, cookies: noCookies, clientAddress, site: undefined } as unknown as APIContext;
        return ensureJsonAnswer(await handler(context), locals.locale);
      }
      return ensureJsonAnswer(new Response(null, { status: 404 }), locals.locale);
    },
  };
  return api;
}
