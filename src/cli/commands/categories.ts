import type { Command } from 'commander'
import type { Category } from '../../contract/categories.js'
import type { CliContext } from '../context.js'
import type { Column } from '../output.js'
import { clientCommands, registerResource } from '../resource.js'

export const CATEGORY_COLUMNS: Column<Category>[] = [
  ['ID', (c) => c.id],
  ['NAME', (c) => c.name],
  ['SORT', (c) => c.sortOrder],
  ['UNLISTED', (c) => (c.unlisted ? 'yes' : 'no')],
  ['PRODUCTS', (c) => c.products.length],
  ['GROUPS', (c) => c.groups.length],
]

export function register(program: Command, ctx: CliContext): void {
  registerResource<Category>(program, ctx, {
    name: 'categories',
    singular: 'category',
    description: 'list, show, create, update and delete categories',
    examples: {
      id: 'cat_demo_games',
      create: ['store categories create --name Games --product-ids rec_demoSerial001,rec_demoMystery01'],
      update: ['store categories update cat_demo_merch --sort-order 5'],
    },
    schema: () => import('../../contract/categories.js').then((m) => m.CategorySchema),
    ...clientCommands((client) => client.categories, 'categories', CATEGORY_COLUMNS, 'No categories found', {
      create: 'createCategory',
      update: 'updateCategory',
    }),
  })
}
