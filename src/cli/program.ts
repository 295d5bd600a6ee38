import { Command, InvalidArgumentError, Option } from 'commander';
import { loadConfig } from '../config.ts';
import { AppError, messageOf } from '../core/errors.ts';
import { isPlan, parseAbilities, PLANS, type Plan } from '../core/plans.ts';
import { issuePasswordReset, markEmailVerified } from '../services/account-recovery.ts';
import { changePlan, createUser, issueTokenFor, revokeAnyToken } from '../services/accounts.ts';
import type { Principal } from '../core/model.ts';
import type { Role } from '../core/roles.ts';
import { resetPasswordLink } from '../dashboard/account-mail.ts';
import { EventBus } from '../services/events.ts';
import { invitationLink } from '../services/invitation-links.ts';
import { invite } from '../services/members.ts';
import { changeWorkspacePlan } from '../services/workspaces.ts';
import { resetTwoFactor } from '../services/two-factor.ts';
import { UnitOfWork } from '../services/unit-of-work.ts';
import { openDatabase } from '../storage/database.ts';
import { migrateToLatest } from '../storage/migrate.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { tellRunningInstances } from './instance-events.ts';
import { exportLinks, importFile } from './transfer.ts';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** stdout when it is a terminal (import shows a progress bar there); absent otherwise. */
  terminal?: NodeJS.WriteStream | undefined;
  /** Where `export` writes the CSV without --out (stdout). */
  stdout?: NodeJS.WritableStream;
}

function planOption(value: string): Plan {
  if (!isPlan(value)) throw new InvalidArgumentError(`must be one of ${PLANS.join(', ')}`);
  return value;
}

function positiveInteger(value: string): number {
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
}

/**
 * Opens the configured database, migrated, for one command, and always closes it. `tellInstances`:
 * the command commits what running instances cache (a plan, new codes), so it reaches them
 * through Redis when it is configured (instance-events.ts); other commands open no connection.
 */
async function withDatabase<T>(
  io: CliIo,
  run: (uow: UnitOfWork) => Promise<T>,
  { tellInstances = false } = {},
): Promise<T> {
  const config = loadConfig(io.env);
  const handle = openDatabase(config.databaseUrl, undefined, { preparedStatements: config.databasePreparedStatements });
  const events = new EventBus();
  const published = tellInstances ? await tellRunningInstances(config, events, io.err) : async () => {};
  try {
    await migrateToLatest(handle.db);
    return await run(new UnitOfWork(handle.db, events));
  } finally {
    await published();
    await handle.close();
  }
}

/** Prints a command's outcome: with --json exactly one JSON object, otherwise the sentence for a reader. */
type Print = (json: boolean, value: Record<string, unknown>, human: string) => void;

/**
 * The `hoplink` admin CLI (docs/cli.md). With --json each command prints exactly one JSON object.
 * The commands are added in the order `--help` lists them.
 */
export function buildProgram(io: CliIo): Command {
  const program = new Command('hoplink')
    .description('Hoplink admin CLI. Uses DATABASE_URL (default sqlite:./data/hoplink.db).')
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride()
    .showHelpAfterError();

  const print: Print = (json, value, human) => io.out(json ? `${JSON.stringify(value)}\n` : `${human}\n`);

  addUserCommands(program, io, print);
  addWorkspaceCommands(program, io, print);
  addTwoFactorResetCommand(program, io, print);
  addTokenCommands(program, io, print);
  addServeCommand(program, io);
  addImportCommand(program, io, print);
  addExportCommand(program, io);
  addDatabaseCommands(program, io, print);
  return program;
}

