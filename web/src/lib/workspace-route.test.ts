import { afterEach, describe, expect, it } from 'vitest';
import { pageHref, showWorkspace, splitWorkspace, workspaceRoute } from './workspace-route.ts';

describe('the workspace in the address', () => {
  afterEach(() => showWorkspace(undefined));

  it('takes the slug off a workspace route and keeps the rest, query included', () => {
    expect(splitWorkspace('/w/acme/links/12?range=7d')).toEqual({ slug: 'acme', route: '/links/12?range=7d' });
    expect(splitWorkspace('/w/acme-2/members')).toEqual({ slug: 'acme-2', route: '/members' });
  });

  it("a workspace's bare address is its links", () => {
    expect(splitWorkspace('/w/acme')).toEqual({ slug: 'acme', route: '/links' });
    expect(splitWorkspace('/w/acme?page=2')).toEqual({ slug: 'acme', route: '/links?page=2' });
  });

  it('a route without the prefix, or with a malformed one, names no workspace', () => {
    expect(splitWorkspace('/links/12')).toEqual({ slug: undefined, route: '/links/12' });
    expect(splitWorkspace('/w/Not_A_Slug/links')).toEqual({ slug: undefined, route: '/w/Not_A_Slug/links' });
    expect(splitWorkspace('/wide')).toEqual({ slug: undefined, route: '/wide' });
  });

  it('prefixes workspace pages with the slug, never the sign-in or email pages', () => {
    expect(workspaceRoute('acme', '/links?page=2')).toBe('#/w/acme/links?page=2');
    expect(workspaceRoute(undefined, '/links')).toBe('#/links');
    expect(workspaceRoute('acme', '/signin')).toBe('#/signin');
    expect(workspaceRoute('acme', '/invitations/accept?token=abc')).toBe('#/invitations/accept?token=abc');
  });

  it("a page's links stay in the workspace being shown", () => {
    expect(pageHref('/links/3')).toBe('#/links/3');
    showWorkspace('acme');
    expect(pageHref('/links/3')).toBe('#/w/acme/links/3');
  });
});
