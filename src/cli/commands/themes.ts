import type { Command } from 'commander'
import type { Theme, ThemeSummary } from '../../contract/themes.js'
import type { CliContext } from '../context.js'
import { registerResource } from '../resource.js'

export function register(program: Command, ctx: CliContext): void {
  registerResource<Theme | ThemeSummary>(program, ctx, {
    name: 'themes',
    one: 'Theme',
    description: 'list, show and update storefront themes',
    columns: [
      ['ID', (t) => t.id],
      ['NAME', (t) => t.name],
      ['VERSION', (t) => t.version],
      ['OWNER', (t) => t.owner],
      ['ACTIVE', (t) => (t.isActive ? 'active' : '')],
      ['UPDATED', (t) => t.updatedAt],
    ],
    examples: {
      id: 'default',
      update: ['store themes update default --config @theme.json --css @custom.css'],
    },
    show: (cc, theme) => {
      const { config, files, ...summary } = theme as Theme
      cc.out.record(theme, [
        ...Object.entries(summary),
        ['config', config],
        ['theme.json', `${files['theme.json'].length} characters`],
        ['custom.css', `${files['custom.css'].length} characters`],
      ])
    },
    // The two files by their own names: `--css @custom.css` reads the file as it is.
    flags: {
      update: { 'files.custom.css': { flag: 'css', kind: 'text' }, 'files.theme.json': { flag: 'theme-json' } },
    },
  })
}
