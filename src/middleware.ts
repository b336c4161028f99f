import { defineMiddleware } from 'astro:middleware';
import { getApp } from './server/app.ts';
import { decide } from './server/http/guard.ts';
import { resolveCredential } from './server/http/credential.ts';
import { apiOriginAllowed, securityHeaders, withHeaders } from './server/http/security-headers.ts';
import { clearSessionCookie, readSessionToken, sessionCookieName } from './server/http/session-cookie.ts';
import { databaseAwayPage, ensureJsonAnswer, jsonDatabaseAway, jsonFailure, jsonRouteFailure } from './server/http/respond.ts';
import { isDatabaseUnavailable } from './server/db/unavailable.ts';
import { checkApiPath } from './server/http/api-routes.ts';
import { bodyCapFor, bodyWithinCap } from './server/http/body.ts';
import { tooLargePage } from './server/http/forms.ts';
import { acceptedBindings, fromAnotherSite, guestIdFor, isSafeMethod, postedFormToken, primaryBinding } from './server/http/form-tokens.ts';
import { registerServerProcess } from './server/server-process.ts';
import { publicUrlOf } from './server/http/client.ts';
import { compressResponse } from './server/http/compression.ts';
import { apiLanguage, chosenLanguage, resolveLanguage } from './server/http/language.ts';
import type { Locale } from './i18n/locales.ts';
import { formTokenPlaceholder, pageCacheSlotOf, recordAnswer, templateRender, vouch } from './server/http/page-cache.ts';
import { said } from './i18n/said.ts';
import { answerOps, notFoundHere, notServedHere } from './server/http/ops-request.ts';
import { isOpsPath } from './server/core/staff/policy.ts';
import { deviceNotConfirmed, restrictedCallOpen, restrictedPageOpen } from './server/http/device-restriction.ts';

// The Node server (src/server/node/main.ts) starts and stops the app through this before it listens.
registerServerProcess();

