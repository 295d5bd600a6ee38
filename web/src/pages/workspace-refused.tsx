import type { Refusal } from '../lib/session.ts';
import type { Me } from '../lib/types.ts';
import { workspaceRoute } from '../lib/workspace-route.ts';

/**
 * What an address naming a workspace the person cannot open shows: one that does not exist or that
 * they are not a member of (404, the two not told apart), or one that keeps them out (403, the
 * server's reason), with their own workspaces to go to instead.
 */
export function WorkspaceRefusedPage({ slug, refusal, me }: { slug: string; refusal: Refusal; me: Me }) {
  const missing = refusal.status === 404;
  return (
    <main>
      <h1>{missing ? 'Workspace not found' : 'No access to this workspace'}</h1>
      <div class="notice" role="alert">
        {missing ? (
          <p>
            There is no workspace <code>{slug}</code> that you can open: it does not exist, or you are not one of its
            members. Ask one of its admins for an invitation.
          </p>
        ) : (
          <p>{refusal.message}</p>
        )}
      </div>
      <h2>Your workspaces</h2>
      <ul class="plain">
        {me.workspaces.map((w) => (
          <li key={w.id}>
            <a href={workspaceRoute(w.slug, '/links')}>{w.name}</a>
          </li>
        ))}
      </ul>
    </main>
  );
}
