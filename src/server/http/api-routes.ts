import { fail, type Failure } from '../core/result.ts';
import { isCleanLine } from '../../lib/text.ts';
import { operations } from './openapi.ts';
import { said } from '../../i18n/said.ts';

/**
 * The API's own routing answers, before Astro routes the request: every path under /api gets
 * the JSON envelope, never Astro's HTML not-found page or its bare 400. A path that cannot be
 * decoded is 400; an empty segment, a parameter with control characters or an unknown path is
 * 404; a known path with a method it does not take is 405 with `Allow`.
 */

type Route = { segments: string[]; methods: Set<string> };

const documentRoute = { path: '/openapi.json', method: 'get' } as const;

const routes: Route[] = (() => {
  const byPath = new Map<string, Set<string>>();
  for (const operation of [...operations, documentRoute]) {
    const methods = byPath.get(operation.path) ?? new Set<string>();
    methods.add(operation.method.toUpperCase());
    if (operation.method === 'get') methods.add('HEAD');
    byPath.set(operation.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ segments: path.split('/').slice(1), methods }));
})();

const isParameter = (segment: string) => segment.startsWith('{');

/** Astro's order: of the routes that match, the one with a fixed segment where others have a parameter wins. */
function moreSpecific(a: Route, b: Route): boolean {
  for (let index = 0; index < a.segments.length; index++) {
    const aParameter = isParameter(a.segments[index]!);
    const bParameter = isParameter(b.segments[index]!);
    if (aParameter !== bParameter) return !aParameter;
  }
  return false;
}

export type ApiPathCheck = { ok: true } | { ok: false; failure: Failure; allow?: string };

/** `pathname` as it came (still percent-encoded), with the leading /api. */
export function checkApiPath(pathname: string, method: string): ApiPathCheck {
  const rest = pathname.replace(/^\/api/, '');
  const raw = rest.split('/').slice(1);
  let segments: string[];
  try {
    segments = raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return { ok: false, failure: fail('MALFORMED_REQUEST', said('said.api.badEncoding')) };
  }
  const notFound = { ok: false as const, failure: fail('NOT_FOUND', said('said.api.noSuchCall')) };
  if (segments.length === 0 || segments.some((segment) => segment === '' || !isCleanLine(segment))) return notFound;

  let best: Route | undefined;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    if (!route.segments.every((segment, index) => isParameter(segment) || segment === segments[index])) continue;
    if (!best || moreSpecific(route, best)) best = route;
  }
  if (!best) return notFound;
  if (best.methods.has(method.toUpperCase())) return { ok: true };
  const allow = [...best.methods].join(', ');
  return { ok: false, failure: fail('METHOD_NOT_ALLOWED', said('said.errors.methodAllowed', { allow })), allow };
}