/** `user create`, `user set-plan`, `user reset-password` and `user verify-email`. */
function addUserCommands(program: Command, io: CliIo, print: Print): void {
  const user = program.command('user').description('Manage users');
  user
    .command('create')
    .description('Create a user (the password is for the dashboard)')
    .requiredOption('--email <email>', 'email address (unique)')
    .option('--password <password>', 'dashboard password (at least 8 characters)')
    .addOption(new Option('--plan <plan>', 'free, pro or business').argParser(planOption).default('free'))
    .option('--json', 'print one JSON object')
    .action(async (opts: { email: string; password?: string; plan: Plan; json?: boolean }) => {
      if (!/^[^@\s]+@[^@\s]+$/.test(opts.email))
        throw new AppError('validation-failed', `"${opts.email}" is not an email address.`);
      const created = await withDatabase(io, (uow) =>
        // The operator vouches for the address: no verification link.
        createUser(uow, { email: opts.email, plan: opts.plan, password: opts.password, emailVerified: true }),
      );
      print(
        !!opts.json,
        { id: created.id, email: created.email, plan: opts.plan },
        `Created user ${created.id} <${created.email}> on plan ${opts.plan}.`,
      );
    });
  user
    .command('set-plan')
    .description("Change the plan of a user's personal workspace (workspace set-plan for any workspace)")
    .requiredOption('--email <email>', 'the user')
    .addOption(new Option('--plan <plan>', 'free, pro or business').argParser(planOption).makeOptionMandatory())
    .option('--json', 'print one JSON object')
    .action(async (opts: { email: string; plan: Plan; json?: boolean }) => {
      const updated = await withDatabase(io, (uow) => uow.transact((work) => changePlan(work, opts.email, opts.plan)), {
        tellInstances: true,
      });
      print(
        !!opts.json,
        { email: opts.email, workspace: updated.slug, plan: updated.plan },
        `${opts.email}'s personal workspace "${updated.slug}" is now on plan ${updated.plan}.`,
      );
    });
  addResetPasswordCommand(user, io, print);
  user
    .command('verify-email')
    .description("Count a user's email address as verified (as its emailed link would)")
    .requiredOption('--email <email>', 'the user')
    .option('--json', 'print one JSON object')
    .action(async (opts: { email: string; json?: boolean }) => {
      const verified = await withDatabase(io, (uow) => uow.transact((work) => markEmailVerified(work, opts.email)));
      print(
        !!opts.json,
        { id: verified.id, email: verified.email, email_verified: true },
        `User ${verified.id} <${verified.email}> has a verified address.`,
      );
    });
}

/**
 * `user reset-password`: a link to choose a new password, printed for the operator to hand over
 * (with or without SMTP_URL; nothing is emailed). It works as the emailed one does: once, for an hour.
 */
function addResetPasswordCommand(user: Command, io: CliIo, print: Print): void {
  user
    .command('reset-password')
    .description('Print a link that sets a new password for a user (once, within an hour)')
    .requiredOption('--email <email>', 'the user')
    .option('--json', 'print one JSON object')
    .action(async (opts: { email: string; json?: boolean }) => {
      const issued = await withDatabase(io, (uow) => uow.transact((work) => issuePasswordReset(work, opts.email)));
      if (!issued) throw new AppError('not-found', `No user with email ${opts.email}.`);
      const link = resetPasswordLink(loadConfig(io.env).appUrl, issued.token);
      print(
        !!opts.json,
        { email: issued.to, link, expires_at: issued.expiresAt },
        [
          `A link to choose a new password for <${issued.to}>, valid once until ${issued.expiresAt}:`,
          link,
          'Using it signs the user out everywhere.',
        ].join('\n'),
      );
    });
}

/** `workspace set-plan` and `workspace invite`. */
function addWorkspaceCommands(program: Command, io: CliIo, print: Print): void {
  const workspace = program.command('workspace').description('Manage workspaces');
  workspace
    .command('set-plan')
    .description("Change a workspace's plan")
    .requiredOption('--slug <slug>', 'the workspace')
    .addOption(new Option('--plan <plan>', 'free, pro or business').argParser(planOption).makeOptionMandatory())
    .option('--json', 'print one JSON object')
    .action(async (opts: { slug: string; plan: Plan; json?: boolean }) => {
      const updated = await withDatabase(
        io,
        (uow) =>
          uow.transact(async (work) => {
            const found = await work.stores.workspaces.findBySlug(opts.slug);
            if (!found) throw new AppError('not-found', `No workspace with the slug ${opts.slug}.`);
            return changeWorkspacePlan(work, found.id, opts.plan);
          }),
        { tellInstances: true },
      );
      print(
        !!opts.json,
        { id: updated.id, slug: updated.slug, plan: updated.plan },
        `Workspace "${updated.slug}" is now on plan ${updated.plan}.`,
      );
    });
  workspace
    .command('invite')
    .description('Invite someone by email, as its owner; prints the link the invitation carries')
    .requiredOption('--slug <slug>', 'the workspace')
    .requiredOption('--email <email>', 'who is invited')
    .addOption(
      new Option('--role <role>', 'admin, member or viewer').choices(['admin', 'member', 'viewer']).default('member'),
    )
    .option('--json', 'print one JSON object')
    .action(async (opts: { slug: string; email: string; role: Role; json?: boolean }) => {
      const config = loadConfig(io.env);
      const { invitation, token } = await withDatabase(io, (uow) => inviteAsOwner(uow, opts));
      const link = invitationLink(config.appUrl, token);
      print(
        !!opts.json,
        { id: invitation.id, email: invitation.email, role: invitation.role, expires_at: invitation.expiresAt, link },
        [`Invited ${invitation.email} as ${invitation.role} until ${invitation.expiresAt}:`, link].join('\n'),
      );
    });
}

