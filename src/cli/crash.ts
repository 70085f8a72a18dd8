/**
 * Imported first by the executable, before anything else is evaluated:
 * any failure nobody caught (an exception, a rejected promise, a module
 * that throws while starting) ends the process with one line on standard
 * error and exit 2. Node's own code for a crash is 1, which `is-allowed`
 * means as "disallowed" and `check` as "an expectation failed".
 */
const EXIT_FAILURE = 2;

function crash(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  try {
    process.stderr.write(`robots-lab: internal error: ${message.split('\n')[0]}\n`);
  } finally {
    process.exit(EXIT_FAILURE);
  }
}

process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
