import type { ListedFields } from '../../../contract/common.js'
import type { ThemeSchema, ThemeSummarySchema } from '../../../contract/themes.js'
import type { ShopRecord, ThemeRecord } from '../../../contract/rows.js'

export function presentThemeSummary(shop: ShopRecord, theme: ThemeRecord): ListedFields<typeof ThemeSummarySchema> {
  return {
    id: theme.id,
    name: theme.name,
    owner: theme.owner,
    version: theme.version,
    isActive: theme.isActive,
    shopSlug: shop.slug,
    updatedAt: theme.updatedAt,
  }
}

/** The full bundle: summary, config and the two files as text (spec, "Themes"). */
export function presentTheme(shop: ShopRecord, theme: ThemeRecord): ListedFields<typeof ThemeSchema> {
  const { updatedAt, ...summary } = presentThemeSummary(shop, theme)
  return {
    ...summary,
    config: theme.config,
    files: { 'theme.json': JSON.stringify(theme.config, null, 2), 'custom.css': theme.css },
    updatedAt,
  }
}
