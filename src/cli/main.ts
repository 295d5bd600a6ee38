import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  terminal: process.stdout.isTTY ? process.stdout : undefined,
  stdout: process.stdout,
});
