/**
 * The address an invitation's email (or the CLI, without mail) carries: the dashboard's page that
 * shows the invitation and accepts it. The token rides in the URL's fragment, which browsers send
 * to no server and put in no Referer.
 */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/#/invitations/accept?token=${encodeURIComponent(token)}`;
}
