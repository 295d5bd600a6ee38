import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { navigate } from '../lib/hash-route.ts';
import { ROLE_NAMES } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { Me, WorkspaceMembership } from '../lib/types.ts';
import { workspaceRoute } from '../lib/workspace-route.ts';
import { createWorkspaceDialog } from './create-workspace-dialog.tsx';

const LIST_ID = 'workspace-list';

/**
 * The page of `target` that matches the one shown: the same section (Members, Domains, ...), or its
 * links for a page of one record (a link of this workspace is not one of that one's) and for the
 * audit log, which only admins read.
 */
function sectionIn(target: WorkspaceMembership, path: string): string {
  const section = /^\/[a-z-]+$/.test(path) ? path : '/links';
  const adminOnly = section === '/audit-log' && target.role !== 'owner' && target.role !== 'admin';
  return workspaceRoute(target.slug, adminOnly ? '/links' : section);
}

/**
 * The workspace shown, as a button that opens the list of the person's workspaces (each with their
 * role there) and "Create workspace". Choosing one changes the address; the list closes on Escape, on
 * a press outside it and on navigation.
 */
export function WorkspaceSwitcher({ me, path, announce }: { me: Me; path: string; announce: Announce }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => setOpen(false), [path, me.workspace.slug]);
  useLayoutEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const create = async () => {
    setOpen(false);
    const made = await createWorkspaceDialog();
    if (!made) return;
    announce(`Workspace “${made.name}” created.`);
    navigate(workspaceRoute(made.slug, '/links'));
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere in the open list closes it.
    <div
      ref={box}
      class="switcher"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        class="switcher-button"
        aria-expanded={open}
        aria-controls={LIST_ID}
        onClick={() => setOpen(!open)}
      >
        <span class="switcher-caption">Workspace</span>
        <span class="switcher-name">{me.workspace.name}</span>
        <span class="switcher-role">{ROLE_NAMES[me.workspace.role]}</span>
      </button>
      <div id={LIST_ID} class="switcher-panel" hidden={!open}>
        <ul class="switcher-list" aria-label="Your workspaces">
          {me.workspaces.map((w) => (
            <li key={w.id}>
              <a href={sectionIn(w, path)} aria-current={w.id === me.workspace.id ? 'true' : undefined}>
                <span class="switcher-item-name">{w.name}</span>
                <span class="switcher-role">{ROLE_NAMES[w.role]}</span>
              </a>
            </li>
          ))}
        </ul>
        <button type="button" class="secondary switcher-create" onClick={create}>
          Create workspace
        </button>
      </div>
    </div>
  );
}