/** The operator invites in the name of the workspace's owner. */
async function inviteAsOwner(uow: UnitOfWork, opts: { slug: string; email: string; role: Role }) {
  return uow.transact(async (work) => {
    const found = await work.stores.workspaces.findBySlug(opts.slug);
    if (!found) throw new AppError('not-found', `No workspace with the slug ${opts.slug}.`);
    const owner = (await work.stores.workspaces.members(found.id)).find((member) => member.role === 'owner');
    if (!owner) throw new AppError('not-found', `Workspace ${opts.slug} has no owner.`);
    const principal: Principal = {
      // The operator vouches for the invitation, as for the addresses of the accounts it makes:
      // an owner who has not verified theirs yet does not stop it.
      user: { ...owner.user, emailVerified: true },
      workspace: found,
      role: 'owner',
      abilities: new Set(),
      via: 'session',
      tokenId: null,
      sessionId: null,
      address: null,
    };
    return invite(work, principal, { email: opts.email, role: opts.role });
  });
}

/** `user reset-two-factor`: for a person locked out of two-factor sign-in (lost phone and recovery codes). */
function addTwoFactorResetCommand(program: Command, io: CliIo, print: Print): void {
  program.commands
    .find((command) => command.name() === 'user')!
    .command('reset-two-factor')
    .description("Turn a user's two-factor sign-in off (their password alone signs in again)")
    .requiredOption('--email <email>', 'the user')
    .option('--json', 'print one JSON object')
    .action(async (opts: { email: string; json?: boolean }) => {
      const reset = await withDatabase(io, (uow) => uow.transact((work) => resetTwoFactor(work, opts.email)));
      print(
        !!opts.json,
        { email: opts.email, two_factor_reset: reset },
        reset
          ? `Two-factor sign-in is off for <${opts.email}>: their password alone signs in.`
          : `<${opts.email}> had no two-factor sign-in on; nothing changed.`,
      );
    });
}

/** `token create` and `token revoke`. */
function addTokenCommands(program: Command, io: CliIo, print: Print): void {
  const token = program.command('token').description('Manage API tokens');
  token
    .command('create')
    .description('Create a personal access token; the plaintext is shown once')
    .requiredOption('--email <email>', 'the member it acts for')
    .requiredOption('--name <name>', 'a name to recognise it by')
    .option('--workspace <slug>', "the workspace it acts in (the member's personal one by default)")
    .option('--abilities <list>', 'comma-separated: read,create,update,delete', 'read,create,update,delete')
    .option('--json', 'print one JSON object')
    .action(async (opts: { email: string; name: string; workspace?: string; abilities: string; json?: boolean }) => {
      const abilities = parseAbilities(opts.abilities);
      if (abilities.length === 0) throw new AppError('validation-failed', 'Give at least one ability.');
      const { token: created, plaintext } = await withDatabase(io, (uow) =>
        uow.transact((work) =>
          issueTokenFor(work, opts.email, { name: opts.name, abilities, workspaceSlug: opts.workspace }),
        ),
      );
      print(
        !!opts.json,
        { id: created.id, name: created.name, abilities: created.abilities, token: plaintext },
        [
          `Token ${created.id} "${created.name}" (${created.abilities.join(', ')}):`,
          plaintext,
          'Store it now: it is not shown again.',
        ].join('\n'),
      );
    });
  token
    .command('revoke')
    .description('Revoke a token; requests with it get 401 at once')
    .requiredOption('--id <id>', 'token id', positiveInteger)
    .option('--json', 'print one JSON object')
    .action(async (opts: { id: number; json?: boolean }) => {
      await withDatabase(io, (uow) => uow.transact((work) => revokeAnyToken(work, opts.id)));
      print(!!opts.json, { id: opts.id, revoked: true }, `Token ${opts.id} revoked.`);
    });
}

/** `serve`: the service itself, in one process or several. */
function addServeCommand(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description(
      'Run the service; with --workers N (or WORKERS=N), N processes sharing the ports (PostgreSQL and Redis only)',
    )
    .option('--workers <n>', 'number of processes', positiveInteger)
    .action(async (opts: { workers?: number }) => {
      const workers = opts.workers ?? (io.env.WORKERS ? positiveInteger(io.env.WORKERS) : 1);
      const { serve } = await import('./serve.ts');
      await serve(workers, io.env);
    });
}

