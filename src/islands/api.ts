import { createApiClient } from '../lib/api-client.ts';
import { auth, logout } from '../stores/auth.ts';

export type { ApiFailure, ApiResponse, ApiSuccess } from '../lib/api-client.ts';

/** The islands' one API client: the auth store gives the Bearer token (if any) and is cleared on a 401. */
export const api = createApiClient({ bearerToken: () => auth.get().token, signedOut: logout });
