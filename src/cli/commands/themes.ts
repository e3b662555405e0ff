import type { Command } from 'commander'
import type { Theme, ThemeSummary } from '../../contract/themes.js'
import type { CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import type { Column } from '../output.js'
import { registerResource } from '../resource.js'

const THEME_COLUMNS: Column<ThemeSummary>[] = [
  ['ID', (t) => t.id],
  ['NAME', (t) => t.name],
  ['VERSION', (t) => t.version],
  ['OWNER', (t) => t.owner],
  ['ACTIVE', (t) => (t.isActive ? 'active' : '')],
  ['UPDATED', (t) => t.updatedAt],
]

function showTheme(cc: CommandContext, theme: Theme): void {
  const { config, files, ...summary } = theme
  cc.out.record(theme, [
    ...Object.entries(summary),
    ['config', config],
    ['theme.json', `${files['theme.json'].length} characters`],
    ['custom.css', `${files['custom.css'].length} characters`],
  ])
}

export function register(program: Command, ctx: CliContext): void {
  registerResource<Theme>(program, ctx, {
    name: 'themes',
    singular: 'theme',
    description: 'list, show and update storefront themes',
    examples: {
      id: 'default',
      list: ['store themes list', 'store themes list --json'],
      update: ['store themes update default --config @theme.json --css @custom.css'],
    },
    show: showTheme,
    list: {
      run: async (cc) => {
        const envelope = await cc.client().themes.list()
        cc.out.list(envelope, envelope.themes, THEME_COLUMNS, 'No themes found')
      },
    },
    get: (client, id) => client.themes.get(id),
    update: {
      body: 'updateTheme',
      // The two files by their own names: `--css @custom.css` reads the file as it is.
      flags: { 'files.custom.css': { flag: 'css', kind: 'text' }, 'files.theme.json': { flag: 'theme-json' } },
      run: (client, id, body) => client.themes.update(id, body),
    },
  })
}