/** `import`: a CSV file of links, run as the import job of POST /imports; exits 1 unless it is done. */
function addImportCommand(program: Command, io: CliIo, print: Print): void {
  program
    .command('import')
    .description(
      'Import links from a CSV file for a user (Business), as POST /imports does; ' +
        'progress on a terminal, the summary at the end',
    )
    .requiredOption('--email <email>', 'the owner of the links')
    .requiredOption('--file <file>', 'the CSV file (Bitly, YOURLS, Shlink, Kutt or Hoplink columns)')
    .option('--json', 'print only the summary, as one JSON object (the shape of GET /imports/{id})')
    .action(async (opts: { email: string; file: string; json?: boolean }) => {
      const config = loadConfig(io.env);
      const { outcome, record } = await withDatabase(
        io,
        (uow) =>
          importFile(
            uow,
            { email: opts.email, file: opts.file, ...config.imports },
            { json: !!opts.json, terminal: io.terminal, line: (text) => io.out(`${text}\n`) },
          ),
        { tellInstances: true },
      );
      print(
        !!opts.json,
        record,
        [
          `Import ${record.id} ${record.status}: ${record.created} created, ${record.skipped} skipped, ` +
            `${record.invalid} invalid of ${record.total ?? record.processed} rows.`,
          ...record.errors.slice(0, 20).map((e) => `  row ${e.row}: ${e.message}`),
          record.errors.length > 20
            ? `  ... (${record.errors.length - 20} more listed by GET /imports/${record.id})`
            : '',
          record.failure_reason ? `Failed: ${record.failure_reason}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      );
      if (outcome !== 'done') throw new ExitQuietly(1);
    });
}

/** `export`: a user's links as the CSV of GET /links/export. */
function addExportCommand(program: Command, io: CliIo): void {
  program
    .command('export')
    .description('Write all links of a user as CSV (the columns of GET /links/export), to --out or stdout')
    .requiredOption('--email <email>', 'the owner of the links')
    .option('--out <file>', 'the file to write (refused if it exists)')
    .action(async (opts: { email: string; out?: string }) => {
      const config = loadConfig(io.env);
      await withDatabase(io, (uow) =>
        exportLinks(uow, { email: opts.email, out: opts.out, shortUrl: config.shortUrl }, io.stdout ?? process.stdout),
      );
    });
}

/** `migrate`, `backup` and `restore`: the database itself. */
function addDatabaseCommands(program: Command, io: CliIo, print: Print): void {
  program
    .command('migrate')
    .description('Apply pending database migrations (start-up does this too)')
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      const applied = await withDatabase(io, async () => []);
      print(!!opts.json, { migrated: true, applied }, 'Database is up to date.');
    });

  program
    .command('backup')
    .description(
      'Copy the SQLite database while the service runs (SQLite online backup); ' +
        'on PostgreSQL, shows the pg_dump command to use',
    )
    .requiredOption('--out <file>', 'the copy to write (refused if it exists, unless --force)')
    .option('--force', 'replace an existing --out file')
    .option('--json', 'print one JSON object')
    .action(async (opts: { out: string; force?: boolean; json?: boolean }) => {
      const result = await backupDatabase(loadConfig(io.env).databaseUrl, opts.out, { force: !!opts.force });
      const bytes = result.bytes.toLocaleString('en-US');
      print(
        !!opts.json,
        { ...result },
        `Backed up ${result.database} to ${result.backup}: ${bytes} bytes, schema ${result.schema ?? '(none)'}.`,
      );
    });

  program
    .command('restore')
    .description(
      'Replace the SQLite database with a backup; refused while the database is in use (stop the service first)',
    )
    .requiredOption('--from <file>', 'a file made by hoplink backup')
    .option('--json', 'print one JSON object')
    .action(async (opts: { from: string; json?: boolean }) => {
      const result = await restoreDatabase(loadConfig(io.env).databaseUrl, opts.from);
      print(
        !!opts.json,
        { ...result },
        [
          `Restored ${result.from} into ${result.restored} (schema ${result.schema}).`,
          result.previous ? `The database it replaced is kept as ${result.previous}.` : '',
          'Run `hoplink migrate` (or start the service) to bring it up to this version.',
        ]
          .filter(Boolean)
          .join('\n'),
      );
    });
}

/** A command that has printed its own outcome and only needs a non-zero exit code. */
class ExitQuietly extends Error {
  readonly exitCode: number;
  constructor(exitCode: number) {
    super('exit');
    this.exitCode = exitCode;
  }
}

/** Runs the CLI; returns the exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (
      error &&
      typeof error === 'object' &&
      'exitCode' in error &&
      'code' in error &&
      String(error.code).startsWith('commander.')
    ) {
      const code = (error as { exitCode: number }).exitCode;
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : code === 0 ? 0 : 2;
    }
    if (error instanceof ExitQuietly) return error.exitCode;
    io.err(`hoplink: ${messageOf(error)}\n`);
    return 1;
  }
}