/**
 * Every request: security headers; the API's origin check; the session from the cookie or a
 * Bearer token; and, for pages, the seed's redirect rules (server redirects, so they work with
 * JavaScript off).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  try {
    return await answer(context, next);
  } catch (error) {
    // The database away (a restart, a failover, a full disk) is not a bug: 503 with Retry-After,
    // and the process carries on; the pool reconnects by itself when it is back.
    if (!isDatabaseUnavailable(error)) throw error;
    const { request, cookies, locals, url } = context;
    locals.app?.log.warn('http.database_away', { path: url.pathname, error: error instanceof Error ? error.message : String(error) });
    const locale = locals.locale ?? apiLanguage({ profile: null, chosen: chosenLanguage(cookies), acceptLanguage: request.headers.get('accept-language') });
    return withHeaders(url.pathname.startsWith('/api/') ? jsonDatabaseAway(locale) : databaseAwayPage(locale, url.pathname + url.search), securityHeaders(publicUrlOf(context)));
  }
});

async function answer(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], next: Parameters<Parameters<typeof defineMiddleware>[0]>[1]): Promise<Response> {
  const { request, cookies, locals } = context;
  const app = await getApp();
  locals.app = app;
  // The URL the browser used (PUBLIC_ORIGIN behind a TLS proxy): origin checks, cookies and HSTS go by it.
  const url = publicUrlOf(context);
  const headers = securityHeaders(url);
  if (url.pathname.startsWith('/_astro/')) return withHeaders(await next(), headers);
  // The back office on a listener of its own (OPS_PORT): each listener 404s the other's pages.
  if (notServedHere(app.config.ops, locals.listener, url.pathname)) return withHeaders(notFoundHere(), { ...headers, 'cache-control': 'no-store' });

  locals.session = null;
  locals.user = null;
  locals.freeze = null;
  locals.mayMoveMoney = null;
  locals.sessionEnded = null;
  locals.registration = null;
  locals.deviceRestricted = false;
  const isApi = url.pathname.startsWith('/api/');
  const hasCookie = cookies.has(sessionCookieName(url));
  // An API refusal before the session is read is said in the cookie's or Accept-Language's language.
  const guestApiLanguage = () => apiLanguage({ profile: null, chosen: chosenLanguage(cookies), acceptLanguage: request.headers.get('accept-language') });

  // Every /api answer is the JSON envelope: unknown paths, wrong methods and odd segments included.
  if (isApi) {
    const path = checkApiPath(url.pathname, request.method);
    if (!path.ok) return withHeaders(jsonRouteFailure(path, guestApiLanguage()), headers);
  } else if (request.body && !(await bodyWithinCap(request, bodyCapFor(url.pathname, request.headers.get('content-type'))))) {
    // The API refuses an oversized body as it reads it (body.ts); a page's form post is refused here.
    return withHeaders(tooLargePage(), headers);
  }

  // The back office answers to the staff credential alone: no customer session is read there (ops-request.ts).
  if (isOpsPath(url.pathname)) return withHeaders(await answerOps(context, app, url, next), { ...headers, 'cache-control': 'no-store' });

  // One reading of the credential decides both which session this is and whether the API's origin rule applies.
  const credential = readSessionToken(cookies, url, request.headers.get('authorization'));
  if (isApi && !apiOriginAllowed(request, url, credential?.via ?? null, hasCookie)) {
    app.log.warn('http.origin_refused', { path: url.pathname, origin: request.headers.get('origin') });
    return withHeaders(jsonFailure({ code: 'FORBIDDEN', message: said('said.api.notThisSite') }, guestApiLanguage()), headers);
  }

  let profileLanguage: Locale | null = null;
  if (credential) {
    const resolved = await resolveCredential(app, credential.token);
    if (resolved.kind === 'customer' || resolved.kind === 'restricted') {
      locals.deviceRestricted = resolved.kind === 'restricted';
      locals.session = { id: resolved.session.id, userId: resolved.session.user_id, via: credential.via };
      locals.user = resolved.user;
      locals.freeze = resolved.freeze;
      locals.mayMoveMoney = resolved.mayMoveMoney;
      profileLanguage = resolved.language;
    } else if (resolved.kind === 'pending') {
      // register's token before the emailed code is right: no customer yet (credential.ts).
      locals.registration = resolved.registration;
    } else {
      if (resolved.kind === 'ended') locals.sessionEnded = resolved.reason;
      if (credential.via === 'cookie') clearSessionCookie(cookies, url);
    }
  }

  // Form tokens (form-tokens.ts): a guest gets a pre-session cookie to bind them to; every page
  // form post that reaches a page must carry one issued to this browser. A post the guard turns
  // away (a session that ended: to /login) reaches no page and changes nothing, so it is turned
  // away as before, with the reason; but a refused post never sends a new code on its way.
  // Signing out a browser with no live session protects nothing, so a stale sign-out form still
  // lands on /login.
  const signedIn = Boolean(locals.session || locals.registration);
  const holder = { sessionId: locals.session?.id ?? null, registrationId: locals.registration?.id ?? null, guestId: isApi ? null : guestIdFor(app.formTokens, cookies, url, !signedIn) };
  let formToken: string | null = null;
  const issueFormToken = () => {
    const binding = primaryBinding(holder);
    if (!binding) throw new Error('a form token was asked for on a request with no browser to bind it to');
    return (formToken ??= app.formTokens.issue(binding));
  };
  // The guest page cache (page-cache.ts): when the Node server's cache asks for it and this is a guest's
  // GET of a cached page, the page renders as a template, with a placeholder where the token goes;
  // this answer and every later one from the cache get their own token in its place.
  const cacheSlot = app.config.guestPageCache ? pageCacheSlotOf(locals) : null;
  const guest = !isApi && credential === null && !request.headers.has('authorization') && !cookies.has('session') && !cookies.has('__Host-session') && !locals.user && !locals.registration && !locals.sessionEnded;
  const forTemplate = templateRender({ slot: cacheSlot, method: request.method, url, guest });
  locals.formToken = forTemplate ? () => formTokenPlaceholder : issueFormToken;
  const refused = !isApi && !isSafeMethod(request.method) && !(url.pathname === '/logout' && !signedIn) && (fromAnotherSite(request, url) || !app.formTokens.verify(await postedFormToken(request, bodyCapFor(url.pathname, request.headers.get('content-type'))), acceptedBindings(holder, url.pathname)));
  if (refused) app.log.warn('http.form_token_refused', { path: url.pathname, origin: request.headers.get('origin'), referer: request.headers.get('referer') !== null, signedIn });

  // A session waiting to confirm its new device (decision 026) reaches only the code page and the calls it needs.
  if (locals.deviceRestricted && isApi && !restrictedCallOpen(request.method, url.pathname)) {
    return withHeaders(jsonFailure(deviceNotConfirmed(), apiLanguage({ profile: profileLanguage, chosen: chosenLanguage(cookies), acceptLanguage: request.headers.get('accept-language') })), headers);
  }
  if (locals.deviceRestricted && !isApi && !restrictedPageOpen(url.pathname)) {
    return withHeaders(context.redirect('/login/device', request.method === 'GET' || request.method === 'HEAD' ? 302 : 303), { ...headers, 'cache-control': 'no-store' });
  }

  if (!isApi && !locals.deviceRestricted) {
    // A registration waiting for its email code (no customer yet) is led like a signed-in
    // customer whose email is not verified: to /account/verify, with a new code on the way.
    const decision = decide(url.pathname, locals.user ?? locals.registration?.user ?? null);
    if (decision.action === 'redirect') {
      if (decision.requestNewCode && locals.registration && !refused) {
        const sent = await app.registrations.resend(locals.registration.id).catch((error: unknown) => ({ ok: false as const, code: String(error) }));
        if (!sent.ok) app.log.info('guard.resend_skipped', { registration: locals.registration.id, code: sent.code });
      }
      if (decision.requestNewCode && locals.user && !refused) {
        // Seed: a failure here (usually the resend throttle) is only logged.
        const sent = await app.onboarding.resendVerificationCode(locals.user.id).catch((error: unknown) => ({ ok: false as const, code: String(error) }));
        if (!sent.ok) app.log.info('guard.resend_skipped', { user: locals.user.id, code: sent.code });
      }
      let to = decision.to;
      if (to === '/login' && locals.sessionEnded) to = `/login?reason=${locals.sessionEnded === 'idle' ? 'idle' : 'expired'}`;
      return withHeaders(context.redirect(to, request.method === 'GET' || request.method === 'HEAD' ? 302 : 303), { ...headers, 'cache-control': 'no-store' });
    }
  }

  // The language this request is answered in (src/server/http/language.ts).
  locals.locale = await resolveLanguage({ cookies, url, acceptLanguage: request.headers.get('accept-language'), userId: locals.user?.id ?? null, isPage: !isApi, languages: app.languages, profile: profileLanguage });

  // The refusal is a page in the customer's language; it renders with a fresh token, so going
  // back and reloading works.
  let response = refused ? await next('/form-refused') : await next();
  if (forTemplate) {
    // The template is the page as rendered, uncompressed; the cache keeps it only when this, the
    // second opinion, names the same key from what the request was actually answered with: a
    // guest's 200 on a cached page (page-cache.ts).
    const template = await response.text();
    const key = vouch({ method: request.method, url, locale: locals.locale, guest, response });
    if (key && cacheSlot) {
      cacheSlot.key = key;
      cacheSlot.template = template;
    }
    const page = template.includes(formTokenPlaceholder) ? template.replaceAll(formTokenPlaceholder, issueFormToken()) : template;
    response = new Response(request.method === 'HEAD' ? null : page, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  // Compressed when the browser asks for it, UTF-8 named on text (compression.ts).
  const answered = withHeaders(compressResponse(request, isApi ? ensureJsonAnswer(response, locals.locale) : response), { ...headers, 'cache-control': 'no-store' });
  // What the cache keeps beside the template: this answer's status and headers, and the cookies
  // Astro will add to it (the pre-session cookie, or one that stops it from being kept).
  if (forTemplate && cacheSlot?.key) recordAnswer(cacheSlot, answered, cookies.headers());
  return answered;
}
