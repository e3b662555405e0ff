import type { Command } from 'commander'
import type { Category } from '../../contract/categories.js'
import type { CliContext } from '../context.js'
import { registerResource } from '../resource.js'

export function register(program: Command, ctx: CliContext): void {
  registerResource<Category>(program, ctx, {
    name: 'categories',
    one: 'Category',
    description: 'list, show, create, update and delete categories',
    columns: [
      ['ID', (c) => c.id],
      ['NAME', (c) => c.name],
      ['SORT', (c) => c.sortOrder],
      ['UNLISTED', (c) => (c.unlisted ? 'yes' : 'no')],
      ['PRODUCTS', (c) => c.products.length],
      ['GROUPS', (c) => c.groups.length],
    ],
    examples: {
      id: 'cat_demo_games',
      create: ['store categories create --name Games --product-ids rec_demoSerial001,rec_demoMystery01'],
      update: ['store categories update cat_demo_merch --sort-order 5'],
    },
  })
}
