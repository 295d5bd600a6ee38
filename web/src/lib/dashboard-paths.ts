// The dashboard's own endpoints (/dashboard-api, src/dashboard/routes.ts and two-factor-routes.ts):
// sessions, two-factor sign-in, settings, API tokens, bulk link actions, a destination page's title and
// card (page-metadata-routes.ts), the password, and making,
// leaving and deleting workspaces and answering invitations (workspace-routes.ts). They are
// hidden from the public OpenAPI document, so the generated schema of packages/client has no types
// for them; these declarations give the same shape for openapi-fetch to check the dashboard's calls
// against. Bodies come from the server's own TypeBox schemas (types only, so no server code is
// bundled); the answers the server does not describe by a schema are in types.ts.
import type { ErrorBody, ValidationErrorBody } from '@hoplink/client';
import type {
  BulkLinkActionAnswer,
  BulkLinkActionInput,
  ChangePasswordInput,
  CreatedToken,
  CreateTokenInput,
  Accepted,
  CredentialsInput,
  CreateWorkspaceInput,
  DashboardConfig,
  DeleteWorkspaceInput,
  InvitationAccepted,
  InvitationDescription,
  InvitationTokenInput,
  WorkspaceMembership,
  DataList,
  ForgotPasswordInput,
  Me,
  PageMetadataAnswer,
  ResetPasswordInput,
  RecoveryCodes,
  SessionRecord,
  Settings,
  SignInAnswer,
  SignInTwoFactorInput,
  TokenRecord,
  VerifyEmailInput,
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorSetup,
  TwoFactorSetupInput,
  TwoFactorStatus,
} from './types.ts';

type Json<T> = { headers: Record<string, unknown>; content: { 'application/json': T } };

/** What the dashboard knows of one method of an endpoint; no `answer` is a 204's empty body. */
interface Spec {
  path?: Record<string, number | string>;
  query?: Record<string, string>;
  body?: unknown;
  status?: 200 | 201 | 202 | 204;
  answer?: unknown;
}

/** A Spec in the shape openapi-typescript generates for the public API, which openapi-fetch reads. */
type Operation<S extends Spec> = {
  parameters: { header?: never; cookie?: never } & (S extends { query: infer Q } ? { query: Q } : { query?: never }) &
    (S extends { path: infer P } ? { path: P } : { path?: never });
  responses: {
    [Status in S extends { status: infer C extends number } ? C : 200]: S extends { answer: infer A }
      ? Json<A>
      : { headers: Record<string, unknown>; content?: never };
  } & { default: Json<ErrorBody | ValidationErrorBody> };
} & (S extends { body: infer B } ? { requestBody: { content: { 'application/json': B } } } : { requestBody?: never });

export interface DashboardPaths {
  '/me': { get: Operation<{ answer: Me }> };
  '/signin': { post: Operation<{ body: CredentialsInput; answer: SignInAnswer }> };
  '/signin/two-factor': { post: Operation<{ body: SignInTwoFactorInput; answer: Me }> };
  '/signup': { post: Operation<{ body: CredentialsInput; status: 201; answer: Me }> };
  '/signout': { post: Operation<{ status: 204 }> };
  '/signout-everywhere': { post: Operation<{ status: 204 }> };
  '/sessions': { get: Operation<{ answer: DataList<SessionRecord> }> };
  '/sessions/{id}': { delete: Operation<{ path: { id: string }; status: 204 }> };
  '/two-factor': { get: Operation<{ answer: TwoFactorStatus }> };
  '/two-factor/setup': { post: Operation<{ body: TwoFactorSetupInput; answer: TwoFactorSetup }> };
  '/two-factor/enable': { post: Operation<{ body: TwoFactorCodeInput; answer: RecoveryCodes }> };
  '/two-factor/recovery-codes': { post: Operation<{ body: TwoFactorCodeInput; answer: RecoveryCodes }> };
  '/two-factor/disable': { post: Operation<{ body: TwoFactorDisableInput; status: 204 }> };
  '/password': { post: Operation<{ body: ChangePasswordInput; status: 204 }> };
  '/config': { get: Operation<{ answer: DashboardConfig }> };
  '/password/forgot': { post: Operation<{ body: ForgotPasswordInput; status: 202; answer: Accepted }> };
  '/password/reset': { post: Operation<{ body: ResetPasswordInput; status: 204 }> };
  '/verify-email': { post: Operation<{ body: VerifyEmailInput; status: 204 }> };
  '/verify-email/resend': { post: Operation<{ status: 202; answer: Accepted }> };
  '/settings': {
    get: Operation<{ answer: Settings }>;
    patch: Operation<{ body: Settings; answer: Settings }>;
  };
  '/tokens': {
    get: Operation<{ answer: DataList<TokenRecord> }>;
    post: Operation<{ body: CreateTokenInput; status: 201; answer: CreatedToken }>;
  };
  '/tokens/{id}': { delete: Operation<{ path: { id: number }; status: 204 }> };
  '/links/bulk-action': { post: Operation<{ body: BulkLinkActionInput; answer: BulkLinkActionAnswer }> };
  '/page-metadata': { get: Operation<{ query: { url: string }; answer: PageMetadataAnswer }> };
  '/workspaces': { post: Operation<{ body: CreateWorkspaceInput; status: 201; answer: WorkspaceMembership }> };
  '/workspace': { delete: Operation<{ body: DeleteWorkspaceInput; status: 204 }> };
  '/workspace/leave': { post: Operation<{ status: 204 }> };
  '/invitations/describe': { post: Operation<{ body: InvitationTokenInput; answer: InvitationDescription }> };
  '/invitations/accept': { post: Operation<{ body: InvitationTokenInput; answer: InvitationAccepted }> };
  '/invitations/decline': { post: Operation<{ body: InvitationTokenInput; status: 204 }> };
}
