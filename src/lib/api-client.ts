/**
 * The islands' way to the API: base /api, JSON, Bearer when a token exists (the web app
 * itself relies on its httpOnly cookie), and any 401 signs the user out and goes to /login.
 * The client knows nothing of the stores: whoever builds it says where the token comes from
 * and how to sign out (src/islands/api.ts wires the auth store in).
 */
export type ApiSuccess<T> = { ok: true; status: number; message: string; data: T };
/** `data` is present on the few failures that carry an object, e.g. a reversed transfer (502). */
export type ApiFailure = { ok: false; status: number; message: string; code: string; errors: Record<string, string[]>; data?: unknown };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

const offline: ApiFailure = {
  ok: false,
  status: 0,
  code: 'NETWORK',
  message: 'We could not reach the bank. Check your connection and try again; nothing was sent twice.',
  errors: {},
};

export type ApiSession = {
  /** A Bearer token for clients without the session cookie; null in the web app. */
  bearerToken(): string | null;
  /** The server said 401: forget who was signed in (the client then goes to /login). */
  signedOut(): void;
};

export type ApiClient = <T>(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse<T>>;

export function createApiClient(session: ApiSession): ApiClient {
  return (method, path, body, headers) => request(session, method, path, body, headers);
}

async function request<T>(session: ApiSession, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
  const token = session.bearerToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : null,
    });
  } catch {
    return offline;
  }
  if (response.status === 401) {
    session.signedOut();
    window.location.assign('/login?reason=expired');
    return { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Please sign in again.', errors: {} };
  }
  // The server counted this as activity: the idle-timeout warning (SessionTimeout.astro) restarts its clock.
  window.dispatchEvent(new Event('bank:activity'));
  let payload: { message?: string; data?: T; code?: string; errors?: Record<string, string[]> };
  try {
    payload = await response.json();
  } catch {
    return { ...offline, status: response.status, message: 'The bank sent an answer we could not read. Please try again.' };
  }
  if (response.ok) return { ok: true, status: response.status, message: payload.message ?? '', data: payload.data as T };
  return {
    ok: false,
    status: response.status,
    message: payload.message ?? 'Something went wrong.',
    code: payload.code ?? 'UNKNOWN',
    errors: payload.errors ?? {},
    ...(payload.data !== undefined ? { data: payload.data } : {}),
  };
}
