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
  'kyc.queue': ['kyc'],
  'settlement.queue': ['settlement'],
  'proposal.approve': ['supervisor'],
  'sla.board': ['supervisor'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type OpsAction = keyof typeof policy;

export function may(role: StaffRole, action: OpsAction): boolean {
  return (policy[action] as readonly StaffRole[]).includes(role);
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
  { path: '/ops/cases', action: 'case.read', label: 'Cases' },
  { path: '/ops/cases/:number', action: 'case.read', label: 'A case', post: 'case.answer' },
  { path: '/ops/sla', action: 'sla.board', label: 'SLA board' },
  { path: '/ops/kyc', action: 'kyc.queue', label: 'Identity reviews' },
] as const satisfies readonly OpsRoute[];

function routeMatches(route: string, path: string): boolean {
  const want = route.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((segment, index) => (segment.startsWith(':') ? got[index]!.length > 0 : segment === got[index]));
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
