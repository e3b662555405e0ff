// `store fixtures run FILE` and `store fixtures from-har FILE.har`: named HTTP steps against the
// emulator or the hosted service (the work in ../../fixtures/ and ../fidelity/).
import type { Command } from 'commander'
import { commandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { subcommand } from '../examples.js'
import { collect, readArgument } from '../input.js'
import { webhookContext } from '../webhooks/http.js'

export function register(program: Command, ctx: CliContext): void {
  const fixtures = program
    .command('fixtures')
    .description('run files of HTTP steps against the emulator: set up data, fire events, reproduce a case')
  subcommand(
    fixtures,
    'run <file>',
    `send each step of a fixture file in order (\${name:json.path} uses an earlier answer, \${env:NAME} the environment); stop at the first failure or unmet expectation`,
    [
      'store fixtures run checkout.json',
      'store fixtures run checkout.json --env TICKET_NAME --dry-run',
      'store fixtures run session.fixtures.json --base-url https://shop.example.com/api/v1 --api-key "$LIVE_KEY"',
      'store fixtures run - < steps.json',
    ],
  )
    .option('--dry-run', 'check the file and print the requests, references as written, without sending any')
    .option(
      '--env <name>',
      `\${env:NAME} may read this variable (repeatable); those starting with STORE_ are readable without it, except STORE_API_KEY and STORE_ADMIN_KEY`,
      collect,
      [],
    )
    .action(async (file: string, o: { dryRun?: boolean; env: string[] }, command: Command) => {
      const w = webhookContext(commandContext(ctx, command))
      const { checkReferences, runFixtures } = await import('../../fixtures/run.js')
      const { fixtureEnv } = await import('../../fixtures/env.js')
      const { asUsage, parseFixtureFile } = await import('../fixtures/parse.js')
      const { printPlan, printStep } = await import('../fixtures/report.js')
      const { text, from } = await readArgument(w, file === '-' ? '-' : `@${file}`)
      const steps = await parseFixtureFile(text, from)
      const env = fixtureEnv(w.env, o.env)
      await asUsage(() => checkReferences(steps, env))
      if (o.dryRun) return printPlan(w.out, steps)
      await asUsage(() => runFixtures(w.client(), steps, { env, onStep: (r) => printStep(w.out, r) }))
    })
  subcommand(
    fixtures,
    'from-har <file>',
    'a fixtures file from a HAR recording: a step per /api/v1 exchange, ids and cursors of earlier answers as references, each step expecting the recorded status and field names; no key written',
    [
      'store fixtures from-har session.har --out session.fixtures.json',
      'store seed from-har session.har --out seed.json',
    ],
  )
    .option('--out <file>', 'write the fixtures file here (whole or not at all) instead of stdout')
    .action(async (file: string, o: { out?: string }, command: Command) =>
      (await import('../fidelity/har-fixtures.js')).runFixturesFromHar(commandContext(ctx, command), file, o),
    )
}
