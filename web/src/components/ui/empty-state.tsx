import type { ComponentChildren } from 'preact';

interface Props {
  /** What is empty: "No tokens yet". */
  title: string;
  /** What to do next, in a sentence or two. */
  children: ComponentChildren;
  /** A button or link that does it, when there is one. */
  action?: ComponentChildren;
}

/** An empty list that says why it is empty and what to do next, instead of a blank. */
export function EmptyState({ title, children, action }: Props) {
  return (
    <div class="empty-state" data-testid="empty-state">
      <p class="empty-state-title">{title}</p>
      <p class="empty-state-text">{children}</p>
      {action && <div class="empty-state-action">{action}</div>}
    </div>
  );
}
