// `store fixtures run FILE`: named HTTP steps against the emulator (the work in ../fixtures/).
import type { Command } from 'commander'
import { commandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { examples } from '../examples.js'
import { readArgument } from '../input.js'
import { webhookContext } from '../webhooks/http.js'

export function register(program: Command, ctx: CliContext): void {
  const fixtures = program
    .command('fixtures')
    .description('run files of HTTP steps against the emulator: set up data, fire events, reproduce a case')
  fixtures
    .command('run <file>')
    .description(
      `send each step of a fixture file in order (\${name:json.path} uses an earlier answer, \${env:NAME} the environment); stop at the first failure`,
    )
    .option('--dry-run', 'check the file and print the requests without sending any')
    .addHelpText(
      'after',
      examples(
        'store fixtures run checkout.json',
        'store fixtures run checkout.json --dry-run',
        'store fixtures run - < steps.json',
      ),
    )
    .action(async (file: string, o: { dryRun?: boolean }, command: Command) => {
      const w = webhookContext(commandContext(ctx, command))
      const { checkReferences, parseFixtureFile, runFixtures } = await import('../fixtures/run.js')
      const { printPlan, printStep } = await import('../fixtures/report.js')
      const { text, from } = await readArgument(w.ctx, file === '-' ? '-' : `@${file}`)
      const steps = await parseFixtureFile(text, from)
      checkReferences(steps, w.ctx.env)
      if (o.dryRun) return printPlan(w.out, steps, w.ctx.env)
      await runFixtures(w.client(), steps, w.ctx.env, (r) => printStep(w.out, r))
    })
}
