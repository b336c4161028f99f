/** POST /v1/profile/password/change: the same endpoint as /update, kept for clients of either name. */
export { POST } from './update.ts';
