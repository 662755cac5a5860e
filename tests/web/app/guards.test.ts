import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_PERMISSIONS, type AdminPath } from '../../../contracts';
import { adminDeniedPath, adminOnly, adminPathsFor, guestOnly, signedInOnly } from '../../../src/app/navigation/guards';
import { ALL_PERMISSIONS, userWith } from './fixtures';

const signedOut = { signedIn: false, user: null };
const donor = { signedIn: true, user: userWith() };
const admin = { signedIn: true, user: userWith({ roles: ['ADMIN'], permissions: ALL_PERMISSIONS }) };

describe('guestOnly (/signin, /signup, /reset-password)', () => {
  it('lets signed-out visitors in', () => {
    expect(guestOnly(signedOut, '/profile')).toBeNull();
  });
  it('sends a signed-in user to a same-origin return_url', () => {
    expect(guestOnly(donor, '/profile/wallet?x=1')).toBe('/profile/wallet?x=1');
  });
  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', undefined, 42])(
    'sends a signed-in user home when return_url is %s',
    (returnUrl) => {
      expect(guestOnly(donor, returnUrl)).toBe('/');
    },
  );
  it('never sends a signed-in user back to an auth page', () => {
    expect(guestOnly(donor, '/signin?return_url=/x')).toBe('/');
  });
});

describe('signedInOnly (/profile*, /admin*)', () => {
  it('sends signed-out visitors home', () => {
    expect(signedInOnly(signedOut)).toBe('/');
  });
  it('lets signed-in users in', () => {
    expect(signedInOnly(donor)).toBeNull();
  });
});

describe('adminOnly (/admin/*)', () => {
  const paths = Object.keys(ADMIN_ROUTE_PERMISSIONS) as AdminPath[];

  it.each(paths)('lets an admin with every permission into %s', (path) => {
    expect(adminOnly(admin, path)).toBeNull();
  });
  it.each(paths)('sends a donor from %s to the page that says why, naming it', (path) => {
    expect(adminOnly(donor, path)).toBe(`/admin/sem-permissao?pagina=${encodeURIComponent(path)}`);
  });
  it.each(paths)('sends a signed-out visitor home from %s', (path) => {
    expect(adminOnly(signedOut, path)).toBe('/');
  });
  // The whole route × permission matrix of docs/spec.md §6 (e2e/admin-permissions.spec.ts takes one missing
  // permission per page in the browser): each permission a page needs, taken away alone, sends to the page
  // that says why; exactly the ones it needs open it.
  const missingOne = paths.flatMap((path) => ADMIN_ROUTE_PERMISSIONS[path].map((missing) => [path, missing] as const));
  it.each(missingOne)("sends an admin without %s's %s to the page that says why", (path, missing) => {
    const user = userWith({ roles: ['ADMIN'], permissions: ALL_PERMISSIONS.filter((p) => p !== missing) });
    expect(adminOnly({ signedIn: true, user }, path)).toBe(adminDeniedPath(path));
  });
  it.each(paths)('lets an admin holding exactly what %s needs into it', (path) => {
    const user = userWith({ roles: ['ADMIN'], permissions: [...ADMIN_ROUTE_PERMISSIONS[path]] });
    expect(adminOnly({ signedIn: true, user }, path)).toBeNull();
  });
  it('needs ALL the permissions of a route, not any', () => {
    const partial = { signedIn: true, user: userWith({ roles: ['ADMIN'], permissions: ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'] }) };
    expect(adminOnly(partial, '/admin/pix-keys')).toBeNull();
    expect(adminOnly(partial, '/admin/donations')).toBe(adminDeniedPath('/admin/donations'));
  });
  it('needs the ADMIN role even with every permission', () => {
    const notAdmin = { signedIn: true, user: userWith({ roles: ['DONOR'], permissions: ALL_PERMISSIONS }) };
    expect(adminOnly(notAdmin, '/admin/finances')).toBe('/admin/sem-permissao?pagina=%2Fadmin%2Ffinances');
  });
});

describe('adminPathsFor', () => {
  it('lists the pages an admin may open, finances first', () => {
    expect(adminPathsFor(admin.user)[0]).toBe('/admin/finances');
    expect(adminPathsFor(admin.user)).toHaveLength(Object.keys(ADMIN_ROUTE_PERMISSIONS).length);
  });
  it('is empty for donors and visitors', () => {
    expect(adminPathsFor(donor.user)).toEqual([]);
    expect(adminPathsFor(null)).toEqual([]);
  });
  it('is limited to what a team manager may open (and the Sistema page every admin may)', () => {
    const team = userWith({ roles: ['ADMIN'], permissions: ['MANAGE_TEAM'] });
    expect(adminPathsFor(team)).toEqual(['/admin/team', '/admin/organization', '/admin/system']);
  });
});
