import type { ListedFields } from '../../../contract/common.js'
import { type ThemeSchema, ThemeSummarySchema } from '../../../contract/themes.js'
import type { ShopRecord, ThemeRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

const copySummary = presenterOf(ThemeSummarySchema)

export const presentThemeSummary = (shop: ShopRecord, theme: ThemeRecord) =>
  copySummary({ ...theme, shopSlug: shop.slug })

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
