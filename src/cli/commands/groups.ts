import type { Command } from 'commander'
import type { Group } from '../../spec/groups.js'
import type { CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import type { Column } from '../output.js'
import { registerResource } from '../resource.js'

export const GROUP_COLUMNS: Column<Group>[] = [
  ['ID', (g) => g.id],
  ['NAME', (g) => g.name],
  ['DISCOUNT', (g) => `${g.discountPercent}%`],
  ['SORT', (g) => g.sortOrder],
  ['UNLISTED', (g) => (g.unlisted ? 'yes' : 'no')],
  ['PRODUCTS', (g) => g.products.length],
]

export async function listGroups(cc: CommandContext): Promise<void> {
  const envelope = await cc.client().groups.list()
  cc.out.list(envelope, envelope.groups, GROUP_COLUMNS, 'No groups found')
}

export function register(program: Command, ctx: CliContext): void {
  registerResource<Group>(program, ctx, {
    name: 'groups',
    singular: 'group',
    description: 'list, show, create, update and delete product groups (bundles)',
    columns: GROUP_COLUMNS,
    examples: {
      id: 'grp_demo_bundle',
      create: [
        'store groups create --name Bundle --discount-percent 10 --product-ids rec_demoSerial001,rec_demoDigital01',
      ],
      update: ['store groups update grp_demo_bundle --discount-percent 20'],
    },
    schema: () => import('../../spec/groups.js').then((m) => m.GroupSchema),
    list: { run: (cc) => listGroups(cc) },
    get: (client, id) => client.groups.get(id),
    create: { body: 'CreateGroupBodySchema', run: (client, body) => client.groups.create(body) },
    update: { body: 'UpdateGroupBodySchema', run: (client, id, body) => client.groups.update(id, body) },
    delete: (client, id) => client.groups.delete(id),
  })
}
