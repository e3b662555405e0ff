import type { Command } from 'commander'
import type { Group } from '../../contract/groups.js'
import type { CliContext } from '../context.js'
import { registerResource } from '../resource.js'

export function register(program: Command, ctx: CliContext): void {
  registerResource<Group>(program, ctx, {
    name: 'groups',
    one: 'Group',
    description: 'list, show, create, update and delete product groups (bundles)',
    columns: [
      ['ID', (g) => g.id],
      ['NAME', (g) => g.name],
      ['DISCOUNT', (g) => `${g.discountPercent}%`],
      ['SORT', (g) => g.sortOrder],
      ['UNLISTED', (g) => (g.unlisted ? 'yes' : 'no')],
      ['PRODUCTS', (g) => g.products.length],
    ],
    examples: {
      id: 'grp_demo_bundle',
      create: [
        'store groups create --name Bundle --discount-percent 10 --product-ids rec_demoSerial001,rec_demoDigital01',
      ],
      update: ['store groups update grp_demo_bundle --discount-percent 20'],
    },
  })
}
