/**
 * Who in the bank may do what: the one table that decides. The middleware asks it for every
 * /ops route (ops-request.ts), the home page asks it which menu entries to show, and the services
 * of later queues ask it for their actions. Nothing else grants or refuses a staff member.
 *
 * Least privilege: each role gets only what its job needs. `admin` manages staff and reads the
 * audit log, and sees no customer data.
 */
export const staffRoles = ['support', 'fraud', 'kyc', 'settlement', 'supervisor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (staffRoles as readonly string[]).includes(value);

const everyone = staffRoles;

/** Every action a staff member can take, and the roles that may take it. */
export const policy = {
  /** The back office's home page: name, role and the menu the role allows. */
  'ops.home': everyone,
  /** List staff, invite a member with a role, disable a member. */
  'staff.manage': ['admin'],
  /** Read the latest audit entries. */
  'audit.read': ['supervisor', 'admin'],
  // The queues to come; listed so that they are decided here when their routes arrive.
  'customer.find': ['support'],
  'customer.read': ['support'],
  /** Support's case queue and a case's page (history, transaction); supervisors open a case from the SLA board. */
  'case.read': ['support', 'supervisor'],
  /** Answer a case: the customer reads it, the status moves. */
  'case.answer': ['support'],
  'account.freeze': ['support', 'fraud'],
  'fraud.queue': ['fraud'],
  /** A transfer held by a fraud rule: send it (above OPS_APPROVAL_NAIRA, propose it: `hold_release`), or return the money. */
  'fraud.release': ['fraud'],
  'fraud.reject': ['fraud'],
  'kyc.queue': ['kyc'],
  'settlement.queue': ['settlement'],
  /** The open proposals: an approver sees them all, a proposer their own (core/staff/proposals.ts). */
  'proposal.list': ['support', 'settlement', 'supervisor'],
  /** The proposal form; which kinds a role may propose is `proposalKinds` below. */
  'proposal.propose': ['support', 'settlement'],
  'proposal.approve': ['supervisor'],
  'sla.board': ['supervisor'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type OpsAction = keyof typeof policy;

export function may(role: StaffRole, action: OpsAction): boolean {
  return (policy[action] as readonly StaffRole[]).includes(role);
}

/**
 * Four eyes: what may be proposed, by whom, and who approves it. Nobody approves their own
 * proposal whatever their roles; a proposal lapses after `proposalLifetimeMs`. A kind without an
 * execution in core/staff/proposals.ts cannot be proposed yet (`limit_override`, `kyc_override`:
 * decided here so that they arrive already decided).
 */
export const proposalKinds = {
  /** Give back a debit that left the customer (amount, fee and stamp duty) through the ledger. */
  reversal: { propose: ['support', 'settlement'], approve: ['supervisor'] },
  /** Lift a customer's freeze on their behalf. */
  unfreeze: { propose: ['support'], approve: ['supervisor'] },
  /** Send a transfer a fraud rule held, above OPS_APPROVAL_NAIRA. */
  hold_release: { propose: ['fraud'], approve: ['supervisor'] },
  limit_override: { propose: ['support'], approve: ['supervisor'] },
  kyc_override: { propose: ['kyc'], approve: ['supervisor'] },
} as const satisfies Record<string, { propose: readonly StaffRole[]; approve: readonly StaffRole[] }>;
export type ProposalKind = keyof typeof proposalKinds;
export const proposalLifetimeMs = 24 * 60 * 60_000;

export const isProposalKind = (value: unknown): value is ProposalKind => typeof value === 'string' && Object.hasOwn(proposalKinds, value);
export function mayPropose(role: StaffRole, kind: ProposalKind): boolean {
  return (proposalKinds[kind].propose as readonly StaffRole[]).includes(role);
}
export function mayApprove(role: StaffRole, kind: ProposalKind): boolean {
  return (proposalKinds[kind].approve as readonly StaffRole[]).includes(role);
}

/**
 * The /ops pages a signed-in member reaches, each with the action that opens it and its menu label.
 * A segment `:name` matches any one path segment (a case number); such a page is not in the menu.
 * `post`: the action a POST to the page needs, when it is not the one that opens it.
 */
export type OpsRoute = { path: string; action: OpsAction; label: string; post?: OpsAction };
export const opsRoutes = [
  { path: '/ops', action: 'ops.home', label: 'Home' },
  { path: '/ops/staff', action: 'staff.manage', label: 'Staff' },
  { path: '/ops/audit', action: 'audit.read', label: 'Audit log' },
  { path: '/ops/proposals', action: 'proposal.list', label: 'Proposals (four eyes)' },
  { path: '/ops/proposals/new', action: 'proposal.propose', label: 'Propose a reversal or an unfreeze' },
  { path: '/ops/settlement', action: 'settlement.queue', label: 'Settlement queue' },
  // The queue and, with ?flag=<id>, one flag's page and its actions.
  { path: '/ops/fraud', action: 'fraud.queue', label: 'Fraud queue' },
  { path: '/ops/customers', action: 'customer.find', label: 'Find a customer' },
  // `:id` is one path segment (a customer's user id); such routes are reached from a page, not the menu.
  { path: '/ops/customers/:id', action: 'customer.read', label: 'Customer' },
  { path: '/ops/customers/:id/freeze', action: 'account.freeze', label: 'Freeze an account' },
  { path: '/ops/cases', action: 'case.read', label: 'Cases' },
  { path: '/ops/cases/:number', action: 'case.read', label: 'A case', post: 'case.answer' },
  { path: '/ops/sla', action: 'sla.board', label: 'SLA board' },
  { path: '/ops/kyc', action: 'kyc.queue', label: 'Identity reviews' },
] as const satisfies readonly OpsRoute[];

/** Whether a route's path (with `:id` segments) is this request path. */
function routeMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, at) => (part.startsWith(':') ? got[at] !== '' : part === got[at]));
}

/**
 * What a path under /ops needs:
 * - `open`: nobody signed in (the sign-in form, an enrolment link);
 * - `code`: a sign-in whose password was right, waiting for its TOTP code;
 * - `session`: any live, fully signed-in member (sign-out, and unknown paths, which then 404);
 * - `action`: a live member whose role may take the action.
 */
export type OpsAccess = { kind: 'open' } | { kind: 'code' } | { kind: 'session' } | { kind: 'action'; action: OpsAction };

export function isOpsPath(pathname: string): boolean {
  return pathname === '/ops' || pathname.startsWith('/ops/');
}

export function opsAccess(pathname: string, method = 'GET'): OpsAccess {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/ops/login' || path.startsWith('/ops/enrol/')) return { kind: 'open' };
  if (path === '/ops/login/code') return { kind: 'code' };
  const route: OpsRoute | undefined = opsRoutes.find((candidate) => candidate.path === path) ?? opsRoutes.find((candidate) => routeMatches(candidate.path, path));
  if (!route) return { kind: 'session' };
  return { kind: 'action', action: method === 'POST' && route.post ? route.post : route.action };
}

/** The menu a role sees: the routes its role may open. */
export function menuFor(role: StaffRole): { path: string; label: string }[] {
  return opsRoutes.filter((route) => !route.path.includes('/:') && may(role, route.action)).map(({ path, label }) => ({ path, label }));
}
